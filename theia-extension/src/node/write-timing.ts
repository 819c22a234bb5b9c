import { promises as fs } from 'fs';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { burstRequestProblem } from '@fs-perf/benchmark-core';
import { nodeBurst } from '@fs-perf/test-files/lib/node';
import { BackendWriteTiming, BurstTimingRequest, MAX_READ_BYTES, TreeTiming, WriteTimingRequest } from '../common/node-fs-read-protocol';
import { describeUri, errorCode, FsPerfAccessError } from './access-error';
import { readCheckedFile } from './file-access';
import { checkedFolder } from './tree-timing';

const WRITE_FOLDER_MISSING = 'Make the temporary folder first (the Theia extension makes it before the first sample).';

/** A plain file name (no folder, not `.` or `..`): what the backend writes into a checked folder. */
export function checkedFileName(name: unknown): string {
    if (typeof name !== 'string' || name.length === 0 || name.length > 255 || /[/\\\0]/.test(name) || name === '.' || name === '..') {
        throw new FsPerfAccessError('unresolvable', `Refusing to write ${describeUri(name)}: give a plain file name, without a folder.`);
    }
    return name;
}

/** A failed write or delete, worded for the one who asked: a read-only file or folder says so. */
export function writeError(file: string, error: unknown): Error {
    const code = errorCode(error);
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
        return new FsPerfAccessError('unresolvable', `Cannot write ${file}: it or its folder is read-only (${code}); make it writable, or choose another `
            + 'fixtures folder.');
    }
    return error instanceof Error ? error : new Error(String(error));
}

/**
 * The fixture's bytes written with Node's `fs.promises.writeFile` into a checked folder of the workspace: the fixture read,
 * the paths checked and the bytes in memory first, then only the write timed; its size on disk read after the clock.
 */
export async function timeWrite(request: WriteTimingRequest, roots: readonly string[]): Promise<BackendWriteTiming> {
    const bytes = await readCheckedFile(request?.sourceUri, roots, MAX_READ_BYTES);
    const folder = await checkedFolder(request.folderUri, roots, 'write into', WRITE_FOLDER_MISSING);
    const file = path.join(folder, checkedFileName(request.fileName));
    let durationMs: number;
    try {
        const start = performance.now();
        await fs.writeFile(file, bytes);
        durationMs = performance.now() - start;
    } catch (error) {
        throw writeError(file, error);
    }
    return { byteLength: (await fs.stat(file)).size, durationMs };
}

/**
 * A burst of small files created with `fs.promises.writeFile` in a checked, empty folder of the workspace, then each
 * removed with `unlink`, timed from the first write to the last delete; the count (files deleted, less any left in the
 * folder) taken after the clock.
 */
export async function timeBurst(request: BurstTimingRequest, roots: readonly string[]): Promise<TreeTiming> {
    const problem = burstRequestProblem(request?.burst);
    if (problem) {
        throw new FsPerfAccessError('unresolvable', `Refusing to time a burst: ${problem}.`);
    }
    const folder = await checkedFolder(request.folderUri, roots, 'write into', WRITE_FOLDER_MISSING);
    const burst = nodeBurst(folder, request.burst);
    let deleted: number;
    let durationMs: number;
    try {
        const start = performance.now();
        deleted = await burst.run();
        durationMs = performance.now() - start;
    } catch (error) {
        throw writeError(folder, error);
    }
    return { entries: await burst.landed(deleted), durationMs };
}
