import { formatShare, formatSupported } from '../../stats/precision';
import { StackedBar, StackedBarChart } from '../model/types';
import { CHART_CLOSING, chartOpening, escapeXml, formatTick, Frame, legend, legendHeight, linearTicks, px, textWidth } from './frame';
import { PALETTE_COLORS, ReportPalette, textColorOn } from './palette';

const BAR_HEIGHT = 18;
/** Room above a bar for its label, px. */
const BAR_LABEL_HEIGHT = 15;
const BAR_GAP = 10;

/** A bar's segments as drawn: each value that counts (at or above the bar's resolution, above 0) and its share of their sum. */
function drawnSegments(bar: StackedBar): { segment: number; value: number; share: number }[] {
    const counted = bar.values.flatMap((value, segment) => value !== undefined && value > 0 && value >= (bar.resolution ?? 0) ? [{ segment, value }] : []);
    const sum = counted.reduce((total, { value }) => total + value, 0);
    return counted.map(entry => ({ ...entry, share: entry.value / sum }));
}

/** A value as the bar's table prints it. */
function valueText(bar: StackedBar, segment: number): string {
    return bar.texts?.[segment] ?? formatSupported(bar.values[segment]!);
}

/** The values of a bar it leaves out: below its resolution (hops the clocks cannot tell apart) or below 0. */
function leftOut(bar: StackedBar): number[] {
    return bar.values.flatMap((value, segment) => value !== undefined && !(value > 0 && value >= (bar.resolution ?? 0)) ? [segment] : []);
}

/**
 * Horizontal stacked bars as SVG: each bar's label above it (naming the values left out: below the clocks' resolution or
 * below 0), its segments in the chart's order and to scale, its total at its end, and a legend of the segments below. A
 * `share` chart draws every bar to 100% of the values that count, each segment its share of them, printed in it where it
 * fits; shares add up to 100%. Each segment carries its share (`data-share`) or value (`data-value`), so a test can
 * check its width against the plot's.
 */
export function renderStackedBarChartSvg(chart: StackedBarChart, palette?: ReportPalette, width = 760): string {
    const colorOf = (segment: number): string => palette?.color(chart.segments[segment]) ?? PALETTE_COLORS[segment % PALETTE_COLORS.length];
    const bars = chart.bars.filter(bar => drawnSegments(bar).length > 0);
    if (bars.length === 0) {
        return `<p>${escapeXml(chart.title)}: no data.</p>`;
    }
    const share = chart.scale === 'share';
    const total = (bar: StackedBar): number => bar.values.reduce((sum: number, value) => sum + (value ?? 0), 0);
    const totalText = (bar: StackedBar): string => `${formatSupported(total(bar))} ${chart.unit}`;
    const right = 16 + Math.max(...bars.map(bar => textWidth(totalText(bar))));
    // A bar with values left out names each on a line of its own under the bar's label.
    const leftOutLines = (bar: StackedBar): number => leftOut(bar).length;
    const slots = bars.map(bar => BAR_LABEL_HEIGHT * (1 + leftOutLines(bar)) + BAR_HEIGHT + BAR_GAP);
    const slotTops = slots.map((_, index) => slots.slice(0, index).reduce((sum, slot) => sum + slot, 0));
    const margin = { left: 16, right, top: 36, bottom: 48 };
    const frame: Frame = { width, margin, plotWidth: width - margin.left - margin.right, plotHeight: slots.reduce((sum, slot) => sum + slot, 0) + BAR_GAP };
    const { plotWidth, plotHeight } = frame;
    const ticks = share ? [0, 0.25, 0.5, 0.75, 1] : linearTicks(Math.max(...bars.map(bar => drawnSegments(bar).reduce((sum, { value }) => sum + value, 0))));
    const xMax = ticks[ticks.length - 1];
    const x = (value: number): number => margin.left + (value / xMax) * plotWidth;
    const legendWidth = width - 2 * margin.left;
    const height = margin.top + plotHeight + margin.bottom + legendHeight(chart.segments, legendWidth) + 8;
    const bottom = margin.top + plotHeight;
    const parts = [...chartOpening(chart.title, width, height, 'bar-chart'), '<g class="axis axis-x" data-scale="linear">',
        ...ticks.flatMap(tick => [`<line x1="${px(x(tick))}" y1="${margin.top}" x2="${px(x(tick))}" y2="${bottom}" stroke="#ddd"/>`,
            `<text class="tick" x="${px(x(tick))}" y="${bottom + 16}" text-anchor="middle">${share ? `${tick * 100}%` : formatTick(tick)}</text>`]), '</g>',
        `<text x="${margin.left + plotWidth / 2}" y="${bottom + 34}" text-anchor="middle">${escapeXml(chart.xTitle)}</text>`];
    const hatch = `hatch-${chart.id}`;
    parts.push(`<defs><pattern id="${hatch}" width="5" height="5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">`
        + '<line x1="0" y1="0" x2="0" y2="5" stroke="#000" stroke-width="1.5"/></pattern></defs>');
    bars.forEach((bar, index) => {
        const labelTop = margin.top + BAR_GAP + slotTops[index] + BAR_LABEL_HEIGHT;
        const top = labelTop + BAR_LABEL_HEIGHT * leftOutLines(bar);
        parts.push(`<text class="bar-label" x="${margin.left}" y="${labelTop - 4}">${escapeXml(bar.label)}</text>`);
        // Each value left out drawn as a hatched mark in its segment's colour, with its value, on a line under the bar's label.
        const markX = margin.left + 8;
        for (const [line, segment] of leftOut(bar).entries()) {
            const markTop = labelTop + BAR_LABEL_HEIGHT * (line + 1);
            const value = valueText(bar, segment);
            const below = bar.values[segment]! >= 0 && bar.resolution !== undefined ? ` (below the clock's ${bar.resolution} ${chart.unit})` : '';
            const text = `${chart.segments[segment]}: ${value}${/\d$/.test(value) ? ` ${chart.unit}` : ''}${below}, not in the ${share ? 'shares' : 'bar'}`;
            parts.push(`<g class="left-out" data-left-out="${escapeXml(chart.segments[segment])}" data-value="${bar.values[segment]}">`
                + `<rect x="${px(markX)}" y="${markTop - 13}" width="14" height="11" fill="${colorOf(segment)}" data-series="${escapeXml(chart.segments[segment])}"/>`
                + `<rect x="${px(markX)}" y="${markTop - 13}" width="14" height="11" fill="url(#${hatch})" stroke="#000" stroke-width="0.5"/>`
                + `<text x="${px(markX + 18)}" y="${markTop - 4}" fill="#555">${escapeXml(text)}</text><title>${escapeXml(`${bar.label}, ${text}`)}</title></g>`);
        }
        parts.push(`<g class="stacked-bar" data-scale="${chart.scale}" data-x-max="${xMax}">`);
        let start = 0;
        for (const { segment, value, share: segmentShare } of drawnSegments(bar)) {
            const drawn = share ? segmentShare : value;
            const segmentLeft = x(start);
            const segmentWidth = x(start + drawn) - segmentLeft;
            start += drawn;
            const color = colorOf(segment);
            const tooltip = `${bar.label}, ${chart.segments[segment]}: ${valueText(bar, segment)} ${chart.unit}${share ? ` (${formatShare(segmentShare)})` : ''}`;
            parts.push(`<rect class="segment" x="${px(segmentLeft)}" y="${top}" width="${px(segmentWidth)}" height="${BAR_HEIGHT}" fill="${color}" data-series="${escapeXml(chart.segments[segment])}" `
                + `${share ? `data-share="${segmentShare.toFixed(6)}"` : `data-value="${value}"`}><title>${escapeXml(tooltip)}</title></rect>`);
            const inside = share ? formatShare(segmentShare) : formatSupported(value);
            if (textWidth(inside) + 6 <= segmentWidth) {
                parts.push(`<text x="${px(segmentLeft + segmentWidth / 2)}" y="${top + BAR_HEIGHT / 2 + 4}" text-anchor="middle" class="inside" style="fill:${textColorOn(color)}">${escapeXml(inside)}</text>`);
            }
        }
        parts.push('</g>', `<text class="total" x="${px(x(start) + 6)}" y="${top + BAR_HEIGHT / 2 + 4}">${escapeXml(totalText(bar))}</text>`);
    });
    parts.push(`<rect class="plot-frame" x="${margin.left}" y="${margin.top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="#999"/>`,
        ...legend(chart.segments, frame, (index, legendX, legendY) =>
            `<rect x="${legendX}" y="${legendY - 6}" width="24" height="12" fill="${colorOf(index)}" data-series="${escapeXml(chart.segments[index])}"/>`, margin.left, legendWidth),
        CHART_CLOSING);
    return parts.join('\n');
}
