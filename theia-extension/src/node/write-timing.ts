import { promises as fs } from 'fs';
import { performance } from 'perf_hooks';
import { burstRequestProblem } from '@fs-perf/benchmark-core';
import { CREATE_FILE_FLAGS, nodeBurst, OVERWRITE_FILE_FLAGS, plainFileName } from '@fs-perf/test-files/lib/node';
import { BackendWriteTiming, BurstTimingRequest, MAX_READ_BYTES, TreeTiming, WriteTimingRequest } from '../common/fs-perf-backend-protocol';
import { describeUri, errorCode, FsPerfAccessError } from './access-error';
import { readCheckedFile } from './file-access';
import { isOwnFile, MAX_SCRATCH_BYTES, MAX_SCRATCH_FILES, ScratchEntry, ScratchFolders, shownId } from './scratch-folders';

/** A plain file name (no folder, not `.` or `..`): what the backend writes into a folder it made. */
export function checkedFileName(name: unknown): string {
    const plain = plainFileName(name);
    if (plain === undefined) {
        throw new FsPerfAccessError('unresolvable', `Refusing to write ${describeUri(name)}: give a plain file name, without a folder.`);
    }
    return plain;
}

/** A failed write or delete, worded for the one who asked: a read-only file or folder says so; a name already taken says so. */
export function writeError(file: string, error: unknown): Error {
    const code = errorCode(error);
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
        return new FsPerfAccessError('unresolvable', `Cannot write ${file}: it or its folder is read-only (${code}); make it writable, or choose another `
            + 'fixtures folder.');
    }
    if (code === 'EEXIST' || code === 'ELOOP') {
        return new FsPerfAccessError('not-a-file', `Refusing to write ${file}: something fs-perf did not make took its name in fs-perf's folder.`);
    }
    return error instanceof Error ? error : new Error(String(error));
}

/**
 * The fixture's bytes written with Node's `fs.promises.writeFile` into a folder the backend made: the fixture read, the
 * folder checked and the bytes in memory first, then only the write timed; its size read after the clock. The first write
 * of a name creates a new file (`O_CREAT | O_EXCL`); later ones overwrite it (`O_TRUNC`) only after checking, outside the
 * clock, that the name is still the file fs-perf made (its inode, one link). Never through a link (`O_NOFOLLOW`), never
 * blocking on a FIFO (`O_NONBLOCK`), always through the pinned folder's handle.
 */
export async function timeWrite(request: WriteTimingRequest, roots: readonly string[], folders: ScratchFolders): Promise<BackendWriteTiming> {
    const fileName = checkedFileName(request?.fileName);
    const entry = await folders.get(request.folder, 'write');
    const bytes = await readCheckedFile(request.sourceUri, roots, MAX_READ_BYTES);
    const shown = `${fileName} in the folder ${shownId(request.folder)}`;
    const previous = await previousFile(entry, fileName, shown);
    if ((previous ? 0 : entry.written.size + 1) > MAX_SCRATCH_FILES || residentBytes(entry) - (previous?.bytes ?? 0) + bytes.byteLength > MAX_SCRATCH_BYTES) {
        throw new FsPerfAccessError('too-large', `Refusing to write ${shown}: the folder would hold more than ${MAX_SCRATCH_FILES} files or `
            + `${MAX_SCRATCH_BYTES / 1024 / 1024} MiB. Remove the folder and make a new one.`);
    }
    const file = entry.folder.entry(fileName);
    const flag = previous ? OVERWRITE_FILE_FLAGS : CREATE_FILE_FLAGS;
    let durationMs: number;
    try {
        const start = performance.now();
        await fs.writeFile(file, bytes, { flag });
        durationMs = performance.now() - start;
    } catch (error) {
        throw writeError(shown, error);
    }
    const stats = await fs.lstat(file);
    if (previous && stats.ino !== previous.ino) {
        entry.written.delete(fileName);
        throw new FsPerfAccessError('not-a-file', `Refusing the write of ${shown}: the file was replaced while it was written.`);
    }
    entry.written.set(fileName, { ino: stats.ino, bytes: stats.size });
    return { byteLength: stats.size, durationMs };
}

/**
 * The file a previous write made at `fileName`, still as fs-perf made it; undefined when the name is free. Anything else at
 * that name (a link, a FIFO, a file of another inode or of more than one link) is refused, never written.
 */
async function previousFile(entry: ScratchEntry, fileName: string, shown: string): Promise<{ ino: number; bytes: number } | undefined> {
    const taken = await fs.lstat(entry.folder.entry(fileName)).then(() => true, () => false);
    if (!taken) {
        entry.written.delete(fileName);
        return undefined;
    }
    if (!await isOwnFile(entry, fileName)) {
        throw new FsPerfAccessError('not-a-file', `Refusing to write ${shown}: something fs-perf did not make took its name in fs-perf's folder.`);
    }
    return entry.written.get(fileName);
}

function residentBytes(entry: ScratchEntry): number {
    let bytes = 0;
    for (const file of entry.written.values()) {
        bytes += file.bytes;
    }
    return bytes;
}

/**
 * A burst of small files created new (`O_EXCL`) in an empty folder the backend made, then each removed with `unlink`, timed
 * from the first write to the last delete; the count (files deleted, less any left in the folder) taken after the clock.
 * A folder with anything in it is refused: the burst never deletes a file it did not make.
 */
export async function timeBurst(request: BurstTimingRequest, folders: ScratchFolders): Promise<TreeTiming> {
    const problem = burstRequestProblem(request?.burst);
    if (problem) {
        throw new FsPerfAccessError('unresolvable', `Refusing to time a burst: ${problem}.`);
    }
    const entry = await folders.get(request.folder, 'write');
    const shown = `the folder ${shownId(request.folder)}`;
    if ((await entry.folder.list()).length > 0) {
        throw new FsPerfAccessError('unresolvable', `Refusing to time a burst in ${shown}: it is not empty. A burst needs an empty folder of its own.`);
    }
    const burst = nodeBurst(entry.folder, request.burst);
    let deleted: number;
    let durationMs: number;
    try {
        const start = performance.now();
        deleted = await burst.run();
        durationMs = performance.now() - start;
    } catch (error) {
        throw writeError(shown, error);
    }
    return { entries: await burst.landed(deleted), durationMs };
}
