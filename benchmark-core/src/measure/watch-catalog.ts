/**
 * The catalog entries of file watching (issue 39, "file watching"), spread into {@link SCENARIO_CATALOG} where they run:
 * the time from a change made by a process outside the editor to each watcher's event, and a burst of creations counted
 * against those made. Not run unless chosen (`yarn bench --suite watch`). Checked as catalog entries where they are
 * spread (a `satisfies` there; this file does not import the catalog, which imports it).
 */
import { PathComponent } from './path-components';
import { WATCH_BURST_FILES } from './watch-events';

const THEIA_PLUGIN_HOST_FS: readonly PathComponent[] = ['theia-plugin-host-fs'];
const VSCODE_EXTENSION_HOST_NODE_FS: readonly PathComponent[] = ['vscode-extension-host-fs'];
/** A Theia plugin's watcher: the backend's watcher, its events to the frontend's FileService, then to the plugin host. */
const THEIA_PLUGIN_WATCH: readonly PathComponent[] = ['theia-backend-provider', 'theia-rpc', 'theia-file-service', 'theia-plugin-handler', 'theia-plugin-rpc'];
/** A VS Code extension's watcher in a remote extension host: the server's watcher, the workbench's file service, the extension host's RPC. */
const VSCODE_WATCH: readonly PathComponent[] = ['vscode-server-disk', 'vscode-remote-connection', 'vscode-workbench-file-service', 'vscode-extension-host-rpc'];
/** The Theia extension's watcher: the backend's watcher and its events over the RPC to the frontend's FileService. */
const THEIA_FILE_SERVICE_WATCH: readonly PathComponent[] = ['theia-backend-provider', 'theia-rpc', 'theia-file-service'];

/** The VS Code extension's watchers (code-server, the Theia plugin) and their floors. */
export const VSCODE_WATCH_SCENARIOS = {
    vscodeWatch: {
        id: 'vscode.workspace.createFileSystemWatcher', label: 'createFileSystemWatcher event',
        api: "vscode.workspace.createFileSystemWatcher(RelativePattern(folder, '**')): onDidCreate / onDidChange / onDidDelete",
        target: 'watch', verification: 'length',
        suite: 'vscode', description: 'file watching: from asking a child process outside the editor to create, change or delete one small file in a '
            + "watched temporary folder to createFileSystemWatcher's event for it (the request to the child, one line on its stdin, is inside the clock: "
            + 'about 1 ms against the watcher\'s tens to hundreds)',
        verifiedAs: 'count', wireSteps: 'none', components: { theia: THEIA_PLUGIN_WATCH, vscode: VSCODE_WATCH },
    },
    extensionHostNodeWatch: {
        id: 'extension-host.fs.watch', label: 'fs.watch event (extension host)', api: "require('fs').watch(folder) in the extension host, its change listener",
        target: 'watch', verification: 'length',
        suite: 'vscode', description: 'file watching through Node fs.watch on the folder inside the extension host: the in-host floor of '
            + 'createFileSystemWatcher (the request to the child is inside the clock)',
        verifiedAs: 'count', wireSteps: 'none', components: { theia: THEIA_PLUGIN_HOST_FS, vscode: VSCODE_EXTENSION_HOST_NODE_FS },
    },
    vscodeWatchBurst: {
        id: 'vscode.workspace.createFileSystemWatcher.burst', label: `createFileSystemWatcher burst (${WATCH_BURST_FILES} creations)`,
        api: `vscode.workspace.createFileSystemWatcher(RelativePattern(folder, '**')).onDidCreate of ${WATCH_BURST_FILES} files a child process creates`,
        target: 'watch-burst', verification: 'length',
        suite: 'vscode', description: `a burst: ${WATCH_BURST_FILES} files created as fast as a child process outside the editor can, the time from the `
            + 'request to the last creation event, and the distinct paths reported counted against those made (a lost event is recorded, not an error)',
        verifiedAs: 'count', wireSteps: 'none', components: { theia: THEIA_PLUGIN_WATCH, vscode: VSCODE_WATCH },
    },
    vscodeWatchBurstExcluded: {
        id: 'vscode.workspace.createFileSystemWatcher.burst.excluded', label: `createFileSystemWatcher burst in an excluded folder (${WATCH_BURST_FILES} creations)`,
        api: `vscode.workspace.createFileSystemWatcher(RelativePattern(folder, '**')).onDidCreate of ${WATCH_BURST_FILES} files a child process creates, `
            + 'the folder inside .fs-perf/ (files.watcherExclude)',
        target: 'watch-burst', verification: 'length',
        suite: 'vscode', description: 'the burst in a folder that files.watcherExclude covers (.fs-perf/, which the extension excludes from watching): a '
            + 'watcher made to miss, whose count shows the events lost; the control of the burst\'s count',
        verifiedAs: 'count', wireSteps: 'none', components: { theia: THEIA_PLUGIN_WATCH, vscode: VSCODE_WATCH },
    },
    extensionHostNodeWatchBurst: {
        id: 'extension-host.fs.watch.burst', label: `fs.watch burst (${WATCH_BURST_FILES} creations, extension host)`,
        api: `require('fs').watch(folder) in the extension host, its events for ${WATCH_BURST_FILES} files a child process creates`,
        target: 'watch-burst', verification: 'length',
        suite: 'vscode', description: `the burst of ${WATCH_BURST_FILES} creations under Node fs.watch inside the extension host: its in-host floor`,
        verifiedAs: 'count', wireSteps: 'none', components: { theia: THEIA_PLUGIN_HOST_FS, vscode: VSCODE_EXTENSION_HOST_NODE_FS },
    },
} as const;

/** The Theia extension's watcher and its floor in the backend. */
export const THEIA_WATCH_SCENARIOS = {
    theiaFileServiceWatch: {
        id: 'theia.FileService.watch', label: 'FileService.onDidFilesChange event',
        api: 'FileService.watch(folder, { recursive: true, excludes: [] }), FileService.onDidFilesChange',
        target: 'watch', verification: 'length',
        suite: 'theia', description: 'file watching: from asking a child process outside the editor (started by the backend) to create, change or '
            + "delete one small file in a watched temporary folder to FileService.onDidFilesChange's event for it (the request, one RPC call the "
            + 'backend forwards to the child, is inside the clock: about 1 ms against the watcher\'s tens to hundreds)',
        verifiedAs: 'count', wireSteps: 'none', components: { theia: THEIA_FILE_SERVICE_WATCH },
    },
    theiaBackendWatch: {
        id: 'theia.backend.fs.watch', label: 'backend fs.watch event (floor)', api: "require('fs').watch(folder) in the backend, timed there",
        target: 'watch', verification: 'length',
        suite: 'theia', description: "file watching through Node fs.watch on the folder in Theia's backend, timed there: the floor of "
            + 'FileService.onDidFilesChange (the line to the child is inside the clock)',
        verifiedAs: 'count', wireSteps: 'none', components: { theia: ['theia-backend-disk'] },
    },
    theiaFileServiceWatchBurst: {
        id: 'theia.FileService.watch.burst', label: `FileService.onDidFilesChange burst (${WATCH_BURST_FILES} creations)`,
        api: `FileService.watch(folder, { recursive: true, excludes: [] }), FileService.onDidFilesChange of ${WATCH_BURST_FILES} files a child process creates`,
        target: 'watch-burst', verification: 'length',
        suite: 'theia', description: `a burst: ${WATCH_BURST_FILES} files created as fast as a child process of the backend can, the time from the `
            + 'request to the last creation event, and the distinct paths reported counted against those made (a lost event is recorded, not an error)',
        verifiedAs: 'count', wireSteps: 'none', components: { theia: THEIA_FILE_SERVICE_WATCH },
    },
    theiaFileServiceWatchBurstExcluded: {
        id: 'theia.FileService.watch.burst.excluded', label: `FileService.onDidFilesChange burst in an excluded folder (${WATCH_BURST_FILES} creations)`,
        api: `FileService.watch(folder, { recursive: true, excludes: [] }), FileService.onDidFilesChange of ${WATCH_BURST_FILES} files a child process creates, `
            + 'the folder inside .fs-perf/ (files.watcherExclude, which FileService applies to every watcher)',
        target: 'watch-burst', verification: 'length',
        suite: 'theia', description: 'the burst in a folder that files.watcherExclude covers (.fs-perf/, which the fs-perf plugin excludes from watching): a '
            + 'watcher made to miss, whose count shows the events lost; the control of the burst\'s count',
        verifiedAs: 'count', wireSteps: 'none', components: { theia: THEIA_FILE_SERVICE_WATCH },
    },
    theiaBackendWatchBurst: {
        id: 'theia.backend.fs.watch.burst', label: `backend fs.watch burst (${WATCH_BURST_FILES} creations, floor)`,
        api: `require('fs').watch(folder) in the backend, its events for ${WATCH_BURST_FILES} files a child process creates, timed there`,
        target: 'watch-burst', verification: 'length',
        suite: 'theia', description: `the burst of ${WATCH_BURST_FILES} creations under Node fs.watch in Theia's backend, timed there: the floor`,
        verifiedAs: 'count', wireSteps: 'none', components: { theia: ['theia-backend-disk'] },
    },
} as const;
