import { CountWindow } from './message-counts';
import { ScenarioCase } from './scenario';

/** Calls of a count pass per case (default). */
export const COUNT_PASS_CALLS = 3;
/** Quiet gap before each call of a count pass and after its last, ms (default): no call of ours runs in it. */
export const COUNT_PASS_QUIET_MS = 100;

/**
 * Turns the observer of a count pass on and off: the headless driver's (`yarn bench`), which then records the page's
 * WebSocket messages, or none. `begin` resolves once the observer records; both are called outside every timed sample.
 */
export interface CountObserver {
    begin(): Promise<void>;
    end(): Promise<void>;
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
