import * as path from 'path';
import { performance } from 'perf_hooks';
import { ScenarioCase, WATCH_CHANGE_KINDS, WatchChangeKind, watchBurstCase, WatchEvents, watchLatencyCase } from '@fs-perf/benchmark-core';
import { ChangeMaker, nodeFolderWatch } from '@fs-perf/test-files/lib/node';
import { BackendWatchAnswer, BackendWatchRequest } from '../common/node-fs-read-protocol';
import { FsPerfAccessError } from './access-error';
import { checkedFolder } from './tree-timing';
import { checkedFileName } from './write-timing';

const WATCH_FOLDER_MISSING = 'Make the temporary folder first (the Theia extension makes it before the first sample).';
/** Sessions one backend keeps at once; beyond it the oldest is ended (a page that went away without ending its own). */
const MAX_SESSIONS = 32;
/** Most files one burst may ask for. */
const MAX_BURST_FILES = 10_000;

/** One watched folder: its child, and with a floor, the `fs.watch` case the backend samples and times. */
interface WatchSession {
    readonly folder: string;
    readonly maker: ChangeMaker;
    readonly floor?: ScenarioCase;
    readonly dispose: () => Promise<void>;
}

function refuse(message: string): never {
    throw new FsPerfAccessError('unresolvable', `Refusing a watch request: ${message}.`);
}

function checkedKind(kind: unknown): WatchChangeKind {
    return WATCH_CHANGE_KINDS.includes(kind as WatchChangeKind) ? kind as WatchChangeKind : refuse(`a change is create, change or delete, got ${String(kind)}`);
}

function checkedCount(name: string, value: unknown, max: number): number {
    return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max ? value as number : refuse(`${name} must be a whole number from 0 to ${max}, got ${String(value)}`);
}

/**
 * The backend's side of file watching (see {@link BackendWatchRequest}): each session's folder is checked inside the
 * workspace, its child started outside any clock; a floor's samples are the same cases as the editors' (watch-cases.ts),
 * watched with `fs.watch` and timed here, so the RPC's request and answer are outside the clock readings.
 */
export class BackendWatchSessions {
    private readonly sessions = new Map<string, WatchSession>();
    private nextId = 0;

    async handle(request: BackendWatchRequest, roots: readonly string[]): Promise<BackendWatchAnswer> {
        if (request?.op === 'begin') {
            return { session: await this.begin(request.folderUri, request.floor, roots) };
        }
        const session = this.sessions.get((request as { session?: string })?.session ?? '');
        if (!session) {
            return request?.op === 'end' ? {} : refuse(`no watch session ${String((request as { session?: unknown })?.session)} (begin one first)`);
        }
        switch (request.op) {
            case 'change':
                await session.maker.request({ op: checkedKind(request.change), path: path.join(session.folder, checkedFileName(request.name)) });
                return {};
            case 'burst':
                await session.maker.request({ op: 'burst', folder: session.folder, sample: checkedCount('sample', request.sample, Number.MAX_SAFE_INTEGER),
                    files: checkedCount('files', request.files, MAX_BURST_FILES) });
                return {};
            case 'clear':
                await session.maker.request({ op: 'clear', folder: session.folder });
                return {};
            case 'sample': return this.sample(session, checkedCount('index', request.index, Number.MAX_SAFE_INTEGER));
            case 'landed':
                await session.floor?.landed?.({});
                return {};
            case 'end':
                this.sessions.delete(request.session);
                await session.dispose();
                return {};
            default: return refuse(`unknown operation ${String((request as { op?: unknown }).op)}`);
        }
    }

    /** Ends every session (the backend stopping). */
    async dispose(): Promise<void> {
        const sessions = [...this.sessions.values()];
        this.sessions.clear();
        await Promise.all(sessions.map(session => session.dispose()));
    }

    private async begin(folderUri: string, floor: { change?: WatchChangeKind; files?: number } | undefined, roots: readonly string[]): Promise<string> {
        const folder = await checkedFolder(folderUri, roots, 'watch', WATCH_FOLDER_MISSING);
        if (floor && floor.change === undefined && floor.files === undefined) {
            refuse('a floor is a change (create, change or delete) or a burst of files');
        }
        const change = floor?.change === undefined ? undefined : checkedKind(floor.change);
        const files = floor?.files === undefined ? undefined : checkedCount('files', floor.files, MAX_BURST_FILES);
        while (this.sessions.size >= MAX_SESSIONS) {
            const [oldest, session] = this.sessions.entries().next().value!;
            this.sessions.delete(oldest);
            await session.dispose();
        }
        const maker = ChangeMaker.start();
        const session = `watch-${this.nextId++}`;
        let stopWatching: (() => void) | undefined;
        const dispose = async (): Promise<void> => {
            stopWatching?.();
            await maker.stop();
        };
        let floorCase: ScenarioCase | undefined;
        if (floor) {
            const events = new WatchEvents('fs.watch (Theia backend)');
            stopWatching = nodeFolderWatch(folder, events);
            floorCase = change !== undefined
                ? await watchLatencyCase(change, {
                    events, dispose, eventPath: name => path.join(folder, name),
                    change: (kind, name) => maker.request({ op: kind, path: path.join(folder, name) }),
                })
                : watchBurstCase(files!, {
                    events, dispose, eventPrefix: prefix => path.join(folder, prefix),
                    burst: (sample, count) => maker.request({ op: 'burst', folder, sample, files: count }),
                    clear: () => maker.request({ op: 'clear', folder }),
                });
        }
        this.sessions.set(session, { folder, maker, floor: floorCase, dispose });
        return session;
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
