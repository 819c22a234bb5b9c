import { ComparisonReport, FactorTable, MedianTable, renderReportMarkdown } from './report';
import { fixtureSize } from './sizes';
import { formatMilliseconds } from './text-table';

export interface ChartSeries {
    readonly name: string;
    readonly points: { x: number; y: number }[];
}

export interface LineChart {
    readonly title: string;
    readonly xTitle: string;
    readonly yTitle: string;
    readonly series: ChartSeries[];
    /** Labels for x values (e.g. `10000K` for 10240000). */
    readonly xLabels: Map<number, string>;
}

const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
const DASHES = ['', '6 3', '2 3', '8 3 2 3'];

export function escapeHtml(text: string): string {
    return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A log-log line chart as inline SVG: one line per series, decade grid lines, a legend below. */
export function renderLineChartSvg(chart: LineChart, width = 760, plotHeight = 360): string {
    const points = chart.series.flatMap(series => series.points).filter(point => point.x > 0 && point.y > 0);
    if (points.length === 0) {
        return `<p>${escapeHtml(chart.title)}: no data.</p>`;
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
        `<title>${escapeHtml(chart.title)}</title>`,
        // Opaque, so the chart stays readable as a standalone image on a dark page.
        `<rect width="${width}" height="${height}" fill="#fff"/>`,
        `<text x="${width / 2}" y="18" text-anchor="middle" font-size="14" font-weight="bold">${escapeHtml(chart.title)}</text>`,
    ];
    for (let decade = yMin; decade <= yMax; decade++) {
        const y = yScale(10 ** decade);
        parts.push(`<line x1="${margin.left}" y1="${y}" x2="${width - margin.right}" y2="${y}" stroke="#ddd"/>`,
            `<text x="${margin.left - 6}" y="${y + 4}" text-anchor="end">${formatTick(10 ** decade)}</text>`);
    }
    for (const [x, label] of chart.xLabels) {
        const px = xScale(x);
        parts.push(`<line x1="${px}" y1="${margin.top}" x2="${px}" y2="${margin.top + plotHeight}" stroke="#eee"/>`,
            `<text x="${px}" y="${margin.top + plotHeight + 16}" text-anchor="middle">${escapeHtml(label)}</text>`);
    }
    parts.push(`<rect x="${margin.left}" y="${margin.top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="#999"/>`,
        `<text x="${margin.left + plotWidth / 2}" y="${margin.top + plotHeight + 34}" text-anchor="middle">${escapeHtml(chart.xTitle)}</text>`,
        `<text transform="translate(16 ${margin.top + plotHeight / 2}) rotate(-90)" text-anchor="middle">${escapeHtml(chart.yTitle)}</text>`);
    chart.series.forEach((series, index) => {
        const color = PALETTE[index % PALETTE.length];
        const dash = DASHES[Math.floor(index / PALETTE.length) % DASHES.length];
        const valid = series.points.filter(point => point.x > 0 && point.y > 0).sort((a, b) => a.x - b.x);
        const path = valid.map(point => `${xScale(point.x).toFixed(1)},${yScale(point.y).toFixed(1)}`).join(' ');
        parts.push(`<polyline fill="none" stroke="${color}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''} points="${path}"><title>${escapeHtml(series.name)}</title></polyline>`);
        for (const point of valid) {
            parts.push(`<circle cx="${xScale(point.x).toFixed(1)}" cy="${yScale(point.y).toFixed(1)}" r="2.5" fill="${color}"><title>${escapeHtml(`${series.name}: ${formatMilliseconds(point.y)}`)}</title></circle>`);
        }
        const legendX = margin.left + (index % 2) * (plotWidth / 2);
        const legendY = margin.top + plotHeight + margin.bottom + Math.floor(index / 2) * 18;
        parts.push(`<line x1="${legendX}" y1="${legendY}" x2="${legendX + 24}" y2="${legendY}" stroke="${color}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`,
            `<text x="${legendX + 30}" y="${legendY + 4}">${escapeHtml(series.name)}</text>`);
    });
    parts.push('</svg>');
    return parts.join('\n');
}

function formatTick(value: number): string {
    return value >= 1 ? String(value) : value.toPrecision(1);
}

function sizePoints(columns: string[], values: (number | undefined)[]): { x: number; y: number }[] {
    return columns.flatMap((size, index) => {
        const value = values[index];
        return value === undefined ? [] : [{ x: fixtureSize(size).bytes, y: value }];
    });
}

function sizeLabels(columns: string[]): Map<number, string> {
    return new Map(columns.map(size => [fixtureSize(size).bytes, size]));
}

/** Charts of the report: median vs size of every fixture scenario and host, and the factors vs size. */
export function reportCharts(report: ComparisonReport): LineChart[] {
    const fixtureTables = report.medianTables.filter((table: MedianTable) => table.section === 'scenario' && table.columns.every(column => /^\d+K$/.test(column)));
    const columns = [...new Set(fixtureTables.flatMap(table => table.columns))];
    const charts: LineChart[] = [];
    if (fixtureTables.length > 0) {
        charts.push({
            title: 'Median time vs file size (log scales)',
            xTitle: 'file size',
            yTitle: 'median ms',
            xLabels: sizeLabels(columns),
            series: fixtureTables.flatMap(table => table.rows.map(row => ({
                name: `${row.label}: ${table.title.replace(/ \(.*$/, '')}`,
                points: sizePoints(table.columns, row.values),
            }))),
        });
    }
    if (report.factorTables.length > 0) {
        charts.push({
            title: 'Factors vs file size (log scales)',
            xTitle: 'file size',
            yTitle: 'factor (first / second)',
            xLabels: sizeLabels(report.factorTables[0].columns),
            series: report.factorTables.map((table: FactorTable) => ({ name: table.title, points: sizePoints(table.columns, table.factor) })),
        });
    }
    return charts;
}

/** Minimal Markdown-table-to-HTML for the report's own Markdown (headings, paragraphs, pipe tables). */
function markdownToHtml(markdown: string): string {
    const out: string[] = [];
    const lines = markdown.split('\n');
    for (let index = 0; index < lines.length; index++) {
        const line = lines[index];
        const heading = /^(#{1,4}) (.*)$/.exec(line);
        if (heading) {
            out.push(`<h${heading[1].length}>${escapeHtml(heading[2])}</h${heading[1].length}>`);
        } else if (line.startsWith('|')) {
            const rows: string[][] = [];
            while (index < lines.length && lines[index].startsWith('|')) {
                rows.push(lines[index].slice(1, -1).split(' | ').map(cell => cell.trim()));
                index++;
            }
            index--;
            const [header, , ...body] = rows;
            out.push('<table>', `<tr>${header.map(cell => `<th>${escapeHtml(cell)}</th>`).join('')}</tr>`,
                ...body.map(row => `<tr>${row.map((cell, column) => `<td${column > 0 && /^[-\d.–]/.test(cell) ? ' class="num"' : ''}>${escapeHtml(cell)}</td>`).join('')}</tr>`),
                '</table>');
        } else if (line.trim().length > 0) {
            out.push(`<p>${escapeHtml(line)}</p>`);
        }
    }
    return out.join('\n');
}

/** The report as one self-contained HTML page: charts first, then the same tables as the Markdown. */
export function renderReportHtml(report: ComparisonReport, title = 'FS Performance report'): string {
    const charts = reportCharts(report).map(chart => `<figure>${renderLineChartSvg(chart)}</figure>`).join('\n');
    const body = markdownToHtml(renderReportMarkdown(report, title));
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: sans-serif; margin: 2em; max-width: 1100px; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 3px 8px; }
th { background: #f3f3f3; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
figure { margin: 1em 0; }
</style>
</head>
<body>
${charts}
${body}
</body>
</html>
`;
}
