import { promises as fs } from 'fs';
import * as vscode from 'vscode';
import {
    pluginReadHops, ReadTrace, SCENARIO_CATALOG, ScenarioCase, ScenarioImplementations, ScenarioTarget,
    smallFileName, TRACE_COMMANDS,
} from '@fs-perf/benchmark-core';
import { createTreeScenarios, inHostFloorUnavailable } from './tree-scenarios';
import { createWatchScenarios } from './watch-scenarios';
import { createWriteScenarios } from './write-scenarios';

/**
 * The VS Code extension's scenarios over a fixtures folder, one per catalog entry of the suite; the watch cases make their
 * folders at the top of `workspaceFolder` (by default the folder the fixtures folder's `.fs-perf/` is in).
 */
export function createScenarios(fixturesFolder: vscode.Uri, workspaceFolder: vscode.Uri = vscode.Uri.joinPath(fixturesFolder, '..', '..')): ScenarioImplementations<'vscode'> {
    const fileUri = (target: ScenarioTarget): vscode.Uri => vscode.Uri.joinPath(fixturesFolder, target.fileName);
    return {
        vscodeReadFile: {
            ...SCENARIO_CATALOG.vscodeReadFile,
            prepare: async target => {
                const uri = fileUri(target);
                return { runSample: async () => ({ bytes: await vscode.workspace.fs.readFile(uri) }) };
            },
        },
        vscodeReadFileWorkbench: {
            ...SCENARIO_CATALOG.vscodeReadFileWorkbench,
            unavailableReason: () => throughWorkbench(fixturesFolder).reason,
            prepare: async target => {
                const { folder } = throughWorkbench(fixturesFolder);
                const uri = vscode.Uri.joinPath(folder!, target.fileName);
                return { runSample: async () => ({ bytes: await vscode.workspace.fs.readFile(uri) }) };
            },
        },
        vscodeReadFileHops: {
            ...SCENARIO_CATALOG.vscodeReadFileHops,
            runsAlone: true,
            unavailableReason: async () => (await vscode.commands.getCommands(true)).includes(TRACE_COMMANDS.begin) ? undefined
                : 'no read trace in this editor: the hops are recorded by the FS Perf Theia extension, in a Theia app that has it',
            prepare: async target => prepareTracedRead(fileUri(target), target),
        },
        vscodeStat: {
            ...SCENARIO_CATALOG.vscodeStat,
            prepare: async target => {
                const count = target.itemCount ?? 0;
                const uris = Array.from({ length: count }, (_, index) => vscode.Uri.joinPath(fileUri(target), smallFileName(index)));
                return {
                    runSample: async index => ({ byteCount: (await vscode.workspace.fs.stat(uris[index % count])).size }),
                };
            },
        },
        vscodeReadDirectory: {
            ...SCENARIO_CATALOG.vscodeReadDirectory,
            prepare: async target => {
                const uri = fileUri(target);
                return { runSample: async () => ({ itemCount: (await vscode.workspace.fs.readDirectory(uri)).length }) };
            },
        },
        extensionHostNodeReadFile: {
            ...SCENARIO_CATALOG.extensionHostNodeReadFile,
            unavailableReason: () => inHostFloorUnavailable(fixturesFolder),
            prepare: async target => {
                const path = fileUri(target).fsPath;
                return { runSample: async () => ({ bytes: await fs.readFile(path) }) };
            },
        },
        ...createWriteScenarios(fixturesFolder),
        ...createTreeScenarios(fixturesFolder),
        ...createWatchScenarios(fixturesFolder, workspaceFolder),
    };
}

/**
 * The fixtures folder as the workbench names it, `vscode-remote://<authority>/<path>`, where the extension host
 * is remote. VS Code reads a `file:` URI inside a Node extension host (its own disk provider there), but has no
 * provider for `vscode-remote` in the extension host: the read goes to the workbench, which reads the file over
 * its remote connection, as a Theia plugin's read goes to the frontend. The authority comes from
 * `vscode.env.remoteName`, which is the whole authority when it has no `+`, as for a server in the browser
 * (code-server, VS Code Server: the page's `host:port`); for a resolver's authority (`ssh-remote+box`) it is only
 * the resolver's name, and the authority itself is not in the stable API.
 */
export function throughWorkbench(fixturesFolder: vscode.Uri): { folder?: vscode.Uri; reason?: string } {
    const authority = vscode.env.remoteName;
    if (authority === undefined) {
        return { reason: 'the extension host is not remote: its reads of file: URIs never leave it, and there is no workbench path to a remote disk' };
    }
    if (!/[.:]/.test(authority) && authority !== 'localhost') {
        return { reason: `the remote authority is not in the stable API here (remoteName '${authority}' names a resolver, not a host)` };
    }
    if (fixturesFolder.scheme !== 'file') {
        return { reason: `the fixtures are not on the remote host's disk (URI scheme '${fixturesFolder.scheme}')` };
    }
    return { folder: fixturesFolder.with({ scheme: 'vscode-remote', authority }) };
}

/**
 * The plugin's read with the Theia extension's trace on: begun before the case's first sample and ended after its last,
 * both outside the clock readings; the records of the frontend and the backend are then matched to the samples.
 */
function prepareTracedRead(uri: vscode.Uri, target: ScenarioTarget): ScenarioCase {
    let tracing = false;
    return {
        begin: async () => {
            await vscode.commands.executeCommand(TRACE_COMMANDS.begin);
            tracing = true;
        },
        runSample: async () => ({ bytes: await vscode.workspace.fs.readFile(uri) }),
        end: async samples => {
            tracing = false;
            const trace = await vscode.commands.executeCommand<ReadTrace>(TRACE_COMMANDS.end);
            return { hops: pluginReadHops(samples, trace, target.fileName) };
        },
        dispose: async () => {
            if (tracing) {
                tracing = false;
                await vscode.commands.executeCommand(TRACE_COMMANDS.end);
            }
        },
    };
}
