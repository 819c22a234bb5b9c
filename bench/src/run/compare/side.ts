/** A side of the comparison: set up, started, and one block measured in its session. */
import { ResultsDocument } from '@fs-perf/benchmark-core';
import { HostSession } from '../../hosts/host-session';
import { fetchTheiaResults } from '../../hosts/theia-app';
import { readResultsFile } from '../../util/workspace';
import { serverEnded, unlessBackendEnds, urlRefused } from '../backend-watch';
import { CompareRunOptions, CompareSideSpec } from '../compare-options';

/** A side set up and ready to start. */
export interface PreparedSide {
    readonly spec: CompareSideSpec;
    readonly source: string;
    readonly open: () => Promise<HostSession>;
    readonly where: 'local' | 'remote';
}

/** A side of the run: its session while started, and every block measured, whichever start of its processes measured it. */
export interface OpenSide extends PreparedSide {
    session?: HostSession;
    /** The current start of its processes (0 the first). */
    start: number;
    readonly blocks: ResultsDocument[];
    readonly positions: number[];
    readonly starts: number[];
}

/** One block: "Run All with Options..." with the block's samples, in a session that stays open. */
export async function runBlock(side: OpenSide, options: CompareRunOptions, what: string, sizes: readonly string[], warmup: number, iterations = options.iterations): Promise<ResultsDocument> {
    const session = side.session;
    if (!session) {
        throw new Error(`the ${side.spec.label} side is not started`);
    }
    const workbench = session.workbench;
    const report = options.progress(`${side.spec.label} ${what}`);
    let lastProgress: string | undefined;
    let lastProgressAt = Date.now();
    const blockRun = workbench.runToCompletion('FS Perf: Run All with Options...', {
        answers: [String(iterations), String(warmup), sizes.join(', '), '0'],
        onProgress: text => {
            lastProgress = text;
            lastProgressAt = Date.now();
            report(text);
        },
    });
    // A Theia at a URL is asked over HTTP only once its progress has been silent for 2 s, so the probe never lands beside a
    // sample of a live backend (progress comes between samples); a backend we started is watched in this process.
    const gone = (): Promise<string | undefined> => side.where === 'local' ? Promise.resolve(serverEnded(session.server))
        : Date.now() - lastProgressAt < 2000 ? Promise.resolve(undefined) : urlRefused(side.spec.value);
    const resultsPath = await unlessBackendEnds(`the ${side.spec.label} side`, gone, blockRun, () => `${what}${lastProgress ? `, at ${lastProgress}` : ''}`);
    const document = side.where === 'remote' ? await fetchTheiaResults(workbench.page, resultsPath) : await readResultsFile(resultsPath);
    if (!document.results.some(row => row.host?.extensionKind === 'plugin')) {
        throw new Error(`the ${side.spec.label} side's results have no rows of the VS Code extension (the plugin): it did not load in that Theia `
            + `(${document.host.editorName} ${document.host.editorVersion}); see its FS Performance Output channel and backend log.`);
    }
    return document;
}
