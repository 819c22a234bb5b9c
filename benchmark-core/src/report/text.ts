import { editorDescription, hostLabel } from '../results/host-identity';
import { formatInterval, formatSupported } from '../stats/precision';
import { medianInterval } from '../stats/median-interval';
import { eventsReceivedText } from '../measure/watch-events';
import { hopGrid } from './blocks/hops-cpu';
import { NOT_MEASURED_CELL } from './blocks/numbers';
import { REPORT_HEADINGS } from './blocks/headings';
import { TextGrid } from './blocks/block';
import { collectMeasurements } from '../results/measurements';
import { CpuRow } from './model/types';
import { cpuSection } from './model/cpu';
import { hopsSection } from './model/hops';
import { isLargeSize } from './model/tables';
import { HostInfo, Measurement, ResultsDocument, RunSettings } from '../results/schema';
import { reportBlocks } from './blocks/blocks';
import { ComparisonReport } from './model/section-types';

export interface TextColumn {
    readonly header: string;
    readonly align: 'left' | 'right';
}

/** A fixed-width table with a header row and a rule, columns separated by two spaces. */
export function renderTextTable(columns: readonly TextColumn[], rows: readonly (readonly string[])[]): string {
    const widths = columns.map((column, index) =>
        Math.max(column.header.length, ...rows.map(row => (row[index] ?? '').length)));
    const line = (cells: readonly string[]): string => columns
        .map((column, index) => {
            const cell = cells[index] ?? '';
            return column.align === 'right' ? cell.padStart(widths[index]) : cell.padEnd(widths[index]);
        })
        .join('  ')
        .trimEnd();
    return [
        line(columns.map(column => column.header)),
        widths.map(width => '-'.repeat(width)).join('  '),
        ...rows.map(line),
    ].join('\n');
}

/** A report's table as fixed-width text. */
export function renderGridText(grid: TextGrid): string {
    return renderTextTable(grid.header.map((header, index) => ({ header, align: grid.align[index] })), grid.rows);
}

/** A table turned on its side: its columns become rows (the first column's cells the new header), for a wide table in a narrow panel. */
export function transposeGrid(grid: TextGrid): TextGrid {
    return {
        header: [grid.header[0], ...grid.rows.map(row => row[0])],
        align: ['left', ...grid.rows.map((): TextColumn['align'] => 'right')],
        rows: grid.header.slice(1).map((header, index) => [header, ...grid.rows.map(row => row[index + 1])]),
    };
}

const MEASUREMENT_COLUMNS: readonly TextColumn[] = [
    { header: 'Size', align: 'left' },
    { header: 'Bytes', align: 'right' },
    { header: 'n', align: 'right' },
    { header: 'Median ms', align: 'right' },
    { header: '95% CI ms', align: 'right' },
    { header: 'Mean ms', align: 'right' },
    { header: 'Min ms', align: 'right' },
    { header: 'Max ms', align: 'right' },
    { header: 'p95 ms', align: 'right' },
    { header: 'MB/s', align: 'right' },
    { header: 'Verified', align: 'left' },
];

/** The table of one scenario: one row per size (or small-files set), in the given order. */
export function renderScenarioTable(measurements: readonly Measurement[]): string {
    if (measurements.length === 0) {
        throw new Error('A scenario table needs at least one measurement.');
    }
    const scenario = measurements[0].scenario;
    const rows = measurements.map(measurement => {
        const stats = measurement.statistics;
        // Version 1 files carry no interval: it is computed from their samples.
        const interval = stats.medianIntervalMs ?? medianInterval(measurement.samplesMs);
        return [
            measurement.targetLabel,
            String(measurement.bytes),
            String(stats.count),
            formatSupported(stats.medianMs, interval),
            interval ? formatInterval(stats.medianMs, interval) : 'n<6',
            // One rule for every number, as in the report: the digits the median's interval supports (3 significant without one).
            formatSupported(stats.meanMs, interval),
            formatSupported(stats.minMs, interval),
            formatSupported(stats.maxMs, interval),
            formatSupported(stats.p95Ms, interval),
            stats.megabytesPerSecond === undefined ? '-' : formatSupported(stats.megabytesPerSecond),
            measurement.verification,
        ];
    });
    const timedBy = measurements.some(measurement => measurement.reportedBySubject) ? ' (time reported by the callee)' : '';
    const host = measurements[0].host ? ` [${hostLabel(measurements[0].host)}]` : '';
    // A watch burst's count: a lost event is a finding, said under its table.
    const events = measurements.filter(measurement => measurement.events)
        .map(measurement => `\n  ${measurement.targetLabel}: ${eventsReceivedText(measurement.events!.received, measurement.events!.expected)} (per sample: ${measurement.events!.received.join(', ')})`);
    return `${scenario.label}: ${scenario.api}${timedBy}${host}\n${renderTextTable(MEASUREMENT_COLUMNS, rows)}${events.join('')}`;
}

/** Groups measurements by scenario id (and row host), keeping first-seen order. */
export function groupByScenario(measurements: readonly Measurement[]): Measurement[][] {
    const groups = new Map<string, Measurement[]>();
    for (const measurement of measurements) {
        const key = `${measurement.scenario.id}|${measurement.host ? hostLabel(measurement.host) : ''}`;
        const group = groups.get(key) ?? [];
        group.push(measurement);
        groups.set(key, group);
    }
    return [...groups.values()];
}

/** The header an Output panel shows before the tables: host, editor, date and settings. */
export function renderRunHeader(host: HostInfo, settings: RunSettings, startedAt: string): string {
    return [
        `FS Performance: ${hostLabel(host)}`,
        `  Editor:    ${editorDescription(host)}`,
        `  Runtime:   ${host.runtime}, ${host.extensionKind}${host.transport ? `, ${host.transport}` : ''}`,
        `  Started:   ${startedAt}`,
        `  Settings:  ${settings.iterations} samples + ${settings.warmup} warm-up, sizes ${settings.sizes.join(', ')}, ${settings.order}`,
    ].join('\n');
}

/**
 * Header, one table per scenario, the hops of traced reads and the CPU per MB of the CPU passes where the run has them, and a
 * line per skipped scenario: what the Output panel shows for a run.
 */
export function renderResultsText(document: ResultsDocument): string {
    const parts = [renderRunHeader(document.host, document.settings, document.startedAt)];
    for (const group of groupByScenario(document.results)) {
        parts.push(renderScenarioTable(group));
    }
    const measurements = collectMeasurements([document]);
    const hops = hopsSection(measurements);
    for (const { hostLabel, rows } of hops?.hosts ?? []) {
        // A row per size would be some 250 characters wide: a row per hop fits a panel, with the sizes from 500K up
        // (where the bytes' hops matter; all sizes when none is that large) and without the untraced read (in the report).
        const large = rows.filter(row => isLargeSize(row.targetLabel));
        const grid = transposeGrid(hopGrid(hops!.hops, large.length > 0 ? large : rows));
        const shown = grid.rows.filter(row => !/^(Untraced read|Traced \/ untraced|Matched|Unmatched)/.test(row[0]));
        parts.push(`${REPORT_HEADINGS.hops} [${hostLabel}]: ms per hop, typical samples (share of the sum)\n`
            + renderGridText({ ...grid, rows: shown }));
    }
    // One narrow table per scenario and host: an Output panel wraps long lines.
    const cpu = cpuSection(measurements);
    for (const group of groupCpuRows(cpu?.rows ?? [])) {
        const seen = cpu!.processes.map((_, index) => index).filter(index => group.rows.some(row => row.cpuMsPerMegabyte[index] !== undefined));
        parts.push(`${REPORT_HEADINGS.cpu} [${group.hostLabel}]: ${group.scenario} (CPU ms per MB, MB = 10^6 bytes)\n`
            + renderGridText({
                header: ['Size', ...seen.map(index => cpu!.processes[index]), 'Calls', 'Wall ms/MB'],
                align: ['left', ...seen.map((): 'right' => 'right'), 'right', 'right'],
                rows: group.rows.map(row => [row.targetLabel, ...seen.map(index => formatCpu(row.cpuMsPerMegabyte[index])), String(row.calls),
                    formatCpu(row.wallMsPerMegabyte)]),
            }));
    }
    for (const skipped of document.skipped) {
        const host = skipped.host ? ` [${hostLabel(skipped.host)}]` : '';
        parts.push(`${skipped.scenario.label}${host}: skipped, ${skipped.reason}`);
    }
    return parts.join('\n\n') + '\n';
}

/** CPU rows by host and scenario, in the order they come. */
function groupCpuRows(rows: readonly CpuRow[]): { hostLabel: string; scenario: string; rows: CpuRow[] }[] {
    const groups = new Map<string, { hostLabel: string; scenario: string; rows: CpuRow[] }>();
    for (const row of rows) {
        const key = `${row.hostLabel}|${row.scenario.id}`;
        const group = groups.get(key) ?? { hostLabel: row.hostLabel, scenario: row.scenario.label, rows: [] };
        group.rows.push(row);
        groups.set(key, group);
    }
    return [...groups.values()];
}

function formatCpu(value: number | undefined): string {
    return value === undefined ? NOT_MEASURED_CELL : formatSupported(value);
}

/** A report's title and headline as plain text for a terminal or an Output panel: its sentences, then the key figures as `- ` lines. */
export function renderHeadlineText(report: ComparisonReport): string {
    const blocks = reportBlocks(report);
    const start = blocks.findIndex(block => block.kind === 'heading' && block.text === REPORT_HEADINGS.headline);
    if (start < 0) {
        return report.title;
    }
    const end = blocks.findIndex((block, index) => index > start && block.kind === 'heading' && block.level <= 2);
    const lines = blocks.slice(start + 1, end < 0 ? undefined : end).flatMap(block => {
        switch (block.kind) {
            case 'paragraph': return [block.text, ''];
            case 'heading': return [`${block.text}:`];
            case 'list': return [...block.items.map(item => `- ${item}`), ''];
            default: return [];
        }
    });
    return [report.title, '', ...lines].join('\n').trimEnd();
}
