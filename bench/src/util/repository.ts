import { existsSync, readFileSync } from 'fs';
import * as path from 'path';

/**
 * The repository's root folder: the nearest folder at or above `start` whose `package.json` declares yarn
 * `workspaces`. Found by its manifest rather than by counting `..`, so a file that moves keeps finding it. What cannot
 * import bench has the same search: the tests of the packages below it (`benchmark-core/src/test/repository.ts`) and
 * plain Node scripts (`scripts/clean.js`).
 */
export function findRepositoryRoot(start: string): string {
    for (let folder = path.resolve(start); ; folder = path.dirname(folder)) {
        const manifest = path.join(folder, 'package.json');
        if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown }).workspaces !== undefined) {
            return folder;
        }
        if (path.dirname(folder) === folder) {
            throw new Error(`No package.json with "workspaces" at or above ${start}: this file is not inside the fs-perf repository.`);
        }
    }
}

export const REPOSITORY_ROOT = findRepositoryRoot(__dirname);
