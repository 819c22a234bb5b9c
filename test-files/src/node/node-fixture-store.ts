import { promises as fs } from 'fs';
import * as path from 'path';
import { FixtureWriteError } from '../generator';
import { TreeStore } from '../tree-generator';

/** A {@link FixtureStore} on the local disk; writes go to a temporary file that is renamed into place. */
export class NodeFixtureStore implements TreeStore {
    readonly location: string;

    constructor(readonly directory: string) {
        this.location = path.resolve(directory);
    }

    protected resolve(relativePath: string): string {
        return path.join(this.location, ...relativePath.split('/').filter(part => part.length > 0));
    }

    async readFile(relativePath: string): Promise<Uint8Array | undefined> {
        try {
            return await fs.readFile(this.resolve(relativePath));
        } catch (error) {
            if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR' || errorCode(error) === 'EISDIR') {
                return undefined;
            }
            throw error;
        }
    }

    async writeFile(relativePath: string, data: Uint8Array): Promise<void> {
        const target = this.resolve(relativePath);
        const temporary = `${target}.tmp-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
        try {
            await fs.writeFile(temporary, data);
            await fs.rename(temporary, target);
        } catch (error) {
            await fs.rm(temporary, { force: true }).catch(() => undefined);
            throw this.explain(error, target);
        }
    }

    async createDirectory(relativePath: string): Promise<void> {
        const target = this.resolve(relativePath);
        try {
            await fs.mkdir(target, { recursive: true });
        } catch (error) {
            throw this.explain(error, target);
        }
    }

    async writeNewFile(relativePath: string, data: Uint8Array): Promise<void> {
        const target = this.resolve(relativePath);
        try {
            await fs.writeFile(target, data);
        } catch (error) {
            throw this.explain(error, target);
        }
    }

    /** Removes a folder and all it holds; links inside are removed as links, never followed. */
    async removeDirectory(relativePath: string): Promise<void> {
        const target = this.resolve(relativePath);
        try {
            await fs.rm(target, { recursive: true, force: true });
        } catch (error) {
            throw this.explain(error, target);
        }
    }

    async freeBytes(): Promise<number | undefined> {
        // The folder may not exist yet: ask about its nearest existing ancestor.
        let candidate = this.location;
        for (;;) {
            try {
                const stats = await fs.statfs(candidate);
                return stats.bavail * stats.bsize;
            } catch {
                const parent = path.dirname(candidate);
                if (parent === candidate) {
                    return undefined;
                }
                candidate = parent;
            }
        }
    }

    protected explain(error: unknown, target: string): Error {
        switch (errorCode(error)) {
            case 'EACCES':
            case 'EPERM':
                return new FixtureWriteError(`Cannot write ${target}: permission denied. Choose a folder you can write to (--out DIR).`);
            case 'EROFS':
                return new FixtureWriteError(`Cannot write ${target}: the file system is read-only. Choose another folder (--out DIR).`);
            case 'ENOTDIR':
            case 'EEXIST':
                return new FixtureWriteError(`Cannot write ${target}: part of that path is a file, not a folder. Choose another folder (--out DIR).`);
            case 'EISDIR':
                return new FixtureWriteError(`Cannot write ${target}: a folder of that name is in the way. Move it or choose another folder (--out DIR).`);
            case 'ENOSPC':
                return new FixtureWriteError(`Cannot write ${target}: the disk is full. Free some space or choose another folder (--out DIR).`);
            default:
                return error instanceof Error ? error : new Error(String(error));
        }
    }
}

function errorCode(error: unknown): string | undefined {
    return (error as NodeJS.ErrnoException | undefined)?.code;
}
