import { promises as fs } from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import {
    burstBytes, burstCount, burstFileNames, createThenDelete, FixtureError, GENERATE_FIXTURES_HINT, SCENARIO_CATALOG, ScenarioCase, ScenarioImplementations,
    ScenarioTarget, WRITE_BURST, writeFolderName,
} from '@fs-perf/benchmark-core';
import { nodeBurst, PinnedFolder } from '@fs-perf/test-files/lib/node';
import { isFileNotFound } from './fixtures';
import { inHostFloorUnavailable } from './tree-scenarios';

type WriteScenarioKey = 'vscodeWriteFile' | 'extensionHostNodeWriteFile' | 'vscodeWriteBurst' | 'extensionHostNodeWriteBurst';

/**
 * The VS Code extension's writes: each fixture's bytes written into a temporary folder of the fixtures folder (through
 * `workspace.fs` and, as the floor, Node's `fs` in the extension host), and a burst of small files created then deleted
 * there. The bytes, the folder and the names are made in `prepare`; what landed is looked at after the clock's second
 * reading; the folder is removed by `dispose`.
 */
export function createWriteScenarios(fixturesFolder: vscode.Uri): Pick<ScenarioImplementations<'vscode'>, WriteScenarioKey> {
    const floor = { unavailableReason: () => inHostFloorUnavailable(fixturesFolder) };
    return {
        vscodeWriteFile: {
            ...SCENARIO_CATALOG.vscodeWriteFile,
            prepare: async target => prepareWrite(fixturesFolder, target),
        },
        extensionHostNodeWriteFile: {
            ...SCENARIO_CATALOG.extensionHostNodeWriteFile, ...floor,
            prepare: async target => prepareNodeWrite(fixturesFolder, target),
        },
        vscodeWriteBurst: {
            ...SCENARIO_CATALOG.vscodeWriteBurst,
            prepare: async target => prepareBurst(fixturesFolder, target),
        },
        extensionHostNodeWriteBurst: {
            ...SCENARIO_CATALOG.extensionHostNodeWriteBurst, ...floor,
            prepare: async target => {
                const folder = await PinnedFolder.make(fixturesFolder.fsPath, writeFolderName());
                const burst = nodeBurst(folder, target.burst ?? WRITE_BURST);
                return {
                    runSample: async () => ({ itemCount: await burst.run() }),
                    landed: async output => ({ itemCount: await burst.landed(output.itemCount ?? 0) }),
                    dispose: () => folder.remove(),
                };
            },
        },
    };
}

/** The fixture's bytes, read before any sample; a missing fixture says how to make it. */
async function fixtureBytes(fixturesFolder: vscode.Uri, target: ScenarioTarget): Promise<Uint8Array> {
    try {
        return await vscode.workspace.fs.readFile(vscode.Uri.joinPath(fixturesFolder, target.fileName));
    } catch (error) {
        if (isFileNotFound(error)) {
            throw new FixtureError(`Fixture ${target.fileName} is missing: ${GENERATE_FIXTURES_HINT}.`, target.fileName);
        }
        throw error;
    }
}

/** Writes the fixture's bytes into a temporary folder inside the fixtures folder, removed by `dispose`. */
async function prepareWrite(fixturesFolder: vscode.Uri, target: ScenarioTarget): Promise<ScenarioCase> {
    const content = await fixtureBytes(fixturesFolder, target);
    const folder = vscode.Uri.joinPath(fixturesFolder, writeFolderName());
    await vscode.workspace.fs.createDirectory(folder);
    const uri = vscode.Uri.joinPath(folder, target.fileName);
    return {
        runSample: async () => {
            await vscode.workspace.fs.writeFile(uri, content);
            return {};
        },
        landed: async () => ({ byteCount: (await vscode.workspace.fs.stat(uri)).size }),
        readBack: async () => vscode.workspace.fs.readFile(uri),
        dispose: async () => {
            await vscode.workspace.fs.delete(folder, { recursive: true, useTrash: false });
        },
    };
}

/** The same with Node's `fs` in the extension host: the floor. */
async function prepareNodeWrite(fixturesFolder: vscode.Uri, target: ScenarioTarget): Promise<ScenarioCase> {
    const content = await fixtureBytes(fixturesFolder, target);
    const folder = vscode.Uri.joinPath(fixturesFolder, writeFolderName()).fsPath;
    await fs.mkdir(folder);
    const file = path.join(folder, target.fileName);
    return {
        runSample: async () => {
            await fs.writeFile(file, content);
            return {};
        },
        landed: async () => ({ byteCount: (await fs.stat(file)).size }),
        readBack: async () => fs.readFile(file),
        dispose: () => fs.rm(folder, { recursive: true, force: true }),
    };
}

/** A burst through `workspace.fs`: every file written, one after another, then each deleted; a delete that finds no file counts none. */
async function prepareBurst(fixturesFolder: vscode.Uri, target: ScenarioTarget): Promise<ScenarioCase> {
    const burst = target.burst ?? WRITE_BURST;
    const folder = vscode.Uri.joinPath(fixturesFolder, writeFolderName());
    await vscode.workspace.fs.createDirectory(folder);
    const uris = burstFileNames(burst).map(name => vscode.Uri.joinPath(folder, name));
    const bytes = burstBytes(burst);
    const remove = async (uri: vscode.Uri): Promise<boolean> => {
        try {
            await vscode.workspace.fs.delete(uri, { recursive: false, useTrash: false });
            return true;
        } catch (error) {
            if (isFileNotFound(error)) {
                return false;
            }
            throw error;
        }
    };
    return {
        runSample: async () => ({ itemCount: await createThenDelete(uris, async uri => vscode.workspace.fs.writeFile(uri, bytes), remove) }),
        landed: async output => ({ itemCount: burstCount(output.itemCount ?? 0, (await vscode.workspace.fs.readDirectory(folder)).length) }),
        dispose: async () => {
            await vscode.workspace.fs.delete(folder, { recursive: true, useTrash: false });
        },
    };
}
