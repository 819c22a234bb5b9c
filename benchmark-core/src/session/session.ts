import { BenchmarkCancelledError, FixtureError, VerificationError } from '../errors';
import { CountObserver } from '../measure/count-pass';
import { CpuProbe } from '../measure/cpu';
import { runBenchmark } from '../measure/runner';
import { Scenario } from '../measure/scenario';
import { scenarioInfoById, ScenarioSuite, suiteScenarioIds } from '../measure/scenario-catalog';
import { TreeSize } from '../measure/trees';
import { LARGE_FIXTURE_BYTES } from '../measure/sizes';
import { renderReportHtml, REPORT_WEBVIEW_CSP } from '../report/html';
import { buildComparisonReport } from '../report/model/build';
import { renderResultsText } from '../report/text';
import { createResultsDocument } from '../results/document';
import { RESULTS_DIRECTORY } from '../results/files';
import { EnvironmentInfo, HostInfo, ResultsDocument } from '../results/schema';
import { BenchmarkSettings, SETTING_KEYS, SettingsError, validateBenchmarkSettings } from '../settings/settings';
import { SCENARIO_SETTING_KEYS } from '../settings/settings-schema';
import { checkAccuracy, DEFAULT_ACCURACY_ROUNDS, renderAccuracyText, writeAccuracyFile } from './accuracy';
import { AccuracyOutcome, EditorFrontEnd, FixtureGenerator, GenerateOutcome, GenerateSummary, ReportOutcome, RunOptions, RunOutcome, SessionWorkspace } from './front-end';
import { describeProgress, describeResultsFile, readResultsFile } from './describe';
import { OutputMarkers, resultsLine, runStoppedLine } from './output-markers';
import { runFolderResultsFiles, showRunFolderReport } from './run-folder';
import { removeTestFiles, RemovableWorkspace, RemovalRefusals, RemoveOutcome, RemoveTestFilesOptions } from './remove-test-files';
import { loadTreeManifests } from './tree-files';
import { checkFixturesPresent, ignoreWorkspaceFolder, joinPath, listResultsFiles, loadFixtureManifest, writeResultsFile } from './workspace-files';

/** One measured run as an extension defines it. */
export interface RunDefinition<W extends SessionWorkspace = SessionWorkspace> {
    /** What the Output header and the progress notification call the run ("Run Benchmark", "Run All"). */
    readonly title: string;
    /** Scenario ids to run instead of the setting's (e.g. "Run File Read Benchmark"). */
    readonly scenarios?: readonly string[];
    readonly options?: RunOptions;
    /** The extension and its version, recorded in the results. */
    readonly tool: { readonly name: string; readonly version: string };
    /** The extension's scenarios over the fixtures folder (`path` is workspace-relative). */
    createScenarios(workspace: W, fixturesFolder: string, ids: readonly string[]): Scenario[];
    host(): Promise<HostInfo>;
    environment(): Promise<EnvironmentInfo>;
    /**
     * Settles the runtime before each sample, outside the timed region (a full garbage collection where the
     * runtime exposes one); undefined where nothing can be done. Recorded in the results.
     */
    readonly settle?: () => void;
    /** Reads the CPU time of the processes this extension can see, for the CPU passes (setting `fsPerf.cpuPass`). */
    readonly cpuProbe?: CpuProbe;
    /**
     * The headless driver's observer of the count passes (see measure/count-pass.ts); without it (a run from the palette)
     * the count passes record their windows only, and the report says the counts need the headless run.
     */
    readonly countObserver?: CountObserver;
    /** Runs after the measured part and may add rows (Theia's "Run All" adds the plugin's); its failure is the run's. */
    extend?(document: ResultsDocument): Promise<RunOutcome>;
}

/** The one workflow of both extensions: guard, settings, fixtures, progress, run, tables, results, errors. */
export class BenchmarkSession<R extends GenerateSummary = GenerateSummary, W extends SessionWorkspace = SessionWorkspace> {
    /** What is running now, for the "already running" message; one operation at a time. */
    protected running: string | undefined;

    constructor(
        protected readonly frontEnd: EditorFrontEnd<W>,
        protected readonly suite: ScenarioSuite,
        protected readonly generator: FixtureGenerator<R>,
    ) { }

    /** Whether a run or a generation is going on. */
    get busy(): boolean {
        return this.running !== undefined;
    }

    async run(definition: RunDefinition<W>): Promise<RunOutcome> {
        return this.exclusive('running a benchmark', definition.options ?? {}, definition.scenarios,
            (workspace, settings) => this.measure(workspace, settings, definition));
    }

    /**
     * The harness against bare loops of the same calls, alternated in this host (see {@link checkAccuracy}), for the
     * definition's scenarios at the configured sizes from 500K up; the table goes to the Output channel.
     */
    async checkAccuracy(definition: RunDefinition<W>): Promise<AccuracyOutcome> {
        return this.exclusive('checking the accuracy', definition.options ?? {}, definition.scenarios,
            (workspace, settings) => this.accuracy(workspace, settings, definition));
    }

    /**
     * "Show Report": the results files the person picks (all of `.fs-perf/results/`, newest first and picked), or the
     * given ones, validated and merged into one comparison report (headline, charts, tables), shown in the editor in
     * its colours. Reading does not disturb a run, so it is allowed while one goes on.
     */
    async showReport(paths?: readonly string[], folder?: W): Promise<ReportOutcome> {
        const show = this.frontEnd.showReport?.bind(this.frontEnd);
        if (!show) {
            return { status: 'refused', message: `${this.frontEnd.editorName} cannot show a report page.` };
        }
        const workspace = folder ?? await this.frontEnd.workspace();
        if (!workspace) {
            const message = 'FS Perf needs an open folder: the results are kept in it.';
            this.frontEnd.notify('error', message, this.frontEnd.actions.openFolder);
            return { status: 'refused', message };
        }
        let chosen = paths;
        if (!chosen) {
            const all = await listResultsFiles(workspace);
            // A run folder of `yarn bench` opened as the workspace: its results, all of them, at once.
            const runFolder = all.length === 0 ? await runFolderResultsFiles(workspace) : [];
            if (runFolder.length > 0) {
                chosen = runFolder;
            } else if (all.length === 0) {
                const message = `FS Perf: there are no results yet in ${RESULTS_DIRECTORY}: run a benchmark first, or show a run folder of 'yarn bench' with Show Report from Folder.`;
                this.frontEnd.notify('info', message);
                return { status: 'refused', message };
            }
            chosen ??= all.length === 1 || !this.frontEnd.pickResultsFiles ? [all[0]] : await this.frontEnd.pickResultsFiles(
                await Promise.all(all.map(async (path, index) => ({ path, label: path.split('/').pop()!, description: await describeResultsFile(workspace, path), picked: index === 0 }))));
            if (!chosen || chosen.length === 0) {
                return { status: 'cancelled' };
            }
        }
        try {
            const documents = await Promise.all(chosen.map(path => readResultsFile(workspace, path)));
            // The title the model gives, as `yarn report` of the same files writes it: the kind of run, its day and machine.
            const report = buildComparisonReport(documents);
            await show(report.title, renderReportHtml(report, { theme: 'editor', contentSecurityPolicy: REPORT_WEBVIEW_CSP }));
            return { status: 'shown', files: chosen, title: report.title };
        } catch (error) {
            const message = `FS Perf: the report cannot be shown: ${(error as Error).message}`;
            this.frontEnd.notify('error', message);
            return { status: 'failed', message };
        }
    }

    /** "Show Report from Folder": a run folder of `yarn bench` or `--compare` (the given URI, or picked), read where it lies. */
    async showRunFolderReport(uri?: string): Promise<ReportOutcome> {
        return showRunFolderReport(this.frontEnd, (paths, folder) => this.showReport(paths, folder), uri);
    }

    async generateTestFiles(): Promise<GenerateOutcome<R>> {
        return this.exclusive('generating test files', {}, undefined, (workspace, settings) => this.generate(workspace, settings.fixturesFolder,
            settings.scenarios.some(id => scenarioInfoById(id)?.target === 'tree') ? settings.treeSizes : []));
    }

    /**
     * Runs `work` as the one operation of the session, with the open folder and the validated settings; refuses
     * (and says why) while another operation runs, without a folder, or with invalid settings.
     */
    protected async exclusive<T>(what: string, options: RunOptions, scenarios: readonly string[] | undefined,
        work: (workspace: W, settings: BenchmarkSettings) => Promise<T>): Promise<T | { status: 'refused' | 'failed'; message: string }> {
        return this.guarded(what, running => `FS Perf is already ${running}: wait for it to finish or cancel it from its notification.`, async () => {
            const workspace = await this.requireWorkspace();
            if (!workspace) {
                return { status: 'refused', message: 'No folder is open.' } as const;
            }
            const settings = this.settings(options, scenarios);
            if (settings instanceof Error) {
                return { status: 'failed', message: settings.message } as const;
            }
            return work(workspace, settings);
        });
    }

    /** Runs `work` as the one operation of the session; refuses with `refusal(what is running)` while another runs. */
    protected async guarded<T>(what: string, refusal: (running: string) => string, work: () => Promise<T>): Promise<T | { status: 'refused'; message: string }> {
        // Taken before the first await, so a second command issued at once is refused.
        if (this.running) {
            const message = refusal(this.running);
            this.frontEnd.notify('warning', message);
            return { status: 'refused', message };
        }
        this.running = what;
        try {
            return await work();
        } finally {
            this.running = undefined;
        }
    }

    /** "Remove Test Files" (see {@link removeTestFiles}), refused while a run or a generation goes on. */
    async removeTestFiles(this: BenchmarkSession<R, W & RemovableWorkspace>, options?: RemoveTestFilesOptions): Promise<RemoveOutcome> {
        return this.guarded('removing the test files', RemovalRefusals.running, () => removeTestFiles(this.frontEnd, options));
    }

    /** The settings as configured, validated; an invalid setting is shown to the person and returned as the Error. */
    currentSettings(): BenchmarkSettings | Error {
        return this.settings({});
    }

    protected async requireWorkspace(): Promise<W | undefined> {
        const workspace = await this.frontEnd.workspace();
        if (!workspace) {
            this.frontEnd.notify('error', 'FS Perf needs an open folder: the test files and the results are kept in it.', this.frontEnd.actions.openFolder);
        }
        return workspace;
    }

    /** The validated settings with the caller's overrides, or the error already shown to the person. */
    protected settings(options: RunOptions, scenarios?: readonly string[]): BenchmarkSettings | Error {
        try {
            const setting = (key: string): unknown => this.frontEnd.readSetting(key);
            return validateBenchmarkSettings({
                iterations: options.iterations ?? setting(SETTING_KEYS.iterations),
                warmup: options.warmup ?? setting(SETTING_KEYS.warmup),
                sizes: options.sizes ?? setting(SETTING_KEYS.sizes),
                order: options.order ?? setting(SETTING_KEYS.order),
                scenarios: scenarios ?? options.scenarios ?? setting(SCENARIO_SETTING_KEYS[this.suite]),
                fixturesFolder: setting(SETTING_KEYS.fixturesFolder),
                precision: options.precisionPercent ?? setting(SETTING_KEYS.precision),
                cpuPass: options.cpuPass ?? setting(SETTING_KEYS.cpuPass),
                cpuPassMs: setting(SETTING_KEYS.cpuPassMs),
                pause: options.pauseMs ?? setting(SETTING_KEYS.pause),
                treeSizes: options.treeSizes ?? setting(SETTING_KEYS.treeSizes),
                treeConcurrency: options.treeConcurrency ?? setting(SETTING_KEYS.treeConcurrency),
            }, SCENARIO_SETTING_KEYS[this.suite], suiteScenarioIds(this.suite, 'all'), suiteScenarioIds(this.suite));
        } catch (error) {
            const message = error instanceof SettingsError ? error.message : `FS Perf settings cannot be read: ${(error as Error).message}`;
            this.frontEnd.appendLine(message);
            const openSettings = this.frontEnd.actions.openSettings;
            this.frontEnd.notify('error', message, ...(openSettings ? [openSettings] : []));
            return new Error(message);
        }
    }

    protected async measure(workspace: W, settings: BenchmarkSettings, definition: RunDefinition<W>): Promise<RunOutcome> {
        const scenarios = definition.createScenarios(workspace, settings.fixturesFolder, settings.scenarios);
        this.frontEnd.showOutput();
        this.frontEnd.appendLine(`[${new Date().toISOString()}] ${definition.title}: ${scenarios.length} scenario(s) at `
            + `${settings.sizes.map(size => size.label).join(', ')} in ${this.frontEnd.editorName} (${settings.iterations} samples + `
            + `${settings.warmup} warm-up each), fixtures in ${workspace.describe(settings.fixturesFolder)}`);
        let outcome: RunOutcome;
        try {
            const manifest = await loadFixtureManifest(workspace, settings.fixturesFolder);
            const needsFixtures = scenarios.some(scenario => scenario.target === 'fixture');
            const needsSmallFiles = scenarios.some(scenario => scenario.target === 'small-files');
            await checkFixturesPresent(workspace, settings.fixturesFolder, manifest, needsFixtures ? settings.sizes : [], needsSmallFiles);
            const trees = scenarios.some(scenario => scenario.target === 'tree') ? await loadTreeManifests(workspace, settings.fixturesFolder, settings.treeSizes) : [];
            const output = await this.frontEnd.withProgress(`FS Perf: ${definition.title}`, (progress, cancellation) => runBenchmark({
                scenarios, manifest, sizes: settings.sizes, iterations: settings.iterations, warmup: settings.warmup, order: settings.order,
                trees: { trees, concurrency: settings.treeConcurrency },
                cancellation, settle: definition.settle, pauseMs: settings.pauseMs,
                ...(settings.cpuPass && definition.cpuProbe ? { cpuProbe: definition.cpuProbe, cpuPassMs: settings.cpuPassMs } : {}),
                // A count pass only where something observes the messages (the headless run): a person's run is not made longer for nothing.
                ...(definition.countObserver ? { countPass: { observer: definition.countObserver } } : {}),
                ...(settings.precisionPercent === undefined ? {} : { precision: settings.precisionPercent / 100 }),
                onProgress: event => progress.report(describeProgress(event), event.done, event.total),
            }));
            // Asked after the run, so no message of ours travels the measured channel right before a sample.
            const [host, environment] = await Promise.all([definition.host(), definition.environment()]);
            const document = createResultsDocument({
                tool: definition.tool, host, environment,
                settings: {
                    iterations: settings.iterations, warmup: settings.warmup, sizes: settings.sizes.map(size => size.label),
                    order: settings.order, scenarios: settings.scenarios,
                    ...(settings.precisionPercent === undefined ? {} : { precisionPercent: settings.precisionPercent }),
                    settle: definition.settle ? 'gc' : 'none',
                    ...(settings.pauseMs > 0 ? { pauseMs: settings.pauseMs } : {}),
                    interleaved: true,
                    cpuPass: settings.cpuPass && definition.cpuProbe !== undefined,
                    ...(trees.length > 0 ? { treeSizes: trees.map(tree => tree.size), treeConcurrency: settings.treeConcurrency } : {}),
                },
                output, trees,
            });
            this.printTables(document);
            outcome = definition.extend ? await definition.extend(document) : { status: 'completed', document };
        } catch (error) {
            outcome = this.describeFailure(error);
        }
        return this.finish(workspace, outcome, definition.options?.writeResults ?? true, definition.title);
    }

    protected async accuracy(workspace: W, settings: BenchmarkSettings, definition: RunDefinition<W>): Promise<AccuracyOutcome> {
        const sizes = settings.sizes.filter(size => size.bytes >= LARGE_FIXTURE_BYTES);
        if (sizes.length === 0) {
            const message = `The accuracy check measures sizes from 500K up, and the settings choose ${settings.sizes.map(size => size.label).join(', ')}.`;
            this.frontEnd.notify('error', `FS Perf: ${message}`);
            return { status: 'failed', message };
        }
        const scenarios = definition.createScenarios(workspace, settings.fixturesFolder, settings.scenarios);
        this.frontEnd.showOutput();
        this.frontEnd.appendLine(`[${new Date().toISOString()}] ${definition.title}: ${scenarios.length} scenario(s) at ${sizes.map(size => size.label).join(', ')} `
            + `in ${this.frontEnd.editorName}, each alternating a bare loop and the harness ${DEFAULT_ACCURACY_ROUNDS} times, the order swapped each time (${settings.iterations} samples + ${settings.warmup} warm-up each`
            + `${settings.pauseMs > 0 ? `, both with a pause before each sample as long as the previous one, at most ${settings.pauseMs} ms` : ''})`);
        try {
            const manifest = await loadFixtureManifest(workspace, settings.fixturesFolder);
            await checkFixturesPresent(workspace, settings.fixturesFolder, manifest, sizes, false);
            const cases = await this.frontEnd.withProgress(`FS Perf: ${definition.title}`, (progress, cancellation) => checkAccuracy({
                scenarios, manifest, sizes, iterations: settings.iterations, warmup: settings.warmup, settle: definition.settle, cancellation,
                pauseMs: settings.pauseMs, onProgress: (message, done, total) => progress.report(message, done, total),
            }));
            const host = await definition.host();
            this.frontEnd.appendLine('');
            for (const line of renderAccuracyText(cases).split('\n')) {
                this.frontEnd.appendLine(line);
            }
            const path = await writeAccuracyFile(workspace, { tool: definition.tool, host, finishedAt: new Date().toISOString(),
                ...(settings.pauseMs > 0 ? { pauseMs: settings.pauseMs } : {}), cases });
            this.frontEnd.appendLine(resultsLine(workspace.describe(path)));
            this.frontEnd.appendLine('');
            return { status: 'completed', cases, resultsUri: workspace.uriOf(path) };
        } catch (error) {
            const outcome = this.describeFailure(error);
            if (outcome.status === 'cancelled') {
                this.frontEnd.appendLine(OutputMarkers.runCancelled);
            }
            return outcome;
        }
    }

    protected printTables(document: ResultsDocument): void {
        this.frontEnd.appendLine('');
        for (const line of renderResultsText(document).trimEnd().split('\n')) {
            this.frontEnd.appendLine(line);
        }
    }

    /** Writes the results of a completed run; says how any other run ended. */
    protected async finish(workspace: SessionWorkspace, outcome: RunOutcome, writeResults: boolean, title: string): Promise<RunOutcome> {
        if (outcome.status === 'cancelled') {
            this.frontEnd.appendLine(OutputMarkers.runCancelled);
            return outcome;
        }
        if (outcome.status !== 'completed') {
            return outcome;
        }
        let resultsUri: string | undefined;
        if (writeResults) {
            try {
                const path = await writeResultsFile(workspace, outcome.document);
                resultsUri = workspace.uriOf(path);
                this.frontEnd.appendLine(resultsLine(workspace.describe(path)));
                const showReport = this.frontEnd.showReportAction?.([path]);
                if (showReport) {
                    this.frontEnd.notify('info', `FS Perf: ${title} finished; results in ${path.split('/').pop()}.`, showReport);
                }
            } catch (error) {
                return this.describeFailure(new Error(`The results file could not be written: ${(error as Error).message}`));
            }
        }
        this.frontEnd.appendLine('');
        return { ...outcome, resultsUri };
    }

    /** The outcome of a run that threw, told in the Output channel and in a message. */
    protected describeFailure(error: unknown): Exclude<RunOutcome, { status: 'completed' }> {
        if (error instanceof BenchmarkCancelledError) {
            return { status: 'cancelled' };
        }
        const message = error instanceof Error ? error.message : String(error);
        this.frontEnd.appendLine(runStoppedLine(message));
        if (error instanceof FixtureError || error instanceof VerificationError) {
            this.frontEnd.notify('error', `FS Perf: ${message}`, this.frontEnd.actions.generateTestFiles);
            return { status: 'failed', message, ...(error.fileName === undefined ? {} : { fileName: error.fileName }) };
        }
        this.frontEnd.logError?.('FS Perf run failed', error);
        this.frontEnd.notify('error', `FS Perf: the run failed: ${message}`);
        return { status: 'failed', message };
    }

    protected async generate(workspace: SessionWorkspace, fixturesFolder: string, treeSizes: readonly TreeSize[] = []): Promise<GenerateOutcome<R>> {
        const folder = workspace.describe(fixturesFolder);
        this.frontEnd.showOutput();
        this.frontEnd.appendLine(`[${new Date().toISOString()}] Generating test files in ${folder}`);
        try {
            const report = await this.frontEnd.withProgress('FS Perf: Generating test files', (progress, cancellation) => this.generator({
                files: workspace, fixturesFolder, cancellation, treeSizes,
                onProgress: (message, done, total) => progress.report(message, done, total),
            }));
            await ignoreWorkspaceFolder(workspace, joinPath(fixturesFolder));
            const summary = `${OutputMarkers.testFilesReady}${folder}: ${report.written.length} written (${report.repaired.length} repaired), `
                + `${report.unchanged.length} already correct; small files: ${report.smallFilesWritten} written, ${report.smallFilesUnchanged} already correct`
                + `${(report.trees ?? []).map(tree => `; the ${tree.size} tree ${tree.written ? 'written' : 'already there'}`).join('')}.`;
            this.frontEnd.appendLine(summary);
            this.frontEnd.notify('info', `FS Perf: ${summary}`);
            return { status: 'completed', report, folder: workspace.uriOf(fixturesFolder) };
        } catch (error) {
            if (error instanceof BenchmarkCancelledError) {
                this.frontEnd.appendLine(OutputMarkers.generateCancelled);
                return { status: 'cancelled' };
            }
            const message = error instanceof Error ? error.message : String(error);
            this.frontEnd.appendLine(`${OutputMarkers.generateFailed}${message}`);
            this.frontEnd.notify('error', `FS Perf: ${message}`);
            return { status: 'failed', message };
        }
    }
}
