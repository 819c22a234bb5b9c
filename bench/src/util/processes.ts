import { spawn } from 'child_process';
import { closeSync, openSync, promises as fs } from 'fs';

export function delay(ms: number): Promise<void> {
    return new Promise(resolve => setTimeout(resolve, ms));
}

/** Polls `condition` every `intervalMs` until it returns a value other than undefined, or throws after `timeoutMs`. */
export async function waitFor<T>(what: string, condition: () => Promise<T | undefined> | T | undefined, timeoutMs: number, intervalMs = 100): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
        const value = await condition();
        if (value !== undefined) {
            return value;
        }
        if (Date.now() > deadline) {
            throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`);
        }
        await delay(intervalMs);
    }
}

interface ProcStat {
    readonly pid: number;
    readonly state: string;
    readonly parentPid: number;
    readonly groupId: number;
}

async function readStat(pid: number): Promise<ProcStat | undefined> {
    try {
        const text = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
        const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
        return { pid, state: fields[0], parentPid: Number(fields[1]), groupId: Number(fields[2]) };
    } catch {
        return undefined;
    }
}

async function allStats(): Promise<ProcStat[]> {
    const entries = await fs.readdir('/proc');
    const stats = await Promise.all(entries.filter(entry => /^\d+$/.test(entry)).map(entry => readStat(Number(entry))));
    return stats.filter((stat): stat is ProcStat => stat !== undefined);
}

/** Live (not zombie) members of a process group. */
export async function processGroupMembers(groupId: number): Promise<number[]> {
    return (await allStats()).filter(stat => stat.groupId === groupId && stat.state !== 'Z').map(stat => stat.pid);
}

/** Process group of a PID, or undefined when it is gone. */
export async function processGroupOf(pid: number): Promise<number | undefined> {
    return (await readStat(pid))?.groupId;
}

/** PIDs whose parent is `parentPid`. */
export async function childrenOf(parentPid: number): Promise<number[]> {
    return (await allStats()).filter(stat => stat.parentPid === parentPid && stat.state !== 'Z').map(stat => stat.pid);
}

/** All descendants of `rootPid` (children, their children, ...). */
export async function descendantsOf(rootPid: number): Promise<number[]> {
    const stats = (await allStats()).filter(stat => stat.state !== 'Z');
    const found: number[] = [];
    let frontier = [rootPid];
    while (frontier.length > 0) {
        const next = stats.filter(stat => frontier.includes(stat.parentPid)).map(stat => stat.pid);
        found.push(...next);
        frontier = next;
    }
    return found;
}

/** A process's command line (arguments joined by spaces), or undefined when it is gone. */
export async function processCommandLine(pid: number): Promise<string | undefined> {
    try {
        return (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').join(' ');
    } catch {
        return undefined;
    }
}

/**
 * Stops a process group we started (by its leader's PID): SIGTERM, up to `graceMs` to exit, then SIGKILL.
 * Returns the PIDs still alive afterwards (empty when all went).
 */
export async function stopProcessGroup(groupId: number, graceMs = 8000): Promise<number[]> {
    startedGroups.delete(groupId);
    const signal = (name: NodeJS.Signals): void => {
        try {
            process.kill(-groupId, name);
        } catch {
            // already gone
        }
    };
    if ((await processGroupMembers(groupId)).length === 0) {
        return [];
    }
    signal('SIGTERM');
    const deadline = Date.now() + graceMs;
    while (Date.now() < deadline) {
        if ((await processGroupMembers(groupId)).length === 0) {
            return [];
        }
        await delay(100);
    }
    signal('SIGKILL');
    await delay(300);
    return processGroupMembers(groupId);
}

/** Process groups started by `startDetached` and not stopped yet (for a stop on Ctrl+C). */
const startedGroups = new Set<number>();

export interface DetachedProcess {
    readonly pid: number;
    /** Set once the process has ended: how it ended. */
    exitReason(): string | undefined;
    /** Everything it wrote so far (stdout and stderr go to one log file). */
    log(): Promise<string>;
    /**
     * Resolves once this process has ended and been reaped (its PID is free), or after `timeoutMs`; true when it
     * had ended. A stopped group's leader stays a zombie until Node reaps it, which happens a moment after the stop.
     */
    reaped(timeoutMs: number): Promise<boolean>;
}

/**
 * Starts a server in its own process group (its leader's PID is the group id, so `stopProcessGroup(pid)`
 * ends it and all its children), with stdout and stderr appended to `logFile`.
 */
export function startDetached(command: string, args: readonly string[], options: { env: NodeJS.ProcessEnv; cwd?: string; logFile: string }): DetachedProcess {
    const out = openSync(options.logFile, 'a');
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', out, out], detached: true });
    closeSync(out);
    let exit: string | undefined;
    let onReaped: () => void = () => undefined;
    const reapedOnce = new Promise<void>(resolve => onReaped = resolve);
    child.on('exit', (code, signal) => {
        exit = `exit code ${code}, signal ${signal}`;
        onReaped();
    });
    child.on('error', error => {
        exit = `could not start: ${error.message}`;
        onReaped();
    });
    const reaped = async (timeoutMs: number): Promise<boolean> => {
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<boolean>(resolve => timer = setTimeout(() => resolve(false), timeoutMs));
        try {
            return await Promise.race([reapedOnce.then(() => true), timedOut]);
        } finally {
            clearTimeout(timer);
        }
    };
    const pid = child.pid;
    if (pid === undefined) {
        throw new Error(`Could not start ${command}.`);
    }
    startedGroups.add(pid);
    return { pid, exitReason: () => exit, log: () => fs.readFile(options.logFile, 'utf8'), reaped };
}

/** Stops every process group `startDetached` started and nobody stopped yet; for Ctrl+C in a CLI. */
export async function stopAllStarted(): Promise<void> {
    await Promise.all([...startedGroups].map(groupId => stopProcessGroup(groupId, 5000)));
}

/** The machine's CPU time so far from `/proc/stat` (all cores, in clock ticks): busy and total; undefined off Linux. */
async function machineTicks(): Promise<{ busy: number; total: number } | undefined> {
    try {
        const line = (await fs.readFile('/proc/stat', 'utf8')).split('\n')[0];
        // cpu user nice system idle iowait irq softirq steal ...: idle and iowait are the idle time.
        const ticks = line.trim().split(/\s+/).slice(1).map(Number);
        const total = ticks.slice(0, 8).reduce((sum, value) => sum + value, 0);
        return { busy: total - ticks[3] - ticks[4], total };
    } catch {
        return undefined;
    }
}

/**
 * Waits until the machine is quiet: the share of all cores busy over a `windowMs` window at or below `busyShare`, or
 * `maxMs` have passed. Returns the seconds waited and whether it got quiet (undefined off Linux, where it does not wait).
 * A process just started (a Theia backend, its plugin host, a page) goes on loading after it answers; a sample taken then
 * competes with it.
 */
export async function waitForQuiet(options: { busyShare?: number; windowMs?: number; maxMs?: number } = {}): Promise<{ seconds: number; quiet: boolean } | undefined> {
    const { busyShare = 0.1, windowMs = 500, maxMs = 15_000 } = options;
    const began = Date.now();
    let before = await machineTicks();
    if (!before) {
        return undefined;
    }
    for (;;) {
        await delay(windowMs);
        const after = await machineTicks();
        if (!after) {
            return undefined;
        }
        const share = after.total > before.total ? (after.busy - before.busy) / (after.total - before.total) : 1;
        const seconds = (Date.now() - began) / 1000;
        if (share <= busyShare) {
            return { seconds, quiet: true };
        }
        if (Date.now() - began >= maxMs) {
            return { seconds, quiet: false };
        }
        before = after;
    }
}
