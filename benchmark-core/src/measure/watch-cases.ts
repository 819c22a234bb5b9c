/**
 * One case of a watch scenario, the same in every editor and floor: what a sample asks for and waits for, and what is made
 * ready before it and cleaned after it, outside the clock readings. The hosts give the watcher's events, the paths as
 * their watcher reports them, and how their child process is asked for a change.
 */
import type { ScenarioCase, WatchChangeKind } from './scenario';
import { watchBurstPrefix, watchBurstSample, WatchEvents, WATCH_IDLE_MS, watchLatencySample, watchSampleFileName } from './watch-events';

/** What a host gives a latency case. */
export interface WatchLatencyParts {
    readonly events: WatchEvents;
    /** A file of the watched folder by name, as the watcher's events name it (a file system path, a URI's path). */
    readonly eventPath: (name: string) => string;
    /** Asks the child for one change of the named file; resolves when the child made it. */
    readonly change: (kind: WatchChangeKind, name: string) => Promise<unknown>;
    /** Stops the watcher and the child and removes the folder; also called on failure. */
    readonly dispose: () => Promise<void>;
}

/**
 * The file a change or delete sample needs, created by the child and reported by the watcher, then no event for it for a
 * quiet moment, all before the sample's clock starts (so the creation's own events cannot end the sample).
 */
export async function watchPrecondition(events: WatchEvents, path: string, create: () => Promise<unknown>): Promise<void> {
    const created = events.expect(path, 'create');
    try {
        await create();
    } catch (error) {
        events.cancel();
        throw error;
    }
    await created;
    await events.quiet(path);
}

/** How long each probe of a watcher's start waits for its event, ms; probes are made until the event timeout has passed. */
const PROBE_WAIT_MS = 500;

/**
 * Waits, before the case's first sample, until the watcher reports: a watcher may start some time after it is asked for
 * (Theia's backend starts one per `FileService.watch`), and a change made before then is never reported. The child
 * creates a probe file (`ready-<n>.txt`) until one's creation is reported, for at most the event timeout.
 */
export async function watcherStarted(events: WatchEvents, eventPath: (name: string) => string, create: (name: string) => Promise<unknown>): Promise<void> {
    const tries = Math.max(1, Math.ceil(events.timeoutMs / PROBE_WAIT_MS));
    for (let probe = 0; ; probe++) {
        const name = `ready-${probe}.txt`;
        const created = events.expect(eventPath(name), 'create', PROBE_WAIT_MS);
        try {
            await create(name);
        } catch (error) {
            events.cancel();
            throw error;
        }
        try {
            await created;
            return;
        } catch (error) {
            if (probe + 1 >= tries) {
                throw new Error(`${events.watcherName} did not start: ${(error as Error).message}`);
            }
        }
    }
}

/**
 * A latency case of `kind`: sample `i` changes `w-<i>.txt`; for a change or a delete that file is made ready before the
 * case's first sample and after each sample (`landed`) for the next one. Every sample starts on an idle watcher: no event
 * for {@link WATCH_IDLE_MS}, waited for outside the clock.
 */
export async function watchLatencyCase(kind: WatchChangeKind, parts: WatchLatencyParts): Promise<ScenarioCase> {
    let ready = -1;
    let last = -1;
    const makeReady = async (index: number): Promise<void> => {
        if (kind !== 'create') {
            const name = watchSampleFileName(index);
            await watchPrecondition(parts.events, parts.eventPath(name), () => parts.change('create', name));
        }
        await parts.events.quiet(undefined, WATCH_IDLE_MS);
        ready = index;
    };
    try {
        await watcherStarted(parts.events, parts.eventPath, name => parts.change('create', name));
        await makeReady(0);
    } catch (error) {
        await parts.dispose();
        throw error;
    }
    return {
        runSample: async index => {
            if (ready !== index) {
                throw new Error(`The file of watch sample ${index} was not made ready before it (sample ${ready} was): samples must come one after another.`);
            }
            last = index;
            const name = watchSampleFileName(index);
            return watchLatencySample(parts.events, parts.eventPath(name), kind, () => parts.change(kind, name));
        },
        landed: async () => {
            await makeReady(last + 1);
            return {};
        },
        dispose: parts.dispose,
    };
}

/** What a host gives a burst case. */
export interface WatchBurstParts {
    readonly events: WatchEvents;
    /** The start of a burst sample's paths as the watcher's events name them (the folder's, then `b-<sample>-`). */
    readonly eventPrefix: (prefix: string) => string;
    /** Asks the child to create the sample's files; resolves when it made the last. */
    readonly burst: (sampleIndex: number, files: number) => Promise<unknown>;
    /** Asks the child to empty the folder (after a sample, outside the clock). */
    readonly clear: () => Promise<unknown>;
    readonly dispose: () => Promise<void>;
}

/**
 * A burst case: each sample's child creates `files` files; the sample's time is to the last creation event, its count
 * the distinct paths reported. After it, outside the clock, the folder is emptied and its deletions let go quiet.
 */
export function watchBurstCase(files: number, parts: WatchBurstParts): ScenarioCase {
    return {
        runSample: async index => watchBurstSample(parts.events, parts.eventPrefix(watchBurstPrefix(index)), files, () => parts.burst(index, files)),
        landed: async () => {
            await parts.clear();
            await parts.events.quiet(undefined);
            return {};
        },
        dispose: parts.dispose,
    };
}
