import * as os from 'os';
import { FsPerfLogger } from '../common/fs-perf-logger';
import { performance } from 'perf_hooks';
import { inject, injectable, postConstruct } from '@theia/core/shared/inversify';
import { COUNT_OBSERVER_URL_VARIABLE, CPU_PIDS_FILE_VARIABLE, httpCountObserver, formatBytes, listedProcessesCpu, ownCpuReading, ProcessCpuReading, TraceSpan } from '@fs-perf/benchmark-core';
import {
    BackendEnvironment, BackendReadTiming, BackendWatchAnswer, BackendWatchRequest, BackendWriteTiming, BurstTimingRequest, MAX_READ_BYTES, FsPerfBackendService, ScratchFolder,
    ScratchFolderRequest, TreeTiming, TreeTimingRequest, WriteTimingRequest,
} from '../common/fs-perf-backend-protocol';
import { describeUri, FsPerfAccessError } from './access-error';
import { openCheckedFile, readCheckedFile } from './file-access';
import { InMemoryBuffers } from './in-memory-buffers';
import { ReadLimiter } from './read-limiter';
import { ScratchBudget, ScratchFolders } from './scratch-folders';
import { timeTree } from './tree-timing';
import { timeBurst, timeWrite } from './write-timing';
import { BackendWatchSessions } from './watch-timing';
import { BackendReadTrace, listFolder, readText } from './read-trace';
import { WorkspaceRootsProvider } from './workspace-roots';

/**
 * The service of one RPC connection (a window): its reads share the backend's limiter, buffers and trace; the folders it
 * made and its watch sessions are its own, known by random ids on this connection only, and removed by {@link dispose}
 * when the connection closes.
 */
@injectable()
export class FsPerfBackendServiceImpl implements FsPerfBackendService {

    @inject(WorkspaceRootsProvider) protected readonly rootsProvider: WorkspaceRootsProvider;
    @inject(FsPerfLogger) protected readonly logger: FsPerfLogger;
    @inject(ReadLimiter) protected readonly limiter: ReadLimiter;
    @inject(BackendReadTrace) protected readonly trace: BackendReadTrace;
    @inject(InMemoryBuffers) protected readonly buffers: InMemoryBuffers;
    @inject(ScratchBudget) protected readonly budget: ScratchBudget;

    /** The folders this connection's cases write and watch in. */
    protected folders: ScratchFolders;
    /** File watching's sessions: a watched folder and the child that changes it each. */
    protected watchSessions: BackendWatchSessions;

    @postConstruct()
    protected init(): void {
        this.folders = new ScratchFolders(this.budget);
        this.watchSessions = new BackendWatchSessions(this.folders, this.budget);
    }

    async readFile(uri: string): Promise<Uint8Array> {
        try {
            const roots = await this.getRoots();
            const bytes = await this.limiter.run(describeUri(uri), () => readCheckedFile(uri, roots, MAX_READ_BYTES));
            // A view, not a copy: the encoder writes the view's bytes only.
            return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        } catch (error) {
            throw this.refused('readFile', error);
        }
    }

    async buffer(byteLength: number): Promise<Uint8Array> {
        if (typeof byteLength !== 'number' || !Number.isInteger(byteLength) || byteLength < 0 || byteLength > MAX_READ_BYTES) {
            throw this.refused('buffer', new Error(`Cannot make an in-memory buffer of ${String(byteLength).slice(0, 40)} bytes: the length must be `
                + `a whole number of bytes from 0 to ${MAX_READ_BYTES} (${formatBytes(MAX_READ_BYTES)}).`));
        }
        return this.buffers.get(byteLength);
    }

    async timeRead(uri: string): Promise<BackendReadTiming> {
        try {
            const roots = await this.getRoots();
            return await this.limiter.run(describeUri(uri), async () => {
                // Opened and checked outside the clock readings: the floor is the read of the bytes alone.
                const file = await openCheckedFile(uri, roots, MAX_READ_BYTES);
                try {
                    const start = performance.now();
                    const bytes = await file.read();
                    const durationMs = performance.now() - start;
                    return { byteLength: bytes.byteLength, durationMs };
                } finally {
                    await file.close();
                }
            });
        } catch (error) {
            throw this.refused('timeRead', error);
        }
    }

    async timeTree(request: TreeTimingRequest): Promise<TreeTiming> {
        try {
            const roots = await this.getRoots();
            return await this.limiter.run(describeUri(request?.folderUri), () => timeTree(request, roots));
        } catch (error) {
            throw this.refused('timeTree', error);
        }
    }

    async makeScratchFolder(request: ScratchFolderRequest): Promise<ScratchFolder> {
        try {
            return await this.folders.make(request, await this.getRoots());
        } catch (error) {
            throw this.refused('makeScratchFolder', error);
        }
    }

    async removeScratchFolder(id: string): Promise<void> {
        try {
            await this.folders.remove(id, entry => entry.session === undefined ? Promise.resolve() : this.watchSessions.end(entry.session));
        } catch (error) {
            throw this.refused('removeScratchFolder', error);
        }
    }

    async timeWrite(request: WriteTimingRequest): Promise<BackendWriteTiming> {
        try {
            const roots = await this.getRoots();
            return await this.limiter.run(describeUri(request?.sourceUri), () => timeWrite(request, roots, this.folders));
        } catch (error) {
            throw this.refused('timeWrite', error);
        }
    }

    async timeBurst(request: BurstTimingRequest): Promise<TreeTiming> {
        try {
            return await this.limiter.run('a burst', () => timeBurst(request, this.folders));
        } catch (error) {
            throw this.refused('timeBurst', error);
        }
    }

    async watch(request: BackendWatchRequest): Promise<BackendWatchAnswer> {
        try {
            return await this.watchSessions.handle(request);
        } catch (error) {
            throw this.refused('watch', error);
        }
    }

    /** Ends this connection's watch sessions and removes the folders it made (its connection closed). */
    async dispose(): Promise<void> {
        await this.watchSessions.dispose();
        await this.folders.dispose();
    }

    async environment(): Promise<BackendEnvironment> {
        const cpus = os.cpus();
        const versions: Record<string, string> = { node: process.versions.node, v8: process.versions.v8 };
        if (process.versions.electron) {
            versions.electron = process.versions.electron;
        }
        return {
            os: { platform: os.platform(), release: os.release(), arch: os.arch() },
            ...(cpus.length > 0 ? { cpu: { model: cpus[0].model.trim(), count: cpus.length } } : {}),
            memoryBytes: os.totalmem(),
            versions,
        };
    }

    async beginReadTrace(): Promise<void> {
        this.trace.begin();
    }

    async endReadTrace(): Promise<TraceSpan[]> {
        return this.trace.end();
    }

    async cpuTimes(): Promise<ProcessCpuReading[]> {
        return [ownCpuReading('Theia backend', process.cpuUsage()), ...await listedProcessesCpu(process.env[CPU_PIDS_FILE_VARIABLE], { readText, listFolder })];
    }

    async countObserver(phase: 'begin' | 'end'): Promise<boolean> {
        const observer = httpCountObserver(process.env[COUNT_OBSERVER_URL_VARIABLE]);
        if (!observer) {
            // Nothing observes the messages (a run from the palette): no count pass.
            return phase === 'end';
        }
        if (phase === 'begin') {
            return observer.begin();
        }
        await observer.end();
        return true;
    }

    protected async getRoots(): Promise<string[]> {
        try {
            return await this.rootsProvider.getRoots();
        } catch (error) {
            throw new Error(`Cannot tell which folders the open workspace has: ${(error as Error).message}`);
        }
    }

    /** Logs a refused or failed call and returns the `Error` to reject with. */
    protected refused(method: string, error: unknown): Error {
        const reason = error instanceof Error ? error : new Error(String(error));
        if (reason instanceof FsPerfAccessError || method === 'buffer') {
            this.logger.warn(`fs-perf ${method} refused: ${reason.message}`);
        } else {
            this.logger.error(`fs-perf ${method} failed: ${reason.message}`);
        }
        return reason;
    }
}
