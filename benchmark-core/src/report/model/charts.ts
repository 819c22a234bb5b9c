import { SCENARIO_CATALOG } from '../../measure/scenario-catalog';
import { FIXTURE_SIZE_LABELS } from '../../measure/sizes';
import { hostKeyId } from '../../results/host-identity';
import { CONFIDENCE_LEVEL } from '../../stats/median-interval';
import { HEADLINE_FACTORS } from './headline';
import { defined } from './tables';
import { DistributionChart, FactorChartSeries, FactorTable, MedianChartSeries, MedianTable, SizeChart, StreamRow } from './types';

/** Most series a chart draws (one colour each, told apart at a glance); the renderers' limit too. */
const MAX_CHART_SERIES = 6;

/** The fixture sizes among some targets, smallest first. */
export function chartSizes(sizes: Iterable<string>): string[] {
    const present = new Set(sizes);
    return FIXTURE_SIZE_LABELS.filter(size => present.has(size));
}

/** A line per row of a table of medians over sizes, its measured cells as points; rows without any are left out. */
export function medianSeriesOf(table: MedianTable): MedianChartSeries[] {
    return table.rows.map((row): MedianChartSeries => ({
        kind: 'median', label: row.label, series: row.series,
        points: defined(row.cells.map((cell, index) => cell && { size: table.columns[index], cell })),
    })).filter(line => line.points.length > 0);
}

/**
 * One chart per table of the original suite (a handful of lines each, so every line can be told apart): the plugin's
 * and the extension's read in every host (like for like where VS Code's read through the workbench was measured:
 * `medians`), the Theia extension's paths, and where the time goes per Theia runtime; then the headline's factors and
 * the streamed reads.
 */
export function reportCharts(suiteTables: readonly MedianTable[], factorTables: readonly FactorTable[], streams: readonly StreamRow[],
    releaseMedians: readonly MedianTable[] = []): SizeChart[] {
    const charts: SizeChart[] = [];
    const readTable = suiteTables.find(table => table.id === 'like-for-like') ?? suiteTables.find(table => table.id === 'read-file');
    const chartOf = (table: MedianTable, id: string, title: string, display: SizeChart['display'] = 'lines'): void => {
        const series = medianSeriesOf(table);
        if (series.length > 0) {
            charts.push({
                kind: 'lines', id, placement: 'opening', title, xTitle: 'file size', yTitle: 'median ms',
                sizes: chartSizes(series.flatMap(line => line.points.map(point => point.size))), series, display,
            });
        }
    };
    if (readTable) {
        chartOf(readTable, 'medians', `${SCENARIO_CATALOG.vscodeReadFile.label}: an extension's or plugin's read, median ms and its interval`, 'dots');
    }
    // A dot per release and size, at most six releases a chart (one colour each): more go into further charts, none left out.
    for (const table of releaseMedians) {
        const parts = Math.ceil(table.rows.length / MAX_CHART_SERIES);
        for (let part = 0; part < parts; part++) {
            chartOf({ ...table, rows: table.rows.slice(part * MAX_CHART_SERIES, (part + 1) * MAX_CHART_SERIES) }, part === 0 ? table.id : `${table.id}-${part + 1}`,
                `${table.title.replace(/, median ms \[95% interval\]$/, '')}: median ms and its interval per release${parts > 1 ? ` (${part + 1} of ${parts})` : ''}`, 'dots');
        }
    }
    for (const table of suiteTables.filter(candidate => candidate.id === 'theia-extension' || candidate.id.startsWith('decomposition-'))) {
        chartOf(table, table.id, `${table.title.replace(/[,:] median ms \[95% interval\]$/, '')}, median ms (log scales)`);
    }
    // One chart per factor: each compares its own two paths, so factors of different meanings never share an axis.
    for (const table of factorTables.filter(candidate => HEADLINE_FACTORS.test(candidate.id))) {
        const series: FactorChartSeries = {
            kind: 'factor', label: table.title, factorTableId: table.id,
            points: table.cells.flatMap((cell, index) => cell?.factor === undefined ? [] : [{ size: table.columns[index], cell: { ...cell, factor: cell.factor } }]),
        };
        if (series.points.length > 0) {
            charts.push({
                kind: 'lines', id: `factors-${table.id}`, placement: 'opening', title: `${table.title}: the factor per file size`, xTitle: 'file size',
                yTitle: 'factor: the first\'s time over the second\'s, 1 = the same', sizes: chartSizes(series.points.map(point => point.size)), series: [series], display: 'dots',
            });
        }
    }
    // Per streamed path: its first chunk and its whole read, so the gap between the lines is the time streaming could save.
    const streamSeries = [...new Map(streams.map(row => [`${hostKeyId(row.host)}|${row.scenario.id}`, row])).values()].flatMap(({ host, hostLabel, scenario }) => {
        const rows = streams.filter(row => hostKeyId(row.host) === hostKeyId(host) && row.scenario.id === scenario.id);
        return (['firstChunk', 'whole'] as const).map((which): MedianChartSeries => ({
            kind: 'median', label: `${hostLabel}: ${scenario.label}, ${which === 'firstChunk' ? 'first chunk' : 'whole read'}`,
            series: { host, scenarioId: scenario.id }, points: rows.map(row => ({ size: row.targetLabel, cell: row[which] })),
        }));
    });
    if (streamSeries.length > 0) {
        charts.push({
            kind: 'lines', id: 'first-chunk', placement: 'opening', title: 'Streamed read: time to the first chunk and to the end (log scales)', xTitle: 'file size', yTitle: 'median ms',
            sizes: chartSizes(streamSeries.flatMap(line => line.points.map(point => point.size))), series: streamSeries,
        });
    }
    return charts;
}

/** Names joined as a person writes them: `a`, `a and b`, `a, b and c`. */
function spoken(names: readonly string[]): string {
    return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Every sample of a per-scenario table, in its section below the table: titled with the scenario and its hosts. */
export function distributionChart(table: MedianTable): DistributionChart {
    const sizes = table.columns.every(column => FIXTURE_SIZE_LABELS.includes(column));
    return {
        kind: 'distribution', id: `distribution-${table.id}`, placement: 'section', table,
        title: `${table.title.replace(/, ms$/, '')} in ${spoken(table.rows.map(row => row.label))}: each sample (dot), `
            + `median (bar), ${Math.round(CONFIDENCE_LEVEL * 100)}% interval (band)${sizes ? ', by file size' : ''}`,
        xTitle: sizes ? 'file size' : '',
        yTitle: 'ms (log scale)',
    };
}
