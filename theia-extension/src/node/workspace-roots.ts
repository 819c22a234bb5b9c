import { promises as fs } from 'fs';
import * as path from 'path';
import { inject, injectable } from '@theia/core/shared/inversify';
import { FileUri } from '@theia/core/lib/common/file-uri';
import { WorkspaceServer } from '@theia/workspace/lib/common/workspace-protocol';
import { WorkspaceFileService } from '@theia/workspace/lib/common/workspace-file-service';

export const WorkspaceRootsProvider = Symbol('WorkspaceRootsProvider');

/** The root folders of the open workspace, the only places fs-perf reads from. */
export interface WorkspaceRootsProvider {
    /** Absolute file-system paths of the workspace's root folders; empty when no workspace is open. */
    getRoots(): Promise<string[]>;
}

/**
 * The roots of the workspace the backend's {@link WorkspaceServer} opened most recently: the folder itself,
 * or the folders listed in a workspace file (`*.theia-workspace`, `*.code-workspace`). With several windows
 * on one backend this is the most recently opened window's workspace.
 */
@injectable()
export class WorkspaceServerRootsProvider implements WorkspaceRootsProvider {

    @inject(WorkspaceServer) protected readonly workspaceServer: WorkspaceServer;
    @inject(WorkspaceFileService) protected readonly workspaceFileService: WorkspaceFileService;

    async getRoots(): Promise<string[]> {
        const workspaceUri = await this.workspaceServer.getMostRecentlyUsedWorkspace();
        if (!workspaceUri) {
            return [];
        }
        const workspacePath = FileUri.fsPath(workspaceUri);
        const stats = await fs.stat(workspacePath).catch(() => undefined);
        if (stats?.isDirectory()) {
            return [workspacePath];
        }
        if (stats?.isFile() && this.workspaceFileService.getWorkspaceFileExtensions(true).includes(path.extname(workspacePath))) {
            return this.readWorkspaceFileRoots(workspacePath);
        }
        // Deleted since it was opened, or not a workspace at all: nothing is readable.
        return [];
    }

    protected async readWorkspaceFileRoots(workspaceFilePath: string): Promise<string[]> {
        let folders: unknown;
        try {
            folders = (JSON.parse(stripJsonComments(await fs.readFile(workspaceFilePath, 'utf8'))) as { folders?: unknown } | undefined)?.folders;
        } catch (error) {
            throw new Error(`Cannot read the workspace file ${workspaceFilePath}: ${(error as Error).message}. `
                + 'Fix the file or open a folder as the workspace.');
        }
        if (!Array.isArray(folders)) {
            throw new Error(`The workspace file ${workspaceFilePath} has no "folders" list. Fix the file or open a folder as the workspace.`);
        }
        const base = path.dirname(workspaceFilePath);
        return folders
            .map(folder => (folder as { path?: unknown } | undefined)?.path)
            .filter((folderPath): folderPath is string => typeof folderPath === 'string' && folderPath.length > 0)
            // Theia writes `file:` URIs for folders it cannot express relative to the file; VS Code writes paths.
            .map(folderPath => folderPath.startsWith('file:') ? FileUri.fsPath(folderPath) : path.resolve(base, folderPath));
    }
}

/**
 * Workspace files are JSON with comments and trailing commas (as VS Code and Theia write them): drops
 * both outside of strings so `JSON.parse` can read the rest.
 */
export function stripJsonComments(text: string): string {
    return removeOutsideStrings(removeOutsideStrings(text, /\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$)/y), /,(?=\s*[}\]])/y);
}

/** Removes the matches of the sticky `pattern` that start outside of JSON strings. */
function removeOutsideStrings(text: string, pattern: RegExp): string {
    let result = '';
    let index = 0;
    while (index < text.length) {
        if (text[index] === '"') {
            let end = index + 1;
            while (end < text.length && text[end] !== '"') {
                end += text[end] === '\\' ? 2 : 1;
            }
            result += text.slice(index, end + 1);
            index = end + 1;
            continue;
        }
        pattern.lastIndex = index;
        const match = pattern.exec(text);
        if (match) {
            index += match[0].length;
        } else {
            result += text[index++];
        }
    }
    return result;
}
