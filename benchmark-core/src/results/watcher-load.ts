import { z } from 'zod';

const count = z.number().int().nonnegative();
const ms = z.number().finite().nonnegative();

/** One process of the editor's server while it watched the tree: what it held and spent, read from Linux's `/proc`. */
export const watcherLoadProcessSchema = z.object({
    /** What the process is, from its command line: `backend`, `file watcher`, `extension host`, ... */
    role: z.string().min(1),
    pid: z.number().int().positive(),
    /** inotify watches it held once the watches settled (each is one folder watched): exact, from `/proc/<pid>/fdinfo`. */
    inotifyWatches: count,
    /** CPU time it had used when the watches settled, since it started (user + system of all its threads, `/proc/<pid>/stat`, 10 ms steps). */
    cpuMs: ms,
    /** CPU time it used in the idle window after that (nothing changed on disk). */
    idleCpuMs: ms,
    /** Resident memory at the end of the idle window, and its peak since the process started (`VmRSS`, `VmHWM`), KiB. */
    rssKiB: count,
    peakRssKiB: count,
    /** CPU time it used from the churn's start (files created, then deleted, in the dependency folder) to the end of its tail (absent in runs before the churn). */
    churnCpuMs: ms.optional(),
});

/** The churn after the idle window: files created one after another, then deleted, in package folders of the dependency folder, by the bench (outside the editor). */
export const watcherLoadChurnSchema = z.object({
    /** Files created then deleted (each once). */
    files: count,
    /** Package folders of the dependency folder they were made in. */
    folders: count,
    /** ms from the first creation to the end of the tail after the last deletion: the window `churnCpuMs` covers. */
    ms,
    /** The tail: how long after the last deletion the CPU was still counted (the watchers batch events). */
    tailMs: ms,
});

/** One opening of the tree: the editor started on it with one `files.watcherExclude`. */
export const watcherLoadVariantSchema = z.object({
    /** A short name: `node_modules watched`, `node_modules excluded`. */
    name: z.string().min(1),
    /** The `files.watcherExclude` setting in force when the watches were read (patterns to true: excluded). */
    watcherExclude: z.record(z.string(), z.boolean()),
    /** Where that setting was written: the user's settings (absent in runs before it was recorded: the user's too) or the workspace's (`.vscode/settings.json`). */
    settingsScope: z.enum(['user', 'workspace']).optional(),
    /**
     * When the setting was written while the editor ran (Theia #17699): the exclude it was started with, and the watches it
     * held once they had settled with that one. `settledMs` then counts from the change.
     */
    changedWhileRunning: z.object({ from: z.record(z.string(), z.boolean()), watchesBefore: count, settledBeforeMs: ms }).optional(),
    /** ms from the workbench being ready to the watches settling (unchanged for `quietMs`), polled. */
    settledMs: ms,
    quietMs: ms,
    /** Length of the idle window, ms. */
    idleMs: ms,
    /** The churn of the dependency folder after the idle window (absent in runs before it). */
    churn: watcherLoadChurnSchema.optional(),
    processes: z.array(watcherLoadProcessSchema).min(1),
});

/**
 * (v11) What watching a big tree costs the editor's server (`yarn bench --suite watch`, its `--watch-tree`): the editor
 * opened on a generated tree as its workspace, once per exclude, and its processes read from outside (never inside a
 * timed sample). Written by the bench.
 */
export const watcherLoadSchema = z.object({
    /** The tree's size label (`100k`), and what it holds. */
    tree: z.string().min(1),
    files: count,
    folders: count,
    /** Folders in its dependency folder (`node_modules`), the folder itself counted. */
    dependencyFolders: count,
    variants: z.array(watcherLoadVariantSchema).min(1),
});

export type WatcherLoad = z.infer<typeof watcherLoadSchema>;
export type WatcherLoadVariant = z.infer<typeof watcherLoadVariantSchema>;
export type WatcherLoadProcess = z.infer<typeof watcherLoadProcessSchema>;
export type WatcherLoadChurn = z.infer<typeof watcherLoadChurnSchema>;
