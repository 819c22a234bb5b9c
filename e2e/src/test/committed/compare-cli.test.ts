import { assert } from 'chai';
import { spawnSync, SpawnSyncReturns } from 'child_process';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { computeStatistics, parseResultsDocument, RunComparison } from '@fs-perf/benchmark-core';
import { REPOSITORY_ROOT, writeTempMarker } from '@fs-perf/bench';
import { testRun } from '../session-helpers';

const CLI = path.join(REPOSITORY_ROOT, 'bench', 'lib', 'commands', 'compare.js');
/** The test data's default run: sampled to a 5% precision target, VS Code server and Theia browser (extension and plugin), at 1K and 10000K. */
const COMMITTED_RUN = testRun('default');

function compare(...args: string[]): SpawnSyncReturns<string> {
    return spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
}

suite('yarn bench:compare', () => {
    let directory: string;

    setup(async () => {
        directory = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-compare-'));
        writeTempMarker(directory, 'test');
    });

    teardown(async () => {
        await fs.rm(directory, { recursive: true, force: true });
    });

    /** A copy of the committed run whose Theia samples (extension and plugin) are `factor` times slower. */
    async function slowedTheiaRun(factor: number): Promise<string> {
        const results = path.join(COMMITTED_RUN, 'results');
        await fs.copyFile(path.join(results, 'vscode-server.json'), path.join(directory, 'vscode-server.json'));
        const theia = parseResultsDocument(await fs.readFile(path.join(results, 'theia-browser.json'), 'utf8'), 'theia-browser.json');
        const slowed = {
            ...theia, results: theia.results.map(row => {
                const samplesMs = row.samplesMs.map(sample => sample * factor);
                return { ...row, samplesMs, statistics: computeStatistics(samplesMs, row.bytes) };
            }),
        };
        await fs.writeFile(path.join(directory, 'theia-browser.json'), JSON.stringify(slowed));
        return directory;
    }

    test('a run compared with itself: no cell slower or faster, and --check passes', () => {
        const result = compare(COMMITTED_RUN, COMMITTED_RUN, '--check');
        assert.strictEqual(result.status, 0, result.stdout + result.stderr);
        assert.match(result.stdout, /^Host\s+Scenario\s+Size\s+Baseline ms \[95%\]\s+Current ms \[95%\]\s+Ratio \[95%\]\s+p\s+p adj\.\s+Units\s+Verdict\s+Detectable\n/);
        assert.match(result.stdout, /\nTheia browser \(plugin\)\s+vscode\.workspace\.fs\.readFile\s+10000K\s+1000 \[960, 1080\]\s+1000 \[960, 1080\]\s+1\.00? \[[\d.]+, [\d.]+\]\s+1\.000\s+1\.000\s+samples\s+inconclusive\s+0\.\d+–1\.\d+\n/);
        assert.match(result.stdout, /\n14 cells from 500K up: 0 slower, 0 faster, \d+ no change, \d+ inconclusive\.\n/);
        assert.include(result.stdout, 'Check passed: no cell of 14 is slower.');
    });

    test('Theia samples made 1.3 times slower: --check fails naming Theia cells only, and --json tells every cell', async () => {
        const slowed = await slowedTheiaRun(1.3);
        const result = compare(COMMITTED_RUN, slowed, '--check');
        assert.strictEqual(result.status, 1, result.stdout + result.stderr);
        const failure = /^Check failed: (\d+) of 14 cells slower: (.*)\.$/m.exec(result.stderr);
        assert.isNotNull(failure, result.stderr);
        assert.isAbove(Number(failure![1]), 0);
        for (const cell of failure![2].split('; ')) {
            assert.match(cell, /^Theia browser \((extension|plugin)\) \| \S+ \| \d+K \(ratio 1\.30? \[/);
        }

        const json = compare(COMMITTED_RUN, slowed, '--json', '--check');
        assert.strictEqual(json.status, 1);
        const comparison = JSON.parse(json.stdout) as RunComparison & { counts: Record<string, number> };
        const verdicts = (editor: string): string[] => comparison.cells.filter(cell => cell.host.editor === editor).map(cell => cell.verdict);
        assert.lengthOf(verdicts('vscode'), 4);
        assert.isTrue(verdicts('vscode').every(verdict => verdict === 'no change' || verdict === 'inconclusive'), verdicts('vscode').join());
        assert.lengthOf(verdicts('theia'), 10);
        assert.isTrue(verdicts('theia').every(verdict => verdict === 'slower' || verdict === 'inconclusive'), verdicts('theia').join());
        assert.strictEqual(comparison.counts.slower, Number(failure![1]));
        assert.isTrue(comparison.cells.filter(cell => cell.host.editor === 'theia').every(cell => Math.abs(cell.ratio.ratio - 1.3) < 1e-9));
    });

    test('cells measured in one run only are listed as such, and compared cells decide alone', async () => {
        await fs.copyFile(path.join(COMMITTED_RUN, 'results', 'vscode-server.json'), path.join(directory, 'vscode-server.json'));
        const result = compare(COMMITTED_RUN, directory, '--min-size', '10000K', '--check');
        assert.strictEqual(result.status, 0, result.stdout + result.stderr);
        assert.match(result.stdout, /\n4 cells from 10000K up: /);
        assert.match(result.stdout, /\nOnly in the baseline: Theia browser \(extension\) \| theia\.FileService\.readFile \| 10000K; .*Theia browser \(plugin\) \| vscode\.workspace\.fs\.readFile \| 10000K; /);
        assert.notInclude(result.stdout, 'Only in the current run');
    });

    test('--tolerance is a deprecated --noise-threshold: it warns, and sets the threshold', async () => {
        const slowed = await slowedTheiaRun(1.3);
        const result = compare(COMMITTED_RUN, slowed, '--tolerance', '50', '--check');
        assert.strictEqual(result.status, 0, 'a 30% slowdown is within a 50% noise threshold');
        assert.match(result.stderr, /^warning: --tolerance is deprecated; it now sets --noise-threshold/);
        assert.include(result.stdout, 'the ratio beyond ±50%');
        const both = compare(COMMITTED_RUN, slowed, '--tolerance', '10', '--noise-threshold', '5');
        assert.strictEqual(both.status, 2);
        assert.match(both.stderr, /--tolerance.*cannot be used with option '--noise-threshold/);
    });

    test('bad options are usage errors', () => {
        for (const [option, value, message] of [
            ['--alpha', '1', /--alpha must be between 0 and 1/], ['--noise-threshold', '-1', /--noise-threshold must be a percentage/],
            ['--min-size', '7K', /Allowed choices are 1K/],
        ] as const) {
            const result = compare(COMMITTED_RUN, COMMITTED_RUN, option, value);
            assert.strictEqual(result.status, 2, `${option} ${value}`);
            assert.match(result.stderr, message);
        }
    });
});
