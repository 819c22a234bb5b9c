import { promises as fs } from 'fs';
import { CPU_PIDS_FILE_VARIABLE, CpuProbe, listedProcessesCpu, ownCpuReading, ProcFiles, readProcCpu } from '@fs-perf/benchmark-core';
import { currentHost } from './host';

/** `/proc` as the probe reads it: threads listed, so CPU time is read in nanoseconds (schedstat). */
const PROC: ProcFiles = { readText: path => fs.readFile(path, 'utf8'), listFolder: path => fs.readdir(path) };

/**
 * The CPU time of the processes this extension can see: its own extension host (`process.cpuUsage()`), the process that
 * started it (Theia's backend, the VS Code server, or VS Code's main process) through `/proc` (nanoseconds, summed over its threads), and the processes the
 * file named by `FS_PERF_CPU_PIDS_FILE` lists (the page's renderer, named by the headless bench). Undefined where the
 * extension host is not Node.
 */
export function extensionHostCpuProbe(): CpuProbe | undefined {
    if (typeof process === 'undefined' || typeof process.cpuUsage !== 'function') {
        return undefined;
    }
    const host = currentHost();
    const self = host.editor === 'theia' ? 'plugin host' : 'extension host';
    const parent = host.editor === 'theia' ? 'Theia backend' : host.runtime === 'server' ? 'VS Code server' : 'VS Code main process';
    return async () => {
        const own = ownCpuReading(self, process.cpuUsage());
        return [own, ...await readProcCpu({ [parent]: [process.ppid] }, PROC), ...await listedProcessesCpu(process.env[CPU_PIDS_FILE_VARIABLE], PROC)];
    };
}
