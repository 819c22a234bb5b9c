import * as os from 'os';
import { FsPerfLogger } from '../common/fs-perf-logger';
import { performance } from 'perf_hooks';
import { inject, injectable } from '@theia/core/shared/inversify';
import { COUNT_OBSERVER_URL_VARIABLE, CPU_PIDS_FILE_VARIABLE, httpCountObserver, formatBytes, listedProcessesCpu, ownCpuReading, ProcessCpuReading, TraceSpan } from '@fs-perf/benchmark-core';
import { Xoshiro128 } from '@fs-perf/test-files';
import {
    BackendEnvironment, BackendReadTiming, BackendWatchAnswer, BackendWatchRequest, BackendWriteTiming, BurstTimingRequest, MAX_READ_BYTES, NodeFsReadService, TreeTiming, TreeTimingRequest, WriteTimingRequest,
} from '../common/node-fs-read-protocol';
import { describeUri, FsPerfAccessError } from './access-error';
import { openCheckedFile, readCheckedFile } from './file-access';
import { ReadLimiter } from './read-limiter';
import { timeTree } from './tree-timing';
import { timeBurst, timeWrite } from './write-timing';
import { BackendWatchSessions } from './watch-timing';
import { BackendReadTrace, listFolder, readText } from './read-trace';
import { WorkspaceRootsProvider } from './workspace-roots';

/** Seed of the in-memory buffers' bytes; any fixed value gives the same bytes on every run. */
const BUFFER_SEED = 0x46535046;
/** Bytes of in-memory buffers kept at once; beyond it the oldest sizes are dropped (the six fixtures need 15.6 MiB). */
const MAX_CACHED_BUFFER_BYTES = 2 * MAX_READ_BYTES;

@injectable()
export class NodeFsReadServiceImpl implements NodeFsReadService {

    @inject(WorkspaceRootsProvider) protected readonly rootsProvider: WorkspaceRootsProvider;
    @inject(FsPerfLogger) protected readonly logger: FsPerfLogger;
    @inject(ReadLimiter) protected readonly limiter: ReadLimiter;
    @inject(BackendReadTrace) protected readonly trace: BackendReadTrace;

    /** File watching's sessions: a watched folder and the child that changes it each. */
    protected readonly watchSessions = new BackendWatchSessions();

    /** In-memory buffers by length, bytes; insertion order is age. */
    protected readonly buffers = new Map<number, Uint8Array>();

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
            throw this.refused('buffer', new Error(`Cannot make an in-memory buffer of ${String(byteLength)} bytes: the length must be `
                + `a whole number of bytes from 0 to ${MAX_READ_BYTES} (${formatBytes(MAX_READ_BYTES)}).`));
        }
        let buffer = this.buffers.get(byteLength);
        if (!buffer) {
            buffer = new Xoshiro128(BUFFER_SEED).fill(new Uint8Array(byteLength));
            this.cacheBuffer(buffer);
        }
        return buffer;
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

    async timeWrite(request: WriteTimingRequest): Promise<BackendWriteTiming> {
        try {
            const roots = await this.getRoots();
            return await this.limiter.run(describeUri(request?.folderUri), () => timeWrite(request, roots));
        } catch (error) {
            throw this.refused('timeWrite', error);
        }
    }

    async timeBurst(request: BurstTimingRequest): Promise<TreeTiming> {
        try {
            const roots = await this.getRoots();
            return await this.limiter.run(describeUri(request?.folderUri), () => timeBurst(request, roots));
        } catch (error) {
            throw this.refused('timeBurst', error);
        }
    }

    async watch(request: BackendWatchRequest): Promise<BackendWatchAnswer> {
        try {
            return await this.watchSessions.handle(request, await this.getRoots());
        } catch (error) {
            throw this.refused('watch', error);
        }
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

    protected cacheBuffer(buffer: Uint8Array): void {
        let cachedBytes = buffer.byteLength;
        for (const cached of this.buffers.values()) {
            cachedBytes += cached.byteLength;
        }
        for (const [length] of this.buffers) {
            if (cachedBytes <= MAX_CACHED_BUFFER_BYTES) {
                break;
            }
            this.buffers.delete(length);
            cachedBytes -= length;
        }
        this.buffers.set(buffer.byteLength, buffer);
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
