import { Interval } from '../../stats/median-interval';
import { formatMedian } from '../blocks/numbers';
import { DistributionChart } from '../model/types';
import { axes, CHART_CLOSING, chartOpening, escapeXml, frameOf, legend, legendHeight, logYAxis, px } from './frame';
import { PALETTE_COLORS, ReportPalette } from './palette';

/** The samples of one series in one group of a {@link StripChart}. */
export interface StripGroup {
    readonly samples: readonly number[];
    readonly median: number;
    readonly interval?: Interval;
    /** Tooltip of the median mark. */
    readonly text: string;
}

/** A strip plot: groups along x (e.g. sizes), in each a strip of every sample per series, on a log y axis. */
export interface StripChart {
    readonly title: string;
    readonly xTitle: string;
    readonly yTitle: string;
    readonly groups: readonly string[];
    /** One per series; each has one entry per group, undefined where the series has no samples. */
    readonly series: readonly { name: string; groups: readonly (StripGroup | undefined)[]; color?: string }[];
}
/** Widest strip of samples of a strip plot, px: wider strips only spread the dots. */
const MAX_STRIP_WIDTH = 70;

/** Spreads a strip's samples across its width without randomness: the golden-ratio sequence, by sample index. */
function jitter(index: number): number {
    return ((index * 0.6180339887) % 1) - 0.5;
}

/**
 * A strip plot as SVG: every sample one dot (a sample of 0 ms sits on the bottom edge), in each group a strip
 * per series side by side, the median as a bar across its strip over a band of its interval; log y axis.
 */
export function renderStripChartSvg(chart: StripChart, width = 760, plotHeight = 240): string {
    const samples = chart.series.flatMap(series => series.groups.flatMap(group => group?.samples ?? []));
    if (!samples.some(sample => sample > 0)) {
        return `<p>${escapeXml(chart.title)}: no data.</p>`;
    }
    const frame = frameOf(width, plotHeight);
    const { margin, plotWidth } = frame;
    const yAxis = logYAxis(samples, frame);
    const bottom = margin.top + plotHeight;
    const y = (value: number): number => value > 0 ? yAxis.scale(value) : bottom;
    const groupWidth = plotWidth / chart.groups.length;
    const stripWidth = Math.min((groupWidth * 0.8) / chart.series.length, MAX_STRIP_WIDTH);
    /** From a group's left edge to its first strip's, so the strips sit in the middle of the group. */
    const stripsOffset = (groupWidth - stripWidth * chart.series.length) / 2;
    const names = chart.series.map(series => series.name);
    const height = margin.top + plotHeight + margin.bottom + legendHeight(names, plotWidth) + 8;
    const parts = [...chartOpening(chart.title, width, height, 'strip-chart'), ...axes(frame, yAxis, chart.xTitle, chart.yTitle)];
    chart.groups.forEach((group, index) => {
        const x = margin.left + groupWidth * (index + 0.5);
        if (index > 0) {
            parts.push(`<line x1="${px(x - groupWidth / 2)}" y1="${margin.top}" x2="${px(x - groupWidth / 2)}" y2="${bottom}" stroke="#eee"/>`);
        }
        parts.push(`<text class="tick-category" x="${px(x)}" y="${bottom + 16}" text-anchor="middle">${escapeXml(group)}</text>`);
    });
    chart.series.forEach((series, seriesIndex) => {
        const color = series.color ?? PALETTE_COLORS[seriesIndex % PALETTE_COLORS.length];
        const dots: string[] = [];
        series.groups.forEach((group, groupIndex) => {
            if (!group) {
                return;
            }
            const center = margin.left + groupWidth * groupIndex + stripsOffset + stripWidth * (seriesIndex + 0.5);
            const [left, right] = [center - stripWidth * 0.4, center + stripWidth * 0.4];
            if (group.interval && group.interval.low > 0) {
                const top = y(group.interval.high);
                parts.push(`<rect x="${px(left)}" y="${px(top)}" width="${px(right - left)}" height="${px(y(group.interval.low) - top)}" fill="${color}" fill-opacity="0.15"/>`);
            }
            dots.push(...group.samples.map((sample, index) => `<circle cx="${px(center + jitter(index) * stripWidth * 0.6)}" cy="${px(y(sample))}" r="2"/>`));
            parts.push(`<path class="median" d="M${px(left)} ${px(y(group.median))}H${px(right)}" stroke="#222" stroke-width="2"><title>${escapeXml(`${series.name}, ${chart.groups[groupIndex]}: ${group.text}`)}</title></path>`);
        });
        parts.push(`<g class="samples" fill="${color}" fill-opacity="0.55" data-series="${escapeXml(series.name)}">${dots.join('')}</g>`);
    });
    parts.push(...legend(names, frame, (index, x, legendY) => `<circle cx="${x + 12}" cy="${legendY}" r="4" fill="${chart.series[index].color ?? PALETTE_COLORS[index % PALETTE_COLORS.length]}" data-series="${escapeXml(names[index])}"/>`), CHART_CLOSING);
    return parts.join('\n');
}

/** The samples of a per-scenario table as a strip plot: a group per column (size), a strip per row (host). */
export function renderDistributionSvg(chart: DistributionChart, palette?: ReportPalette): string {
    const { table } = chart;
    return renderStripChartSvg({
        title: chart.title,
        xTitle: chart.xTitle,
        yTitle: chart.yTitle,
        groups: table.columns,
        series: table.rows.map(row => ({
            name: row.label,
            ...(palette ? { color: palette.color(row.label) } : {}),
            groups: row.cells.map(cell => cell && {
                samples: cell.measurement.samplesMs, median: cell.statistics.medianMs, interval: cell.medianInterval,
                text: `median ${formatMedian(cell)} ms, ${cell.statistics.count} samples`,
            }),
        })),
    });
}
