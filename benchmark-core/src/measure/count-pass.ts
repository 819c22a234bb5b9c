import { CountWindow } from './message-counts';
import { ScenarioCase } from './scenario';

/** Calls of a count pass per case (default). */
export const COUNT_PASS_CALLS = 3;
/** Quiet gap before each call of a count pass and after its last, ms (default): no call of ours runs in it. */
export const COUNT_PASS_QUIET_MS = 100;

/**
 * Turns the observer of a count pass on and off: the headless driver's (`yarn bench`), which then records the page's
 * WebSocket messages. `begin` resolves once the observer records, with false when it wants no count pass this run (a
 * `--compare` block after the ones it counted); both are called outside every timed sample.
 */
export interface CountObserver {
    begin(): Promise<boolean>;
    end(): Promise<void>;
}

/**
 * Environment variable with the URL of the headless driver's count observer (`<url>/begin`, `<url>/end`, POST), set for
 * the editor's server by `yarn bench`; the extensions' Node processes (the VS Code extension host, Theia's plugin host and
 * backend) inherit it.
 */
export const COUNT_OBSERVER_URL_VARIABLE = 'FS_PERF_COUNT_OBSERVER_URL';

type Fetch = (url: string, init: { method: string }) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;

/** The observer at `url` (see {@link COUNT_OBSERVER_URL_VARIABLE}); undefined without one (a run from the palette). */
export function httpCountObserver(url: string | undefined, fetchFunction: Fetch = globalThis.fetch): CountObserver | undefined {
    if (!url) {
        return undefined;
    }
    const call = async (phase: 'begin' | 'end'): Promise<string> => {
        let response: Awaited<ReturnType<Fetch>>;
        try {
            response = await fetchFunction(`${url}/${phase}`, { method: 'POST' });
        } catch (error) {
            throw new Error(`The count observer at ${url} (${COUNT_OBSERVER_URL_VARIABLE}) cannot be reached: ${(error as Error).message}`);
        }
        const text = await response.text();
        if (!response.ok) {
            throw new Error(`The count observer at ${url} refused '${phase}' (HTTP ${response.status}): ${text}`);
        }
        return text;
    };
    return {
        begin: async () => (await call('begin')).trim() !== 'skip',
        end: async () => {
            await call('end');
        },
    };
}

/** A case's count pass: its calls' windows on the shared clock and the quiet gap around each. */
export interface CaseCountWindows {
    readonly quietMs: number;
    readonly windows: CountWindow[];
}

/**
 * A case's count pass: `calls` calls, each after a quiet gap of `quietMs` (and one more gap after the last), each call's
 * window recorded on the shared clock (`now`). Untimed; `firstIndex` is the sample index the first call gets.
 */
export async function countPass(scenarioCase: ScenarioCase, firstIndex: number, calls: number, quietMs: number, now: () => number,
    throwIfCancelled: () => void): Promise<CaseCountWindows> {
    const windows: CountWindow[] = [];
    for (let call = 0; call < calls; call++) {
        throwIfCancelled();
        await quiet(quietMs);
        const start = now();
        await scenarioCase.runSample(firstIndex + call);
        windows.push({ start, end: now() });
    }
    await quiet(quietMs);
    return { quietMs, windows };
}

function quiet(ms: number): Promise<void> {
    return new Promise(resolve => setTimeout(resolve, ms));
}
