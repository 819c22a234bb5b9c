import { Interval } from '../../stats/median-interval';
import { axes, chartOpening, DASHES, escapeXml, FLOOR_DASH, frameOf, legend, legendHeight, logYAxis, PALETTE, px } from './frame';

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
