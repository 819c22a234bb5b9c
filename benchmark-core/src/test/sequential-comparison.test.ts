import { assert } from 'chai';
import { compareRuns } from '../compare/run-comparison';
import { validateResultsDocument } from '../results/document';
import { ResultsDocument } from '../results/schema';
import { seededRandom } from '../stats/bootstrap';
import { sequentialLooks } from '../stats/sequential';
import { planSequentialRun } from '../stats/sequential-run';
import { alternatedBlocks, sideDocument } from './paired-builders';
import { theiaBrowserPlugin } from './results-builders';

const DESIGN = { alpha: 0.05, noiseThreshold: 0.05, minPairs: 8, lookEvery: 4, maxPairs: 24 };

/** Two sides sampled until resolved: the plugin's read at 5000K unchanged, at 10000K 20% slower in the head; `pairs` pairs each. */
function sequentialRun(pairs: { '5000K': number; '10000K': number }): ResultsDocument[] {
    const random = seededRandom(17);
    const rows = (['5000K', '10000K'] as const).map(size => ({
        scenario: 'vscodeReadFile' as const, size, host: theiaBrowserPlugin,
        ...alternatedBlocks(random, { pairs: pairs[size], samples: 3, medianMs: 100, sigma: 0.02, headFactor: size === '10000K' ? 1.2 : 1, drift: 0 }),
    }));
    const most = Math.max(pairs['5000K'], pairs['10000K']);
    // Every side document carries the run's positions (all pairs); a cell that stopped early has fewer blocks.
    const side = (which: 'base' | 'head'): ResultsDocument => {
        const document = sideDocument(which, rows.map(row => ({ ...row, blocks: which === 'base' ? row.base : row.head })));
        const positions = Array.from({ length: most }, (_, pair) => 2 * pair + ((pair % 2 === 0) === (which === 'base') ? 0 : 1));
        return validateResultsDocument({ ...document, schemaVersion: 5, comparison: { ...document.comparison!, positions, sequential: DESIGN } });
    };
    return [side('base'), side('head')];
}

suite('a comparison sampled until resolved (yarn bench --compare --budget)', () => {
    test('each cell is decided at the look that resolved it: no change within ±5%, or slower, with that look\'s interval', () => {
        // With 8 pairs the exact signed-rank test cannot reach the first look's level (2 / 2^8 > 1e-5): 12 is the first look that can decide.
        const [base, head] = sequentialRun({ '5000K': 12, '10000K': 12 });
        const comparison = compareRuns([base], [head]);
        const byTarget = new Map(comparison.cells.map(cell => [cell.target, cell]));
        const unchanged = byTarget.get('5000K')!;
        assert.strictEqual(unchanged.verdict, 'no change');
        assert.isAtLeast(unchanged.ratio.low, 0.95);
        assert.isAtMost(unchanged.ratio.high, 1.05);
        assert.strictEqual(unchanged.sequential?.pairs, 12);
        const slower = byTarget.get('10000K')!;
        assert.strictEqual(slower.verdict, 'slower');
        assert.strictEqual(slower.sequential?.pairs, 12);
        assert.closeTo(slower.ratio.ratio, 1.2, 0.03);
        assert.isBelow(slower.sequential!.nominalAlpha, 0.01, 'an early look tests at its own strict level');
        assert.strictEqual(slower.adjustedPValue, slower.pValue);
    });

    test('with the run-level correction recorded, each cell is decided at its share of the run\'s alpha, a flagged cell\'s share passed on', () => {
        // Through the schema, as a results file is read back: the correction must survive validation.
        const holm = (document: ResultsDocument): ResultsDocument => validateResultsDocument(JSON.parse(JSON.stringify({
            ...document, comparison: { ...document.comparison!, sequential: { ...document.comparison!.sequential!, correction: 'holm' } },
        })));
        const [base, head] = sequentialRun({ '5000K': 12, '10000K': 12 }).map(holm);
        const byTarget = new Map(compareRuns([base], [head]).cells.map(cell => [cell.target, cell]));
        const plan = planSequentialRun({ ...DESIGN, correction: 'holm' }, 2);
        // The 20% slowdown is flagged at half the alpha; the unchanged cell, decided again at the same look, then has all of it.
        assert.strictEqual(byTarget.get('10000K')!.verdict, 'slower');
        assert.strictEqual(byTarget.get('10000K')!.sequential?.nominalAlpha, plan.looksAfter(0)[0].nominalAlpha);
        assert.isBelow(plan.looksAfter(0)[0].nominalAlpha, sequentialLooks(DESIGN)[0].nominalAlpha);
        assert.strictEqual(byTarget.get('5000K')!.verdict, 'no change');
        assert.strictEqual(byTarget.get('5000K')!.sequential?.nominalAlpha, plan.looksAfter(1)[0].nominalAlpha);
        assert.closeTo(plan.looksAfter(1)[0].nominalAlpha, sequentialLooks(DESIGN)[0].nominalAlpha, 1e-12);
        // Without the field (every run made before it), each cell has the whole alpha, as the run had.
        const [oldBase, oldHead] = sequentialRun({ '5000K': 12, '10000K': 12 });
        assert.strictEqual(compareRuns([oldBase], [oldHead]).cells.find(cell => cell.target === '10000K')!.sequential?.nominalAlpha, sequentialLooks(DESIGN)[0].nominalAlpha);
    });

    test('a cell that stopped before the first look is inconclusive whatever its pairs say', () => {
        const [base, head] = sequentialRun({ '5000K': 12, '10000K': 6 });
        const cell = compareRuns([base], [head]).cells.find(candidate => candidate.target === '10000K')!;
        assert.isUndefined(cell.sequential);
        assert.strictEqual(cell.verdict, 'inconclusive');
    });

    test('the design is read back from a results file, and a design with a first look below 6 pairs is refused', () => {
        const [base] = sequentialRun({ '5000K': 12, '10000K': 8 });
        assert.deepStrictEqual(base.comparison?.sequential, DESIGN);
        assert.throws(() => validateResultsDocument({ ...base, comparison: { ...base.comparison!, sequential: { ...DESIGN, minPairs: 4 } } }), /minPairs/);
    });
});
