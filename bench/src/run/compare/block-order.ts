/** The order of a comparison's blocks: pure, so the alternation can be checked without starting anything. */
import { ComparisonSide } from '@fs-perf/benchmark-core';

/** The order of the run's blocks after the warm-up: A B, B A, A B, ... for `pairs` pairs. */
export function alternatedOrder(pairs: number): ComparisonSide['side'][] {
    return Array.from({ length: pairs }, (_, pair): ComparisonSide['side'][] => pair % 2 === 0 ? ['base', 'head'] : ['head', 'base']).flat();
}
