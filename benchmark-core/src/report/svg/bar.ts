import { Interval } from '../../stats/median-interval';
import { formatShare, formatSupported } from '../../stats/precision';
import { StackedBarChart } from '../model/types';
import { axes, chartOpening, escapeXml, formatTick, Frame, frameOf, legend, legendHeight, linearTicks, logYAxis, PALETTE, px, textWidth } from './frame';

/** Bars of a {@link GroupedBarChart}: per group (x), a bar per series, undefined where the series has no value there. */
export interface GroupedBarChart {
    readonly title: string;
    readonly xTitle: string;
    readonly yTitle: string;
    readonly groups: readonly string[];
    readonly series: readonly { name: string; values: readonly ({ value: number; interval?: Interval; text: string } | undefined)[] }[];
}

/**
 * Grouped bars as SVG: a group per x label (a size), in each a bar per series from the bottom of a log y axis to its
 * value, the value's interval as a whisker, grid lines, a legend below.
 */
export function renderGroupedBarChartSvg(chart: GroupedBarChart, width = 760, plotHeight = 320): string {
    const bars = chart.series.flatMap(series => series.values.filter((bar): bar is NonNullable<typeof bar> => bar !== undefined && bar.value > 0));
    if (bars.length === 0) {
        return `<p>${escapeXml(chart.title)}: no data.</p>`;
    }
    const frame = frameOf(width, plotHeight);
    const { margin, plotWidth } = frame;
    const yAxis = logYAxis(bars.flatMap(bar => [bar.value, ...(bar.interval && bar.interval.low > 0 ? [bar.interval.low, bar.interval.high] : [])]), frame);
    const names = chart.series.map(series => series.name);
    const height = margin.top + plotHeight + margin.bottom + legendHeight(names, plotWidth) + 8;
    const parts = [...chartOpening(chart.title, width, height, 'grouped-bar-chart'), ...axes(frame, yAxis, chart.xTitle, chart.yTitle)];
    const groupWidth = plotWidth / chart.groups.length;
    const barWidth = Math.min(28, (groupWidth * 0.8) / Math.max(1, chart.series.length));
    const bottom = margin.top + plotHeight;
    chart.groups.forEach((group, groupIndex) => {
        const center = margin.left + groupWidth * (groupIndex + 0.5);
        parts.push(`<text x="${px(center)}" y="${bottom + 16}" text-anchor="middle">${escapeXml(group)}</text>`);
        chart.series.forEach((series, index) => {
            const bar = series.values[groupIndex];
            if (!bar || bar.value <= 0) {
                return;
            }
            const color = PALETTE[index % PALETTE.length];
            const x = center - (chart.series.length * barWidth) / 2 + index * barWidth;
            const top = Math.min(bottom, yAxis.scale(bar.value));
            parts.push(`<rect class="bar" x="${px(x + 1)}" y="${px(top)}" width="${px(barWidth - 2)}" height="${px(bottom - top)}" fill="${color}">`
                + `<title>${escapeXml(`${series.name}, ${group}: ${bar.text}`)}</title></rect>`);
            if (bar.interval && bar.interval.low > 0) {
                const whiskerX = px(x + barWidth / 2);
                parts.push(`<path class="whisker" d="M${whiskerX} ${px(yAxis.scale(bar.interval.low))}V${px(yAxis.scale(bar.interval.high))}" stroke="#222" stroke-width="1.5"/>`);
            }
        });
    });
    parts.push(...legend(names, frame, (index, x, y) => `<rect x="${x}" y="${y - 6}" width="24" height="12" fill="${PALETTE[index % PALETTE.length]}"/>`), '</svg>');
    return parts.join('\n');
}

const BAR_HEIGHT = 18;
/** Room above a bar for its label, px. */
const BAR_LABEL_HEIGHT = 15;
const BAR_GAP = 10;

/**
 * Horizontal stacked bars as SVG: each bar's label above it, its segments in the chart's order (a value below 0 is drawn
 * as 0 and its tooltip says so), its total at its end, and a legend of the segments below, across the chart's width.
 * A `share` chart draws every bar to 100% of its total and writes the segment's share in it where it fits.
 */
export function renderStackedBarChartSvg(chart: StackedBarChart, width = 760): string {
    const total = (values: readonly (number | undefined)[]): number => values.reduce((sum: number, value) => sum + (value ?? 0), 0);
    const drawn = (value: number | undefined): number => Math.max(0, value ?? 0);
    const bars = chart.bars.filter(bar => bar.values.some(value => drawn(value) > 0));
    if (bars.length === 0) {
        return `<p>${escapeXml(chart.title)}: no data.</p>`;
    }
    const totalText = (values: readonly (number | undefined)[]): string => `${formatSupported(total(values))} ${chart.unit}`;
    const right = 16 + Math.max(...bars.map(bar => textWidth(totalText(bar.values))));
    const slot = BAR_LABEL_HEIGHT + BAR_HEIGHT + BAR_GAP;
    const margin = { left: 16, right, top: 36, bottom: 48 };
    const frame: Frame = { width, margin, plotWidth: width - margin.left - margin.right, plotHeight: bars.length * slot + BAR_GAP };
    const { plotWidth, plotHeight } = frame;
    const ticks = chart.scale === 'share' ? [0, 0.25, 0.5, 0.75, 1] : linearTicks(Math.max(...bars.map(bar => total(bar.values.map(drawn)))));
    const xMax = ticks[ticks.length - 1];
    const x = (value: number): number => margin.left + (value / xMax) * plotWidth;
    const legendWidth = width - 2 * margin.left;
    const height = margin.top + plotHeight + margin.bottom + legendHeight(chart.segments, legendWidth) + 8;
    const bottom = margin.top + plotHeight;
    const parts = [...chartOpening(chart.title, width, height, 'bar-chart'),
        ...ticks.flatMap(tick => [`<line x1="${px(x(tick))}" y1="${margin.top}" x2="${px(x(tick))}" y2="${bottom}" stroke="#ddd"/>`,
            `<text x="${px(x(tick))}" y="${bottom + 16}" text-anchor="middle">${chart.scale === 'share' ? `${tick * 100}%` : formatTick(tick)}</text>`]),
        `<text x="${margin.left + plotWidth / 2}" y="${bottom + 34}" text-anchor="middle">${escapeXml(chart.xTitle)}</text>`];
    bars.forEach((bar, index) => {
        const top = margin.top + BAR_GAP + index * slot + BAR_LABEL_HEIGHT;
        const barTotal = total(bar.values);
        const scale = chart.scale === 'share' ? total(bar.values.map(drawn)) : 1;
        parts.push(`<text x="${margin.left}" y="${top - 4}">${escapeXml(bar.label)}</text>`);
        let start = 0;
        bar.values.forEach((value, segment) => {
            if (value === undefined) {
                return;
            }
            const share = barTotal === 0 ? 0 : value / barTotal;
            const left = x(start / scale);
            const segmentWidth = x((start + drawn(value)) / scale) - left;
            start += drawn(value);
            const tooltip = `${bar.label}, ${chart.segments[segment]}: ${formatSupported(value)} ${chart.unit} (${formatShare(share)})${value < 0 ? ', drawn as 0' : ''}`;
            parts.push(`<rect class="segment" x="${px(left)}" y="${top}" width="${px(segmentWidth)}" height="${BAR_HEIGHT}" fill="${PALETTE[segment % PALETTE.length]}"><title>${escapeXml(tooltip)}</title></rect>`);
            const inside = chart.scale === 'share' ? formatShare(share) : formatSupported(value);
            if (textWidth(inside) + 6 <= segmentWidth) {
                parts.push(`<text x="${px(left + segmentWidth / 2)}" y="${top + BAR_HEIGHT / 2 + 4}" text-anchor="middle" class="inside" fill="#fff">${escapeXml(inside)}</text>`);
            }
        });
        parts.push(`<text class="total" x="${px(x(start / scale) + 6)}" y="${top + BAR_HEIGHT / 2 + 4}">${escapeXml(totalText(bar.values))}</text>`);
    });
    parts.push(`<rect x="${margin.left}" y="${margin.top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="#999"/>`,
        ...legend(chart.segments, frame, (index, legendX, legendY) =>
            `<rect x="${legendX}" y="${legendY - 6}" width="24" height="12" fill="${PALETTE[index % PALETTE.length]}"/>`, margin.left, legendWidth),
        '</svg>');
    return parts.join('\n');
}
