import { promises as fs } from 'fs';
import * as path from 'path';
import type { WalkEntry } from '@fs-perf/benchmark-core';

/**
 * The bare-Node calls of the tree scenarios' floors (in VS Code's extension host and in Theia's backend), written once.
 * A file that is gone counts as no file: the storm's count then falls short of the manifest's, and the run stops with
 * "the tree is damaged" and how to make it again.
 */
export async function nodeIsFile(file: string): Promise<boolean> {
    try {
        return (await fs.stat(file)).isFile();
    } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
            return false;
        }
        throw error;
    }
}

/** One folder's entries for a walk, with `fs.promises.readdir(folder, { withFileTypes: true })`. */
export async function nodeListFolder(folder: string): Promise<WalkEntry<string>[]> {
    return (await fs.readdir(folder, { withFileTypes: true })).map(entry => ({ child: path.join(folder, entry.name), directory: entry.isDirectory() }));
}
