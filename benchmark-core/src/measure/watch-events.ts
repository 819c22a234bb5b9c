/**
 * File watching (issue 39, "file watching"): the time from a change on disk, made by a process outside the editor, to the
 * watcher's event, and a burst of creations counted against those made. The event matching, the wait for one event and
 * the count of a burst are here, written once for every editor and floor; the watchers and the child that makes the
 * changes are the hosts'.
 */
import type { SampleOutput, WatchChangeKind } from './scenario';

/** The kinds of change of the latency cases, in case order. */
export const WATCH_CHANGE_KINDS: readonly WatchChangeKind[] = ['create', 'change', 'delete'];

/** What a watcher reported: a path and a kind; Node's `fs.watch` says `rename` for both a creation and a deletion. */
export interface WatchEvent {
    readonly path: string;
    readonly kind: WatchChangeKind | 'rename';
}

/** Files a watch burst creates, as fast as the child can, in an empty folder. */
export const WATCH_BURST_FILES = 1000;
/** How long a latency sample waits for its event before it fails, ms. */
export const WATCH_EVENT_TIMEOUT_MS = 10_000;
/** A burst's count has settled when no event came for this long after the child made the last file, ms. */
export const WATCH_BURST_QUIET_MS = 1000;
/** Longest a burst's count is waited for after the child made the last file, ms, however the events trickle. */
export const WATCH_BURST_MAX_WAIT_MS = 60_000;
/** After a precondition (the file a change or delete sample needs), no event for its path for this long, ms, before the sample. */
export const WATCH_PRECONDITION_QUIET_MS = 250;
/**
 * Before every latency sample, no event of the watcher for this long, ms: the watcher is idle, as when a user saves a
 * file after a pause. Both editors watch through `@parcel/watcher`, which reports a change at once when it saw none for
 * 500 ms and otherwise waits 50 ms to batch it with the next ones (its `Debounce.cc`); a harness that samples faster than
 * that measures the batching, not the editor. docs/watching.md, "Idle and busy watchers".
 */
export const WATCH_IDLE_MS = 600;
/**
 * Prefix of the temporary folders the watch cases make at the top of the workspace folder (removed after each case): not
 * inside `.fs-perf/`, which the extension's `files.watcherExclude` default leaves out of both editors' watching.
 */
export const WATCH_FOLDER_PREFIX = '.fs-perf-watch-';

/** A fresh temporary folder name for one watch case, e.g. `.fs-perf-watch-lk3x9a-4f2a1c`. */
export function watchFolderName(now: number = Date.now(), random: () => number = Math.random): string {
    return `${WATCH_FOLDER_PREFIX}${now.toString(36)}-${random().toString(36).slice(2, 8).padEnd(6, '0')}`;
}

/** The file of a latency sample (`w-3.txt`): one name per sample, so an event of an earlier sample cannot match a later one. */
export function watchSampleFileName(sampleIndex: number): string {
    return `w-${sampleIndex}.txt`;
}

/** The name prefix of one burst sample's files (`b-3-`): a later sample's count cannot take an earlier one's events. */
export function watchBurstPrefix(sampleIndex: number): string {
    return `b-${sampleIndex}-`;
}

/** The name of a burst sample's file at `index` (`b-3-00042.txt`). */
export function watchBurstFileName(sampleIndex: number, index: number): string {
    return `${watchBurstPrefix(sampleIndex)}${String(index).padStart(5, '0')}.txt`;
}

/** A burst's target label, e.g. `1000 creations`. */
export function watchBurstLabel(files: number = WATCH_BURST_FILES): string {
    return `${files} creations`;
}

/** Whether `event` is the one a sample waits for: the same path, and the same kind (`rename` stands for a creation or a deletion). */
export function watchEventMatches(expected: { readonly path: string; readonly kind: WatchChangeKind }, event: WatchEvent): boolean {
    return event.path === expected.path && (event.kind === expected.kind || (event.kind === 'rename' && expected.kind !== 'change'));
}

/** Whether `event` reports a creation (a burst counts only these). */
export function isCreation(event: WatchEvent): boolean {
    return event.kind === 'create' || event.kind === 'rename';
}

/** A clock (`performance.now()` by default) and a sleep, replaceable in tests. */
export interface WatchTiming {
    readonly clock: () => number;
    readonly sleep: (ms: number) => Promise<void>;
}

const REAL_TIMING: WatchTiming = {
    clock: () => performance.now(),
    sleep: ms => new Promise(resolve => setTimeout(resolve, ms)),
};

interface PendingWait {
    readonly expected: { readonly path: string; readonly kind: WatchChangeKind };
    readonly resolve: (at: number) => void;
    readonly reject: (error: Error) => void;
    readonly timer: ReturnType<typeof setTimeout>;
}

/**
 * Counts the distinct paths under a prefix a watcher reported created, and when the last of them came. A lost event is a
 * finding: the count is recorded, never an error.
 */
export class BurstEventCounter {
    private readonly seen = new Set<string>();
    private last: number | undefined;

    constructor(readonly prefix: string, readonly expected: number) { }

    /** Takes one event observed at `at` (a clock reading): a creation under the prefix counts once per path. */
    observe(event: WatchEvent, at: number): void {
        if (isCreation(event) && event.path.startsWith(this.prefix) && !this.seen.has(event.path)) {
            this.seen.add(event.path);
            this.last = at;
        }
    }

    get received(): number {
        return this.seen.size;
    }

    /** The clock reading of the last new path's event, undefined before any. */
    get lastAt(): number | undefined {
        return this.last;
    }

    /**
     * Waits, after the child made the last file at `doneAt`, for the count to settle: every file reported, or no new one
     * for `quietMs`, or `maxWaitMs` since `doneAt`. The time of the sample is still the last event's arrival.
     */
    async settled(doneAt: number, timing: WatchTiming = REAL_TIMING, quietMs = WATCH_BURST_QUIET_MS, maxWaitMs = WATCH_BURST_MAX_WAIT_MS): Promise<number> {
        for (;;) {
            const now = timing.clock();
            if (this.received >= this.expected || now - doneAt >= maxWaitMs) {
                return this.received;
            }
            const quietFor = now - Math.max(doneAt, this.last ?? doneAt);
            if (quietFor >= quietMs) {
                return this.received;
            }
            // At least 1 ms: a remainder of a rounding error would never be slept off.
            await timing.sleep(Math.max(1, Math.min(quietMs - quietFor, 100)));
        }
    }
}

/**
 * Every event of one watcher, fed in by {@link observe}: what a latency sample waits for ({@link expect}), what a burst
 * counts ({@link countBurst}), and when a path has gone quiet ({@link quiet}). The clock is read once per event.
 */
export class WatchEvents {
    private pending: PendingWait | undefined;
    private counter: BurstEventCounter | undefined;
    private readonly lastByPath = new Map<string, number>();
    private lastAny: number | undefined;

    /** @param watcherName names the watcher in a timeout's error, e.g. `createFileSystemWatcher`. */
    constructor(readonly watcherName: string, readonly timing: WatchTiming = REAL_TIMING, readonly timeoutMs = WATCH_EVENT_TIMEOUT_MS) { }

    observe(event: WatchEvent): void {
        const at = this.timing.clock();
        const pending = this.pending;
        if (pending && watchEventMatches(pending.expected, event)) {
            this.pending = undefined;
            clearTimeout(pending.timer);
            pending.resolve(at);
        }
        this.counter?.observe(event, at);
        this.lastByPath.set(event.path, at);
        this.lastAny = at;
    }

    /**
     * Waits for the event of `kind` on `path`, armed before the change is asked for; resolves with its arrival on the
     * clock. No such event within the timeout rejects, naming the path and the kind.
     */
    expect(path: string, kind: WatchChangeKind, timeoutMs = this.timeoutMs): Promise<number> {
        this.cancel();
        const arrival = new Promise<number>((resolve, reject) => {
            const timer = setTimeout(() => {
                this.pending = undefined;
                reject(new Error(`${this.watcherName} reported no ${kind} event for ${path} within ${timeoutMs / 1000} s: the watcher missed it, `
                    + 'or the folder is not watched (see files.watcherExclude and the inotify limit, fs.inotify.max_user_watches).'));
            }, timeoutMs);
            this.pending = { expected: { path, kind }, resolve, reject, timer };
        });
        // Awaited by the caller after its change request settles: a timeout while that request is still pending (a slow
        // child, a probe of a watcher that has not started) is handled there, never an unhandled rejection meanwhile.
        arrival.catch(() => undefined);
        return arrival;
    }

    /** Drops a wait (its promise never settles); for a request that failed. */
    cancel(): void {
        if (this.pending) {
            clearTimeout(this.pending.timer);
            this.pending = undefined;
        }
    }

    /** Starts counting a burst's creations under `prefix` (the previous count ends). */
    countBurst(prefix: string, expected: number): BurstEventCounter {
        this.counter = new BurstEventCounter(prefix, expected);
        return this.counter;
    }

    /**
     * Resolves when no event for `path` (for any path when undefined) came for `quietMs`: outside the clock, after a
     * precondition or a burst's clean-up, before the next sample.
     */
    async quiet(path: string | undefined, quietMs = WATCH_PRECONDITION_QUIET_MS): Promise<void> {
        for (;;) {
            const last = path === undefined ? this.lastAny : this.lastByPath.get(path);
            const quietFor = this.timing.clock() - (last ?? Number.NEGATIVE_INFINITY);
            if (quietFor >= quietMs) {
                return;
            }
            await this.timing.sleep(Math.max(1, quietMs - quietFor));
        }
    }
}

/**
 * One latency sample: the wait armed, the change asked for (`request`: one line to the child, or one request to a
 * backend that forwards it), and the event awaited; the sample ends at the event's arrival (`endedAt`). Only the request
 * and the wait are between the clock readings.
 */
export async function watchLatencySample(events: WatchEvents, path: string, kind: WatchChangeKind, request: () => Promise<unknown>): Promise<SampleOutput> {
    const arrived = events.expect(path, kind);
    try {
        await request();
    } catch (error) {
        events.cancel();
        throw error;
    }
    return { itemCount: 1, endedAt: await arrived };
}

/**
 * One burst sample: the count started, the burst asked for (the request answers once the child made every file), then
 * the count left to settle; the sample ends at the last creation's event (at the child's answer when none came), and
 * records the events received against those made.
 */
export async function watchBurstSample(events: WatchEvents, prefix: string, files: number, request: () => Promise<unknown>): Promise<SampleOutput> {
    const counter = events.countBurst(prefix, files);
    await request();
    const doneAt = events.timing.clock();
    const received = await counter.settled(doneAt, events.timing);
    return { endedAt: counter.lastAt ?? doneAt, events: { received, expected: files } };
}

/** `events received 987 of 1000`: what a burst's count says in tables. */
export function eventsReceivedText(received: readonly number[], expected: number): string {
    const low = Math.min(...received);
    const high = Math.max(...received);
    return `events received ${low === high ? low : `${low} to ${high}`} of ${expected}`;
}
