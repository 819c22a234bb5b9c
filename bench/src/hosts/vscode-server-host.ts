import { NetworkProfile, ResultsDocument } from '@fs-perf/benchmark-core';
import { throttleCpu } from './chromium';
import { HostSession } from './host-session';
import { readResultsFile } from '../util/workspace';

export interface CodeServerRunOptions {
    /** The packaged extension to install. */
    readonly vsix: string;
    /** Palette title of the command to run, e.g. `FS Perf: Run Benchmark`. */
    readonly commandTitle: string;
    /** User settings (`fsPerf.*`). */
    readonly settings: Record<string, unknown>;
    /** How long the run may take, ms. */
    readonly timeoutMs?: number;
    /** Called with the text of the extension's progress notification whenever it is polled. */
    readonly onProgress?: (text: string) => void;
    /** Chromium's CPU throttling rate for the workbench page (1 or undefined: none). */
    readonly cpuThrottle?: number;
    /** The page reaches code-server through a link like this one (see {@link HostSession}); the results file records it. */
    readonly network?: NetworkProfile;
    /** Called once the workbench is open, before the command. */
    readonly onSessionStarted?: (session: HostSession) => void;
}

export interface CodeServerRunResult {
    readonly document: ResultsDocument;
    /** From the palette command to the "Results:" line, ms. */
    readonly commandDurationMs: number;
}

/**
 * Measures in VS Code (code-server + headless Chromium) like a person: fresh workspace with fixtures,
 * the extension installed from its .vsix, the command run from the palette, the results file read back.
 */
export async function runInCodeServer(options: CodeServerRunOptions): Promise<CodeServerRunResult> {
    const session = await HostSession.codeServer({ vsix: options.vsix, settings: options.settings, network: options.network, counts: 'all' });
    try {
        options.onSessionStarted?.(session);
        if (options.cpuThrottle && options.cpuThrottle > 1) {
            await throttleCpu(session.workbench.page, options.cpuThrottle);
        }
        const started = Date.now();
        const resultsFile = await session.workbench.runToCompletion(options.commandTitle, { onProgress: options.onProgress, timeoutMs: options.timeoutMs ?? 15 * 60_000 });
        const commandDurationMs = Date.now() - started;
        return { document: session.withCounts(session.withNetwork(await readResultsFile(resultsFile))), commandDurationMs };
    } finally {
        await session.dispose();
    }
}
