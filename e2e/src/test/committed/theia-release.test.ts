import { assert } from 'chai';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { buildComparisonReport, reportSections, SCENARIO_CATALOG } from '@fs-perf/benchmark-core';
import { readResultsFile, writeReport, writeTempMarker } from '@fs-perf/bench';
import { testRun } from '../session-helpers';

suite('Theia releases: yarn bench --theia-version', () => {
    test('the release run of the test data: a row per release from that release\'s own file, and its report.md as the report code writes it', async function (): Promise<void> {
        this.timeout(60_000);
        const run = testRun('release');
        const files = (await fs.readdir(path.join(run, 'results'))).sort();
        assert.deepStrictEqual(files, ['theia-browser-1.54.0.json', 'theia-browser-1.60.2.json', 'theia-browser-1.74.1.json', 'vscode-server.json']);
        const documents = await Promise.all(files.map(file => readResultsFile(path.join(run, 'results', file))));
        const report = buildComparisonReport(documents);
        const table = reportSections(report, 'medians').map(section => section.table).find(candidate => candidate.id === 'releases-plugin-browser');
        assert.deepStrictEqual(table?.rows.map(row => row.label), ['1.54.0', '1.60.2', '1.74.1']);
        for (const row of table!.rows) {
            const document = documents.find(candidate => candidate.host.editor === 'theia' && candidate.host.editorVersion === row.label)!;
            for (const [index, size] of table!.columns.entries()) {
                const own = document.results.find(result => result.scenario.id === SCENARIO_CATALOG.vscodeReadFile.id && result.targetLabel === size);
                assert.deepStrictEqual(row.cells[index]?.measurement.samplesMs, own?.samplesMs, `${row.label} ${size}`);
            }
        }
        const out = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-release-report-'));
        writeTempMarker(out, 'test');
        try {
            const committed = await fs.readFile(path.join(run, 'report.md'), 'utf8');
            await writeReport([path.join(run, 'results')], out, { title: committed.split('\n')[0].replace(/^# /, '') });
            assert.strictEqual(await fs.readFile(path.join(out, 'report.md'), 'utf8'), committed, 'the committed report is the report code\'s, unedited');
        } finally {
            await fs.rm(out, { recursive: true, force: true });
        }
    });

});
