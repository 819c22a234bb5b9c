import { CaseCpu, cpuMsPerMegabyte, PROC_TICKS_PER_SECOND } from '../../measure/cpu';
import { scenarioCatalogOrder, scenarioInfoById } from '../../measure/scenario-catalog';
import { FIXTURE_SIZE_LABELS } from '../../measure/sizes';
import { hostKeyId } from '../../results/host-identity';
import { ReportMeasurement } from '../../results/measurements';
import { formatAtResolution } from '../../stats/precision';
import { CpuSection } from './section-types';
import { hostsOf, isLargeSize, sizeOrder } from './tables';
import { TreeCpuTable } from './tree-cpu-types';
import { CpuRow } from './types';

/**
 * The step of the coarsest clock a pass's processes were read from, ms: a tick (10 ms) where one was read from
 * `/proc/<pid>/stat` or the reading names no clock (results made before clocks were recorded), a microsecond where one
 * was a Node process's own `cpuUsage()`, else a nanosecond (schedstat).
 */
export function clockResolutionMs(cpu: CaseCpu): number {
    const clocks = cpu.processes.map(reading => reading.clock);
    if (clocks.length === 0 || clocks.some(clock => clock === undefined || clock === 'ticks')) {
        return 1000 / PROC_TICKS_PER_SECOND;
    }
    return clocks.includes('rusage') ? 1e-3 : 1e-6;
}

/** The CPU passes of some measurements (rows of 500K and up with `cpu`), or undefined without any. */
export function cpuSection(measurements: readonly ReportMeasurement[]): CpuSection | undefined {
    const passes = measurements.filter(entry => entry.measurement.cpu !== undefined && isLargeSize(entry.measurement.targetLabel) && entry.measurement.bytes > 0)
        .sort((a, b) => a.hostLabel.localeCompare(b.hostLabel) || scenarioCatalogOrder(a.measurement.scenario.id) - scenarioCatalogOrder(b.measurement.scenario.id)
            || sizeOrder(a.measurement.targetLabel) - sizeOrder(b.measurement.targetLabel));
    if (passes.length === 0) {
        return undefined;
    }
    const processes = [...new Set(passes.flatMap(entry => entry.measurement.cpu!.processes.map(reading => reading.process)))];
    const rows = passes.map(({ host, hostLabel, measurement }): CpuRow => {
        const cpu = measurement.cpu!;
        const perMegabyte = new Map(cpuMsPerMegabyte(cpu, measurement.bytes).map(entry => [entry.process, entry.msPerMegabyte]));
        const megabytes = (cpu.calls * measurement.bytes) / 1e6;
        return {
            host, hostLabel, scenario: measurement.scenario, targetLabel: measurement.targetLabel, calls: cpu.calls, megabytes,
            wallMsPerMegabyte: cpu.wallMs / megabytes, cpuMsPerMegabyte: processes.map(process => perMegabyte.get(process)),
            resolutionMsPerMegabyte: clockResolutionMs(cpu) / megabytes,
        };
    });
    const hosts = hostsOf(passes).map(({ host, hostLabel }) => ({
        hostLabel,
        processes: processes.filter(process => passes.some(entry => hostKeyId(entry.host) === hostKeyId(host)
            && entry.measurement.cpu!.processes.some(reading => reading.process === process))),
    }));
    const largest = FIXTURE_SIZE_LABELS.filter(size => rows.some(row => row.targetLabel === size)).at(-1)!;
    return {
        kind: 'cpu', processes, rows, hosts,
        chart: {
            kind: 'stacked-bars', id: 'cpu', placement: 'section', scale: 'value', unit: 'ms/MB',
            title: `CPU per MB moved at ${largest}, by process`, xTitle: 'CPU ms per MB (10^6 bytes)', segments: processes,
            bars: rows.filter(row => row.targetLabel === largest).map(row => ({
                label: `${row.hostLabel}: ${row.scenario.label}`, values: row.cpuMsPerMegabyte,
                // As the table prints them: a value within the kernel's tick of 0 as "<" that tick.
                texts: row.cpuMsPerMegabyte.map(value => value === undefined ? undefined : formatAtResolution(value, row.resolutionMsPerMegabyte)),
            })),
        },
    };
}

/**
 * The CPU passes of the tree scenarios the catalog counts per item (the stat storms in flight), as CPU ms per 1000 items
 * of each process, ordered by host, scenario and tree; undefined without any.
 */
export function treeCpuTable(measurements: readonly ReportMeasurement[], targetOrder: (label: string) => number): TreeCpuTable | undefined {
    const passes = measurements.filter(entry => entry.measurement.cpu !== undefined && (entry.measurement.itemCount ?? 0) > 0
        && scenarioInfoById(entry.measurement.scenario.id)?.cpuPerItem === true)
        .sort((a, b) => a.hostLabel.localeCompare(b.hostLabel) || scenarioCatalogOrder(a.measurement.scenario.id) - scenarioCatalogOrder(b.measurement.scenario.id)
            || targetOrder(a.measurement.targetLabel) - targetOrder(b.measurement.targetLabel));
    if (passes.length === 0) {
        return undefined;
    }
    const processes = [...new Set(passes.flatMap(entry => entry.measurement.cpu!.processes.map(reading => reading.process)))];
    return {
        processes,
        rows: passes.map(({ hostLabel, measurement }) => {
            const cpu = measurement.cpu!;
            const items = cpu.calls * measurement.itemCount!;
            const perThousand = (ms: number): number => ms / items * 1000;
            const own = new Map(cpu.processes.map(reading => [reading.process, perThousand(reading.cpuMs)]));
            return {
                hostLabel, scenario: measurement.scenario, targetLabel: measurement.targetLabel, calls: cpu.calls, items,
                wallMsPerThousand: perThousand(cpu.wallMs), cpuMsPerThousand: processes.map(process => own.get(process)),
                resolutionMsPerThousand: perThousand(clockResolutionMs(cpu)),
            };
        }),
    };
}
