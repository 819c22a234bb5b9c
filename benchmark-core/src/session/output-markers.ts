/**
 * The lines both extensions write into the "FS Performance" Output channel that the headless drivers read
 * back: the one contract between the extensions and the e2e drivers, so it lives here once.
 */
export const OUTPUT_CHANNEL_NAME = 'FS Performance';

export const OutputMarkers = {
    /** `Results: <path or URI of the results file>`: the run completed and wrote that file. */
    results: 'Results: ',
    /** `Run stopped: <reason> No results were written.`: the run failed. */
    runStopped: 'Run stopped: ',
    /** The run was cancelled. */
    runCancelled: 'Run cancelled: no results were written.',
    /** `Test files ready in <folder>: ...`: "Generate Test Files" completed. */
    testFilesReady: 'Test files ready in ',
    /** "Generate Test Files" failed. */
    generateFailed: 'Generating test files failed: ',
    /** "Generate Test Files" was cancelled. */
    generateCancelled: 'Generating test files cancelled; files already complete were kept.',
} as const;

/** The line that says a run wrote its results. */
export function resultsLine(location: string): string {
    return `${OutputMarkers.results}${location}`;
}

/** The line that says a run failed, and that nothing was written. */
export function runStoppedLine(reason: string): string {
    return `${OutputMarkers.runStopped}${reason} No results were written.`;
}

/** How a run ended, read from one Output line; undefined for any other line. */
export type RunEnd =
    | { readonly status: 'completed'; readonly resultsLocation: string }
    | { readonly status: 'failed'; readonly message: string }
    | { readonly status: 'cancelled' };

/** Reads the end of a run from an Output line (as the drivers see it: trimmed or not). */
export function parseRunEnd(line: string): RunEnd | undefined {
    const text = line.trim();
    if (text.startsWith(OutputMarkers.results) && text.length > OutputMarkers.results.length) {
        return { status: 'completed', resultsLocation: text.slice(OutputMarkers.results.length) };
    }
    if (text.startsWith(OutputMarkers.runStopped)) {
        return { status: 'failed', message: text.slice(OutputMarkers.runStopped.length) };
    }
    if (text === OutputMarkers.runCancelled) {
        return { status: 'cancelled' };
    }
    return undefined;
}
