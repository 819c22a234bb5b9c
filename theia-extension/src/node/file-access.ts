import { constants as fsConstants, promises as fs, Stats } from 'fs';
import * as path from 'path';
import { fileURLToPath } from 'url';
import { FIXTURE_SIZES, formatBytes } from '@fs-perf/benchmark-core';
import { MAX_READ_BYTES } from '../common/node-fs-read-protocol';

/** Why fs-perf refused to read a file. */
export type FsPerfAccessErrorCode =
    'invalid-uri' | 'unresolvable' | 'outside-workspace' | 'not-permitted' | 'not-found' | 'not-a-file' | 'too-large' | 'no-workspace' | 'busy';

/** HTTP status the fs-perf file route answers for each refusal. */
export const FS_PERF_ACCESS_HTTP_STATUS: Readonly<Record<FsPerfAccessErrorCode, number>> = Object.freeze({
    'invalid-uri': 400,
    'unresolvable': 400,
    'outside-workspace': 403,
    'not-permitted': 403,
    'not-found': 404,
    'not-a-file': 404,
    'too-large': 413,
    'no-workspace': 409,
    'busy': 503,
});

/**
 * A read refused by fs-perf's checks. The message names what the caller sent (shortened), the problem and
 * what to do; never anything outside the workspace (a symlink's target, whether a file exists there).
 */
export class FsPerfAccessError extends Error {
    constructor(readonly code: FsPerfAccessErrorCode, message: string) {
        super(message);
        this.name = 'FsPerfAccessError';
    }

    /** HTTP status for this refusal. */
    get httpStatus(): number {
        return FS_PERF_ACCESS_HTTP_STATUS[this.code];
    }
}

/**
 * Open flags for a checked path: `O_NOFOLLOW` so a file swapped for a symlink after the check is not
 * followed, `O_NONBLOCK` so one swapped for a FIFO cannot block the backend (no effect on regular files).
 * Both are 0 where the platform lacks them (Windows). `O_NOFOLLOW` guards the last component only: the
 * folders on the path are checked after opening, see {@link openCheckedFile}.
 */
export const CHECKED_READ_FLAGS = fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0) | (fsConstants.O_NONBLOCK ?? 0);

/** Symlinks followed while resolving one path before it counts as a loop (Linux's limit). */
const MAX_SYMLINKS = 40;

const TRY_AGAIN = 'Pass the file:// URI of a regular file inside the open workspace.';

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
            throw unexpected(this.shown, error);
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
        throw error instanceof FsPerfAccessError ? error : unexpected(shown, error);
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

/** The URI for a message: as given when printable, quoted with escapes otherwise (no log forging); bounded. */
export function describeUri(uri: unknown): string {
    if (typeof uri !== 'string') {
        return `${Array.isArray(uri) ? 'an array' : typeof uri} (${shorten(String(safeJson(uri)), 100)})`;
    }
    // eslint-disable-next-line no-control-regex
    return shorten(/[\u0000-\u001f\u007f]/.test(uri) ? JSON.stringify(uri) : uri, 300);
}

/** `text` cut to `max` characters, keeping the start and the end (where a file name is). */
function shorten(text: string, max: number): string {
    if (text.length <= max) {
        return text;
    }
    const tail = Math.floor(max / 3);
    return `${text.slice(0, max - tail - 1)}…${text.slice(text.length - tail)}`;
}

function parseFileUri(uri: unknown): string {
    const shown = describeUri(uri);
    if (uri === undefined || uri === '') {
        throw new FsPerfAccessError('invalid-uri', `No file URI was given. ${TRY_AGAIN}`);
    }
    if (typeof uri !== 'string') {
        throw new FsPerfAccessError('invalid-uri', `Refusing to read ${shown}: a file URI string is required. ${TRY_AGAIN}`);
    }
    if (uri.includes('\0')) {
        throw new FsPerfAccessError('invalid-uri', `Refusing to read ${shown}: the URI contains a NUL byte. ${TRY_AGAIN}`);
    }
    let url: URL;
    try {
        url = new URL(uri);
    } catch {
        throw new FsPerfAccessError('invalid-uri', `Refusing to read ${shown}: it is not a valid URI. ${TRY_AGAIN}`);
    }
    if (url.protocol !== 'file:') {
        throw new FsPerfAccessError('invalid-uri', `Refusing to read ${shown}: only file:// URIs can be read, not ${shorten(url.protocol, 20)}// ones. ${TRY_AGAIN}`);
    }
    let filePath: string;
    try {
        filePath = fileURLToPath(url);
    } catch {
        throw new FsPerfAccessError('invalid-uri', `Refusing to read ${shown}: it is not a local file URI (it names a host, or an encoded "/"). ${TRY_AGAIN}`);
    }
    if (filePath.includes('\0')) {
        throw new FsPerfAccessError('invalid-uri', `Refusing to read ${shown}: the URI contains an encoded NUL byte (%00). ${TRY_AGAIN}`);
    }
    return filePath;
}

async function resolveRoots(roots: readonly string[], shown: string): Promise<string[]> {
    if (roots.length === 0) {
        throw new FsPerfAccessError('no-workspace', `Refusing to read ${shown}: no workspace is open. `
            + 'Open the folder that holds the test files as the workspace and try again.');
    }
    const realRoots = (await Promise.all(roots.map(root => fs.realpath(path.resolve(root)).catch(() => undefined))))
        .filter((root): root is string => root !== undefined);
    if (realRoots.length === 0) {
        throw new FsPerfAccessError('no-workspace', `Refusing to read ${shown}: the workspace's folders do not exist. `
            + 'Open an existing folder as the workspace and try again.');
    }
    return realRoots;
}

function outsideError(shown: string): FsPerfAccessError {
    return new FsPerfAccessError('outside-workspace', `Refusing to read ${shown}: it is outside the open workspace. `
        + 'fs-perf reads only files inside the workspace.');
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
            return unexpected(shown, error);
    }
}

/**
 * Follows `filePath` component by component (like `realpath`, with `lstat` and `readlink`) up to where it
 * stops resolving; `reached` is the real path of the deepest point that exists.
 */
async function resolveAsFarAsPossible(filePath: string): Promise<{ reached: string; code?: string }> {
    let reached = path.parse(filePath).root;
    // Components still to walk, the next one last.
    const pending = filePath.slice(reached.length).split(path.sep).reverse();
    let links = 0;
    while (pending.length > 0) {
        const part = pending.pop()!;
        if (part === '' || part === '.') {
            continue;
        }
        if (part === '..') {
            reached = path.dirname(reached);
            continue;
        }
        const next = path.join(reached, part);
        let stats: Stats;
        try {
            stats = await fs.lstat(next);
        } catch (error) {
            return { reached, code: errorCode(error) };
        }
        if (!stats.isSymbolicLink()) {
            reached = next;
            continue;
        }
        if (++links > MAX_SYMLINKS) {
            return { reached, code: 'ELOOP' };
        }
        let target: string;
        try {
            target = await fs.readlink(next);
        } catch (error) {
            if (errorCode(error) === 'EINVAL') {
                // No longer a symlink: it changed since lstat; look at it again.
                pending.push(part);
                continue;
            }
            return { reached, code: errorCode(error) };
        }
        if (path.isAbsolute(target)) {
            reached = path.parse(target).root;
        }
        pending.push(...target.split(path.sep).reverse());
    }
    return { reached };
}

/**
 * Whether the file behind `handle` is inside the roots. On Linux the descriptor's own path (`/proc/self/fd`)
 * says where the opened file is, whatever happened to the path since it was resolved. Elsewhere the opened
 * file must be the one at the checked real path (same device and inode), and that path must still resolve
 * to itself: narrower, not closed.
 */
async function openedInside(handle: fs.FileHandle, realPath: string, opened: Stats, realRoots: readonly string[]): Promise<boolean> {
    const descriptorPath = await fs.readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
    if (descriptorPath !== undefined && path.isAbsolute(descriptorPath)) {
        return isInsideAny(descriptorPath.replace(/ \(deleted\)$/, ''), realRoots);
    }
    try {
        const [now, again] = await Promise.all([fs.stat(realPath), fs.realpath(realPath)]);
        return now.dev === opened.dev && now.ino === opened.ino && again === realPath && isInsideAny(again, realRoots);
    } catch {
        return false;
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
            return unexpected(shown, error);
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

/** Whether `candidate` is one of `roots` or below one (both absolute); `..` and other drives are outside. */
function isInsideAny(candidate: string, roots: readonly string[]): boolean {
    return roots.some(root => {
        const relative = path.relative(root, candidate);
        return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
    });
}

/** An unexpected failure: named by its error code only, since Node's messages carry whole (real) paths. */
function unexpected(shown: string, error: unknown): Error {
    const code = errorCode(error);
    const reason = code ?? (error instanceof Error ? error.name : typeof error);
    return new Error(`Cannot read ${shown}: the file system answered ${reason}. Check that the Theia backend may read the file and try again.`);
}

function errorCode(error: unknown): string | undefined {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    return typeof code === 'string' ? code : undefined;
}

function safeJson(value: unknown): string | undefined {
    try {
        return JSON.stringify(value);
    } catch {
        return String(value);
    }
}
