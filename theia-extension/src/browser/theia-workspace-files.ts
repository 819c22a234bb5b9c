import URI from '@theia/core/lib/common/uri';
import { BinaryBuffer } from '@theia/core/lib/common/buffer';
import { FileService } from '@theia/filesystem/lib/browser/file-service';
import { FileOperationError, FileOperationResult } from '@theia/filesystem/lib/common/files';
import { FolderEntry, RemovableWorkspace } from '@fs-perf/benchmark-core';

function isNotFound(error: unknown): boolean {
    return error instanceof FileOperationError && error.fileOperationResult === FileOperationResult.FILE_NOT_FOUND;
}

/** A workspace root's files through Theia's `FileService`. */
export class TheiaWorkspaceFiles implements RemovableWorkspace {
    readonly location: string;

    constructor(protected readonly fileService: FileService, readonly root: URI) {
        this.location = root.path.fsPath();
    }

    uri(path: string): URI {
        return path.split('/').filter(part => part.length > 0).reduce((uri, part) => uri.resolve(part), this.root);
    }

    uriOf(path: string): string {
        return this.uri(path).toString();
    }

    describe(path: string): string {
        return this.uri(path).path.fsPath();
    }

    async readFile(path: string): Promise<Uint8Array | undefined> {
        try {
            return (await this.fileService.readFile(this.uri(path))).value.buffer;
        } catch (error) {
            if (isNotFound(error)) {
                return undefined;
            }
            throw error;
        }
    }

    async stat(path: string): Promise<{ size: number; type: 'file' | 'directory' } | undefined> {
        const uri = this.uri(path);
        if (!await this.fileService.exists(uri)) {
            return undefined;
        }
        const stat = await this.fileService.resolve(uri, { resolveMetadata: true });
        return { size: stat.size, type: stat.isDirectory ? 'directory' : 'file' };
    }

    async writeFile(path: string, data: Uint8Array): Promise<void> {
        await this.fileService.writeFile(this.uri(path), BinaryBuffer.wrap(data));
    }

    async rename(from: string, to: string, options: { overwrite: boolean }): Promise<void> {
        await this.fileService.move(this.uri(from), this.uri(to), { overwrite: options.overwrite });
    }

    async delete(path: string, options: { recursive: boolean }): Promise<void> {
        await this.fileService.delete(this.uri(path), { recursive: options.recursive, useTrash: false });
    }

    async createDirectory(path: string): Promise<void> {
        const uri = this.uri(path);
        if (!await this.fileService.exists(uri)) {
            await this.fileService.createFolder(uri);
        }
    }

    async readDirectory(path: string): Promise<string[] | undefined> {
        const uri = this.uri(path);
        if (!await this.fileService.exists(uri)) {
            return undefined;
        }
        const stat = await this.fileService.resolve(uri);
        return stat.children?.map(child => child.name);
    }

    /** One `resolve` per folder; a link is reported by `isSymbolicLink` (whatever it points to) and not followed. */
    async listEntries(path: string): Promise<readonly FolderEntry[] | undefined> {
        const uri = this.uri(path);
        if (!await this.fileService.exists(uri)) {
            return undefined;
        }
        const stat = await this.fileService.resolve(uri, { resolveMetadata: true });
        return stat.children?.map(child => ({ name: child.name, type: entryKind(child), size: entryKind(child) === 'file' ? child.size : 0 }));
    }

    async entryType(path: string): Promise<FolderEntry['type'] | undefined> {
        const uri = this.uri(path);
        return await this.fileService.exists(uri) ? entryKind(await this.fileService.resolve(uri, { resolveMetadata: true })) : undefined;
    }
}

function entryKind(stat: { isSymbolicLink: boolean; isDirectory: boolean }): FolderEntry['type'] {
    return stat.isSymbolicLink ? 'symbolic-link' : stat.isDirectory ? 'directory' : 'file';
}
