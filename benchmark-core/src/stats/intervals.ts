/** A confidence interval: `low` to `high`, in the unit of what it bounds. */
export interface Interval {
    readonly low: number;
    readonly high: number;
}

/** The bootstrap of every factor and time difference in a report: seeded, so building it twice gives the same report. */
export const REPORT_BOOTSTRAP = { seed: 1, resamples: 2000 } as const;

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

/** A seeded pseudo-random source in [0, 1) (mulberry32): the same intervals on every run and machine. */
export function seededRandom(seed: number): () => number {
    let state = seed >>> 0;
    return () => {
        state = (state + 0x6d2b79f5) >>> 0;
        let value = state;
        value = Math.imul(value ^ (value >>> 15), value | 1);
        value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
        return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
    };
}

/** A ratio (e.g. a factor between two paths) and its confidence interval. */
export interface RatioEstimate extends Interval {
    readonly ratio: number;
}

export interface BootstrapOptions {
    readonly level?: number;
    /** Resamples drawn (default 2000). */
    readonly resamples?: number;
    /** Seed of the resampling (default 1), so a report is reproducible. */
    readonly seed?: number;
}

/**
 * `median(numerator) / median(denominator)` with a seeded percentile-bootstrap interval: both sample sets are
 * resampled with replacement, independently, and the ratio of the resampled medians is taken each time.
 */
export function ratioOfMedians(numerator: readonly number[], denominator: readonly number[], options: BootstrapOptions = {}): RatioEstimate {
    const { top, bottom, level } = bootstrapMedians(numerator, denominator, options);
    return {
        ratio: medianOf(numerator) / medianOf(denominator),
        ...percentileInterval(top.map((median, index) => median / bottom[index]), level),
    };
}

/** A difference (e.g. of two paths' medians, ms) and its confidence interval. */
export interface DifferenceEstimate extends Interval {
    readonly difference: number;
}

/**
 * `median(first) - median(second)` with the seeded percentile-bootstrap interval of {@link ratioOfMedians}, from
 * the same resamples for the same options: so this interval excludes 0 exactly when the ratio's excludes 1
 * (for positive samples), and a report never calls a factor measurable and its time difference not.
 */
export function differenceOfMedians(first: readonly number[], second: readonly number[], options: BootstrapOptions = {}): DifferenceEstimate {
    const { top, bottom, level } = bootstrapMedians(first, second, options);
    return {
        difference: medianOf(first) - medianOf(second),
        ...percentileInterval(top.map((median, index) => median - bottom[index]), level),
    };
}

/** A median, a ratio of medians, and their intervals from samples taken in paired rounds. */
export interface RoundsEstimate {
    /** Median of all the numerator's samples, and its interval. */
    readonly numeratorMedian: number;
    readonly numeratorInterval: Interval;
    /** Median of all the denominator's samples. */
    readonly denominatorMedian: number;
    readonly ratio: RatioEstimate;
}

/**
 * Medians of samples taken in rounds (round i of each side measured one after the other), with intervals that
 * respect the rounds: a two-level seeded bootstrap draws rounds with replacement (the same rounds for both
 * sides, which keeps the pairs), then samples within each drawn round. Samples of one round share that round's
 * machine state, so they are not independent: when rounds differ more than samples within a round, an
 * interval that treats every sample as independent (order statistics over the pooled samples) is too narrow.
 */
export function roundsEstimate(numeratorRounds: readonly (readonly number[])[], denominatorRounds: readonly (readonly number[])[],
    options: BootstrapOptions = {}): RoundsEstimate {
    const rounds = numeratorRounds.length;
    if (rounds === 0 || rounds !== denominatorRounds.length || [...numeratorRounds, ...denominatorRounds].some(round => round.length === 0)) {
        throw new RangeError('A bootstrap over rounds needs the same number of non-empty rounds on both sides.');
    }
    const resamples = options.resamples ?? 2000;
    const level = options.level ?? CONFIDENCE_LEVEL;
    const random = seededRandom(options.seed ?? 1);
    const numerators = new Float64Array(resamples);
    const ratios = new Float64Array(resamples);
    for (let index = 0; index < resamples; index++) {
        const chosen = drawRounds(rounds, random);
        const top = pooledResampleMedian(chosen, numeratorRounds, random);
        numerators[index] = top;
        ratios[index] = top / pooledResampleMedian(chosen, denominatorRounds, random);
    }
    const numeratorMedian = medianOf(numeratorRounds.flat());
    const denominatorMedian = medianOf(denominatorRounds.flat());
    return {
        numeratorMedian, numeratorInterval: percentileInterval(numerators, level), denominatorMedian,
        ratio: { ratio: numeratorMedian / denominatorMedian, ...percentileInterval(ratios, level) },
    };
}

/** `count` round indices drawn with replacement. */
function drawRounds(count: number, random: () => number): number[] {
    return Array.from({ length: count }, () => Math.floor(random() * count));
}

/** The median of the chosen rounds' samples, each round's samples drawn with replacement. */
function pooledResampleMedian(chosen: readonly number[], rounds: readonly (readonly number[])[], random: () => number): number {
    const pooled: number[] = [];
    for (const round of chosen) {
        const samples = rounds[round];
        for (let index = 0; index < samples.length; index++) {
            pooled.push(samples[Math.floor(random() * samples.length)]);
        }
    }
    return medianOf(pooled);
}

/** The fewest rounds a side needs for {@link roundsChange} to decide anything but "inconclusive". */
export const MINIMUM_ROUNDS = 3;

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

/** The medians of each side's resamples, drawn in turns (top, then bottom) from one seeded source. */
function bootstrapMedians(top: readonly number[], bottom: readonly number[], options: BootstrapOptions): { top: Float64Array; bottom: Float64Array; level: number } {
    if (top.length === 0 || bottom.length === 0) {
        throw new RangeError('A bootstrap of two medians needs samples on both sides.');
    }
    const resamples = options.resamples ?? 2000;
    const random = seededRandom(options.seed ?? 1);
    const medians = { top: new Float64Array(resamples), bottom: new Float64Array(resamples), level: options.level ?? CONFIDENCE_LEVEL };
    const scratchTop = new Float64Array(top.length);
    const scratchBottom = new Float64Array(bottom.length);
    for (let index = 0; index < resamples; index++) {
        medians.top[index] = resampledMedian(top, scratchTop, random);
        medians.bottom[index] = resampledMedian(bottom, scratchBottom, random);
    }
    return medians;
}

function percentileInterval(estimates: Float64Array, level: number): Interval {
    estimates.sort();
    const tail = (1 - level) / 2;
    return { low: estimates[Math.floor(tail * (estimates.length - 1))], high: estimates[Math.ceil((1 - tail) * (estimates.length - 1))] };
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

/** How a cell moved between two runs. */
export type ChangeVerdict = 'faster' | 'slower' | 'no change' | 'inconclusive';

export interface ChangeOptions extends BootstrapOptions {
    /** Significance level of the test (default 0.05). */
    readonly alpha?: number;
    /** Relative change below which a real difference still counts as "no change" (default 0.05 = 5%). */
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
    readonly verdict: ChangeVerdict;
    readonly pValue: number;
}

/**
 * Whether `current` is faster or slower than `baseline` (durations), from the ratio of their medians
 * (current / baseline) with its interval at level `1 - alpha` and the Mann-Whitney p-value: see
 * {@link changeVerdict}.
 */
export function detectChange(baseline: readonly number[], current: readonly number[], options: ChangeOptions = {}): Change {
    // The interval is the second half of the significance rule, so it follows alpha (95% at the default 0.05).
    const estimate = { ...ratioOfMedians(current, baseline, { ...options, level: ratioLevel(options) }), fewestSamples: Math.min(baseline.length, current.length) };
    const pValue = mannWhitneyPValue(baseline, current);
    return { ...estimate, pValue, verdict: changeVerdict(estimate, pValue, options) };
}

function ratioLevel(options: ChangeOptions): number {
    return options.level ?? 1 - (options.alpha ?? 0.05);
}

/**
 * The verdict on a ratio of medians (current / baseline) and a p-value: "slower" or "faster" when the change is
 * significant (p below `alpha` and the ratio's interval excludes 1) and the ratio lies beyond the noise
 * threshold; "no change" when the whole interval lies within the threshold (whatever the p-value: a real but
 * small change is noise for this purpose); otherwise "inconclusive" (more samples could tell). Always
 * "inconclusive" when a side has fewer samples than the interval of a median needs at the ratio's level (6 at
 * 95%), rounds ({@link MINIMUM_ROUNDS}) or pairs (6): a bootstrap of so few samples gives an interval far narrower than
 * the truth (a point for 1 sample). A
 * p-value may be adjusted for the number of cells compared (see {@link adjustPValues}) before it is given here.
 */
export function changeVerdict(estimate: ChangeEstimate, pValue: number, options: ChangeOptions = {}): ChangeVerdict {
    const alpha = options.alpha ?? 0.05;
    const threshold = options.noiseThreshold ?? 0.05;
    const tooFew = estimate.fewestPairs !== undefined
        ? estimate.fewestPairs < MINIMUM_PAIRS
        : estimate.fewestRounds === undefined
            ? orderStatisticRank(estimate.fewestSamples, ratioLevel(options)) === undefined
            : estimate.fewestRounds < MINIMUM_ROUNDS;
    if (tooFew) {
        return 'inconclusive';
    }
    const significant = pValue < alpha && (estimate.low > 1 || estimate.high < 1);
    if (significant && estimate.ratio > 1 + threshold) {
        return 'slower';
    }
    if (significant && estimate.ratio < 1 - threshold) {
        return 'faster';
    }
    return estimate.low >= 1 - threshold && estimate.high <= 1 + threshold ? 'no change' : 'inconclusive';
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

/**
 * A value with the digits its interval supports: rounded at the place of the leading digit of the interval's
 * half-width (one significant digit of uncertainty), but never coarser than the value's own leading digit.
 * Without an interval (too few samples), three significant digits. E.g. 269 in [207, 367] is "270",
 * 11.53 in [7.1, 13.7] is "12", 0.2171 in [0.2, 0.25] is "0.22".
 */
export function formatSupported(value: number, interval?: Interval): string {
    return Number.isFinite(value) ? formatAtPlace(value, supportedPlace(value, interval)) : String(value);
}

/** A fraction as a percentage with the digits a reader can use: `45%`, `4.2%`, `-0.3%`. */
export function formatShare(fraction: number): string {
    const percentValue = fraction * 100;
    return `${Math.abs(percentValue) >= 10 ? percentValue.toFixed(0) : percentValue.toFixed(1)}%`;
}

/** An interval's bounds with the digits of the value they bound, e.g. `[210, 370]` next to `270`. */
export function formatInterval(value: number, interval: Interval): string {
    const place = supportedPlace(value, interval);
    return `[${formatAtPlace(interval.low, place)}, ${formatAtPlace(interval.high, place)}]`;
}

/** The power of ten the last printed digit of `value` stands for. */
function supportedPlace(value: number, interval?: Interval): number {
    const leading = value === 0 ? 0 : Math.floor(Math.log10(Math.abs(value)));
    const halfWidth = interval ? (interval.high - interval.low) / 2 : 0;
    return halfWidth > 0 ? Math.min(Math.floor(Math.log10(halfWidth)), leading) : leading - 2;
}

function formatAtPlace(value: number, place: number): string {
    if (place >= 0) {
        const unit = 10 ** place;
        return String(Math.round(value / unit) * unit);
    }
    return value.toFixed(-place);
}

function medianOf(values: ArrayLike<number>): number {
    const sorted = Array.from(values).sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function resampledMedian(values: readonly number[], scratch: Float64Array, random: () => number): number {
    for (let index = 0; index < values.length; index++) {
        scratch[index] = values[Math.floor(random() * values.length)];
    }
    scratch.sort();
    const middle = scratch.length >> 1;
    return scratch.length % 2 === 1 ? scratch[middle] : (scratch[middle - 1] + scratch[middle]) / 2;
}

/** P(X = k) for k = 0..n, X ~ Binomial(n, 1/2), by the recurrence C(n, k + 1) = C(n, k) (n - k) / (k + 1). */
function binomialHalf(n: number): number[] {
    const probabilities = [Math.pow(0.5, n)];
    for (let k = 0; k < n; k++) {
        probabilities.push((probabilities[k] * (n - k)) / (k + 1));
    }
    return probabilities;
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
