import URI from '@theia/core/lib/common/uri';
import { FileService } from '@theia/filesystem/lib/browser/file-service';
import { FileOperationError, FileOperationResult } from '@theia/filesystem/lib/common/files';
import {
    DEFAULT_TREE_CONCURRENCY, SCENARIO_CATALOG, ScenarioCase, ScenarioImplementations, ScenarioTarget, countingCase, statInFlight, statOneAfterAnother, treeFilePaths, walkDown,
    WalkEntry,
} from '@fs-perf/benchmark-core';
import { NodeFsReadService, TreeTimingRequest } from '../common/node-fs-read-protocol';

type TheiaTreeScenarioKey = 'theiaTreeStat' | 'theiaTreeStatParallel' | 'theiaTreeWalk' | 'theiaBackendTreeStat' | 'theiaBackendTreeStatParallel' | 'theiaBackendTreeWalk';

/**
 * The Theia extension's big-tree scenarios: Theia's `FileService` from the frontend, and the same storm or walk with Node's
 * `fs` in the backend, timed there (the floor). One sample is the whole storm or walk; every URI is made in `prepare`.
 */
export function createTheiaTreeScenarios(fileService: FileService, nodeFs: NodeFsReadService, fixturesFolder: URI): Pick<ScenarioImplementations<'theia'>, TheiaTreeScenarioKey> {
    const treeUri = (target: ScenarioTarget): URI => fixturesFolder.resolve(target.fileName);
    const fileUris = (target: ScenarioTarget): URI[] => treeFilePaths(target.tree!).map(file => treeUri(target).resolve(file));
    const isFile = async (uri: URI): Promise<boolean> => {
        try {
            return (await fileService.resolve(uri, { resolveMetadata: true })).isFile;
        } catch (error) {
            // A file that is gone counts as none: the count falls short, and the run says the tree is damaged.
            if (error instanceof FileOperationError && error.fileOperationResult === FileOperationResult.FILE_NOT_FOUND) {
                return false;
            }
            throw error;
        }
    };
    const list = async (folder: URI): Promise<WalkEntry<URI>[]> =>
        ((await fileService.resolve(folder)).children ?? []).map(child => ({ child: child.resource, directory: child.isDirectory }));
    const inBackend = (operation: TreeTimingRequest['operation']) => async (target: ScenarioTarget): Promise<ScenarioCase> => {
        const request: TreeTimingRequest = {
            folderUri: treeUri(target).toString(), seed: target.tree!.seed, size: target.tree!.size, operation, concurrency: target.concurrency ?? DEFAULT_TREE_CONCURRENCY,
        };
        return {
            runSample: async () => {
                const timing = await nodeFs.timeTree(request);
                return { itemCount: timing.entries, reportedMs: timing.durationMs };
            },
        };
    };
    return {
        theiaTreeStat: {
            ...SCENARIO_CATALOG.theiaTreeStat,
            prepare: async target => countingCase(fileUris(target), uris => statOneAfterAnother(uris, isFile)),
        },
        theiaTreeStatParallel: {
            ...SCENARIO_CATALOG.theiaTreeStatParallel,
            prepare: async target => countingCase(fileUris(target), uris => statInFlight(uris, isFile, target.concurrency ?? DEFAULT_TREE_CONCURRENCY)),
        },
        theiaTreeWalk: {
            ...SCENARIO_CATALOG.theiaTreeWalk,
            prepare: async target => countingCase(treeUri(target), root => walkDown(root, list)),
        },
        theiaBackendTreeStat: { ...SCENARIO_CATALOG.theiaBackendTreeStat, prepare: inBackend('stat') },
        theiaBackendTreeStatParallel: { ...SCENARIO_CATALOG.theiaBackendTreeStatParallel, prepare: inBackend('stat-in-flight') },
        theiaBackendTreeWalk: { ...SCENARIO_CATALOG.theiaBackendTreeWalk, prepare: inBackend('readdir') },
    };
}
