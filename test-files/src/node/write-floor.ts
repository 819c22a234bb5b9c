import { promises as fs } from 'fs';
import { burstBytes, burstCount, burstFileNames, createThenDelete, WriteBurst } from '@fs-perf/benchmark-core';
import { CREATE_FILE_FLAGS, PinnedFolder } from './pinned-folder';

/**
 * The bare-Node calls of the write scenarios' floors (in VS Code's extension host and in Theia's backend), written once.
 * Only the writes and deletes are in a sample; the names, the bytes and the checks of what landed are made around it.
 * Every file is created new (`O_CREAT | O_EXCL | O_NOFOLLOW`) in a folder fs-perf made and pinned (pinned-folder.ts), so
 * no name can lead a write elsewhere.
 */

/** Deletes `file`; whether it was there (a file that is gone counts as not deleted: the burst's count then falls short). */
export async function nodeDeleteFile(file: string): Promise<boolean> {
    try {
        await fs.unlink(file);
        return true;
    } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
            return false;
        }
        throw error;
    }
}

/** `bytes` written with `fs.promises.writeFile` into a new file at `file` (a pinned folder's entry): the floors' one write. */
export function nodeCreateFile(file: string, bytes: Uint8Array): Promise<void> {
    return fs.writeFile(file, bytes, { flag: CREATE_FILE_FLAGS });
}

/** A burst prepared over an empty pinned folder: its file paths and bytes made once, before any sample. */
export interface NodeBurst {
    /** One sample: every file created with `fs.promises.writeFile`, one after another, then each removed with `unlink`; the files deleted. */
    run(): Promise<number>;
    /** After a sample, outside the clock readings: its count less the entries left in the folder. */
    landed(deleted: number): Promise<number>;
}

export function nodeBurst(folder: PinnedFolder, burst: WriteBurst): NodeBurst {
    const files = burstFileNames(burst).map(name => folder.entry(name));
    const bytes = burstBytes(burst);
    return {
        run: () => createThenDelete(files, file => nodeCreateFile(file, bytes), nodeDeleteFile),
        landed: async deleted => burstCount(deleted, (await folder.list()).length),
    };
}
