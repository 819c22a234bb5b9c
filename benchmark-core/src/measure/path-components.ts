/**
 * The parts of an editor that a scenario's call passes through, where a change between two builds could sit. A
 * comparison's headline groups its slower and faster cells by path (host and scenario) and says what the moved paths
 * share, and which of that a cell decided "no change" rules out (report/model/moved-paths.ts).
 */
export type PathComponent =
    /**
     * Theia: the plugin host's `workspace.fs` and its RPC to the backend (a pipe), which the backend passes on to the
     * frontend over its own RPC (scripts/planted-regression/README.md).
     */
    | 'theia-plugin-rpc'
    /** Theia: the plugin API's frontend handler, plugin-ext's `FileSystemMainImpl` (its `$readFile` calls `FileService.readFile`). */
    | 'theia-plugin-handler'
    /** Theia: the frontend's `FileService` and the remote file system provider it reads through. */
    | 'theia-file-service'
    /** Theia: the RPC between frontend and backend (the WebSocket, @theia/core's message-rpc encoder and decoder). */
    | 'theia-rpc'
    /**
     * Theia: the backend's file system provider behind the RPC (`DiskFileSystemProvider`). Not on the backend disk read
     * scenario's path: that one times the fs-perf backend service's own Node read.
     */
    | 'theia-backend-provider'
    /** Theia: the backend's Node `fs` on the file (what the backend disk read scenario times alone). */
    | 'theia-backend-disk'
    /** Theia: the backend's HTTP route and the page's `fetch`. */
    | 'theia-http'
    /** Theia: Node's `fs` inside the plugin host. */
    | 'theia-plugin-host-fs'
    /** Theia: the backend's file search service (`@theia/file-search`: ripgrep `--files` in a child process). */
    | 'theia-file-search'
    /**
     * VS Code: the extension host's `workspace.fs` and its RPC to the workbench: for a `file:` URI the one
     * `$ensureActivation` round trip a call waits for (docs/findings.md, 2), for a `vscode-remote:` URI the read itself.
     */
    | 'vscode-extension-host-rpc'
    /** VS Code: the extension host's own disk provider, which reads `file:` URIs in the extension host. */
    | 'vscode-extension-host-disk'
    /** VS Code: the workbench's file service and its remote file system provider (a `vscode-remote:` URI's read). */
    | 'vscode-workbench-file-service'
    /** VS Code: the workbench's remote connection to the server. */
    | 'vscode-remote-connection'
    /** VS Code: the server's disk provider, behind the remote connection. */
    | 'vscode-server-disk'
    /** VS Code: Node's `fs` inside the extension host. */
    | 'vscode-extension-host-fs';

/** Each part as a sentence names it. */
export const PATH_COMPONENT_LABELS: Readonly<Record<PathComponent, string>> = {
    'theia-plugin-rpc': 'the plugin host–backend RPC',
    'theia-plugin-handler': 'the plugin API\'s frontend handler (FileSystemMainImpl)',
    'theia-file-service': 'FileService',
    'theia-rpc': 'the frontend–backend RPC',
    'theia-backend-provider': 'the backend\'s file system provider',
    'theia-backend-disk': 'the backend\'s disk access',
    'theia-http': 'the backend\'s HTTP route',
    'theia-plugin-host-fs': 'the plugin host\'s Node fs',
    'theia-file-search': 'the backend\'s file search service (ripgrep)',
    'vscode-extension-host-rpc': 'the extension host–workbench RPC',
    'vscode-extension-host-disk': 'the extension host\'s disk provider',
    'vscode-workbench-file-service': 'the workbench\'s file service',
    'vscode-remote-connection': 'the workbench\'s remote connection',
    'vscode-server-disk': 'the server\'s disk provider',
    'vscode-extension-host-fs': 'the extension host\'s Node fs',
};

/** The parts of Theia's RPC: a path through either crosses it. */
export const THEIA_RPC_COMPONENTS: readonly PathComponent[] = ['theia-rpc', 'theia-plugin-rpc'];

/**
 * A scenario's path in each editor that runs it, in the order the call passes through it: `theia` in the Theia
 * browser and Electron apps, `vscode` in VS Code (desktop, server, code-server). An editor without one does not run it.
 */
export interface ScenarioComponents {
    readonly theia?: readonly PathComponent[];
    readonly vscode?: readonly PathComponent[];
}

/** A Theia plugin's `workspace.fs` call: through the plugin host, the frontend's handler and FileService, to the backend. */
export const THEIA_PLUGIN_FS: readonly PathComponent[] = [
    'theia-plugin-rpc', 'theia-plugin-handler', 'theia-file-service', 'theia-rpc', 'theia-backend-provider', 'theia-backend-disk',
];
/** The Theia extension's `FileService` call, from the frontend to the backend's provider. */
export const THEIA_FILE_SERVICE: readonly PathComponent[] = ['theia-file-service', 'theia-rpc', 'theia-backend-provider', 'theia-backend-disk'];
/** A VS Code extension's `workspace.fs` call on a `file:` URI: the round trip to the workbench, then its own disk provider. */
export const VSCODE_EXTENSION_HOST_FS: readonly PathComponent[] = ['vscode-extension-host-rpc', 'vscode-extension-host-disk'];
