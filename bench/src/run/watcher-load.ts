/**
 * What watching a big tree costs an editor's server (issue 39; Theia #12898, the inotify limit reached and
 * `watcherExclude` ignored; VS Code #71945, the watcher at 130% CPU and 2.3 GB): the editor is started on a generated
 * tree as its workspace, once per `files.watcherExclude`, and its server's processes are read from `/proc` from outside
 * (inotify watches, CPU time, memory), while nothing else runs in them. No timed sample is involved.
 */
import { promises as fs } from 'fs';
import * as path from 'path';
import { TreeManifest, TreeSize, WatcherLoad, WatcherLoadProcess, WatcherLoadVariant } from '@fs-perf/benchmark-core';
import { generateTrees } from '@fs-perf/test-files';
import { NodeFixtureStore } from '@fs-perf/test-files/lib/node';
import { HostSession } from '../hosts/host-session';
import { DisposableCollection } from '../util/disposable';
import { ProcessUsage, readProcessUsage } from '../util/process-usage';
import { delay, descendantsOf, processCommandLine } from '../util/processes';
import { temporaryFolder } from '../util/workspace';

const WATCHED = { '**/.git/objects/**': true, '**/.git/subtree-cache/**': true, '**/node_modules/**': false, '**/node_modules/*/**': false };
const EXCLUDED = { '**/.git/objects/**': true, '**/.git/subtree-cache/**': true, '**/node_modules/**': true, '**/node_modules/*/**': true };

/** An opening of the tree: its exclude, where it is written, and (to change it while the editor runs) the exclude the editor starts with. */
export interface WatcherLoadVariantSpec extends Pick<WatcherLoadVariant, 'name' | 'watcherExclude'> {
    readonly settingsScope: 'user' | 'workspace';
    /** Start with this exclude in the user's settings, let the watches settle, then write `watcherExclude` there while the editor runs. */
    readonly startedWith?: Record<string, boolean>;
}

/**
 * The openings of the tree (`.git`'s internals excluded in all, as both editors do by default): its dependency folder
 * watched; excluded in the user's settings (as fs-perf sets every setting); excluded in the workspace's
 * `.vscode/settings.json` (as a user sets it for one project, read by both editors); and excluded in the user's settings
 * while the editor runs, after its watches settled with the folder watched (Theia #17699).
 */
export const WATCHER_LOAD_VARIANTS: readonly WatcherLoadVariantSpec[] = [
    { name: 'node_modules watched', watcherExclude: WATCHED, settingsScope: 'user' },
    { name: 'node_modules excluded', watcherExclude: EXCLUDED, settingsScope: 'user' },
    { name: 'node_modules excluded in the workspace', watcherExclude: EXCLUDED, settingsScope: 'workspace' },
    { name: 'node_modules excluded while running', watcherExclude: EXCLUDED, settingsScope: 'user', startedWith: WATCHED },
];

/** Where a workspace's settings are written for the variant excluded there: the folder both VS Code and Theia read. */
export const WORKSPACE_SETTINGS_FILE = ['.vscode', 'settings.json'] as const;

/** The scenario word of a watch count, as `--cell` names it: `Theia browser, inotify watches, node_modules excluded`. */
export const WATCH_COUNT_SCENARIO = 'inotify watches';

/** The watches have settled once their total has not changed for this long. */
export const WATCHES_QUIET_MS = 5_000;
/** How long the idle window lasts, after the watches settled. */
export const WATCHER_IDLE_MS = 10_000;
/** After the setting is changed while the editor runs, the watches count as settled no sooner than this (the editor reads the file first). */
export const CHANGE_GRACE_MS = 10_000;
/** A watch count still changing after this long fails the host. */
const SETTLE_TIMEOUT_MS = 300_000;
/** With no watch at all, how long to wait for a watcher to start before the count of zero is taken as settled. */
const FIRST_WATCH_GRACE_MS = 30_000;

/** The churn: files of {@link CHURN_FILE_BYTES} created, then deleted, in each of up to {@link CHURN_FOLDERS} packages of the dependency folder. */
export const CHURN_FILES_PER_FOLDER = 100;
export const CHURN_FOLDERS = 10;
const CHURN_FILE_BYTES = 1024;
/** After the churn's last deletion, how long its CPU is still counted: both editors' watchers batch events for up to 500 ms. */
export const CHURN_TAIL_MS = 5_000;

/** The server's processes may use at most this share of one core over the quiet time for their watches to count as settled. */
export const QUIET_CPU_SHARE = 0.1;

export interface WatchReading {
    /** ms since the workbench was ready. */
    readonly atMs: number;
    /** inotify watches over all the server's processes. */
    readonly watches: number;
    /** CPU time the server's processes had used, ms (summed over those alive at the reading). */
    readonly cpuMs: number;
}

/**
 * When the watches settled: the time of the reading since which their total has not changed, once that has lasted
 * `quietMs` and the processes used at most {@link QUIET_CPU_SHARE} of a core over the last `quietMs` (a watcher may crawl
 * the whole tree before it places its first watch), and with no watch at all not before `graceMs`; undefined while they
 * may still change.
 */
export function watchesSettledAt(readings: readonly WatchReading[], quietMs: number, graceMs = FIRST_WATCH_GRACE_MS): number | undefined {
    const last = readings.at(-1);
    if (!last) {
        return undefined;
    }
    let since = readings.length - 1;
    while (since > 0 && readings[since - 1].watches === last.watches) {
        since--;
    }
    const settledAt = readings[since].atMs;
    const windowStart = readings.find(reading => reading.atMs >= last.atMs - quietMs)!;
    const busy = last.cpuMs - windowStart.cpuMs > QUIET_CPU_SHARE * (last.atMs - windowStart.atMs);
    if (last.atMs - settledAt < quietMs || busy || (last.watches === 0 && last.atMs < graceMs)) {
        return undefined;
    }
    return settledAt;
}

/** What a server process is, from its command line (Theia's backend and plugin host, VS Code's server and its forks). */
export function processRole(commandLine: string): string {
    const roles: [RegExp, string][] = [
        [/--type=fileWatcher|--watchOptions=|watcherMain|parcel-watcher/, 'file watcher'],
        [/--type=extensionHost/, 'extension host'],
        [/--type=ptyHost/, 'pty host'],
        [/plugin-host|pluginHost/, 'plugin host'],
        [/lib\/backend\/main\.js|src-gen\/backend\/main/, 'backend'],
        [/out\/node\/entry(\.js)? --/, 'code-server launcher'],
        [/out\/node\/entry(\.js)?\s*$|server-main/, 'server'],
    ];
    const found = roles.find(([pattern]) => pattern.test(commandLine))?.[1];
    if (found) {
        return found;
    }
    // Else the program's name, or the script's where the program is Node (`jsonServerMain`, `bash`).
    const [program, script] = commandLine.trim().split(/\s+/).filter(part => !part.startsWith('--'));
    const name = (part: string | undefined): string | undefined => part?.split('/').pop() || undefined;
    return (/^node(js)?$/.test(name(program) ?? '') ? name(script) : undefined) ?? name(program) ?? 'process';
}

async function usages(rootPid: number): Promise<ProcessUsage[]> {
    const all = await Promise.all([rootPid, ...await descendantsOf(rootPid)].map(readProcessUsage));
    return all.filter((usage): usage is ProcessUsage => usage !== undefined);
}

/**
 * What an `npm install` does to an open workspace, in small: files created, then deleted, in up to {@link CHURN_FOLDERS}
 * package folders of `dependencyFolder` (made by this process, outside the editor), one after another; the folders are
 * left as they were. Returns the files made and the folders they were made in.
 */
export async function churnDependencies(dependencyFolder: string, filesPerFolder = CHURN_FILES_PER_FOLDER): Promise<{ files: number; folders: number }> {
    const entries = await fs.readdir(dependencyFolder, { withFileTypes: true });
    const packages = entries.filter(entry => entry.isDirectory()).map(entry => path.join(dependencyFolder, entry.name)).sort().slice(0, CHURN_FOLDERS);
    const folders = packages.length > 0 ? packages : [dependencyFolder];
    const made = folders.flatMap(folder => Array.from({ length: filesPerFolder }, (_, index) => path.join(folder, `fs-perf-churn-${index}.js`)));
    const content = Buffer.alloc(CHURN_FILE_BYTES, 'x');
    for (const file of made) {
        await fs.writeFile(file, content, { flag: 'wx' });
    }
    for (const file of made) {
        await fs.unlink(file);
    }
    return { files: made.length, folders: folders.length };
}

/** The total of the server processes' watches. */
function watchesOf(usages: readonly { readonly inotifyWatches: number }[]): number {
    return usages.reduce((sum, usage) => sum + usage.inotifyWatches, 0);
}

/**
 * Reads the session's server processes every 500 ms until their watches settle ({@link watchesSettledAt}), not before
 * `notBeforeMs`; returns when they settled (ms since the call) and the processes as read then.
 */
async function untilSettled(session: HostSession, name: string, quietMs: number, notBeforeMs = 0): Promise<{ settledAt: number; atSettle: ProcessUsage[] }> {
    const since = performance.now();
    const readings: WatchReading[] = [];
    for (;;) {
        const atSettle = await usages(session.server.pid);
        readings.push({ atMs: performance.now() - since, watches: watchesOf(atSettle), cpuMs: atSettle.reduce((sum, usage) => sum + usage.cpuMs, 0) });
        const settledAt = readings.at(-1)!.atMs >= notBeforeMs ? watchesSettledAt(readings, quietMs) : undefined;
        if (settledAt !== undefined) {
            return { settledAt, atSettle };
        }
        if (readings.at(-1)!.atMs > SETTLE_TIMEOUT_MS) {
            throw new Error(`the editor's inotify watches did not settle within ${SETTLE_TIMEOUT_MS / 1000} s (${name}): last counts ${readings.slice(-5).map(reading => reading.watches).join(', ')}, `
                + `${(readings.at(-1)!.cpuMs - readings.at(-5)!.cpuMs).toFixed(0)} ms of CPU over the last 2 s.`);
        }
        await delay(500);
    }
}

/** Sets `files.watcherExclude` in a settings file (JSON, as the bench wrote it), keeping its other settings. */
export async function writeWatcherExclude(settingsFile: string, watcherExclude: Record<string, boolean>): Promise<void> {
    const settings = JSON.parse(await fs.readFile(settingsFile, 'utf8')) as Record<string, unknown>;
    await fs.writeFile(settingsFile, JSON.stringify({ ...settings, 'files.watcherExclude': watcherExclude }, undefined, 2));
}

/**
 * Reads the session's server processes until their watches settle (with `startedWith`: settle, write the variant's
 * exclude into the user's settings while the editor runs, and settle again), then across the idle window, then across a
 * churn of the dependency folder.
 */
async function measureOpenTree(session: HostSession, variant: WatcherLoadVariantSpec, dependencyFolder: string, quietMs: number, idleMs: number): Promise<WatcherLoadVariant> {
    let { settledAt, atSettle } = await untilSettled(session, variant.name, quietMs);
    let changedWhileRunning: WatcherLoadVariant['changedWhileRunning'];
    if (variant.startedWith) {
        const settingsFile = session.userSettingsFile;
        if (!settingsFile) {
            throw new Error(`this editor's user settings file is unknown, so its exclude cannot be changed while it runs (${variant.name}).`);
        }
        const before = { from: variant.startedWith, watchesBefore: watchesOf(atSettle), settledBeforeMs: settledAt };
        await writeWatcherExclude(settingsFile, variant.watcherExclude);
        ({ settledAt, atSettle } = await untilSettled(session, variant.name, quietMs, CHANGE_GRACE_MS));
        changedWhileRunning = before;
    }
    await delay(idleMs);
    const atEnd = await usages(session.server.pid);
    const churnStart = performance.now();
    const churned = await churnDependencies(dependencyFolder);
    await delay(CHURN_TAIL_MS);
    const churn = { ...churned, ms: performance.now() - churnStart, tailMs: CHURN_TAIL_MS };
    const atChurnEnd = await usages(session.server.pid);
    const processes: WatcherLoadProcess[] = [];
    for (const start of atSettle) {
        const end = atEnd.find(usage => usage.pid === start.pid);
        const commandLine = await processCommandLine(start.pid);
        if (!end || commandLine === undefined) {
            continue;
        }
        const churnEnd = atChurnEnd.find(usage => usage.pid === start.pid);
        processes.push({
            role: processRole(commandLine), pid: start.pid, inotifyWatches: start.inotifyWatches, cpuMs: start.cpuMs,
            idleCpuMs: Math.max(0, end.cpuMs - start.cpuMs), rssKiB: end.rssKiB, peakRssKiB: end.peakRssKiB,
            ...churnEnd ? { churnCpuMs: Math.max(0, churnEnd.cpuMs - end.cpuMs) } : {},
        });
    }
    if (processes.length === 0) {
        throw new Error(`no process of the editor's server was left to read after the idle window (${variant.name}).`);
    }
    return {
        name: variant.name, watcherExclude: variant.watcherExclude, settingsScope: variant.settingsScope, ...changedWhileRunning ? { changedWhileRunning } : {},
        settledMs: settledAt, quietMs, idleMs, churn, processes,
    };
}

/** How an opening starts the editor: on `workspace`, with these user settings. */
export type StartOnTree = (workspace: string, settings: Record<string, unknown>) => Promise<HostSession>;

export interface WatcherLoadOptions {
    readonly tree: TreeSize;
    /** Starts the editor on `workspace` with these user settings. */
    readonly start: StartOnTree;
    readonly log: (message: string) => void;
    readonly quietMs?: number;
    readonly idleMs?: number;
    /** Where the tree is generated (default: a new folder in the OS temp folder, removed after). */
    readonly parent?: string;
    /** The openings (default: {@link WATCHER_LOAD_VARIANTS}). */
    readonly variants?: readonly WatcherLoadVariantSpec[];
}

/** A generated tree to open: its workspace folder and what it holds. */
export interface WatchTree {
    readonly label: string;
    readonly workspace: string;
    readonly manifest: TreeManifest;
}

/** Generates the tree in a new folder (under `parent`, else the OS temp folder) that `toDispose` removes. */
export async function generateWatchTree(tree: TreeSize, toDispose: DisposableCollection, log: (message: string) => void, parent?: string): Promise<WatchTree> {
    const folder = await temporaryFolder('fs-perf-watch-tree-', toDispose, parent);
    log(`generating the ${tree.label} tree in ${folder}`);
    const [report] = await generateTrees({ store: new NodeFixtureStore(folder), sizes: [tree] });
    return { label: tree.label, workspace: path.join(folder, ...report.manifest.folder.split('/')), manifest: report.manifest };
}

/** Opens the tree once per variant (the editor started afresh each time) and returns what each opening cost. */
export async function measureOpenings(tree: WatchTree, options: Omit<WatcherLoadOptions, 'tree' | 'parent'>): Promise<WatcherLoad> {
    const { workspace, manifest } = tree;
    const variants: WatcherLoadVariant[] = [];
    for (const variant of options.variants ?? WATCHER_LOAD_VARIANTS) {
        options.log(`opening the ${tree.label} tree (${manifest.files} files, ${manifest.folders} folders), ${variant.name}`);
        const workspaceSettings = path.join(workspace, ...WORKSPACE_SETTINGS_FILE);
        const inWorkspace = variant.settingsScope === 'workspace';
        if (inWorkspace) {
            // Made here and removed after this opening (mkdir fails where the tree has the folder already).
            await fs.mkdir(path.dirname(workspaceSettings));
            await fs.writeFile(workspaceSettings, JSON.stringify({ 'files.watcherExclude': variant.watcherExclude }, undefined, 2));
        }
        try {
            const session = await options.start(workspace, variant.settingsScope === 'user' ? { 'files.watcherExclude': variant.startedWith ?? variant.watcherExclude } : {});
            try {
                const dependencyFolder = path.join(workspace, ...manifest.dependencyFolder.split('/'));
                const measured = await measureOpenTree(session, variant, dependencyFolder, options.quietMs ?? WATCHES_QUIET_MS, options.idleMs ?? WATCHER_IDLE_MS);
                const churnCpu = measured.processes.reduce((sum, process) => sum + (process.churnCpuMs ?? 0), 0);
                const change = measured.changedWhileRunning;
                options.log(`  ${variant.name}: ${watchesOf(measured.processes)} inotify watches, settled ${(measured.settledMs / 1000).toFixed(1)} s after `
                    + (change ? `the setting changed (${change.watchesBefore} before it); ` : 'the workbench was ready; ')
                    + `${measured.churn!.files} files created and deleted in ${manifest.dependencyFolder}: ${churnCpu.toFixed(0)} ms of CPU`);
                variants.push(measured);
            } finally {
                await session.dispose();
            }
        } finally {
            if (inWorkspace) {
                await fs.rm(path.dirname(workspaceSettings), { recursive: true, force: true });
            }
        }
    }
    const dependencies = manifest.perFolder[manifest.dependencyFolder];
    return { tree: tree.label, files: manifest.files, folders: manifest.folders, dependencyFolders: dependencies ? dependencies.folders + 1 : 0, variants };
}

/** Generates the tree, opens it once per variant and returns what each opening cost; removes the tree after. */
export async function measureWatcherLoad(options: WatcherLoadOptions): Promise<WatcherLoad> {
    const toDispose = new DisposableCollection();
    try {
        return await measureOpenings(await generateWatchTree(options.tree, toDispose, options.log, options.parent), options);
    } finally {
        await toDispose.dispose();
    }
}
