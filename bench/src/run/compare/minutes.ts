/** A duration in words for the run's progress lines. */
export function minutes(seconds: number): string {
    return seconds >= 90 ? `${Math.round(seconds / 60)} min` : `${Math.round(seconds)} s`;
}
