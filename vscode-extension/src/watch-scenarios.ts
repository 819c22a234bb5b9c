import * as path from 'path';
import * as vscode from 'vscode';
import {
    SCENARIO_CATALOG, ScenarioCase, ScenarioImplementations, ScenarioTarget, WATCH_BURST_FILES, watchBurstCase, WatchEvents, watchFolderName, watchLatencyCase,
} from '@fs-perf/benchmark-core';
import { ChangeMaker, nodeFolderWatch, PinnedFolder } from '@fs-perf/test-files/lib/node';
import { inHostFloorUnavailable } from './tree-scenarios';

type WatchScenarioKey = 'vscodeWatch' | 'extensionHostNodeWatch' | 'vscodeWatchBurst' | 'vscodeWatchBurstExcluded' | 'extensionHostNodeWatchBurst';


/** A case's watched temporary folder, its child process, and their removal (the child stopped first). */
interface WatchRig {
    readonly folder: string;
    readonly maker: ChangeMaker;
    readonly events: WatchEvents;
    readonly dispose: () => Promise<void>;
}

/**
 * The VS Code extension's file watching: a temporary folder at the top of the workspace folder watched by
 * `createFileSystemWatcher` (or, as the floor, Node's `fs.watch` in the extension host), and a Node child process outside
 * the editor that makes the changes, all made in `prepare` and removed by `dispose`. The child needs Node in this host,
 * as the floors do.
 */
export function createWatchScenarios(fixturesFolder: vscode.Uri, workspaceFolder: vscode.Uri): Pick<ScenarioImplementations<'vscode'>, WatchScenarioKey> {
    const needsNode = { unavailableReason: () => inHostFloorUnavailable(fixturesFolder) };
    const rig = (watcherName: string, watch: (folder: string, events: WatchEvents) => vscode.Disposable, parent = workspaceFolder) =>
        startRig(parent, watcherName, watch);
    const nodeWatch = (folder: string, events: WatchEvents): vscode.Disposable => new vscode.Disposable(nodeFolderWatch(folder, events));
    return {
        vscodeWatch: {
            ...SCENARIO_CATALOG.vscodeWatch, ...needsNode,
            prepare: async target => latencyCase(target, await rig('createFileSystemWatcher', vscodeWatch)),
        },
        extensionHostNodeWatch: {
            ...SCENARIO_CATALOG.extensionHostNodeWatch, ...needsNode,
            prepare: async target => latencyCase(target, await rig('fs.watch', nodeWatch)),
        },
        vscodeWatchBurst: {
            ...SCENARIO_CATALOG.vscodeWatchBurst, ...needsNode,
            prepare: async target => burstCase(target, await rig('createFileSystemWatcher', vscodeWatch)),
        },
        vscodeWatchBurstExcluded: {
            ...SCENARIO_CATALOG.vscodeWatchBurstExcluded, ...needsNode,
            // Inside .fs-perf/, which the extension's files.watcherExclude default covers: a watcher made to miss every event.
            prepare: async target => burstCase(target, await rig('createFileSystemWatcher (in a folder files.watcherExclude covers)', vscodeWatch, fixturesFolder)),
        },
        extensionHostNodeWatchBurst: {
            ...SCENARIO_CATALOG.extensionHostNodeWatchBurst, ...needsNode,
            prepare: async target => burstCase(target, await rig('fs.watch', nodeWatch)),
        },
    };
}

/** `createFileSystemWatcher` on the folder, recursive (`**`), its three events fed to `events` by file system path. */
function vscodeWatch(folder: string, events: WatchEvents): vscode.Disposable {
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(folder), '**'));
    return vscode.Disposable.from(
        watcher,
        watcher.onDidCreate(uri => events.observe({ path: uri.fsPath, kind: 'create' })),
        watcher.onDidChange(uri => events.observe({ path: uri.fsPath, kind: 'change' })),
        watcher.onDidDelete(uri => events.observe({ path: uri.fsPath, kind: 'delete' })),
    );
}

/** A fresh folder in `parent`, made and pinned (its child changes files there only), its watcher and the child, all removed by `dispose`. */
async function startRig(parent: vscode.Uri, watcherName: string, watch: (folder: string, events: WatchEvents) => vscode.Disposable): Promise<WatchRig> {
    const pinned = await PinnedFolder.make(parent.fsPath, watchFolderName());
    const folder = path.join(parent.fsPath, pinned.name);
    const events = new WatchEvents(watcherName);
    const watcher = watch(folder, events);
    const maker = ChangeMaker.start(pinned);
    return {
        folder, maker, events,
        dispose: async () => {
            events.cancel();
            watcher.dispose();
            await maker.stop();
            await pinned.remove();
        },
    };
}

function latencyCase(target: ScenarioTarget, { folder, maker, events, dispose }: WatchRig): Promise<ScenarioCase> {
    return watchLatencyCase(target.watchChange ?? 'create', {
        events, dispose,
        eventPath: name => path.join(folder, name),
        change: (kind, name) => maker.request({ op: kind, name }),
    });
}

function burstCase(target: ScenarioTarget, { folder, maker, events, dispose }: WatchRig): ScenarioCase {
    return watchBurstCase(target.watchBurst ?? WATCH_BURST_FILES, {
        events, dispose,
        eventPrefix: prefix => path.join(folder, prefix),
        burst: (sample, files) => maker.request({ op: 'burst', sample, files }),
        clear: () => maker.request({ op: 'clear' }),
    });
}
