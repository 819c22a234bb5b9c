import { ReportMeasurement } from '../../results/measurements';

import { CpuSection, HeadlineSection, HopsSection, NetworkHeadline } from './section-types';
import { FILE_SERVICE, medianCell, READ_FILE, sizeOrder } from './tables';
import { FactorTable, StreamRow } from './types';

/** The largest size with a value, and the value. */
export function largest<T>(entries: readonly { size: string; value: T | undefined }[]): { size: string; value: T } | undefined {
    const present = entries.filter((entry): entry is { size: string; value: T } => entry.value !== undefined);
    return present.sort((a, b) => sizeOrder(b.size) - sizeOrder(a.size))[0];
}

export const HEADLINE_FACTORS = /^(plugin-vs-vscode(-workbench)?-|vscode-workbench-vs-extension-host$|plugin-vs-extension-)/;
/** Theia releases against the newest: in the headline too, charted with the release tables. */
const RELEASE_FACTORS = /^release-/;

function headlineMedians(measurements: readonly ReportMeasurement[]): HeadlineSection['medians'] {
    return [READ_FILE, FILE_SERVICE].flatMap(scenarioId => {
        const rows = measurements.filter(entry => entry.measurement.scenario.id === scenarioId);
        const size = largest(rows.map(entry => ({ size: entry.measurement.targetLabel, value: entry })))?.size;
        const atSize = rows.filter(entry => entry.measurement.targetLabel === size);
        return size && atSize.length > 0 ? [{
            scenario: atSize[0].measurement.scenario, size,
            cells: atSize.map(entry => ({ hostLabel: entry.hostLabel, cell: medianCell(entry.measurement) })),
        }] : [];
    });
}

export function headlineSection(measurements: readonly ReportMeasurement[], factors: readonly FactorTable[], hops: HopsSection | undefined,
    cpu: CpuSection | undefined, streams: readonly StreamRow[], network: NetworkHeadline | undefined): HeadlineSection | undefined {
    const medians = headlineMedians(measurements);
    const factorFindings = factors.filter(table => HEADLINE_FACTORS.test(table.id) || RELEASE_FACTORS.test(table.id)).flatMap(table => {
        const found = largest(table.columns.map((size, index) => ({ size, value: table.cells[index]?.factor === undefined ? undefined : table.cells[index] })));
        return found ? [{ table, size: found.size, cell: found.value }] : [];
    });
    const hopFindings = (hops?.hosts ?? []).flatMap(({ hostLabel, rows }) => {
        const found = largest(rows.map(row => ({ size: row.targetLabel, value: row.sumOfHopsMs === undefined ? undefined : row })));
        return found ? [{ hostLabel, hops: hops!.hops, row: found.value }] : [];
    });
    const cpuRows = (cpu?.rows ?? []).filter(row => row.scenario.id === READ_FILE);
    const cpuFindings = [...new Set(cpuRows.map(row => row.hostLabel))].flatMap(hostLabel => {
        const found = largest(cpuRows.filter(row => row.hostLabel === hostLabel).map(row => ({ size: row.targetLabel, value: row })));
        return found ? [{ processes: cpu!.processes, row: found.value }] : [];
    });
    const stream = largest(streams.map(row => ({ size: row.targetLabel, value: row })))?.value;
    if (medians.length + factorFindings.length + hopFindings.length + cpuFindings.length === 0 && !stream && !network) {
        return undefined;
    }
    // Only a report with emulated links has the field, so one without is what it always was.
    return { kind: 'headline', medians, factors: factorFindings, hops: hopFindings, cpu: cpuFindings, stream, ...(network ? { network } : {}) };
}
