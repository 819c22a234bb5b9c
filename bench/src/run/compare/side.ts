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
    /** A side started here: its app started on another workspace with these user settings (a watch comparison's tree). */
    readonly openOn?: (workspace: string, settings: Record<string, unknown>) => Promise<HostSession>;
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
    /** With `--duet`: per block, the core the side's processes were pinned to (empty otherwise). */
    readonly cores: number[];
}

/** A prepared side before its first start, with no block yet. */
export function openSide(side: PreparedSide): OpenSide {
    return { ...side, start: -1, blocks: [], positions: [], starts: [], cores: [] };
}

/** Starts one side's processes as its start `start`; `name` prefixes the line it logs. */
export async function startSide(side: OpenSide, start: number, log: (message: string) => void, name: string): Promise<void> {
    log(`${name}starting ${side.spec.label} (${side.source})${start > 0 ? `, start ${start + 1} of its processes` : ''}`);
    side.session = await side.open();
    side.start = start;
    if (side.where === 'remote') {
        // A Theia we did not start: its workspace may lack the test files (this checks them, and writes what is missing).
        log(`  ${side.spec.label}: ${await side.session.workbench.generateTestFiles('FS Perf: Generate Test Files (Theia FileService)', { timeoutMs: 10 * 60_000 })}`);
    }
}

/** Stops a side's processes, if started; a failure to stop is logged, not thrown, so the other side is stopped too. */
export async function stopSide(side: OpenSide, log: (message: string) => void): Promise<void> {
    const session = side.session;
    side.session = undefined;
    await session?.dispose().catch(error => log(`  ${side.spec.label}: stopping it failed: ${(error as Error).message}`));
}

/** Whether a side's next block is the first of its current start. */
export function firstBlockOfStart(side: OpenSide): boolean {
    return side.blocks.length === 0 || side.starts[side.starts.length - 1] !== side.start;
}

/** A block measured, at `position` in the pass, in the side's current start (in a duet, on `core`). */
export function addBlock(side: OpenSide, document: ResultsDocument, position: number, core?: number): void {
    side.blocks.push(document);
    side.positions.push(position);
    side.starts.push(side.start);
    if (core !== undefined) {
        side.cores.push(core);
    }
}

/** Drops the blocks of a pair whose other block was never measured: only complete pairs are compared. */
export function keepCompletePairs(sides: readonly OpenSide[]): void {
    const pairs = Math.min(...sides.map(side => side.blocks.length));
    for (const side of sides) {
        side.blocks.splice(pairs);
        side.positions.splice(pairs);
        side.starts.splice(pairs);
        side.cores.splice(pairs);
    }
}

/**
 * One block: "Run All with Options..." with the block's samples at its targets `sizes` (fixture sizes, or for the trees
 * the generated trees: compareBlockTargets in compare-options.ts), in a session that stays open.
 */
export async function runBlock(side: OpenSide, options: CompareRunOptions, what: string, sizes: readonly string[], warmup: number, iterations = options.iterations): Promise<ResultsDocument> {
    const session = side.session;
    if (!session) {
        throw new Error(`the ${side.spec.label} side is not started`);
    }
    const workbench = session.workbench;
    const report = options.progress(`${side.spec.label} ${what}`);
    let lastProgress: string | undefined;
    let lastProgressAt = Date.now();
    // The trees' blocks answer a fifth step with their trees; their cases have no fixture size, so the run's sizes are only answered.
    const trees = options.suite === 'trees';
    const blockRun = workbench.runToCompletion('FS Perf: Run All with Options...', {
        answers: [String(iterations), String(warmup), (trees ? options.sizes : sizes).join(', '), '0', ...trees ? [sizes.join(', ')] : []],
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
    const document = session.withCounts(side.where === 'remote' ? await fetchTheiaResults(workbench.page, resultsPath) : await readResultsFile(resultsPath));
    if (!document.results.some(row => row.host?.extensionKind === 'plugin')) {
        throw new Error(`the ${side.spec.label} side's results have no rows of the VS Code extension (the plugin): it did not load in that Theia `
            + `(${document.host.editorName} ${document.host.editorVersion}); see its FS Performance Output channel and backend log.`);
    }
    return document;
}
