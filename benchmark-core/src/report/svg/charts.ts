import { ChangeVerdict } from '../../stats/change';
import { CONFIDENCE_LEVEL, Interval } from '../../stats/median-interval';
import { formatShare, formatSupported } from '../../stats/precision';
import { formatChangeRatio, formatFactor, formatMedian } from '../blocks/numbers';
import { ForestChart, ForestRow } from '../model/types';
import { CHANGE_VERDICTS } from '../../compare/run-comparison';
import { FactorChartSeries, FloorChartSeries, MedianChartSeries, MedianTable, SizeChart, StackedBarChart } from '../model/types';
import { ReportChart } from '../model/section-types';
import { FIXTURE_SIZE_LABELS, fixtureSize } from '../../measure/sizes';

/** One point of a line: data units, optionally its interval (drawn as a whisker), and the text of its tooltip. */
export interface LinePoint {
    readonly x: number;
    readonly y: number;
    readonly interval?: Interval;
    readonly text: string;
}

/** A line chart as drawn: points in data units. */
export interface LineChart {
    readonly title: string;
    readonly xTitle: string;
    readonly yTitle: string;
    /** `dashed`: a line of another kind than the measured ones (a floor), drawn dashed whatever its place. */
    readonly series: readonly { name: string; points: readonly LinePoint[]; dashed?: boolean }[];
    /** Labels for x values (e.g. `10000K` for 10240000). */
    readonly xLabels: ReadonlyMap<number, string>;
}

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
    readonly series: readonly { name: string; groups: readonly (StripGroup | undefined)[] }[];
}

const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
const DASHES = ['', '6 3', '2 3', '8 3 2 3'];
/** A floor's line: dashed, unlike any measured line of a chart of up to {@link PALETTE}'s length. */
const FLOOR_DASH = '6 3';
const FONT_SIZE = 11;
/** Wider than the average glyph of sans-serif fonts at {@link FONT_SIZE}, so estimated label widths are never short. */
const GLYPH_WIDTH = 0.65 * FONT_SIZE;
const LEGEND_ROW_HEIGHT = 18;
/** Legend swatch and the gap to its text. */
const LEGEND_KEY_WIDTH = 30;
/** Widest strip of samples of a strip plot, px: wider strips only spread the dots. */
const MAX_STRIP_WIDTH = 70;

/** Escapes text for XML and HTML, in element content and in quoted attributes. */
export function escapeXml(text: string): string {
    return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const px = (value: number): string => value.toFixed(1);

interface Frame {
    readonly width: number;
    readonly margin: { readonly left: number; readonly right: number; readonly top: number; readonly bottom: number };
    readonly plotWidth: number;
    readonly plotHeight: number;
}

/**
 * Where each legend entry goes: as many equal columns as the widest name allows (one column when a name is
 * wider than half the row), so no entry reaches into the next.
 */
function legendPositions(names: readonly string[], left: number, rowWidth: number, top: number): { x: number; y: number }[] {
    const entryWidth = LEGEND_KEY_WIDTH + Math.max(0, ...names.map(name => name.length * GLYPH_WIDTH)) + 16;
    const columns = Math.max(1, Math.floor(rowWidth / entryWidth));
    const columnWidth = rowWidth / columns;
    return names.map((_, index) => ({ x: left + (index % columns) * columnWidth, y: top + Math.floor(index / columns) * LEGEND_ROW_HEIGHT }));
}

function legendHeight(names: readonly string[], rowWidth: number): number {
    const positions = legendPositions(names, 0, rowWidth, 0);
    return positions.length === 0 ? 0 : positions[positions.length - 1].y + LEGEND_ROW_HEIGHT;
}

/** The opening of a chart: the svg element, its title, an opaque background (readable on a dark page) and the heading. */
function chartOpening(title: string, width: number, height: number, className: string): string[] {
    return [
        `<svg xmlns="http://www.w3.org/2000/svg" class="${className}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="${FONT_SIZE}" role="img">`,
        `<title>${escapeXml(title)}</title>`,
        `<rect class="background" width="${width}" height="${height}" fill="#fff"/>`,
        `<text x="${width / 2}" y="18" text-anchor="middle" font-size="14" font-weight="bold">${escapeXml(title)}</text>`,
    ];
}

/**
 * A log scale over the range of `values` (positive ones) with a little room at both ends, and where its grid
 * lines go: at 1, 2 and 5 times a power of ten, or at powers of ten alone when the range spans more than 2 decades.
 */
function logYAxis(values: readonly number[], frame: Frame): { scale: (y: number) => number; ticks: number[] } {
    const log = Math.log10;
    const positive = values.filter(value => value > 0);
    const [low, high] = [log(Math.min(...positive)), log(Math.max(...positive))];
    const padding = Math.max((high - low) * 0.04, 0.05);
    const [yMin, yMax] = [low - padding, high + padding];
    const scale = (y: number): number => frame.margin.top + frame.plotHeight - ((log(y) - yMin) / (yMax - yMin)) * frame.plotHeight;
    const steps = yMax - yMin > 2 ? [1] : [1, 2, 5];
    const ticks: number[] = [];
    for (let decade = Math.floor(yMin); decade <= Math.ceil(yMax); decade++) {
        ticks.push(...steps.map(step => step * 10 ** decade).filter(tick => log(tick) >= yMin && log(tick) <= yMax));
    }
    // A narrow range (samples within a few percent) may hold no such line: label its ends instead.
    return { scale, ticks: ticks.length >= 2 ? ticks : [...new Set([low, high].map(end => Number((10 ** end).toPrecision(2))))] };
}

/** Grid lines with their labels, the plot's frame and the axis titles. */
function axes(frame: Frame, yAxis: { scale: (y: number) => number; ticks: number[] }, xTitle: string, yTitle: string): string[] {
    const { margin, plotWidth, plotHeight, width } = frame;
    return [
        ...yAxis.ticks.flatMap(tick => {
            const y = yAxis.scale(tick);
            return [`<line x1="${margin.left}" y1="${px(y)}" x2="${width - margin.right}" y2="${px(y)}" stroke="#ddd"/>`,
                `<text x="${margin.left - 6}" y="${px(y + 4)}" text-anchor="end">${formatTick(tick)}</text>`];
        }),
        `<rect x="${margin.left}" y="${margin.top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="#999"/>`,
        `<text x="${margin.left + plotWidth / 2}" y="${margin.top + plotHeight + 34}" text-anchor="middle">${escapeXml(xTitle)}</text>`,
        `<text transform="translate(16 ${margin.top + plotHeight / 2}) rotate(-90)" text-anchor="middle">${escapeXml(yTitle)}</text>`,
    ];
}

/** A legend below the plot, entries as {@link legendPositions} places them across `rowWidth` from `left` (the plot's by default). */
function legend(names: readonly string[], frame: Frame, key: (index: number, x: number, y: number) => string,
    left = frame.margin.left, rowWidth = frame.plotWidth): string[] {
    const top = frame.margin.top + frame.plotHeight + frame.margin.bottom;
    return ['<g class="legend">', ...legendPositions(names, left, rowWidth, top).flatMap(({ x, y }, index) =>
        [key(index, x, y), `<text x="${x + LEGEND_KEY_WIDTH}" y="${y + 4}">${escapeXml(names[index])}</text>`]), '</g>'];
}

function frameOf(width: number, plotHeight: number): Frame {
    const margin = { left: 70, right: 30, top: 36, bottom: 48 };
    return { width, margin, plotWidth: width - margin.left - margin.right, plotHeight };
}

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

/** A log-log line chart as SVG: one line per series, each point's interval as a whisker, decade grid lines, a legend below. */
export function renderLineChartSvg(chart: LineChart, width = 760, plotHeight = 360): string {
    const points = chart.series.flatMap(series => series.points).filter(point => point.x > 0 && point.y > 0);
    if (points.length === 0) {
        return `<p>${escapeXml(chart.title)}: no data.</p>`;
    }
    const frame = frameOf(width, plotHeight);
    const { margin, plotWidth } = frame;
    const log = Math.log10;
    const xMin = log(Math.min(...points.map(point => point.x)));
    const xMax = log(Math.max(...points.map(point => point.x)));
    const xScale = (x: number): number => margin.left + (xMax === xMin ? plotWidth / 2 : ((log(x) - xMin) / (xMax - xMin)) * plotWidth);
    const yAxis = logYAxis(points.flatMap(point => [point.y, ...(point.interval ? [point.interval.low, point.interval.high] : [])]), frame);
    const yScale = yAxis.scale;
    const names = chart.series.map(series => series.name);
    const height = margin.top + plotHeight + margin.bottom + legendHeight(names, plotWidth) + 8;
    const parts = [...chartOpening(chart.title, width, height, 'line-chart'), ...axes(frame, yAxis, chart.xTitle, chart.yTitle)];
    for (const [x, label] of chart.xLabels) {
        const xPixel = xScale(x);
        parts.push(`<line x1="${xPixel}" y1="${margin.top}" x2="${xPixel}" y2="${margin.top + plotHeight}" stroke="#eee"/>`,
            `<text x="${xPixel}" y="${margin.top + plotHeight + 16}" text-anchor="middle">${escapeXml(label)}</text>`);
    }
    const style = (index: number): string => {
        const dash = chart.series[index].dashed ? FLOOR_DASH : DASHES[Math.floor(index / PALETTE.length) % DASHES.length];
        return `stroke="${PALETTE[index % PALETTE.length]}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''}`;
    };
    chart.series.forEach((series, index) => {
        const color = PALETTE[index % PALETTE.length];
        const valid = series.points.filter(point => point.x > 0 && point.y > 0).sort((a, b) => a.x - b.x);
        const path = valid.map(point => `${px(xScale(point.x))},${px(yScale(point.y))}`).join(' ');
        parts.push(`<polyline fill="none" ${style(index)} points="${path}"><title>${escapeXml(series.name)}</title></polyline>`);
        for (const point of valid) {
            const x = px(xScale(point.x));
            if (point.interval && point.interval.low > 0) {
                parts.push(`<path class="whisker" d="M${x} ${px(yScale(point.interval.low))}V${px(yScale(point.interval.high))}" stroke="${color}" stroke-width="1.5"/>`);
            }
            parts.push(`<circle cx="${x}" cy="${px(yScale(point.y))}" r="2.5" fill="${color}"><title>${escapeXml(`${series.name}: ${point.text}`)}</title></circle>`);
        }
    });
    parts.push(...legend(names, frame, (index, x, y) => `<line x1="${x}" y1="${y}" x2="${x + 24}" y2="${y}" ${style(index)}/>`), '</svg>');
    return parts.join('\n');
}

function formatTick(value: number): string {
    return String(Number(value.toPrecision(2)));
}

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
        parts.push(`<text x="${px(x)}" y="${bottom + 16}" text-anchor="middle">${escapeXml(group)}</text>`);
    });
    chart.series.forEach((series, seriesIndex) => {
        const color = PALETTE[seriesIndex % PALETTE.length];
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
        parts.push(`<g class="samples" fill="${color}" fill-opacity="0.55">${dots.join('')}</g>`);
    });
    parts.push(...legend(names, frame, (index, x, legendY) => `<circle cx="${x + 12}" cy="${legendY}" r="4" fill="${PALETTE[index % PALETTE.length]}"/>`), '</svg>');
    return parts.join('\n');
}

/** Estimated width of a text at {@link FONT_SIZE}, px: never shorter than the text drawn. */
function textWidth(text: string): number {
    return text.length * GLYPH_WIDTH;
}

/** Tick values from 0 to at least `max` at 1, 2 or 5 times a power of ten, about four steps. */
function linearTicks(max: number): number[] {
    if (!(max > 0)) {
        return [0, 1];
    }
    const rough = max / 4;
    const power = 10 ** Math.floor(Math.log10(rough));
    const step = [1, 2, 5, 10].map(factor => factor * power).find(candidate => candidate >= rough)!;
    const ticks: number[] = [];
    for (let tick = 0; ticks.length === 0 || ticks[ticks.length - 1] < max; tick += step) {
        ticks.push(Number(tick.toPrecision(12)));
    }
    return ticks;
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

/** The colour of a verdict's dot: slower red, faster green, no change blue, inconclusive orange (the palette's). */
const VERDICT_COLORS: Readonly<Record<ChangeVerdict, string>> = { 'slower': PALETTE[1], 'faster': PALETTE[2], 'no change': PALETTE[0], 'inconclusive': PALETTE[3] };
const FOREST_ROW_HEIGHT = 18;
/** Closest two labelled ticks of a forest plot's x axis, px. */
const FOREST_TICK_SPACING = 40;
/** Ratios the x axis of a forest plot may label, besides 1. */
const FOREST_TICKS = [1.01, 1.02, 1.05, 1.1, 1.2, 1.5, 2, 3, 5, 10, 20, 50, 100].flatMap(ratio => [ratio, Number((1 / ratio).toPrecision(2))]);

/**
 * A forest plot as SVG: a row per cell, each with its own line, its label on the left, a dot at its ratio coloured by
 * its verdict and a whisker for its interval, the ratio printed on the right; a log x axis symmetric around 1 with a
 * line at 1 and a band from 1 − to 1 + the noise threshold; a legend of the verdicts below.
 */
export function renderForestChartSvg(chart: ForestChart, plotWidth = 420): string {
    const rows = chart.rows.filter(row => [row.ratio, row.low, row.high].every(value => value > 0 && Number.isFinite(value)));
    if (rows.length === 0) {
        return `<p>${escapeXml(chart.title)}: no data.</p>`;
    }
    const log = Math.log;
    const threshold = chart.noiseThreshold;
    // Symmetric around 1 on the log scale, wide enough for every whisker and twice the band.
    const reach = 1.08 * Math.max(...rows.flatMap(row => [Math.abs(log(row.low)), Math.abs(log(row.high))]),
        2 * Math.max(Math.abs(log(1 - Math.min(threshold, 0.5))), log(1 + threshold)), 0.01);
    const ratioText = (row: ForestRow): string => formatChangeRatio(row);
    const margin = {
        left: 16 + Math.max(...rows.map(row => textWidth(row.label))) + 10,
        right: 12 + Math.max(...rows.map(row => textWidth(ratioText(row)))) + 8,
        top: 36, bottom: 48,
    };
    const plotHeight = rows.length * FOREST_ROW_HEIGHT + 8;
    const width = Math.ceil(Math.max(margin.left + plotWidth + margin.right, textWidth(chart.title) * 14 / FONT_SIZE + 32));
    const frame: Frame = { width, margin, plotWidth, plotHeight };
    const x = (ratio: number): number => margin.left + ((log(ratio) + reach) / (2 * reach)) * plotWidth;
    const bottom = margin.top + plotHeight;
    const rowY = (index: number): number => margin.top + 4 + (index + 0.5) * FOREST_ROW_HEIGHT;
    const counts = CHANGE_VERDICTS.map(verdict => rows.filter(row => row.verdict === verdict).length);
    const band = `within ±${Math.round(threshold * 1000) / 10}%: noise`;
    const names = [...CHANGE_VERDICTS.map((verdict, index) => `${verdict} (${counts[index]})`), band];
    const height = bottom + margin.bottom + legendHeight(names, plotWidth) + 8;
    // Outward from 1 on each side, a tick where it is far enough from the one before to keep its label clear.
    const ticks = [1];
    for (const side of [FOREST_TICKS.filter(tick => tick > 1), FOREST_TICKS.filter(tick => tick < 1)]) {
        let last = 1;
        for (const tick of side.filter(candidate => Math.abs(log(candidate)) <= reach).sort((a, b) => Math.abs(log(a)) - Math.abs(log(b)))) {
            if (Math.abs(x(tick) - x(last)) >= FOREST_TICK_SPACING) {
                ticks.push(tick);
                last = tick;
            }
        }
    }
    const parts = [...chartOpening(chart.title, width, height, 'forest-chart')];
    rows.forEach((_, index) => {
        if (index % 2 === 1) {
            parts.push(`<rect x="16" y="${px(rowY(index) - FOREST_ROW_HEIGHT / 2)}" width="${px(width - 32)}" height="${FOREST_ROW_HEIGHT}" fill="#888" fill-opacity="0.08"/>`);
        }
    });
    parts.push(`<rect class="noise-band" x="${px(x(1 - threshold))}" y="${margin.top}" width="${px(x(1 + threshold) - x(1 - threshold))}" height="${plotHeight}" fill="#888" fill-opacity="0.22">`
        + `<title>${escapeXml(`${band} (no change when the whole interval lies here)`)}</title></rect>`);
    for (const tick of ticks) {
        parts.push(`<line x1="${px(x(tick))}" y1="${margin.top}" x2="${px(x(tick))}" y2="${bottom}" stroke="#888" stroke-opacity="0.3"/>`,
            `<text x="${px(x(tick))}" y="${bottom + 16}" text-anchor="middle">${formatTick(tick)}</text>`);
    }
    parts.push(`<line class="no-change" x1="${px(x(1))}" y1="${margin.top}" x2="${px(x(1))}" y2="${bottom}" stroke="#888" stroke-width="1.5"/>`,
        `<rect x="${margin.left}" y="${margin.top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="#999"/>`,
        `<text x="${margin.left + plotWidth / 2}" y="${bottom + 34}" text-anchor="middle">${escapeXml(chart.xTitle)}</text>`);
    rows.forEach((row, index) => {
        const y = px(rowY(index));
        const color = VERDICT_COLORS[row.verdict];
        const tooltip = escapeXml(`${row.label}: ${ratioText(row)}, ${row.verdict}`);
        parts.push(`<text class="row-label" x="${px(margin.left - 10)}" y="${px(rowY(index) + 4)}" text-anchor="end">${escapeXml(row.label)}</text>`,
            `<path class="whisker" d="M${px(x(row.low))} ${y}H${px(x(row.high))}" stroke="${color}" stroke-width="2"/>`,
            `<circle class="ratio" cx="${px(x(row.ratio))}" cy="${y}" r="4" fill="${color}"><title>${tooltip}</title></circle>`,
            `<text class="ratio-value" x="${px(margin.left + plotWidth + 12)}" y="${px(rowY(index) + 4)}">${escapeXml(ratioText(row))}</text>`);
    });
    parts.push(...legend(names, frame, (index, legendX, legendY) => index < CHANGE_VERDICTS.length
        ? `<circle cx="${legendX + 12}" cy="${legendY}" r="4" fill="${VERDICT_COLORS[CHANGE_VERDICTS[index]]}"/>`
        : `<rect x="${legendX}" y="${legendY - 6}" width="24" height="12" fill="#888" fill-opacity="0.22"/>`), '</svg>');
    return parts.join('\n');
}

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

/** The samples of a per-scenario table as a strip plot: a group per column (size), a strip per row (host). */
export function renderDistributionSvg(table: MedianTable): string {
    return renderStripChartSvg({
        title: `Every sample (dots), the median (bar) and its ${Math.round(CONFIDENCE_LEVEL * 100)}% interval (band)`,
        xTitle: table.columns.every(column => FIXTURE_SIZE_LABELS.includes(column)) ? 'file size' : '',
        yTitle: 'ms (log scale)',
        groups: table.columns,
        series: table.rows.map(row => ({
            name: row.label,
            groups: row.cells.map(cell => cell && {
                samples: cell.measurement.samplesMs, median: cell.statistics.medianMs, interval: cell.medianInterval,
                text: `median ${formatMedian(cell)} ms, ${cell.statistics.count} samples`,
            }),
        })),
    });
}

/** File name of a chart drawn alone, e.g. `chart-medians.svg`. */
export function chartFileName(chart: ReportChart): string {
    return `chart-${chart.id}.svg`;
}
