/**
 * `--budget`: how many pairs the time allows, planned from what the first pair took, and when the budget is spent. Pure:
 * every time is given in seconds, none is read here.
 */
import { fewestPairsToDecide, planSequentialRun, SequentialRunDesign } from '@fs-perf/benchmark-core';
import { CompareOptions, FLAG_THRESHOLD, PAIRED_TEST, SEQUENTIAL_LOOK_EVERY, SEQUENTIAL_MAX_PAIRS, SEQUENTIAL_MIN_PAIRS } from '../compare-options';

/** A budgeted run's design: every setting given, the gate (absent: every cell gates) and the test (absent: signed-rank) optional. */
export type RunDesign = Required<Omit<SequentialRunDesign, 'gate' | 'test' | 'flagThreshold'>> & SequentialRunDesign;

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
 * gated cells by Holm at every look (stats/sequential-run.ts; the others share it among themselves), each look the
 * {@link PAIRED_TEST} and flagging beyond {@link FLAG_THRESHOLD}. Built here only, for the budget a run plans and for the
 * time the preflight expects alike. Its fields' order is the order a run's results record them in.
 */
export function sequentialDesign(compare: Pick<CompareOptions, 'alpha' | 'noiseThreshold'>, gate?: readonly string[]): Omit<RunDesign, 'maxPairs'> {
    return {
        alpha: compare.alpha, noiseThreshold: compare.noiseThreshold, minPairs: SEQUENTIAL_MIN_PAIRS, lookEvery: SEQUENTIAL_LOOK_EVERY, correction: 'holm',
        test: PAIRED_TEST, flagThreshold: Math.min(FLAG_THRESHOLD, compare.noiseThreshold), ...(gate ? { gate } : {}),
    };
}

/** The design a budget allows for a run of `cellCount` cells, and the fewest pairs that design can decide a cell in. */
export interface BudgetDesign {
    readonly design: RunDesign;
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
export function budgetDesign(budgetSeconds: number, pairSeconds: number, compare: Pick<CompareOptions, 'alpha' | 'noiseThreshold'>, cellCount: number,
    fewestPairs = fewestPairsToDecide(sequentialDesign(compare), cellCount), gate?: readonly string[]): BudgetDesign {
    return designOfPairs(Math.floor(budgetSeconds / Math.max(1, pairSeconds)), compare, fewestPairs, gate);
}

/** The design of `fits` pairs (those the budget holds), at most 200 and never fewer than `fewestPairs`. */
function designOfPairs(fits: number, compare: Pick<CompareOptions, 'alpha' | 'noiseThreshold'>, fewestPairs: number, gate?: readonly string[]): BudgetDesign {
    const most = Math.min(SEQUENTIAL_MAX_PAIRS, fits);
    return { design: { ...sequentialDesign(compare, gate), maxPairs: Math.max(fewestPairs, most) }, fewestPairs, overBudget: most < fewestPairs };
}

/**
 * What a pair costs from the pairs measured so far: the median of the first pair's cost ({@link secondsPerPair}) and the
 * later pairs' times as measured (each with its restart, where one fell in it). The first pair alone overestimates: it
 * carries the first starts' settling (94-95 s against 65-80 s for the later pairs, in two 40-minute runs on the EPYC).
 */
export function medianPairSeconds(first: FirstPairSeconds, pairsPerStart: number, later: readonly number[]): number {
    const all = [secondsPerPair(first, pairsPerStart), ...later].sort((a, b) => a - b);
    const middle = Math.floor(all.length / 2);
    return all.length % 2 === 1 ? all[middle] : (all[middle - 1] + all[middle]) / 2;
}

/**
 * Whether a run that has just taken its look after `pair` pairs ends there: it has no next look, or the next look
 * (`nextLook` pairs) cannot be reached within the budget at `pairSeconds` a pair. Asked at a look only, so the budget
 * never ends a run between two looks, nor before its first: the pairs after a look that a run stopped before its next
 * would be measured for nothing (issue 54: a run whose later pairs were slower than its first stopped at its 10th pair,
 * before its first look at 12, every cell inconclusive).
 */
export function budgetEndsAtLook(budgetSeconds: number, elapsedSeconds: number, pair: number, nextLook: number | undefined, pairSeconds: number): boolean {
    return nextLook === undefined || elapsedSeconds + (nextLook - pair) * pairSeconds > budgetSeconds;
}

/** The most the planned blocks left can take, at the pace of those measured so far. */
export function secondsLeft(elapsedSeconds: number, blocksMeasured: number, blocksPlanned: number): number {
    return elapsedSeconds / blocksMeasured * (blocksPlanned - blocksMeasured);
}

/** Why a budgeted pass ends after a pair, if it does. */
export type BudgetEnd = 'resolved' | 'all planned' | 'budget';

/**
 * A budgeted pass's schedule, apart from what it measures: planned after the first pair, planned again after each pair
 * until the first look from the median pair ({@link medianPairSeconds}), and ended only at a look. Pure: the times are
 * given, so a test can feed it pairs that slow down.
 */
export class BudgetSchedule {
    protected first: FirstPairSeconds | undefined;
    protected readonly later: number[] = [];
    protected planned: BudgetDesign | undefined;
    protected looks: number[] = [];

    /** `cellCount`: the cells that gate (`gate`'s, else every cell of the run); the design shares alpha among them. */
    constructor(readonly budgetSeconds: number, readonly compare: Pick<CompareOptions, 'alpha' | 'noiseThreshold'>,
        readonly pairsPerStart: number, readonly cellCount: number, readonly gate?: readonly string[]) {}

    /** The design planned last (undefined before the first pair). */
    get design(): BudgetDesign | undefined {
        return this.planned;
    }

    /** The pair counts of the looks of the design planned last. */
    get lookPairs(): readonly number[] {
        return this.looks;
    }

    /** What a pair costs now. */
    get pairSeconds(): number {
        return medianPairSeconds(this.first!, this.pairsPerStart, this.later);
    }

    /**
     * Pair `pair` measured (`first` its costs for the first pair, else the seconds it took), `elapsedSeconds` into the
     * budget: plans again while the first look is still ahead, the pairs to come at the median pair in the budget left;
     * returns whether the design changed. A new plan whose first look would fall at `pair` or before is not taken: the
     * pass keeps the looks it has.
     */
    pairMeasured(pair: number, taken: FirstPairSeconds | number, elapsedSeconds: number): boolean {
        if (typeof taken === 'number') {
            this.later.push(taken);
        } else {
            this.first = taken;
        }
        if (this.planned && pair >= this.looks[0]) {
            return false;
        }
        // The pairs measured, and as many more as the budget left holds at the median pair (issue 54: a budget divided by
        // the median pair alone planned 11 pairs where a slow first pair left room for 10, and the run ended at its look of 8).
        const fits = pair + Math.max(0, Math.floor((this.budgetSeconds - elapsedSeconds) / Math.max(1, this.pairSeconds)));
        const fewest = this.planned?.fewestPairs ?? fewestPairsToDecide(sequentialDesign(this.compare, this.gate), this.cellCount);
        const next = designOfPairs(fits, this.compare, fewest, this.gate);
        if (next.design.maxPairs === this.planned?.design.maxPairs) {
            return false;
        }
        const looks = planSequentialRun(next.design, this.cellCount).looks.map(look => look.pairs);
        if (this.planned && looks[0] <= pair) {
            return false;
        }
        this.planned = next;
        this.looks = looks;
        return true;
    }

    /** After pair `pair`'s look (if it is one) left `openCells` open, `elapsedSeconds` into the budget: whether and why the pass ends. */
    endsAfter(pair: number, elapsedSeconds: number, openCells: number): BudgetEnd | undefined {
        const look = this.looks.indexOf(pair);
        if (look < 0) {
            return undefined;
        }
        if (openCells === 0) {
            return 'resolved';
        }
        if (look === this.looks.length - 1) {
            return 'all planned';
        }
        return budgetEndsAtLook(this.budgetSeconds, elapsedSeconds, pair, this.looks[look + 1], this.pairSeconds) ? 'budget' : undefined;
    }
}
