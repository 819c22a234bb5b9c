/** When each side's processes start and stop during a pass. */
import { ComparisonSide } from '@fs-perf/benchmark-core';

/**
 * Which side's processes start first in start `round` (0 the first) when both restart every `restartEvery` pairs: it
 * alternates so that it is balanced against the order of the blocks in a pair (A B, B A): every round with an even
 * number of pairs, every other round with an odd number (one pair a round: base first for A B and B A, then head first).
 */
export function startOrder(round: number, restartEvery: number): ComparisonSide['side'][] {
    const headFirst = restartEvery % 2 === 0 ? round % 2 === 1 : Math.floor(round / 2) % 2 === 1;
    return headFirst ? ['head', 'base'] : ['base', 'head'];
}
