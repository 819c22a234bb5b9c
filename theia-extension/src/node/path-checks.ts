import { promises as fs, Stats } from 'fs';
import * as path from 'path';
import { fileURLToPath } from 'url';
import { describeUri, errorCode, FsPerfAccessError, shorten, TRY_AGAIN } from './access-error';

/** Symlinks followed while resolving one path before it counts as a loop (Linux's limit). */
export const MAX_SYMLINKS = 40;

/** The local path of a `file:` URI string; anything else is refused as invalid. */
export function parseFileUri(uri: unknown): string {
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

/** The real paths of the roots that exist; refused when there are none. */
export async function resolveRoots(roots: readonly string[], shown: string): Promise<string[]> {
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

/**
 * Follows `filePath` component by component (like `realpath`, with `lstat` and `readlink`) up to where it
 * stops resolving; `reached` is the real path of the deepest point that exists.
 */
export async function resolveAsFarAsPossible(filePath: string): Promise<{ reached: string; code?: string }> {
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
export async function openedInside(handle: fs.FileHandle, realPath: string, opened: Stats, realRoots: readonly string[]): Promise<boolean> {
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

/** Whether `candidate` is one of `roots` or below one (both absolute); `..` and other drives are outside. */
export function isInsideAny(candidate: string, roots: readonly string[]): boolean {
    return roots.some(root => {
        const relative = path.relative(root, candidate);
        return relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
    });
}

