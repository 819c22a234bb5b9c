import { assert } from 'chai';
import { spawnSync } from 'child_process';
import { promises as fs } from 'fs';
import * as path from 'path';
import { parseSizeList, RESULTS_DIRECTORY } from '@fs-perf/benchmark-core';
import { ensureCodeServer, HostSession, HostSessionOptions, readResultsFile, REPOSITORY_ROOT, resultFiles } from '@fs-perf/bench';
import { checkReportFrame, closeSession, copyResultsIntoWorkspace, NETWORK_RUN, NETWORK_RUN_FILES, skipWithoutChromium, SLOWEST_LINK_HEADLINE, testRun } from '../session-helpers';

const EXTENSION_DIRECTORY = path.join(REPOSITORY_ROOT, 'vscode-extension');

suite('VS Code extension in code-server, driven like a person', function (): void {
    let vsix: string;
    let scratch: string;
    let session: HostSession | undefined;

    /** code-server with the packaged extension; closed (and checked to be gone) after each test. */
    async function open(options: HostSessionOptions): Promise<HostSession> {
        session = await HostSession.codeServer({ vsix, ...options });
        return session;
    }

    suiteSetup(async function (): Promise<void> {
        await skipWithoutChromium(this);
        ensureCodeServer();
        scratch = await fs.mkdtemp(path.join(REPOSITORY_ROOT, 'e2e', '.tmp-ui-'));
        vsix = path.join(scratch, 'fs-perf-vscode.vsix');
        const vsce = path.join(REPOSITORY_ROOT, 'node_modules', '.bin', 'vsce');
        const packaged = spawnSync(vsce, ['package', '--no-dependencies', '--allow-missing-repository', '--out', vsix],
            { cwd: EXTENSION_DIRECTORY, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
        assert.strictEqual(packaged.status, 0, `vsce package failed:\n${packaged.stdout}\n${packaged.stderr}`);
    });

    teardown(async () => {
        const closing = session;
        session = undefined;
        await closeSession(closing);
    });

    suiteTeardown(async () => {
        if (scratch) {
            await fs.rm(scratch, { recursive: true, force: true });
        }
    });

    test('"FS Perf: Run File Read Benchmark" from the palette shows its table in the Output panel and writes results', async () => {
        // Without CPU passes, so that the read's whole table is in the Output view's end (the CPU tables are the integration suite's).
        const { workbench, workspace } = await open({ settings: { 'fsPerf.iterations': 3, 'fsPerf.warmup': 1, 'fsPerf.cpuPass': false }, workspace: { fixtures: { smallFileCount: 50 } } });
        const resultsFile = await workbench.runToCompletion('FS Perf: Run File Read Benchmark', { timeoutMs: 120_000 });
        const text = (await workbench.outputLines()).map(line => line.text).join('\n');
        assert.match(text, /^1K\s+1024\s+3\s+\d+\.\d+/m);
        assert.match(text, /^10000K\s+10240000\s+3\s+\d+\.\d+\s.*sha256$/m);
        assert.deepStrictEqual(await resultFiles(workspace!), [path.basename(resultsFile)]);
        assert.strictEqual(path.dirname(resultsFile), path.join(workspace!, RESULTS_DIRECTORY));
        const document = await readResultsFile(resultsFile);
        assert.deepStrictEqual(document.results.map(row => row.targetLabel), parseSizeList('1K,5K,50K,500K,5000K,10000K').map(size => size.label));
        assert.strictEqual(document.host.runtime, 'server');
        assert.strictEqual(document.host.editorName, 'code-server');
        assert.strictEqual(document.settings.cpuPass, false);
        assert.isTrue(document.results.every(row => row.cpu === undefined), 'fsPerf.cpuPass: false makes no CPU pass');
    });

    test('"Show Report" on the message after a run shows the report in a webview: the headline first, a chart with its legend, no script', async () => {
        const { workbench } = await open({
            settings: { 'fsPerf.iterations': 3, 'fsPerf.warmup': 0, 'fsPerf.cpuPass': false, 'fsPerf.sizes': ['1K', '500K'] }, workspace: { fixtures: { smallFileCount: 50 } },
        });
        await workbench.runToCompletion('FS Perf: Run File Read Benchmark', { timeoutMs: 120_000 });
        // After the run: its message offers the report of its results file.
        await workbench.clickNotificationButton(/^FS Perf: Run File Read Benchmark finished; results in .*\.json\.$/, 'Show Report');
        const frame = await workbench.frameShowing('<h2>Headline</h2>', 60_000);
        const headline = await checkReportFrame(workbench.page, frame, 'show-report-code-server.png');
        assert.match(headline[0], /^workspace\.fs\.readFile of 500K, median ms \[95%\]: VS Code server \d/);
        // In the editor's colours: the page's text is the theme's foreground, not the standalone report's.
        assert.notStrictEqual(await frame.$eval('body', body => getComputedStyle(body).color), 'rgb(34, 34, 34)');
    });

    test('"Show Report" of a comparison (the test data\'s planted run\'s two sides, both picked): its headline first, the table and the forest plot', async () => {
        const { workbench, workspace } = await open({ workspace: { fixtures: false } });
        const run = path.join(testRun('compare'), 'results');
        const results = path.join(workspace!, '.fs-perf', 'results');
        await fs.mkdir(results, { recursive: true });
        // Under names the extensions give results files, which is what "Show Report" lists.
        await fs.copyFile(path.join(run, 'base.json'), path.join(results, '2026-11-25T08-19-00-000Z_base.json'));
        await fs.copyFile(path.join(run, 'head.json'), path.join(results, '2026-11-25T08-19-01-000Z_planted.json'));
        await workbench.runCommand('FS Perf: Show Report', { answers: [{ pickAll: true }] });
        const frame = await workbench.frameShowing('<h2>Headline</h2>', 60_000);
        const headline = await checkReportFrame(workbench.page, frame, 'show-report-code-server-compare.png');
        assert.match(headline[0], /^planted: .*; control: .*; 10 pairs of alternated blocks; 5 cells: 1 slower/);
        assert.strictEqual(await frame.$$eval('svg.forest-chart', elements => elements.length), 1, 'the forest plot');
        const rows = await frame.$$eval('table', tables => tables.map(table => table.querySelectorAll('tr:has(td)').length));
        assert.include(rows, 5, 'a row per cell');
    });

    test('"Show Report" of the committed run over links (every file picked): the slowest link\'s sentence in the headline, a section per link', async () => {
        const { workbench, workspace } = await open({ workspace: { fixtures: false } });
        await copyResultsIntoWorkspace(NETWORK_RUN, NETWORK_RUN_FILES, workspace!);
        await workbench.runCommand('FS Perf: Show Report', { answers: [{ pickAll: true }] });
        const frame = await workbench.frameShowing('<h2>Headline</h2>', 60_000);
        const headline = await checkReportFrame(workbench.page, frame, 'show-report-code-server-network.png');
        assert.isTrue(headline.some(item => SLOWEST_LINK_HEADLINE.test(item)), headline.join('\n'));
        const headings = await frame.$$eval('h2', elements => elements.map(element => element.textContent ?? ''));
        assert.includeMembers(headings.filter(heading => heading.startsWith('Over ')).map(heading => heading.split(' ')[1]), ['lan', 'cable', 'dsl']);
    });

    test('Cancel in the progress notification stops the run: "cancelled" in the Output panel, no results file', async () => {
        const { workbench, workspace } = await open({ settings: { 'fsPerf.iterations': 1000, 'fsPerf.warmup': 0 }, workspace: { fixtures: { smallFileCount: 50 } } });
        const run = await workbench.startRun('FS Perf: Run Benchmark');
        await workbench.waitForNotification('the progress to show a sample count', notification => notification.progress && /timed \d+\/1000/.test(notification.message));
        await workbench.clickNotificationButton(/^FS Perf: .*timed/, 'Cancel');
        assert.deepStrictEqual(await run.end({ timeoutMs: 60_000 }), { status: 'cancelled' });
        assert.deepStrictEqual(await resultFiles(workspace!), []);
        const leftovers = (await fs.readdir(path.join(workspace!, '.fs-perf', 'fixtures'))).filter(name => name.startsWith('.write-') || name.includes('.tmp'));
        assert.deepStrictEqual(leftovers, []);
    });

    test('with no folder open, "Run Benchmark" says a folder is needed and offers to open one', async () => {
        const { workbench } = await open({ workspace: 'none' });
        await workbench.runCommand('FS Perf: Run Benchmark');
        const notification = await workbench.waitForNotification('the "needs an open folder" notification', candidate => /FS Perf needs an open folder/.test(candidate.message));
        assert.include(notification.buttons, 'Open Folder');
    });
});
