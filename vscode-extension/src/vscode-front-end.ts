import * as vscode from 'vscode';
import { EditorFrontEnd, ProgressReporter, SessionAction } from '@fs-perf/benchmark-core';
import { VscodeWorkspaceFiles } from './fixtures';
import { OutputLog } from './output-log';

/** The session's editor, through VS Code's `window`, `workspace` and `commands` API. */
export class VscodeFrontEnd implements EditorFrontEnd<VscodeWorkspaceFiles> {
    readonly editorName = vscode.env.appName;

    readonly actions: EditorFrontEnd['actions'];

    constructor(private readonly log: OutputLog, generateCommand: string) {
        this.actions = {
            openFolder: command('Open Folder', 'vscode.openFolder'),
            generateTestFiles: command('Generate Test Files', generateCommand),
            openSettings: command('Open Settings', 'workbench.action.openSettings', 'fsPerf'),
        };
    }

    appendLine(line: string): void {
        this.log.appendLine(line);
    }

    showOutput(): void {
        this.log.show();
    }

    notify(severity: 'info' | 'warning' | 'error', message: string, ...actions: SessionAction[]): void {
        const show = severity === 'error' ? vscode.window.showErrorMessage : severity === 'warning' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
        void show(message, ...actions.map(action => action.label)).then(label => actions.find(action => action.label === label)?.run());
    }

    async withProgress<T>(title: string, task: (progress: ProgressReporter, cancellation: vscode.CancellationToken) => Promise<T>): Promise<T> {
        return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
            let reportedPercent = 0;
            return task({
                report: (message, done, total) => {
                    const percent = total > 0 ? (100 * done) / total : 0;
                    progress.report({ message, increment: percent - reportedPercent });
                    reportedPercent = percent;
                },
            }, token);
        });
    }

    async workspace(): Promise<VscodeWorkspaceFiles | undefined> {
        const folder = vscode.workspace.workspaceFolders?.[0];
        return folder && new VscodeWorkspaceFiles(folder.uri);
    }

    readSetting(key: string): unknown {
        return vscode.workspace.getConfiguration().get(key);
    }
}

function command(label: string, id: string, ...args: unknown[]): SessionAction {
    return { label, run: () => void vscode.commands.executeCommand(id, ...args) };
}
