import { inject, injectable } from '@theia/core/shared/inversify';
import { FsPerfLogger } from '../common/fs-perf-logger';
import { CommandRegistry } from '@theia/core/lib/common/command';
import { QuickInputService } from '@theia/core/lib/common/quick-pick-service';
import { ApplicationShell } from '@theia/core/lib/browser/shell/application-shell';
import { MessageService } from '@theia/core/lib/common/message-service';
import { FrontendApplicationConfigProvider } from '@theia/core/lib/browser/frontend-application-config-provider';
import { ConfirmDialog } from '@theia/core/lib/browser/dialogs';
import { FileService } from '@theia/filesystem/lib/browser/file-service';
import { FileDialogService } from '@theia/filesystem/lib/browser/file-dialog/file-dialog-service';
import URI from '@theia/core/lib/common/uri';
import { OutputChannel, OutputChannelManager } from '@theia/output/lib/browser/output-channel';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import {
    CancellationSignal, EditorFrontEnd, OUTPUT_CHANNEL_NAME, ProgressReporter, ResultsFileChoice, SessionAction,
} from '@fs-perf/benchmark-core';
import { FsPerfCommands } from './fs-perf-commands';
import { FsPerfConfiguration, FsPerfPreferences } from './fs-perf-preferences';
import { FsPerfReportWidget } from './report-widget';
import { TheiaWorkspaceFiles } from './theia-workspace-files';

/** The session's editor, through Theia's Output, messages, preferences and workspace services. */
@injectable()
export class TheiaFrontEnd implements EditorFrontEnd<TheiaWorkspaceFiles> {
    @inject(CommandRegistry) protected readonly commands: CommandRegistry;
    @inject(FileService) protected readonly fileService: FileService;
    @inject(WorkspaceService) protected readonly workspaceService: WorkspaceService;
    @inject(OutputChannelManager) protected readonly outputChannelManager: OutputChannelManager;
    @inject(MessageService) protected readonly messages: MessageService;
    @inject(FsPerfPreferences) protected readonly preferences: FsPerfPreferences;
    @inject(FsPerfLogger) protected readonly logger: FsPerfLogger;
    @inject(QuickInputService) protected readonly quickInput: QuickInputService;
    @inject(ApplicationShell) protected readonly shell: ApplicationShell;
    @inject(FileDialogService) protected readonly fileDialogs: FileDialogService;
    /** The report in the main area; a new one once the person has closed it (closing disposes a widget). */
    protected reportWidget: FsPerfReportWidget | undefined;

    get editorName(): string {
        return FrontendApplicationConfigProvider.get().applicationName;
    }

    get actions(): EditorFrontEnd['actions'] {
        return {
            openFolder: this.command('Open Folder', 'workspace:openFolder'),
            generateTestFiles: this.command('Generate Test Files', FsPerfCommands.GENERATE.id),
        };
    }

    protected get channel(): OutputChannel {
        return this.outputChannelManager.getChannel(OUTPUT_CHANNEL_NAME);
    }

    appendLine(line: string): void {
        this.channel.appendLine(line);
    }

    showOutput(): void {
        this.channel.show({ preserveFocus: true });
    }

    notify(severity: 'info' | 'warning' | 'error', message: string, ...actions: SessionAction[]): void {
        const labels = actions.map(action => action.label);
        const shown = severity === 'error' ? this.messages.error(message, ...labels) : severity === 'warning' ? this.messages.warn(message, ...labels)
            : this.messages.info(message, ...labels);
        shown.then(label => actions.find(action => action.label === label)?.run(), error => this.logger.warn('A message could not be shown', error));
    }

    async withProgress<T>(title: string, task: (progress: ProgressReporter, cancellation: CancellationSignal) => Promise<T>): Promise<T> {
        let cancelled = false;
        const progress = await this.messages.showProgress({ text: title, options: { cancelable: true } }, () => {
            cancelled = true;
        });
        try {
            return await task({
                report: (message, done, total) => progress.report({ message, work: { done, total } }),
            }, { get isCancellationRequested(): boolean { return cancelled; } });
        } finally {
            progress.cancel();
        }
    }

    async workspace(): Promise<TheiaWorkspaceFiles | undefined> {
        const root = (await this.workspaceService.roots)[0];
        return root && new TheiaWorkspaceFiles(this.fileService, root.resource);
    }

    readSetting(key: string): unknown {
        return this.preferences[key as keyof FsPerfConfiguration];
    }

    /** A run folder by its URI (or absolute path), or picked in the folder dialog. */
    async runFolder(uri?: string): Promise<TheiaWorkspaceFiles | undefined> {
        const folder = uri !== undefined ? (uri.startsWith('/') ? URI.fromFilePath(uri) : new URI(uri))
            : await this.fileDialogs.showOpenDialog({
                title: 'FS Perf: Show Report from Folder (a run folder of yarn bench, with results/)', openLabel: 'Show Report',
                canSelectFolders: true, canSelectFiles: false, canSelectMany: false,
            });
        return folder && new TheiaWorkspaceFiles(this.fileService, folder);
    }

    async confirm(message: string, detail: string, action: string): Promise<boolean> {
        const body = document.createElement('div');
        for (const text of [message, detail]) {
            body.appendChild(document.createElement('p')).textContent = text;
        }
        return await new ConfirmDialog({ title: 'FS Perf: Remove Test Files', msg: body, ok: action, cancel: 'Cancel' }).open() === true;
    }

    showReportAction(paths: readonly string[]): SessionAction {
        return this.command('Show Report', FsPerfCommands.SHOW_REPORT.id, [...paths]);
    }

    async pickResultsFiles(choices: readonly ResultsFileChoice[]): Promise<readonly string[] | undefined> {
        const picked = await this.quickInput.pick(choices.map(choice => ({ ...choice })), {
            title: 'FS Perf: Show Report', placeHolder: 'Results files to show together (the newest is picked)', canPickMany: true,
        });
        return picked?.map(choice => choice.path);
    }

    async showReport(title: string, html: string): Promise<void> {
        if (!this.reportWidget || this.reportWidget.isDisposed) {
            this.reportWidget = new FsPerfReportWidget();
        }
        const widget = this.reportWidget;
        widget.setReport(title, html);
        if (!widget.isAttached) {
            await this.shell.addWidget(widget, { area: 'main' });
        }
        await this.shell.activateWidget(widget.id);
    }

    logError(message: string, error: unknown): void {
        this.logger.error(message, error);
    }

    protected command(label: string, id: string, ...args: unknown[]): SessionAction {
        return { label, run: () => this.commands.executeCommand(id, ...args).catch(error => this.logger.warn(`${label} failed`, error)) };
    }
}
