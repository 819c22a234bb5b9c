/**
 * CPU time per process, read before and after a case's CPU pass (the case's call repeated, untimed, after its timed
 * samples), so a report can say how much CPU each process spent per MB moved.
 */

/** A process's CPU time so far (user + system), ms. */
export interface ProcessCpuReading {
    /** What the process is, e.g. `plugin host`, `Theia backend`, `page renderer`. */
    readonly process: string;
    readonly cpuMs: number;
}

/** Reads the CPU time of the processes a host can see. */
export type CpuProbe = () => Promise<ProcessCpuReading[]>;

/** A case's CPU pass: how many calls, how long, and the CPU each process used meanwhile. */
export interface CaseCpu {
    readonly calls: number;
    readonly wallMs: number;
    readonly processes: ProcessCpuReading[];
}

/** CPU used between two readings, per process present in both (a process that appeared or went away is left out). */
export function cpuUsedBetween(before: readonly ProcessCpuReading[], after: readonly ProcessCpuReading[]): ProcessCpuReading[] {
    const start = new Map(before.map(reading => [reading.process, reading.cpuMs]));
    return after.flatMap(reading => {
        const from = start.get(reading.process);
        return from === undefined ? [] : [{ process: reading.process, cpuMs: Math.max(0, reading.cpuMs - from) }];
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

/**
 * The CPU time of the processes the pids file names ({@link CPU_PIDS_FILE_VARIABLE}'s value): none when no file is named or
 * it is not written yet; a malformed file throws, naming it.
 */
export async function listedProcessesCpu(pidsFile: string | undefined, readText: (path: string) => Promise<string>): Promise<ProcessCpuReading[]> {
    if (!pidsFile) {
        return [];
    }
    let text: string;
    try {
        text = await readText(pidsFile);
    } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') {
            return [];
        }
        throw error;
    }
    return readProcCpu(parseCpuPidsFile(text, pidsFile), readText);
}

/**
 * Reads the CPU time of named processes through `/proc/<pid>/stat` (`readText` reads a file). A process that has gone
 * away is left out rather than failing the probe.
 */
export async function readProcCpu(processes: ProcessPids, readText: (path: string) => Promise<string>): Promise<ProcessCpuReading[]> {
    const readings: ProcessCpuReading[] = [];
    for (const [name, pids] of Object.entries(processes)) {
        let total = 0;
        let seen = 0;
        for (const pid of pids) {
            try {
                total += procStatCpuMs(await readText(`/proc/${pid}/stat`));
                seen++;
            } catch {
                // gone, or not readable: left out
            }
        }
        if (seen > 0) {
            readings.push({ process: name, cpuMs: total });
        }
    }
    return readings;
}
