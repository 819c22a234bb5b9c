import * as os from 'os';

/** The machine a run was measured on, as a run folder's `run.json` records it. Never more than this: no user or path. */
export interface MachineRecord {
    readonly hostname: string;
    readonly cpus: number;
    /** The first core's model; absent where Node sees no core. */
    readonly cpu?: string;
    readonly memoryBytes: number;
}

/** This machine, for `run.json`, with the same fields in the same order whichever kind of run writes it. */
export function machineRecord(): MachineRecord {
    const cpus = os.cpus();
    return { hostname: os.hostname(), cpus: cpus.length, cpu: cpus[0]?.model, memoryBytes: os.totalmem() };
}
