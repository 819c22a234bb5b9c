import { ScenarioInfo } from './scenario';

/**
 * Every scenario the suite knows, in report order. Ids are stable: they key settings, results and the
 * report's tables, so renaming one is a results-schema change.
 */
export const SCENARIO_CATALOG = {
    // VS Code extension API (any host: VS Code, code-server, Theia plugin host)
    vscodeReadFile: {
        id: 'vscode.workspace.fs.readFile', label: 'workspace.fs.readFile', api: 'vscode.workspace.fs.readFile(uri)',
        target: 'fixture', verification: 'content',
    },
    vscodeWriteFile: {
        id: 'vscode.workspace.fs.writeFile', label: 'workspace.fs.writeFile', api: 'vscode.workspace.fs.writeFile(uri, bytes)',
        target: 'fixture', verification: 'content',
    },
    vscodeStat: {
        id: 'vscode.workspace.fs.stat', label: 'workspace.fs.stat', api: 'vscode.workspace.fs.stat(uri), one small file per sample',
        target: 'small-files', verification: 'length',
    },
    vscodeReadDirectory: {
        id: 'vscode.workspace.fs.readDirectory', label: 'workspace.fs.readDirectory', api: 'vscode.workspace.fs.readDirectory(uri) of the small-files folder',
        target: 'small-files', verification: 'length',
    },
    extensionHostNodeReadFile: {
        id: 'extension-host.fs.promises.readFile', label: 'fs.promises.readFile (extension host)', api: "require('fs').promises.readFile(path) in the extension host",
        target: 'fixture', verification: 'content',
    },
    // Theia extension (frontend), Theia's own APIs and the backend service
    theiaFileServiceReadFile: {
        id: 'theia.FileService.readFile', label: 'FileService.readFile', api: 'FileService.readFile(uri)',
        target: 'fixture', verification: 'content',
    },
    theiaFileServiceReadFileStream: {
        id: 'theia.FileService.readFileStream', label: 'FileService.readFileStream', api: 'FileService.readFileStream(uri), stream consumed',
        target: 'fixture', verification: 'content',
    },
    theiaNodeFsService: {
        id: 'theia.NodeFsReadService.readFile', label: 'Node fs service (RPC)', api: 'NodeFsReadService.readFile(uri) over Theia RPC',
        target: 'fixture', verification: 'content',
    },
    theiaDiskFloor: {
        id: 'theia.backend.diskRead', label: 'backend disk read (floor)', api: 'fs.promises.readFile(path) timed in the backend',
        target: 'fixture', verification: 'length',
    },
    theiaRpcTransport: {
        id: 'theia.rpc.transport', label: 'RPC transport (in-memory buffer)', api: 'NodeFsReadService.buffer(bytes) over Theia RPC',
        target: 'fixture', verification: 'length',
    },
    theiaHttpFetch: {
        id: 'theia.http.fetch', label: 'HTTP fetch (wire floor)', api: 'fetch(backend route) + arrayBuffer()',
        target: 'fixture', verification: 'content',
    },
} as const satisfies Record<string, ScenarioInfo>;

export type ScenarioCatalogKey = keyof typeof SCENARIO_CATALOG;

/** Scenario ids of the VS Code extension, in run order. */
export const VSCODE_SCENARIO_IDS: readonly string[] = [
    SCENARIO_CATALOG.vscodeReadFile.id,
    SCENARIO_CATALOG.vscodeWriteFile.id,
    SCENARIO_CATALOG.vscodeStat.id,
    SCENARIO_CATALOG.vscodeReadDirectory.id,
    SCENARIO_CATALOG.extensionHostNodeReadFile.id,
];

/** Scenario ids of the Theia extension, in run order. */
export const THEIA_SCENARIO_IDS: readonly string[] = [
    SCENARIO_CATALOG.theiaFileServiceReadFile.id,
    SCENARIO_CATALOG.theiaFileServiceReadFileStream.id,
    SCENARIO_CATALOG.theiaNodeFsService.id,
    SCENARIO_CATALOG.theiaDiskFloor.id,
    SCENARIO_CATALOG.theiaRpcTransport.id,
    SCENARIO_CATALOG.theiaHttpFetch.id,
];

export function scenarioInfoById(id: string): ScenarioInfo | undefined {
    return Object.values(SCENARIO_CATALOG).find(scenario => scenario.id === id);
}
