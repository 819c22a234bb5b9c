/**
 * How a paired run (`yarn bench --compare`) measured its pairs, in words for comparison.txt and the report: alternated
 * blocks (A B, B A, ...), or a duet (`--duet`: both sides' blocks of a pair at the same time, each side pinned to its own
 * core, the cores swapped every pair), which the sides' recorded cores tell.
 */
import { ComparisonSide } from '../results/schema';

/** The duet's design as the run's files say it. */
export const DUET_DESIGN = 'duet: both sides at once, each pinned to its own core, cores swapped each pair';

/** Whether both sides recorded the core of every block: a duet run. */
export function isDuet(sides: { readonly base: ComparisonSide; readonly head: ComparisonSide }): boolean {
    return sides.base.cores !== undefined && sides.head.cores !== undefined;
}

/** `12 pairs of alternated blocks`, or for a duet `12 pairs of blocks (duet: both sides at once, ...)`. */
export function pairsInWords(sides: { readonly base: ComparisonSide; readonly head: ComparisonSide }): string {
    const pairs = sides.base.positions.length;
    return isDuet(sides) ? `${pairs} pairs of blocks (${DUET_DESIGN})` : `${pairs} pairs of alternated blocks`;
}
