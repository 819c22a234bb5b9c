import { assert } from 'chai';
import { promises as fs } from 'fs';
import * as path from 'path';
import { CLOCK_SLACK_MS, FIXTURE_SIZE_LABELS, FIXTURE_SIZES, PLUGIN_READ_HOPS, SCENARIO_CATALOG, THEIA_SCENARIO_IDS } from '@fs-perf/benchmark-core';
import { HostSession, readResultsFile, resultFiles } from '@fs-perf/bench';
import { checkReportFrame, closeSession, skipWithoutChromium } from '../session-helpers';

/** A Theia browser app on a fresh workspace with fixtures, for one suite; skipped without Chromium. */
function theiaSession(settings: Record<string, unknown>, environment: NodeJS.ProcessEnv = {}): () => HostSession {
    let session: HostSession | undefined;
    suiteSetup(async function (): Promise<void> {
        await skipWithoutChromium(this);
        session = await HostSession.theiaBrowser({ settings, environment, workspace: { fixtures: { smallFileCount: 100 } } });
    });
    suiteTeardown(() => closeSession(session));
    return () => session!;
}

suite('Theia browser app in headless Chromium', function (): void {
    const session = theiaSession({ 'fsPerf.iterations': 3, 'fsPerf.warmup': 1 });

    test('"FS Perf: Run All" from the palette measures the Theia scenarios and the plugin into one valid results file', async () => {
        const { workbench } = session();
        const resultsFile = await workbench.runToCompletion('FS Perf: Run All', { timeoutMs: 10 * 60_000 });
        const document = await readResultsFile(resultsFile);
        assert.strictEqual(document.host.editor, 'theia');
        assert.strictEqual(document.host.runtime, 'browser');
        assert.strictEqual(document.host.extensionKind, 'extension');
        assert.match(document.host.editorVersion, /^1\.74\./);
        const expectedVerification: Record<string, string> = Object.fromEntries(Object.values(SCENARIO_CATALOG).map(scenario => [scenario.id, scenario.verifiedAs]));
        for (const id of [...THEIA_SCENARIO_IDS, SCENARIO_CATALOG.vscodeReadFile.id]) {
            const rows = document.results.filter(row => row.scenario.id === id);
            assert.deepStrictEqual(rows.map(row => row.targetLabel), [...FIXTURE_SIZE_LABELS], id);
            for (const row of rows) {
                assert.strictEqual(row.verification, expectedVerification[id], `${id} ${row.targetLabel}`);
                assert.isAbove(row.statistics.medianMs, 0, `${id} ${row.targetLabel}`);
            }
        }
        const pluginRow = document.results.find(row => row.scenario.id === SCENARIO_CATALOG.vscodeReadFile.id);
        assert.strictEqual(pluginRow?.host?.extensionKind, 'plugin');
        assert.strictEqual(pluginRow?.host?.runtime, 'browser');
        assert.isTrue(document.results.filter(row => row.scenario.id === SCENARIO_CATALOG.theiaDiskFloor.id).every(row => row.reportedBySubject));
        // The streamed read keeps when its first chunk came, within each sample, and how many chunks there were.
        for (const row of document.results.filter(candidate => candidate.scenario.id === SCENARIO_CATALOG.theiaFileServiceReadFileStream.id)) {
            assert.strictEqual(row.stream?.firstChunkMs.length, row.samplesMs.length, row.targetLabel);
            assert.isTrue(row.stream!.firstChunkMs.every((ms, index) => ms > 0 && ms <= row.samplesMs[index]), `${row.targetLabel}: ${JSON.stringify(row.stream)}`);
            assert.isTrue(row.stream!.chunks.every(chunks => chunks >= 1), row.targetLabel);
        }
        assert.isAbove(document.results.find(row => row.scenario.id === SCENARIO_CATALOG.theiaFileServiceReadFileStream.id && row.targetLabel === '10000K')!.stream!.chunks[0], 1,
            'a 10000K file comes in more than one chunk');

        // The plugin's read run alone with the trace on: every timed sample split into the five hops, which add up to it.
        const hopRows = document.results.filter(row => row.scenario.id === SCENARIO_CATALOG.vscodeReadFileHops.id);
        assert.deepStrictEqual(hopRows.map(row => row.targetLabel), [...FIXTURE_SIZE_LABELS]);
        for (const row of hopRows) {
            assert.strictEqual(row.host?.extensionKind, 'plugin');
            assert.deepStrictEqual(row.hops?.hops, PLUGIN_READ_HOPS.map(hop => hop.id), row.targetLabel);
            assert.strictEqual(row.hops!.unmatched, 0, `${row.targetLabel}: every sample has its frontend and backend records`);
            assert.lengthOf(row.hops!.samplesMs, row.samplesMs.length, row.targetLabel);
            row.hops!.samplesMs.forEach((hops, index) => {
                assert.closeTo(hops.reduce((sum, ms) => sum + ms, 0), row.samplesMs[index], 0.01, `${row.targetLabel} sample ${index}`);
                assert.isTrue(hops.every(ms => ms > -CLOCK_SLACK_MS), `${row.targetLabel}: ${JSON.stringify(hops)}`);
            });
        }
        const disk10000 = hopRows.find(row => row.targetLabel === '10000K')!.hops!.samplesMs.map(hops => hops[2]);
        assert.isTrue(disk10000.every(ms => ms > 0), `the backend's disk read of 10000K takes time: ${JSON.stringify(disk10000)}`);

        // CPU passes: every fixture case of 500K and up has the CPU time of the processes its host could see.
        const minimum = FIXTURE_SIZES.find(size => size.label === '500K')!.bytes;
        const passed = document.results.filter(row => row.scenario.target === 'fixture' && row.bytes >= minimum && row.scenario.id !== SCENARIO_CATALOG.vscodeReadFileHops.id);
        assert.isNotEmpty(passed);
        for (const row of passed) {
            const seen = row.cpu?.processes.map(entry => entry.process) ?? [];
            const expected = row.host?.extensionKind === 'plugin' ? ['plugin host', 'Theia backend', 'page renderer'] : ['Theia backend', 'page renderer'];
            assert.includeMembers(seen, expected, `${row.scenario.id} ${row.targetLabel}`);
            assert.isAtLeast(row.cpu!.calls, 3, `${row.scenario.id} ${row.targetLabel}`);
        }
        const pluginCpu = passed.find(row => row.scenario.id === SCENARIO_CATALOG.vscodeReadFile.id && row.targetLabel === '10000K')!.cpu!;
        for (const process of ['plugin host', 'Theia backend', 'page renderer']) {
            assert.isAbove(pluginCpu.processes.find(entry => entry.process === process)!.cpuMs, 0, `${process} works during a plugin's read of 10000K`);
        }

        const lines = (await workbench.outputLines()).map(line => line.text);
        // The end of the channel is in view: the CPU tables, a row per size from 500K up.
        assert.isTrue(lines.some(line => /^10000K\s+[\d.]+\s+[\d.]+/.test(line)), `a 10000K table row in ${JSON.stringify(lines)}`);

        // The Theia extension's own report view of the run: one results file, so no pick.
        await workbench.runCommand('FS Perf: Show Report (Theia)');
        const frame = await workbench.frameShowing('<h2>Headline</h2>', 60_000);
        const headline = await checkReportFrame(workbench.page, frame, 'show-report-theia.png');
        assert.isTrue(headline.some(item => item.startsWith('Where Theia browser (plugin)\'s workspace.fs.readFile of 10000K spends its time (traced): ')), JSON.stringify(headline));
        const themeBackground = await workbench.page.evaluate(() => {
            const probe = globalThis.document.createElement('div');
            probe.style.backgroundColor = 'var(--theia-editor-background)';
            globalThis.document.body.appendChild(probe);
            const color = getComputedStyle(probe).backgroundColor;
            probe.remove();
            return color;
        });
        assert.strictEqual(await frame.$eval('body', body => getComputedStyle(body).backgroundColor), themeBackground, 'in the colours of Theia\'s theme');
    });
});

suite('Theia browser app: the VS Code extension\'s "Show Report" as a plugin', function (): void {
    // Theia serves a plugin's webview from {{uuid}}.webview.{{hostname}}, which does not resolve for 127.0.0.1 (no wildcard DNS for
    // an address): here the webview is served from the app's own host, as THEIA_WEBVIEW_EXTERNAL_ENDPOINT allows.
    const session = theiaSession({ 'fsPerf.iterations': 3, 'fsPerf.warmup': 0, 'fsPerf.cpuPass': false, 'fsPerf.sizes': ['1K', '500K'] },
        { THEIA_WEBVIEW_EXTERNAL_ENDPOINT: '{{hostname}}' });

    test('the plugin\'s run, then the plugin\'s "FS Perf: Show Report": Theia hosts its webview, headline first, a chart with its legend', async () => {
        const { workbench } = session();
        await workbench.runToCompletion('FS Perf: Run File Read Benchmark', { timeoutMs: 180_000 });
        await workbench.runCommand('FS Perf: Show Report');
        const frame = await workbench.frameShowing('<h2>Headline</h2>', 60_000);
        const headline = await checkReportFrame(workbench.page, frame, 'show-report-theia-plugin.png');
        assert.match(headline[0], /^workspace\.fs\.readFile of 500K, median ms \[95%\]: Theia browser \(plugin\) \d/);
    });
});

suite('Theia browser app: two runs issued in the same instant', function (): void {
    let session: HostSession | undefined;
    suiteSetup(async function (): Promise<void> {
        await skipWithoutChromium(this);
        // A test-only plugin whose command calls "Run Theia Benchmark" twice without waiting in between.
        session = await HostSession.theiaBrowser({
            settings: { 'fsPerf.warmup': 0 }, workspace: { fixtures: { smallFileCount: 10 } },
            extraPluginFolders: [path.join(__dirname, '..', '..', '..', 'test-plugins')],
        });
    });
    suiteTeardown(() => closeSession(session));

    test('one runs, the other is refused (the busy guard is taken before the first await)', async () => {
        const { workbench } = session!;
        await workbench.runCommand('FS Perf Test: Run Theia Benchmark Twice at Once');
        const notification = await workbench.waitForNotification('the two outcomes', candidate => /FS Perf Test: back to back:/.test(candidate.message), 180_000);
        assert.match(notification.message, /back to back: (completed, refused|refused, completed)/);
    });
});

suite('Theia browser app: bad input', function (): void {
    const session = theiaSession({ 'fsPerf.iterations': 1000, 'fsPerf.warmup': 0 });

    test('a second run while one is going is refused, and Cancel stops the run with no results file', async () => {
        const { workbench, workspace } = session();
        const run = await workbench.startRun('FS Perf: Run Theia Benchmark');
        await workbench.waitForNotification('the progress to show a sample count', notification => notification.progress && /^FS Perf: Run Theia Benchmark.*timed \d+\/1000/.test(notification.message), 120_000);
        try {
            await workbench.startRun('FS Perf: Run All');
            assert.fail('a second run started');
        } catch (error) {
            assert.include((error as Error).message, 'FS Perf is already running a benchmark');
        }
        await workbench.clickNotificationButton('FS Perf: Run Theia Benchmark', 'Cancel');
        assert.deepStrictEqual(await run.end({ timeoutMs: 120_000 }), { status: 'cancelled' });
        assert.deepStrictEqual(await resultFiles(workspace!), []);
    });

    test('a corrupted fixture stops the run naming the file; "Generate Test Files" repairs it', async () => {
        const { workbench, workspace } = session();
        const file = path.join(workspace!, '.fs-perf', 'fixtures', '1K.bin');
        const bytes = await fs.readFile(file);
        bytes[10] ^= 0xff;
        await fs.writeFile(file, bytes);
        const end = await (await workbench.startRun('FS Perf: Run Theia Benchmark')).end({ timeoutMs: 120_000 });
        assert.strictEqual(end.status, 'failed');
        assert.match(end.status === 'failed' ? end.message : '', /^1K\.bin does not match the fixture manifest .* No results were written\.$/);
        assert.deepStrictEqual(await resultFiles(workspace!), []);
        // The run's own error notification can show after its end line: wait for it, so the next command does not take it for its own.
        await workbench.waitForNotification('the failed run\'s notification', notification => notification.severity !== 'info' && /1K\.bin does not match/.test(notification.message));
        const summary = await workbench.generateTestFiles('FS Perf: Generate Test Files (Theia FileService)', { timeoutMs: 120_000 });
        assert.match(summary, /^Test files ready in .*: 1 written \(1 repaired\), 5 already correct/);
    });
});
