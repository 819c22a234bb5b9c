import { CONFIDENCE_LEVEL, Interval } from './median-interval';
import { drawRounds, medianOf, percentileInterval, pooledResampleMedian, resampledMedian } from './resample';

/** The bootstrap of every factor and time difference in a report: seeded, so building it twice gives the same report. */
export const REPORT_BOOTSTRAP = { seed: 1, resamples: 2000 } as const;

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

/** The fewest rounds a side needs for {@link roundsChange} to decide anything but "inconclusive". */
export const MINIMUM_ROUNDS = 3;

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
