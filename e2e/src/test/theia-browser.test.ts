import { assert } from 'chai';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { FIXTURE_SIZE_LABELS, parseResultsDocument, RESULTS_DIRECTORY, SCENARIO_CATALOG, THEIA_SCENARIO_IDS } from '@fs-perf/benchmark-core';
import { generateFixtures } from '@fs-perf/test-files';
import { NodeFixtureStore } from '@fs-perf/test-files/lib/node';
import { chromiumAvailable, HeadlessChromium, launchChromium } from '../chromium';
import { processGroupMembers, waitFor } from '../processes';
import { RunningTheia, runTheiaCommand, startTheiaBrowserApp, THEIA_SELECTORS, theiaOutputLines, waitForTheiaWorkbench } from '../theia-browser';

async function resultFiles(workspace: string): Promise<string[]> {
    return (await fs.readdir(path.join(workspace, ...RESULTS_DIRECTORY.split('/'))).catch(() => [])).filter(name => name.endsWith('.json'));
}

/**
 * Waits until the Output view's text matches `pattern`. Theia wraps long lines, so the rendered lines are
 * joined without separators: match messages without `^`/`$` anchors.
 */
async function waitForOutput(page: HeadlessChromium['page'], pattern: RegExp, timeoutMs = 120_000): Promise<string> {
    let last = '';
    try {
        return await waitFor(`an Output text matching ${pattern}`, async () => {
            last = (await theiaOutputLines(page)).join('');
            return pattern.test(last) ? last : undefined;
        }, timeoutMs, 250);
    } catch (error) {
        throw new Error(`${(error as Error).message} The Output view showed: ${last}`);
    }
}

/** A Theia backend on a fresh workspace with fixtures, and headless Chromium on its workbench. */
async function openTheia(settings: Record<string, unknown>): Promise<{ workspace: string; theia: RunningTheia; browser: HeadlessChromium }> {
    const workspace = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-theia-ws-'));
    await generateFixtures({ store: new NodeFixtureStore(path.join(workspace, '.fs-perf', 'fixtures')), smallFileCount: 100 });
    const theia = await startTheiaBrowserApp(workspace, settings);
    const browser = await launchChromium(await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-theia-chromium-')));
    await browser.page.goto(theia.baseUrl);
    await waitForTheiaWorkbench(browser.page);
    return { workspace, theia, browser };
}

async function closeTheia(session: { workspace: string; theia: RunningTheia; browser: HeadlessChromium } | undefined): Promise<void> {
    if (!session) {
        return;
    }
    await session.browser.close();
    const pid = session.theia.pid;
    assert.deepStrictEqual(await session.theia.stop(), [], 'Theia backend stopped');
    assert.deepStrictEqual(await processGroupMembers(pid), []);
    await fs.rm(session.workspace, { recursive: true, force: true });
}

suite('Theia browser app in headless Chromium', function (): void {
    let workspace: string;
    let theia: RunningTheia | undefined;
    let browser: HeadlessChromium | undefined;

    suiteSetup(async function (): Promise<void> {
        const missing = await chromiumAvailable();
        if (missing) {
            console.log(`SKIPPED: ${missing}`);
            this.skip();
        }
        ({ workspace, theia, browser } = await openTheia({ 'fsPerf.iterations': 3, 'fsPerf.warmup': 1 }));
    });

    suiteTeardown(async () => {
        await closeTheia(theia && browser ? { workspace, theia, browser } : undefined);
    });

    test('"FS Perf: Run All" from the palette measures the Theia scenarios and the plugin into one valid results file', async () => {
        const page = browser!.page;
        await runTheiaCommand(page, 'FS Perf: Run All');
        const resultsFolder = path.join(workspace, ...RESULTS_DIRECTORY.split('/'));
        const file = await waitFor('a results file', async () => (await fs.readdir(resultsFolder).catch(() => [])).find(name => name.endsWith('.json')),
            10 * 60_000, 500);
        const document = parseResultsDocument(await fs.readFile(path.join(resultsFolder, file), 'utf8'), file);
        assert.strictEqual(document.host.editor, 'theia');
        assert.strictEqual(document.host.runtime, 'browser');
        assert.strictEqual(document.host.extensionKind, 'extension');
        assert.match(document.host.editorVersion, /^1\.74\./);
        const expectedVerification: Record<string, string> = {
            [SCENARIO_CATALOG.theiaFileServiceReadFile.id]: 'sha256',
            [SCENARIO_CATALOG.theiaFileServiceReadFileStream.id]: 'sha256',
            [SCENARIO_CATALOG.theiaNodeFsService.id]: 'sha256',
            [SCENARIO_CATALOG.theiaDiskFloor.id]: 'length',
            [SCENARIO_CATALOG.theiaRpcTransport.id]: 'length',
            [SCENARIO_CATALOG.theiaHttpFetch.id]: 'sha256',
            [SCENARIO_CATALOG.vscodeReadFile.id]: 'sha256',
        };
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

        const lines = await waitFor('the Results line in the Output view', async () => {
            const rendered = await theiaOutputLines(page);
            return rendered.some(line => /^Results: .*\.json$/.test(line)) ? rendered : undefined;
        }, 30_000, 250);
        assert.isTrue(lines.some(line => /^10000K\s+10240000\s+3\s+\d/.test(line)), `a 10000K table row in ${JSON.stringify(lines)}`);
    });
});

suite('Theia browser app: bad input', function (): void {
    let session: Awaited<ReturnType<typeof openTheia>> | undefined;

    suiteSetup(async function (): Promise<void> {
        const missing = await chromiumAvailable();
        if (missing) {
            console.log(`SKIPPED: ${missing}`);
            this.skip();
        }
        session = await openTheia({ 'fsPerf.iterations': 1000, 'fsPerf.warmup': 0 });
    });

    suiteTeardown(async () => {
        await closeTheia(session);
    });

    test('a second run while one is going is refused, and Cancel stops the run with no results file', async () => {
        const { page } = session!.browser;
        await runTheiaCommand(page, 'FS Perf: Run Theia Benchmark');
        const progress = page.locator(THEIA_SELECTORS.notification).filter({ hasText: /FS Perf: Run Theia Benchmark.*timed \d+\/1000/ }).first();
        await progress.waitFor({ state: 'visible', timeout: 120_000 });
        await runTheiaCommand(page, 'FS Perf: Run All');
        await page.locator(THEIA_SELECTORS.notification).filter({ hasText: 'FS Perf is already running a benchmark' }).first()
            .waitFor({ state: 'visible', timeout: 30_000 });
        await progress.locator('button.theia-button', { hasText: 'Cancel' }).click();
        await waitForOutput(page, /Run cancelled: no results were written\./);
        assert.deepStrictEqual(await resultFiles(session!.workspace), []);
    });

    test('a corrupted fixture stops the run naming the file; "Generate Test Files" repairs it', async () => {
        const { page } = session!.browser;
        const file = path.join(session!.workspace, '.fs-perf', 'fixtures', '1K.bin');
        const bytes = await fs.readFile(file);
        bytes[10] ^= 0xff;
        await fs.writeFile(file, bytes);
        await runTheiaCommand(page, 'FS Perf: Run Theia Benchmark');
        await waitForOutput(page, /Run stopped: 1K\.bin does not match the fixture manifest .* No results were written\./);
        assert.deepStrictEqual(await resultFiles(session!.workspace), []);
        await runTheiaCommand(page, 'FS Perf: Generate Test Files (Theia FileService)');
        await waitForOutput(page, /Test files ready in .*: 1 written \(1 repaired\), 5 already correct/);
    });
});
