import { BinaryBuffer } from '@theia/core/lib/common/buffer';
import URI from '@theia/core/lib/common/uri';
import { FileService } from '@theia/filesystem/lib/browser/file-service';
import { FileOperationError, FileOperationResult } from '@theia/filesystem/lib/common/files';
import {
    burstBytes, burstCount, burstFileNames, createThenDelete, FixtureError, GENERATE_FIXTURES_HINT, SCENARIO_CATALOG, ScenarioCase, ScenarioImplementations,
    ScenarioTarget, WRITE_BURST, writeFolderName,
} from '@fs-perf/benchmark-core';
import { FsPerfBackendService } from '../common/fs-perf-backend-protocol';

type TheiaWriteScenarioKey = 'theiaFileServiceWriteFile' | 'theiaBackendWriteFile' | 'theiaFileServiceWriteBurst' | 'theiaBackendWriteBurst';

function isNotFound(error: unknown): boolean {
    return error instanceof FileOperationError && error.fileOperationResult === FileOperationResult.FILE_NOT_FOUND;
}

/**
 * The Theia extension's writes: each fixture's bytes written into a temporary folder of the fixtures folder through
 * `FileService.writeFile` and, as the floor, with Node's `fs` in the backend (timed there); and a burst of small files
 * created then deleted there the same two ways. The folder, names and bytes are made in `prepare`, what landed is looked
 * at after the clock's second reading, and `dispose` removes the folder.
 */
export function createTheiaWriteScenarios(fileService: FileService, nodeFs: FsPerfBackendService, fixturesFolder: URI): Pick<ScenarioImplementations<'theia'>, TheiaWriteScenarioKey> {
    /** A fresh temporary folder inside the fixtures folder, and its removal. */
    const temporaryFolder = async (): Promise<{ folder: URI; dispose: () => Promise<void> }> => {
        const folder = fixturesFolder.resolve(writeFolderName());
        await fileService.createFolder(folder);
        return { folder, dispose: () => fileService.delete(folder, { recursive: true, useTrash: false }) };
    };
    /** A fresh folder the backend makes (and pins) in the fixtures folder for its floors, and its removal there. */
    const backendFolder = async (): Promise<{ id: string; dispose: () => Promise<void> }> => {
        const { id } = await nodeFs.makeScratchFolder({ parentUri: fixturesFolder.toString(), purpose: 'write' });
        return { id, dispose: () => nodeFs.removeScratchFolder(id) };
    };
    const fixtureBytes = async (target: ScenarioTarget): Promise<BinaryBuffer> => {
        try {
            return (await fileService.readFile(fixturesFolder.resolve(target.fileName))).value;
        } catch (error) {
            if (isNotFound(error)) {
                throw new FixtureError(`Fixture ${target.fileName} is missing: ${GENERATE_FIXTURES_HINT}.`, target.fileName);
            }
            throw error;
        }
    };
    return {
        theiaFileServiceWriteFile: {
            ...SCENARIO_CATALOG.theiaFileServiceWriteFile,
            prepare: async target => {
                const content = await fixtureBytes(target);
                const { folder, dispose } = await temporaryFolder();
                const uri = folder.resolve(target.fileName);
                return {
                    runSample: async () => {
                        await fileService.writeFile(uri, content);
                        return {};
                    },
                    landed: async () => ({ byteCount: (await fileService.resolve(uri, { resolveMetadata: true })).size }),
                    readBack: async () => (await fileService.readFile(uri)).value.buffer,
                    dispose,
                };
            },
        },
        theiaBackendWriteFile: {
            ...SCENARIO_CATALOG.theiaBackendWriteFile,
            prepare: async target => {
                const { id, dispose } = await backendFolder();
                const request = { sourceUri: fixturesFolder.resolve(target.fileName).toString(), folder: id, fileName: target.fileName };
                return {
                    runSample: async () => {
                        const timing = await nodeFs.timeWrite(request);
                        return { byteCount: timing.byteLength, reportedMs: timing.durationMs };
                    },
                    dispose,
                };
            },
        },
        theiaFileServiceWriteBurst: {
            ...SCENARIO_CATALOG.theiaFileServiceWriteBurst,
            prepare: async target => fileServiceBurst(fileService, target, await temporaryFolder()),
        },
        theiaBackendWriteBurst: {
            ...SCENARIO_CATALOG.theiaBackendWriteBurst,
            prepare: async target => {
                const { id, dispose } = await backendFolder();
                const request = { folder: id, burst: target.burst ?? WRITE_BURST };
                return {
                    runSample: async () => {
                        const timing = await nodeFs.timeBurst(request);
                        return { itemCount: timing.entries, reportedMs: timing.durationMs };
                    },
                    dispose,
                };
            },
        },
    };
}

/** A burst through `FileService`: every file created, one after another, then each deleted; a delete that finds no file counts none. */
function fileServiceBurst(fileService: FileService, target: ScenarioTarget, { folder, dispose }: { folder: URI; dispose: () => Promise<void> }): ScenarioCase {
    const burst = target.burst ?? WRITE_BURST;
    const uris = burstFileNames(burst).map(name => folder.resolve(name));
    const bytes = BinaryBuffer.wrap(burstBytes(burst));
    const remove = async (uri: URI): Promise<boolean> => {
        try {
            await fileService.delete(uri, { recursive: false, useTrash: false });
            return true;
        } catch (error) {
            if (isNotFound(error)) {
                return false;
            }
            throw error;
        }
    };
    return {
        runSample: async () => ({ itemCount: await createThenDelete(uris, uri => fileService.createFile(uri, bytes), remove) }),
        landed: async output => ({ itemCount: burstCount(output.itemCount ?? 0, ((await fileService.resolve(folder)).children ?? []).length) }),
        dispose,
    };
}
