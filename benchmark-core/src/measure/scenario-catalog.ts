import { PathComponent, ScenarioComponents, THEIA_FILE_SERVICE, THEIA_PLUGIN_FS, VSCODE_EXTENSION_HOST_FS } from './path-components';
import { bytes, CODE_SERVER_CALL, FRONTEND_READ, FRONTEND_WRITE, IN_HOST_READ, IN_HOST_WRITE, PathStep, request, THEIA_FRONTEND_CALL, THEIA_PLUGIN_CALL, THEIA_PLUGIN_WRITE } from './path-steps';
import { Scenario, ScenarioInfo } from './scenario';
import type { VerificationLevel } from './verify';
import { LinkCallRounds, THEIA_TREE_SCENARIOS, VSCODE_TREE_SCENARIOS } from './tree-catalog';
import { THEIA_WATCH_SCENARIOS, VSCODE_WATCH_SCENARIOS } from './watch-catalog';
import { WRITE_BURST_FILES } from './write-burst';

/**
 * A scenario's steps in the hosts whose page can sit on the far side of an emulated link (`yarn bench --network`), at
 * least one of them, for the network section's wire floor. `traced plugin read`: the steps its host's hop trace
 * recorded, else the plugin read's hops in path order.
 */
export type ScenarioWireSteps =
    | { readonly theiaBrowser: readonly PathStep[] | 'traced plugin read'; readonly codeServer?: readonly PathStep[] }
    | { readonly theiaBrowser?: readonly PathStep[] | 'traced plugin read'; readonly codeServer: readonly PathStep[] };

/**
 * What a run over a complete fixture manifest records as every case's verification (`verifiedAs`), which the end-to-end
 * tests expect: a content check gives `sha256`, a length check `length`, or `count` for a listing.
 */
type ExpectedVerification =
    | { readonly verification: 'content'; readonly verifiedAs: Extract<VerificationLevel, 'sha256'> }
    | { readonly verification: 'length'; readonly verifiedAs: Exclude<VerificationLevel, 'sha256'> };

/**
 * A catalog entry: what a scenario records, which extension implements it, and what the rest of the suite needs of it, so
 * that an entry lacking any of it does not compile. `wireSteps: 'none'`: a path not described (stat, directories,
 * trees, bursts, watching), which the network section gives no wire floor. `components`: the parts of each editor its call passes
 * through (path-components.ts), for a comparison's headline to say what the paths that moved share.
 */
export type ScenarioCatalogEntry = ScenarioInfo & ExpectedVerification & {
    readonly suite: ScenarioSuite;
    /**
     * A write (issue 39, "writes"): chosen by `yarn bench --suite writes`; `opt-in`: measured only when chosen (the
     * writes suite, or a scenario setting naming it), `default`: also in the default run.
     */
    readonly writes?: 'opt-in' | 'default';
    readonly description: string;
    readonly wireSteps: ScenarioWireSteps | 'none';
    /**
     * A tree scenario's or a write burst's calls over a link (issue 39, `--suite trees --network`, `--suite writes
     * --network`): the steps of one call, or of one item's calls (a burst's write and delete; each a request: no file's
     * bytes counted), and how many calls a sample makes one after another: one per item (a storm), one per
     * `treeConcurrency` items (N in flight), or one per folder of the tree and its root (a walk). Its link floor is that
     * many calls times the call's crossings times half the round trip (network/link-floor.ts).
     */
    readonly linkCalls?: { readonly steps: ScenarioWireSteps; readonly rounds: LinkCallRounds };
    /**
     * A tree scenario that gets a CPU pass after its timed samples, like a large fixture's read, reported per item (CPU ms
     * per 1000 files stat-ed): the storms with N calls in flight, where the processes a call crosses, not the disk, set the pace.
     */
    readonly cpuPerItem?: true;
    readonly components: ScenarioComponents;
};

const THEIA_PLUGIN_HOST_FS: readonly PathComponent[] = ['theia-plugin-host-fs'];
const VSCODE_EXTENSION_HOST_NODE_FS: readonly PathComponent[] = ['vscode-extension-host-fs'];
/** A Theia plugin's and a VS Code extension's `workspace.fs` call on a `file:` URI, whatever it does (read, write, stat, list). */
const WORKSPACE_FS: ScenarioComponents = { theia: THEIA_PLUGIN_FS, vscode: VSCODE_EXTENSION_HOST_FS };

/**
 * Every scenario the suite knows, in report order. Ids are stable: they key settings, results and the
 * report's tables, so renaming one is a results-schema change.
 */
export const SCENARIO_CATALOG = {
    // VS Code extension API (any host: VS Code, code-server, Theia plugin host)
    vscodeReadFile: {
        id: 'vscode.workspace.fs.readFile', label: 'workspace.fs.readFile', api: 'vscode.workspace.fs.readFile(uri)',
        target: 'fixture', verification: 'content',
        suite: 'vscode', description: 'workspace.fs.readFile of each fixture',
        verifiedAs: 'sha256', wireSteps: {
            theiaBrowser: 'traced plugin read',
            // VS Code's remote extension host reads a file: URI with its own disk provider, next to the disk, but each call waits for
            // one round trip to the workbench first (its $ensureActivation call): measured over lan, cable and dsl (docs/network-2026-11-25), the call takes the
            // link's round trip plus a few ms at every size, while the bytes stay in the host (10000K costs what 1K does).
            codeServer: [request('extension-host', 'workbench'), request('workbench', 'extension-host'), ...IN_HOST_READ],
        },
        components: WORKSPACE_FS,
    },
    vscodeReadFileWorkbench: {
        id: 'vscode.workspace.fs.readFile.workbench', label: 'workspace.fs.readFile (through the workbench)',
        api: 'vscode.workspace.fs.readFile(vscode-remote URI): extension host -> workbench -> server',
        target: 'fixture', verification: 'content',
        suite: 'vscode', description: 'workspace.fs.readFile of each fixture by its vscode-remote URI: the extension host has no provider for it, '
            + 'so VS Code sends the read to the workbench, which reads it over its remote connection (the path a Theia plugin\'s read takes)',
        verifiedAs: 'sha256', wireSteps: {
            // A vscode-remote: URI has no provider in the extension host: the workbench (in the page) reads it over its connection.
            codeServer: [request('extension-host', 'workbench'), request('workbench', 'backend'), bytes('backend', 'workbench'), bytes('workbench', 'extension-host')],
        },
        // VS Code only: in Theia's plugin host the scenario finds no remote authority and is skipped.
        components: { vscode: ['vscode-extension-host-rpc', 'vscode-workbench-file-service', 'vscode-remote-connection', 'vscode-server-disk'] },
    },
    vscodeReadFileHops: {
        id: 'vscode.workspace.fs.readFile.hops', label: 'workspace.fs.readFile (traced hops)',
        api: "vscode.workspace.fs.readFile(uri), alone, traced in Theia's frontend and backend",
        target: 'fixture', verification: 'content',
        suite: 'vscode', description: "workspace.fs.readFile of each fixture, run after the other cases with the Theia extension's trace on: "
            + 'where the milliseconds go between plugin host, frontend, backend and disk (Theia only)',
        verifiedAs: 'sha256', wireSteps: { theiaBrowser: 'traced plugin read' },
        components: { theia: THEIA_PLUGIN_FS },
    },
    vscodeWriteFile: {
        id: 'vscode.workspace.fs.writeFile', label: 'workspace.fs.writeFile', api: 'vscode.workspace.fs.writeFile(uri, bytes)',
        target: 'fixture', verification: 'content',
        suite: 'vscode', description: "workspace.fs.writeFile of each fixture's bytes into a temporary folder, removed afterwards",
        verifiedAs: 'sha256', wireSteps: { theiaBrowser: THEIA_PLUGIN_WRITE, codeServer: [...CODE_SERVER_CALL, ...IN_HOST_WRITE] }, components: WORKSPACE_FS, writes: 'default',
    },
    vscodeStat: {
        id: 'vscode.workspace.fs.stat', label: 'workspace.fs.stat', api: 'vscode.workspace.fs.stat(uri), one small file per sample',
        target: 'small-files', verification: 'length',
        suite: 'vscode', description: 'workspace.fs.stat of one small file per sample',
        verifiedAs: 'length', wireSteps: 'none', components: WORKSPACE_FS,
    },
    vscodeReadDirectory: {
        id: 'vscode.workspace.fs.readDirectory', label: 'workspace.fs.readDirectory', api: 'vscode.workspace.fs.readDirectory(uri) of the small-files folder',
        target: 'small-files', verification: 'length',
        suite: 'vscode', description: 'workspace.fs.readDirectory of the small-files folder',
        verifiedAs: 'count', wireSteps: 'none', components: WORKSPACE_FS,
    },
    extensionHostNodeReadFile: {
        id: 'extension-host.fs.promises.readFile', label: 'fs.promises.readFile (extension host)', api: "require('fs').promises.readFile(path) in the extension host",
        target: 'fixture', verification: 'content',
        suite: 'vscode', description: 'Node fs.promises.readFile inside the extension host: the in-host floor',
        verifiedAs: 'sha256', wireSteps: { theiaBrowser: [request('plugin-host', 'disk'), bytes('disk', 'plugin-host')], codeServer: IN_HOST_READ },
        components: { theia: THEIA_PLUGIN_HOST_FS, vscode: VSCODE_EXTENSION_HOST_NODE_FS },
    },
    // Writes (issue 39): each fixture's bytes, and a burst of small files created then deleted; not run unless chosen
    // (`--suite writes`), but for the writeFile above. Every write is checked after the clock's second reading.
    extensionHostNodeWriteFile: {
        id: 'extension-host.fs.promises.writeFile', label: 'fs.promises.writeFile (extension host)',
        api: "require('fs').promises.writeFile(path, bytes) in the extension host",
        target: 'fixture', verification: 'content',
        suite: 'vscode', description: "Node fs.promises.writeFile of each fixture's bytes into a temporary folder inside the extension host, removed afterwards: "
            + 'the in-host floor of workspace.fs.writeFile',
        verifiedAs: 'sha256', wireSteps: { theiaBrowser: [bytes('plugin-host', 'disk'), request('disk', 'plugin-host')], codeServer: IN_HOST_WRITE }, components: { theia: THEIA_PLUGIN_HOST_FS, vscode: VSCODE_EXTENSION_HOST_NODE_FS }, writes: 'opt-in',
    },
    vscodeWriteBurst: {
        id: 'vscode.workspace.fs.writeFile.burst', label: `workspace.fs.writeFile + delete burst (${WRITE_BURST_FILES} files)`,
        api: `vscode.workspace.fs.writeFile(uri, 1K) of ${WRITE_BURST_FILES} new files one after another, then vscode.workspace.fs.delete(uri) of each`,
        target: 'burst', verification: 'length',
        suite: 'vscode', description: `a burst of small writes: ${WRITE_BURST_FILES} files of 1K created by workspace.fs.writeFile in an empty temporary `
            + 'folder, one after another, then each deleted by workspace.fs.delete',
        verifiedAs: 'count', wireSteps: 'none', components: WORKSPACE_FS, writes: 'opt-in',
        // Each file: a writeFile call, and later a delete call (1K each way is noise beside the round trips).
        linkCalls: { steps: { theiaBrowser: [...THEIA_PLUGIN_CALL, ...THEIA_PLUGIN_CALL], codeServer: [...CODE_SERVER_CALL, ...CODE_SERVER_CALL] }, rounds: 'one-per-item' },
    },
    extensionHostNodeWriteBurst: {
        id: 'extension-host.fs.promises.writeFile.burst', label: `fs.promises.writeFile + unlink burst (${WRITE_BURST_FILES} files, extension host)`,
        api: `require('fs').promises.writeFile(path, 1K) of ${WRITE_BURST_FILES} new files one after another, then unlink(path) of each, in the extension host`,
        target: 'burst', verification: 'length',
        suite: 'vscode', description: `the burst of ${WRITE_BURST_FILES} small files through Node fs inside the extension host: its in-host floor`,
        verifiedAs: 'count', wireSteps: 'none', components: { theia: THEIA_PLUGIN_HOST_FS, vscode: VSCODE_EXTENSION_HOST_NODE_FS }, writes: 'opt-in',
    },
    // Big trees (issue 39): one sample is the whole storm, walk or search over a generated tree; not run unless chosen; tree-catalog.ts.
    ...VSCODE_TREE_SCENARIOS,
    // File watching (issue 39): not run unless chosen (`--suite watch`); watch-catalog.ts.
    ...VSCODE_WATCH_SCENARIOS,
    // Theia extension (frontend), Theia's own APIs and the backend service
    theiaFileServiceReadFile: {
        id: 'theia.FileService.readFile', label: 'FileService.readFile', api: 'FileService.readFile(uri)',
        target: 'fixture', verification: 'content',
        suite: 'theia', description: 'FileService.readFile of each fixture',
        verifiedAs: 'sha256', wireSteps: { theiaBrowser: FRONTEND_READ }, components: { theia: THEIA_FILE_SERVICE },
    },
    theiaFileServiceReadFileStream: {
        id: 'theia.FileService.readFileStream', label: 'FileService.readFileStream', api: 'FileService.readFileStream(uri), stream consumed',
        target: 'fixture', verification: 'content',
        suite: 'theia', description: 'FileService.readFileStream of each fixture, the stream consumed',
        verifiedAs: 'sha256', wireSteps: { theiaBrowser: FRONTEND_READ }, components: { theia: THEIA_FILE_SERVICE },
    },
    theiaNodeFsService: {
        id: 'theia.NodeFsReadService.readFile', label: 'Node fs service (RPC)', api: 'NodeFsReadService.readFile(uri) over Theia RPC',
        target: 'fixture', verification: 'content',
        suite: 'theia', description: 'the raw Node fs backend service over Theia RPC, bytes as binary',
        verifiedAs: 'sha256', wireSteps: { theiaBrowser: FRONTEND_READ }, components: { theia: ['theia-rpc', 'theia-backend-disk'] },
    },
    theiaDiskFloor: {
        id: 'theia.backend.diskRead', label: 'backend disk read (floor)', api: 'the opened file read in the backend, timed there',
        target: 'fixture', verification: 'length',
        suite: 'theia', description: "the backend's own read of the opened file, timed in the backend: the disk floor",
        verifiedAs: 'length', wireSteps: {
            // Timed in the backend: the frontend's request and answer are outside the clock readings.
            theiaBrowser: [request('backend', 'disk'), bytes('disk', 'backend')],
        },
        components: { theia: ['theia-backend-disk'] },
    },
    theiaRpcTransport: {
        id: 'theia.rpc.transport', label: 'RPC transport (in-memory buffer)', api: 'NodeFsReadService.buffer(bytes) over Theia RPC',
        target: 'fixture', verification: 'length',
        suite: 'theia', description: "the same RPC returning an in-memory buffer of the fixture's size: the transport alone",
        verifiedAs: 'length', wireSteps: { theiaBrowser: FRONTEND_READ }, components: { theia: ['theia-rpc'] },
    },
    theiaHttpFetch: {
        id: 'theia.http.fetch', label: 'HTTP fetch (wire floor)', api: 'fetch(backend route) + arrayBuffer()',
        target: 'fixture', verification: 'content',
        suite: 'theia', description: 'an HTTP fetch of the fixture from the same backend: the wire floor',
        verifiedAs: 'sha256', wireSteps: { theiaBrowser: FRONTEND_READ }, components: { theia: ['theia-http', 'theia-backend-disk'] },
    },
    theiaFileServiceWriteFile: {
        id: 'theia.FileService.writeFile', label: 'FileService.writeFile', api: 'FileService.writeFile(uri, BinaryBuffer)',
        target: 'fixture', verification: 'content',
        suite: 'theia', description: "Theia's FileService.writeFile of each fixture's bytes into a temporary folder, removed afterwards",
        verifiedAs: 'sha256', wireSteps: { theiaBrowser: FRONTEND_WRITE }, components: { theia: THEIA_FILE_SERVICE }, writes: 'opt-in',
    },
    theiaBackendWriteFile: {
        id: 'theia.backend.writeFile', label: 'backend fs.promises.writeFile (floor)', api: 'fs.promises.writeFile(path, bytes) in the backend, timed there',
        target: 'fixture', verification: 'length',
        suite: 'theia', description: "Node fs.promises.writeFile of each fixture's bytes into a temporary folder in Theia's backend, timed there: the floor of "
            + 'FileService.writeFile',
        // Timed in the backend: the frontend's request with the bytes, and the answer, are outside the clock readings.
        verifiedAs: 'length', wireSteps: { theiaBrowser: [bytes('backend', 'disk'), request('disk', 'backend')] }, components: { theia: ['theia-backend-disk'] }, writes: 'opt-in',
    },
    theiaFileServiceWriteBurst: {
        id: 'theia.FileService.createFile.burst', label: `FileService.createFile + delete burst (${WRITE_BURST_FILES} files)`,
        api: `FileService.createFile(uri, 1K) of ${WRITE_BURST_FILES} new files one after another, then FileService.delete(uri) of each`,
        target: 'burst', verification: 'length',
        suite: 'theia', description: `a burst of small writes: ${WRITE_BURST_FILES} files of 1K created by Theia's FileService.createFile in an empty `
            + 'temporary folder, one after another, then each deleted by FileService.delete',
        verifiedAs: 'count', wireSteps: 'none', components: { theia: THEIA_FILE_SERVICE }, writes: 'opt-in',
        linkCalls: { steps: { theiaBrowser: [...THEIA_FRONTEND_CALL, ...THEIA_FRONTEND_CALL] }, rounds: 'one-per-item' },
    },
    theiaBackendWriteBurst: {
        id: 'theia.backend.writeFile.burst', label: `backend fs.promises.writeFile + unlink burst (${WRITE_BURST_FILES} files, floor)`,
        api: `fs.promises.writeFile(path, 1K) of ${WRITE_BURST_FILES} new files one after another, then unlink(path) of each, in the backend, timed there`,
        target: 'burst', verification: 'length',
        suite: 'theia', description: `the burst of ${WRITE_BURST_FILES} small files through Node fs in Theia's backend, timed there: the floor`,
        verifiedAs: 'count', wireSteps: 'none', components: { theia: ['theia-backend-disk'] }, writes: 'opt-in',
    },
    // Big trees (issue 39): tree-catalog.ts.
    ...THEIA_TREE_SCENARIOS,
    ...THEIA_WATCH_SCENARIOS,
} as const satisfies Record<string, ScenarioCatalogEntry>;

export type ScenarioCatalogKey = keyof typeof SCENARIO_CATALOG;

/** Which extension implements a scenario: the VS Code extension (any host) or the Theia extension. */
export type ScenarioSuite = 'vscode' | 'theia';

/** The catalog keys of one suite's scenarios. */
export type SuiteScenarioKey<S extends ScenarioSuite> = {
    [K in ScenarioCatalogKey]: (typeof SCENARIO_CATALOG)[K]['suite'] extends S ? K : never
}[ScenarioCatalogKey];

/**
 * One implementation per scenario of a suite, keyed by catalog key: an entry added to the catalog without
 * an implementation, or an implementation spreading the wrong entry, does not compile.
 */
export type ScenarioImplementations<S extends ScenarioSuite> = {
    readonly [K in SuiteScenarioKey<S>]: Scenario & { readonly id: (typeof SCENARIO_CATALOG)[K]['id'] }
};

/**
 * `default`: what a run measures unless chosen otherwise (every scenario but the trees' and the opt-in writes); `trees`:
 * the big-tree scenarios (`yarn bench --suite trees`); `writes`: every write (`yarn bench --suite writes`); `watch`: file
 * watching (`yarn bench --suite watch`); `all`: every
 * scenario a suite's setting may choose.
 */
export type ScenarioSelection = 'default' | 'trees' | 'writes' | 'watch' | 'all';

/** Whether a target kind is file watching's (a change's latency, or a burst of creations). */
export function isWatchTarget(target: ScenarioCatalogEntry['target']): boolean {
    return target === 'watch' || target === 'watch-burst';
}

/** Whether a catalog entry is in a selection. */
export function inSelection(entry: ScenarioCatalogEntry, selection: ScenarioSelection): boolean {
    switch (selection) {
        case 'all': return true;
        case 'trees': return entry.target === 'tree';
        case 'writes': return entry.writes !== undefined;
        case 'watch': return isWatchTarget(entry.target);
        case 'default': return entry.target !== 'tree' && entry.writes !== 'opt-in' && !isWatchTarget(entry.target);
    }
}

/** Scenario ids of a suite, in catalog (run) order: a new catalog entry runs by default, unless it is a tree's, an opt-in write or a watch. */
export function suiteScenarioIds(suite: ScenarioSuite, selection: ScenarioSelection = 'default'): readonly string[] {
    return Object.values<ScenarioCatalogEntry>(SCENARIO_CATALOG)
        .filter(scenario => scenario.suite === suite && inSelection(scenario, selection))
        .map(scenario => scenario.id);
}

/** Scenario ids the VS Code extension runs by default, in run order. */
export const VSCODE_SCENARIO_IDS: readonly string[] = suiteScenarioIds('vscode');

/** Scenario ids the Theia extension runs by default, in run order. */
export const THEIA_SCENARIO_IDS: readonly string[] = suiteScenarioIds('theia');

/** The big-tree scenarios of each suite, in run order. */
export const TREE_SCENARIO_IDS: Readonly<Record<ScenarioSuite, readonly string[]>> = {
    vscode: suiteScenarioIds('vscode', 'trees'),
    theia: suiteScenarioIds('theia', 'trees'),
};

/** The writes of each suite (`yarn bench --suite writes`), in run order. */
export const WRITE_SCENARIO_IDS: Readonly<Record<ScenarioSuite, readonly string[]>> = {
    vscode: suiteScenarioIds('vscode', 'writes'),
    theia: suiteScenarioIds('theia', 'writes'),
};

/** File watching of each suite (`yarn bench --suite watch`), in run order. */
export const WATCH_SCENARIO_IDS: Readonly<Record<ScenarioSuite, readonly string[]>> = {
    vscode: suiteScenarioIds('vscode', 'watch'),
    theia: suiteScenarioIds('theia', 'watch'),
};

/** The scenarios of `ids`, in that order, from a suite's implementations. */
export function selectScenarios<S extends ScenarioSuite>(implementations: ScenarioImplementations<S>, ids: readonly string[]): Scenario[] {
    const byId = new Map<string, Scenario>(Object.values<Scenario>(implementations).map(scenario => [scenario.id, scenario]));
    return ids.map(id => {
        const scenario = byId.get(id);
        if (!scenario) {
            throw new Error(`Scenario '${id}' has no implementation in this extension (it has ${[...byId.keys()].join(', ')}).`);
        }
        return scenario;
    });
}

/** A scenario's place in the catalog (report order); after every catalog scenario for an id the catalog does not know. */
export function scenarioCatalogOrder(scenarioId: string): number {
    const index = Object.values(SCENARIO_CATALOG).findIndex(scenario => scenario.id === scenarioId);
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
}

/** The catalog entry of a scenario id; undefined for an id the catalog does not know. */
export function scenarioInfoById(id: string): ScenarioCatalogEntry | undefined {
    return Object.values<ScenarioCatalogEntry>(SCENARIO_CATALOG).find(scenario => scenario.id === id);
}
