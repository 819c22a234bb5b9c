import { Scenario, ScenarioInfo } from './scenario';

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
    },
    vscodeReadFileWorkbench: {
        id: 'vscode.workspace.fs.readFile.workbench', label: 'workspace.fs.readFile (through the workbench)',
        api: 'vscode.workspace.fs.readFile(vscode-remote URI): extension host -> workbench -> server',
        target: 'fixture', verification: 'content',
        suite: 'vscode', description: 'workspace.fs.readFile of each fixture by its vscode-remote URI: the extension host has no provider for it, '
            + 'so VS Code sends the read to the workbench, which reads it over its remote connection (the path a Theia plugin\'s read takes)',
    },
    vscodeReadFileHops: {
        id: 'vscode.workspace.fs.readFile.hops', label: 'workspace.fs.readFile (traced hops)',
        api: "vscode.workspace.fs.readFile(uri), alone, traced in Theia's frontend and backend",
        target: 'fixture', verification: 'content',
        suite: 'vscode', description: "workspace.fs.readFile of each fixture, run after the other cases with the Theia extension's trace on: "
            + 'where the milliseconds go between plugin host, frontend, backend and disk (Theia only)',
    },
    vscodeWriteFile: {
        id: 'vscode.workspace.fs.writeFile', label: 'workspace.fs.writeFile', api: 'vscode.workspace.fs.writeFile(uri, bytes)',
        target: 'fixture', verification: 'content',
        suite: 'vscode', description: "workspace.fs.writeFile of each fixture's bytes into a temporary folder, removed afterwards",
    },
    vscodeStat: {
        id: 'vscode.workspace.fs.stat', label: 'workspace.fs.stat', api: 'vscode.workspace.fs.stat(uri), one small file per sample',
        target: 'small-files', verification: 'length',
        suite: 'vscode', description: 'workspace.fs.stat of one small file per sample',
    },
    vscodeReadDirectory: {
        id: 'vscode.workspace.fs.readDirectory', label: 'workspace.fs.readDirectory', api: 'vscode.workspace.fs.readDirectory(uri) of the small-files folder',
        target: 'small-files', verification: 'length',
        suite: 'vscode', description: 'workspace.fs.readDirectory of the small-files folder',
    },
    extensionHostNodeReadFile: {
        id: 'extension-host.fs.promises.readFile', label: 'fs.promises.readFile (extension host)', api: "require('fs').promises.readFile(path) in the extension host",
        target: 'fixture', verification: 'content',
        suite: 'vscode', description: 'Node fs.promises.readFile inside the extension host: the in-host floor',
    },
    // Theia extension (frontend), Theia's own APIs and the backend service
    theiaFileServiceReadFile: {
        id: 'theia.FileService.readFile', label: 'FileService.readFile', api: 'FileService.readFile(uri)',
        target: 'fixture', verification: 'content',
        suite: 'theia', description: 'FileService.readFile of each fixture',
    },
    theiaFileServiceReadFileStream: {
        id: 'theia.FileService.readFileStream', label: 'FileService.readFileStream', api: 'FileService.readFileStream(uri), stream consumed',
        target: 'fixture', verification: 'content',
        suite: 'theia', description: 'FileService.readFileStream of each fixture, the stream consumed',
    },
    theiaNodeFsService: {
        id: 'theia.NodeFsReadService.readFile', label: 'Node fs service (RPC)', api: 'NodeFsReadService.readFile(uri) over Theia RPC',
        target: 'fixture', verification: 'content',
        suite: 'theia', description: 'the raw Node fs backend service over Theia RPC, bytes as binary',
    },
    theiaDiskFloor: {
        id: 'theia.backend.diskRead', label: 'backend disk read (floor)', api: 'the opened file read in the backend, timed there',
        target: 'fixture', verification: 'length',
        suite: 'theia', description: "the backend's own read of the opened file, timed in the backend: the disk floor",
    },
    theiaRpcTransport: {
        id: 'theia.rpc.transport', label: 'RPC transport (in-memory buffer)', api: 'NodeFsReadService.buffer(bytes) over Theia RPC',
        target: 'fixture', verification: 'length',
        suite: 'theia', description: "the same RPC returning an in-memory buffer of the fixture's size: the transport alone",
    },
    theiaHttpFetch: {
        id: 'theia.http.fetch', label: 'HTTP fetch (wire floor)', api: 'fetch(backend route) + arrayBuffer()',
        target: 'fixture', verification: 'content',
        suite: 'theia', description: 'an HTTP fetch of the fixture from the same backend: the wire floor',
    },
} as const satisfies Record<string, ScenarioInfo & { suite: ScenarioSuite; description: string }>;

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

/** Scenario ids of a suite, in catalog (run) order: a new catalog entry runs by default. */
export function suiteScenarioIds(suite: ScenarioSuite): readonly string[] {
    return Object.values(SCENARIO_CATALOG).filter(scenario => scenario.suite === suite).map(scenario => scenario.id);
}

/** Scenario ids of the VS Code extension, in run order. */
export const VSCODE_SCENARIO_IDS: readonly string[] = suiteScenarioIds('vscode');

/** Scenario ids of the Theia extension, in run order. */
export const THEIA_SCENARIO_IDS: readonly string[] = suiteScenarioIds('theia');

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

export function scenarioInfoById(id: string): ScenarioInfo | undefined {
    return Object.values(SCENARIO_CATALOG).find(scenario => scenario.id === id);
}
