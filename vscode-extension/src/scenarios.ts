import { promises as fs } from 'fs';
import * as vscode from 'vscode';
import {
    FixtureError, GENERATE_FIXTURES_HINT, SCENARIO_CATALOG, ScenarioCase, ScenarioImplementations, ScenarioTarget, smallFileName,
} from '@fs-perf/benchmark-core';
import { isFileNotFound } from './fixtures';

/** The VS Code extension's scenarios over a fixtures folder, one per catalog entry of the suite. */
export function createScenarios(fixturesFolder: vscode.Uri): ScenarioImplementations<'vscode'> {
    const fileUri = (target: ScenarioTarget): vscode.Uri => vscode.Uri.joinPath(fixturesFolder, target.fileName);
    return {
        vscodeReadFile: {
            ...SCENARIO_CATALOG.vscodeReadFile,
            prepare: async target => {
                const uri = fileUri(target);
                return { runSample: async () => ({ bytes: await vscode.workspace.fs.readFile(uri) }) };
            },
        },
        vscodeWriteFile: {
            ...SCENARIO_CATALOG.vscodeWriteFile,
            prepare: async target => prepareWrite(fixturesFolder, target),
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
            unavailableReason: () => {
                if (typeof process === 'undefined' || !process.versions?.node) {
                    return 'the extension host is not Node (a web extension host has no fs module)';
                }
                if (fixturesFolder.scheme !== 'file') {
                    return `the fixtures are not on this host's disk (URI scheme '${fixturesFolder.scheme}')`;
                }
                return undefined;
            },
            prepare: async target => {
                const path = fileUri(target).fsPath;
                return { runSample: async () => ({ bytes: await fs.readFile(path) }) };
            },
        },
    };
}

/** Writes the fixture's bytes into a temporary folder inside the fixtures folder, removed by `dispose`. */
async function prepareWrite(fixturesFolder: vscode.Uri, target: ScenarioTarget): Promise<ScenarioCase> {
    let content: Uint8Array;
    try {
        content = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(fixturesFolder, target.fileName));
    } catch (error) {
        if (isFileNotFound(error)) {
            throw new FixtureError(`Fixture ${target.fileName} is missing: ${GENERATE_FIXTURES_HINT}.`, target.fileName);
        }
        throw error;
    }
    const folder = vscode.Uri.joinPath(fixturesFolder, `.write-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`);
    await vscode.workspace.fs.createDirectory(folder);
    const uri = vscode.Uri.joinPath(folder, target.fileName);
    return {
        runSample: async () => {
            await vscode.workspace.fs.writeFile(uri, content);
            return { byteCount: content.byteLength };
        },
        readBack: async () => vscode.workspace.fs.readFile(uri),
        dispose: async () => {
            await vscode.workspace.fs.delete(folder, { recursive: true, useTrash: false });
        },
    };
}
