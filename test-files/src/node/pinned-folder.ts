import { constants as fsConstants, existsSync, promises as fs } from 'fs';
import * as path from 'path';

/**
 * A folder fs-perf made for a write or watch case, pinned by an open handle (issue 52): every file the floors create,
 * change or delete in it is reached through that handle, so a rename of the folder, a folder swapped for a symbolic link
 * after it was checked, or a link planted under a file's name cannot send a write, a create or a delete anywhere else.
 *
 * On Linux the handle's own path, `/proc/self/fd/<fd>`, names the opened folder whatever happens to its path since, and
 * one more component below it is looked up in that folder only. Elsewhere (no `/proc`) the folder's real path is used and
 * its device and inode are checked before each use outside a sample: narrower, not closed.
 */

/** Whether this system names open descriptors under `/proc/self/fd` (Linux). */
export const PINNED_BY_PROC = process.platform === 'linux' && existsSync('/proc/self/fd');

/**
 * Open flags of a file a floor creates: a new file or nothing (`O_EXCL`: never an existing file, link or FIFO), never through a
 * link in its name (`O_NOFOLLOW`), never blocking (`O_NONBLOCK`, no effect on a regular file). 0 where the platform lacks one.
 */
export const CREATE_FILE_FLAGS = fsConstants.O_WRONLY | fsConstants.O_CREAT | fsConstants.O_EXCL | (fsConstants.O_NOFOLLOW ?? 0) | (fsConstants.O_NONBLOCK ?? 0);

/**
 * Open flags of a file a floor overwrites, once checked to be the one it made: never created here, never through a link,
 * never blocking on a FIFO.
 */
export const OVERWRITE_FILE_FLAGS = fsConstants.O_WRONLY | fsConstants.O_TRUNC | (fsConstants.O_NOFOLLOW ?? 0) | (fsConstants.O_NONBLOCK ?? 0);

/** Open flags of a folder to pin or walk: only a folder, never through a link in its name. */
export const OPEN_FOLDER_FLAGS = fsConstants.O_RDONLY | (fsConstants.O_DIRECTORY ?? 0) | (fsConstants.O_NOFOLLOW ?? 0);

/** Folders below a pinned folder a removal walks into; deeper is refused (the floors make none). */
const MAX_REMOVE_DEPTH = 32;

/** A pinned folder's problem: moved, replaced or not what fs-perf made. The message names the folder's name only. */
export class PinnedFolderError extends Error {
    constructor(readonly code: 'moved' | 'not-made' | 'not-plain' | 'exists', message: string) {
        super(message);
        this.name = 'PinnedFolderError';
    }
}

/** A plain file name (no folder, not `.` or `..`, no NUL, at most 255 characters), or undefined for anything else. */
export function plainFileName(name: unknown): string | undefined {
    return typeof name === 'string' && name.length > 0 && name.length <= 255 && !/[/\\\0]/.test(name) && name !== '.' && name !== '..' ? name : undefined;
}

function errorCode(error: unknown): string | undefined {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    return typeof code === 'string' ? code : undefined;
}

/** The path of `name` inside the folder open as `fd` (Linux), or below `realPath` elsewhere. */
function below(fd: number, realPath: string, name: string): string {
    return PINNED_BY_PROC ? `/proc/self/fd/${fd}/${name}` : path.join(realPath, name);
}

export class PinnedFolder {
    private closed = false;

    private constructor(
        private readonly handle: fs.FileHandle,
        private readonly parent: fs.FileHandle,
        /** The folder's name in its parent. */
        readonly name: string,
        /** Where the folder was when it was made (its real path), for events and messages inside the process. */
        readonly realPath: string,
        readonly dev: number,
        readonly ino: number,
    ) { }

    /**
     * Makes the folder `name` fresh (mode 0700) in the folder at the real path `parent` and pins it: the parent is opened
     * without following a link, the folder made through that handle, then opened the same way and checked to be the empty
     * folder just made. Refuses (and removes nothing) when `name` exists. `accept` is asked, before anything is made, whether
     * the parent as opened (its real path now) is a place to make it in.
     */
    static async make(parent: string, name: string, accept: (parentRealPath: string) => boolean | Promise<boolean> = () => true): Promise<PinnedFolder> {
        if (plainFileName(name) === undefined) {
            throw new PinnedFolderError('not-plain', `Cannot make the folder ${JSON.stringify(name.slice(0, 80))}: give a plain folder name.`);
        }
        const parentHandle = await fs.open(parent, OPEN_FOLDER_FLAGS);
        try {
            const parentPath = PINNED_BY_PROC ? await fs.readlink(`/proc/self/fd/${parentHandle.fd}`) : parent;
            if (!(await parentHandle.stat()).isDirectory() || !await accept(parentPath)) {
                throw new PinnedFolderError('moved', `Cannot make the folder ${name}: its parent folder was moved or replaced.`);
            }
            try {
                await fs.mkdir(below(parentHandle.fd, parentPath, name), 0o700);
            } catch (error) {
                if (errorCode(error) === 'EEXIST') {
                    throw new PinnedFolderError('exists', `Cannot make the folder ${name}: something of that name is already there.`);
                }
                throw error;
            }
            const handle = await fs.open(below(parentHandle.fd, parentPath, name), OPEN_FOLDER_FLAGS);
            try {
                const stats = await handle.stat();
                const uid = process.getuid?.();
                if (!stats.isDirectory() || (uid !== undefined && stats.uid !== uid) || (await fs.readdir(PINNED_BY_PROC ? `/proc/self/fd/${handle.fd}` : path.join(parentPath, name))).length > 0) {
                    throw new PinnedFolderError('moved', `The folder ${name} was replaced while it was made.`);
                }
                const realPath = PINNED_BY_PROC ? await fs.readlink(`/proc/self/fd/${handle.fd}`) : path.join(parentPath, name);
                return new PinnedFolder(handle, parentHandle, name, realPath, stats.dev, stats.ino);
            } catch (error) {
                await handle.close().catch(() => undefined);
                throw error;
            }
        } catch (error) {
            await parentHandle.close().catch(() => undefined);
            throw error;
        }
    }

    /** The open descriptor of the folder (a child process gets it as one of its own). */
    get fd(): number {
        return this.handle.fd;
    }

    /** The folder as a path that reaches the pinned folder only: `/proc/self/fd/<fd>` on Linux. */
    get path(): string {
        return PINNED_BY_PROC ? `/proc/self/fd/${this.handle.fd}` : this.realPath;
    }

    /** The path of the plain file name `name` in the folder (see {@link path}); anything else is refused. */
    entry(name: string): string {
        if (plainFileName(name) === undefined) {
            throw new PinnedFolderError('not-plain', `Refusing ${JSON.stringify(String(name).slice(0, 80))}: give a plain file name, without a folder.`);
        }
        return below(this.handle.fd, this.realPath, name);
    }

    /** Whether the folder is still where fs-perf made it, as the same folder (its device and inode), and open. */
    async inPlace(): Promise<boolean> {
        if (this.closed) {
            return false;
        }
        try {
            const [opened, named] = await Promise.all([this.handle.stat(), fs.lstat(below(this.parent.fd, path.dirname(this.realPath), this.name))]);
            return opened.nlink > 0 && named.isDirectory() && named.dev === this.dev && named.ino === this.ino && opened.ino === this.ino;
        } catch {
            return false;
        }
    }

    /** Refuses (with `shown` naming the folder as the caller sent it) unless {@link inPlace}. */
    async checkInPlace(shown: string): Promise<void> {
        if (!await this.inPlace()) {
            throw new PinnedFolderError('moved', `Refusing to use ${shown}: the folder fs-perf made there was moved, removed or replaced since. `
                + 'Start the case again (it makes a new folder).');
        }
    }

    /** The names in the folder. */
    async list(): Promise<string[]> {
        return fs.readdir(this.path);
    }

    /** Removes everything in the folder without following a link and without leaving it. */
    async removeContents(): Promise<void> {
        await removeEntries(this.path, this.realPath, 0);
    }

    /**
     * Removes the folder: its contents (as {@link removeContents}), then the folder itself from its parent while that name is
     * still this folder; closes the handles. A folder moved away since is emptied where it is and left there.
     */
    async remove(): Promise<void> {
        if (this.closed) {
            return;
        }
        try {
            await this.removeContents();
            if (await this.inPlace()) {
                await fs.rmdir(below(this.parent.fd, path.dirname(this.realPath), this.name));
            }
        } finally {
            await this.close();
        }
    }

    async close(): Promise<void> {
        if (this.closed) {
            return;
        }
        this.closed = true;
        await Promise.all([this.handle.close().catch(() => undefined), this.parent.close().catch(() => undefined)]);
    }
}

/**
 * Removes the entries of the folder reached by `folderPath` (a pinned path): a file, link, FIFO or socket by `unlink` (which
 * never follows its name), a folder by opening it without following a link, emptying it through its own handle, then
 * `rmdir`. An entry that became something else in between is taken as it is now.
 */
async function removeEntries(folderPath: string, realPath: string, depth: number): Promise<void> {
    if (depth > MAX_REMOVE_DEPTH) {
        throw new PinnedFolderError('not-made', `Refusing to remove folders more than ${MAX_REMOVE_DEPTH} deep: fs-perf makes none.`);
    }
    for (const name of await fs.readdir(folderPath)) {
        const entry = PINNED_BY_PROC ? `${folderPath}/${name}` : path.join(realPath, name);
        try {
            await fs.unlink(entry);
            continue;
        } catch (error) {
            const code = errorCode(error);
            if (code === 'ENOENT') {
                continue;
            }
            if (code !== 'EISDIR' && code !== 'EPERM') {
                throw error;
            }
        }
        let sub: fs.FileHandle;
        try {
            sub = await fs.open(entry, OPEN_FOLDER_FLAGS);
        } catch (error) {
            const code = errorCode(error);
            if (code === 'ELOOP' || code === 'ENOTDIR') {
                // It became a link or a file since: remove the name, never what it points to.
                await fs.unlink(entry).catch(() => undefined);
                continue;
            }
            if (code === 'ENOENT') {
                continue;
            }
            throw error;
        }
        try {
            await removeEntries(PINNED_BY_PROC ? `/proc/self/fd/${sub.fd}` : path.join(realPath, name), path.join(realPath, name), depth + 1);
        } finally {
            await sub.close().catch(() => undefined);
        }
        try {
            await fs.rmdir(entry);
        } catch (error) {
            const code = errorCode(error);
            if (code === 'ENOTDIR') {
                await fs.unlink(entry).catch(() => undefined);
            } else if (code !== 'ENOENT' && code !== 'ENOTEMPTY') {
                throw error;
            }
        }
    }
}
