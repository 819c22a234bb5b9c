import { promises as fs } from 'fs';
import * as vscode from 'vscode';
import {
    FIXTURE_MANIFEST_FILE, FixtureError, FixtureManifest, FixtureSize, GENERATE_FIXTURES_HINT, manifestEntryForSize,
    parseFixtureManifest,
} from '@fs-perf/benchmark-core';
import { FixtureStore } from '@fs-perf/test-files';

export function isFileNotFound(error: unknown): boolean {
    return error instanceof vscode.FileSystemError && (error.code === 'FileNotFound' || error.code === 'EntryNotFound');
}

/** Writes fixtures through `vscode.workspace.fs`, so generation works wherever the workspace lives. */
export class WorkspaceFsFixtureStore implements FixtureStore {
    readonly location: string;

    constructor(private readonly folder: vscode.Uri) {
        this.location = folder.scheme === 'file' ? folder.fsPath : folder.toString();
    }

    private uri(relativePath: string): vscode.Uri {
        const parts = relativePath.split('/').filter(part => part.length > 0);
        return parts.length === 0 ? this.folder : vscode.Uri.joinPath(this.folder, ...parts);
    }

    async readFile(relativePath: string): Promise<Uint8Array | undefined> {
        try {
            return await vscode.workspace.fs.readFile(this.uri(relativePath));
        } catch (error) {
            if (isFileNotFound(error)) {
                return undefined;
            }
            throw error;
        }
    }

    async writeFile(relativePath: string, data: Uint8Array): Promise<void> {
        const target = this.uri(relativePath);
        const temporary = this.uri(`${relativePath}.tmp-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`);
        await vscode.workspace.fs.writeFile(temporary, data);
        try {
            await vscode.workspace.fs.rename(temporary, target, { overwrite: true });
        } catch (error) {
            await vscode.workspace.fs.delete(temporary).then(undefined, () => undefined);
            throw error;
        }
    }

    async createDirectory(relativePath: string): Promise<void> {
        await vscode.workspace.fs.createDirectory(this.uri(relativePath));
    }

    async freeBytes(): Promise<number | undefined> {
        if (this.folder.scheme !== 'file') {
            return undefined;
        }
        // The folder may not exist yet; the workspace folder above it does.
        for (let candidate = this.folder; ; candidate = vscode.Uri.joinPath(candidate, '..')) {
            try {
                const stats = await fs.statfs(candidate.fsPath);
                return stats.bavail * stats.bsize;
            } catch {
                if (vscode.Uri.joinPath(candidate, '..').fsPath === candidate.fsPath) {
                    return undefined;
                }
            }
        }
    }
}

/** Reads and validates the manifest; a missing one is a {@link FixtureError} the caller offers to fix. */
export async function loadFixtureManifest(fixturesFolder: vscode.Uri): Promise<FixtureManifest> {
    let bytes: Uint8Array;
    try {
        bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(fixturesFolder, FIXTURE_MANIFEST_FILE));
    } catch (error) {
        if (isFileNotFound(error)) {
            throw new FixtureError(`The test files are missing in ${describeUri(fixturesFolder)}: ${GENERATE_FIXTURES_HINT}.`, FIXTURE_MANIFEST_FILE);
        }
        throw error;
    }
    return parseFixtureManifest(new TextDecoder().decode(bytes));
}

/**
 * Checks, before anything is timed, that every fixture a run needs is there with its manifest length,
 * so a missing 10000K file is reported at once rather than after the small sizes ran.
 */
export async function checkFixturesPresent(fixturesFolder: vscode.Uri, manifest: FixtureManifest, sizes: readonly FixtureSize[],
    needsSmallFiles: boolean): Promise<void> {
    for (const size of sizes) {
        const { fileName, entry } = manifestEntryForSize(manifest, size.label);
        const stat = await statOrUndefined(vscode.Uri.joinPath(fixturesFolder, fileName));
        if (!stat) {
            throw new FixtureError(`Fixture ${fileName} is missing: ${GENERATE_FIXTURES_HINT}.`, fileName);
        }
        if (stat.size !== entry.bytes) {
            throw new FixtureError(`Fixture ${fileName} has ${stat.size} bytes, the manifest says ${entry.bytes}: ${GENERATE_FIXTURES_HINT}.`, fileName);
        }
    }
    if (needsSmallFiles) {
        if (!manifest.smallFiles) {
            throw new FixtureError(`The test files have no small-files set: ${GENERATE_FIXTURES_HINT}.`);
        }
        const stat = await statOrUndefined(vscode.Uri.joinPath(fixturesFolder, manifest.smallFiles.directory));
        if (!stat || stat.type !== vscode.FileType.Directory) {
            throw new FixtureError(`The small-files folder ${manifest.smallFiles.directory} is missing: ${GENERATE_FIXTURES_HINT}.`,
                manifest.smallFiles.directory);
        }
    }
}

async function statOrUndefined(uri: vscode.Uri): Promise<vscode.FileStat | undefined> {
    try {
        return await vscode.workspace.fs.stat(uri);
    } catch (error) {
        if (isFileNotFound(error)) {
            return undefined;
        }
        throw error;
    }
}

export function describeUri(uri: vscode.Uri): string {
    return uri.scheme === 'file' ? uri.fsPath : uri.toString();
}
