/** The storms in flight's CPU passes as the report gives them (issue 39, findings 7); made by `treeCpuTable` in cpu.ts. */
import { ScenarioInfo } from '../../measure/scenario';

/** A storm's CPU pass (a tree scenario the catalog counts per item): CPU ms per 1000 items of each process. */
export interface TreeCpuRow {
    readonly hostLabel: string;
    readonly scenario: ScenarioInfo;
    readonly targetLabel: string;
    /** Storms the pass ran, and the items (files stat-ed) they covered. */
    readonly calls: number;
    readonly items: number;
    readonly wallMsPerThousand: number;
    /** One per {@link TreeCpuTable.processes}; undefined where this host did not see that process. */
    readonly cpuMsPerThousand: readonly (number | undefined)[];
    /** The clock's step over the pass, per 1000 items: the smallest figure the pass can tell from 0. */
    readonly resolutionMsPerThousand: number;
}

/** The CPU passes of the storms in flight: a row per host, scenario and tree. */
export interface TreeCpuTable {
    readonly processes: readonly string[];
    readonly rows: readonly TreeCpuRow[];
}
