import { assert } from 'chai';
import { FS_PERF_GITIGNORE } from '../session/workspace-files';
import { DEFAULT_ACCURACY_ROUNDS } from '../session/accuracy';
import { FixtureError } from '../errors';
import { OutputMarkers, parseRunEnd } from '../session/output-markers';
import { HostInfo } from '../results/schema';
import { validateResultsDocument } from '../results/document';
import { CancellationSignal } from '../measure/runner';
import { Scenario } from '../measure/scenario';
import { SCENARIO_CATALOG, selectScenarios, VSCODE_SCENARIO_IDS } from '../measure/scenario-catalog';
import { BenchmarkSession, RunDefinition } from '../session/session';
import { EditorFrontEnd, FixtureGenerator, GenerateSummary, ProgressReporter, ResultsFileChoice, SessionAction, SessionWorkspace } from '../session/front-end';
import { fakeFixtures } from './fake-fixtures';

const HOST: HostInfo = {
    editor: 'vscode', editorName: 'Test Editor', editorVersion: '1.0.0', runtime: 'server', extensionKind: 'extension',
    transport: 'in-process', detectedFrom: {},
};

/** A workspace folder in memory, with the fake fixtures in `.fs-perf/fixtures`. */
class MemoryWorkspace implements SessionWorkspace {
    readonly location = 'memory:/w';
    readonly files = new Map<string, Uint8Array>();

    constructor() {
        const { manifest, bytesOf } = fakeFixtures();
        this.files.set('.fs-perf/fixtures/manifest.json', new TextEncoder().encode(JSON.stringify(manifest)));
        for (const name of Object.keys(manifest.files)) {
            this.files.set(`.fs-perf/fixtures/${name}`, bytesOf(name));
        }
        this.files.set('.fs-perf/fixtures/small/.keep', new Uint8Array());
    }

    uriOf(path: string): string {
        return `memory:/w/${path}`;
    }

    describe(path: string): string {
        return `/w/${path}`;
    }

    async readFile(path: string): Promise<Uint8Array | undefined> {
        return this.files.get(path);
    }

    async stat(path: string): Promise<{ size: number; type: 'file' | 'directory' } | undefined> {
        const file = this.files.get(path);
        if (file) {
            return { size: file.byteLength, type: 'file' };
        }
        return [...this.files.keys()].some(name => name.startsWith(`${path}/`)) ? { size: 0, type: 'directory' } : undefined;
    }

    async writeFile(path: string, data: Uint8Array): Promise<void> {
        this.files.set(path, data);
    }

    async rename(from: string, to: string): Promise<void> {
        this.files.set(to, this.files.get(from)!);
        this.files.delete(from);
    }

    async delete(path: string): Promise<void> {
        this.files.delete(path);
    }

    async createDirectory(): Promise<void> {
        // Folders exist implicitly.
    }

    async readDirectory(path: string): Promise<string[] | undefined> {
        const names = [...this.files.keys()].filter(name => name.startsWith(`${path}/`)).map(name => name.slice(path.length + 1).split('/')[0]);
        return names.length > 0 ? [...new Set(names)] : undefined;
    }
}

/** An editor that records what the session told it, and cancels when asked. */
class RecordingFrontEnd implements EditorFrontEnd<MemoryWorkspace> {
    readonly editorName = 'Test Editor';
    readonly lines: string[] = [];
    readonly messages: Array<{ severity: string; message: string; actions: string[] }> = [];
    readonly progress: string[] = [];
    settings: Record<string, unknown> = { iterations: 2, warmup: 0, sizes: ['1K', '5K'] };
    workspaceFolder: MemoryWorkspace | undefined = new MemoryWorkspace();
    cancelAfterReports: number | undefined;
    readonly actions = {
        openFolder: { label: 'Open Folder', run: () => undefined },
        generateTestFiles: { label: 'Generate Test Files', run: () => undefined },
        openSettings: { label: 'Open Settings', run: () => undefined },
    };

    appendLine(line: string): void {
        this.lines.push(line);
    }

    showOutput(): void {
        // Nothing to show.
    }

    notify(severity: 'info' | 'warning' | 'error', message: string, ...actions: SessionAction[]): void {
        this.messages.push({ severity, message, actions: actions.map(action => action.label) });
    }

    async withProgress<T>(title: string, task: (progress: ProgressReporter, cancellation: CancellationSignal) => Promise<T>): Promise<T> {
        let reports = 0;
        const cancellation = { isCancellationRequested: false };
        return task({
            report: message => {
                this.progress.push(`${title}: ${message}`);
                reports++;
                if (this.cancelAfterReports !== undefined && reports >= this.cancelAfterReports) {
                    cancellation.isCancellationRequested = true;
                }
            },
        }, cancellation);
    }

    async workspace(): Promise<MemoryWorkspace | undefined> {
        // A real editor answers after a round trip; a second command can arrive meanwhile.
        await new Promise(resolve => setTimeout(resolve, 5));
        return this.workspaceFolder;
    }

    readSetting(key: string): unknown {
        return this.settings[key.replace(/^fsPerf\./, '')];
    }
}

/** `workspace.fs.readFile` over the memory workspace: the catalog entry with a fake implementation. */
function readScenario(workspace: MemoryWorkspace, fixturesFolder: string): Scenario {
    return {
        ...SCENARIO_CATALOG.vscodeReadFile,
        prepare: async target => ({ runSample: async () => ({ bytes: workspace.files.get(`${fixturesFolder}/${target.fileName}`)! }) }),
    };
}

function definition(overrides: Partial<RunDefinition<MemoryWorkspace>> = {}): RunDefinition<MemoryWorkspace> {
    return {
        title: 'Run Test',
        scenarios: [SCENARIO_CATALOG.vscodeReadFile.id],
        tool: { name: 'fs-perf-test', version: '9.9.9' },
        createScenarios: (workspace, fixturesFolder) => [readScenario(workspace, fixturesFolder)],
        host: async () => HOST,
        environment: async () => ({ os: { platform: 'test', release: '1', arch: 'x' }, memoryBytes: 1, versions: {} }),
        ...overrides,
    };
}

const generator: FixtureGenerator = async ({ onProgress }) => {
    onProgress('writing 1K.bin', 1, 2);
    return { written: ['1K.bin'], repaired: [], unchanged: ['5K.bin'], smallFilesWritten: 3, smallFilesUnchanged: 0 };
};

suite('BenchmarkSession', () => {
    let frontEnd: RecordingFrontEnd;
    let session: BenchmarkSession<GenerateSummary, MemoryWorkspace>;

    setup(() => {
        frontEnd = new RecordingFrontEnd();
        session = new BenchmarkSession(frontEnd, 'vscode', generator);
    });

    test('a completed run prints its tables, writes one valid results file and says where', async () => {
        const outcome = await session.run(definition());
        assert.strictEqual(outcome.status, 'completed', JSON.stringify(outcome));
        const written = [...frontEnd.workspaceFolder!.files.keys()].filter(name => name.startsWith('.fs-perf/results/'));
        assert.lengthOf(written, 1);
        const document = validateResultsDocument(JSON.parse(new TextDecoder().decode(frontEnd.workspaceFolder!.files.get(written[0])!)));
        assert.deepStrictEqual(document.tool, { name: 'fs-perf-test', version: '9.9.9' });
        assert.deepStrictEqual(document.results.map(row => row.targetLabel), ['1K', '5K']);
        assert.strictEqual(outcome.status === 'completed' && outcome.resultsUri, `memory:/w/${written[0]}`);
        assert.match(frontEnd.lines[0], /^\[.*\] Run Test: 1 scenario\(s\) at 1K, 5K in Test Editor \(2 samples \+ 0 warm-up each\), fixtures in \/w\/\.fs-perf\/fixtures$/);
        assert.deepStrictEqual(frontEnd.lines.map(parseRunEnd).filter(Boolean), [{ status: 'completed', resultsLocation: `/w/${written[0]}` }]);
        assert.isTrue(frontEnd.lines.some(line => line.includes('workspace.fs.readFile')), 'the table is printed');
        assert.include(frontEnd.progress, 'FS Perf: Run Test: workspace.fs.readFile 1K: timed 1/2');
    });

    test('a settle function runs before every sample and is recorded; the precision target is passed on and recorded', async () => {
        let settles = 0;
        const outcome = await session.run(definition({ settle: () => settles++ }));
        const document = outcome.status === 'completed' ? outcome.document : undefined;
        assert.strictEqual(settles, 4, 'two sizes, two samples each');
        assert.deepStrictEqual([document?.settings.settle, document?.settings.interleaved, document?.settings.precisionPercent], ['gc', true, undefined]);
        // Six identical-ish samples at least are needed for an interval: a 2-sample run samples on toward the target.
        const precise = await session.run(definition({ options: { precisionPercent: 50, iterations: 6 } }));
        const preciseDocument = precise.status === 'completed' ? precise.document : undefined;
        assert.deepStrictEqual([preciseDocument?.settings.settle, preciseDocument?.settings.precisionPercent], ['none', 50]);
        assert.isTrue(preciseDocument?.results.every(row => typeof row.reachedPrecision === 'boolean'));
    });

    test('a caller\'s pause overrides the setting and is recorded; one out of range is refused with its value', async () => {
        const paused = await session.run(definition({ options: { pauseMs: 30 } }));
        assert.strictEqual(paused.status === 'completed' && paused.document.settings.pauseMs, 30);
        const unpaused = await session.run(definition({ options: { pauseMs: 0 } }));
        assert.isTrue(unpaused.status === 'completed' && unpaused.document.settings.pauseMs === undefined, 'no pause: none recorded');
        const refused = await session.run(definition({ options: { pauseMs: 99_999 } }));
        assert.strictEqual(refused.status, 'failed', JSON.stringify(refused));
        assert.match(refused.status === 'failed' ? refused.message : '', /fsPerf\.pause.*99999/);
    });

    test('two runs issued back to back: the second is refused while the first runs, and runs afterwards', async () => {
        const [first, second] = await Promise.all([session.run(definition()), session.run(definition())]);
        assert.strictEqual(first.status, 'completed');
        assert.deepStrictEqual(second, { status: 'refused', message: 'FS Perf is already running a benchmark: wait for it to finish or cancel it from its notification.' });
        assert.deepStrictEqual(frontEnd.messages.map(message => message.severity), ['warning']);
        assert.strictEqual((await session.run(definition())).status, 'completed');
    });

    test('generating test files during a run is refused too', async () => {
        const [run, generate] = await Promise.all([session.run(definition()), session.generateTestFiles()]);
        assert.strictEqual(run.status, 'completed');
        assert.strictEqual(generate.status, 'refused');
    });

    test('without an open folder it offers to open one, and runs nothing', async () => {
        frontEnd.workspaceFolder = undefined;
        assert.deepStrictEqual(await session.run(definition()), { status: 'refused', message: 'No folder is open.' });
        assert.deepStrictEqual(frontEnd.messages, [{
            severity: 'error', message: 'FS Perf needs an open folder: the test files and the results are kept in it.', actions: ['Open Folder'],
        }]);
        assert.isFalse(session.busy);
    });

    test('invalid settings are named, with "Open Settings", and nothing runs', async () => {
        frontEnd.settings = { iterations: 0, scenarios: ['nope'] };
        const outcome = await session.run({ ...definition(), scenarios: undefined });
        assert.strictEqual(outcome.status, 'failed');
        assert.match(outcome.status === 'failed' ? outcome.message : '', /'fsPerf\.iterations' must be a whole number from 1 to 1000.*'fsPerf\.scenarios' has unknown scenario 'nope'/);
        assert.deepStrictEqual(frontEnd.messages[0].actions, ['Open Settings']);
        assert.deepStrictEqual(frontEnd.progress, []);
    });

    test('options of the caller replace the settings for one run', async () => {
        const outcome = await session.run(definition({ options: { sizes: ['50K'], iterations: 3, writeResults: false } }));
        assert.strictEqual(outcome.status, 'completed');
        const document = outcome.status === 'completed' ? outcome.document : undefined;
        assert.deepStrictEqual(document?.results.map(row => [row.targetLabel, row.samplesMs.length]), [['50K', 3]]);
        assert.isUndefined(outcome.status === 'completed' ? outcome.resultsUri : 'x', 'no results file when the caller said so');
        assert.isFalse([...frontEnd.workspaceFolder!.files.keys()].some(name => name.startsWith('.fs-perf/results/')));
    });

    test('a missing fixture stops the run naming the file, offers "Generate Test Files", writes nothing', async () => {
        frontEnd.workspaceFolder!.files.delete('.fs-perf/fixtures/5K.bin');
        const outcome = await session.run(definition());
        assert.deepStrictEqual(outcome, {
            status: 'failed', message: "Fixture 5K.bin is missing: run 'FS Perf: Generate Test Files' (or `yarn fixtures`).", fileName: '5K.bin',
        });
        assert.strictEqual(frontEnd.lines.at(-1), `${OutputMarkers.runStopped}${outcome.status === 'failed' ? outcome.message : ''} No results were written.`);
        assert.deepStrictEqual(frontEnd.messages[0].actions, ['Generate Test Files']);
        assert.isFalse([...frontEnd.workspaceFolder!.files.keys()].some(name => name.startsWith('.fs-perf/results/')));
    });

    test('Cancel stops the run: "Run cancelled" and no results file', async () => {
        frontEnd.cancelAfterReports = 1;
        assert.deepStrictEqual(await session.run(definition()), { status: 'cancelled' });
        assert.strictEqual(frontEnd.lines.at(-1), OutputMarkers.runCancelled);
        assert.isFalse([...frontEnd.workspaceFolder!.files.keys()].some(name => name.startsWith('.fs-perf/results/')));
    });

    test('an extension of the run (Theia\'s plugin rows) decides its outcome; its failure writes nothing', async () => {
        const failed = await session.run(definition({ extend: async () => ({ status: 'failed', message: 'the plugin failed' }) }));
        assert.deepStrictEqual(failed, { status: 'failed', message: 'the plugin failed' });
        assert.isFalse([...frontEnd.workspaceFolder!.files.keys()].some(name => name.startsWith('.fs-perf/results/')));
        const cancelled = await session.run(definition({ extend: async () => ({ status: 'cancelled' }) }));
        assert.deepStrictEqual(cancelled, { status: 'cancelled' });
    });

    test('an unexpected failure is told with its message and logged', async () => {
        const outcome = await session.run(definition({ createScenarios: () => [{ ...SCENARIO_CATALOG.vscodeReadFile, prepare: async () => {
            throw new Error('disk on fire');
        } }] }));
        assert.deepStrictEqual(outcome, { status: 'failed', message: 'disk on fire' });
        assert.deepStrictEqual(frontEnd.messages.at(-1), { severity: 'error', message: 'FS Perf: the run failed: disk on fire', actions: [] });
    });

    test('"Check Accuracy" alternates bare loops and the harness from 500K up and prints the verdict; smaller sizes alone are refused', async () => {
        const refused = await session.checkAccuracy(definition());
        assert.deepStrictEqual(refused, { status: 'failed', message: 'The accuracy check measures sizes from 500K up, and the settings choose 1K, 5K.' });
        frontEnd.settings = { iterations: 3, warmup: 0, sizes: ['5K', '500K'] };
        const outcome = await session.checkAccuracy(definition());
        assert.strictEqual(outcome.status, 'completed');
        const cases = outcome.status === 'completed' ? outcome.cases : [];
        assert.deepStrictEqual(cases.map(result => [result.targetLabel, result.rounds.length]), [['500K', DEFAULT_ACCURACY_ROUNDS]]);
        assert.isTrue(frontEnd.lines.some(line => line.startsWith('Accuracy: ')));
        const written = [...frontEnd.workspaceFolder!.files.keys()].filter(name => name.startsWith('.fs-perf/accuracy/'));
        assert.lengthOf(written, 1);
        assert.strictEqual(outcome.status === 'completed' && outcome.resultsUri, `memory:/w/${written[0]}`);
        assert.deepStrictEqual(frontEnd.lines.map(parseRunEnd).filter(Boolean), [{ status: 'completed', resultsLocation: `/w/${written[0]}` }]);
        const document = JSON.parse(new TextDecoder().decode(frontEnd.workspaceFolder!.files.get(written[0])));
        assert.deepStrictEqual([document.schema, document.cases.length], ['fs-perf-accuracy', 1]);
        assert.isFalse(session.busy);
    });

    test('"Generate Test Files" reports what it wrote, in the Output channel and a message', async () => {
        const outcome = await session.generateTestFiles();
        assert.strictEqual(outcome.status, 'completed');
        assert.include(frontEnd.lines, `${OutputMarkers.testFilesReady}/w/.fs-perf/fixtures: 1 written (0 repaired), 1 already correct; `
            + 'small files: 3 written, 0 already correct.');
        assert.deepStrictEqual(frontEnd.progress, ['FS Perf: Generating test files: writing 1K.bin']);
    });

    test('generated test files and results are ignored by git: .fs-perf/ gets a .gitignore of *, and one of the user\'s is kept', async () => {
        const files = (): Map<string, Uint8Array> => frontEnd.workspaceFolder!.files;
        await session.generateTestFiles();
        assert.strictEqual(new TextDecoder().decode(files().get('.fs-perf/.gitignore')), FS_PERF_GITIGNORE);
        assert.match(FS_PERF_GITIGNORE, /^\*$/m);
        files().set('.fs-perf/.gitignore', new TextEncoder().encode('results/\n'));
        assert.strictEqual((await session.run(definition())).status, 'completed');
        assert.strictEqual(new TextDecoder().decode(files().get('.fs-perf/.gitignore')), 'results/\n');
        files().delete('.fs-perf/.gitignore');
        assert.strictEqual((await session.run(definition())).status, 'completed');
        assert.strictEqual(new TextDecoder().decode(files().get('.fs-perf/.gitignore')), FS_PERF_GITIGNORE, 'a run writes it too');
    });

    test('a failing generation is told; the session is free afterwards', async () => {
        session = new BenchmarkSession(frontEnd, 'vscode', async () => {
            throw new FixtureError('the disk is full');
        });
        assert.deepStrictEqual(await session.generateTestFiles(), { status: 'failed', message: 'the disk is full' });
        assert.include(frontEnd.lines, `${OutputMarkers.generateFailed}the disk is full`);
        assert.isFalse(session.busy);
    });

    test('selectScenarios gives the implementations of the ids in order, and names an id without one', () => {
        const workspace = new MemoryWorkspace();
        const implementations = Object.fromEntries(VSCODE_SCENARIO_IDS.map(id => [id, { ...readScenario(workspace, 'f'), id }]));
        const chosen = selectScenarios(implementations as never, [VSCODE_SCENARIO_IDS[2], VSCODE_SCENARIO_IDS[0]]);
        assert.deepStrictEqual(chosen.map(scenario => scenario.id), [VSCODE_SCENARIO_IDS[2], VSCODE_SCENARIO_IDS[0]]);
        assert.throws(() => selectScenarios(implementations as never, ['theia.FileService.readFile']), /Scenario 'theia\.FileService\.readFile' has no implementation/);
    });
});

/** The recording editor, able to pick results files and to show a report page. */
class ReportingFrontEnd extends RecordingFrontEnd {
    readonly shown: { title: string; html: string }[] = [];
    offered: ResultsFileChoice[] | undefined;
    answer: (choices: readonly ResultsFileChoice[]) => readonly string[] | undefined = choices => choices.filter(choice => choice.picked).map(choice => choice.path);

    async pickResultsFiles(choices: readonly ResultsFileChoice[]): Promise<readonly string[] | undefined> {
        this.offered = [...choices];
        return this.answer(choices);
    }

    showReport(title: string, html: string): void {
        this.shown.push({ title, html });
    }

    readonly reportActions: (readonly string[])[] = [];

    showReportAction(paths: readonly string[]): SessionAction {
        return { label: 'Show Report', run: () => this.reportActions.push(paths) };
    }
}

suite('BenchmarkSession: Show Report', () => {
    let frontEnd: ReportingFrontEnd;
    let session: BenchmarkSession<GenerateSummary, MemoryWorkspace>;

    setup(() => {
        frontEnd = new ReportingFrontEnd();
        session = new BenchmarkSession(frontEnd, 'vscode', generator);
    });

    const resultsFiles = (): string[] => [...frontEnd.workspaceFolder!.files.keys()].filter(name => name.startsWith('.fs-perf/results/')).sort();

    test('a completed run offers "Show Report" on its results file', async () => {
        assert.strictEqual((await session.run(definition())).status, 'completed');
        const [file] = resultsFiles();
        assert.deepStrictEqual(frontEnd.messages.at(-1), {
            severity: 'info', message: `FS Perf: Run Test finished; results in ${file.split('/').pop()}.`, actions: ['Show Report'],
        });
        assert.deepStrictEqual(frontEnd.reportActions, [], 'nothing shown until the person clicks');
        const action = frontEnd.showReportAction([file]);
        action.run();
        assert.deepStrictEqual(frontEnd.reportActions, [[file]]);
        // A run that writes no file of its own (the plugin's, inside Theia's "Run All") offers nothing.
        const before = frontEnd.messages.length;
        assert.strictEqual((await session.run(definition({ options: { writeResults: false } }))).status, 'completed');
        assert.strictEqual(frontEnd.messages.length, before);
    });

    test('after a run, the one results file is shown at once: headline first, no script, nothing from the network, the editor\'s colours', async () => {
        assert.strictEqual((await session.run(definition())).status, 'completed');
        const outcome = await session.showReport();
        assert.deepStrictEqual(outcome, { status: 'shown', files: resultsFiles(), title: frontEnd.shown[0].title });
        assert.isUndefined(frontEnd.offered, 'one file: nothing to pick');
        const { title, html } = frontEnd.shown[0];
        // The model's title, as `yarn report` writes it: the kind of run and its day (this editor reports no CPU).
        assert.match(title, /^FS Performance, default run: \d{4}-\d{2}-\d{2}$/);
        assert.include(html, `<title>${title}</title>`);
        assert.include(html, '<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;; img-src data:">');
        assert.notMatch(html, /<script|(src|href)="https?:|url\(/, 'no script, nothing loaded from anywhere');
        assert.include(html, 'var(--vscode-editor-background');
        assert.isBelow(html.indexOf('<h2>Headline</h2>'), html.indexOf('<h2>How to read</h2>'));
        assert.include(html, '<li>workspace.fs.readFile of 5K, median ms [95%]: VS Code server ');
    });

    test('several results files: the person picks (the newest picked first), and the picked ones are merged into one report', async () => {
        await session.run(definition());
        await new Promise(resolve => setTimeout(resolve, 5));
        await session.run(definition());
        const files = resultsFiles();
        assert.lengthOf(files, 2);
        frontEnd.answer = choices => choices.map(choice => choice.path);
        const outcome = await session.showReport();
        assert.deepStrictEqual(frontEnd.offered?.map(choice => [choice.path, choice.picked]), [[files[1], true], [files[0], false]]);
        assert.match(frontEnd.offered![0].description, /^VS Code server, \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC, 2 rows$/);
        assert.deepStrictEqual(outcome.status === 'shown' && outcome.files, [files[1], files[0]]);
        assert.strictEqual(frontEnd.shown[0].title, `FS Performance, default run: ${new Date().toISOString().slice(0, 10)}`, 'the day of the first file');
        frontEnd.answer = () => undefined;
        assert.deepStrictEqual(await session.showReport(), { status: 'cancelled' });
        assert.lengthOf(frontEnd.shown, 1, 'a cancelled pick shows nothing');
    });

    test('no folder, no results, or a corrupt results file: a clear message, and nothing shown', async () => {
        frontEnd.workspaceFolder = undefined;
        assert.strictEqual((await session.showReport()).status, 'refused');
        assert.deepInclude(frontEnd.messages, { severity: 'error', message: 'FS Perf needs an open folder: the results are kept in it.', actions: ['Open Folder'] });
        frontEnd.workspaceFolder = new MemoryWorkspace();
        assert.strictEqual((await session.showReport()).status, 'refused');
        assert.match(frontEnd.messages.at(-1)!.message, /there are no results yet in \.fs-perf\/results: run a benchmark first/);
        frontEnd.workspaceFolder.files.set('.fs-perf/results/2026-11-22T10-00-00-000Z_broken.json', new TextEncoder().encode('{"schema": "fs-perf-results"'));
        const outcome = await session.showReport();
        assert.strictEqual(outcome.status, 'failed');
        assert.match(frontEnd.messages.at(-1)!.message, /^FS Perf: the report cannot be shown: \/w\/\.fs-perf\/results\/2026-11-22T10-00-00-000Z_broken\.json is not valid JSON/);
        assert.lengthOf(frontEnd.shown, 0);
    });
});
