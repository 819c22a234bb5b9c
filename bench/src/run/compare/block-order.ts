/**
 * The order of a comparison's blocks, A B, B A, A B, ... (ABBA): a steady drift of the machine lands on each side as
 * often first as second. Pure, so the alternation can be checked without starting anything.
 */
import { ComparisonSide } from '@fs-perf/benchmark-core';

/** The two blocks of pair `pair` (1 the first), in the order they are measured. */
export function pairOrder(pair: number): ComparisonSide['side'][] {
    return pair % 2 === 1 ? ['base', 'head'] : ['head', 'base'];
}

/** The order of the run's blocks after the warm-up: A B, B A, A B, ... for `pairs` pairs. */
export function alternatedOrder(pairs: number): ComparisonSide['side'][] {
    return Array.from({ length: pairs }, (_, index) => pairOrder(index + 1)).flat();
}
