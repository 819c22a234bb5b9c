import * as vscode from 'vscode';
import { RemoveTestFilesOptions } from '@fs-perf/benchmark-core';
import { FsPerfController, RunOptions } from './benchmark-controller';
import { FsPerfCommands } from './commands';
import { OutputLog } from './output-log';

/** What the extension exports to other extensions (and to its integration tests). */
export interface FsPerfApi {
    /** Everything written to the "FS Performance" Output channel since activation. */
    outputText(): string;
}

export function activate(context: vscode.ExtensionContext): FsPerfApi {
    const log = new OutputLog();
    const version = String((context.extension.packageJSON as { version?: string }).version ?? '0.0.0');
    const controller = new FsPerfController(log, version);
    context.subscriptions.push(
        log,
        vscode.commands.registerCommand(FsPerfCommands.run, (options?: RunOptions) => controller.run('all', options)),
        vscode.commands.registerCommand(FsPerfCommands.runFileRead, (options?: RunOptions) => controller.run('file-read', options)),
        vscode.commands.registerCommand(FsPerfCommands.generateTestFiles, () => controller.generateTestFiles()),
        vscode.commands.registerCommand(FsPerfCommands.openLastResults, () => controller.openLastResults()),
        vscode.commands.registerCommand(FsPerfCommands.checkAccuracy, (options?: RunOptions) => controller.checkAccuracy(options)),
        vscode.commands.registerCommand(FsPerfCommands.showReport, (paths?: string[]) => controller.showReport(paths)),
        vscode.commands.registerCommand(FsPerfCommands.showRunFolderReport, (uri?: string) => controller.showRunFolderReport(uri)),
        vscode.commands.registerCommand(FsPerfCommands.removeTestFiles, (options?: RemoveTestFilesOptions) => controller.removeTestFiles(options)),
    );
    return { outputText: () => log.contents };
}

export function deactivate(): void {
    // Everything is disposed through context.subscriptions.
}
