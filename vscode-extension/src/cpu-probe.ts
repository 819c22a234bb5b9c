import { promises as fs } from 'fs';
import { CPU_PIDS_FILE_VARIABLE, CpuProbe, listedProcessesCpu, ProcessCpuReading, readProcCpu } from '@fs-perf/benchmark-core';
import { currentHost } from './host';

function readText(path: string): Promise<string> {
    return fs.readFile(path, 'utf8');
}

/**
 * The CPU time of the processes this extension can see: its own extension host (`process.cpuUsage()`), the process that
 * started it (Theia's backend, the VS Code server, or VS Code's main process) through `/proc`, and the processes the
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
        const usage = process.cpuUsage();
        const own: ProcessCpuReading = { process: self, cpuMs: (usage.user + usage.system) / 1000 };
        return [own, ...await readProcCpu({ [parent]: [process.ppid] }, readText), ...await listedProcessesCpu(process.env[CPU_PIDS_FILE_VARIABLE], readText)];
    };
}
