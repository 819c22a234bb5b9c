import { Change, ChangeEstimate, changeVerdict, ChangeOptions } from './change';
import { CONFIDENCE_LEVEL, Interval } from './median-interval';
import { median } from './statistics';
import { studentTCdf, studentTQuantile } from './student-t';
import { verdictRuleOf } from './verdict';

/**
 * Two builds measured alternately in one run (`yarn bench --compare`): per cell, block `i` of the base and block
 * `i` of the head were measured next to each other (in the order A B, B A, A B, ... so a steady drift of the
 * machine lands on each side as often first as second). A pair's ratio is the head block's geometric mean over the
 * base block's (see {@link blockCentre}). The machine's state of that moment is shared by both blocks of a pair and
 * cancels in the ratio; what stays is the change of the code plus the noise within a pair.
 */

/**
 * What a block says about a cell, for its pair's ratio: the geometric mean of its samples (the mean of their logs),
 * or their median when some sample of the cell is not positive (a read faster than the clock's resolution), as
 * `positive` says. The mean of the logs and not the median: the large reads' samples often come in two kinds (the
 * plugin's read of 5000K took about 410 or about 650 ms in the A/A run `aa-default`), and the median of a few such
 * samples jumps from one kind to the other with the luck of the block, where the mean moves by the share of each. Over the 12 committed
 * `--compare` runs (2026-11-25 and 26) the pairs' log ratios spread about a quarter less with it at 5000K (plugin
 * read 24.6% to 17.3%, `FileService.readFile` 35.1% to 26.0%, root mean square over the runs) and less or the same
 * in 13 of the 15 cells (the backend's 1-2 ms disk reads of 500K and 5000K a little more); a pair, ratio of two such
 * means of the same code, stays symmetric about its centre, as the signed-rank test needs.
 */
export function blockCentre(samples: readonly number[], positive = samples.every(sample => sample > 0)): number {
    if (!positive) {
        return median(samples);
    }
    return Math.exp(samples.reduce((sum, sample) => sum + Math.log(sample), 0) / samples.length);
}

/**
 * Head block centre / base block centre for every pair, in pair order ({@link blockCentre}: geometric means, or
 * medians for every pair of a cell with a sample of 0 ms).
 */
export function pairRatios(baseBlocks: readonly (readonly number[])[], headBlocks: readonly (readonly number[])[]): number[] {
    if (baseBlocks.length !== headBlocks.length) {
        throw new RangeError(`Paired blocks need as many blocks on both sides, not ${baseBlocks.length} and ${headBlocks.length}.`);
    }
    const positive = [...baseBlocks, ...headBlocks].every(block => block.every(sample => sample > 0));
    return baseBlocks.map((base, index) => {
        const head = headBlocks[index];
        if (base.length === 0 || head.length === 0) {
            throw new RangeError(`Block ${index + 1} of a pair is empty.`);
        }
        const bottom = blockCentre(base, positive);
        if (!(bottom > 0)) {
            throw new RangeError(`Block ${index + 1} of the base has a centre of ${bottom} ms: a ratio needs a positive one.`);
        }
        return blockCentre(head, positive) / bottom;
    });
}

/**
 * P(T = t) for every sum t of the given (whole) ranks, T the sum of the ranks whose sign is +, each sign + or - with
 * probability 1/2, independently: the exact null distribution of the signed-rank statistic, one rank added at a time.
 */
function rankSumDistribution(ranks: readonly number[]): Float64Array {
    let probabilities = new Float64Array([1]);
    for (const rank of ranks) {
        const next = new Float64Array(probabilities.length + rank);
        for (let sum = 0; sum < probabilities.length; sum++) {
            next[sum] += probabilities[sum] / 2;
            next[sum + rank] += probabilities[sum] / 2;
        }
        probabilities = next;
    }
    return probabilities;
}

/**
 * P(T = t) for t = 0..n(n+1)/2, T the Wilcoxon signed-rank statistic of `n` pairs with no ties and no zeros, under
 * the hypothesis of no change.
 */
export function signedRankDistribution(n: number): Float64Array {
    if (!Number.isInteger(n) || n < 0) {
        throw new RangeError(`The signed-rank distribution needs a count of 0 or more pairs, not ${n}.`);
    }
    return rankSumDistribution(Array.from({ length: n }, (_, index) => index + 1));
}

/**
 * The rank `k` (1-based) of the exact interval `[w(k), w(M+1-k)]` of the sorted `M = n(n+1)/2` Walsh averages, the
 * largest for which `2 P(T <= k - 1) <= 1 - level`; undefined when even `k = 1` covers less than `level` (below
 * 6 pairs at 95%).
 */
export function walshRank(n: number, level: number = CONFIDENCE_LEVEL): number | undefined {
    const probabilities = signedRankDistribution(n);
    let below = 0;
    let rank: number | undefined;
    for (let k = 1; k <= probabilities.length; k++) {
        below += probabilities[k - 1];
        if (2 * below > 1 - level + 1e-12) {
            break;
        }
        rank = k;
    }
    return rank;
}

/** What the pairs say about a cell, on the ratio scale (head / base). */
export interface PairedEstimate extends ChangeEstimate {
    /** Two-sided exact p-value of the Wilcoxon signed-rank test of the log ratios (no change: a median log ratio of 0). */
    readonly pValue: number;
    /** The pairs' ratios, in pair order. */
    readonly pairRatios: readonly number[];
}

/**
 * Hodges-Lehmann estimate of the pairs' typical log ratio (the median of its Walsh averages, the means of every two
 * pairs' log ratios, each with itself too), with the exact distribution-free interval that inverts the signed-rank
 * test, and that test's exact two-sided p-value; back on the ratio scale. It assumes only that a pair's log ratio is
 * symmetric about its centre, which a ratio of two blocks of the same code (in either order) is. Below
 * 6 pairs (`MINIMUM_PAIRS`) the interval is the whole range of the pairs (and the verdict is inconclusive).
 */
export function pairedEstimate(ratios: readonly number[], level: number = CONFIDENCE_LEVEL): PairedEstimate {
    if (ratios.length === 0 || ratios.some(ratio => !(ratio > 0) || !Number.isFinite(ratio))) {
        throw new RangeError('A paired estimate needs positive, finite pair ratios.');
    }
    const logs = ratios.map(Math.log);
    const walsh: number[] = [];
    for (let i = 0; i < logs.length; i++) {
        for (let j = i; j < logs.length; j++) {
            walsh.push((logs[i] + logs[j]) / 2);
        }
    }
    walsh.sort((a, b) => a - b);
    const rank = walshRank(logs.length, level);
    const interval: Interval = rank === undefined
        ? { low: walsh[0], high: walsh[walsh.length - 1] }
        : { low: walsh[rank - 1], high: walsh[walsh.length - rank] };
    return {
        ratio: Math.exp(median(walsh)), low: Math.exp(interval.low), high: Math.exp(interval.high),
        fewestSamples: logs.length, fewestPairs: logs.length, pValue: signedRankPValue(logs), pairRatios: [...ratios],
    };
}

/** How a cell's pairs are tested: the exact signed-rank test (Hodges-Lehmann interval) or the paired t-test of the log ratios. */
export type PairedTest = 'signed-rank' | 't';

/**
 * The geometric mean of the pairs' ratios with the paired t interval of their log ratios at `level`, and the t-test's
 * two-sided p-value; back on the ratio scale. Unlike the exact signed-rank test, whose smallest p-value is 2 / 2^n (8
 * pairs cannot reach a share of 0.05 / 15), its reach does not depend on the number of pairs, so a design of few pairs
 * can decide at a small share of alpha (issue 54). It assumes the mean log ratio is nearly normal over the pairs; the
 * simulations over the committed runs' pairs (heavy tails included) check its error rate (sequential-run.test.ts).
 */
export function pairedMeanEstimate(ratios: readonly number[], level: number = CONFIDENCE_LEVEL): PairedEstimate {
    if (ratios.length < 2 || ratios.some(ratio => !(ratio > 0) || !Number.isFinite(ratio))) {
        throw new RangeError('A paired t estimate needs at least 2 positive, finite pair ratios.');
    }
    const logs = ratios.map(Math.log);
    const n = logs.length;
    const mean = logs.reduce((sum, value) => sum + value, 0) / n;
    const spread = Math.sqrt(logs.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (n - 1));
    const error = spread / Math.sqrt(n);
    const half = error > 0 ? studentTQuantile(1 - (1 - level) / 2, n - 1) * error : 0;
    const pValue = error > 0 ? 2 * (1 - studentTCdf(Math.abs(mean) / error, n - 1)) : (mean === 0 ? 1 : 0);
    return {
        ratio: Math.exp(mean), low: Math.exp(mean - half), high: Math.exp(mean + half),
        fewestSamples: n, fewestPairs: n, pValue, pairRatios: [...ratios],
    };
}

/** A cell's pairs estimated by `test` at `level` (see {@link pairedEstimate} and {@link pairedMeanEstimate}). */
export function pairedEstimateBy(test: PairedTest, ratios: readonly number[], level: number = CONFIDENCE_LEVEL): PairedEstimate {
    return test === 't' ? pairedMeanEstimate(ratios, level) : pairedEstimate(ratios, level);
}

/**
 * Exact two-sided p-value of the Wilcoxon signed-rank test that `differences` are centred on 0. Zeros are left out
 * (Wilcoxon's rule); tied magnitudes get their mean rank, and the distribution is then the exact one of those ranks.
 */
export function signedRankPValue(differences: readonly number[]): number {
    const nonZero = differences.filter(value => value !== 0);
    const n = nonZero.length;
    if (n === 0) {
        return 1;
    }
    const order = nonZero.map((value, index) => ({ magnitude: Math.abs(value), positive: value > 0, index })).sort((a, b) => a.magnitude - b.magnitude);
    // Doubled ranks: a mean rank of tied values is a whole or a half number, so twice it is whole.
    const doubledRanks = new Array<number>(n);
    for (let start = 0; start < n;) {
        let end = start;
        while (end + 1 < n && order[end + 1].magnitude === order[start].magnitude) {
            end++;
        }
        for (let position = start; position <= end; position++) {
            doubledRanks[position] = start + end + 2;
        }
        start = end + 1;
    }
    const observed = order.reduce((sum, entry, position) => sum + (entry.positive ? doubledRanks[position] : 0), 0);
    const probabilities = rankSumDistribution(doubledRanks);
    let atMost = 0;
    let atLeast = 0;
    for (let sum = 0; sum < probabilities.length; sum++) {
        atMost += sum <= observed ? probabilities[sum] : 0;
        atLeast += sum >= observed ? probabilities[sum] : 0;
    }
    return Math.min(1, 2 * Math.min(atMost, atLeast));
}

/**
 * How a cell moved between two builds measured in alternated, paired blocks: {@link pairedEstimate} of the pair
 * ratios at level `1 - alpha`, and the verdict of {@link changeVerdict} (the same rule as for two separate runs).
 */
export function pairedChange(baseBlocks: readonly (readonly number[])[], headBlocks: readonly (readonly number[])[], options: ChangeOptions = {}): Change & PairedEstimate {
    const estimate = pairedEstimate(pairRatios(baseBlocks, headBlocks), options.level ?? 1 - verdictRuleOf(options).alpha);
    return { ...estimate, verdict: changeVerdict(estimate, estimate.pValue, options) };
}

/**
 * The smallest change (a fraction: 0.04 = 4%) a cell's comparison could have called slower or faster: a true ratio
 * whose interval, as wide as this one, would just exclude 1, and never below the noise threshold (a smaller change
 * is "no change" by definition). So "no change" or "inconclusive" never reads as "no change of any size".
 */
export function smallestDetectableChange(interval: Interval, noiseThreshold: number): number {
    if (!(interval.low > 0 && interval.high >= interval.low)) {
        return Number.POSITIVE_INFINITY;
    }
    const halfWidth = (Math.log(interval.high) - Math.log(interval.low)) / 2;
    return Math.max(noiseThreshold, Math.expm1(halfWidth));
}
