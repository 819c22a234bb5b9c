/**
 * CPU time per process, read before and after a case's CPU pass (the case's call repeated, untimed, after its timed
 * samples), so a report can say how much CPU each process spent per MB moved.
 */

/**
 * Which clock a CPU reading comes from: `schedstat`, the kernel's run time of each thread in nanoseconds
 * (`/proc/<pid>/task/<tid>/schedstat`, summed over the process's threads); `rusage`, a Node process's own
 * `process.cpuUsage()` (microseconds, user + system); `ticks`, `/proc/<pid>/stat`'s utime + stime (10 ms steps), where
 * no schedstat can be read. Two readings are only subtracted when they come from the same clock.
 */
export type CpuClock = 'schedstat' | 'rusage' | 'ticks';

/** A process's CPU time so far (user + system), ms. */
export interface ProcessCpuReading {
    /** What the process is, e.g. `plugin host`, `Theia backend`, `page renderer`. */
    readonly process: string;
    readonly cpuMs: number;
    /** The clock it was read from (readings made before clocks were recorded: `ticks` or `rusage`, unknown which). */
    readonly clock?: CpuClock;
}

/** A Node process's own CPU time so far (`process.cpuUsage()`, microseconds): user + system, ms. */
export function ownCpuReading(processName: string, usage: { readonly user: number; readonly system: number }): ProcessCpuReading {
    return { process: processName, cpuMs: (usage.user + usage.system) / 1000, clock: 'rusage' };
}

/** Reads the CPU time of the processes a host can see. */
export type CpuProbe = () => Promise<ProcessCpuReading[]>;

/** A case's CPU pass: how many calls, how long, and the CPU each process used meanwhile. */
export interface CaseCpu {
    readonly calls: number;
    readonly wallMs: number;
    readonly processes: ProcessCpuReading[];
}

/**
 * CPU used between two readings, per process present in both and read from the same clock both times (a process that
 * appeared or went away, or was read from another clock once, is left out).
 */
export function cpuUsedBetween(before: readonly ProcessCpuReading[], after: readonly ProcessCpuReading[]): ProcessCpuReading[] {
    const start = new Map(before.map(reading => [reading.process, reading]));
    return after.flatMap(reading => {
        const from = start.get(reading.process);
        if (from === undefined || from.clock !== reading.clock) {
            return [];
        }
        return [{ process: reading.process, cpuMs: Math.max(0, reading.cpuMs - from.cpuMs), ...(reading.clock ? { clock: reading.clock } : {}) }];
    });
}

/** CPU ms per MB moved (MB = 10^6 bytes), per process. */
export function cpuMsPerMegabyte(cpu: CaseCpu, bytesPerCall: number): { process: string; msPerMegabyte: number }[] {
    const megabytes = (cpu.calls * bytesPerCall) / 1e6;
    return cpu.processes.map(reading => ({ process: reading.process, msPerMegabyte: megabytes > 0 ? reading.cpuMs / megabytes : 0 }));
}

/** Adds up the CPU passes of several rounds of one case (processes matched by name; one missing from a round is left out). */
export function addCaseCpu(a: CaseCpu, b: CaseCpu): CaseCpu {
    const other = new Map(b.processes.map(reading => [reading.process, reading.cpuMs]));
    return {
        calls: a.calls + b.calls,
        wallMs: a.wallMs + b.wallMs,
        processes: a.processes.flatMap(reading => {
            const more = other.get(reading.process);
            return more === undefined ? [] : [{ process: reading.process, cpuMs: reading.cpuMs + more }];
        }),
    };
}

/** Linux's `USER_HZ`: the unit of the CPU times in `/proc/<pid>/stat` (100 on every Linux architecture Node runs on). */
export const PROC_TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, ms) from the text of `/proc/<pid>/stat`. The command name (field 2) is in parentheses and may
 * hold spaces, so fields are counted after its closing parenthesis: utime and stime are fields 14 and 15.
 */
export function procStatCpuMs(statText: string): number {
    const close = statText.lastIndexOf(')');
    const fields = statText.slice(close + 2).trim().split(/\s+/);
    // fields[0] is field 3 (state), so field n is fields[n - 3].
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    if (close < 0 || !Number.isFinite(utime) || !Number.isFinite(stime)) {
        throw new Error(`Not a /proc/<pid>/stat line: '${statText.slice(0, 80)}'.`);
    }
    return ((utime + stime) * 1000) / PROC_TICKS_PER_SECOND;
}

/**
 * A thread's run time on a CPU, ms, from the text of `/proc/<pid>/task/<tid>/schedstat` (three numbers: nanoseconds on a
 * CPU, nanoseconds waiting for one, time slices): the first, at nanosecond resolution.
 */
export function schedstatCpuMs(schedstatText: string): number {
    const fields = schedstatText.trim().split(/\s+/);
    const nanoseconds = Number(fields[0]);
    if (fields.length !== 3 || !fields.every(field => /^\d+$/.test(field))) {
        throw new Error(`Not a /proc/<pid>/task/<tid>/schedstat line: '${schedstatText.slice(0, 80)}'.`);
    }
    return nanoseconds / 1e6;
}

/** How a probe reads `/proc`: a file's text, and (for the nanosecond clock) the names in a folder. */
export interface ProcFiles {
    readText(path: string): Promise<string>;
    listFolder?(path: string): Promise<string[]>;
}

/**
 * A process's CPU time: the sum of its threads' schedstat run times (nanoseconds) when `files` can list folders and the
 * kernel keeps schedstat, else its utime + stime ticks. Throws when the process is gone.
 */
export async function readProcessCpu(pid: number, files: ProcFiles): Promise<{ cpuMs: number; clock: CpuClock }> {
    if (files.listFolder) {
        try {
            const threads = await files.listFolder(`/proc/${pid}/task`);
            let total = 0;
            for (const thread of threads) {
                total += schedstatCpuMs(await files.readText(`/proc/${pid}/task/${thread}/schedstat`));
            }
            if (threads.length > 0) {
                return { cpuMs: total, clock: 'schedstat' };
            }
        } catch {
            // No schedstat (a kernel without it), or a thread ended while listed: the ticks below.
        }
    }
    return { cpuMs: procStatCpuMs(await files.readText(`/proc/${pid}/stat`)), clock: 'ticks' };
}

/**
 * Environment variable naming a JSON file `{ "<process>": [pid, ...] }` of more processes to read CPU time of, e.g. the
 * page's renderer, which no extension can see; written by the headless bench once the page is open.
 */
export const CPU_PIDS_FILE_VARIABLE = 'FS_PERF_CPU_PIDS_FILE';

/** Processes a probe reads through `/proc`, by name; several pids under one name are added up. */
export type ProcessPids = Record<string, readonly number[]>;

/** Parses the CPU pids file; throws naming the file when it is malformed. */
export function parseCpuPidsFile(text: string, source: string): ProcessPids {
    let value: unknown;
    try {
        value = JSON.parse(text);
    } catch (error) {
        throw new Error(`${source} is not valid JSON: ${(error as Error).message}`);
    }
    if (typeof value !== 'object' || !value || Array.isArray(value)
        || !Object.values(value).every(pids => Array.isArray(pids) && pids.every(pid => Number.isInteger(pid) && pid > 0))) {
        throw new Error(`${source} must map process names to lists of pids, e.g. {"page renderer": [1234]}.`);
    }
    return value as ProcessPids;
}

/** `files` as {@link ProcFiles}: a bare text reader reads ticks only (it cannot list a process's threads). */
function procFiles(files: ProcFiles | ((path: string) => Promise<string>)): ProcFiles {
    return typeof files === 'function' ? { readText: files } : files;
}

/**
 * The CPU time of the processes the pids file names ({@link CPU_PIDS_FILE_VARIABLE}'s value): none when no file is named or
 * it is not written yet; a malformed file throws, naming it.
 */
export async function listedProcessesCpu(pidsFile: string | undefined, files: ProcFiles | ((path: string) => Promise<string>)): Promise<ProcessCpuReading[]> {
    if (!pidsFile) {
        return [];
    }
    const proc = procFiles(files);
    let text: string;
    try {
        text = await proc.readText(pidsFile);
    } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') {
            return [];
        }
        throw error;
    }
    return readProcCpu(parseCpuPidsFile(text, pidsFile), proc);
}

/**
 * Reads the CPU time of named processes through `/proc` ({@link readProcessCpu}: nanoseconds where `files` can list
 * folders, else ticks); several pids of one name are added up, and the sum is on the ticks clock if any of them was. A
 * process that has gone away is left out rather than failing the probe.
 */
export async function readProcCpu(processes: ProcessPids, files: ProcFiles | ((path: string) => Promise<string>)): Promise<ProcessCpuReading[]> {
    const proc = procFiles(files);
    const readings: ProcessCpuReading[] = [];
    for (const [name, pids] of Object.entries(processes)) {
        let total = 0;
        let seen = 0;
        let clock: CpuClock = 'schedstat';
        for (const pid of pids) {
            try {
                const reading = await readProcessCpu(pid, proc);
                total += reading.cpuMs;
                clock = reading.clock === 'ticks' ? 'ticks' : clock;
                seen++;
            } catch {
                // gone, or not readable: left out
            }
        }
        if (seen > 0) {
            readings.push({ process: name, cpuMs: total, clock });
        }
    }
    return readings;
}
