import { Disposable } from '@theia/core/lib/common/disposable';
import URI from '@theia/core/lib/common/uri';
import { FileService } from '@theia/filesystem/lib/browser/file-service';
import { FileChangeType } from '@theia/filesystem/lib/common/files';
import {
    SCENARIO_CATALOG, ScenarioCase, ScenarioImplementations, ScenarioTarget, WATCH_BURST_FILES, WatchChangeKind, watchBurstCase, WatchEvents, watchLatencyCase,
} from '@fs-perf/benchmark-core';
import { BackendWatchRequest, FsPerfBackendService } from '../common/fs-perf-backend-protocol';

type TheiaWatchScenarioKey = 'theiaFileServiceWatch' | 'theiaBackendWatch' | 'theiaFileServiceWatchBurst' | 'theiaFileServiceWatchBurstExcluded' | 'theiaBackendWatchBurst';

const KINDS: Readonly<Record<FileChangeType, WatchChangeKind>> = {
    [FileChangeType.ADDED]: 'create',
    [FileChangeType.UPDATED]: 'change',
    [FileChangeType.DELETED]: 'delete',
};

/** A case's watched temporary folder at the top of the workspace folder, and a backend session (its child) on it. */
interface TheiaWatchRig {
    readonly folder: URI;
    readonly session: string;
    readonly call: (request: BackendWatchRequest) => ReturnType<FsPerfBackendService['watch']>;
    /** Ends the session (the child) and removes the folder. */
    readonly dispose: () => Promise<void>;
}

/**
 * The Theia extension's file watching: a temporary folder at the top of the workspace folder, watched through
 * `FileService.watch` and `onDidFilesChange` (or, as the floor, with Node's `fs.watch` in the backend, timed there), its
 * changes made by a child process the backend starts. All made in `prepare`, removed by `dispose`.
 */
export function createTheiaWatchScenarios(fileService: FileService, nodeFs: FsPerfBackendService, workspaceFolder: URI,
    fixturesFolder: URI): Pick<ScenarioImplementations<'theia'>, TheiaWatchScenarioKey> {
    const rig = async (floor?: { change?: WatchChangeKind; files?: number }, parent = workspaceFolder): Promise<TheiaWatchRig> => {
        // The backend makes the folder (and pins it): its child changes files there only.
        const made = await nodeFs.makeScratchFolder({ parentUri: parent.toString(), purpose: 'watch' });
        const removeFolder = (): Promise<void> => nodeFs.removeScratchFolder(made.id);
        let session: string;
        try {
            session = (await nodeFs.watch({ op: 'begin', folder: made.id, floor })).session!;
        } catch (error) {
            await removeFolder();
            throw error;
        }
        return {
            folder: parent.resolve(made.name), session, call: request => nodeFs.watch(request),
            dispose: async () => {
                await nodeFs.watch({ op: 'end', session });
                await removeFolder();
            },
        };
    };
    return {
        theiaFileServiceWatch: {
            ...SCENARIO_CATALOG.theiaFileServiceWatch,
            prepare: async target => fileServiceLatency(fileService, target, await rig()),
        },
        theiaBackendWatch: {
            ...SCENARIO_CATALOG.theiaBackendWatch,
            prepare: async target => backendFloor(await rig({ change: target.watchChange ?? 'create' })),
        },
        theiaFileServiceWatchBurst: {
            ...SCENARIO_CATALOG.theiaFileServiceWatchBurst,
            prepare: async target => fileServiceBurst(fileService, target, await rig()),
        },
        theiaFileServiceWatchBurstExcluded: {
            ...SCENARIO_CATALOG.theiaFileServiceWatchBurstExcluded,
            // Inside .fs-perf/, which the fs-perf plugin's files.watcherExclude default covers: a watcher made to miss every event.
            prepare: async target => fileServiceBurst(fileService, target, await rig(undefined, fixturesFolder)),
        },
        theiaBackendWatchBurst: {
            ...SCENARIO_CATALOG.theiaBackendWatchBurst,
            prepare: async target => backendFloor(await rig({ files: target.watchBurst ?? WATCH_BURST_FILES })),
        },
    };
}

/** `FileService.watch` of the folder, recursive, no excludes of its own, and `onDidFilesChange` fed to `events` by URI path. */
function watchFolder(fileService: FileService, folder: URI, events: WatchEvents): Disposable {
    const watch = fileService.watch(folder, { recursive: true, excludes: [] });
    const listener = fileService.onDidFilesChange(event => {
        for (const change of event.changes) {
            events.observe({ path: change.resource.path.toString(), kind: KINDS[change.type] });
        }
    });
    return Disposable.create(() => {
        listener.dispose();
        watch.dispose();
    });
}

/** The watcher and the rig, stopped together (the watcher first). */
function watched(fileService: FileService, rig: TheiaWatchRig, events: WatchEvents): () => Promise<void> {
    const watcher = watchFolder(fileService, rig.folder, events);
    return async () => {
        events.cancel();
        watcher.dispose();
        await rig.dispose();
    };
}

function fileServiceLatency(fileService: FileService, target: ScenarioTarget, rig: TheiaWatchRig): Promise<ScenarioCase> {
    const events = new WatchEvents('FileService.onDidFilesChange');
    return watchLatencyCase(target.watchChange ?? 'create', {
        events, dispose: watched(fileService, rig, events),
        eventPath: name => rig.folder.resolve(name).path.toString(),
        // One RPC request; the backend forwards it to the child and answers once the child made the change.
        change: (kind, name) => rig.call({ op: 'change', session: rig.session, change: kind, name }),
    });
}

function fileServiceBurst(fileService: FileService, target: ScenarioTarget, rig: TheiaWatchRig): ScenarioCase {
    const events = new WatchEvents('FileService.onDidFilesChange');
    return watchBurstCase(target.watchBurst ?? WATCH_BURST_FILES, {
        events, dispose: watched(fileService, rig, events),
        eventPrefix: prefix => `${rig.folder.path.toString()}/${prefix}`,
        burst: (sample, files) => rig.call({ op: 'burst', session: rig.session, sample, files }),
        clear: () => rig.call({ op: 'clear', session: rig.session }),
    });
}

/** The backend's floor: each sample run and timed in the backend, what it left made ready there after the clock. */
function backendFloor(rig: TheiaWatchRig): ScenarioCase {
    return {
        runSample: async index => {
            const { durationMs, output } = await rig.call({ op: 'sample', session: rig.session, index });
            return { ...output, reportedMs: durationMs };
        },
        landed: async () => {
            await rig.call({ op: 'landed', session: rig.session });
            return {};
        },
        dispose: rig.dispose,
    };
}
