/**
 * `--budget`: how many pairs the time allows, planned from what the first pair took, and when the budget is spent. Pure:
 * every time is given in seconds, none is read here.
 */
import { fewestPairsToDecide, SequentialRunDesign } from '@fs-perf/benchmark-core';
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

/**
 * The sequential design of every `--compare` run but its most pairs: the first look after {@link SEQUENTIAL_MIN_PAIRS}
 * pairs, then every {@link SEQUENTIAL_LOOK_EVERY}, at the run's alpha and noise threshold, the alpha shared across the
 * run's cells by Holm at every look (stats/sequential-run.ts). Built here only, for the budget a run plans and for the
 * time the preflight expects alike. Its fields' order is the order a run's results record them in.
 */
export function sequentialDesign(compare: Pick<CompareOptions, 'alpha' | 'noiseThreshold'>): Required<Omit<SequentialRunDesign, 'maxPairs'>> {
    return { alpha: compare.alpha, noiseThreshold: compare.noiseThreshold, minPairs: SEQUENTIAL_MIN_PAIRS, lookEvery: SEQUENTIAL_LOOK_EVERY, correction: 'holm' };
}

/** The design a budget allows for a run of `cellCount` cells, and the fewest pairs that design can decide a cell in. */
export interface BudgetDesign {
    readonly design: Required<SequentialRunDesign>;
    /** The fewest pairs a run of this many cells needs to decide any of them at the run's alpha (see `fewestPairsToDecide`). */
    readonly fewestPairs: number;
    /** Whether the budget allowed fewer pairs than that, so the design takes more than the budget. */
    readonly overBudget: boolean;
}

/**
 * The sequential design ({@link sequentialDesign}) a budget allows at `pairSeconds` a pair for a run of `cellCount`
 * cells, so a run of unchanged code flags any cell at most alpha of the time: as many pairs as fit, at most 200, and
 * never fewer than the run needs to decide anything (with 15 cells at 5%, 10 pairs: a design of fewer could flag no
 * cell, whatever it measured).
 */
export function budgetDesign(budgetSeconds: number, pairSeconds: number, compare: Pick<CompareOptions, 'alpha' | 'noiseThreshold'>, cellCount: number): BudgetDesign {
    const common = sequentialDesign(compare);
    const fewestPairs = fewestPairsToDecide(common, cellCount);
    const fits = Math.min(SEQUENTIAL_MAX_PAIRS, Math.floor(budgetSeconds / Math.max(1, pairSeconds)));
    return { design: { ...common, maxPairs: Math.max(fewestPairs, fits) }, fewestPairs, overBudget: fits < fewestPairs };
}

/**
 * Whether `pairs` pairs in `elapsedSeconds` leave no room for one more. Never before `fewestPairs`, the fewest the run
 * needs to decide a cell (see {@link BudgetDesign}): a run stopped before them could flag nothing (a pair slower than
 * planned would otherwise leave a run of 10 planned pairs at 9).
 */
export function budgetSpent(budgetSeconds: number, elapsedSeconds: number, pairs: number, fewestPairs: number): boolean {
    return pairs >= fewestPairs && elapsedSeconds + elapsedSeconds / pairs > budgetSeconds;
}

/** The most the planned blocks left can take, at the pace of those measured so far. */
export function secondsLeft(elapsedSeconds: number, blocksMeasured: number, blocksPlanned: number): number {
    return elapsedSeconds / blocksMeasured * (blocksPlanned - blocksMeasured);
}
