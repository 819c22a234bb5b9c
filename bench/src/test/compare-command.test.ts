import { assert } from 'chai';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { REPOSITORY_ROOT } from '../util/repository';

const COMPARE = path.join(REPOSITORY_ROOT, 'bench', 'lib', 'commands', 'compare.js');
const DOCS = path.join(REPOSITORY_ROOT, 'docs');
const TEST_RUNS = path.join(REPOSITORY_ROOT, 'e2e', 'test-data', 'runs');

interface CheckRecord {
    readonly passed: boolean;
    readonly message: string;
}

/**
 * Every `--compare` run folder at hand: those committed under docs/ (frozen as they ran) and the test data's (its compare
 * run and each step of its bisect).
 */
function comparisonRuns(): string[] {
    const steps = path.join(TEST_RUNS, 'bisect', 'steps');
    return [
        ...fs.readdirSync(DOCS).filter(name => name.startsWith('compare-')).map(name => path.join(DOCS, name)),
        path.join(TEST_RUNS, 'compare'), ...fs.readdirSync(steps).map(step => path.join(steps, step)),
    ].filter(folder => fs.existsSync(path.join(folder, 'results', 'head.json')));
}

/** `yarn bench:compare RUN/results/base.json RUN/results/head.json --check --json` of a `--compare` run folder. */
function compareSides(run: string): { status: number | null; check: CheckRecord; stderr: string } {
    const result = spawnSync(process.execPath, [COMPARE, path.join(run, 'results', 'base.json'), path.join(run, 'results', 'head.json'), '--check', '--json'],
        { encoding: 'utf8', timeout: 30_000 });
    return { status: result.status, check: (JSON.parse(result.stdout) as { check: CheckRecord }).check, stderr: result.stderr };
}

suite('yarn bench:compare --check', () => {
    test('decides with the gate of --compare: a run whose exact round trips changed fails on them, as the run did, with the run\'s message', function () {
        this.timeout(30_000);
        // The committed run of docs/compare-runs.md whose round trips changed.
        const run = path.join(DOCS, 'compare-2026-11-27-xeon-planted-round-trip-vs-control');
        const recorded = (JSON.parse(fs.readFileSync(path.join(run, 'comparison.json'), 'utf8')) as { check: CheckRecord }).check;
        assert.isFalse(recorded.passed, 'the run failed its check');
        const { status, check, stderr } = compareSides(run);
        assert.strictEqual(status, 1, stderr);
        assert.deepStrictEqual(check, recorded);
        assert.match(check.message, /^Check failed: 6 exact counts changed: .*round trips 1 → 2/);
        assert.strictEqual(stderr.trim(), check.message, 'the failure is said on stderr');
    });

    test('the two sides of every --compare run at hand (docs/ and the test data) without a confirming pass check as the run did, exit code included', function () {
        this.timeout(120_000);
        const runs = comparisonRuns();
        assert.isAtLeast(runs.length, 6, 'the runs were found');
        const checked = runs.flatMap(folder => {
            const run = path.relative(REPOSITORY_ROOT, folder);
            const recorded = JSON.parse(fs.readFileSync(path.join(folder, 'comparison.json'), 'utf8')) as { check?: CheckRecord; confirmation?: unknown };
            // A confirming pass was measured, not analysed: only the run knows it.
            if (!recorded.check || recorded.confirmation) {
                return [];
            }
            const { status, check } = compareSides(folder);
            return [{ run, status, check, expected: { status: recorded.check.passed ? 0 : 1, check: recorded.check } }];
        });
        assert.isAtLeast(checked.length, 6);
        assert.deepStrictEqual(checked.map(({ run, status, check }) => ({ run, status, check })),
            checked.map(({ run, expected }) => ({ run, ...expected })));
    });
});
