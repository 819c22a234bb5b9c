/** How the run's terminal lines word a quantity, the same in every line that shows one. */

/**
 * A duration for people: whole minutes from 90 s up, else whole seconds (below 90 s a rounded minute would be off by up to
 * half of it), e.g. `45 s`, `2 min`.
 */
export function minutes(seconds: number): string {
    return seconds >= 90 ? `${Math.round(seconds / 60)} min` : `${Math.round(seconds)} s`;
}
