import * as vscode from 'vscode';
import { EditorFrontEnd, ProgressReporter, ResultsFileChoice, SessionAction } from '@fs-perf/benchmark-core';
import { FsPerfCommands } from './commands';
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

    /** A run folder by its URI (or absolute path), or picked in the folder dialog. */
    async runFolder(uri?: string): Promise<VscodeWorkspaceFiles | undefined> {
        const folder = uri !== undefined ? (uri.startsWith('/') ? vscode.Uri.file(uri) : vscode.Uri.parse(uri))
            : (await vscode.window.showOpenDialog({
                canSelectFolders: true, canSelectFiles: false, canSelectMany: false,
                title: 'FS Perf: Show Report from Folder (a run folder of yarn bench, with results/)', openLabel: 'Show Report',
            }))?.[0];
        return folder && new VscodeWorkspaceFiles(folder);
    }

    async confirm(message: string, detail: string, action: string): Promise<boolean> {
        return await vscode.window.showWarningMessage(message, { modal: true, detail }, action) === action;
    }

    showReportAction(paths: readonly string[]): SessionAction {
        return command('Show Report', FsPerfCommands.showReport, [...paths]);
    }

    async pickResultsFiles(choices: readonly ResultsFileChoice[]): Promise<readonly string[] | undefined> {
        const picked = await vscode.window.showQuickPick(choices.map(choice => ({ ...choice })), {
            title: 'FS Perf: Show Report', placeHolder: 'Results files to show together (the newest is picked)', canPickMany: true,
        });
        return picked?.map(choice => choice.path);
    }

    /** One report panel, reused: a second "Show Report" replaces its page. Scripts off; its page allows no network either. */
    private reportPanel: vscode.WebviewPanel | undefined;

    showReport(title: string, html: string): void {
        if (!this.reportPanel) {
            this.reportPanel = vscode.window.createWebviewPanel('fsPerf.report', title, vscode.ViewColumn.Active,
                { enableScripts: false, enableFindWidget: true, localResourceRoots: [] });
            this.reportPanel.onDidDispose(() => {
                this.reportPanel = undefined;
            });
        }
        this.reportPanel.title = title;
        this.reportPanel.webview.html = html;
        this.reportPanel.reveal();
    }
}

function command(label: string, id: string, ...args: unknown[]): SessionAction {
    return { label, run: () => void vscode.commands.executeCommand(id, ...args) };
}
