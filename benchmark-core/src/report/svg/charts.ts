import { fixtureSize } from '../../measure/sizes';
import { Interval } from '../../stats/median-interval';
import { formatSupported } from '../../stats/precision';
import { formatFactor, formatMedian } from '../blocks/numbers';
import { ReportChart } from '../model/section-types';
import { FactorChartSeries, FloorChartSeries, MedianChartSeries, SizeChart } from '../model/types';
import { renderGroupedBarChartSvg, renderStackedBarChartSvg } from './bar';
import { renderForestChartSvg } from './forest';
import { renderLineChartSvg } from './line';

/** A report chart drawn: a line chart over file sizes (the median with its interval, or the factor with its), stacked bars, or a forest plot. */
export function renderReportChartSvg(chart: ReportChart): string {
    switch (chart.kind) {
        case 'stacked-bars':
            return renderStackedBarChartSvg(chart);
        case 'forest':
            return renderForestChartSvg(chart);
        default:
            return renderSizeChartSvg(chart);
    }
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

function renderSizeChartSvg(chart: SizeChart): string {
    if (chart.display === 'grouped-bars') {
        return renderGroupedBarChartSvg({
            title: chart.title, xTitle: chart.xTitle, yTitle: chart.yTitle, groups: chart.sizes,
            series: chart.series.map(series => {
                const values = sizeValues(series);
                return { name: series.label, values: chart.sizes.map(size => values.find(candidate => candidate.size === size)) };
            }),
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
            ...(series.kind === 'floor' ? { dashed: true } : {}),
        })),
    });
}

/** File name of a chart drawn alone, e.g. `chart-medians.svg`. */
export function chartFileName(chart: ReportChart): string {
    return `chart-${chart.id}.svg`;
}
