import * as vscode from 'vscode';
import { OUTPUT_CHANNEL_NAME } from '@fs-perf/benchmark-core';

/** The "FS Performance" Output channel, keeping a copy of what it shows for the extension's API (tests). */
export class OutputLog implements vscode.Disposable {
    private readonly channel = vscode.window.createOutputChannel(OUTPUT_CHANNEL_NAME);
    private text = '';

    append(value: string): void {
        this.text += value;
        this.channel.append(value);
    }

    appendLine(value: string): void {
        this.append(`${value}\n`);
    }

    show(): void {
        this.channel.show(true);
    }

    /** Everything written to the channel since activation. */
    get contents(): string {
        return this.text;
    }

    dispose(): void {
        this.channel.dispose();
    }
}
