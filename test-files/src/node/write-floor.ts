import { promises as fs } from 'fs';
import * as path from 'path';
import { burstBytes, burstCount, burstFileNames, createThenDelete, WriteBurst } from '@fs-perf/benchmark-core';

/**
 * The bare-Node calls of the write scenarios' floors (in VS Code's extension host and in Theia's backend), written once.
 * Only the writes and deletes are in a sample; the names, the bytes and the checks of what landed are made around it.
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

/** A burst prepared over an existing empty `folder`: its file paths and bytes made once, before any sample. */
export interface NodeBurst {
    /** One sample: every file created with `fs.promises.writeFile`, one after another, then each removed with `unlink`; the files deleted. */
    run(): Promise<number>;
    /** After a sample, outside the clock readings: its count less the entries left in the folder. */
    landed(deleted: number): Promise<number>;
}

export function nodeBurst(folder: string, burst: WriteBurst): NodeBurst {
    const files = burstFileNames(burst).map(name => path.join(folder, name));
    const bytes = burstBytes(burst);
    return {
        run: () => createThenDelete(files, file => fs.writeFile(file, bytes), nodeDeleteFile),
        landed: async deleted => burstCount(deleted, (await fs.readdir(folder)).length),
    };
}
