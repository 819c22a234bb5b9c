import { CONFIDENCE_LEVEL, Interval } from './intervals';
import { formatFactor, formatMedian } from './report-format';
import { MedianTable, ReportChart } from './report-model';
import { FIXTURE_SIZE_LABELS, fixtureSize } from './sizes';

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
    readonly series: readonly { name: string; points: readonly LinePoint[] }[];
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
        `<rect width="${width}" height="${height}" fill="#fff"/>`,
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

function legend(names: readonly string[], frame: Frame, key: (index: number, x: number, y: number) => string): string[] {
    const top = frame.margin.top + frame.plotHeight + frame.margin.bottom;
    return legendPositions(names, frame.margin.left, frame.plotWidth, top).flatMap(({ x, y }, index) =>
        [key(index, x, y), `<text x="${x + LEGEND_KEY_WIDTH}" y="${y + 4}">${escapeXml(names[index])}</text>`]);
}

function frameOf(width: number, plotHeight: number): Frame {
    const margin = { left: 70, right: 30, top: 36, bottom: 48 };
    return { width, margin, plotWidth: width - margin.left - margin.right, plotHeight };
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
        const dash = DASHES[Math.floor(index / PALETTE.length) % DASHES.length];
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

/** A report chart drawn: x is the file size in bytes, y the median (ms, with its interval) or the factor (with its interval). */
export function renderReportChartSvg(chart: ReportChart): string {
    return renderLineChartSvg({
        title: chart.title,
        xTitle: chart.xTitle,
        yTitle: chart.yTitle,
        xLabels: new Map(chart.sizes.map(size => [fixtureSize(size).bytes, size])),
        series: chart.series.map(series => ({
            name: series.label,
            points: series.kind === 'median'
                ? series.points.map(({ size, cell }) => ({ x: fixtureSize(size).bytes, y: cell.statistics.medianMs, interval: cell.medianInterval, text: `${formatMedian(cell)} ms` }))
                : series.points.map(({ size, cell }) => ({ x: fixtureSize(size).bytes, y: cell.factor, interval: cell.factorInterval, text: formatFactor(cell) })),
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
