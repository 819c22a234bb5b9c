import * as vscode from 'vscode';
import { newestResultsFileName, RESULTS_DIRECTORY, ResultsDocument, resultsFileName } from '@fs-perf/benchmark-core';

export function resultsFolder(workspaceFolder: vscode.Uri): vscode.Uri {
    return vscode.Uri.joinPath(workspaceFolder, ...RESULTS_DIRECTORY.split('/'));
}

/**
 * Writes a results file atomically: to a hidden temporary name first, then renamed into place, so a
 * reader never sees half a file and a failed write leaves nothing under the final name.
 */
export async function writeResultsFile(workspaceFolder: vscode.Uri, document: ResultsDocument): Promise<vscode.Uri> {
    const folder = resultsFolder(workspaceFolder);
    await vscode.workspace.fs.createDirectory(folder);
    const name = resultsFileName(document);
    const target = vscode.Uri.joinPath(folder, name);
    const temporary = vscode.Uri.joinPath(folder, `.${name}.tmp`);
    await vscode.workspace.fs.writeFile(temporary, new TextEncoder().encode(JSON.stringify(document, undefined, 2) + '\n'));
    try {
        await vscode.workspace.fs.rename(temporary, target, { overwrite: false });
    } catch (error) {
        await vscode.workspace.fs.delete(temporary).then(undefined, () => undefined);
        throw error;
    }
    return target;
}

/** The newest results file of the workspace folder, or undefined when there is none. */
export async function findNewestResultsFile(workspaceFolder: vscode.Uri): Promise<vscode.Uri | undefined> {
    const folder = resultsFolder(workspaceFolder);
    let entries: [string, vscode.FileType][];
    try {
        entries = await vscode.workspace.fs.readDirectory(folder);
    } catch {
        return undefined;
    }
    const newest = newestResultsFileName(entries.filter(([, type]) => type === vscode.FileType.File).map(([name]) => name));
    return newest ? vscode.Uri.joinPath(folder, newest) : undefined;
}
