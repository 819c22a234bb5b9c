import { promises as fs } from 'fs';
import * as vscode from 'vscode';
import { FolderEntry, RemovableWorkspace } from '@fs-perf/benchmark-core';

export function isFileNotFound(error: unknown): boolean {
    return error instanceof vscode.FileSystemError && (error.code === 'FileNotFound' || error.code === 'EntryNotFound');
}

export function describeUri(uri: vscode.Uri): string {
    return uri.scheme === 'file' ? uri.fsPath : uri.toString();
}

async function orUndefinedIfMissing<T>(operation: Thenable<T>): Promise<T | undefined> {
    try {
        return await operation;
    } catch (error) {
        if (isFileNotFound(error)) {
            return undefined;
        }
        throw error;
    }
}

/** The workspace folder's files through `vscode.workspace.fs`, so everything works wherever the workspace lives. */
export class VscodeWorkspaceFiles implements RemovableWorkspace {
    readonly location: string;

    constructor(readonly root: vscode.Uri) {
        this.location = describeUri(root);
    }

    uri(path: string): vscode.Uri {
        const parts = path.split('/').filter(part => part.length > 0);
        return parts.length === 0 ? this.root : vscode.Uri.joinPath(this.root, ...parts);
    }

    uriOf(path: string): string {
        return this.uri(path).toString();
    }

    describe(path: string): string {
        return describeUri(this.uri(path));
    }

    readFile(path: string): Promise<Uint8Array | undefined> {
        return orUndefinedIfMissing(vscode.workspace.fs.readFile(this.uri(path)));
    }

    async stat(path: string): Promise<{ size: number; type: 'file' | 'directory' } | undefined> {
        const stat = await orUndefinedIfMissing(vscode.workspace.fs.stat(this.uri(path)));
        return stat && { size: stat.size, type: stat.type & vscode.FileType.Directory ? 'directory' : 'file' };
    }

    async writeFile(path: string, data: Uint8Array): Promise<void> {
        await vscode.workspace.fs.writeFile(this.uri(path), data);
    }

    async rename(from: string, to: string, options: { overwrite: boolean }): Promise<void> {
        await vscode.workspace.fs.rename(this.uri(from), this.uri(to), options);
    }

    async delete(path: string, options: { recursive: boolean }): Promise<void> {
        await vscode.workspace.fs.delete(this.uri(path), { recursive: options.recursive, useTrash: false });
    }

    async createDirectory(path: string): Promise<void> {
        await vscode.workspace.fs.createDirectory(this.uri(path));
    }

    async readDirectory(path: string): Promise<string[] | undefined> {
        const entries = await orUndefinedIfMissing(vscode.workspace.fs.readDirectory(this.uri(path)));
        return entries?.map(([name]) => name);
    }

    /** Entries with their kinds as the provider reports them: a link carries `FileType.SymbolicLink` and is not followed. */
    async listEntries(path: string): Promise<readonly FolderEntry[] | undefined> {
        const entries = await orUndefinedIfMissing(vscode.workspace.fs.readDirectory(this.uri(path)));
        return entries && Promise.all(entries.map(async ([name, type]): Promise<FolderEntry> => {
            const kind = entryKind(type);
            return { name, type: kind, size: kind === 'file' ? (await vscode.workspace.fs.stat(this.uri(`${path}/${name}`))).size : 0 };
        }));
    }

    async entryType(path: string): Promise<FolderEntry['type'] | undefined> {
        const stat = await orUndefinedIfMissing(vscode.workspace.fs.stat(this.uri(path)));
        return stat && entryKind(stat.type);
    }

    async freeBytes(): Promise<number | undefined> {
        if (this.root.scheme !== 'file') {
            return undefined;
        }
        try {
            const stats = await fs.statfs(this.root.fsPath);
            return stats.bavail * stats.bsize;
        } catch {
            return undefined;
        }
    }
}

function entryKind(type: vscode.FileType): FolderEntry['type'] {
    return type & vscode.FileType.SymbolicLink ? 'symbolic-link' : type & vscode.FileType.Directory ? 'directory' : 'file';
}
