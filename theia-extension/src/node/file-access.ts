import { constants as fsConstants, promises as fs, Stats } from 'fs';
import * as path from 'path';
import { fileURLToPath } from 'url';
import { FIXTURE_SIZES, formatBytes } from '@fs-perf/benchmark-core';
import { MAX_READ_BYTES } from '../common/node-fs-read-protocol';

/** Why fs-perf refused to read a file. */
export type FsPerfAccessErrorCode = 'invalid-uri' | 'outside-workspace' | 'not-found' | 'not-a-file' | 'too-large' | 'no-workspace';

/** HTTP status the fs-perf file route answers for each refusal. */
export const FS_PERF_ACCESS_HTTP_STATUS: Readonly<Record<FsPerfAccessErrorCode, number>> = Object.freeze({
    'invalid-uri': 400,
    'outside-workspace': 403,
    'not-found': 404,
    'not-a-file': 404,
    'too-large': 413,
    'no-workspace': 409,
});

/** A read refused by fs-perf's checks; the message names the URI, the problem and what to do. */
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

/** A file that passed the checks of {@link resolveReadableFile}. */
export interface ReadableFile {
    /** Absolute path with every symlink resolved. */
    readonly path: string;
    /** Size when checked, bytes. */
    readonly size: number;
}

/**
 * Open flags for reading a checked path: `O_NOFOLLOW` so a file swapped for a symlink after the check is
 * not followed, `O_NONBLOCK` so one swapped for a FIFO cannot block the backend (no effect on regular
 * files). Both are 0 where the platform lacks them (Windows).
 */
export const CHECKED_READ_FLAGS = fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0) | (fsConstants.O_NONBLOCK ?? 0);

const TRY_AGAIN = 'Pass the file:// URI of a regular file inside the open workspace.';

/**
 * Checks that `uri` is the `file:` URI of a regular file of at most `maxBytes` inside one of `roots`, after
 * resolving symlinks of both. Rejects with {@link FsPerfAccessError} for anything else, or with an `Error`
 * when the file system fails in an unexpected way (permissions, I/O).
 */
export async function resolveReadableFile(uri: unknown, roots: readonly string[], maxBytes: number): Promise<ReadableFile> {
    const filePath = parseFileUri(uri);
    const shown = describeUri(uri);
    if (roots.length === 0) {
        throw new FsPerfAccessError('no-workspace', `Refusing to read ${shown}: no workspace is open. `
            + 'Open the folder that holds the test files as the workspace and try again.');
    }
    const realRoots = (await Promise.all(roots.map(root => fs.realpath(path.resolve(root)).catch(() => undefined))))
        .filter((root): root is string => root !== undefined);
    if (realRoots.length === 0) {
        throw new FsPerfAccessError('no-workspace', `Refusing to read ${shown}: the workspace folders (${roots.join(', ')}) `
            + 'do not exist. Open an existing folder as the workspace and try again.');
    }
    const outside = (resolved: string): FsPerfAccessError => new FsPerfAccessError('outside-workspace',
        `Refusing to read ${shown}: ${resolved === filePath ? 'it is' : `it resolves to ${resolved},`} outside the open workspace `
        + `(${realRoots.join(', ')}). fs-perf reads only files inside the workspace.`);

    let realPath: string;
    try {
        realPath = await fs.realpath(filePath);
    } catch (error) {
        if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') {
            // Whether a file outside the workspace exists is none of the caller's business.
            if (!isInsideAny(filePath, [...realRoots, ...roots.map(root => path.resolve(root))])) {
                throw outside(filePath);
            }
            throw new FsPerfAccessError('not-found', `Cannot read ${shown}: no file exists at ${filePath}. `
                + 'Check the path, or generate the test files first.');
        }
        throw unexpected(shown, error);
    }
    if (!isInsideAny(realPath, realRoots)) {
        throw outside(realPath);
    }

    let stats: Stats;
    try {
        stats = await fs.stat(realPath);
    } catch (error) {
        throw errorCode(error) === 'ENOENT'
            ? new FsPerfAccessError('not-found', `Cannot read ${shown}: the file was removed while it was checked. Try again.`)
            : unexpected(shown, error);
    }
    checkRegularFile(stats, shown, maxBytes);
    return { path: realPath, size: stats.size };
}

/**
 * {@link resolveReadableFile}, then reads the checked file through one file descriptor, which is checked
 * again (a regular file within `maxBytes`) so a file swapped after the first check is not read.
 * Used by both the RPC service and the HTTP route.
 */
export async function readValidatedFile(uri: unknown, roots: readonly string[], maxBytes: number = MAX_READ_BYTES): Promise<Buffer> {
    const file = await resolveReadableFile(uri, roots, maxBytes);
    const shown = describeUri(uri);
    let handle: fs.FileHandle;
    try {
        handle = await fs.open(file.path, CHECKED_READ_FLAGS);
    } catch (error) {
        switch (errorCode(error)) {
            case 'ENOENT':
                throw new FsPerfAccessError('not-found', `Cannot read ${shown}: the file was removed while it was checked. Try again.`);
            case 'ELOOP':
                throw new FsPerfAccessError('not-a-file', `Refusing to read ${shown}: it was replaced by a symbolic link after it was checked. ${TRY_AGAIN}`);
            default:
                throw unexpected(shown, error);
        }
    }
    try {
        const stats = await handle.stat();
        checkRegularFile(stats, shown, maxBytes);
        // One allocation of the checked size; a file that grew since is read up to that size only.
        const bytes = Buffer.allocUnsafeSlow(stats.size);
        let filled = 0;
        while (filled < bytes.byteLength) {
            const { bytesRead } = await handle.read(bytes, filled, bytes.byteLength - filled, filled);
            if (bytesRead === 0) {
                break;
            }
            filled += bytesRead;
        }
        return filled === bytes.byteLength ? bytes : bytes.subarray(0, filled);
    } catch (error) {
        throw error instanceof FsPerfAccessError ? error : unexpected(shown, error);
    } finally {
        await handle.close().catch(() => undefined);
    }
}

/** The URI for a message: as given when printable, quoted with escapes otherwise (no log forging); bounded. */
export function describeUri(uri: unknown): string {
    if (typeof uri !== 'string') {
        return `${Array.isArray(uri) ? 'an array' : typeof uri} (${String(safeJson(uri)).slice(0, 100)})`;
    }
    // eslint-disable-next-line no-control-regex
    const text = /[\u0000-\u001f\u007f]/.test(uri) ? JSON.stringify(uri) : uri;
    return text.length > 300 ? `${text.slice(0, 300)}…` : text;
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
        throw new FsPerfAccessError('invalid-uri', `Refusing to read ${shown}: only file:// URIs can be read, not ${url.protocol}// ones. ${TRY_AGAIN}`);
    }
    let filePath: string;
    try {
        filePath = fileURLToPath(url);
    } catch (error) {
        throw new FsPerfAccessError('invalid-uri', `Refusing to read ${shown}: it is not a local file URI (${(error as Error).message}). ${TRY_AGAIN}`);
    }
    if (filePath.includes('\0')) {
        throw new FsPerfAccessError('invalid-uri', `Refusing to read ${shown}: the URI contains an encoded NUL byte (%00). ${TRY_AGAIN}`);
    }
    return filePath;
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

function unexpected(shown: string, error: unknown): Error {
    const reason = error instanceof Error ? error.message : String(error);
    return new Error(`Cannot read ${shown}: ${reason}. Check that the backend may read the file and try again.`);
}

function errorCode(error: unknown): string | undefined {
    return (error as NodeJS.ErrnoException | undefined)?.code;
}

function safeJson(value: unknown): string | undefined {
    try {
        return JSON.stringify(value);
    } catch {
        return String(value);
    }
}
