import { formatFactor } from './report-format';
import { ReportChart } from './report-model';
import { fixtureSize } from './sizes';
import { formatMilliseconds } from './text-table';

/** A line chart as drawn: points in data units, each series with its own tooltip format. */
export interface LineChart {
    readonly title: string;
    readonly xTitle: string;
    readonly yTitle: string;
    readonly series: readonly { name: string; points: readonly { x: number; y: number }[]; format: (y: number) => string }[];
    /** Labels for x values (e.g. `10000K` for 10240000). */
    readonly xLabels: ReadonlyMap<number, string>;
}

const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
const DASHES = ['', '6 3', '2 3', '8 3 2 3'];

/** Escapes text for XML and HTML, in element content and in quoted attributes. */
export function escapeXml(text: string): string {
    return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A log-log line chart as SVG: one line per series, decade grid lines, a legend below. */
export function renderLineChartSvg(chart: LineChart, width = 760, plotHeight = 360): string {
    const points = chart.series.flatMap(series => series.points).filter(point => point.x > 0 && point.y > 0);
    if (points.length === 0) {
        return `<p>${escapeXml(chart.title)}: no data.</p>`;
    }
    const margin = { left: 70, right: 20, top: 36, bottom: 48 };
    const log = Math.log10;
    const xMin = log(Math.min(...points.map(point => point.x)));
    const xMax = log(Math.max(...points.map(point => point.x)));
    const yMin = Math.floor(log(Math.min(...points.map(point => point.y))));
    const yMax = Math.ceil(log(Math.max(...points.map(point => point.y)))) + (Math.max(...points.map(point => point.y)) === 10 ** yMin ? 1 : 0);
    const plotWidth = width - margin.left - margin.right;
    const xScale = (x: number): number => margin.left + (xMax === xMin ? plotWidth / 2 : ((log(x) - xMin) / (xMax - xMin)) * plotWidth);
    const yScale = (y: number): number => margin.top + plotHeight - ((log(y) - yMin) / Math.max(yMax - yMin, 1)) * plotHeight;
    const legendRows = Math.ceil(chart.series.length / 2);
    const height = margin.top + plotHeight + margin.bottom + legendRows * 18 + 8;
    const parts: string[] = [
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11" role="img">`,
        `<title>${escapeXml(chart.title)}</title>`,
        // Opaque, so the chart stays readable as a standalone image on a dark page.
        `<rect width="${width}" height="${height}" fill="#fff"/>`,
        `<text x="${width / 2}" y="18" text-anchor="middle" font-size="14" font-weight="bold">${escapeXml(chart.title)}</text>`,
    ];
    for (let decade = yMin; decade <= yMax; decade++) {
        const y = yScale(10 ** decade);
        parts.push(`<line x1="${margin.left}" y1="${y}" x2="${width - margin.right}" y2="${y}" stroke="#ddd"/>`,
            `<text x="${margin.left - 6}" y="${y + 4}" text-anchor="end">${formatTick(10 ** decade)}</text>`);
    }
    for (const [x, label] of chart.xLabels) {
        const px = xScale(x);
        parts.push(`<line x1="${px}" y1="${margin.top}" x2="${px}" y2="${margin.top + plotHeight}" stroke="#eee"/>`,
            `<text x="${px}" y="${margin.top + plotHeight + 16}" text-anchor="middle">${escapeXml(label)}</text>`);
    }
    parts.push(`<rect x="${margin.left}" y="${margin.top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="#999"/>`,
        `<text x="${margin.left + plotWidth / 2}" y="${margin.top + plotHeight + 34}" text-anchor="middle">${escapeXml(chart.xTitle)}</text>`,
        `<text transform="translate(16 ${margin.top + plotHeight / 2}) rotate(-90)" text-anchor="middle">${escapeXml(chart.yTitle)}</text>`);
    chart.series.forEach((series, index) => {
        const color = PALETTE[index % PALETTE.length];
        const dash = DASHES[Math.floor(index / PALETTE.length) % DASHES.length];
        const valid = series.points.filter(point => point.x > 0 && point.y > 0).sort((a, b) => a.x - b.x);
        const path = valid.map(point => `${xScale(point.x).toFixed(1)},${yScale(point.y).toFixed(1)}`).join(' ');
        parts.push(`<polyline fill="none" stroke="${color}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''} points="${path}"><title>${escapeXml(series.name)}</title></polyline>`);
        for (const point of valid) {
            parts.push(`<circle cx="${xScale(point.x).toFixed(1)}" cy="${yScale(point.y).toFixed(1)}" r="2.5" fill="${color}"><title>${escapeXml(`${series.name}: ${series.format(point.y)}`)}</title></circle>`);
        }
        const legendX = margin.left + (index % 2) * (plotWidth / 2);
        const legendY = margin.top + plotHeight + margin.bottom + Math.floor(index / 2) * 18;
        parts.push(`<line x1="${legendX}" y1="${legendY}" x2="${legendX + 24}" y2="${legendY}" stroke="${color}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`,
            `<text x="${legendX + 30}" y="${legendY + 4}">${escapeXml(series.name)}</text>`);
    });
    parts.push('</svg>');
    return parts.join('\n');
}

function formatTick(value: number): string {
    return value >= 1 ? String(value) : value.toPrecision(1);
}

/** A report chart drawn: x is the file size in bytes, y the median (ms) or the factor. */
export function renderReportChartSvg(chart: ReportChart): string {
    return renderLineChartSvg({
        title: chart.title,
        xTitle: chart.xTitle,
        yTitle: chart.yTitle,
        xLabels: new Map(chart.sizes.map(size => [fixtureSize(size).bytes, size])),
        series: chart.series.map(series => series.kind === 'median'
            ? { name: series.label, format: formatMilliseconds, points: series.points.map(point => ({ x: fixtureSize(point.size).bytes, y: point.cell.statistics.medianMs })) }
            : { name: series.label, format: formatFactor, points: series.points.map(point => ({ x: fixtureSize(point.size).bytes, y: point.cell.factor })) }),
    });
}

/** File name of a chart drawn alone, e.g. `chart-medians.svg`. */
export function chartFileName(chart: ReportChart): string {
    return `chart-${chart.id}.svg`;
}
