import { BootstrapOptions, MINIMUM_ROUNDS, RatioEstimate, ratioOfMedians, seededRandom } from './bootstrap';
import { drawRounds, medianOf, percentileInterval, pooledResampleMedian } from './resample';
import { orderStatisticRank } from './median-interval';
import { decideVerdict, Verdict, verdictRuleOf } from './verdict';

/**
 * The fewest alternated pairs of blocks for a paired comparison to decide anything but "inconclusive": below 6 the
 * signed-rank test cannot reach p < 0.05 and its 95% interval does not exist (see paired.ts).
 */
export const MINIMUM_PAIRS = 6;

/**
 * How a cell moved between two runs measured in rounds (`yarn bench --rounds N`), with the rounds as the units:
 * samples of one round share the machine's state of that moment, and between rounds (and runs) it changes more
 * than within one, so a test that takes every sample as independent calls that drift a change. The ratio
 * current / baseline of the pooled medians gets a seeded two-level bootstrap interval (each side's rounds drawn
 * with replacement, independently, then samples within them) and a bootstrap two-sided p-value (how often the
 * resampled ratio falls on the other side of 1). Fewer than {@link MINIMUM_ROUNDS} rounds on a side is inconclusive.
 */
export function roundsChange(baselineRounds: readonly (readonly number[])[], currentRounds: readonly (readonly number[])[], options: ChangeOptions = {}): Change {
    if ([baselineRounds, currentRounds].some(side => side.length === 0 || side.some(round => round.length === 0))) {
        throw new RangeError('A comparison over rounds needs non-empty rounds on both sides.');
    }
    const resamples = options.resamples ?? 2000;
    const random = seededRandom(options.seed ?? 1);
    const ratios = new Float64Array(resamples);
    let below = 0;
    let above = 0;
    for (let index = 0; index < resamples; index++) {
        const bottom = pooledResampleMedian(drawRounds(baselineRounds.length, random), baselineRounds, random);
        const ratio = pooledResampleMedian(drawRounds(currentRounds.length, random), currentRounds, random) / bottom;
        ratios[index] = ratio;
        below += ratio <= 1 ? 1 : 0;
        above += ratio >= 1 ? 1 : 0;
    }
    const estimate: ChangeEstimate = {
        ratio: medianOf(currentRounds.flat()) / medianOf(baselineRounds.flat()),
        ...percentileInterval(ratios, ratioLevel(options)),
        fewestSamples: Math.min(baselineRounds.flat().length, currentRounds.flat().length),
        fewestRounds: Math.min(baselineRounds.length, currentRounds.length),
    };
    const pValue = Math.min(1, (2 * Math.min(below, above) + 1) / (resamples + 1));
    return { ...estimate, pValue, verdict: changeVerdict(estimate, pValue, options) };
}

/**
 * Two-sided p-value of the Mann-Whitney U test (Wilcoxon rank sum) that `a` and `b` come from the same
 * distribution: the normal approximation with the tie correction and a continuity correction, good from
 * about 8 samples a side.
 */
export function mannWhitneyPValue(a: readonly number[], b: readonly number[]): number {
    const n1 = a.length;
    const n2 = b.length;
    if (n1 === 0 || n2 === 0) {
        throw new RangeError('The Mann-Whitney test needs samples on both sides.');
    }
    const u = rankSum(a, b) - (n1 * (n1 + 1)) / 2;
    const n = n1 + n2;
    const tieTerm = tieCorrection([...a, ...b]);
    const variance = ((n1 * n2) / 12) * ((n + 1) - tieTerm / (n * (n - 1)));
    if (variance <= 0) {
        return 1;
    }
    const distance = Math.max(0, Math.abs(u - (n1 * n2) / 2) - 0.5);
    // Two-sided normal tail: 2 (1 - Phi(z)) = 1 - erf(z / sqrt 2).
    return Math.min(1, 1 - errorFunction(distance / Math.sqrt(variance) / Math.SQRT2));
}

/** Sum of t^3 - t over groups of t equal values. */
function tieCorrection(values: readonly number[]): number {
    const counts = new Map<number, number>();
    for (const value of values) {
        counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    let sum = 0;
    for (const count of counts.values()) {
        sum += count ** 3 - count;
    }
    return sum;
}

export interface ChangeOptions extends BootstrapOptions {
    /** Significance level of the test (default: the verdict rule's, DEFAULT_VERDICT_RULE). */
    readonly alpha?: number;
    /** Relative change (0.05 = 5%) below which a real difference still counts as "no change" (default: the verdict rule's, DEFAULT_VERDICT_RULE). */
    readonly noiseThreshold?: number;
}

/** What a verdict is decided from, besides the p-value: the ratio of medians and how many samples its smaller side has. */
export interface ChangeEstimate extends RatioEstimate {
    readonly fewestSamples: number;
    /** Compared over rounds ({@link roundsChange}): the fewest rounds of a side. */
    readonly fewestRounds?: number;
    /** Compared over alternated, paired blocks (`yarn bench --compare`, see paired.ts): the number of pairs. */
    readonly fewestPairs?: number;
}

export interface Change extends ChangeEstimate {
    readonly verdict: Verdict;
    readonly pValue: number;
}

/**
 * Whether `current` is faster or slower than `baseline` (durations), from the ratio of their medians
 * (current / baseline) with its interval at level `1 - alpha` and the Mann-Whitney p-value: see
 * {@link changeVerdict}.
 */
export function detectChange(baseline: readonly number[], current: readonly number[], options: ChangeOptions = {}): Change {
    // The interval is the second half of the significance rule, so it follows alpha (95% at an alpha of 5%).
    const estimate = { ...ratioOfMedians(current, baseline, { ...options, level: ratioLevel(options) }), fewestSamples: Math.min(baseline.length, current.length) };
    const pValue = mannWhitneyPValue(baseline, current);
    return { ...estimate, pValue, verdict: changeVerdict(estimate, pValue, options) };
}

function ratioLevel(options: ChangeOptions): number {
    return options.level ?? 1 - verdictRuleOf(options).alpha;
}

/**
 * Whether an estimate rests on enough for an interval at `level`: the samples a median's interval needs (6 at 95%),
 * {@link MINIMUM_ROUNDS} rounds, or {@link MINIMUM_PAIRS} pairs. A bootstrap of fewer gives an interval far narrower
 * than the truth (a point for 1 sample).
 */
export function hasEnoughEvidence(estimate: ChangeEstimate, level: number): boolean {
    if (estimate.fewestPairs !== undefined) {
        return estimate.fewestPairs >= MINIMUM_PAIRS;
    }
    return estimate.fewestRounds === undefined
        ? orderStatisticRank(estimate.fewestSamples, level) !== undefined
        : estimate.fewestRounds >= MINIMUM_ROUNDS;
}

/**
 * The verdict on an estimate and its p-value (adjusted for the number of cells compared, see {@link adjustPValues},
 * where several share alpha): the one rule of stats/verdict.ts.
 */
export function changeVerdict(estimate: ChangeEstimate, pValue: number, options: ChangeOptions = {}): Verdict {
    return decideVerdict({ ...estimate, enough: hasEnoughEvidence(estimate, ratioLevel(options)), pValue }, verdictRuleOf(options));
}

/**
 * Benjamini-Hochberg adjusted p-values, in the given order: the smallest false discovery rate at which each
 * would be rejected. Many cells tested at `alpha` each raise a false alarm somewhere far more often than
 * `alpha`; adjusted p-values below `alpha` keep the chance of any false alarm at most `alpha` when nothing
 * changed, and the expected share of false alarms among the alarms at most `alpha` when something did (for
 * independent or positively related cells).
 */
export function adjustPValues(pValues: readonly number[]): number[] {
    const count = pValues.length;
    const order = pValues.map((_, index) => index).sort((a, b) => pValues[a] - pValues[b]);
    const adjusted = new Array<number>(count);
    let smallestAbove = 1;
    for (let rank = count; rank >= 1; rank--) {
        const index = order[rank - 1];
        smallestAbove = Math.min(smallestAbove, pValues[index] * count / rank);
        adjusted[index] = smallestAbove;
    }
    return adjusted;
}

/** Sum of the ranks of `a` in `a` and `b` pooled, ties given their mean rank. */
function rankSum(a: readonly number[], b: readonly number[]): number {
    const pooled = [...a.map(value => ({ value, fromA: true })), ...b.map(value => ({ value, fromA: false }))].sort((x, y) => x.value - y.value);
    let sum = 0;
    for (let start = 0; start < pooled.length;) {
        let end = start;
        while (end + 1 < pooled.length && pooled[end + 1].value === pooled[start].value) {
            end++;
        }
        const meanRank = (start + end) / 2 + 1;
        for (let index = start; index <= end; index++) {
            sum += pooled[index].fromA ? meanRank : 0;
        }
        start = end + 1;
    }
    return sum;
}

/** The error function, Abramowitz and Stegun 7.1.26 (absolute error below 1.5e-7). */
function errorFunction(x: number): number {
    if (x === 0) {
        return 0;
    }
    const sign = x < 0 ? -1 : 1;
    const t = 1 / (1 + 0.3275911 * Math.abs(x));
    const polynomial = ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t;
    return sign * (1 - polynomial * Math.exp(-x * x));
}
