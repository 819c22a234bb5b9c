/**
 * When each side's processes start and stop during a pass, and how a start is warmed up: `--restart-every` and
 * `--no-warmup-block` as one object, so a pass asks it instead of crossing the modes with the warm-up option itself.
 */
import { ComparisonSide } from '@fs-perf/benchmark-core';
import { CompareOptions } from '../compare-options';

/**
 * With `--no-warmup-block`: warm-up rounds added to a side's first block after each start of its processes (discarded
 * like every warm-up sample), instead of the warm-up block. See docs/compare-design.md, "What each lever did".
 */
export const WARMUP_AFTER_START = 1;

/**
 * Which side's processes start first in start `round` (0 the first) when both restart every `restartEvery` pairs: it
 * alternates so that it is balanced against the order of the blocks in a pair (A B, B A): every round with an even
 * number of pairs, every other round with an odd number (one pair a round: base first for A B and B A, then head first).
 */
export function startOrder(round: number, restartEvery: number): ComparisonSide['side'][] {
    const headFirst = restartEvery % 2 === 0 ? round % 2 === 1 : Math.floor(round / 2) % 2 === 1;
    return headFirst ? ['head', 'base'] : ['base', 'head'];
}

export class RestartPolicy {
    /**
     * `pairsPerStart`: pairs measured in one start of both sides' processes (`--restart-every`); 1: every block on fresh
     * processes of its own side, started just before it and stopped after it; 0: one start for the whole pass.
     * `warmupBlock`: an untimed block after each start of a side, instead of one more warm-up round in its first block.
     */
    constructor(readonly pairsPerStart: number, readonly warmupBlock: boolean) {}

    static of(compare: Pick<CompareOptions, 'restartEvery' | 'warmupBlock'>): RestartPolicy {
        return new RestartPolicy(compare.restartEvery, compare.warmupBlock ?? false);
    }

    /** The policy for a pass over these sides: a Theia at a URL is not ours to restart, and then the other keeps its one start too. */
    forSides(sides: readonly { readonly where: 'local' | 'remote' }[]): RestartPolicy {
        return sides.every(side => side.where === 'local') ? this : new RestartPolicy(0, this.warmupBlock);
    }

    /**
     * One side at a time: a side's processes are started for each of its blocks alone, so no block shares the machine with
     * the other side's processes, idle or not, and both sides' blocks come equally soon after their start.
     */
    get startsEachBlock(): boolean {
        return this.pairsPerStart === 1;
    }

    /** Both sides stopped and started again just before pair `pair` (1 the first, measured in the pass's first start). */
    restartsBefore(pair: number): boolean {
        return !this.startsEachBlock && this.pairsPerStart > 0 && pair > 1 && (pair - 1) % this.pairsPerStart === 0;
    }

    /** Both sides, up together, run their warm-up blocks just before pair `pair`: the first pair of each of their starts. */
    warmsUpBothBefore(pair: number): boolean {
        return !this.startsEachBlock && this.warmupBlock && (pair === 1 || this.restartsBefore(pair));
    }

    /** The start of the sides' processes that measures pair `pair`; with a start per block the pair's own (0 is the check start). */
    startOf(pair: number): number {
        if (this.startsEachBlock) {
            return pair;
        }
        return this.pairsPerStart > 0 ? Math.floor((pair - 1) / this.pairsPerStart) : 0;
    }

    /** The sides in the order their processes start in start `start` (stopped in the reverse order). */
    startOrder(start: number): ComparisonSide['side'][] {
        return startOrder(start, this.pairsPerStart);
    }

    /** Warm-up rounds a block adds to the run's own: without warm-up blocks, one more in a side's first block after a start. */
    extraWarmupRounds(firstBlockOfStart: boolean): number {
        return firstBlockOfStart && !this.warmupBlock ? WARMUP_AFTER_START : 0;
    }

    /** The warm-up in words, for the run's first line. */
    describeWarmUp(): string {
        return this.warmupBlock ? '(after a warm-up block at each start)' : '(+1 in a side\'s first block after a start)';
    }

    /** The starts in words, for the run's first line. */
    describeStarts(): string {
        if (this.startsEachBlock) {
            return 'one side at a time, its processes started afresh for each block';
        }
        return this.pairsPerStart > 1 ? `both sides' processes started afresh every ${this.pairsPerStart} pairs` : 'each side in one start of its processes';
    }
}
