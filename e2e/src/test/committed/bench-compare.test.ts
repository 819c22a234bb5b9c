import { assert } from 'chai';
import { spawnSync } from 'child_process';
import { promises as fs } from 'fs';
import * as path from 'path';
import { SCENARIO_CATALOG } from '@fs-perf/benchmark-core';
import { REPOSITORY_ROOT, writeReport } from '@fs-perf/bench';
import { temporaryFolderForEachTest, testRun } from '../session-helpers';

suite('yarn bench --compare', () => {
    let directory: string;
    temporaryFolderForEachTest('fs-perf-compare-test-', folder => {
        directory = folder;
    });

    test('the planted-regression run of the test data: its report is the report code\'s, and bench:compare pairs its sides again (the plugin\'s read slower, disk and in-host reads not)', async function () {
        this.timeout(60_000);
        // 1 ms of CPU per MiB planted in Theia's RPC, against a control built the same way: five cells at 10000K.
        const run = testRun('compare');
        const committed = await fs.readFile(path.join(run, 'report.md'), 'utf8');
        await writeReport([path.join(run, 'results')], path.join(directory, 'report'), { title: committed.split('\n')[0].replace(/^# /, '') });
        assert.strictEqual(await fs.readFile(path.join(directory, 'report', 'report.md'), 'utf8'), committed, 'the committed report is the report code\'s, unedited');
        const result = spawnSync(process.execPath, [path.join(REPOSITORY_ROOT, 'bench', 'lib', 'commands', 'compare.js'), path.join(run, 'results', 'base.json'),
            path.join(run, 'results', 'head.json'), '--json', '--check'], { encoding: 'utf8', timeout: 30_000 });
        assert.strictEqual(result.status, 1, result.stderr);
        const comparison = JSON.parse(result.stdout) as { cells: { scenarioId: string; target: string; unit: string; verdict: string }[] };
        assert.isTrue(comparison.cells.every(cell => cell.unit === 'pairs'));
        const verdicts = (scenarioId: string): string[] => comparison.cells.filter(cell => cell.scenarioId === scenarioId).map(cell => cell.verdict);
        assert.notInclude([...verdicts(SCENARIO_CATALOG.theiaDiskFloor.id), ...verdicts(SCENARIO_CATALOG.extensionHostNodeReadFile.id)], 'slower',
            'what never crosses the RPC is not flagged');
        assert.deepStrictEqual(verdicts(SCENARIO_CATALOG.vscodeReadFile.id), ['slower']);
        assert.notInclude(verdicts(SCENARIO_CATALOG.theiaFileServiceReadFile.id), 'faster');
        const saved = JSON.parse(await fs.readFile(path.join(run, 'comparison.json'), 'utf8')) as { cells: { verdict: string }[] };
        assert.deepStrictEqual(comparison.cells.map(cell => cell.verdict), saved.cells.map(cell => cell.verdict), 'the same verdicts as the run printed');
    });
});
