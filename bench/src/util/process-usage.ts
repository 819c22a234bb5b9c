/** What a process holds and has spent, read from Linux's `/proc` from outside it (no call into the process). */
import { promises as fs } from 'fs';
import { procStatCpuMs } from '@fs-perf/benchmark-core';

export interface ProcessUsage {
    readonly pid: number;
    /**
     * CPU time (user + system) used since it started by all its threads, ended ones too, ms, in steps of 10 ms
     * (`/proc/<pid>/stat`'s utime + stime: a watcher crawls on a thread of its own, which `/proc/<pid>/schedstat` misses).
     */
    readonly cpuMs: number;
    /** Resident memory now and its peak (`VmRSS`, `VmHWM`), KiB. */
    readonly rssKiB: number;
    readonly peakRssKiB: number;
    /** inotify watches held, over all its inotify instances (one line `inotify wd:` each in `/proc/<pid>/fdinfo/<fd>`). */
    readonly inotifyWatches: number;
}

/** A `kB` field of `/proc/<pid>/status` text (`VmRSS`), in KiB; 0 when the field is absent (a kernel thread, a zombie). */
export function statusKiB(text: string, field: string): number {
    const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB$`, 'm').exec(text);
    return match ? Number(match[1]) : 0;
}

/** The inotify watches in the text of `/proc/<pid>/fdinfo/<fd>` of an inotify instance. */
export function countInotifyWatches(fdinfo: string): number {
    return fdinfo.split('\n').filter(line => line.startsWith('inotify wd:')).length;
}

async function inotifyWatchesOf(pid: number): Promise<number> {
    const fds = await fs.readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    let watches = 0;
    for (const fd of fds) {
        const target = await fs.readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
        if (target === 'anon_inode:inotify') {
            watches += countInotifyWatches(await fs.readFile(`/proc/${pid}/fdinfo/${fd}`, 'utf8').catch(() => ''));
        }
    }
    return watches;
}

/** What `pid` holds and has spent, or undefined when it is gone. */
export async function readProcessUsage(pid: number): Promise<ProcessUsage | undefined> {
    try {
        const [stat, status] = await Promise.all([fs.readFile(`/proc/${pid}/stat`, 'utf8'), fs.readFile(`/proc/${pid}/status`, 'utf8')]);
        return { pid, cpuMs: procStatCpuMs(stat), rssKiB: statusKiB(status, 'VmRSS'), peakRssKiB: statusKiB(status, 'VmHWM'), inotifyWatches: await inotifyWatchesOf(pid) };
    } catch {
        return undefined;
    }
}
