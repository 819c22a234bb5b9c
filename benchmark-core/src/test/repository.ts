import * as fs from 'fs';
import * as path from 'path';

/**
 * The repository root: the nearest folder above this file whose package.json declares the workspaces. The tests of
 * the packages bench builds on use this one (benchmark-core's, and the VS Code extension's in-host suite through
 * `@fs-perf/benchmark-core/lib/test/repository`): they cannot import bench's `findRepositoryRoot`, which is built after
 * them. Plain Node scripts have theirs in `scripts/clean.js`, which runs without any build.
 */
export function repositoryRoot(): string {
    for (let folder = __dirname; ; folder = path.dirname(folder)) {
        const manifest = path.join(folder, 'package.json');
        if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).workspaces) {
            return folder;
        }
        if (path.dirname(folder) === folder) {
            throw new Error(`No package.json with workspaces above ${__dirname}`);
        }
    }
}
