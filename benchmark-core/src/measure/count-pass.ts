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
 * Environment variable with the URL of the headless driver's count observer, `http://127.0.0.1:PORT/<token>` (the token
 * random per run: the observer acts on `<url>/begin` and `<url>/end`, POST, only), set for the editor's server by
 * `yarn bench`; the extensions' Node processes (the VS Code extension host, Theia's plugin host and backend) inherit it.
 */
export const COUNT_OBSERVER_URL_VARIABLE = 'FS_PERF_COUNT_OBSERVER_URL';

/** How long a relay waits for the observer's whole answer to `begin` or `end`, ms (default). */
export const COUNT_OBSERVER_TIMEOUT_MS = 10_000;
/** Most bytes a relay reads of the observer's answer (it is a word: `observe`, `skip`, `ended`); more fails the call. */
export const COUNT_OBSERVER_MAX_RESPONSE_BYTES = 4096;
/** Most characters of what the observer (or the network) said that an error quotes. */
const QUOTED_CHARACTERS = 200;

/** The part of a fetch response a relay reads: its status and its body as a stream (read up to a bound). */
export interface CountObserverResponse {
    readonly ok: boolean;
    readonly status: number;
    readonly body: {
        getReader(): {
            read(): Promise<{ done: boolean; value?: Uint8Array }>;
            cancel(reason?: unknown): Promise<void>;
        };
    } | null;
}

type Fetch = (url: string, init: { method: string; signal: AbortSignal }) => Promise<CountObserverResponse>;

/** The observer's URL as errors show it: the token (its path) replaced by `<token>`. */
export function redactCountObserverUrl(url: string): string {
    try {
        const parsed = new URL(url);
        return parsed.pathname.replace(/\/+$/, '') === '' ? parsed.origin : `${parsed.origin}/<token>`;
    } catch {
        return '<the count observer URL, malformed>';
    }
}

/** `text` as an error quotes it: one line, the token (`secret`) never in it, at most {@link QUOTED_CHARACTERS} characters. */
function quoted(text: string, secret: string): string {
    const line = (secret ? text.split(secret).join('<token>') : text).replace(/\p{Cc}+/gu, ' ').trim();
    return line.length > QUOTED_CHARACTERS ? `${line.slice(0, QUOTED_CHARACTERS)}… (${line.length} characters)` : line;
}

/** An error's message, with its cause's (fetch's "fetch failed" says why only there). */
function messageOf(error: unknown): string {
    if (!(error instanceof Error)) {
        return String(error);
    }
    const cause = error.cause instanceof Error ? error.cause.message : undefined;
    return cause ? `${error.message}: ${cause}` : error.message;
}

/** The body of `response` as text, at most `maxBytes` (else throws, having cancelled the stream and aborted the request). */
async function boundedText(response: CountObserverResponse, maxBytes: number, abort: () => void): Promise<string> {
    if (!response.body) {
        return '';
    }
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
        const { done, value } = await reader.read();
        if (done || !value) {
            break;
        }
        total += value.length;
        if (total > maxBytes) {
            abort();
            await reader.cancel().catch(() => undefined);
            throw new Error(`answered more than ${maxBytes} bytes`);
        }
        chunks.push(value);
    }
    const bytes = new Uint8Array(total);
    let offset = 0;
    for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.length;
    }
    return new TextDecoder().decode(bytes);
}

/** Limits of a relay's call: how long it waits for the whole answer (ms) and how many bytes of it it reads. */
export interface CountObserverLimits {
    readonly timeoutMs?: number;
    readonly maxResponseBytes?: number;
}

/**
 * The observer at `url` (see {@link COUNT_OBSERVER_URL_VARIABLE}); undefined without one (a run from the palette). Each
 * call gives up after `timeoutMs` and reads at most `maxResponseBytes` of the answer; its errors name the phase, show the
 * URL without its token and quote at most 200 characters of what the observer said.
 */
export function httpCountObserver(url: string | undefined, fetchFunction: Fetch = globalThis.fetch,
    { timeoutMs = COUNT_OBSERVER_TIMEOUT_MS, maxResponseBytes = COUNT_OBSERVER_MAX_RESPONSE_BYTES }: CountObserverLimits = {}): CountObserver | undefined {
    if (!url) {
        return undefined;
    }
    const shown = redactCountObserverUrl(url);
    let secret: string;
    try {
        secret = new URL(url).pathname.replace(/^\/+|\/+$/g, '');
    } catch {
        // A malformed URL: fetch's error quotes it whole, and no token can be told apart in it, so all of it is hidden.
        secret = url;
    }
    const call = async (phase: 'begin' | 'end'): Promise<string> => {
        const controller = new AbortController();
        let timedOut = false;
        const timer = setTimeout(() => {
            timedOut = true;
            controller.abort();
        }, timeoutMs);
        const failed = (what: string, error: unknown): Error => timedOut
            ? new Error(`The count observer at ${shown} (${COUNT_OBSERVER_URL_VARIABLE}) did not answer '${phase}' within ${timeoutMs} ms.`)
            : new Error(`The count observer at ${shown} (${COUNT_OBSERVER_URL_VARIABLE}) ${what} '${phase}': ${quoted(messageOf(error), secret)}`);
        try {
            let response: CountObserverResponse;
            try {
                response = await fetchFunction(`${url}/${phase}`, { method: 'POST', signal: controller.signal });
            } catch (error) {
                throw failed('cannot be reached for', error);
            }
            let text: string;
            try {
                text = await boundedText(response, maxResponseBytes, () => controller.abort());
            } catch (error) {
                throw failed('gave no usable answer to', error);
            }
            if (!response.ok) {
                throw new Error(`The count observer at ${shown} refused '${phase}' (HTTP ${response.status}): ${quoted(text, secret)}`);
            }
            return text;
        } finally {
            clearTimeout(timer);
        }
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
