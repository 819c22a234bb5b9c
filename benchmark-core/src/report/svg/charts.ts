import { fixtureSize } from '../../measure/sizes';
import { Interval } from '../../stats/median-interval';
import { formatSupported } from '../../stats/precision';
import { formatFactor, formatMedian } from '../blocks/numbers';
import { FactorChartSeries, FileChart, FloorChartSeries, MedianChartSeries, ReportChart, SizeChart } from '../model/types';
import { renderStackedBarChartSvg } from './bar';
import { renderDotChartSvg } from './dots';
import { renderForestChartSvg } from './forest';
import { renderLineChartSvg } from './line';
import { renderDistributionSvg } from './strip';
import { PaletteSeries, ReportPalette, reportPalette } from './palette';

/** Each kind's renderer: a chart kind added to {@link ReportChart} without one does not compile. */
const CHART_RENDERERS: { readonly [K in ReportChart['kind']]: (chart: Extract<ReportChart, { readonly kind: K }>, palette: ReportPalette) => string } = {
    lines: renderSizeChartSvg,
    'stacked-bars': renderStackedBarChartSvg,
    forest: chart => renderForestChartSvg(chart),
    distribution: renderDistributionSvg,
};

/**
 * A report chart drawn by its kind's renderer, its series in the colours of `palette`: the report's (see
 * {@link chartsPalette}), so a name has one colour in every chart; by default one of this chart alone.
 */
export function renderReportChartSvg(chart: ReportChart, palette = chartsPalette([chart])): string {
    // TypeScript cannot tie the kind read to the renderer picked; the table's type ties them.
    const render = CHART_RENDERERS[chart.kind] as (chart: ReportChart, palette: ReportPalette) => string;
    return render(chart, palette);
}

/** The series a chart colours, by name (a forest plot's dots are coloured by verdict, not by series). */
export function chartSeries(chart: ReportChart): PaletteSeries[] {
    switch (chart.kind) {
        case 'lines':
            return chart.series.map(series => ({ name: series.label, floor: series.kind === 'floor' }));
        case 'stacked-bars':
            return chart.segments.map(name => ({ name }));
        case 'distribution':
            return chart.table.rows.map(row => ({ name: row.label }));
        case 'forest':
            return [];
    }
}

/** One palette for all of a report's charts: a series name has one colour wherever it is drawn. */
export function chartsPalette(charts: readonly ReportChart[]): ReportPalette {
    return reportPalette(charts.map(chartSeries));
}

/** A size chart's point as drawn: its value, its interval where it has one, and its tooltip. */
interface SizeValue {
    readonly size: string;
    readonly value: number;
    readonly interval?: Interval;
    readonly text: string;
}

function sizeValues(series: MedianChartSeries | FactorChartSeries | FloorChartSeries): SizeValue[] {
    switch (series.kind) {
        case 'median':
            return series.points.map(({ size, cell }) => ({ size, value: cell.statistics.medianMs, interval: cell.medianInterval, text: `${formatMedian(cell)} ms` }));
        case 'factor':
            return series.points.map(({ size, cell }) => ({ size, value: cell.factor, interval: cell.factorInterval, text: formatFactor(cell) }));
        case 'floor':
            return series.points.map(({ size, ms }) => ({ size, value: ms, text: `${formatSupported(ms)} ms (floor)` }));
    }
}

function renderSizeChartSvg(chart: SizeChart, palette: ReportPalette): string {
    if (chart.display === 'dots') {
        const values = chart.series.map(sizeValues);
        return renderDotChartSvg({
            title: chart.title, xTitle: chart.yTitle, series: chart.series.map(series => series.label),
            referenceOne: chart.series.some(series => series.kind === 'factor'), colors: chart.series.map(series => palette.color(series.label)),
            groups: chart.sizes.map(size => ({
                label: size,
                rows: values.flatMap((series, index) => series.filter(value => value.size === size)
                    .map(({ value, interval, text }) => ({ series: index, label: chart.series[index].label, value, interval, text }))),
            })),
        });
    }
    return renderLineChartSvg({
        title: chart.title,
        xTitle: chart.xTitle,
        yTitle: chart.yTitle,
        xLabels: new Map(chart.sizes.map(size => [fixtureSize(size).bytes, size])),
        series: chart.series.map(series => ({
            name: series.label,
            points: sizeValues(series).map(({ size, value, interval, text }) => ({ x: fixtureSize(size).bytes, y: value, interval, text })),
            color: palette.color(series.label),
            ...(series.kind === 'floor' ? { dashed: true } : {}),
        })),
    });
}

/** Whether a chart is also written as a file of its own; only the HTML page draws the others. */
export function hasChartFile(chart: ReportChart): chart is FileChart {
    return chart.kind !== 'distribution';
}

/** File name of a chart drawn alone, e.g. `chart-medians.svg`. */
export function chartFileName(chart: FileChart): string {
    return `chart-${chart.id}.svg`;
}
