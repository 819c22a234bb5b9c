import { hostLabel } from './host-identity';
import { ResultsDocument } from './schema';

/** Folder, relative to a workspace root, that results files are written to. */
export const RESULTS_DIRECTORY = '.fs-perf/results';

/**
 * File name of a results file: the start time first, so names sort chronologically, then the host,
 * e.g. `2026-11-22T03-15-02-123Z_theia-browser-plugin.json`.
 */
export function resultsFileName(document: Pick<ResultsDocument, 'startedAt' | 'host'>): string {
    const stamp = new Date(document.startedAt).toISOString().replace(/[:.]/g, '-');
    const host = hostLabel(document.host).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
    return `${stamp}_${host}.json`;
}

/** The results file names made by {@link resultsFileName} among some file names, newest first (their names start with the time). */
export function resultsFileNamesNewestFirst(fileNames: readonly string[]): string[] {
    return fileNames.filter(name => /^\d{4}-\d{2}-\d{2}T[\d-]+Z_.+\.json$/.test(name)).sort().reverse();
}

/** The newest of some results file names made by {@link resultsFileName}, or undefined. */
export function newestResultsFileName(fileNames: readonly string[]): string | undefined {
    return resultsFileNamesNewestFirst(fileNames)[0];
}
