import { FIXTURE_SIZES, FixtureGenerator, joinPath, WorkspaceFileAccess, writeFileAtomically } from '@fs-perf/benchmark-core';
import { FixtureStore, generateFixtures, GenerateReport } from './generator';

/** A {@link FixtureStore} for the fixtures folder `folder` of an editor's workspace file access. */
export function workspaceFixtureStore(files: WorkspaceFileAccess, folder: string): FixtureStore {
    return {
        location: `${files.location}/${folder}`,
        readFile: path => files.readFile(joinPath(folder, path)),
        writeFile: (path, data) => writeFileAtomically(files, joinPath(folder, path), data),
        createDirectory: path => files.createDirectory(joinPath(folder, path)),
        freeBytes: files.freeBytes ? () => files.freeBytes!() : undefined,
    };
}

/** "Generate Test Files" in an editor: every size and the small-files set, into a workspace's fixtures folder. */
export const generateWorkspaceFixtures: FixtureGenerator<GenerateReport> = ({ files, fixturesFolder, cancellation, onProgress }) => generateFixtures({
    store: workspaceFixtureStore(files, fixturesFolder),
    sizes: FIXTURE_SIZES,
    cancellation,
    onProgress: event => onProgress(event.message, event.done, event.total),
});
