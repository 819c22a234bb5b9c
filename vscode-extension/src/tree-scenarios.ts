import * as path from 'path';
import * as vscode from 'vscode';
import {
    DEFAULT_TREE_CONCURRENCY, SCENARIO_CATALOG, ScenarioCase, ScenarioImplementations, ScenarioTarget, countingCase, statInFlight, statOneAfterAnother, TREE_DEPENDENCY_FOLDER,
    treeFilePaths, walkDown, WalkEntry,
} from '@fs-perf/benchmark-core';
import { nodeIsFile, nodeListFolder } from '@fs-perf/test-files/lib/node';
import { isFileNotFound } from './fixtures';

type TreeScenarioKey = 'vscodeTreeStat' | 'vscodeTreeStatParallel' | 'vscodeTreeWalk' | 'vscodeFindFiles' | 'vscodeFindFilesExclude'
    | 'extensionHostNodeTreeStat' | 'extensionHostNodeTreeStatParallel' | 'extensionHostNodeTreeWalk';

/** Why the in-host floor cannot run here, or undefined when it can. */
export function inHostFloorUnavailable(fixturesFolder: vscode.Uri): string | undefined {
    if (typeof process === 'undefined' || !process.versions?.node) {
        return 'the extension host is not Node (a web extension host has no fs module)';
    }
    if (fixturesFolder.scheme !== 'file') {
        return `the fixtures are not on this host's disk (URI scheme '${fixturesFolder.scheme}')`;
    }
    return undefined;
}

/**
 * The VS Code extension's big-tree scenarios: one sample is a whole stat storm, walk or search over a generated tree,
 * verified by its count of entries against the tree's manifest. Every URI and path is made in `prepare`.
 */
export function createTreeScenarios(fixturesFolder: vscode.Uri): Pick<ScenarioImplementations<'vscode'>, TreeScenarioKey> {
    const treeUri = (target: ScenarioTarget): vscode.Uri => vscode.Uri.joinPath(fixturesFolder, target.fileName);
    const fileUris = (target: ScenarioTarget): vscode.Uri[] => treeFilePaths(target.tree!).map(file => vscode.Uri.joinPath(treeUri(target), file));
    const filePaths = (target: ScenarioTarget): string[] => treeFilePaths(target.tree!).map(file => path.join(treeUri(target).fsPath, file));
    const floor = { unavailableReason: () => inHostFloorUnavailable(fixturesFolder) };
    return {
        vscodeTreeStat: {
            ...SCENARIO_CATALOG.vscodeTreeStat,
            prepare: async target => countingCase(fileUris(target), uris => statOneAfterAnother(uris, isFile)),
        },
        vscodeTreeStatParallel: {
            ...SCENARIO_CATALOG.vscodeTreeStatParallel,
            prepare: async target => countingCase(fileUris(target), uris => statInFlight(uris, isFile, target.concurrency ?? DEFAULT_TREE_CONCURRENCY)),
        },
        vscodeTreeWalk: {
            ...SCENARIO_CATALOG.vscodeTreeWalk,
            prepare: async target => countingCase(treeUri(target), root => walkDown(root, listFolder)),
        },
        vscodeFindFiles: {
            ...SCENARIO_CATALOG.vscodeFindFiles,
            // null (the API's own word for it): no exclude at all, not even files.exclude (fs-perf keeps .fs-perf out of search through search.exclude only).
            // eslint-disable-next-line no-restricted-syntax
            prepare: async target => findFilesCase(new vscode.RelativePattern(treeUri(target), '**/*.ts'), null),
        },
        vscodeFindFilesExclude: {
            ...SCENARIO_CATALOG.vscodeFindFilesExclude,
            prepare: async target => findFilesCase(new vscode.RelativePattern(treeUri(target), '**/*.ts'),
                new vscode.RelativePattern(treeUri(target), `${TREE_DEPENDENCY_FOLDER}/**`)),
        },
        extensionHostNodeTreeStat: {
            ...SCENARIO_CATALOG.extensionHostNodeTreeStat, ...floor,
            prepare: async target => countingCase(filePaths(target), files => statOneAfterAnother(files, nodeIsFile)),
        },
        extensionHostNodeTreeStatParallel: {
            ...SCENARIO_CATALOG.extensionHostNodeTreeStatParallel, ...floor,
            prepare: async target => countingCase(filePaths(target), files => statInFlight(files, nodeIsFile, target.concurrency ?? DEFAULT_TREE_CONCURRENCY)),
        },
        extensionHostNodeTreeWalk: {
            ...SCENARIO_CATALOG.extensionHostNodeTreeWalk, ...floor,
            prepare: async target => countingCase(treeUri(target).fsPath, root => walkDown(root, nodeListFolder)),
        },
    };
}


async function listFolder(folder: vscode.Uri): Promise<WalkEntry<vscode.Uri>[]> {
    return (await vscode.workspace.fs.readDirectory(folder)).map(([name, type]) => ({
        child: vscode.Uri.joinPath(folder, name), directory: (type & vscode.FileType.Directory) !== 0,
    }));
}

/** Whether `uri` is a file; one that is gone is none (the count falls short, and the run says the tree is damaged). */
async function isFile(uri: vscode.Uri): Promise<boolean> {
    try {
        return (await vscode.workspace.fs.stat(uri)).type === vscode.FileType.File;
    } catch (error) {
        if (isFileNotFound(error)) {
            return false;
        }
        throw error;
    }
}

function findFilesCase(include: vscode.GlobPattern, exclude: vscode.GlobPattern | null): ScenarioCase {
    return { runSample: async () => ({ itemCount: (await vscode.workspace.findFiles(include, exclude)).length }) };
}
