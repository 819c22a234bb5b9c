import { WATCH_FOLDER_PREFIX } from '../measure/watch-events';
import { normalizeWorkspaceRelativePath, SETTING_KEYS } from '../settings/settings';
import { EditorFrontEnd, SessionWorkspace } from './front-end';
import { FS_PERF_FOLDER, joinPath } from './workspace-files';

/** An entry of a folder as listed without following symbolic links. */
export interface FolderEntry {
    readonly name: string;
    /** A link is `symbolic-link` whatever it points to: it is never followed. */
    readonly type: 'file' | 'directory' | 'symbolic-link';
    /** Bytes of a file; 0 for a folder or a link. */
    readonly size: number;
}

/**
 * A workspace folder that "Remove Test Files" can look into: listing that never follows a link, so what is counted
 * and removed stays inside `.fs-perf/`. Each extension implements it over its editor's API.
 */
export interface RemovableWorkspace extends SessionWorkspace {
    /** The entries of a folder, or undefined when it does not exist. */
    listEntries(path: string): Promise<readonly FolderEntry[] | undefined>;
    /** The kind of `path` itself (a link not followed), or undefined when nothing is there. */
    entryType(path: string): Promise<FolderEntry['type'] | undefined>;
}

/** What `.fs-perf/` holds: what the confirmation tells the person, and what the command returns. */
export interface TestFilesInventory {
    /** Workspace-relative path of the folder (`.fs-perf`). */
    readonly folder: string;
    readonly files: number;
    readonly bytes: number;
    readonly folders: number;
    /** Symbolic links inside: removed as links, their targets untouched. */
    readonly links: number;
}

/** Options of the command for a caller other than the palette. */
export interface RemoveTestFilesOptions {
    /** False removes without asking (a caller that already asked, or a test); the palette always asks. */
    readonly confirm?: boolean;
}

export type RemoveOutcome =
    | { readonly status: 'removed'; readonly inventory: TestFilesInventory; readonly folder: string }
    | { readonly status: 'cancelled' }
    | { readonly status: 'failed'; readonly message: string }
    | { readonly status: 'refused'; readonly message: string };

/** The label of the confirmation's button. */
export const REMOVE_ACTION_LABEL = 'Remove';

/** The refusals of "Remove Test Files", each naming what it was given. */
export const RemovalRefusals = {
    noWorkspace: 'FS Perf: Remove Test Files needs an open folder: it removes the .fs-perf folder of the workspace, and no folder is open.',
    running: (what: string): string =>
        `FS Perf cannot remove the test files while it is ${what}: wait for it to finish or cancel it from its notification.`,
    link: (location: string): string =>
        `FS Perf did not remove ${location}: it is a symbolic link, and FS Perf removes only a .fs-perf folder of its own, never what a link points to.`,
    notFolder: (location: string): string => `FS Perf did not remove ${location}: it is a file, not the folder FS Perf writes.`,
    nothing: (location: string): string => `FS Perf: there is nothing to remove: ${location} does not exist.`,
} as const;

/** Counts what `folder` holds, links not followed. */
export async function inventoryTestFiles(workspace: RemovableWorkspace, folder = FS_PERF_FOLDER): Promise<TestFilesInventory> {
    const counts = { folder, files: 0, bytes: 0, folders: 0, links: 0 };
    const visit = async (path: string): Promise<void> => {
        for (const entry of await workspace.listEntries(path) ?? []) {
            if (entry.type === 'directory') {
                counts.folders++;
                await visit(joinPath(path, entry.name));
            } else if (entry.type === 'symbolic-link') {
                counts.links++;
            } else {
                counts.files++;
                counts.bytes += entry.size;
            }
        }
    };
    await visit(folder);
    return counts;
}

/**
 * The watch suite's temporary folders (`.fs-perf-watch-<stamp>/`, at the workspace's top because `.fs-perf/` is left out
 * of watching) that a run stopped before its clean-up left behind: folders only, never a link or a file of that name.
 */
export async function leftoverWatchFolders(workspace: RemovableWorkspace): Promise<string[]> {
    const folders: string[] = [];
    for (const name of (await workspace.readDirectory('') ?? []).filter(entry => entry.startsWith(WATCH_FOLDER_PREFIX)).sort()) {
        if (await workspace.entryType(name) === 'directory') {
            folders.push(name);
        }
    }
    return folders;
}

/** Two inventories as one: what the confirmation and the summary count. */
function addInventories(first: TestFilesInventory, second: TestFilesInventory): TestFilesInventory {
    return {
        folder: first.folder, files: first.files + second.files, bytes: first.bytes + second.bytes,
        folders: first.folders + second.folders + 1, links: first.links + second.links,
    };
}

/** "16.2 MB" (MB = 10^6 bytes, as file managers show it); below 0.1 MB in kB. */
export function describeBytes(bytes: number): string {
    if (bytes < 100_000) {
        return `${Math.round(bytes / 1000)} kB`;
    }
    return `${(bytes / 1e6).toFixed(bytes < 10e6 ? 2 : 1)} MB`;
}

/** "1,013 files (16.2 MB) in 4 folders, and 1 symbolic link (removed as a link; what it points to stays)". */
export function describeInventory(inventory: TestFilesInventory): string {
    const files = `${inventory.files.toLocaleString('en-US')} file${inventory.files === 1 ? '' : 's'} (${describeBytes(inventory.bytes)})`;
    const folders = inventory.folders > 0 ? ` in ${inventory.folders} folder${inventory.folders === 1 ? '' : 's'}` : '';
    const links = inventory.links === 0 ? '' : inventory.links === 1 ? ', and 1 symbolic link (removed as a link; what it points to stays)'
        : `, and ${inventory.links} symbolic links (removed as links; what they point to stays)`;
    return `${files}${folders}${links}`;
}

/** The confirmation: what is removed, how much, and what is kept. */
export function removalConfirmation(location: string, inventory: TestFilesInventory, fixturesFolderSetting?: unknown): { message: string; detail: string } {
    const kept = fixturesOutside(fixturesFolderSetting);
    return {
        message: `Remove ${location}? ${describeInventory(inventory)}: the test files and results FS Perf wrote. This cannot be undone.`,
        detail: 'Nothing outside this folder is touched.'
            + (kept ? ` The test files of the setting 'fsPerf.fixturesFolder' (${kept}) lie outside it and stay.` : '')
            + ' Generate Test Files writes the test files again.',
    };
}

/** The configured fixtures folder when it lies outside `.fs-perf/` (and so is not removed). */
function fixturesOutside(setting: unknown): string | undefined {
    if (typeof setting !== 'string' || setting === '') {
        return undefined;
    }
    try {
        const folder = normalizeWorkspaceRelativePath(setting);
        return folder === FS_PERF_FOLDER || folder.startsWith(`${FS_PERF_FOLDER}/`) ? undefined : folder;
    } catch {
        return undefined;
    }
}

/**
 * "Remove Test Files": removes the workspace folder's `.fs-perf/` (test files and results), and the watch folders a stopped
 * run left at the workspace's top ({@link leftoverWatchFolders}), after a confirmation that says how much; refuses without
 * a folder, or when `.fs-perf` is a link or a file. The caller keeps other operations out.
 */
export async function removeTestFiles(frontEnd: EditorFrontEnd<RemovableWorkspace>, options: RemoveTestFilesOptions = {}): Promise<RemoveOutcome> {
    const refuse = (message: string, severity: 'info' | 'error' = 'error'): RemoveOutcome => {
        frontEnd.notify(severity, message, ...(severity === 'error' && message === RemovalRefusals.noWorkspace ? [frontEnd.actions.openFolder] : []));
        return { status: 'refused', message };
    };
    const workspace = await frontEnd.workspace();
    if (!workspace) {
        return refuse(RemovalRefusals.noWorkspace);
    }
    const location = workspace.describe(FS_PERF_FOLDER);
    try {
        const type = await workspace.entryType(FS_PERF_FOLDER);
        if (type !== undefined && type !== 'directory') {
            return refuse(type === 'symbolic-link' ? RemovalRefusals.link(location) : RemovalRefusals.notFolder(location));
        }
        const leftovers = await leftoverWatchFolders(workspace);
        if (type === undefined && leftovers.length === 0) {
            return refuse(RemovalRefusals.nothing(location), 'info');
        }
        const folders = [...type === undefined ? [] : [FS_PERF_FOLDER], ...leftovers];
        const inventories = await Promise.all(folders.map(folder => inventoryTestFiles(workspace, folder)));
        const inventory = inventories.reduce(addInventories);
        const what = folders.length === 1 ? workspace.describe(folders[0]) : `${type === undefined ? '' : `${location} and `}${describeWatchFolders(workspace, leftovers)}`;
        if (options.confirm !== false) {
            if (!frontEnd.confirm) {
                return refuse(`FS Perf: ${frontEnd.editorName} cannot ask for a confirmation, so ${what} ${folders.length === 1 ? 'was' : 'were'} not removed.`);
            }
            const { message, detail } = removalConfirmation(what, inventory, frontEnd.readSetting(SETTING_KEYS.fixturesFolder));
            if (!await frontEnd.confirm(message, detail, REMOVE_ACTION_LABEL)) {
                return { status: 'cancelled' };
            }
        }
        for (const folder of folders) {
            await workspace.delete(folder, { recursive: true });
        }
        const summary = `FS Perf: removed ${what}: ${describeInventory(inventory)}.`;
        frontEnd.appendLine(`[${new Date().toISOString()}] ${summary.replace(/^FS Perf: r/, 'R')}`);
        frontEnd.notify('info', summary);
        return { status: 'removed', inventory, folder: workspace.uriOf(folders[0]) };
    } catch (error) {
        const message = `FS Perf could not remove ${location}: ${(error as Error).message}`;
        frontEnd.notify('error', message);
        return { status: 'failed', message };
    }
}

/** "the watch folder /w/.fs-perf-watch-a a stopped run left", or "2 watch folders a stopped run left (/w/.fs-perf-watch-a, ...)". */
function describeWatchFolders(workspace: RemovableWorkspace, folders: readonly string[]): string {
    return folders.length === 1 ? `the watch folder ${workspace.describe(folders[0])} a stopped run left`
        : `${folders.length} watch folders a stopped run left (${folders.map(folder => workspace.describe(folder)).join(', ')})`;
}
