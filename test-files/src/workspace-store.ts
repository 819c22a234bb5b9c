import { FIXTURE_SIZES, FixtureGenerator, joinPath, WorkspaceFileAccess, writeFileAtomically } from '@fs-perf/benchmark-core';
import { generateFixtures, GenerateReport } from './generator';
import { generateTrees, TreeStore } from './tree-generator';

/** A {@link TreeStore} for the fixtures folder `folder` of an editor's workspace file access. */
export function workspaceFixtureStore(files: WorkspaceFileAccess, folder: string): TreeStore {
    return {
        location: `${files.location}/${folder}`,
        readFile: path => files.readFile(joinPath(folder, path)),
        writeFile: (path, data) => writeFileAtomically(files, joinPath(folder, path), data),
        writeNewFile: (path, data) => files.writeFile(joinPath(folder, path), data),
        createDirectory: path => files.createDirectory(joinPath(folder, path)),
        removeDirectory: async path => {
            if (await files.stat(joinPath(folder, path)) !== undefined) {
                await files.delete(joinPath(folder, path), { recursive: true });
            }
        },
        freeBytes: files.freeBytes ? () => files.freeBytes!() : undefined,
    };
}

/**
 * "Generate Test Files" in an editor: every size and the small-files set, into a workspace's fixtures folder, and the
 * generated trees the run's settings choose (none unless a tree scenario is chosen).
 */
export const generateWorkspaceFixtures: FixtureGenerator<GenerateReport> = async ({ files, fixturesFolder, cancellation, onProgress, treeSizes = [] }) => {
    const report = await generateFixtures({
        store: workspaceFixtureStore(files, fixturesFolder),
        sizes: FIXTURE_SIZES,
        cancellation,
        onProgress: event => onProgress(event.message, event.done, event.total),
    });
    const trees = await generateTrees({ store: workspaceFixtureStore(files, fixturesFolder), sizes: treeSizes, cancellation, onProgress });
    return { ...report, trees: trees.map(tree => ({ size: tree.size, written: tree.written })) };
};
