import { CellChange } from '../../compare/run-comparison';
import { THEIA_RPC_COMPONENTS } from '../../measure/path-components';
import { HostKey } from '../../results/host-identity';
import { ReportMeasurement } from '../../results/measurements';
import { ResultsDocument } from '../../results/schema';

import { pathComponentsOf } from './moved-paths';
import { OperationsSection } from './operations';
import { CpuSection, HeadlineSection, HopsSection, LinkOperationFinding, NetworkHeadline, NetworkSection, OperationFinding, WatcherLoadSection } from './section-types';
import { PairedComparisonRow } from './types';
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
    cpu: CpuSection | undefined, streams: readonly StreamRow[], network: NetworkHeadline | undefined, label: (key: HostKey) => string,
    operations?: OperationsSection, links: readonly NetworkSection[] = [], watcherLoad?: WatcherLoadSection): HeadlineSection | undefined {
    const medians = headlineMedians(measurements);
    const operationFindings = operationHeadlines(operations);
    const linkOperations = links.flatMap(link => linkOperationHeadlines(link));
    const factorFindings = factors.filter(table => HEADLINE_FACTORS.test(table.id) || RELEASE_FACTORS.test(table.id)).flatMap(table => {
        const found = largest(table.columns.map((size, index) => ({ size, value: table.cells[index]?.factor === undefined ? undefined : table.cells[index] })));
        return found ? [{ table, size: found.size, cell: found.value, numeratorLabel: label(table.numerator.host), denominatorLabel: label(table.denominator.host) }] : [];
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
    if (medians.length + factorFindings.length + hopFindings.length + cpuFindings.length + operationFindings.length + linkOperations.length === 0 && !stream && !network && !watcherLoad) {
        return undefined;
    }
    // Only a report with emulated links or operations has those fields, so one without is what it always was.
    return {
        kind: 'headline', medians, factors: factorFindings, hops: hopFindings, cpu: cpuFindings, stream, ...(network ? { network } : {}),
        ...(operationFindings.length > 0 ? { operations: operationFindings } : {}),
        ...(linkOperations.length > 0 ? { linkOperations } : {}),
        ...(watcherLoad ? { watcherLoad } : {}),
    };
}

/** Each question with a link floor over one link, at its largest target with one: every host's median against its link floor there. */
function linkOperationHeadlines(link: NetworkSection): LinkOperationFinding[] {
    return (link.operations?.answers ?? []).flatMap(({ question, columns, rows }) => {
        const column = columns.map((target, index) => ({ target, index })).reverse().find(({ index }) => rows.some(row => row.linkFloors?.[index]));
        return column ? [{
            profile: link.profile, question, target: column.target,
            rows: rows.flatMap(row => {
                const floor = row.linkFloors?.[column.index];
                const median = row.apiCells[column.index];
                return floor && median ? [{ hostLabel: row.hostLabel, api: row.api, median, link: floor }] : [];
            }),
        }] : [];
    });
}

/** Each question at its largest target with a factor: every host's factor there. */
function operationHeadlines(operations: OperationsSection | undefined): OperationFinding[] {
    return (operations?.answers ?? []).flatMap(({ question, columns, rows }) => {
        const column = columns.map((target, index) => ({ target, index })).reverse().find(({ index }) => rows.some(row => row.factors[index]?.factor !== undefined));
        return column ? [{
            question, target: column.target,
            rows: rows.flatMap(row => { const cell = row.factors[column.index]; return cell?.factor === undefined ? [] : [{ hostLabel: row.hostLabel, api: row.api, cell }]; }),
        }] : [];
    });
}

/**
 * Whether a comparison cell's path crosses Theia's RPC (a plugin's read, FileService's, the RPC transport) or stays off
 * it (the backend's own disk read, the plugin host's in-host read, an HTTP fetch, any VS Code host): from the parts the
 * catalog says it passes through.
 */
export function crossesRpc(cell: Pick<CellChange, 'host' | 'scenarioId'>): boolean {
    return pathComponentsOf(cell.host, cell.scenarioId)?.some(component => THEIA_RPC_COMPONENTS.includes(component)) ?? false;
}

/** A comparison's rows split by whether they cross Theia's RPC. */
export function rpcGroups(rows: readonly PairedComparisonRow[]): { crossing: PairedComparisonRow[]; off: PairedComparisonRow[] } {
    return { crossing: rows.filter(row => crossesRpc(row.cell)), off: rows.filter(row => !crossesRpc(row.cell)) };
}

/** The machine the documents were measured on, from their environments: `AMD EPYC, 2 cores` (undefined where none says). */
export function machineOf(documents: readonly ResultsDocument[]): string | undefined {
    const cpus = [...new Set(documents.flatMap(document => document.environment.cpu ? [`${document.environment.cpu.model}, ${document.environment.cpu.count} cores`] : []))];
    return cpus.length > 0 ? cpus.join(' / ') : undefined;
}

/**
 * A report's title: the kind of run, the day its first results file started, and the machine's CPU and cores (never its
 * host name), e.g. `FS Performance, Theia releases: 2026-11-22, AMD EPYC, 2 cores`.
 */
export function reportTitle(kind: string, documents: readonly ResultsDocument[]): string {
    const day = documents.map(document => document.startedAt).sort()[0]?.slice(0, 10);
    return `FS Performance, ${kind}${[day, machineOf(documents)].some(Boolean) ? `: ${[day, machineOf(documents)].filter(Boolean).join(', ')}` : ''}`;
}
