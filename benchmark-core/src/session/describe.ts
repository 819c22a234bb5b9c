import { RunnerProgress } from '../measure/runner';
import { parseResultsDocument } from '../results/document';
import { hostLabel } from '../results/host-identity';
import { ResultsDocument } from '../results/schema';
import { SessionWorkspace } from './front-end';

/** The progress line of a sample, e.g. `workspace.fs.readFile 10000K: timed 6/15`. */
export function describeProgress(event: RunnerProgress): string {
    if (event.phase === 'cpu') {
        return `${event.scenario.label} ${event.target.label}: CPU pass`;
    }
    if (event.phase === 'counts') {
        return `${event.scenario.label} ${event.target.label}: count pass`;
    }
    return `${event.scenario.label} ${event.target.label}: ${event.phase} ${event.sample}/${event.samplesInPhase}`;
}

/** A results file of the workspace, validated; errors name the file. */
export async function readResultsFile(workspace: SessionWorkspace, path: string): Promise<ResultsDocument> {
    const bytes = await workspace.readFile(path);
    if (!bytes) {
        throw new Error(`${workspace.describe(path)} does not exist.`);
    }
    return parseResultsDocument(new TextDecoder().decode(bytes), workspace.describe(path));
}

/** "Theia browser (plugin), 2026-11-22 17:31 UTC" for a results file's pick, or why it cannot be read. */
export async function describeResultsFile(workspace: SessionWorkspace, path: string): Promise<string> {
    try {
        const document = await readResultsFile(workspace, path);
        return `${hostLabel(document.host)}, ${document.startedAt.slice(0, 16).replace('T', ' ')} UTC, ${document.results.length} rows`;
    } catch (error) {
        return `cannot be read: ${(error as Error).message}`;
    }
}
