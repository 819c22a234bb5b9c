import type { ProcessCpuReading, SampleOutput, TraceSpan, WatchChangeKind, WriteBurst } from '@fs-perf/benchmark-core';

/** Path of fs-perf's backend service on Theia's RPC channel. */
export const fsPerfBackendPath = '/services/fs-perf/backend';

/** HTTP route on the same backend that serves a file's bytes: `GET /fs-perf/file?uri=<file URI>` (the wire floor). */
export const fsPerfFileRoute = '/fs-perf/file';

/** Largest file (or in-memory buffer) the service reads or returns, bytes. The largest fixture is 10000K. */
export const MAX_READ_BYTES = 64 * 1024 * 1024;

export const FsPerfBackendService = Symbol('FsPerfBackendService');

/** The backend's own read of a file, timed in the backend: the disk floor of the other read paths. */
export interface BackendReadTiming {
    /** Bytes read. */
    readonly byteLength: number;
    /**
     * Duration of reading the bytes of the already opened and checked file in the backend, ms
     * (`performance.now()`); opening and the workspace checks are not in it.
     */
    readonly durationMs: number;
}

/** A stat storm or walk over a generated tree, run and timed in the backend (the floor of the tree scenarios). */
export interface TreeTimingRequest {
    /** `file://` URI of the tree's folder, inside a workspace root. */
    readonly folderUri: string;
    /** The tree's seed and size (its manifest's): the backend lays out the names itself, outside the clock readings. */
    readonly seed: number;
    readonly size: string;
    /** `stat`: every file one after another; `stat-in-flight`: `concurrency` at once; `readdir`: every folder listed down the tree. */
    readonly operation: 'stat' | 'stat-in-flight' | 'readdir';
    readonly concurrency: number;
}

/** What a tree operation in the backend counted (files stat-ed, or entries listed) and how long it took there, ms. */
export interface TreeTiming {
    readonly entries: number;
    readonly durationMs: number;
}

/**
 * A fresh folder the backend makes for a write or watch case (issue 52): named by the backend (`.write-…` or
 * `.fs-perf-watch-…`), made in a folder of the workspace, pinned by an open handle, known by a random id on the connection
 * that made it only, and removed when that connection closes. The backend writes, deletes and watches only in these.
 */
export interface ScratchFolderRequest {
    /** `file://` URI of the folder to make it in, inside a workspace root. */
    readonly parentUri: string;
    readonly purpose: 'write' | 'watch';
}

/** A folder the backend made: its id for the calls that use it, and its name in the parent folder. */
export interface ScratchFolder {
    readonly id: string;
    readonly name: string;
}

/** A fixture's bytes written in the backend with Node's `fs`, timed there (the floor of `FileService.writeFile`). */
export interface WriteTimingRequest {
    /** `file://` URI of the fixture whose bytes are written, inside a workspace root. */
    readonly sourceUri: string;
    /** Id of the folder written into, made for writing by {@link FsPerfBackendService.makeScratchFolder}. */
    readonly folder: string;
    /** The name of the file written in it (no folder). */
    readonly fileName: string;
}

/** What a write in the backend left on disk (its size, bytes, read after the clock) and how long the write took there, ms. */
export interface BackendWriteTiming {
    readonly byteLength: number;
    readonly durationMs: number;
}

/** A burst of small files created then deleted in the backend with Node's `fs`, timed there. */
export interface BurstTimingRequest {
    /** Id of an empty folder made for writing by {@link FsPerfBackendService.makeScratchFolder}. */
    readonly folder: string;
    readonly burst: WriteBurst;
}

/**
 * File watching (issue 39) through the backend: a session is a folder the backend made for watching and the child process
 * that makes its changes there, started by `begin` and stopped by `end`. Without `floor`, the Theia extension watches
 * the folder through `FileService` and asks the backend to have the child make each change (`change`, `burst`, `clear`);
 * with `floor`, the backend watches it with Node's `fs.watch` and runs and times each sample itself (`sample`, then
 * `landed` outside the clock). Session ids are random and valid on the connection that began them only.
 */
export type BackendWatchRequest =
    | { readonly op: 'begin'; readonly folder: string; readonly floor?: { readonly change?: WatchChangeKind; readonly files?: number } }
    | { readonly op: 'change'; readonly session: string; readonly change: WatchChangeKind; readonly name: string }
    | { readonly op: 'burst'; readonly session: string; readonly sample: number; readonly files: number }
    | { readonly op: 'clear' | 'landed' | 'end'; readonly session: string }
    | { readonly op: 'sample'; readonly session: string; readonly index: number };

/** A session's id (`begin`), or a floor sample's time in the backend and what it counted (`sample`). */
export interface BackendWatchAnswer {
    readonly session?: string;
    readonly durationMs?: number;
    readonly output?: Pick<SampleOutput, 'itemCount' | 'events'>;
}

/** What the backend knows of its machine, for the results' environment. */
export interface BackendEnvironment {
    readonly os: { platform: string; release: string; arch: string };
    readonly cpu?: { model: string; count: number };
    /** Total memory, bytes. */
    readonly memoryBytes: number;
    /** node, v8, electron (when the backend runs in Electron). */
    readonly versions: Record<string, string>;
}

/**
 * fs-perf's backend service, one per connection: the backend halves of the Theia extension's scenarios with Node's `fs`,
 * bypassing `FileService` (reads returned over Theia RPC as binary `Uint8Array`, encoded by msgpackr; never JSON numbers
 * or base64), the floors of the tree, write and watch scenarios timed in the backend, and the run's CPU, trace and count
 * probes. Reads serve only regular files inside the open workspace's roots; writes, deletes and watches happen only in
 * folders the service made (docs/backend-security.md lists every method with what it may touch).
 */
export interface FsPerfBackendService {
    /**
     * @param uri a `file://` URI string of a file inside a workspace root.
     * @returns the file's bytes.
     * @throws for anything else (outside the workspace, a directory, missing, over {@link MAX_READ_BYTES}, malformed), and
     * when the backend is busy (more reads in flight and waiting than its bound).
     */
    readFile(uri: string): Promise<Uint8Array>;
    /** An in-memory buffer of `byteLength` bytes (allocated once per size), to time the RPC transport alone. */
    buffer(byteLength: number): Promise<Uint8Array>;
    /** Reads the file like {@link readFile} but returns only the backend's own read time. */
    timeRead(uri: string): Promise<BackendReadTiming>;
    /** Runs a stat storm or walk over a generated tree in the backend with Node's `fs`, timed there; refused outside the workspace. */
    timeTree(request: TreeTimingRequest): Promise<TreeTiming>;
    /** Makes a fresh folder for a write or watch case in a folder of the workspace (see {@link ScratchFolderRequest}). */
    makeScratchFolder(request: ScratchFolderRequest): Promise<ScratchFolder>;
    /** Removes a folder {@link makeScratchFolder} made on this connection, and all in it, never through a link; ends its watch session. */
    removeScratchFolder(id: string): Promise<void>;
    /** Writes a fixture's bytes into a new file of a folder made for writing, with Node's `fs`, timed there. */
    timeWrite(request: WriteTimingRequest): Promise<BackendWriteTiming>;
    /**
     * Creates then deletes a burst of small files in an empty folder made for writing, with Node's `fs`, timed there;
     * `entries` is the files deleted less any left in the folder.
     */
    timeBurst(request: BurstTimingRequest): Promise<TreeTiming>;
    /** File watching through the backend (see {@link BackendWatchRequest}), in a folder made for watching. */
    watch(request: BackendWatchRequest): Promise<BackendWatchAnswer>;
    /** The backend machine and runtime. */
    environment(): Promise<BackendEnvironment>;
    /**
     * Starts recording every read of Theia's disk file system provider (`DiskFileSystemProvider.readFile`) on the shared
     * clock, for a plugin read's hops. Refused while a trace is on; turned off by itself after `TRACE_MAX_MS`.
     */
    beginReadTrace(): Promise<void>;
    /** Stops the trace and returns its records (none when no trace was on). */
    endReadTrace(): Promise<TraceSpan[]>;
    /**
     * CPU time so far of the backend and of the processes named in the file `FS_PERF_CPU_PIDS_FILE` names (the page's
     * renderer, written by the headless bench), for the CPU passes.
     */
    cpuTimes(): Promise<ProcessCpuReading[]>;
    /**
     * Relays the frontend's count pass to the headless bench's count observer (`FS_PERF_COUNT_OBSERVER_URL`, which only the
     * backend's environment has): `begin` says whether to run the pass (false without an observer: no count pass), `end`
     * turns the observer off. Called outside every timed sample.
     */
    countObserver(phase: 'begin' | 'end'): Promise<boolean>;
}
