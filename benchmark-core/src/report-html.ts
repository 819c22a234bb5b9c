import { ReportBlock, reportBlocks, TextGrid } from './report-format';
import { ComparisonReport } from './report-model';
import { escapeXml, renderDistributionSvg, renderReportChartSvg } from './report-svg';

function htmlTable(grid: TextGrid): string {
    const cells = (row: readonly string[], tag: 'th' | 'td'): string => row
        .map((cell, column) => `<${tag}${tag === 'td' && grid.align[column] === 'right' ? ' class="num"' : ''}>${escapeXml(cell)}</${tag}>`)
        .join('');
    return ['<table>', `<tr>${cells(grid.header, 'th')}</tr>`, ...grid.rows.map(row => `<tr>${cells(row, 'td')}</tr>`), '</table>'].join('\n');
}

function htmlBlock(block: ReportBlock): string {
    switch (block.kind) {
        case 'heading':
            return `<h${block.level}>${escapeXml(block.text)}</h${block.level}>`;
        case 'paragraph':
            return `<p>${escapeXml(block.text)}</p>`;
        case 'list':
            return `<ul class="headline">${block.items.map(item => `<li>${escapeXml(item)}</li>`).join('')}</ul>`;
        case 'table':
            return htmlTable(block.grid);
        case 'charts':
            return block.charts.map(chart => `<figure>${renderReportChartSvg(chart)}</figure>`).join('\n');
        case 'distribution':
            return `<figure>${renderDistributionSvg(block.table)}</figure>`;
    }
}

/** The report as one self-contained HTML page: the same tables as the Markdown, with the charts and each scenario's samples drawn. */
export function renderReportHtml(report: ComparisonReport): string {
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeXml(report.title)}</title>
<style>
body { font-family: sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 3px 8px; }
th { background: #f3f3f3; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
figure { margin: 1em 0; }
p { max-width: 760px; line-height: 1.4; }
</style>
</head>
<body>
${reportBlocks(report).map(htmlBlock).join('\n')}
</body>
</html>
`;
}
