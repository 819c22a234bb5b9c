/**
 * What watching a big tree costs an editor's server (issue 39; Theia #12898, the inotify limit reached and
 * `watcherExclude` ignored; VS Code #71945, the watcher at 130% CPU and 2.3 GB): the editor is started on a generated
 * tree as its workspace, once per `files.watcherExclude`, and its server's processes are read from `/proc` from outside
 * (inotify watches, CPU time, memory), while nothing else runs in them. No timed sample is involved.
 */
import { promises as fs } from 'fs';
import * as path from 'path';
import { TreeSize, WatcherLoad, WatcherLoadProcess, WatcherLoadVariant } from '@fs-perf/benchmark-core';
import { generateTrees } from '@fs-perf/test-files';
import { NodeFixtureStore } from '@fs-perf/test-files/lib/node';
import { HostSession } from '../hosts/host-session';
import { DisposableCollection } from '../util/disposable';
import { ProcessUsage, readProcessUsage } from '../util/process-usage';
import { delay, descendantsOf, processCommandLine } from '../util/processes';
import { temporaryFolder } from '../util/workspace';

/** The two openings of the tree: its dependency folder watched, then excluded (`.git`'s internals excluded in both, as both editors do by default). */
export const WATCHER_LOAD_VARIANTS: readonly Pick<WatcherLoadVariant, 'name' | 'watcherExclude'>[] = [
    { name: 'node_modules watched', watcherExclude: { '**/.git/objects/**': true, '**/.git/subtree-cache/**': true, '**/node_modules/**': false, '**/node_modules/*/**': false } },
    { name: 'node_modules excluded', watcherExclude: { '**/.git/objects/**': true, '**/.git/subtree-cache/**': true, '**/node_modules/**': true, '**/node_modules/*/**': true } },
];

/** The watches have settled once their total has not changed for this long. */
export const WATCHES_QUIET_MS = 5_000;
/** How long the idle window lasts, after the watches settled. */
export const WATCHER_IDLE_MS = 10_000;
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

/** Reads the session's server processes until their watches settle, then across the idle window, then across a churn of the dependency folder. */
async function measureOpenTree(session: HostSession, variant: Pick<WatcherLoadVariant, 'name' | 'watcherExclude'>, dependencyFolder: string, quietMs: number, idleMs: number): Promise<WatcherLoadVariant> {
    const ready = performance.now();
    const readings: WatchReading[] = [];
    let settledAt: number | undefined;
    let atSettle: ProcessUsage[] = [];
    while (settledAt === undefined) {
        atSettle = await usages(session.server.pid);
        readings.push({
            atMs: performance.now() - ready, watches: atSettle.reduce((sum, usage) => sum + usage.inotifyWatches, 0),
            cpuMs: atSettle.reduce((sum, usage) => sum + usage.cpuMs, 0),
        });
        settledAt = watchesSettledAt(readings, quietMs);
        if (settledAt === undefined && readings.at(-1)!.atMs > SETTLE_TIMEOUT_MS) {
            throw new Error(`the editor's inotify watches did not settle within ${SETTLE_TIMEOUT_MS / 1000} s (${variant.name}): last counts ${readings.slice(-5).map(reading => reading.watches).join(', ')}, `
                + `${(readings.at(-1)!.cpuMs - readings.at(-5)!.cpuMs).toFixed(0)} ms of CPU over the last 2 s.`);
        }
        await delay(500);
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
    return { ...variant, settledMs: settledAt, quietMs, idleMs, churn, processes };
}

export interface WatcherLoadOptions {
    readonly tree: TreeSize;
    /** Starts the editor on `workspace` with these user settings. */
    readonly start: (workspace: string, settings: Record<string, unknown>) => Promise<HostSession>;
    readonly log: (message: string) => void;
    readonly quietMs?: number;
    readonly idleMs?: number;
    /** Where the tree is generated (default: a new folder in the OS temp folder, removed after). */
    readonly parent?: string;
}

/** Generates the tree, opens it once per variant and returns what each opening cost; removes the tree after. */
export async function measureWatcherLoad(options: WatcherLoadOptions): Promise<WatcherLoad> {
    const toDispose = new DisposableCollection();
    try {
        const folder = await temporaryFolder('fs-perf-watch-tree-', toDispose, options.parent);
        options.log(`generating the ${options.tree.label} tree in ${folder}`);
        const [report] = await generateTrees({ store: new NodeFixtureStore(folder), sizes: [options.tree] });
        const manifest = report.manifest;
        const workspace = path.join(folder, ...manifest.folder.split('/'));
        const variants: WatcherLoadVariant[] = [];
        for (const variant of WATCHER_LOAD_VARIANTS) {
            options.log(`opening the ${options.tree.label} tree (${manifest.files} files, ${manifest.folders} folders), ${variant.name}`);
            const session = await options.start(workspace, { 'files.watcherExclude': variant.watcherExclude });
            try {
                const dependencyFolder = path.join(workspace, ...manifest.dependencyFolder.split('/'));
                const measured = await measureOpenTree(session, variant, dependencyFolder, options.quietMs ?? WATCHES_QUIET_MS, options.idleMs ?? WATCHER_IDLE_MS);
                const watches = measured.processes.reduce((sum, process) => sum + process.inotifyWatches, 0);
                const churnCpu = measured.processes.reduce((sum, process) => sum + (process.churnCpuMs ?? 0), 0);
                options.log(`  ${variant.name}: ${watches} inotify watches, settled ${(measured.settledMs / 1000).toFixed(1)} s after the workbench was ready; `
                    + `${measured.churn!.files} files created and deleted in ${manifest.dependencyFolder}: ${churnCpu.toFixed(0)} ms of CPU`);
                variants.push(measured);
            } finally {
                await session.dispose();
            }
        }
        const dependencies = manifest.perFolder[manifest.dependencyFolder];
        return { tree: options.tree.label, files: manifest.files, folders: manifest.folders, dependencyFolders: dependencies ? dependencies.folders + 1 : 0, variants };
    } finally {
        await toDispose.dispose();
    }
}
