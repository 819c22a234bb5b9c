import * as vscode from 'vscode';
import {
    BenchmarkCancelledError, BenchmarkSettings, checkFixturesPresent, createResultsDocument, findNewestResultsFile, FIXTURE_SIZES,
    FixtureError, loadFixtureManifest, RawBenchmarkSettings, renderResultsText, ResultsDocument, RunnerProgress, runBenchmark,
    SCENARIO_CATALOG, SettingsError, validateBenchmarkSettings, VerificationError, VSCODE_SCENARIO_IDS, writeResultsFile,
} from '@fs-perf/benchmark-core';
import { generateFixtures, GenerateReport, workspaceFixtureStore } from '@fs-perf/test-files';
import { describeUri, VscodeWorkspaceFiles } from './fixtures';
import { collectEnvironment, currentHost } from './host';
import { OutputLog } from './output-log';
import { createScenarios } from './scenarios';

export const FsPerfCommands = {
    run: 'fsPerf.run',
    runFileRead: 'fsPerf.runFileRead',
    generateTestFiles: 'fsPerf.generateTestFiles',
    openLastResults: 'fsPerf.openLastResults',
} as const;

const SCENARIOS_SETTING = 'fsPerf.scenarios';
const GENERATE_ACTION = 'Generate Test Files';

/** Overrides of the settings, for callers of the command (tests, Theia's "Run All"); the palette passes none. */
export interface RunOptions {
    readonly scenarios?: string[];
    readonly sizes?: string[];
    readonly iterations?: number;
    readonly warmup?: number;
    readonly order?: 'ascending' | 'descending';
    /** Write a results file (default true); Theia's "Run All" merges the document into its own file. */
    readonly writeResults?: boolean;
}

/** What a run command returns to its caller. */
export type RunOutcome =
    | { status: 'completed'; document: ResultsDocument; resultsUri?: string }
    | { status: 'cancelled' }
    | { status: 'failed'; message: string; fileName?: string }
    | { status: 'refused'; message: string };

export type GenerateOutcome =
    | { status: 'completed'; report: GenerateReport; folder: string }
    | { status: 'cancelled' }
    | { status: 'failed'; message: string }
    | { status: 'refused'; message: string };

export class FsPerfController {
    /** What is running now, for the "already running" message; one operation at a time. */
    private running: string | undefined;

    constructor(private readonly log: OutputLog, private readonly toolVersion: string) { }

    async run(kind: 'all' | 'file-read', options: RunOptions = {}): Promise<RunOutcome> {
        const refusal = this.refuseIfBusy();
        if (refusal) {
            return { status: 'refused', message: refusal };
        }
        const workspaceFolder = this.requireWorkspaceFolder();
        if (!workspaceFolder) {
            return { status: 'refused', message: 'No folder is open.' };
        }
        let settings: BenchmarkSettings;
        try {
            settings = this.readSettings(kind, options);
        } catch (error) {
            return this.reportSettingsError(error);
        }
        this.running = 'running a benchmark';
        try {
            return await this.runWithSettings(workspaceFolder, settings, options.writeResults ?? true);
        } finally {
            this.running = undefined;
        }
    }

    private async runWithSettings(workspaceFolder: vscode.WorkspaceFolder, settings: BenchmarkSettings, writeResults: boolean): Promise<RunOutcome> {
        const files = new VscodeWorkspaceFiles(workspaceFolder.uri);
        const fixturesFolder = files.uri(settings.fixturesFolder);
        const scenariosById = createScenarios(fixturesFolder);
        const scenarios = settings.scenarios.map(id => scenariosById.get(id)!);
        const host = currentHost();
        this.log.show();
        this.log.appendLine(`[${new Date().toISOString()}] Running ${settings.scenarios.length} scenario(s) at ${settings.sizes.map(size => size.label).join(', ')} `
            + `in ${vscode.env.appName} (${settings.iterations} samples + ${settings.warmup} warm-up each), fixtures in ${describeUri(fixturesFolder)}`);
        try {
            const manifest = await loadFixtureManifest(files, settings.fixturesFolder);
            const needsSmallFiles = scenarios.some(scenario => scenario.target === 'small-files');
            const needsFixtures = scenarios.some(scenario => scenario.target === 'fixture');
            await checkFixturesPresent(files, settings.fixturesFolder, manifest, needsFixtures ? settings.sizes : [], needsSmallFiles);
            const output = await vscode.window.withProgress({
                location: vscode.ProgressLocation.Notification,
                title: 'FS Perf',
                cancellable: true,
            }, async (progress, token) => {
                let reportedPercent = 0;
                return runBenchmark({
                    scenarios,
                    manifest,
                    sizes: settings.sizes,
                    iterations: settings.iterations,
                    warmup: settings.warmup,
                    order: settings.order,
                    cancellation: token,
                    onProgress: event => {
                        const percent = (100 * event.done) / event.total;
                        progress.report({ message: describeProgress(event), increment: percent - reportedPercent });
                        reportedPercent = percent;
                    },
                });
            });
            const document = createResultsDocument({
                tool: { name: 'fs-perf-vscode', version: this.toolVersion },
                host,
                environment: collectEnvironment(),
                settings: {
                    iterations: settings.iterations,
                    warmup: settings.warmup,
                    sizes: settings.sizes.map(size => size.label),
                    order: settings.order,
                    scenarios: settings.scenarios,
                },
                output,
            });
            this.log.appendLine('');
            this.log.append(renderResultsText(document));
            let resultsUri: vscode.Uri | undefined;
            if (writeResults) {
                resultsUri = files.uri(await writeResultsFile(files, document));
                this.log.appendLine(`Results: ${describeUri(resultsUri)}`);
            }
            this.log.appendLine('');
            return { status: 'completed', document, resultsUri: resultsUri?.toString() };
        } catch (error) {
            return this.reportRunError(error);
        }
    }

    async generateTestFiles(): Promise<GenerateOutcome> {
        const refusal = this.refuseIfBusy();
        if (refusal) {
            return { status: 'refused', message: refusal };
        }
        const workspaceFolder = this.requireWorkspaceFolder();
        if (!workspaceFolder) {
            return { status: 'refused', message: 'No folder is open.' };
        }
        let settings: BenchmarkSettings;
        try {
            settings = this.readSettings('all', {});
        } catch (error) {
            const outcome = this.reportSettingsError(error);
            return { status: 'failed', message: outcome.message };
        }
        const files = new VscodeWorkspaceFiles(workspaceFolder.uri);
        const folder = files.uri(settings.fixturesFolder);
        this.running = 'generating test files';
        this.log.appendLine(`[${new Date().toISOString()}] Generating test files in ${describeUri(folder)}`);
        try {
            const report = await vscode.window.withProgress({
                location: vscode.ProgressLocation.Notification,
                title: 'FS Perf: Generating test files',
                cancellable: true,
            }, async (progress, token) => {
                let reportedPercent = 0;
                return generateFixtures({
                    store: workspaceFixtureStore(files, settings.fixturesFolder),
                    sizes: FIXTURE_SIZES,
                    cancellation: token,
                    onProgress: event => {
                        const percent = (100 * event.done) / event.total;
                        progress.report({ message: event.message, increment: percent - reportedPercent });
                        reportedPercent = percent;
                    },
                });
            });
            const summary = `Test files ready in ${describeUri(folder)}: ${report.written.length} written (${report.repaired.length} repaired), `
                + `${report.unchanged.length} already correct; small files: ${report.smallFilesWritten} written, ${report.smallFilesUnchanged} already correct.`;
            this.log.appendLine(summary);
            void vscode.window.showInformationMessage(`FS Perf: ${summary}`);
            return { status: 'completed', report, folder: folder.toString() };
        } catch (error) {
            if (error instanceof BenchmarkCancelledError) {
                this.log.appendLine('Generating test files cancelled; files already complete were kept.');
                return { status: 'cancelled' };
            }
            const message = (error as Error).message;
            this.log.appendLine(`Generating test files failed: ${message}`);
            void vscode.window.showErrorMessage(`FS Perf: ${message}`);
            return { status: 'failed', message };
        } finally {
            this.running = undefined;
        }
    }

    async openLastResults(): Promise<vscode.Uri | undefined> {
        const workspaceFolder = this.requireWorkspaceFolder();
        if (!workspaceFolder) {
            return undefined;
        }
        const files = new VscodeWorkspaceFiles(workspaceFolder.uri);
        const newestPath = await findNewestResultsFile(files);
        const newest = newestPath === undefined ? undefined : files.uri(newestPath);
        if (!newest) {
            void vscode.window.showInformationMessage('FS Perf: there are no results yet in .fs-perf/results.', 'Run Benchmark').then(action => {
                if (action) {
                    void vscode.commands.executeCommand(FsPerfCommands.run);
                }
            });
            return undefined;
        }
        await vscode.window.showTextDocument(newest, { preview: false });
        return newest;
    }

    private refuseIfBusy(): string | undefined {
        if (!this.running) {
            return undefined;
        }
        const message = `FS Perf is already ${this.running}: wait for it to finish or cancel it from its notification.`;
        void vscode.window.showWarningMessage(message);
        return message;
    }

    private requireWorkspaceFolder(): vscode.WorkspaceFolder | undefined {
        const folder = vscode.workspace.workspaceFolders?.[0];
        if (!folder) {
            void vscode.window.showErrorMessage('FS Perf needs an open folder: the test files and the results are kept in it.', 'Open Folder')
                .then(action => {
                    if (action) {
                        void vscode.commands.executeCommand('vscode.openFolder');
                    }
                });
        }
        return folder;
    }

    private readSettings(kind: 'all' | 'file-read', options: RunOptions): BenchmarkSettings {
        const configuration = vscode.workspace.getConfiguration('fsPerf');
        const raw: RawBenchmarkSettings = {
            iterations: options.iterations ?? configuration.get('iterations'),
            warmup: options.warmup ?? configuration.get('warmup'),
            sizes: options.sizes ?? configuration.get('sizes'),
            order: options.order ?? configuration.get('order'),
            scenarios: kind === 'file-read' ? [SCENARIO_CATALOG.vscodeReadFile.id] : options.scenarios ?? configuration.get('scenarios'),
            fixturesFolder: configuration.get('fixturesFolder'),
        };
        return validateBenchmarkSettings(raw, SCENARIOS_SETTING, VSCODE_SCENARIO_IDS);
    }

    private reportSettingsError(error: unknown): { status: 'failed'; message: string } {
        const message = error instanceof SettingsError ? error.message : `FS Perf settings cannot be read: ${(error as Error).message}`;
        this.log.appendLine(message);
        void vscode.window.showErrorMessage(message, 'Open Settings').then(action => {
            if (action) {
                void vscode.commands.executeCommand('workbench.action.openSettings', 'fsPerf');
            }
        });
        return { status: 'failed', message };
    }

    private reportRunError(error: unknown): RunOutcome {
        if (error instanceof BenchmarkCancelledError) {
            this.log.appendLine('Run cancelled: no results were written.');
            return { status: 'cancelled' };
        }
        const message = (error as Error).message ?? String(error);
        this.log.appendLine(`Run stopped: ${message} No results were written.`);
        if (error instanceof FixtureError || error instanceof VerificationError) {
            void vscode.window.showErrorMessage(`FS Perf: ${message}`, GENERATE_ACTION).then(action => {
                if (action) {
                    void vscode.commands.executeCommand(FsPerfCommands.generateTestFiles);
                }
            });
            return { status: 'failed', message, fileName: error.fileName };
        }
        void vscode.window.showErrorMessage(`FS Perf: the run failed: ${message}`);
        return { status: 'failed', message };
    }
}

function describeProgress(event: RunnerProgress): string {
    return `${event.scenario.label} ${event.target.label}: ${event.phase} ${event.sample}/${event.samplesInPhase}`;
}
