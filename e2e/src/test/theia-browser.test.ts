import { assert } from 'chai';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { FIXTURE_SIZE_LABELS, parseResultsDocument, RESULTS_DIRECTORY, SCENARIO_CATALOG, THEIA_SCENARIO_IDS } from '@fs-perf/benchmark-core';
import { generateFixtures } from '@fs-perf/test-files';
import { NodeFixtureStore } from '@fs-perf/test-files/lib/node';
import { chromiumAvailable, HeadlessChromium, launchChromium } from '../chromium';
import { processGroupMembers, waitFor } from '../processes';
import { RunningTheia, runTheiaCommand, startTheiaBrowserApp, theiaOutputLines, waitForTheiaWorkbench } from '../theia-browser';

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
        workspace = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-theia-ws-'));
        await generateFixtures({ store: new NodeFixtureStore(path.join(workspace, '.fs-perf', 'fixtures')), smallFileCount: 100 });
        theia = await startTheiaBrowserApp(workspace, { 'fsPerf.iterations': 3, 'fsPerf.warmup': 1 });
        browser = await launchChromium(await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-theia-chromium-')));
        await browser.page.goto(theia.baseUrl);
        await waitForTheiaWorkbench(browser.page);
    });

    suiteTeardown(async () => {
        await browser?.close();
        if (theia) {
            const pid = theia.pid;
            assert.deepStrictEqual(await theia.stop(), [], 'Theia backend stopped');
            assert.deepStrictEqual(await processGroupMembers(pid), []);
        }
        if (workspace) {
            await fs.rm(workspace, { recursive: true, force: true });
        }
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
