import { CONFIDENCE_LEVEL } from '../../stats/median-interval';
import { FactorTable, HostEnvironment, MedianTable, NotMeasuredHost, StreamRow } from '../model/types';
import { editorDescription } from '../../results/host-identity';
import { ColumnAlign, TextGrid } from './block';
import { formatEstimate, formatFactor, formatMedian, formatPercentile, NOT_MEASURED_CELL, percent } from './numbers';

export function numberColumns(firstHeader: string, columns: readonly string[]): Pick<TextGrid, 'header' | 'align'> {
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
        rows: hosts.map(({ label, hostInfo, environment, settings, startedAt, samplesTaken }) => [
            label,
            editorDescription(hostInfo),
            `${hostInfo.runtime}${hostInfo.transport ? `, ${hostInfo.transport}` : ''}`,
            environment.os ? `${environment.os.platform} ${environment.os.release ?? ''}`.trim() : NOT_MEASURED_CELL,
            environment.cpu ? `${environment.cpu.model} × ${environment.cpu.count}` : NOT_MEASURED_CELL,
            environment.memoryBytes ? `${(environment.memoryBytes / 2 ** 30).toFixed(1)} GiB` : NOT_MEASURED_CELL,
            Object.entries(environment.versions).map(([name, version]) => `${name} ${version}`).join(', ') || NOT_MEASURED_CELL,
            `${samplesTaken && samplesTaken.max !== samplesTaken.min ? `${samplesTaken.min} to ${samplesTaken.max} per cell` : samplesTaken?.min ?? settings.iterations}`
                + ` + ${settings.warmup} warm-up${settings.pauseMs ? `, a pause of up to ${settings.pauseMs} ms before each` : ''}, ${startedAt}`,
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

export function notMeasuredGrid(hosts: readonly NotMeasuredHost[]): TextGrid {
    return { header: ['Host', 'Reason'], align: ['left', 'left'], rows: hosts.map(({ host, reason }) => [host, reason]) };
}
