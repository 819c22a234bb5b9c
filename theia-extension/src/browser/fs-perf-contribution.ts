import { inject, injectable, named } from '@theia/core/shared/inversify';
import { Command, CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { ILogger } from '@theia/core/lib/common/logger';
import { MessageService } from '@theia/core/lib/common/message-service';
import { PreferenceService } from '@theia/core/lib/common/preferences/preference-service';
import { QuickInputService } from '@theia/core/lib/common/quick-pick-service';
import { ApplicationServer } from '@theia/core/lib/common/application-protocol';
import { FileService } from '@theia/filesystem/lib/browser/file-service';
import { OutputChannel, OutputChannelManager } from '@theia/output/lib/browser/output-channel';
import { WorkspaceService } from '@theia/workspace/lib/browser/workspace-service';
import {
    BenchmarkCancelledError, BenchmarkSettings, checkFixturesPresent, countProblem, createResultsDocument, FIXTURE_SIZE_LABELS, FIXTURE_SIZES, FixtureError,
    ITERATIONS_RANGE, loadFixtureManifest, mergeResultsDocuments, parseSizeList, renderResultsText, ResultsDocument, RunnerProgress, runBenchmark, SETTING_KEYS,
    SettingsError, THEIA_SCENARIO_IDS, validateBenchmarkSettings, VerificationError, WARMUP_RANGE, writeResultsFile,
} from '@fs-perf/benchmark-core';
import { generateFixtures, GenerateReport, workspaceFixtureStore } from '@fs-perf/test-files';
import { NodeFsReadService } from '../common/node-fs-read-protocol';
import { THEIA_SCENARIOS_PREFERENCE } from './fs-perf-preferences';
import { createTheiaScenarios } from './theia-scenarios';
import { theiaEnvironment, theiaExtensionHost } from './theia-host';
import { TheiaWorkspaceFiles } from './theia-workspace-files';

export namespace FsPerfCommands {
    const category = 'FS Perf';
    export const RUN_THEIA: Command = { id: 'fsPerf.theia.run', label: 'Run Theia Benchmark', category };
    export const RUN_ALL: Command = { id: 'fsPerf.theia.runAll', label: 'Run All', category };
    export const RUN_ALL_WITH_OPTIONS: Command = { id: 'fsPerf.theia.runAllWithOptions', label: 'Run All with Options...', category };
    export const GENERATE: Command = { id: 'fsPerf.theia.generateTestFiles', label: 'Generate Test Files (Theia FileService)', category };
    /** The VS Code extension's command, present when it is loaded as a plugin. */
    export const PLUGIN_RUN = 'fsPerf.run';
}

/** Name of the Output channel the Theia extension and the VS Code extension (as a plugin) share. */
export const FS_PERF_OUTPUT_CHANNEL = 'FS Performance';

/** What the run commands return to their caller (tests, other extensions). */
export type TheiaRunOutcome =
    | { status: 'completed'; document: ResultsDocument; resultsPath?: string }
    | { status: 'cancelled' }
    | { status: 'failed'; message: string; fileName?: string }
    | { status: 'refused'; message: string };

/** Overrides of the preferences for a caller of the commands; the palette passes none. */
export interface TheiaRunOptions {
    readonly iterations?: number;
    readonly warmup?: number;
    readonly sizes?: string[];
    readonly scenarios?: string[];
    readonly writeResults?: boolean;
}

/** The plugin's answer, as its `fsPerf.run` command returns it. */
type PluginRunOutcome = { status: 'completed'; document: ResultsDocument } | { status: string; message?: string };

@injectable()
export class FsPerfContribution implements CommandContribution {
    @inject(CommandRegistry) protected readonly commands: CommandRegistry;
    @inject(FileService) protected readonly fileService: FileService;
    @inject(WorkspaceService) protected readonly workspaceService: WorkspaceService;
    @inject(OutputChannelManager) protected readonly outputChannelManager: OutputChannelManager;
    @inject(MessageService) protected readonly messages: MessageService;
    @inject(PreferenceService) protected readonly preferences: PreferenceService;
    @inject(NodeFsReadService) protected readonly nodeFs: NodeFsReadService;
    @inject(ApplicationServer) protected readonly applicationServer: ApplicationServer;
    @inject(QuickInputService) protected readonly quickInput: QuickInputService;
    @inject(ILogger) @named('fs-perf') protected readonly logger: ILogger;

    /** What is running now; one operation at a time. */
    protected running: string | undefined;

    registerCommands(registry: CommandRegistry): void {
        registry.registerCommand(FsPerfCommands.RUN_THEIA, { execute: (options?: TheiaRunOptions) => this.run('theia', options) });
        registry.registerCommand(FsPerfCommands.RUN_ALL, { execute: (options?: TheiaRunOptions) => this.run('all', options) });
        registry.registerCommand(FsPerfCommands.RUN_ALL_WITH_OPTIONS, { execute: () => this.runAllWithOptions() });
        registry.registerCommand(FsPerfCommands.GENERATE, { execute: () => this.generateTestFiles() });
    }

    /**
     * "Run All" with samples, warm-up and sizes asked for this run only (prefilled from the preferences,
     * which stay unchanged): for a one-off measurement, or a Theia whose settings one cannot edit.
     */
    async runAllWithOptions(): Promise<TheiaRunOutcome> {
        const refusal = this.refuseIfBusy();
        if (refusal) {
            return { status: 'refused', message: refusal };
        }
        let current: BenchmarkSettings;
        try {
            current = this.readSettings({});
        } catch (error) {
            return this.reportSettingsError(error);
        }
        const title = (step: number): string => `FS Perf: Run All with Options (${step}/3)`;
        const count = (name: string, range: { min: number; max: number }) => async (text: string): Promise<string | undefined> =>
            countProblem(name, text.trim() === '' ? NaN : Number(text), range);
        const iterations = await this.quickInput.input({
            title: title(1), prompt: 'Timed samples per scenario and size', value: String(current.iterations),
            validateInput: count('Timed samples', ITERATIONS_RANGE),
        });
        if (iterations === undefined) {
            return { status: 'cancelled' };
        }
        const warmup = await this.quickInput.input({
            title: title(2), prompt: 'Warm-up samples per scenario and size (reported apart)', value: String(current.warmup),
            validateInput: count('Warm-up samples', WARMUP_RANGE),
        });
        if (warmup === undefined) {
            return { status: 'cancelled' };
        }
        const sizes = await this.quickInput.input({
            title: title(3), prompt: `Sizes, comma-separated (${FIXTURE_SIZE_LABELS.join(', ')})`, value: current.sizes.map(size => size.label).join(', '),
            validateInput: async text => {
                try {
                    parseSizeList(text);
                    return undefined;
                } catch (error) {
                    return (error as Error).message;
                }
            },
        });
        if (sizes === undefined) {
            return { status: 'cancelled' };
        }
        return this.run('all', { iterations: Number(iterations.trim()), warmup: Number(warmup.trim()), sizes: parseSizeList(sizes).map(size => size.label) });
    }

    protected get channel(): OutputChannel {
        return this.outputChannelManager.getChannel(FS_PERF_OUTPUT_CHANNEL);
    }

    async run(kind: 'theia' | 'all', options: TheiaRunOptions = {}): Promise<TheiaRunOutcome> {
        const refusal = this.refuseIfBusy();
        if (refusal) {
            return { status: 'refused', message: refusal };
        }
        const files = await this.workspaceFiles();
        if (!files) {
            return { status: 'refused', message: 'No folder is open.' };
        }
        let settings: BenchmarkSettings;
        try {
            settings = this.readSettings(options);
        } catch (error) {
            return this.reportSettingsError(error);
        }
        this.running = 'running a benchmark';
        try {
            const outcome = await this.runTheia(files, settings, kind === 'all' ? 'Run All' : 'Run Theia Benchmark');
            if (outcome.status === 'completed') {
                this.printTables(outcome.document);
            }
            if (outcome.status !== 'completed' || kind === 'theia') {
                return await this.finish(files, outcome, options.writeResults ?? true);
            }
            // The plugin prints its own tables into the same channel.
            const merged = await this.runPlugin(outcome.document, options);
            return await this.finish(files, merged, options.writeResults ?? true);
        } finally {
            this.running = undefined;
        }
    }

    protected async runTheia(files: TheiaWorkspaceFiles, settings: BenchmarkSettings, title: string): Promise<TheiaRunOutcome> {
        const fixturesFolder = files.uri(settings.fixturesFolder);
        const scenariosById = createTheiaScenarios(this.fileService, this.nodeFs, fixturesFolder);
        const scenarios = settings.scenarios.map(id => scenariosById.get(id)!);
        const channel = this.channel;
        channel.show({ preserveFocus: true });
        channel.appendLine(`[${new Date().toISOString()}] ${title}: ${settings.scenarios.length} Theia scenario(s) at ${settings.sizes.map(size => size.label).join(', ')} `
            + `(${settings.iterations} samples + ${settings.warmup} warm-up each), fixtures in ${fixturesFolder.path.fsPath()}`);
        let cancelled = false;
        const progress = await this.messages.showProgress({ text: `FS Perf: ${title}`, options: { cancelable: true } }, () => {
            cancelled = true;
        });
        try {
            const [host, manifest] = await Promise.all([theiaExtensionHost(this.applicationServer), loadFixtureManifest(files, settings.fixturesFolder)]);
            await checkFixturesPresent(files, settings.fixturesFolder, manifest, settings.sizes, false);
            const output = await runBenchmark({
                scenarios, manifest,
                sizes: settings.sizes, iterations: settings.iterations, warmup: settings.warmup, order: settings.order,
                cancellation: { get isCancellationRequested(): boolean { return cancelled; } },
                onProgress: event => progress.report({ message: describeProgress(event), work: { done: event.done, total: event.total } }),
            });
            const document = createResultsDocument({
                tool: { name: 'fs-perf-theia', version: '0.1.0' },
                host,
                environment: theiaEnvironment(await this.nodeFs.environment(), navigator.userAgent),
                settings: {
                    iterations: settings.iterations, warmup: settings.warmup, sizes: settings.sizes.map(size => size.label),
                    order: settings.order, scenarios: settings.scenarios,
                },
                output,
            });
            return { status: 'completed', document };
        } catch (error) {
            return this.describeRunError(error);
        } finally {
            progress.cancel();
        }
    }

    /** Runs the VS Code extension's "Run Benchmark" (as a plugin) and merges its rows, when it is loaded. */
    protected async runPlugin(theia: ResultsDocument, options: TheiaRunOptions): Promise<TheiaRunOutcome> {
        if (!this.commands.getCommand(FsPerfCommands.PLUGIN_RUN)) {
            this.channel.appendLine('The FS Performance VS Code extension is not loaded as a plugin: "Run All" measured the Theia scenarios only.');
            return { status: 'completed', document: theia };
        }
        const plugin = await this.commands.executeCommand<PluginRunOutcome>(FsPerfCommands.PLUGIN_RUN, {
            writeResults: false,
            ...(options.iterations === undefined ? {} : { iterations: options.iterations }),
            ...(options.warmup === undefined ? {} : { warmup: options.warmup }),
            ...(options.sizes === undefined ? {} : { sizes: options.sizes }),
        });
        if (!plugin || plugin.status !== 'completed' || !('document' in plugin)) {
            const status = plugin?.status ?? 'no answer';
            if (status === 'cancelled') {
                return { status: 'cancelled' };
            }
            const message = `The plugin's "Run Benchmark" did not complete (${status}${plugin && 'message' in plugin && plugin.message ? `: ${plugin.message}` : ''}).`;
            this.channel.appendLine(`Run stopped: ${message} No results were written.`);
            this.messages.error(`FS Perf: ${message}`);
            return { status: 'failed', message };
        }
        return { status: 'completed', document: mergeResultsDocuments(theia, plugin.document) };
    }

    protected async finish(files: TheiaWorkspaceFiles, outcome: TheiaRunOutcome, writeResults: boolean): Promise<TheiaRunOutcome> {
        const channel = this.channel;
        if (outcome.status === 'cancelled') {
            channel.appendLine('Run cancelled: no results were written.');
            return outcome;
        }
        if (outcome.status !== 'completed') {
            return outcome;
        }
        let resultsPath: string | undefined;
        if (writeResults) {
            resultsPath = await writeResultsFile(files, outcome.document);
            channel.appendLine(`Results: ${files.uri(resultsPath).path.fsPath()}`);
        }
        channel.appendLine('');
        return { ...outcome, resultsPath };
    }

    protected printTables(document: ResultsDocument): void {
        const channel = this.channel;
        channel.appendLine('');
        for (const line of renderResultsText(document).trimEnd().split('\n')) {
            channel.appendLine(line);
        }
    }

    async generateTestFiles(): Promise<{ status: 'completed'; report: GenerateReport } | { status: 'cancelled' | 'failed' | 'refused'; message: string }> {
        const refusal = this.refuseIfBusy();
        if (refusal) {
            return { status: 'refused', message: refusal };
        }
        const files = await this.workspaceFiles();
        if (!files) {
            return { status: 'refused', message: 'No folder is open.' };
        }
        let settings: BenchmarkSettings;
        try {
            settings = this.readSettings({});
        } catch (error) {
            return { status: 'failed', message: this.reportSettingsError(error).message };
        }
        this.running = 'generating test files';
        let cancelled = false;
        const progress = await this.messages.showProgress({ text: 'FS Perf: Generating test files', options: { cancelable: true } }, () => {
            cancelled = true;
        });
        const channel = this.channel;
        try {
            const report = await generateFixtures({
                store: workspaceFixtureStore(files, settings.fixturesFolder),
                sizes: FIXTURE_SIZES,
                cancellation: { get isCancellationRequested(): boolean { return cancelled; } },
                onProgress: event => progress.report({ message: event.message, work: { done: event.done, total: event.total } }),
            });
            const summary = `Test files ready in ${files.uri(settings.fixturesFolder).path.fsPath()}: ${report.written.length} written (${report.repaired.length} repaired), `
                + `${report.unchanged.length} already correct; small files: ${report.smallFilesWritten} written, ${report.smallFilesUnchanged} already correct.`;
            channel.appendLine(summary);
            this.messages.info(`FS Perf: ${summary}`);
            return { status: 'completed', report };
        } catch (error) {
            const message = (error as Error).message;
            if (error instanceof BenchmarkCancelledError) {
                channel.appendLine('Generating test files cancelled; files already complete were kept.');
                return { status: 'cancelled', message };
            }
            channel.appendLine(`Generating test files failed: ${message}`);
            this.messages.error(`FS Perf: ${message}`);
            return { status: 'failed', message };
        } finally {
            progress.cancel();
            this.running = undefined;
        }
    }

    protected refuseIfBusy(): string | undefined {
        if (!this.running) {
            return undefined;
        }
        const message = `FS Perf is already ${this.running}: wait for it to finish or cancel it from its notification.`;
        this.messages.warn(message);
        return message;
    }

    protected async workspaceFiles(): Promise<TheiaWorkspaceFiles | undefined> {
        const root = (await this.workspaceService.roots)[0];
        if (!root) {
            this.messages.error('FS Perf needs an open folder: the test files and the results are kept in it.', 'Open Folder').then(action => {
                if (action) {
                    this.commands.executeCommand('workspace:openFolder').catch(error => this.logger.warn('Cannot open the folder dialog', error));
                }
            });
            return undefined;
        }
        return new TheiaWorkspaceFiles(this.fileService, root.resource);
    }

    protected readSettings(options: TheiaRunOptions): BenchmarkSettings {
        return validateBenchmarkSettings({
            iterations: options.iterations ?? this.preferences.get(SETTING_KEYS.iterations),
            warmup: options.warmup ?? this.preferences.get(SETTING_KEYS.warmup),
            sizes: options.sizes ?? this.preferences.get(SETTING_KEYS.sizes),
            order: this.preferences.get(SETTING_KEYS.order),
            scenarios: options.scenarios ?? this.preferences.get(THEIA_SCENARIOS_PREFERENCE),
            fixturesFolder: this.preferences.get(SETTING_KEYS.fixturesFolder),
        }, THEIA_SCENARIOS_PREFERENCE, THEIA_SCENARIO_IDS);
    }

    protected reportSettingsError(error: unknown): { status: 'failed'; message: string } {
        const message = error instanceof SettingsError ? error.message : `FS Perf settings cannot be read: ${(error as Error).message}`;
        this.channel.appendLine(message);
        this.messages.error(message);
        return { status: 'failed', message };
    }

    protected describeRunError(error: unknown): TheiaRunOutcome {
        if (error instanceof BenchmarkCancelledError) {
            return { status: 'cancelled' };
        }
        const message = (error as Error).message ?? String(error);
        this.channel.appendLine(`Run stopped: ${message} No results were written.`);
        if (error instanceof FixtureError || error instanceof VerificationError) {
            this.messages.error(`FS Perf: ${message}`, 'Generate Test Files').then(action => {
                if (action) {
                    this.commands.executeCommand(FsPerfCommands.GENERATE.id).catch(cause => this.logger.warn('Generate Test Files failed', cause));
                }
            });
            return { status: 'failed', message, fileName: error.fileName };
        }
        this.logger.error('FS Perf run failed', error);
        this.messages.error(`FS Perf: the run failed: ${message}`);
        return { status: 'failed', message };
    }
}

function describeProgress(event: RunnerProgress): string {
    return `${event.scenario.label} ${event.target.label}: ${event.phase} ${event.sample}/${event.samplesInPhase}`;
}
