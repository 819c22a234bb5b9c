import { Interval } from '../../stats/median-interval';
import { axes, CHART_CLOSING, chartOpening, escapeXml, FLOOR_DASH, Frame, frameOf, legend, legendHeight, logYAxis, MAX_SERIES, px, textWidth } from './frame';
import { marker, MARKER_COUNT } from './markers';
import { PALETTE_COLORS } from './palette';

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
    /** `color`: the report palette's for the name (by default the palette's in order). */
    readonly series: readonly { name: string; points: readonly LinePoint[]; dashed?: boolean; color?: string }[];
    /** Labels for x values (e.g. `10000K` for 10240000). */
    readonly xLabels: ReadonlyMap<number, string>;
    /** `log` (default: sizes) or `linear` (places in a series, e.g. the builds of a bisect); the span takes in every labelled x. */
    readonly xScale?: 'log' | 'linear';
}

/** The series of each panel: one panel for up to {@link MAX_SERIES}; else the measured lines in panels of as many as fit beside the dashed ones, which every panel repeats. */
function panelsOf(series: LineChart['series']): number[][] {
    const indices = series.map((_, index) => index);
    if (series.length <= MAX_SERIES) {
        return [indices];
    }
    const dashed = indices.filter(index => series[index].dashed);
    const measured = indices.filter(index => !series[index].dashed);
    const perPanel = Math.max(1, MAX_SERIES - dashed.length);
    const panelCount = Math.ceil(measured.length / perPanel);
    // As even as possible: 6 measured lines beside a floor make two panels of 3 and 3, not 5 and 1.
    const size = Math.ceil(measured.length / panelCount);
    return Array.from({ length: panelCount }, (_, panel) => [...measured.slice(panel * size, (panel + 1) * size), ...dashed]);
}

/** Widest name set at the end of its line; a chart with a longer one keeps a legend below. */
const MAX_END_LABEL_WIDTH = 300;
/** Vertical room of one end label, px. */
const END_LABEL_HEIGHT = 13;

/** Where each line's end label goes: beside its last point, moved apart just enough that no two overlap. */
function endLabelYs(ends: readonly number[], top: number, bottom: number): number[] {
    const order = ends.map((y, index) => ({ y, index })).sort((a, b) => a.y - b.y);
    const placed: number[] = [];
    for (const entry of order) {
        placed.push(Math.max(entry.y, placed.length > 0 ? placed[placed.length - 1] + END_LABEL_HEIGHT : top));
    }
    // Pushed past the bottom: shift the whole stack up.
    const overflow = Math.max(0, placed[placed.length - 1] - bottom);
    const ys: number[] = new Array(ends.length);
    order.forEach((entry, rank) => { ys[entry.index] = placed[rank] - overflow; });
    return ys;
}

/** The x axis' size labels: on a second row where one would come closer than 8 px to the one before. */
function xLabels(chart: LineChart, frame: Frame, xScale: (x: number) => number): string[] {
    const { margin, plotHeight } = frame;
    let lastRight = -Infinity;
    let lastRow = 0;
    return [...chart.xLabels].sort(([a], [b]) => a - b).flatMap(([x, label]) => {
        const xPixel = xScale(x);
        const half = textWidth(label) / 2;
        const row = xPixel - half < lastRight + 8 && lastRow === 0 ? 1 : 0;
        if (row === 0) {
            lastRight = xPixel + half;
        }
        lastRow = row;
        return [`<line x1="${px(xPixel)}" y1="${margin.top}" x2="${px(xPixel)}" y2="${margin.top + plotHeight + (row ? 17 : 0)}" stroke="#eee"/>`,
            `<text class="tick-category" x="${px(xPixel)}" y="${margin.top + plotHeight + 14 + row * 15}" text-anchor="middle">${escapeXml(label)}</text>`];
    });
}

/**
 * A line chart as SVG, log y and log x (or linear x, `xScale`): one line per series in its colour, each with its own marker, each point's interval as a
 * whisker, each line named at its end (a legend below instead where a name is too long to sit there). More than
 * {@link MAX_SERIES} series are drawn in panels one above the other, on the same scales.
 */
export function renderLineChartSvg(chart: LineChart, width = 760, plotHeight = 360): string {
    const points = chart.series.flatMap(series => series.points).filter(point => point.x > 0 && point.y > 0);
    if (points.length === 0) {
        return `<p>${escapeXml(chart.title)}: no data.</p>`;
    }
    const endLabels = Math.max(...chart.series.map(series => textWidth(series.name))) <= MAX_END_LABEL_WIDTH;
    const base = frameOf(width, plotHeight);
    const frame: Frame = endLabels ? { ...base, margin: { ...base.margin, right: 24 + Math.max(...chart.series.map(series => textWidth(series.name))) } } : base;
    const { margin } = frame;
    const plotWidth = width - margin.left - margin.right;
    Object.assign(frame, { plotWidth });
    const log = chart.xScale === 'linear' ? (x: number): number => x : Math.log10;
    const xs = [...points.map(point => point.x), ...chart.xScale === 'linear' ? chart.xLabels.keys() : []];
    const xMin = log(Math.min(...xs));
    const xMax = log(Math.max(...xs));
    const inset = 10;
    const xScale = (x: number): number => margin.left + (xMax === xMin ? plotWidth / 2 : inset + ((log(x) - xMin) / (xMax - xMin)) * (plotWidth - 2 * inset));
    const yAxis = logYAxis(points.flatMap(point => [point.y, ...(point.interval ? [point.interval.low, point.interval.high] : [])]), frame);
    const yScale = yAxis.scale;
    const panels = panelsOf(chart.series);
    const legendNames = (panel: readonly number[]): string[] => endLabels ? [] : panel.map(index => chart.series[index].name);
    const panelHeight = (panel: readonly number[]): number => margin.top + plotHeight + margin.bottom + legendHeight(legendNames(panel), plotWidth) + 8;
    const height = panels.reduce((sum, panel) => sum + panelHeight(panel), 0) - (panels.length - 1) * (margin.top - 16);
    const colorOf = (index: number): string => chart.series[index].color ?? PALETTE_COLORS[index % PALETTE_COLORS.length];
    const style = (index: number): string => {
        const dash = chart.series[index].dashed ? FLOOR_DASH : '';
        return `stroke="${colorOf(index)}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''}`;
    };
    const parts = chartOpening(chart.title, width, height, 'line-chart');
    let offset = 0;
    panels.forEach((panel, panelIndex) => {
        parts.push(`<g class="panel" transform="translate(0 ${offset})">`);
        if (panels.length > 1) {
            parts.push(`<text x="${margin.left}" y="${margin.top - 6}" fill="#555">${escapeXml(`Panel ${panelIndex + 1} of ${panels.length}, on the same scales`)}</text>`);
        }
        parts.push(...axes(frame, yAxis, chart.xTitle, chart.yTitle), '<g class="axis axis-x" data-scale="category">', ...xLabels(chart, frame, xScale), '</g>');
        const ends: { index: number; y: number }[] = [];
        panel.forEach((index, rank) => {
            const series = chart.series[index];
            const color = colorOf(index);
            const name = escapeXml(series.name);
            const valid = series.points.filter(point => point.x > 0 && point.y > 0).sort((a, b) => a.x - b.x);
            const path = valid.map(point => `${px(xScale(point.x))},${px(yScale(point.y))}`).join(' ');
            parts.push(`<polyline fill="none" ${style(index)} points="${path}" data-series="${name}"><title>${name}</title></polyline>`);
            for (const point of valid) {
                const x = xScale(point.x);
                if (point.interval && point.interval.low > 0) {
                    parts.push(`<path class="whisker" d="M${px(x)} ${px(yScale(point.interval.low))}V${px(yScale(point.interval.high))}" stroke="${color}" stroke-width="1.5"/>`);
                }
                parts.push(marker(rank % MARKER_COUNT, x, yScale(point.y), color, series.name, `${series.name}: ${point.text}`));
            }
            if (valid.length > 0) {
                ends.push({ index, y: yScale(valid[valid.length - 1].y) });
            }
        });
        if (endLabels) {
            const ys = endLabelYs(ends.map(end => end.y), margin.top + 6, margin.top + plotHeight);
            const labelX = margin.left + plotWidth + 8;
            ends.forEach(({ index }, rank) => {
                const name = chart.series[index].name;
                parts.push(marker(panel.indexOf(index) % MARKER_COUNT, labelX + 4, ys[rank], colorOf(index), name, name),
                    `<text class="end-label" x="${px(labelX + 12)}" y="${px(ys[rank] + 4)}" style="fill:${colorOf(index)}" data-series="${escapeXml(name)}">${escapeXml(name)}</text>`);
            });
        } else {
            parts.push(...legend(legendNames(panel), frame, (entry, x, y) => `<line x1="${x}" y1="${y}" x2="${x + 24}" y2="${y}" ${style(panel[entry])}/>`
                + marker(entry % MARKER_COUNT, x + 12, y, colorOf(panel[entry]), chart.series[panel[entry]].name, chart.series[panel[entry]].name)));
        }
        parts.push('</g>');
        offset += panelHeight(panel) - (margin.top - 16);
    });
    parts.push(CHART_CLOSING);
    return parts.join('\n');
}
