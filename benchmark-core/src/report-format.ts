import { ComparisonReport, FactorTable, HostEnvironment, MedianCell, MedianTable, NotMeasuredHost, ReportSection } from './report-model';
import { formatMilliseconds } from './text-table';

/**
 * The text every renderer of the report shows: headings, and each table's cells formatted from the
 * model's statistics. Markdown and HTML differ only in markup, so both take their words from here.
 */
export const REPORT_HEADINGS = {
    factors: 'Factors',
    factorsNote: 'Time: difference of the medians in ms (first minus second). Factor: first divided by second.',
    scenarios: 'Every scenario',
    environments: 'Hosts',
    notMeasured: 'Not measured',
} as const;

/** What a cell shows where nothing was measured. */
export const NOT_MEASURED_CELL = '–';

export type ColumnAlign = 'left' | 'right';

/** A table as text cells, ready for markup. */
export interface TextGrid {
    readonly header: readonly string[];
    /** Numbers right, words left. */
    readonly align: readonly ColumnAlign[];
    readonly rows: readonly (readonly string[])[];
}

export function formatMedian(cell: MedianCell | undefined): string {
    return cell ? formatMilliseconds(cell.statistics.medianMs) : NOT_MEASURED_CELL;
}

/** A factor as the original suite printed it: two decimals. */
export function formatFactor(factor: number | undefined): string {
    return factor === undefined ? NOT_MEASURED_CELL : factor.toFixed(2);
}

function numberColumns(firstHeader: string, columns: readonly string[]): Pick<TextGrid, 'header' | 'align'> {
    return { header: [firstHeader, ...columns], align: ['left', ...columns.map((): ColumnAlign => 'right')] };
}

export function medianGrid(table: MedianTable): TextGrid {
    return { ...numberColumns(table.rowHeader, table.columns), rows: table.rows.map(row => [row.label, ...row.cells.map(formatMedian)]) };
}

/** Two rows, as the original suite: `Time` (difference, ms) and `Factor`. */
export function factorGrid(table: FactorTable): TextGrid {
    return {
        ...numberColumns('', table.columns),
        rows: [
            ['Time', ...table.cells.map(cell => cell ? formatMilliseconds(cell.differenceMs) : NOT_MEASURED_CELL)],
            ['Factor', ...table.cells.map(cell => formatFactor(cell?.factor))],
        ],
    };
}

export function environmentGrid(hosts: readonly HostEnvironment[]): TextGrid {
    return {
        header: ['Host', 'Editor', 'Runtime', 'OS', 'CPU', 'Memory', 'Versions', 'Samples'],
        align: ['left', 'left', 'left', 'left', 'left', 'right', 'left', 'left'],
        rows: hosts.map(({ label, hostInfo, environment, settings, startedAt }) => [
            label,
            `${hostInfo.editorName} ${hostInfo.editorVersion}`,
            `${hostInfo.runtime}${hostInfo.transport ? `, ${hostInfo.transport}` : ''}`,
            environment.os ? `${environment.os.platform} ${environment.os.release ?? ''}`.trim() : NOT_MEASURED_CELL,
            environment.cpu ? `${environment.cpu.model} × ${environment.cpu.count}` : NOT_MEASURED_CELL,
            environment.memoryBytes ? `${(environment.memoryBytes / 2 ** 30).toFixed(1)} GiB` : NOT_MEASURED_CELL,
            Object.entries(environment.versions).map(([name, version]) => `${name} ${version}`).join(', ') || NOT_MEASURED_CELL,
            `${settings.iterations} + ${settings.warmup} warm-up, ${startedAt}`,
        ]),
    };
}

export function notMeasuredGrid(hosts: readonly NotMeasuredHost[]): TextGrid {
    return { header: ['Host', 'Reason'], align: ['left', 'left'], rows: hosts.map(({ host, reason }) => [host, reason]) };
}

/** The report as a document outline: what Markdown and HTML mark up, each in its own way. */
export type ReportBlock =
    | { readonly kind: 'heading'; readonly level: 1 | 2 | 3; readonly text: string }
    | { readonly kind: 'paragraph'; readonly text: string }
    | { readonly kind: 'table'; readonly grid: TextGrid };

/** The headings, notes and tables of every section, in the report's order (the charts are not in it). */
export function reportBlocks(report: ComparisonReport): ReportBlock[] {
    const heading = (level: 1 | 2 | 3, text: string): ReportBlock => ({ kind: 'heading', level, text });
    const table = (grid: TextGrid): ReportBlock => ({ kind: 'table', grid });
    const blocks = [heading(1, report.title)];
    for (const section of report.sections) {
        switch (section.kind) {
            case 'medians':
                blocks.push(heading(2, section.table.title), table(medianGrid(section.table)));
                break;
            case 'factors':
                blocks.push(heading(2, REPORT_HEADINGS.factors), { kind: 'paragraph', text: REPORT_HEADINGS.factorsNote },
                    ...section.tables.flatMap(factor => [heading(3, factor.title), table(factorGrid(factor))]));
                break;
            case 'scenarios':
                blocks.push(heading(2, REPORT_HEADINGS.scenarios), ...section.tables.flatMap(median => [heading(3, median.title), table(medianGrid(median))]));
                break;
            case 'environments':
                blocks.push(heading(2, REPORT_HEADINGS.environments), table(environmentGrid(section.hosts)));
                break;
            case 'not-measured':
                blocks.push(heading(2, REPORT_HEADINGS.notMeasured), table(notMeasuredGrid(section.hosts)));
                break;
            default:
                // A section kind added to the model and not rendered here fails to compile.
                unknownSection(section);
        }
    }
    return blocks;
}

function unknownSection(section: never): never {
    throw new Error(`The report has a section the renderers do not know: ${(section as ReportSection).kind}`);
}
