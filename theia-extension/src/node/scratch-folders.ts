import { randomBytes, randomInt } from 'crypto';
import { promises as fs } from 'fs';
import { injectable } from '@theia/core/shared/inversify';
import { watchFolderName, writeFolderName } from '@fs-perf/benchmark-core';
import { PinnedFolder, PinnedFolderError } from '@fs-perf/test-files/lib/node';
import { ScratchFolder, ScratchFolderRequest } from '../common/fs-perf-backend-protocol';
import { describeUri, errorCode, FsPerfAccessError, outsideError, shorten } from './access-error';
import { isInsideAny, resolveRoots } from './path-checks';
import { checkedFolder } from './tree-timing';

/** Folders fs-perf may have made at once in one backend, over all its connections. */
export const MAX_SCRATCH_FOLDERS = 256;
/** ... and on one connection (a run prepares its cases together, one folder each: 16 for Run All of six sizes). */
export const MAX_SCRATCH_FOLDERS_PER_CONNECTION = 64;
/** Watch sessions (a child process and a watch each) one backend runs at once, over all its connections. */
export const MAX_WATCH_SESSIONS = 32;
/** Bytes one folder may hold of `timeWrite`'s files at once (four of the largest fixture and room to spare). */
export const MAX_SCRATCH_BYTES = 256 * 1024 * 1024;
/** Files one folder may hold at once (a watch burst is 1000; a write burst 100, removed in the call). */
export const MAX_SCRATCH_FILES = 20_000;

/** The backend's counts over all connections: slots are taken before any `await`, so a limit holds under concurrent calls. */
@injectable()
export class ScratchBudget {
    protected folders = 0;
    protected sessions = 0;

    /** Takes a folder's slot or refuses as busy; returns its release (a second call does nothing). */
    takeFolder(): () => void {
        if (this.folders >= MAX_SCRATCH_FOLDERS) {
            throw new FsPerfAccessError('busy', `Refusing to make a folder now: the Theia backend holds ${this.folders} fs-perf folders, `
                + 'its limit. Let the runs in progress finish (a closed window removes its own).');
        }
        this.folders++;
        return this.releaser(() => this.folders--);
    }

    /** Takes a watch session's slot or refuses as busy; returns its release. */
    takeSession(): () => void {
        if (this.sessions >= MAX_WATCH_SESSIONS) {
            throw new FsPerfAccessError('busy', `Refusing a watch session now: the Theia backend runs ${this.sessions} of them, its limit. `
                + 'Let the runs in progress finish (a closed window ends its own).');
        }
        this.sessions++;
        return this.releaser(() => this.sessions--);
    }

    protected releaser(release: () => void): () => void {
        let released = false;
        return () => {
            if (!released) {
                released = true;
                release();
            }
        };
    }
}

/** One folder the backend made for this connection: pinned, with what `timeWrite` left in it. */
export interface ScratchEntry {
    readonly id: string;
    readonly purpose: ScratchFolderRequest['purpose'];
    readonly folder: PinnedFolder;
    /** `timeWrite`'s files in it by name: the inode it made (any other at that name is refused) and the bytes. */
    readonly written: Map<string, { readonly ino: number; readonly bytes: number }>;
    /** Set while a watch session uses the folder. */
    session?: string;
}

/** A random id: 128 bits, so one connection cannot guess another's (and each connection has its own map anyway). */
export function randomId(prefix: string): string {
    return `${prefix}-${randomBytes(16).toString('hex')}`;
}

/** An id as sent, for a message: a string cut short, anything else by its type. */
export function shownId(id: unknown): string {
    return typeof id === 'string' ? JSON.stringify(shorten(id, 80)) : `a ${Array.isArray(id) ? 'list' : typeof id}`;
}

/**
 * The folders the backend made for one connection (issue 52): each made fresh with a random name in a folder of the
 * workspace, pinned by its handle, and usable only by its random id on this connection; all removed when the connection
 * closes. `timeWrite`, bursts and watching work only in these.
 */
export class ScratchFolders {
    protected readonly entries = new Map<string, ScratchEntry>();
    protected readonly releases = new Map<string, () => void>();
    protected pending = 0;
    protected disposed = false;

    constructor(protected readonly budget: ScratchBudget) { }

    /** Makes a folder in `request.parentUri` (a folder of the workspace) and returns its id and name. */
    async make(request: ScratchFolderRequest, roots: readonly string[]): Promise<ScratchFolder> {
        const purpose = request?.purpose;
        if (purpose !== 'write' && purpose !== 'watch') {
            throw new FsPerfAccessError('unresolvable', `Refusing to make a folder for ${shownId(purpose)}: the purpose is write or watch.`);
        }
        if (this.disposed) {
            throw new FsPerfAccessError('busy', 'Refusing to make a folder: the connection is closing.');
        }
        if (this.entries.size + this.pending >= MAX_SCRATCH_FOLDERS_PER_CONNECTION) {
            throw new FsPerfAccessError('busy', `Refusing to make a folder: this window holds ${MAX_SCRATCH_FOLDERS_PER_CONNECTION} fs-perf folders, `
                + 'its limit. Remove one first (each case removes its own when it ends).');
        }
        // Both slots taken before the first await: concurrent calls see them.
        const release = this.budget.takeFolder();
        this.pending++;
        try {
            const shown = describeUri(request.parentUri);
            const parent = await checkedFolder(request.parentUri, roots, 'make a folder in', 'Choose a folder of the workspace.');
            const name = purpose === 'write' ? writeFolderName(Date.now(), () => randomInt(2 ** 40) / 2 ** 40) : watchFolderName(Date.now(), () => randomInt(2 ** 40) / 2 ** 40);
            const realRoots = await resolveRoots(roots, shown);
            // The parent was checked by its path, then opened: where it is as opened must be inside the workspace too.
            const folder = await PinnedFolder.make(parent, name, opened => isInsideAny(opened, realRoots)).catch(error => {
                if (error instanceof PinnedFolderError && error.code === 'moved') {
                    throw outsideError(shown);
                }
                throw error instanceof PinnedFolderError ? new FsPerfAccessError('unresolvable', `Cannot make a folder in ${shown}: ${error.message}`)
                    : errorCode(error) === 'ELOOP' || errorCode(error) === 'ENOTDIR' ? outsideError(shown) : error;
            });
            const id = randomId(purpose);
            if (this.disposed) {
                await folder.remove().catch(() => undefined);
                throw new FsPerfAccessError('busy', 'Refusing to make a folder: the connection is closing.');
            }
            this.entries.set(id, { id, purpose, folder, written: new Map() });
            this.releases.set(id, release);
            return { id, name: folder.name };
        } catch (error) {
            release();
            throw error;
        } finally {
            this.pending--;
        }
    }

    /**
     * The folder of `id` made on this connection, for `purpose`, still where it was made (its device and inode checked);
     * refused otherwise, naming the id as sent.
     */
    async get(id: unknown, purpose: ScratchFolderRequest['purpose']): Promise<ScratchEntry> {
        const entry = typeof id === 'string' ? this.entries.get(id) : undefined;
        if (!entry) {
            throw new FsPerfAccessError('unresolvable', `Refusing to use the folder ${shownId(id)}: fs-perf made no such folder on this connection. `
                + 'Make one with makeScratchFolder first; fs-perf writes and watches only in folders it made.');
        }
        if (entry.purpose !== purpose) {
            throw new FsPerfAccessError('unresolvable', `Refusing to use the folder ${shownId(id)}: it was made for ${entry.purpose}, not ${purpose}.`);
        }
        await entry.folder.checkInPlace(shownId(id)).catch(error => {
            throw error instanceof PinnedFolderError ? new FsPerfAccessError('unresolvable', error.message) : error;
        });
        return entry;
    }

    /** Removes the folder of `id` and everything in it (never through a link); an unknown id is refused. `before` runs first. */
    async remove(id: unknown, before?: (entry: ScratchEntry) => Promise<void>): Promise<void> {
        const entry = typeof id === 'string' ? this.entries.get(id) : undefined;
        if (!entry) {
            throw new FsPerfAccessError('unresolvable', `Refusing to remove the folder ${shownId(id)}: fs-perf made no such folder on this connection.`);
        }
        this.entries.delete(entry.id);
        try {
            await before?.(entry);
        } finally {
            try {
                await entry.folder.remove();
            } finally {
                this.releases.get(entry.id)?.();
                this.releases.delete(entry.id);
            }
        }
    }

    /** Every folder of this connection removed (its connection closed, or the backend stopping); later calls are refused. */
    async dispose(before?: (entry: ScratchEntry) => Promise<void>): Promise<void> {
        this.disposed = true;
        await Promise.all([...this.entries.keys()].map(id => this.remove(id, before).catch(() => undefined)));
    }

    /** The folders of this connection now. */
    get size(): number {
        return this.entries.size;
    }
}

/** Whether `name` is a regular file made by fs-perf in the folder: the inode recorded when it was made, one link. */
export async function isOwnFile(entry: ScratchEntry, name: string): Promise<boolean> {
    const recorded = entry.written.get(name);
    if (!recorded) {
        return false;
    }
    const stats = await fs.lstat(entry.folder.entry(name)).catch(() => undefined);
    return stats !== undefined && stats.isFile() && stats.nlink === 1 && stats.ino === recorded.ino;
}
