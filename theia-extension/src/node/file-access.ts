import { constants as fsConstants, promises as fs, Stats } from 'fs';
import { FIXTURE_SIZES, formatBytes } from '@fs-perf/benchmark-core';
import { MAX_READ_BYTES } from '../common/fs-perf-backend-protocol';
import { describeUri, errorCode, FsPerfAccessError, outsideError, TRY_AGAIN, unexpectedReadError } from './access-error';
import { isInsideAny, MAX_SYMLINKS, openedInside, parseFileUri, resolveAsFarAsPossible, resolveRoots } from './path-checks';

/**
 * Open flags for a checked path: `O_NOFOLLOW` so a file swapped for a symlink after the check is not
 * followed, `O_NONBLOCK` so one swapped for a FIFO cannot block the backend (no effect on regular files).
 * Both are 0 where the platform lacks them (Windows). `O_NOFOLLOW` guards the last component only: the
 * folders on the path are checked after opening, see {@link openCheckedFile}.
 */
export const CHECKED_READ_FLAGS = fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0) | (fsConstants.O_NONBLOCK ?? 0);

/** A regular file inside the workspace, open for reading; {@link close} it when done. */
export class CheckedFile {
    constructor(
        readonly handle: fs.FileHandle,
        /** Size when opened, bytes. */
        readonly size: number,
        /** The URI as shown in messages. */
        readonly shown: string,
    ) { }

    /**
     * All bytes, read through the open descriptor into one buffer of the size checked when opening (a file
     * that grew since is read up to that size only).
     */
    async read(): Promise<Buffer> {
        const bytes = Buffer.allocUnsafeSlow(this.size);
        let filled = 0;
        try {
            while (filled < bytes.byteLength) {
                const { bytesRead } = await this.handle.read(bytes, filled, bytes.byteLength - filled, filled);
                if (bytesRead === 0) {
                    break;
                }
                filled += bytesRead;
            }
        } catch (error) {
            throw unexpectedReadError(this.shown, error);
        }
        return filled === bytes.byteLength ? bytes : bytes.subarray(0, filled);
    }

    async close(): Promise<void> {
        await this.handle.close().catch(() => undefined);
    }
}

/**
 * Opens `uri`, the `file:` URI of a regular file of at most `maxBytes` inside one of `roots`, and proves
 * that what was opened is inside: the path is resolved (symlinks of it and of the roots), opened, and then
 * the open descriptor's own path is checked, so a folder on the path swapped for a symlink between the
 * check and the open is caught. Hard links inside the workspace are the workspace's own files.
 * Rejects with {@link FsPerfAccessError} for bad input, or with an `Error` when the file system fails in an
 * unexpected way (I/O).
 */
export async function openCheckedFile(uri: unknown, roots: readonly string[], maxBytes: number = MAX_READ_BYTES): Promise<CheckedFile> {
    const filePath = parseFileUri(uri);
    const shown = describeUri(uri);
    const realRoots = await resolveRoots(roots, shown);

    let realPath: string;
    try {
        realPath = await fs.realpath(filePath);
    } catch (error) {
        throw await explainUnresolvable(filePath, realRoots, shown, error);
    }
    if (!isInsideAny(realPath, realRoots)) {
        throw outsideError(shown);
    }

    let handle: fs.FileHandle;
    try {
        handle = await fs.open(realPath, CHECKED_READ_FLAGS);
    } catch (error) {
        throw changedWhileChecked(shown, error);
    }
    try {
        const stats = await handle.stat();
        if (!await openedInside(handle, realPath, stats, realRoots)) {
            throw outsideError(shown);
        }
        checkRegularFile(stats, shown, maxBytes);
        return new CheckedFile(handle, stats.size, shown);
    } catch (error) {
        await handle.close().catch(() => undefined);
        throw error instanceof FsPerfAccessError ? error : unexpectedReadError(shown, error);
    }
}

/** {@link openCheckedFile}, read, close. Used by the RPC service and the HTTP route. */
export async function readCheckedFile(uri: unknown, roots: readonly string[], maxBytes: number = MAX_READ_BYTES): Promise<Buffer> {
    const file = await openCheckedFile(uri, roots, maxBytes);
    try {
        return await file.read();
    } finally {
        await file.close();
    }
}

/**
 * The refusal for a path that does not resolve. Where it stops resolving decides: past a point outside the
 * workspace it is "outside" whatever the reason, so the answer never tells whether something exists there.
 */
async function explainUnresolvable(filePath: string, realRoots: readonly string[], shown: string, error: unknown): Promise<Error> {
    const stop = await resolveAsFarAsPossible(filePath);
    if (!isInsideAny(stop.reached, realRoots)) {
        return outsideError(shown);
    }
    switch (stop.code ?? errorCode(error)) {
        case 'ENOENT':
        case 'ENOTDIR':
            return new FsPerfAccessError('not-found', `Cannot read ${shown}: no such file in the workspace. `
                + 'Check the path, or generate the test files first.');
        case 'ELOOP':
            return new FsPerfAccessError('unresolvable', `Refusing to read ${shown}: its symbolic links do not resolve `
                + `(a loop, or more than ${MAX_SYMLINKS} links). ${TRY_AGAIN}`);
        case 'ENAMETOOLONG':
            return new FsPerfAccessError('unresolvable', `Refusing to read ${shown}: the path, or a name in it, is longer than `
                + `the file system allows. ${TRY_AGAIN}`);
        case 'EACCES':
        case 'EPERM':
            return new FsPerfAccessError('not-permitted', `Refusing to read ${shown}: the Theia backend is not permitted to `
                + 'open it. Check the permissions of the file and its folders.');
        default:
            return unexpectedReadError(shown, error);
    }
}

function changedWhileChecked(shown: string, error: unknown): Error {
    switch (errorCode(error)) {
        case 'ENOENT':
        case 'ENOTDIR':
            return new FsPerfAccessError('not-found', `Cannot read ${shown}: the file was removed while it was checked. Try again.`);
        case 'ELOOP':
            return new FsPerfAccessError('not-a-file', `Refusing to read ${shown}: it was replaced by a symbolic link after it was checked. ${TRY_AGAIN}`);
        case 'EACCES':
        case 'EPERM':
            return new FsPerfAccessError('not-permitted', `Refusing to read ${shown}: the Theia backend is not permitted to open it. `
                + 'Check the permissions of the file.');
        default:
            return unexpectedReadError(shown, error);
    }
}

function checkRegularFile(stats: Stats, shown: string, maxBytes: number): void {
    if (!stats.isFile()) {
        throw new FsPerfAccessError('not-a-file', `Refusing to read ${shown}: it is ${stats.isDirectory() ? 'a directory' : 'not a regular file'}. ${TRY_AGAIN}`);
    }
    if (stats.size > maxBytes) {
        throw new FsPerfAccessError('too-large', `Refusing to read ${shown}: it is ${formatBytes(stats.size)} (${stats.size} bytes), `
            + `over the ${formatBytes(maxBytes)} limit of fs-perf reads. Use a smaller file; the largest test file is ${FIXTURE_SIZES[FIXTURE_SIZES.length - 1].label}.`);
    }
}

