/**
 * The catalog entries of the big trees (issue 39, "trees at real scale"), spread into {@link SCENARIO_CATALOG} where they
 * run: a stat storm (one after another, and N in flight), a walk and find files over a generated tree, each storm and
 * walk with its bare-Node floor, and the calls of each API over a link (`linkCalls`, network/link-floor.ts). Not run
 * unless chosen (`yarn bench --suite trees`). Checked as catalog entries where they are spread (a `satisfies` there; this
 * file does not import the catalog, which imports it).
 */
import { PathComponent, ScenarioComponents, THEIA_FILE_SERVICE, THEIA_PLUGIN_FS, VSCODE_EXTENSION_HOST_FS } from './path-components';
import { CODE_SERVER_CALL, THEIA_FRONTEND_CALL, THEIA_PLUGIN_CALL } from './path-steps';

const THEIA_PLUGIN_HOST_FS: readonly PathComponent[] = ['theia-plugin-host-fs'];
const VSCODE_EXTENSION_HOST_NODE_FS: readonly PathComponent[] = ['vscode-extension-host-fs'];
const WORKSPACE_FS: ScenarioComponents = { theia: THEIA_PLUGIN_FS, vscode: VSCODE_EXTENSION_HOST_FS };

/** How many calls of a tree scenario's sample come one after another: see {@link ScenarioCatalogEntry.linkCalls}. */
export type LinkCallRounds = 'one-per-item' | 'one-per-concurrency-items' | 'one-per-folder';

const WORKSPACE_FS_CALL = { theiaBrowser: THEIA_PLUGIN_CALL, codeServer: CODE_SERVER_CALL };
/** Theia's file search from the frontend: one call over the RPC to the backend's service, which runs ripgrep over the folder. */
const THEIA_FILE_SEARCH: readonly PathComponent[] = ['theia-rpc', 'theia-file-search'];

/** The VS Code extension's storms, walk and searches (code-server, the Theia plugin) and their extension host's floors. */
export const VSCODE_TREE_SCENARIOS = {
    vscodeTreeStat: {
        id: 'vscode.workspace.fs.stat.tree', label: 'workspace.fs.stat storm', api: 'vscode.workspace.fs.stat(uri) of every file of the tree, one after another',
        target: 'tree', verification: 'length', treeCount: 'files',
        suite: 'vscode', description: 'a stat storm: workspace.fs.stat of every file of a generated tree, one call after another',
        verifiedAs: 'count', wireSteps: 'none', linkCalls: { steps: WORKSPACE_FS_CALL, rounds: 'one-per-item' }, components: WORKSPACE_FS,
    },
    vscodeTreeStatParallel: {
        id: 'vscode.workspace.fs.stat.tree.parallel', label: 'workspace.fs.stat storm (N in flight)',
        api: 'vscode.workspace.fs.stat(uri) of every file of the tree, fsPerf.treeConcurrency calls in flight',
        target: 'tree', verification: 'length', treeCount: 'files',
        suite: 'vscode', description: "a stat storm with N calls in flight (setting 'fsPerf.treeConcurrency', default 16)",
        verifiedAs: 'count', cpuPerItem: true, wireSteps: 'none', linkCalls: { steps: WORKSPACE_FS_CALL, rounds: 'one-per-concurrency-items' }, components: WORKSPACE_FS,
    },
    vscodeTreeWalk: {
        id: 'vscode.workspace.fs.readDirectory.tree', label: 'workspace.fs.readDirectory walk', api: 'vscode.workspace.fs.readDirectory(uri) of every folder down the tree',
        target: 'tree', verification: 'length', treeCount: 'entries',
        suite: 'vscode', description: 'a walk: the whole tree listed by workspace.fs.readDirectory, folder after folder',
        verifiedAs: 'count', wireSteps: 'none', linkCalls: { steps: WORKSPACE_FS_CALL, rounds: 'one-per-folder' }, components: WORKSPACE_FS,
    },
    vscodeFindFiles: {
        id: 'vscode.workspace.findFiles.tree', label: "workspace.findFiles('**/*.ts')", api: "vscode.workspace.findFiles(RelativePattern(tree, '**/*.ts'), null)",
        target: 'tree', verification: 'length', treeCount: 'ts-files',
        suite: 'vscode', description: "find files: workspace.findFiles of every .ts file of the tree, no exclude (not even the settings')",
        verifiedAs: 'count', wireSteps: 'none', components: WORKSPACE_FS,
    },
    vscodeFindFilesExclude: {
        id: 'vscode.workspace.findFiles.tree.exclude', label: "workspace.findFiles('**/*.ts', excluding node_modules)",
        api: "vscode.workspace.findFiles(RelativePattern(tree, '**/*.ts'), RelativePattern(tree, 'node_modules/**'))",
        target: 'tree', verification: 'length', treeCount: 'ts-files-outside-dependencies',
        suite: 'vscode', description: 'find files: workspace.findFiles of the .ts files of the tree with its dependency folder excluded',
        verifiedAs: 'count', wireSteps: 'none', components: WORKSPACE_FS,
    },
    extensionHostNodeTreeStat: {
        id: 'extension-host.fs.promises.stat.tree', label: 'fs.promises.stat storm (extension host)', api: "require('fs').promises.stat(path) of every file, one after another, in the extension host",
        target: 'tree', verification: 'length', treeCount: 'files',
        suite: 'vscode', description: 'the stat storm through Node fs.promises.stat inside the extension host: its in-host floor',
        verifiedAs: 'count', wireSteps: 'none', components: { theia: THEIA_PLUGIN_HOST_FS, vscode: VSCODE_EXTENSION_HOST_NODE_FS },
    },
    extensionHostNodeTreeStatParallel: {
        id: 'extension-host.fs.promises.stat.tree.parallel', label: 'fs.promises.stat storm, N in flight (extension host)',
        api: "require('fs').promises.stat(path) of every file, fsPerf.treeConcurrency calls in flight, in the extension host",
        target: 'tree', verification: 'length', treeCount: 'files',
        suite: 'vscode', description: 'the stat storm with N calls in flight through Node fs inside the extension host: its in-host floor',
        verifiedAs: 'count', cpuPerItem: true, wireSteps: 'none', components: { theia: THEIA_PLUGIN_HOST_FS, vscode: VSCODE_EXTENSION_HOST_NODE_FS },
    },
    extensionHostNodeTreeWalk: {
        id: 'extension-host.fs.promises.readdir.tree', label: 'fs.promises.readdir walk (extension host)',
        api: "require('fs').promises.readdir(path, { withFileTypes: true }) of every folder down the tree, in the extension host",
        target: 'tree', verification: 'length', treeCount: 'entries',
        suite: 'vscode', description: 'the walk through Node fs.promises.readdir inside the extension host: its in-host floor (and the floor of find files)',
        verifiedAs: 'count', wireSteps: 'none', components: { theia: THEIA_PLUGIN_HOST_FS, vscode: VSCODE_EXTENSION_HOST_NODE_FS },
    },
} as const;

/** The Theia extension's storms and walk through FileService, and their floors in the backend. */
export const THEIA_TREE_SCENARIOS = {
    theiaTreeStat: {
        id: 'theia.FileService.stat.tree', label: 'FileService.resolve storm', api: 'FileService.resolve(uri) (a stat: no children) of every file of the tree, one after another',
        target: 'tree', verification: 'length', treeCount: 'files',
        suite: 'theia', description: "a stat storm: Theia's FileService.resolve of every file of a generated tree, one call after another",
        verifiedAs: 'count', wireSteps: 'none', linkCalls: { steps: { theiaBrowser: THEIA_FRONTEND_CALL }, rounds: 'one-per-item' }, components: { theia: THEIA_FILE_SERVICE },
    },
    theiaTreeStatParallel: {
        id: 'theia.FileService.stat.tree.parallel', label: 'FileService.resolve storm (N in flight)',
        api: 'FileService.resolve(uri) of every file of the tree, fsPerf.treeConcurrency calls in flight',
        target: 'tree', verification: 'length', treeCount: 'files',
        suite: 'theia', description: "a stat storm with N calls in flight (setting 'fsPerf.treeConcurrency', default 16)",
        verifiedAs: 'count', cpuPerItem: true, wireSteps: 'none', linkCalls: { steps: { theiaBrowser: THEIA_FRONTEND_CALL }, rounds: 'one-per-concurrency-items' }, components: { theia: THEIA_FILE_SERVICE },
    },
    theiaTreeWalk: {
        id: 'theia.FileService.resolve.tree', label: 'FileService.resolve walk', api: 'FileService.resolve(uri) of every folder down the tree, its children listed',
        target: 'tree', verification: 'length', treeCount: 'entries',
        suite: 'theia', description: "a walk: the whole tree listed by Theia's FileService.resolve, folder after folder",
        verifiedAs: 'count', wireSteps: 'none', linkCalls: { steps: { theiaBrowser: THEIA_FRONTEND_CALL }, rounds: 'one-per-folder' }, components: { theia: THEIA_FILE_SERVICE },
    },
    theiaFindFiles: {
        id: 'theia.FileSearchService.find.tree', label: "FileSearchService.find('**/*.ts')",
        api: "FileSearchService.find('', { rootUris: [tree], includePatterns: ['**/*.ts'], useGitIgnore: false, fuzzyMatch: false })",
        target: 'tree', verification: 'length', treeCount: 'ts-files',
        suite: 'theia', description: "find files: Theia's file search service (what Quick Open and a plugin's findFiles use) for every .ts file of the tree, no exclude",
        verifiedAs: 'count', wireSteps: 'none', components: { theia: THEIA_FILE_SEARCH },
    },
    theiaFindFilesExclude: {
        id: 'theia.FileSearchService.find.tree.exclude', label: "FileSearchService.find('**/*.ts', excluding node_modules)",
        api: "FileSearchService.find('', { rootUris: [tree], includePatterns: ['**/*.ts'], excludePatterns: ['node_modules/**'], useGitIgnore: false, fuzzyMatch: false })",
        target: 'tree', verification: 'length', treeCount: 'ts-files-outside-dependencies',
        suite: 'theia', description: "find files: Theia's file search service for the .ts files of the tree with its dependency folder excluded",
        verifiedAs: 'count', wireSteps: 'none', components: { theia: THEIA_FILE_SEARCH },
    },
    theiaBackendTreeStat: {
        id: 'theia.backend.stat.tree', label: 'backend fs.promises.stat storm (floor)', api: 'fs.promises.stat of every file of the tree in the backend, one after another, timed there',
        target: 'tree', verification: 'length', treeCount: 'files',
        suite: 'theia', description: "the stat storm through Node fs in Theia's backend, timed there: the floor",
        verifiedAs: 'count', wireSteps: 'none', components: { theia: ['theia-backend-disk'] },
    },
    theiaBackendTreeStatParallel: {
        id: 'theia.backend.stat.tree.parallel', label: 'backend fs.promises.stat storm, N in flight (floor)',
        api: 'fs.promises.stat of every file of the tree in the backend, fsPerf.treeConcurrency in flight, timed there',
        target: 'tree', verification: 'length', treeCount: 'files',
        suite: 'theia', description: "the stat storm with N calls in flight through Node fs in Theia's backend, timed there: the floor",
        verifiedAs: 'count', cpuPerItem: true, wireSteps: 'none', components: { theia: ['theia-backend-disk'] },
    },
    theiaBackendTreeWalk: {
        id: 'theia.backend.readdir.tree', label: 'backend fs.promises.readdir walk (floor)',
        api: 'fs.promises.readdir(path, { withFileTypes: true }) of every folder down the tree in the backend, timed there',
        target: 'tree', verification: 'length', treeCount: 'entries',
        suite: 'theia', description: "the walk through Node fs in Theia's backend, timed there: the floor",
        verifiedAs: 'count', wireSteps: 'none', components: { theia: ['theia-backend-disk'] },
    },
} as const;
