// Resampling helpers of the bootstrap and the change tests; internal to stats/ (not re-exported).
import { Interval } from './median-interval';

/** `count` round indices drawn with replacement. */
export function drawRounds(count: number, random: () => number): number[] {
    return Array.from({ length: count }, () => Math.floor(random() * count));
}

/** The median of the chosen rounds' samples, each round's samples drawn with replacement. */
export function pooledResampleMedian(chosen: readonly number[], rounds: readonly (readonly number[])[], random: () => number): number {
    const pooled: number[] = [];
    for (const round of chosen) {
        const samples = rounds[round];
        for (let index = 0; index < samples.length; index++) {
            pooled.push(samples[Math.floor(random() * samples.length)]);
        }
    }
    return medianOf(pooled);
}

export function percentileInterval(estimates: Float64Array, level: number): Interval {
    estimates.sort();
    const tail = (1 - level) / 2;
    return { low: estimates[Math.floor(tail * (estimates.length - 1))], high: estimates[Math.ceil((1 - tail) * (estimates.length - 1))] };
}

export function medianOf(values: ArrayLike<number>): number {
    const sorted = Array.from(values).sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function resampledMedian(values: readonly number[], scratch: Float64Array, random: () => number): number {
    for (let index = 0; index < values.length; index++) {
        scratch[index] = values[Math.floor(random() * values.length)];
    }
    scratch.sort();
    const middle = scratch.length >> 1;
    return scratch.length % 2 === 1 ? scratch[middle] : (scratch[middle - 1] + scratch[middle]) / 2;
}
