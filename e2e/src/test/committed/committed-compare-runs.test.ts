import { assert } from 'chai';
import { existsSync, promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { reanalyseComparisonRun, writeReport, writeTempMarker } from '@fs-perf/bench';
import { TEST_RUNS } from '../session-helpers';

/** The test data's `yarn bench --compare` runs: the compare run, and each step of the bisect. */
async function comparisonRuns(): Promise<string[]> {
    const steps = path.join(TEST_RUNS, 'bisect', 'steps');
    return ['compare', ...existsSync(steps) ? (await fs.readdir(steps)).sort().map(step => path.join('bisect', 'steps', step)) : []];
}

/**
 * Every `yarn bench --compare` run of the test data is what the code makes of its results today: a re-analysis must give
 * the run's own verdicts and words, or a change of the analysis was made without writing the test data again
 * (scripts/reanalyse-runs.js).
 */
suite('the test data\'s --compare runs are the code\'s', () => {
    let directory: string;

    suiteSetup(async () => {
        directory = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-committed-runs-'));
        writeTempMarker(directory, 'test');
    });

    suiteTeardown(async () => {
        await fs.rm(directory, { recursive: true, force: true });
    });

    test('each run re-analysed gives its committed comparison.json, comparison.txt and report.md', async function () {
        this.timeout(5 * 60_000);
        const runs = await comparisonRuns();
        assert.isAtLeast(runs.length, 2);
        for (const name of runs) {
            const folder = path.join(TEST_RUNS, name);
            const again = await reanalyseComparisonRun(folder);
            assert.strictEqual(again.json, await fs.readFile(path.join(folder, 'comparison.json'), 'utf8'), `${name}/comparison.json`);
            assert.strictEqual(again.text, await fs.readFile(path.join(folder, 'comparison.txt'), 'utf8'), `${name}/comparison.txt`);
            const committed = await fs.readFile(path.join(folder, 'report.md'), 'utf8');
            await writeReport([path.join(folder, 'results')], path.join(directory, name), { title: committed.split('\n')[0].replace(/^# /, '') });
            assert.strictEqual(await fs.readFile(path.join(directory, name, 'report.md'), 'utf8'), committed, `${name}/report.md`);
        }
    });
});
