import { Interval } from '../../stats/median-interval';
import { axes, CHART_CLOSING, chartOpening, escapeXml, FLOOR_DASH, frameOf, legend, legendHeight, logYAxis, MAX_SERIES, PALETTE, px } from './frame';

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

/**
 * A log-log line chart as SVG: one line per series, each point's interval as a whisker, decade grid lines, a legend below.
 * More than {@link MAX_SERIES} series are drawn in panels one above the other, on the same scales, each series in its own colour.
 */
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
    const panels = panelsOf(chart.series);
    const panelHeight = (panel: readonly number[]): number => margin.top + plotHeight + margin.bottom + legendHeight(panel.map(index => chart.series[index].name), plotWidth) + 8;
    const height = panels.reduce((sum, panel) => sum + panelHeight(panel), 0) - (panels.length - 1) * (margin.top - 16);
    const style = (index: number): string => {
        const dash = chart.series[index].dashed ? FLOOR_DASH : '';
        return `stroke="${PALETTE[index % PALETTE.length]}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''}`;
    };
    const parts = chartOpening(chart.title, width, height, 'line-chart');
    let offset = 0;
    panels.forEach((panel, panelIndex) => {
        parts.push(`<g class="panel" transform="translate(0 ${offset})">`);
        if (panels.length > 1) {
            parts.push(`<text x="${margin.left}" y="${margin.top - 6}" fill="#555">${escapeXml(`Panel ${panelIndex + 1} of ${panels.length}, on the same scales`)}</text>`);
        }
        parts.push(...axes(frame, yAxis, chart.xTitle, chart.yTitle));
        for (const [x, label] of chart.xLabels) {
            const xPixel = xScale(x);
            parts.push(`<line x1="${xPixel}" y1="${margin.top}" x2="${xPixel}" y2="${margin.top + plotHeight}" stroke="#eee"/>`,
                `<text x="${xPixel}" y="${margin.top + plotHeight + 16}" text-anchor="middle">${escapeXml(label)}</text>`);
        }
        for (const index of panel) {
            const series = chart.series[index];
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
        }
        parts.push(...legend(panel.map(index => chart.series[index].name), frame, (entry, x, y) => `<line x1="${x}" y1="${y}" x2="${x + 24}" y2="${y}" ${style(panel[entry])}/>`), '</g>');
        offset += panelHeight(panel) - (margin.top - 16);
    });
    parts.push(CHART_CLOSING);
    return parts.join('\n');
}
