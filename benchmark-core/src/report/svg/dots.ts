import { Interval } from '../../stats/median-interval';
import { CHART_CLOSING, chartOpening, escapeXml, formatTick, logTicks, px, textWidth } from './frame';
import { PALETTE_COLORS } from './palette';

/** One row of a {@link DotChart}: a value with its interval, printed at the row's end. */
export interface DotRow {
    /** Index into the chart's series (its colour and legend entry). */
    readonly series: number;
    readonly label: string;
    readonly value: number;
    readonly interval?: Interval;
    /** The value as printed at the row's end, e.g. `790 [720, 820] ms`. */
    readonly text: string;
}

/**
 * A dot plot: rows in groups (e.g. a group per file size, a row per host), each a dot at its value on a log axis and a
 * whisker for its interval, its value printed at the row's end, so nothing needs hovering. A log axis holds points only,
 * never bars (a bar's length on a log axis means nothing), and says so in its title.
 */
export interface DotChart {
    readonly title: string;
    /** The value axis' title; `(log scale)` is added. */
    readonly xTitle: string;
    /** One name per series: each row is labelled with its series' name, so no legend is drawn. */
    readonly series: readonly string[];
    /** Each series' colour (the report palette's), by index; by default the palette's in order. */
    readonly colors?: readonly string[];
    /** A group's label heads its rows; a group of one row is labelled in the row. */
    readonly groups: readonly { readonly label: string; readonly rows: readonly DotRow[] }[];
    /** Draws a line at 1 (ratios: the same time), darker than the grid. */
    readonly referenceOne?: boolean;
}

const ROW_HEIGHT = 18;
const MIN_WIDTH = 900;
const MIN_PLOT_WIDTH = 320;

interface PlacedRow {
    readonly row?: DotRow;
    /** A group's heading line (no dot). */
    readonly heading?: string;
    readonly label: string;
}

/**
 * A dot plot as SVG: see {@link DotChart}. Every row carries its series' name, so more than six series
 * (three Theia releases and code-server, each with a plugin and an extension) may share colours: the names tell them apart.
 */
export function renderDotChartSvg(chart: DotChart): string {
    const valid = (row: DotRow): boolean => row.value > 0 && Number.isFinite(row.value);
    const placed: PlacedRow[] = chart.groups.flatMap(group => {
        const rows = group.rows.filter(valid);
        if (rows.length === 0) {
            return [];
        }
        return rows.length === 1 && chart.series.length === 1
            ? [{ row: rows[0], label: group.label }]
            : [{ heading: group.label, label: group.label }, ...rows.map(row => ({ row, label: row.label }))];
    });
    const rows = placed.flatMap(entry => entry.row ? [entry.row] : []);
    if (rows.length === 0) {
        return `<p>${escapeXml(chart.title)}: no data.</p>`;
    }
    const extent = rows.flatMap(row => [row.value, ...(row.interval && row.interval.low > 0 ? [row.interval.low, row.interval.high] : [])])
        // A ratio's axis reaches from 0.5 to 2 at least, so the line at 1 has ticks on both sides.
        .concat(chart.referenceOne ? [0.5, 2] : []);
    const log = Math.log10;
    const padding = Math.max((log(Math.max(...extent)) - log(Math.min(...extent))) * 0.05, 0.04);
    const margin = {
        left: 16 + Math.max(...placed.map(entry => textWidth(entry.label))) + 14,
        right: 12 + Math.max(...rows.map(row => textWidth(row.text))) + 8,
        top: 36, bottom: 48,
    };
    const width = Math.ceil(Math.max(MIN_WIDTH, margin.left + MIN_PLOT_WIDTH + margin.right));
    const plotWidth = width - margin.left - margin.right;
    const plotHeight = placed.length * ROW_HEIGHT + 8;
    const axis = logTicks(10 ** (log(Math.min(...extent)) - padding), 10 ** (log(Math.max(...extent)) + padding), plotWidth);
    const [xMin, xMax] = [log(axis.low), log(axis.high)];
    const x = (value: number): number => margin.left + ((log(value) - xMin) / (xMax - xMin)) * plotWidth;
    const bottom = margin.top + plotHeight;
    const rowY = (index: number): number => margin.top + 4 + (index + 0.5) * ROW_HEIGHT;
    const height = bottom + margin.bottom + 8;
    const parts = [...chartOpening(chart.title, width, height, 'dot-chart'), '<g class="axis axis-x" data-scale="log">',
        ...axis.ticks.flatMap(tick => [`<line x1="${px(x(tick))}" y1="${margin.top}" x2="${px(x(tick))}" y2="${bottom}" stroke="#ddd"/>`,
            `<text class="tick" x="${px(x(tick))}" y="${bottom + 16}" text-anchor="middle">${formatTick(tick)}</text>`]), '</g>',
        `<rect class="plot-frame" x="${margin.left}" y="${margin.top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="#999"/>`,
        `<text x="${margin.left + plotWidth / 2}" y="${bottom + 34}" text-anchor="middle">${escapeXml(`${chart.xTitle} (log scale)`)}</text>`];
    if (chart.referenceOne) {
        parts.push(`<line class="reference-one" x1="${px(x(1))}" y1="${margin.top}" x2="${px(x(1))}" y2="${bottom}" stroke="#000" stroke-width="1.5" stroke-dasharray="4 2">`
            + '<title>1: the same time</title></line>');
    }
    placed.forEach((entry, index) => {
        const y = rowY(index);
        if (entry.heading !== undefined) {
            parts.push(`<text class="group-label" x="16" y="${px(y + 4)}" font-weight="bold">${escapeXml(entry.heading)}</text>`);
            return;
        }
        const row = entry.row!;
        const color = chart.colors?.[row.series] ?? PALETTE_COLORS[row.series % PALETTE_COLORS.length];
        const series = escapeXml(chart.series[row.series] ?? row.label);
        parts.push(`<text class="row-label" x="${px(margin.left - 10)}" y="${px(y + 4)}" text-anchor="end">${escapeXml(entry.label)}</text>`);
        if (row.interval && row.interval.low > 0) {
            parts.push(`<path class="whisker" d="M${px(x(row.interval.low))} ${px(y)}H${px(x(row.interval.high))}" stroke="${color}" stroke-width="2"/>`);
        }
        parts.push(`<circle class="dot" cx="${px(x(row.value))}" cy="${px(y)}" r="4" fill="${color}" data-value="${row.value}" data-series="${series}"><title>${escapeXml(`${entry.label}: ${row.text}`)}</title></circle>`,
            `<text class="value" x="${px(margin.left + plotWidth + 12)}" y="${px(y + 4)}">${escapeXml(row.text)}</text>`);
    });
    parts.push(CHART_CLOSING);
    return parts.join('\n');
}
