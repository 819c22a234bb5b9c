/**
 * CPU affinity on Linux: which cores a process may run on (`Cpus_allowed_list` in /proc), and pinning a process with all
 * its threads to one core with util-linux's `taskset -a -p -c CORE PID` (Node has no sched_setaffinity of its own).
 */
import { execFile } from 'child_process';
import { promises as fs } from 'fs';

/** Cores of a Linux CPU list as /proc and taskset write it (`0-1,4`), ascending; undefined where it is not one. */
export function parseCpuList(text: string): number[] | undefined {
    const cores = new Set<number>();
    for (const part of text.trim().split(',')) {
        const range = /^(\d+)(?:-(\d+))?$/.exec(part);
        if (!range || (range[2] !== undefined && Number(range[2]) < Number(range[1]))) {
            return undefined;
        }
        for (let core = Number(range[1]); core <= Number(range[2] ?? range[1]); core++) {
            cores.add(core);
        }
    }
    return [...cores].sort((a, b) => a - b);
}

/** A `/proc/<pid>/status` field, or undefined where the process (or the field) is gone. */
async function statusField(statusFile: string, field: string): Promise<string | undefined> {
    try {
        const text = await fs.readFile(statusFile, 'utf8');
        return new RegExp(`^${field}:\\s*(.*)$`, 'm').exec(text)?.[1].trim();
    } catch {
        return undefined;
    }
}

/** The cores this process may run on (its own affinity, which a container's cpuset narrows), undefined off Linux. */
export async function ownAllowedCores(): Promise<number[] | undefined> {
    const list = await statusField('/proc/self/status', 'Cpus_allowed_list');
    return list === undefined ? undefined : parseCpuList(list);
}

/** What one process of a pinned tree was observed to be allowed afterwards. */
export interface ObservedAffinity {
    readonly pid: number;
    /** Its name in /proc (`node`, `chromium`, `rg`...). */
    readonly name: string;
    /** `Cpus_allowed_list` of each of its threads, the distinct lists joined by ` / ` (`1` when all are pinned to core 1). */
    readonly allowed: string;
}

/**
 * The affinity of `pid`'s threads as /proc says it, or undefined when the process is gone. Every thread is read: `taskset
 * -a` sets each, and a thread left unpinned would run on the other side's core.
 */
export async function observedAffinity(pid: number): Promise<ObservedAffinity | undefined> {
    const name = await statusField(`/proc/${pid}/status`, 'Name');
    let tasks: string[];
    try {
        tasks = await fs.readdir(`/proc/${pid}/task`);
    } catch {
        return undefined;
    }
    const lists = await Promise.all(tasks.map(task => statusField(`/proc/${pid}/task/${task}/status`, 'Cpus_allowed_list')));
    const distinct = [...new Set(lists.filter((list): list is string => list !== undefined))];
    return name === undefined || distinct.length === 0 ? undefined : { pid, name, allowed: distinct.join(' / ') };
}

/** Whether a process is still running (there, and no zombie). */
async function alive(pid: number): Promise<boolean> {
    const state = await statusField(`/proc/${pid}/status`, 'State');
    return state !== undefined && !state.startsWith('Z');
}

/**
 * Pins `pid` with all its threads to `core` (`taskset -a -p -c CORE PID`). A process that ended meanwhile is no failure
 * (a short-lived child such as a ripgrep); a live one taskset could not pin is, with taskset's own words.
 */
export function pinProcess(pid: number, core: number): Promise<void> {
    return new Promise((resolve, reject) => {
        execFile('taskset', ['-a', '-p', '-c', String(core), String(pid)], { timeout: 10_000 }, (error, _stdout, stderr) => {
            if (!error) {
                resolve();
                return;
            }
            alive(pid).then(stillThere => stillThere
                ? reject(new Error(`taskset -a -p -c ${core} ${pid} failed: ${(stderr || error.message).trim()}`))
                : resolve());
        });
    });
}
