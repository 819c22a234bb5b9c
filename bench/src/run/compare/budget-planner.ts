/**
 * `--budget`: how many pairs the time allows, planned from what the first pair took, and when the budget is spent. Pure:
 * every time is given in seconds, none is read here.
 */
import { SequentialDesign } from '@fs-perf/benchmark-core';
import { CompareOptions, SEQUENTIAL_LOOK_EVERY, SEQUENTIAL_MAX_PAIRS, SEQUENTIAL_MIN_PAIRS } from '../compare-options';

/** What the pass's first pair took. */
export interface FirstPairSeconds {
    /** From the end of the pass's first start to the end of the pair's second block. */
    readonly measured: number;
    /** Of `measured`: both sides' warm-up blocks after their first start, when they are up together (else 0). */
    readonly warmUp: number;
    /** Both sides' first start, when it also measures the first pair (else 0: each block then starts its side). */
    readonly start: number;
}

/**
 * What a pair costs: the first pair's two blocks (each with the warm-up of a fresh start, as every block has when both
 * sides restart every pair) and its share of a start of both sides, which holds `pairsPerStart` pairs (0: one start for
 * the pass, which the budget does not pay again). Underestimated, it plans more pairs than the budget allows, and the
 * budget then stops the run at a look before the last: the design stays valid, only less of alpha is spent.
 */
export function secondsPerPair(first: FirstPairSeconds, pairsPerStart: number): number {
    return first.measured - first.warmUp + (pairsPerStart > 0 ? (first.start + first.warmUp) / pairsPerStart : 0);
}

/** The sequential design a budget allows at `pairSeconds` a pair: as many pairs as fit, within the design's least and most. */
export function budgetDesign(budgetSeconds: number, pairSeconds: number, compare: Pick<CompareOptions, 'alpha' | 'noiseThreshold'>): Required<SequentialDesign> {
    return {
        alpha: compare.alpha, noiseThreshold: compare.noiseThreshold, minPairs: SEQUENTIAL_MIN_PAIRS, lookEvery: SEQUENTIAL_LOOK_EVERY,
        maxPairs: Math.max(SEQUENTIAL_MIN_PAIRS, Math.min(SEQUENTIAL_MAX_PAIRS, Math.floor(budgetSeconds / Math.max(1, pairSeconds)))),
    };
}

/**
 * Whether `pairs` pairs in `elapsedSeconds` leave no room for one more. Never before the design's first look (at
 * `firstLookPairs`): without a look no cell could be decided (a pair slower than planned would otherwise leave a run of
 * 8 planned pairs at 7, compared without the design).
 */
export function budgetSpent(budgetSeconds: number, elapsedSeconds: number, pairs: number, firstLookPairs: number): boolean {
    return pairs >= firstLookPairs && elapsedSeconds + elapsedSeconds / pairs > budgetSeconds;
}

/** The most the planned blocks left can take, at the pace of those measured so far. */
export function secondsLeft(elapsedSeconds: number, blocksMeasured: number, blocksPlanned: number): number {
    return elapsedSeconds / blocksMeasured * (blocksPlanned - blocksMeasured);
}
