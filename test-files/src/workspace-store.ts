import { joinPath, WorkspaceFileAccess, writeFileAtomically } from '@fs-perf/benchmark-core';
import { FixtureStore } from './generator';

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
