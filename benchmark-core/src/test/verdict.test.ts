import { assert } from 'chai';
import { compareRuns } from '../compare/run-comparison';
import { renderRunComparison } from '../report/comparison-text';
import { validateResultsDocument } from '../results/document';
import { ResultsDocument } from '../results/schema';
import { seededRandom } from '../stats/bootstrap';
import { changeVerdict } from '../stats/change';
import { sequentialDecision, sequentialLooks } from '../stats/sequential';
import { decideVerdict, VerdictEvidence } from '../stats/verdict';
import { alternatedBlocks, sideDocument } from './paired-builders';
import { theiaBrowserPlugin } from './results-builders';

const RULE = { alpha: 0.05, noiseThreshold: 0.05 };
const evidence = (ratio: number, low: number, high: number, extra: Partial<VerdictEvidence> = {}): VerdictEvidence => ({ ratio, low, high, enough: true, ...extra });

/** A `--pairs` run of the plugin's read at 5000K (head `headFactor` times the base), its sides carrying `rule` when given. */
function pairsRun(headFactor: number, pairs: number, rule?: { alpha: number; noiseThreshold: number; minSize: string }): ResultsDocument[] {
    const blocks = alternatedBlocks(seededRandom(23), { pairs, samples: 5, medianMs: 100, sigma: 0.03, headFactor, drift: 0 });
    return (['base', 'head'] as const).map(side => {
        const document = sideDocument(side, [{ scenario: 'vscodeReadFile', size: '5000K', host: theiaBrowserPlugin, blocks: blocks[side] }]);
        return validateResultsDocument({ ...document, comparison: { ...document.comparison!, ...(rule ? { rule } : {}) } });
    });
}

suite('the verdict rule (stats/verdict.ts)', () => {
    test('slower or faster needs significance and the estimate beyond the threshold; no change the whole interval within it', () => {
        assert.strictEqual(decideVerdict(evidence(1.2, 1.1, 1.3), RULE), 'slower');
        assert.strictEqual(decideVerdict(evidence(0.8, 0.7, 0.9), RULE), 'faster');
        assert.strictEqual(decideVerdict(evidence(1.2, 1.1, 1.3, { pValue: 0.06 }), RULE), 'inconclusive', 'the p-value beside the interval is not below alpha');
        assert.strictEqual(decideVerdict(evidence(1.02, 0.99, 1.04), RULE), 'no change');
        assert.strictEqual(decideVerdict(evidence(1.2, 1.1, 1.3, { enough: false }), RULE), 'inconclusive', 'too little for an interval');
        // The case the two old copies disagreed on: significant, but its estimate is a change within the threshold.
        assert.strictEqual(decideVerdict(evidence(1.04, 1.01, 1.07), RULE), 'inconclusive');
        assert.strictEqual(decideVerdict(evidence(1.04, 1.01, 1.07), { ...RULE, noiseThreshold: 0.03 }), 'slower');
    });

    test('the fixed-pairs path, a sequential look and a re-analysis give one answer to the same pairs', () => {
        // Pair ratios about 1.04 with little spread: significant at a look's strict level, yet an estimate within 5%.
        const random = seededRandom(3);
        const ratios = Array.from({ length: 24 }, () => 1.04 * Math.exp(0.1 * (random() - 0.5)));
        const last = sequentialLooks({ maxPairs: 24 }).at(-1)!;
        const look = sequentialDecision(ratios, last);
        assert.isAbove(look.interval.low, 1, 'the look\'s interval excludes 1');
        assert.isAbove(look.interval.high, 1.05, 'and reaches beyond the threshold');
        assert.strictEqual(look.verdict, 'inconclusive');
        const fixed = changeVerdict({ ratio: look.ratio, ...look.interval, fewestSamples: 24, fewestPairs: 24 }, 0.001, { alpha: last.nominalAlpha });
        assert.strictEqual(fixed, look.verdict);
    });

    test('a --pairs run\'s rule travels with its results: a re-analysis with other options keeps the run\'s level and threshold', () => {
        const rule = { alpha: 0.01, noiseThreshold: 0.03, minSize: '5000K' };
        const [base, head] = pairsRun(1.045, 10, rule);
        const asRun = compareRuns([base], [head], rule);
        const later = compareRuns([base], [head]);
        assert.deepStrictEqual(later, asRun);
        assert.strictEqual(later.alpha, 0.01);
        assert.strictEqual(later.noiseThreshold, 0.03);
        assert.strictEqual(later.cells[0].verdict, 'slower', 'beyond 3%, though within the default 5%');
        assert.include(renderRunComparison(later), 'p below 0.01, the interval excluding 1, and the ratio beyond ±3%');
        // Without the rule (a file written before version 7), the defaults decide: a 4.5% change is not a slowdown at ±5%.
        const [oldBase, oldHead] = pairsRun(1.045, 10);
        assert.notStrictEqual(compareRuns([oldBase], [oldHead]).cells[0].verdict, 'slower');
    });

    test('a rule outside its range is refused, naming the value', () => {
        const [base, head] = pairsRun(1, 6);
        assert.throws(() => compareRuns([base], [head], { alpha: 1.5 }), /between 0 and 1, not 1\.5/);
        assert.throws(() => compareRuns([base], [head], { noiseThreshold: -0.1 }), /0 or more, not -0\.1/);
    });
});
