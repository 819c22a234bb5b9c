import URI from '@theia/core/lib/common/uri';
import { FileService } from '@theia/filesystem/lib/browser/file-service';
import { FileOperationError, FileOperationResult } from '@theia/filesystem/lib/common/files';
import {
    DEFAULT_TREE_CONCURRENCY, SCENARIO_CATALOG, ScenarioCase, ScenarioImplementations, ScenarioTarget, countingCase, statInFlight, statOneAfterAnother, TREE_DEPENDENCY_FOLDER,
    treeFilePaths, walkDown, WalkEntry,
} from '@fs-perf/benchmark-core';
import { FsPerfBackendService, TreeTimingRequest } from '../common/fs-perf-backend-protocol';
import { FileSearchService } from './file-search-compat';

type TheiaTreeScenarioKey = 'theiaTreeStat' | 'theiaTreeStatParallel' | 'theiaTreeWalk' | 'theiaFindFiles' | 'theiaFindFilesExclude'
    | 'theiaBackendTreeStat' | 'theiaBackendTreeStatParallel' | 'theiaBackendTreeWalk';

/**
 * The Theia extension's big-tree scenarios: Theia's `FileService` from the frontend, and the same storm or walk with Node's
 * `fs` in the backend, timed there (the floor); Theia's file search service finding the tree's `.ts` files, where the app
 * has one. One sample is the whole storm, walk or search; every URI is made in `prepare`.
 */
export function createTheiaTreeScenarios(fileService: FileService, nodeFs: FsPerfBackendService, fixturesFolder: URI,
    fileSearch: FileSearchService | undefined): Pick<ScenarioImplementations<'theia'>, TheiaTreeScenarioKey> {
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
    const search = { unavailableReason: () => fileSearch ? undefined : 'this Theia app has no file search service (@theia/file-search is not in it)' };
    // No fuzzy matches, no limit, every file whatever .gitignore says: the .ts files of the tree, as findFiles with no exclude.
    const findCase = (target: ScenarioTarget, excludePatterns: string[]): ScenarioCase => {
        const options = { rootUris: [treeUri(target).toString()], includePatterns: ['**/*.ts'], excludePatterns, useGitIgnore: false, fuzzyMatch: false };
        return { runSample: async () => ({ itemCount: (await fileSearch!.find('', options)).length }) };
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
        theiaFindFiles: { ...SCENARIO_CATALOG.theiaFindFiles, ...search, prepare: async target => findCase(target, []) },
        theiaFindFilesExclude: { ...SCENARIO_CATALOG.theiaFindFilesExclude, ...search, prepare: async target => findCase(target, [`${TREE_DEPENDENCY_FOLDER}/**`]) },
        theiaBackendTreeStat: { ...SCENARIO_CATALOG.theiaBackendTreeStat, prepare: inBackend('stat') },
        theiaBackendTreeStatParallel: { ...SCENARIO_CATALOG.theiaBackendTreeStatParallel, prepare: inBackend('stat-in-flight') },
        theiaBackendTreeWalk: { ...SCENARIO_CATALOG.theiaBackendTreeWalk, prepare: inBackend('readdir') },
    };
}
