import { CONFIDENCE_LEVEL, formatInterval, formatSupported, Interval, minimumSamplesForMedianInterval, orderStatisticRank } from './intervals';
import {
    ComparisonReport, FactorCell, FactorTable, HostEnvironment, MedianCell, MedianTable, NotMeasuredHost, PrecisionMiss, REPORT_BOOTSTRAP, StreamRow, ReportChart, ReportSection,
} from './report-model';

/** What a cell shows where nothing was measured. */
export const NOT_MEASURED_CELL = '–';

/** What a value without an interval says instead: too few samples for one. */
export const TOO_FEW_SAMPLES = `n<${minimumSamplesForMedianInterval()}`;

/** What a factor whose interval includes 1 shows, before its interval. */
export const NO_MEASURABLE_DIFFERENCE = 'no measurable difference';

function percent(level: number): string {
    return `${Math.round(level * 100)}%`;
}

/** Which intervals the report prints and why, said once near its top. */
function howToReadNote(): string {
    const n = 15;
    const rank = orderStatisticRank(n);
    return `Every median is followed by its ${percent(CONFIDENCE_LEVEL)} confidence interval, e.g. 270 [210, 370], and printed with `
        + 'the digits that interval supports. The interval of a median is two order statistics of its sorted samples '
        + `(of ${n} samples the ${rank}th and the ${n + 1 - rank!}th): distribution-free, so it holds for skewed or bimodal timings, `
        + `and deterministic, so the same samples always give the same interval. "${TOO_FEW_SAMPLES}" marks a value with too few samples `
        + `for one. A factor (first / second) and a time difference carry a ${percent(CONFIDENCE_LEVEL)} percentile-bootstrap interval `
        + `(${REPORT_BOOTSTRAP.resamples} resamples of each side, seeded, so the report is reproducible), since a ratio of medians has no `
        + `closed-form interval; a factor whose interval includes 1 is shown as "${NO_MEASURABLE_DIFFERENCE}". p5 and p95 show the spread `
        + 'of single samples, not the uncertainty of the median.';
}

/**
 * The text every renderer of the report shows: headings, and each table's cells formatted from the
 * model's statistics. Markdown and HTML differ only in markup, so both take their words from here.
 */
export const REPORT_HEADINGS = {
    howToRead: 'How to read',
    howToReadNote: howToReadNote(),
    factors: 'Factors',
    factorsNote: 'Time: difference of the medians in ms (first minus second). Factor: first divided by second. Each with its '
        + `${percent(CONFIDENCE_LEVEL)} interval. "Plugin vs VS Code" compares a Theia plugin's workspace.fs.readFile, which leaves `
        + 'the plugin host (plugin host, frontend, backend, disk, and the bytes back the same way), with VS Code\'s, which a Node '
        + 'extension host serves from its own disk provider. "Like for like" compares the plugin\'s read with VS Code\'s read of '
        + 'the same file by its vscode-remote URI, which the extension host sends to the workbench, which reads it over its '
        + 'remote connection to the server: both reads cross the same kinds of process boundaries.',
    scenarios: 'Every scenario',
    streaming: 'Streamed reads: time to the first chunk',
    streamingNote: 'FileService.readFileStream delivers the file in chunks; the first chunk is when a consumer could start (say, '
        + 'decoding), the whole read when it has every byte. Measured in the same sample: one clock reading at the first chunk. '
        + '"First chunk at" is the median over the samples of first chunk / whole read: near 100% means the first chunk arrives '
        + 'only about when the read ends, so streaming saves the consumer nothing.',
    precision: 'Precision',
    environments: 'Hosts',
    notMeasured: 'Not measured',
} as const;

export type ColumnAlign = 'left' | 'right';

/** A table as text cells, ready for markup. */
export interface TextGrid {
    readonly header: readonly string[];
    /** Numbers right, words left. */
    readonly align: readonly ColumnAlign[];
    readonly rows: readonly (readonly string[])[];
}


/**
 * A factor's interval with the digits it supports, and more for a bound that would read as 1 without being 1
 * (1.04 as `1.04`, not `1.0`): only "no measurable difference" says that an interval includes 1.
 */
function formatFactorInterval(interval: Interval): string {
    const bound = (value: number): string => {
        let text = formatSupported(value, interval);
        for (let digits = 2; Number(text) === 1 && value !== 1 && digits <= 15; digits++) {
            text = value.toPrecision(digits);
        }
        return text;
    };
    return `[${bound(interval.low)}, ${bound(interval.high)}]`;
}

/** A value and its interval, with the digits the interval supports: `270 [210, 370]`; without one, `5.09 (n<6)`. */
export function formatEstimate(value: number, interval: Interval | undefined): string {
    return interval ? `${formatSupported(value, interval)} ${formatInterval(value, interval)}` : `${formatSupported(value)} (${TOO_FEW_SAMPLES})`;
}

export function formatMedian(cell: MedianCell | undefined): string {
    return cell ? formatEstimate(cell.statistics.medianMs, cell.medianInterval) : NOT_MEASURED_CELL;
}

/** A factor with its interval, or "no measurable difference" with the interval when that includes 1. */
export function formatFactor(cell: FactorCell | undefined): string {
    if (cell?.factor === undefined) {
        return NOT_MEASURED_CELL;
    }
    if (!cell.factorInterval) {
        return formatEstimate(cell.factor, undefined);
    }
    return cell.noMeasurableDifference
        ? `${NO_MEASURABLE_DIFFERENCE} ${formatInterval(cell.factor, cell.factorInterval)}`
        : `${formatSupported(cell.factor, cell.factorInterval)} ${formatFactorInterval(cell.factorInterval)}`;
}

/** A percentile of a cell's samples, with the digits its median's interval supports. */
function formatPercentile(cell: MedianCell | undefined, valueMs: (cell: MedianCell) => number): string {
    return cell ? formatSupported(valueMs(cell), cell.medianInterval) : NOT_MEASURED_CELL;
}

function numberColumns(firstHeader: string, columns: readonly string[]): Pick<TextGrid, 'header' | 'align'> {
    return { header: [firstHeader, ...columns], align: ['left', ...columns.map((): ColumnAlign => 'right')] };
}

export function medianGrid(table: MedianTable): TextGrid {
    return { ...numberColumns(table.rowHeader, table.columns), rows: table.rows.map(row => [row.label, ...row.cells.map(formatMedian)]) };
}

/** What the rows of a {@link distributionGrid} show, per host. */
export const DISTRIBUTION_ROWS = ['p5', `p50 [${percent(CONFIDENCE_LEVEL)} interval]`, 'p95'] as const;

/** A per-scenario table: three rows per host, the samples' p5, the median with its interval, p95. */
export function distributionGrid(table: MedianTable): TextGrid {
    const { header, align } = numberColumns(table.rowHeader, table.columns);
    const [p5, p50, p95] = DISTRIBUTION_ROWS;
    return {
        header: [header[0], 'Statistic', ...header.slice(1)],
        align: ['left', 'left', ...align.slice(1)],
        rows: table.rows.flatMap(row => [
            [row.label, p5, ...row.cells.map(cell => formatPercentile(cell, of => of.p5Ms))],
            [row.label, p50, ...row.cells.map(formatMedian)],
            [row.label, p95, ...row.cells.map(cell => formatPercentile(cell, of => of.statistics.p95Ms))],
        ]),
    };
}

/** Two rows, as the original suite: `Time` (difference, ms) and `Factor`, each with its interval. */
export function factorGrid(table: FactorTable): TextGrid {
    return {
        ...numberColumns('', table.columns),
        rows: [
            ['Time', ...table.cells.map(cell => cell ? formatEstimate(cell.differenceMs, cell.differenceInterval) : NOT_MEASURED_CELL)],
            ['Factor', ...table.cells.map(formatFactor)],
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

export function streamGrid(rows: readonly StreamRow[]): TextGrid {
    return {
        header: ['Host', 'Scenario', 'Size', `First chunk, median ms [${percent(CONFIDENCE_LEVEL)}]`, `Whole read, median ms [${percent(CONFIDENCE_LEVEL)}]`,
            'First chunk at', 'Chunks'],
        align: ['left', 'left', 'left', 'right', 'right', 'right', 'right'],
        rows: rows.map(row => [row.hostLabel, row.scenario.label, row.targetLabel, formatMedian(row.firstChunk), formatMedian(row.whole),
            `${Math.round(row.firstChunkShare * 100)}%`, String(Math.round(row.chunks))]),
    };
}

function precisionNote(cells: number, missed: readonly PrecisionMiss[]): string {
    const reached = cells - missed.length;
    const all = `sampled on until its median's ${percent(CONFIDENCE_LEVEL)} interval was within the run's precision target of it, or its time budget was spent`;
    return missed.length === 0
        ? `Every one of the ${cells} cells reached its precision target (each cell was ${all}).`
        : `${reached} of ${cells} cells reached their precision target (each cell was ${all}). These did not; their intervals are wider:`;
}

export function precisionGrid(missed: readonly PrecisionMiss[]): TextGrid {
    return {
        header: ['Host', 'Scenario', 'Size', 'Samples', 'Target ±%', 'Reached ±%'],
        align: ['left', 'left', 'left', 'right', 'right', 'right'],
        rows: missed.map(miss => [miss.hostLabel, miss.scenario.label, miss.targetLabel, String(miss.samples), formatPercentValue(miss.targetPercent),
            miss.halfWidthPercent === undefined ? TOO_FEW_SAMPLES : formatPercentValue(miss.halfWidthPercent)]),
    };
}

function formatPercentValue(value: number): string {
    return value >= 10 ? value.toFixed(0) : value.toFixed(1);
}

export function notMeasuredGrid(hosts: readonly NotMeasuredHost[]): TextGrid {
    return { header: ['Host', 'Reason'], align: ['left', 'left'], rows: hosts.map(({ host, reason }) => [host, reason]) };
}

/** The report as a document outline: what Markdown and HTML mark up, each in its own way. */
export type ReportBlock =
    | { readonly kind: 'heading'; readonly level: 1 | 2 | 3; readonly text: string }
    | { readonly kind: 'paragraph'; readonly text: string }
    | { readonly kind: 'table'; readonly grid: TextGrid }
    /** The report's charts; drawn where a renderer can draw (HTML), left out elsewhere. */
    | { readonly kind: 'charts'; readonly charts: readonly ReportChart[] }
    /** The samples of a per-scenario table, drawn where a renderer can draw (HTML). */
    | { readonly kind: 'distribution'; readonly table: MedianTable };

/** The headings, notes, tables and charts of every section, in the report's order. */
export function reportBlocks(report: ComparisonReport): ReportBlock[] {
    const heading = (level: 1 | 2 | 3, text: string): ReportBlock => ({ kind: 'heading', level, text });
    const table = (grid: TextGrid): ReportBlock => ({ kind: 'table', grid });
    const blocks: ReportBlock[] = [heading(1, report.title), heading(2, REPORT_HEADINGS.howToRead), { kind: 'paragraph', text: REPORT_HEADINGS.howToReadNote },
        ...(report.charts.length > 0 ? [{ kind: 'charts' as const, charts: report.charts }] : [])];
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
                blocks.push(heading(2, REPORT_HEADINGS.scenarios), ...section.tables.flatMap((median): ReportBlock[] =>
                    [heading(3, median.title), table(distributionGrid(median)), { kind: 'distribution', table: median }]));
                break;
            case 'streaming':
                blocks.push(heading(2, REPORT_HEADINGS.streaming), { kind: 'paragraph', text: REPORT_HEADINGS.streamingNote }, table(streamGrid(section.rows)));
                break;
            case 'precision':
                blocks.push(heading(2, REPORT_HEADINGS.precision), { kind: 'paragraph', text: precisionNote(section.cells, section.missed) },
                    ...(section.missed.length > 0 ? [table(precisionGrid(section.missed))] : []));
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
