import { Interval, medianInterval } from './median-interval';

/** Summary statistics of one set of timed samples. All durations are in milliseconds. */
export interface SampleStatistics {
    /** Number of timed samples. */
    readonly count: number;
    readonly medianMs: number;
    readonly meanMs: number;
    /** Sample standard deviation (n - 1 in the denominator); 0 for a single sample. */
    readonly standardDeviationMs: number;
    readonly minMs: number;
    readonly maxMs: number;
    /** 95th percentile, linear interpolation between closest ranks (R-7, as numpy and Excel). */
    readonly p95Ms: number;
    /** Median absolute deviation from the median, unscaled. */
    readonly madMs: number;
    /**
     * Throughput at the median in MB/s (10^6 bytes per second); undefined when the scenario moves no
     * bytes (stat, readDirectory) or the median is 0.
     */
    readonly megabytesPerSecond?: number;
    /** Distribution-free 95% interval of the median (order statistics); undefined below 6 samples. */
    readonly medianIntervalMs?: Interval;
}

function sortedCopy(values: readonly number[]): number[] {
    return [...values].sort((a, b) => a - b);
}

/** Quantile `q` (0..1) of already sorted values, R-7 linear interpolation. */
function quantileOfSorted(sorted: readonly number[], q: number): number {
    const position = (sorted.length - 1) * q;
    const lower = Math.floor(position);
    const upper = Math.ceil(position);
    const fraction = position - lower;
    return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction;
}

function medianOfSorted(sorted: readonly number[]): number {
    const middle = sorted.length >> 1;
    return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function median(values: readonly number[]): number {
    assertSamples(values);
    return medianOfSorted(sortedCopy(values));
}

export function quantile(values: readonly number[], q: number): number {
    assertSamples(values);
    if (!(q >= 0 && q <= 1)) {
        throw new RangeError(`Quantile must be between 0 and 1, got ${q}.`);
    }
    return quantileOfSorted(sortedCopy(values), q);
}

function assertSamples(values: readonly number[]): void {
    if (values.length === 0) {
        throw new RangeError('Statistics need at least one sample.');
    }
    for (const value of values) {
        if (!Number.isFinite(value)) {
            throw new RangeError(`Samples must be finite numbers, got ${value}.`);
        }
    }
}

/** MB/s (10^6 bytes per second) for `bytes` moved in `durationMs`; undefined for no bytes or no time. */
export function megabytesPerSecond(bytes: number, durationMs: number): number | undefined {
    if (bytes <= 0 || durationMs <= 0) {
        return undefined;
    }
    return bytes / 1e6 / (durationMs / 1000);
}

/**
 * Statistics of `samplesMs`. `bytesPerSample` is what one sample moved, for the throughput;
 * pass 0 for scenarios that move no file content.
 */
export function computeStatistics(samplesMs: readonly number[], bytesPerSample = 0): SampleStatistics {
    assertSamples(samplesMs);
    const sorted = sortedCopy(samplesMs);
    const count = sorted.length;
    const medianMs = medianOfSorted(sorted);
    const meanMs = sorted.reduce((sum, value) => sum + value, 0) / count;
    const variance = count > 1
        ? sorted.reduce((sum, value) => sum + (value - meanMs) ** 2, 0) / (count - 1)
        : 0;
    const madMs = medianOfSorted(sortedCopy(sorted.map(value => Math.abs(value - medianMs))));
    const throughput = megabytesPerSecond(bytesPerSample, medianMs);
    const interval = medianInterval(sorted);
    return {
        count,
        medianMs,
        meanMs,
        standardDeviationMs: Math.sqrt(variance),
        minMs: sorted[0],
        maxMs: sorted[count - 1],
        p95Ms: quantileOfSorted(sorted, 0.95),
        madMs,
        ...(throughput === undefined ? {} : { megabytesPerSecond: throughput }),
        ...(interval === undefined ? {} : { medianIntervalMs: interval }),
    };
}
