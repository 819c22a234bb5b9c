import { assert } from 'chai';
import { spawnSync } from 'child_process';
import { promises as fs } from 'fs';
import * as path from 'path';
import { REPOSITORY_ROOT } from '@fs-perf/bench';
import { temporaryFolderForEachTest } from '../session-helpers';

suite('yarn test\'s counting reporter', () => {
    let directory: string;
    temporaryFolderForEachTest('fs-perf-reporter-test-', folder => {
        directory = folder;
    });

    test('writes the counts and the full title and first line of each failed test, which run-tests.js repeats at the end', async function () {
        this.timeout(60_000);
        const spec = path.join(directory, 'sample.test.js');
        await fs.writeFile(spec, [
            "suite('a suite', () => {",
            "    test('passes', () => undefined);",
            "    test('fails', () => { throw new Error('the reason\\nsecond line'); });",
            "    test.skip('is skipped', () => undefined);",
            '});',
        ].join('\n'));
        const statsFile = path.join(directory, 'stats.json');
        const mocha = path.join(REPOSITORY_ROOT, 'node_modules', 'mocha', 'bin', 'mocha.js');
        const reporter = path.join(REPOSITORY_ROOT, 'scripts', 'mocha-counting-reporter.js');
        const result = spawnSync(process.execPath, [mocha, '--no-config', '--ui', 'tdd', '--reporter', reporter, spec], {
            cwd: directory, encoding: 'utf8', env: { ...process.env, FS_PERF_TEST_STATS: statsFile },
        });
        assert.strictEqual(result.status, 1, result.stderr);
        const stats = JSON.parse(await fs.readFile(statsFile, 'utf8')) as Record<string, unknown>;
        assert.deepStrictEqual(stats, { passed: 1, failed: 1, skipped: 1, failedTitles: ['a suite fails: the reason'] });
    });
});
