/** A confidence interval: `low` to `high`, in the unit of what it bounds. */
export interface Interval {
    readonly low: number;
    readonly high: number;
}

/** The confidence level of every interval fs-perf prints. */
export const CONFIDENCE_LEVEL = 0.95;

/**
 * The distribution-free confidence interval of a median from order statistics: `[x(k), x(n+1-k)]` of the sorted
 * samples, with `k` the largest rank for which a Binomial(n, 1/2) count below `k` has probability at most
 * (1 - level) / 2. Its coverage is at least `level` whatever the distribution (timings are skewed and often
 * bimodal, so a normal approximation would not hold), and it needs no random resampling, so it is the same
 * on every machine. With 15 samples at 95% it is `[x(4), x(12)]`. Undefined when there are too few samples
 * for the level (fewer than 6 at 95%).
 */
export function medianInterval(samples: readonly number[], level: number = CONFIDENCE_LEVEL): Interval | undefined {
    const n = samples.length;
    const k = orderStatisticRank(n, level);
    if (k === undefined) {
        return undefined;
    }
    const sorted = [...samples].sort((a, b) => a - b);
    return { low: sorted[k - 1], high: sorted[n - k] };
}

/**
 * How well the median of `samples` is known: the half-width of its {@link medianInterval} as a fraction of the
 * median (0.05: within 5%). Undefined with too few samples for an interval.
 */
export function medianHalfWidth(samples: readonly number[], level: number = CONFIDENCE_LEVEL): number | undefined {
    const interval = medianInterval(samples, level);
    if (interval === undefined) {
        return undefined;
    }
    const sorted = [...samples].sort((a, b) => a - b);
    const middle = sorted.length / 2;
    const median = sorted.length % 2 === 1 ? sorted[Math.floor(middle)] : (sorted[middle - 1] + sorted[middle]) / 2;
    return median > 0 ? (interval.high - interval.low) / 2 / median : interval.high === interval.low ? 0 : undefined;
}

/** The rank `k` (1-based) of {@link medianInterval}, or undefined when even `k = 1` covers less than `level`. */
export function orderStatisticRank(n: number, level: number = CONFIDENCE_LEVEL): number | undefined {
    if (!Number.isInteger(n) || n < 1 || !(level > 0 && level < 1)) {
        return undefined;
    }
    const probabilities = binomialHalf(n);
    const tail = (1 - level) / 2;
    let below = 0;
    let rank: number | undefined;
    // P(count <= k - 1) for k = 1, 2, ...: the interval [x(k), x(n+1-k)] misses the median with twice that.
    for (let k = 1; k <= Math.ceil(n / 2); k++) {
        below += probabilities[k - 1] ?? 0;
        if (below > tail) {
            break;
        }
        rank = k;
    }
    return rank;
}

/** The fewest samples with a median interval at `level` (6 at 95%): below it a report says "n<6" instead. */
export function minimumSamplesForMedianInterval(level: number = CONFIDENCE_LEVEL): number {
    if (!(level > 0 && level < 1)) {
        throw new RangeError(`A confidence level is between 0 and 1, got ${level}.`);
    }
    let n = 1;
    while (orderStatisticRank(n, level) === undefined) {
        n++;
    }
    return n;
}

/** P(X = k) for k = 0..n, X ~ Binomial(n, 1/2), by the recurrence C(n, k + 1) = C(n, k) (n - k) / (k + 1). */
function binomialHalf(n: number): number[] {
    const probabilities = [Math.pow(0.5, n)];
    for (let k = 0; k < n; k++) {
        probabilities.push((probabilities[k] * (n - k)) / (k + 1));
    }
    return probabilities;
}
