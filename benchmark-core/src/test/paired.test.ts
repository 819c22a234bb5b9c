import * as fs from 'fs';
import * as path from 'path';
import { assert } from 'chai';
import { seededRandom } from '../stats/bootstrap';
import { blockCentre, pairedChange, pairedEstimate, pairRatios, signedRankDistribution, signedRankPValue, smallestDetectableChange, walshRank } from '../stats/paired';
import { ResultsDocument } from '../results/schema';
import { compareRuns, verdictCounts } from '../compare/run-comparison';
import { renderRunComparison } from '../report/comparison-text';
import { alternatedBlocks, sideDocument } from './paired-builders';
import { blocksOf } from '../results/rounds';
import { median } from '../stats/statistics';
import { COMMITTED_RUNS } from './simulated-runs';

suite('paired comparison (yarn bench --compare)', () => {
    test('the exact signed-rank distribution and the rank of the Walsh-average interval match the published tables', () => {
        const n8 = signedRankDistribution(8);
        assert.strictEqual(n8.length, 37);
        assert.closeTo(n8.reduce((sum, p) => sum + p, 0), 1, 1e-12);
        // P(T <= 3) = 5/256 for 8 pairs: the two-sided 5% critical value is 3, so the interval is [w(4), w(33)].
        assert.closeTo(n8[0] + n8[1] + n8[2] + n8[3], 5 / 256, 1e-15);
        assert.strictEqual(walshRank(8), 4);
        assert.strictEqual(walshRank(6), 1);
        assert.isUndefined(walshRank(5), 'with 5 pairs the best two-sided p is 2/32 > 0.05: no 95% interval');
        assert.strictEqual(walshRank(10), 9);
        assert.strictEqual(walshRank(20), 53);
    });

    test('the signed-rank p-value is exact, also with tied magnitudes', () => {
        assert.closeTo(signedRankPValue([1, 2, 3, 4, 5, 6, 7, 8]), 2 / 256, 1e-15);
        assert.closeTo(signedRankPValue([-1, -2, -3, -4, -5, -6]), 2 / 64, 1e-15);
        assert.strictEqual(signedRankPValue([1, -1, 2, -2]), 1);
        // ranks 1.5, 1.5, 3: T+ = 1.5 + 3 = 4.5 of 6; P(T+ >= 4.5) = P({1.5, 3} or {1.5, 3} or all) = 3/8.
        assert.closeTo(signedRankPValue([1, -1, 2]), 0.75, 1e-12);
        assert.strictEqual(signedRankPValue([0, 0]), 1);
    });

    test('a pair ratio is the head block\'s geometric mean over the base block\'s (medians if a sample read 0 ms); the estimate is the Hodges-Lehmann one', () => {
        const ratios = pairRatios([[10, 40], [20, 20]], [[20, 80], [5, 20]]);
        assert.closeTo(ratios[0], 2, 1e-12, 'geometric means 40 over 20');
        assert.closeTo(ratios[1], 0.5, 1e-12, 'geometric means 10 over 20, where the medians would give 12.5 over 20');
        assert.closeTo(blockCentre([100, 100, 100, 100, 400]), 100 * 4 ** 0.2, 1e-9);
        // A cell with a 0 ms sample has no geometric mean: every pair of it takes the medians.
        assert.deepStrictEqual(pairRatios([[10, 11, 12], [20, 30, 40]], [[22, 0, 33], [15, 15, 15]]), [2, 0.5]);
        assert.throws(() => pairRatios([[1]], [[1], [2]]), /as many blocks on both sides/);
        const estimate = pairedEstimate([1.1, 1.1, 1.1, 1.1, 1.1, 1.1]);
        assert.closeTo(estimate.ratio, 1.1, 1e-12);
        assert.closeTo(estimate.low, 1.1, 1e-12);
        assert.closeTo(estimate.pValue, 2 / 64, 1e-15);
        assert.strictEqual(estimate.fewestPairs, 6);
    });

    test('a steady drift of the machine (1% slower every block, both sides) is not a change', () => {
        const random = seededRandom(7);
        let flagged = 0;
        for (let trial = 0; trial < 40; trial++) {
            const { base, head } = alternatedBlocks(random, { pairs: 10, samples: 3, medianMs: 200, sigma: 0.03, headFactor: 1, drift: 0.01 });
            const change = pairedChange(base, head);
            flagged += change.verdict === 'slower' || change.verdict === 'faster' ? 1 : 0;
            assert.closeTo(change.ratio, 1, 0.03, 'the alternation cancels the drift in the estimate');
        }
        assert.strictEqual(flagged, 0, 'drift alone flagged a cell');
    });

    test('a 10% slower head is flagged slower, and its 95% interval covers 1.1 about 95% of the time', () => {
        const random = seededRandom(11);
        let slower = 0;
        let covered = 0;
        const trials = 40;
        for (let trial = 0; trial < trials; trial++) {
            const { base, head } = alternatedBlocks(random, { pairs: 10, samples: 3, medianMs: 200, sigma: 0.05, headFactor: 1.1, drift: 0.01 });
            const change = pairedChange(base, head);
            slower += change.verdict === 'slower' ? 1 : 0;
            covered += change.low < 1.1 && change.high > 1.1 ? 1 : 0;
        }
        assert.isAtLeast(slower, trials - 1, 'a 10% slowdown went unseen');
        assert.isAtLeast(covered, 0.85 * trials, `the interval covered the true 1.1 in ${covered} of ${trials} trials`);
    });

    test('fewer than 6 pairs is inconclusive, however large the change', () => {
        const random = seededRandom(3);
        const { base, head } = alternatedBlocks(random, { pairs: 5, samples: 5, medianMs: 100, sigma: 0.01, headFactor: 2, drift: 0 });
        assert.strictEqual(pairedChange(base, head).verdict, 'inconclusive');
    });

    test('the smallest detectable change is the interval\'s half-width, never below the noise threshold', () => {
        assert.closeTo(smallestDetectableChange({ low: 0.9, high: 0.9 * 1.1 * 1.1 }, 0.05), 0.1, 1e-12);
        assert.strictEqual(smallestDetectableChange({ low: 0.99, high: 1.01 }, 0.05), 0.05);
        assert.strictEqual(smallestDetectableChange({ low: 0, high: 1 }, 0.05), Number.POSITIVE_INFINITY);
    });

    test('two sides of one alternated run are compared by their pairs, cell by cell, with the p-values adjusted', () => {
        const random = seededRandom(5);
        const sizes = ['500K', '5000K', '10000K'];
        const cell = (headFactor: number): { base: number[][]; head: number[][] } =>
            alternatedBlocks(random, { pairs: 10, samples: 3, medianMs: 100, sigma: 0.04, headFactor, drift: 0.01 });
        // FileService reads 15% slower in the head; the backend's disk read the same; 12 steady cells in all.
        const rows = sizes.flatMap(size => [
            { scenario: 'theiaFileServiceReadFile' as const, size, ...cell(1.15) },
            { scenario: 'theiaDiskFloor' as const, size, ...cell(1) },
            { scenario: 'theiaNodeFsService' as const, size, ...cell(1) },
            { scenario: 'theiaHttpFetch' as const, size, ...cell(1) },
            { scenario: 'theiaRpcTransport' as const, size, ...cell(1) },
        ]);
        const base = sideDocument('base', rows.map(row => ({ scenario: row.scenario, size: row.size, blocks: row.base })));
        const head = sideDocument('head', rows.map(row => ({ scenario: row.scenario, size: row.size, blocks: row.head })));
        const comparison = compareRuns([base], [head], { minSize: '500K' });
        assert.strictEqual(comparison.paired?.head.source, 'tarballs');
        assert.isTrue(comparison.cells.every(entry => entry.unit === 'pairs' && entry.pairRatios?.length === 10));
        const slower = comparison.cells.filter(entry => entry.verdict === 'slower').map(entry => `${entry.scenarioId} ${entry.target}`);
        assert.deepStrictEqual(slower, sizes.map(size => `theia.FileService.readFile ${size}`));
        assert.strictEqual(verdictCounts(comparison).faster, 0);
        assert.isTrue(comparison.cells.every(entry => entry.smallestDetectable >= 0.05 && entry.smallestDetectable < 0.2));
        const text = renderRunComparison(comparison);
        assert.include(text, 'measured alternately in one run, 10 pairs of blocks');
        assert.include(text, 'pairs 10');
        assert.include(text, 'Wilcoxon signed-rank');
        assert.notInclude(text, 'the weaker design');

        // The same documents without their comparison metadata are two runs in rounds: not paired, and the text says it is the weaker design.
        const strip = (document: ResultsDocument): ResultsDocument => ({ ...document, comparison: undefined });
        const unpaired = compareRuns([strip(base)], [strip(head)], { minSize: '500K' });
        assert.isTrue(unpaired.cells.every(entry => entry.unit === 'rounds'));
        assert.include(renderRunComparison(unpaired), 'the weaker design');
    });

    test('in the committed A/A runs, geometric means spread the pairs less than medians: a quarter less at 5000K, no more at 10000K', () => {
        const runs = fs.readdirSync(COMMITTED_RUNS).filter(name => /^compare-\d{4}-\d{2}-\d{2}-aa/.test(name)).sort();
        assert.isAtLeast(runs.length, 5, `A/A runs in ${COMMITTED_RUNS}: ${runs.join(', ')}`);
        const standardDeviation = (values: readonly number[]): number => {
            const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
            return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1));
        };
        const squares = new Map<string, { centre: number[]; median: number[] }>();
        for (const run of runs) {
            const read = (side: string): ResultsDocument => JSON.parse(fs.readFileSync(path.join(COMMITTED_RUNS, run, `${side}.json`), 'utf8'));
            const [base, head] = [read('base'), read('head')];
            for (const row of base.results) {
                const other = head.results.find(entry => entry.scenario.id === row.scenario.id && entry.targetLabel === row.targetLabel)!;
                const baseBlocks = blocksOf(row.samplesMs, row.rounds!);
                const headBlocks = blocksOf(other.samplesMs, other.rounds!);
                const medianLogs = baseBlocks.map((block, index) => Math.log(median(headBlocks[index]) / median(block)));
                const key = `${row.scenario.id} ${row.targetLabel}`;
                const entry = squares.get(key) ?? { centre: [], median: [] };
                entry.centre.push(standardDeviation(pairRatios(baseBlocks, headBlocks).map(Math.log)) ** 2);
                entry.median.push(standardDeviation(medianLogs) ** 2);
                squares.set(key, entry);
            }
        }
        const rms = (values: readonly number[]): number => Math.sqrt(values.reduce((sum, value) => sum + value, 0) / values.length);
        for (const [key, shrink] of [['vscode.workspace.fs.readFile 5000K', 0.8], ['theia.FileService.readFile 5000K', 0.8],
            ['vscode.workspace.fs.readFile 10000K', 1], ['theia.FileService.readFile 10000K', 1]] as const) {
            const entry = squares.get(key);
            assert.isDefined(entry, `${key} in ${[...squares.keys()].join(', ')}`);
            const [centre, byMedian] = [rms(entry!.centre), rms(entry!.median)];
            assert.isAtMost(centre, shrink * byMedian, `${key}: pairs spread ${(100 * centre).toFixed(1)}% with geometric means, ${(100 * byMedian).toFixed(1)}% with medians`);
        }
    });
});
