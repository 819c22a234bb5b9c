/**
 * Where a Theia plugin's `workspace.fs.readFile` spends its time: each process on the path records when the read
 * passed it, on the clock all processes of the machine share (`performance.timeOrigin + performance.now()`, ms since
 * the Unix epoch), and the records are matched to the plugin's samples after the samples, outside any clock reading.
 */

/** A call some process saw, on the shared clock. */
export interface TraceSpan {
    /** The URI the call was about, as that process wrote it. */
    readonly uri: string;
    /** Shared-clock ms at the call's entry and its return. */
    readonly start: number;
    readonly end: number;
}

/** What the processes on a plugin's read path recorded while tracing was on. */
export interface ReadTrace {
    /** The frontend's `FileService.readFile` (what the plugin's `$readFile` calls): entry, and the bytes back in the frontend. */
    readonly frontend: readonly TraceSpan[];
    /** The backend's disk file system provider's `readFile`: the disk read. */
    readonly backend: readonly TraceSpan[];
}

/** One timed sample on the shared clock: its start and its measured duration. */
export interface TimedSample {
    readonly startedAt: number;
    readonly durationMs: number;
}

/** The hops of a plugin's read, in path order; they add up to the plugin's measured call. */
export const PLUGIN_READ_HOPS = [
    { id: 'request-to-frontend', label: 'plugin host → frontend (request)' },
    { id: 'request-to-backend', label: 'frontend → backend (request)' },
    { id: 'disk', label: 'disk read (backend provider)' },
    { id: 'bytes-to-frontend', label: 'backend → frontend (bytes)' },
    { id: 'bytes-to-plugin', label: 'frontend → plugin host (bytes)' },
] as const;

export type PluginReadHopId = (typeof PLUGIN_READ_HOPS)[number]['id'];

/** Per matched timed sample, the ms of each hop in {@link hops} order. */
export interface HopSamples {
    readonly hops: string[];
    readonly samplesMs: number[][];
    /** Timed samples for which some process's record was missing (not in `samplesMs`). */
    readonly unmatched: number;
}

/**
 * Slack allowed when a record of another process is matched to a sample, ms: the processes' time origins are each
 * taken from the system clock when the process started, so they can disagree by a little.
 */
export const CLOCK_SLACK_MS = 5;

function isFor(span: TraceSpan, fileName: string): boolean {
    return span.uri.endsWith(`/${fileName}`);
}

/**
 * Splits each timed sample of a plugin's read of `fileName` into {@link PLUGIN_READ_HOPS}: the first frontend record
 * inside the sample and the first backend record inside that frontend record. The hops add up to the sample's
 * duration by construction; a hop can come out slightly negative when two processes' clocks disagree.
 */
export function pluginReadHops(samples: readonly TimedSample[], trace: ReadTrace, fileName: string): HopSamples {
    const frontend = trace.frontend.filter(span => isFor(span, fileName));
    const backend = trace.backend.filter(span => isFor(span, fileName));
    const samplesMs: number[][] = [];
    let unmatched = 0;
    for (const sample of samples) {
        const t0 = sample.startedAt;
        const t5 = sample.startedAt + sample.durationMs;
        const front = frontend.find(span => span.start >= t0 - CLOCK_SLACK_MS && span.end <= t5 + CLOCK_SLACK_MS);
        const back = front && backend.find(span => span.start >= front.start - CLOCK_SLACK_MS && span.end <= front.end + CLOCK_SLACK_MS);
        if (!front || !back) {
            unmatched++;
            continue;
        }
        samplesMs.push([front.start - t0, back.start - front.start, back.end - back.start, front.end - back.end, t5 - front.end]);
    }
    return { hops: PLUGIN_READ_HOPS.map(hop => hop.id), samplesMs, unmatched };
}

/** Joins the hop samples of several rounds of one case (same hops). */
export function concatHopSamples(a: HopSamples, b: HopSamples): HopSamples {
    if (a.hops.join() !== b.hops.join()) {
        throw new Error(`Hop samples with different hops cannot be joined: ${a.hops.join(', ')} and ${b.hops.join(', ')}.`);
    }
    return { hops: a.hops, samplesMs: [...a.samplesMs, ...b.samplesMs], unmatched: a.unmatched + b.unmatched };
}

/**
 * Commands of the Theia extension a plugin uses to trace its reads: `begin` turns the trace on in the frontend and the
 * backend; `end` turns it off and returns the {@link ReadTrace}. Neither is in the command palette.
 */
export const TRACE_COMMANDS = {
    begin: 'fsPerf.theia.readTrace.begin',
    end: 'fsPerf.theia.readTrace.end',
} as const;

/** Ms since the Unix epoch on the clock every process of the machine shares: `performance.timeOrigin + performance.now()`. */
export function sharedClockNow(): number {
    return performance.timeOrigin + performance.now();
}

/** A trace left on longer than this is turned off by the process that holds it, ms: a run that died never leaves one on. */
export const TRACE_MAX_MS = 10 * 60 * 1000;

/**
 * Wraps `owner[method]` (an async method) so each call is recorded as a {@link TraceSpan} on the shared clock, until the
 * returned function restores it. Only calls that resolve are recorded. `uriOf` names the call's target from its first
 * argument. The wrapper is installed only while tracing, so nothing of it is in the path otherwise.
 */
export function traceMethod<T extends object, K extends keyof T>(owner: T, method: K, uriOf: (first: unknown) => string,
    spans: TraceSpan[]): () => void {
    const hadOwn = Object.prototype.hasOwnProperty.call(owner, method);
    const original = owner[method] as unknown as (...args: unknown[]) => Promise<unknown>;
    if (typeof original !== 'function') {
        throw new Error(`Cannot trace ${String(method)}: it is not a method here.`);
    }
    const traced = function (this: unknown, ...args: unknown[]): Promise<unknown> {
        const start = sharedClockNow();
        return original.apply(this, args).then(result => {
            spans.push({ uri: uriOf(args[0]), start, end: sharedClockNow() });
            return result;
        });
    };
    (owner as Record<K, unknown>)[method] = traced;
    return () => {
        if (hadOwn) {
            (owner as Record<K, unknown>)[method] = original;
        } else {
            delete (owner as Record<K, unknown>)[method];
        }
    };
}

/**
 * One process's part of a read trace: {@link traceMethod} installed on `begin` and removed on `end` (or by itself after
 * {@link TRACE_MAX_MS}), with the spans recorded in between. A second `begin` while it is on is refused with `busyMessage`.
 */
export class MethodTrace<T extends object, K extends keyof T> {
    protected spans: TraceSpan[] = [];
    protected restore: (() => void) | undefined;
    protected timer: ReturnType<typeof setTimeout> | undefined;

    constructor(protected readonly owner: () => T, protected readonly method: K, protected readonly uriOf: (first: unknown) => string,
        protected readonly busyMessage: string) { }

    get active(): boolean {
        return this.restore !== undefined;
    }

    /** Throws {@link busyMessage} while a trace is on. */
    checkIdle(): void {
        if (this.restore) {
            throw new Error(this.busyMessage);
        }
    }

    begin(): void {
        this.checkIdle();
        this.spans = [];
        this.restore = traceMethod(this.owner(), this.method, this.uriOf, this.spans);
        this.timer = setTimeout(() => this.end(), TRACE_MAX_MS);
    }

    /** Removes the wrapper and returns what it recorded (nothing when no trace was on). */
    end(): TraceSpan[] {
        if (this.timer) {
            clearTimeout(this.timer);
            this.timer = undefined;
        }
        this.restore?.();
        this.restore = undefined;
        const spans = this.spans;
        this.spans = [];
        return spans;
    }
}
