import { assert } from 'chai';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { reanalyseComparisonRun, REPOSITORY_ROOT, writeReport, writeTempMarker } from '@fs-perf/bench';

const DOCS = path.join(REPOSITORY_ROOT, 'docs');

/**
 * Every committed `yarn bench --compare` run is what the code makes of its results today: a re-analysis must give the
 * run's own verdicts and words, or a change of the analysis was committed without re-analysing (scripts/reanalyse-runs.js).
 */
suite('committed --compare runs are the code\'s', () => {
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
        const runs = (await fs.readdir(DOCS)).filter(name => name.startsWith('compare-')).sort();
        assert.isAtLeast(runs.length, 2);
        for (const name of runs) {
            const folder = path.join(DOCS, name);
            const again = await reanalyseComparisonRun(folder);
            assert.strictEqual(again.json, await fs.readFile(path.join(folder, 'comparison.json'), 'utf8'), `${name}/comparison.json`);
            assert.strictEqual(again.text, await fs.readFile(path.join(folder, 'comparison.txt'), 'utf8'), `${name}/comparison.txt`);
            const committed = await fs.readFile(path.join(folder, 'report.md'), 'utf8');
            await writeReport([path.join(folder, 'results')], path.join(directory, name), { title: committed.split('\n')[0].replace(/^# /, '') });
            assert.strictEqual(await fs.readFile(path.join(directory, name, 'report.md'), 'utf8'), committed, `${name}/report.md`);
        }
    });
});
