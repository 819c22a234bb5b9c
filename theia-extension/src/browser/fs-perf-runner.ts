import { inject, injectable, postConstruct } from '@theia/core/shared/inversify';
import { ApplicationServer } from '@theia/core/lib/common/application-protocol';
import { FileService } from '@theia/filesystem/lib/browser/file-service';
import { AccuracyOutcome, BenchmarkSession, GenerateOutcome, RemoveOutcome, RemoveTestFilesOptions, ReportOutcome, RunDefinition, RunOptions, RunOutcome, selectScenarios } from '@fs-perf/benchmark-core';
import { GenerateReport, generateWorkspaceFixtures } from '@fs-perf/test-files';
import { FsPerfBackendService } from '../common/fs-perf-backend-protocol';
import { TheiaFileSearch } from './file-search-compat';
import { PluginBenchmark } from './plugin-benchmark';
import { RunOptionsPrompt } from './run-options-prompt';
import { TheiaFrontEnd } from './theia-front-end';
import { theiaEnvironment, theiaExtensionHost, theiaExtensionVersion } from './theia-host';
import { createTheiaScenarios } from './theia-scenarios';
import { TheiaWorkspaceFiles } from './theia-workspace-files';

/** The Theia extension's runs over the shared session workflow: "Run Theia Benchmark", "Run All", "Generate Test Files". */
@injectable()
export class FsPerfRunner {
    @inject(TheiaFrontEnd) protected readonly frontEnd: TheiaFrontEnd;
    @inject(FileService) protected readonly fileService: FileService;
    @inject(FsPerfBackendService) protected readonly nodeFs: FsPerfBackendService;
    @inject(TheiaFileSearch) protected readonly fileSearch: TheiaFileSearch;
    @inject(ApplicationServer) protected readonly applicationServer: ApplicationServer;
    @inject(PluginBenchmark) protected readonly plugin: PluginBenchmark;
    @inject(RunOptionsPrompt) protected readonly prompt: RunOptionsPrompt;

    protected session: BenchmarkSession<GenerateReport, TheiaWorkspaceFiles>;
    protected version: Promise<string>;

    @postConstruct()
    protected init(): void {
        this.version = theiaExtensionVersion(this.applicationServer);
        this.session = new BenchmarkSession(this.frontEnd, 'theia', generateWorkspaceFixtures);
    }

    async run(kind: 'theia' | 'all', options: RunOptions = {}): Promise<RunOutcome> {
        return this.session.run({
            ...await this.definition(kind === 'all' ? 'Run All' : 'Run Theia Benchmark', options),
            ...(kind === 'all' ? { extend: document => this.plugin.runAndMerge(document, options) } : {}),
        });
    }

    /** The harness against bare loops of the same calls, in this frontend. */
    async checkAccuracy(options: RunOptions = {}): Promise<AccuracyOutcome> {
        return this.session.checkAccuracy(await this.definition('Check Accuracy', options));
    }

    protected async definition(title: string, options: RunOptions): Promise<RunDefinition<TheiaWorkspaceFiles>> {
        return {
            title,
            options,
            tool: { name: 'fs-perf-theia', version: await this.version },
            createScenarios: (workspace, fixturesFolder, ids) =>
                selectScenarios(createTheiaScenarios(this.fileService, this.nodeFs, workspace.uri(fixturesFolder), workspace.root, this.fileSearch.service), ids),
            host: () => theiaExtensionHost(this.applicationServer),
            environment: async () => theiaEnvironment(await this.nodeFs.environment(), navigator.userAgent),
            // The backend reads its own CPU time and that of the processes the headless bench names (the page's renderer).
            cpuProbe: () => this.nodeFs.cpuTimes(),
            // Through the backend, which has the headless bench's observer in its environment.
            countObserver: { begin: () => this.nodeFs.countObserver('begin'), end: async () => { await this.nodeFs.countObserver('end'); } },
        };
    }

    /** "Run All" with samples, warm-up and sizes asked for this run only; for a one-off run, or a Theia whose settings one cannot edit. */
    async runAllWithOptions(): Promise<RunOutcome> {
        const current = this.session.busy ? undefined : this.session.currentSettings();
        if (current instanceof Error) {
            return { status: 'failed', message: current.message };
        }
        // While busy, run() refuses with the reason.
        const options = current ? await this.prompt.ask(current) : {};
        return options ? this.run('all', options) : { status: 'cancelled' };
    }

    /** "Show Report (Theia)": results files of the workspace (picked, or the given workspace-relative paths) in the main area. */
    showReport(paths?: readonly string[]): Promise<ReportOutcome> {
        return this.session.showReport(paths);
    }

    /** "Show Report from Folder... (Theia)": a run folder of `yarn bench` or `--compare`, read where it lies. */
    showRunFolderReport(uri?: string): Promise<ReportOutcome> {
        return this.session.showRunFolderReport(uri);
    }

    /** "Remove Test Files (Theia)": the workspace's `.fs-perf/` through `FileService`, after a confirmation. */
    removeTestFiles(options?: RemoveTestFilesOptions): Promise<RemoveOutcome> {
        return this.session.removeTestFiles(options);
    }

    generateTestFiles(): Promise<GenerateOutcome<GenerateReport>> {
        return this.session.generateTestFiles();
    }
}
