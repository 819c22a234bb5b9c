import * as path from 'path';
import { performance } from 'perf_hooks';
import { ScenarioCase, WATCH_CHANGE_KINDS, WatchChangeKind, watchBurstCase, WatchEvents, watchLatencyCase } from '@fs-perf/benchmark-core';
import { ChangeMaker, nodeFolderWatch } from '@fs-perf/test-files/lib/node';
import { BackendWatchAnswer, BackendWatchRequest } from '../common/fs-perf-backend-protocol';
import { FsPerfAccessError, shorten } from './access-error';
import { MAX_SCRATCH_FILES, randomId, ScratchBudget, ScratchEntry, ScratchFolders, shownId } from './scratch-folders';
import { checkedFileName } from './write-timing';

/** Watch sessions one connection runs at once (a run prepares its cases together: nine of the watch suite in Theia). */
export const MAX_WATCH_SESSIONS_PER_CONNECTION = 16;
/** Most files one burst may ask for. */
export const MAX_BURST_FILES = 10_000;

/** One watched folder: its child, and with a floor, the `fs.watch` case the backend samples and times. */
interface WatchSession {
    readonly entry: ScratchEntry;
    readonly maker: ChangeMaker;
    readonly floor?: ScenarioCase;
    /** Files a floor sample makes (a burst's, or one). */
    readonly floorFiles: number;
    readonly burstFloor: boolean;
    /** Files the child made in the folder since it was last emptied, to bound it across calls. */
    files: number;
    readonly dispose: () => Promise<void>;
}

function refuse(message: string): never {
    throw new FsPerfAccessError('unresolvable', `Refusing a watch request: ${message}.`);
}

function shown(value: unknown): string {
    return shorten(String(value), 60);
}

function checkedKind(kind: unknown): WatchChangeKind {
    return WATCH_CHANGE_KINDS.includes(kind as WatchChangeKind) ? kind as WatchChangeKind : refuse(`a change is create, change or delete, got ${shown(kind)}`);
}

function checkedCount(name: string, value: unknown, max: number): number {
    return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max ? value as number : refuse(`${name} must be a whole number from 0 to ${max}, got ${shown(value)}`);
}

/**
 * The backend's side of file watching for one connection (see {@link BackendWatchRequest}): a session runs in a folder the
 * backend made for watching (scratch-folders.ts), its child started outside any clock on that folder's handle, so every
 * change it makes stays in that folder; a floor's samples are the same cases as the editors' (watch-cases.ts), watched with
 * `fs.watch` and timed here, so the RPC's request and answer are outside the clock readings. Session ids are random and
 * known to this connection only; its sessions end when it closes.
 */
export class BackendWatchSessions {
    private readonly sessions = new Map<string, WatchSession>();
    private starting = 0;

    constructor(private readonly folders: ScratchFolders, private readonly budget: ScratchBudget) { }

    async handle(request: BackendWatchRequest): Promise<BackendWatchAnswer> {
        if (request?.op === 'begin') {
            return { session: await this.begin(request.folder, request.floor) };
        }
        const id = (request as { session?: unknown })?.session;
        const session = typeof id === 'string' ? this.sessions.get(id) : undefined;
        if (!session) {
            return request?.op === 'end' ? {} : refuse(`no watch session ${shownId(id)} on this connection (begin one first)`);
        }
        switch (request.op) {
            case 'change': {
                const kind = checkedKind(request.change);
                const name = checkedFileName(request.name);
                this.count(session, kind === 'create' ? 1 : 0);
                await session.maker.request({ op: kind, name });
                session.files = Math.max(0, session.files - (kind === 'delete' ? 1 : 0));
                return {};
            }
            case 'burst': {
                const sample = checkedCount('sample', request.sample, Number.MAX_SAFE_INTEGER);
                const files = checkedCount('files', request.files, MAX_BURST_FILES);
                this.count(session, files);
                await session.maker.request({ op: 'burst', sample, files });
                return {};
            }
            case 'clear':
                await this.folders.get(session.entry.id, 'watch');
                await session.maker.request({ op: 'clear' });
                session.files = 0;
                return {};
            case 'sample': {
                const index = checkedCount('index', request.index, Number.MAX_SAFE_INTEGER);
                this.count(session, session.floor ? session.floorFiles : 0);
                return this.sample(session, index);
            }
            case 'landed':
                await session.floor?.landed?.({});
                if (session.burstFloor) {
                    // A burst floor's landed empties the folder.
                    session.files = 0;
                }
                return {};
            case 'end':
                await this.end(id as string);
                return {};
            default: return refuse(`unknown operation ${shown((request as { op?: unknown }).op)}`);
        }
    }

    /** Ends the session of `id` (its watch and child); nothing when there is none. */
    async end(id: string): Promise<void> {
        const session = this.sessions.get(id);
        if (session) {
            this.sessions.delete(id);
            await session.dispose();
        }
    }

    /** Ends every session of this connection. */
    async dispose(): Promise<void> {
        const ids = [...this.sessions.keys()];
        await Promise.all(ids.map(id => this.end(id)));
    }

    /** Refuses a request that would leave more files in the folder than it may hold; counts them otherwise. */
    private count(session: WatchSession, files: number): void {
        if (session.files + files > MAX_SCRATCH_FILES) {
            refuse(`the folder would hold more than ${MAX_SCRATCH_FILES} files; clear it first`);
        }
        session.files += files;
    }

    private async begin(folderId: unknown, floor: { change?: WatchChangeKind; files?: number } | undefined): Promise<string> {
        if (floor !== undefined && (typeof floor !== 'object' || !floor || (floor.change === undefined && floor.files === undefined))) {
            refuse('a floor is a change (create, change or delete) or a burst of files');
        }
        const change = floor?.change === undefined ? undefined : checkedKind(floor.change);
        const files = floor?.files === undefined ? undefined : checkedCount('files', floor.files, MAX_BURST_FILES);
        if (this.sessions.size + this.starting >= MAX_WATCH_SESSIONS_PER_CONNECTION) {
            throw new FsPerfAccessError('busy', `Refusing a watch session: this window runs ${MAX_WATCH_SESSIONS_PER_CONNECTION}, its limit. End one first.`);
        }
        // The slots are taken before the first await, so concurrent begins cannot pass the limits together.
        const release = this.budget.takeSession();
        this.starting++;
        let maker: ChangeMaker | undefined;
        let stopWatching: (() => void) | undefined;
        let entry: ScratchEntry | undefined;
        const id = randomId('watch');
        try {
            entry = await this.folders.get(folderId, 'watch');
            if (entry.session !== undefined) {
                refuse(`the folder ${shownId(folderId)} is watched by another session already`);
            }
            if ((await entry.folder.list()).length > 0) {
                refuse(`the folder ${shownId(folderId)} is not empty; a session starts in the empty folder fs-perf made`);
            }
            entry.session = id;
            maker = ChangeMaker.start(entry.folder);
            const started = maker;
            const watched = entry;
            const dispose = async (): Promise<void> => {
                stopWatching?.();
                watched.session = undefined;
                try {
                    await started.stop();
                } finally {
                    release();
                }
            };
            let floorCase: ScenarioCase | undefined;
            if (floor) {
                const folder = watched.folder.realPath;
                const events = new WatchEvents('fs.watch (Theia backend)');
                stopWatching = nodeFolderWatch(folder, events, entry.folder.path);
                floorCase = change !== undefined
                    ? await watchLatencyCase(change, {
                        events, dispose, eventPath: name => path.join(folder, name),
                        change: (kind, name) => started.request({ op: kind, name }),
                    })
                    : watchBurstCase(files!, {
                        events, dispose, eventPrefix: prefix => path.join(folder, prefix),
                        burst: (sample, count) => started.request({ op: 'burst', sample, files: count }),
                        clear: () => started.request({ op: 'clear' }),
                    });
            }
            this.sessions.set(id, { entry, maker, floor: floorCase, floorFiles: files ?? 1, burstFloor: files !== undefined, files: 0, dispose });
            return id;
        } catch (error) {
            stopWatching?.();
            await maker?.stop();
            release();
            if (entry?.session === id) {
                entry.session = undefined;
            }
            throw error;
        } finally {
            this.starting--;
        }
    }

    /** One floor sample, timed here: from the request to the child to the event (`endedAt`); a burst's count beside it. */
    private async sample(session: WatchSession, index: number): Promise<BackendWatchAnswer> {
        if (!session.floor) {
            refuse('this session has no floor to sample (begin it with one)');
        }
        const start = performance.now();
        const output = await session.floor.runSample(index);
        const end = performance.now();
        return {
            durationMs: (output.endedAt ?? end) - start,
            output: { ...(output.itemCount === undefined ? {} : { itemCount: output.itemCount }), ...(output.events ? { events: output.events } : {}) },
        };
    }
}
