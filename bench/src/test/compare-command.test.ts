import { assert } from 'chai';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { REPOSITORY_ROOT } from '../util/repository';

const COMPARE = path.join(REPOSITORY_ROOT, 'bench', 'lib', 'commands', 'compare.js');
const DOCS = path.join(REPOSITORY_ROOT, 'docs');

interface CheckRecord {
    readonly passed: boolean;
    readonly message: string;
}

/** `yarn bench:compare RUN/results/base.json RUN/results/head.json --check --json` of a committed `--compare` run. */
function compareSides(run: string): { status: number | null; check: CheckRecord; stderr: string } {
    const result = spawnSync(process.execPath, [COMPARE, path.join(DOCS, run, 'results', 'base.json'), path.join(DOCS, run, 'results', 'head.json'), '--check', '--json'],
        { encoding: 'utf8', timeout: 30_000 });
    return { status: result.status, check: (JSON.parse(result.stdout) as { check: CheckRecord }).check, stderr: result.stderr };
}

suite('yarn bench:compare --check', () => {
    test('decides with the gate of --compare: a run whose exact round trips changed fails on them, as the run did, with the run\'s message', function () {
        this.timeout(30_000);
        const run = 'compare-2026-11-27-xeon-planted-round-trip-vs-control';
        const recorded = (JSON.parse(fs.readFileSync(path.join(DOCS, run, 'comparison.json'), 'utf8')) as { check: CheckRecord }).check;
        assert.isFalse(recorded.passed, 'the run failed its check');
        const { status, check, stderr } = compareSides(run);
        assert.strictEqual(status, 1, stderr);
        assert.deepStrictEqual(check, recorded);
        assert.match(check.message, /^Check failed: 6 exact counts changed: .*round trips 1 → 2/);
        assert.strictEqual(stderr.trim(), check.message, 'the failure is said on stderr');
    });

    test('the two sides of every committed --compare run without a confirming pass check as the run did, exit code included', function () {
        this.timeout(120_000);
        const runs = fs.readdirSync(DOCS).filter(name => name.startsWith('compare-') && fs.existsSync(path.join(DOCS, name, 'results', 'head.json')));
        assert.isAbove(runs.length, 10, 'the committed runs were found');
        const checked = runs.flatMap(run => {
            const recorded = JSON.parse(fs.readFileSync(path.join(DOCS, run, 'comparison.json'), 'utf8')) as { check?: CheckRecord; confirmation?: unknown };
            // A confirming pass was measured, not analysed: only the run knows it.
            if (!recorded.check || recorded.confirmation) {
                return [];
            }
            const { status, check } = compareSides(run);
            return [{ run, status, check, expected: { status: recorded.check.passed ? 0 : 1, check: recorded.check } }];
        });
        assert.isAbove(checked.length, 10);
        assert.deepStrictEqual(checked.map(({ run, status, check }) => ({ run, status, check })),
            checked.map(({ run, expected }) => ({ run, ...expected })));
    });
});
