import { ReportBlock } from './blocks/block';
import { drawnCharts, reportBlocks } from './blocks/blocks';
import { TextGrid } from './blocks/block';
import { ComparisonReport } from './model/section-types';
import { escapeXml } from './svg/frame';
import { chartsPalette, renderReportChartSvg } from './svg/charts';
import { ReportPalette } from './svg/palette';

/** A table of the report's look: numbers right, inside its own scrolling box. */
export function htmlTable(grid: TextGrid): string {
    const cells = (row: readonly string[], tag: 'th' | 'td'): string => row
        .map((cell, column) => `<${tag}${tag === 'td' && grid.align[column] === 'right' ? ' class="num"' : ''}>${escapeXml(cell)}</${tag}>`)
        .join('');
    // A table wider than the page scrolls inside its own box, never the page.
    return ['<div class="table-box"><table>', `<tr>${cells(grid.header, 'th')}</tr>`, ...grid.rows.map(row => `<tr>${cells(row, 'td')}</tr>`), '</table></div>'].join('\n');
}

function htmlBlock(block: ReportBlock, palette: ReportPalette): string {
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
            return block.charts.map(chart => `<figure>${renderReportChartSvg(chart, palette)}</figure>`).join('\n');
    }
}

/** The report as one self-contained HTML page: the same tables as the Markdown, with the charts and each scenario's samples drawn. */
export interface ReportHtmlOptions {
    /**
     * `standalone` (default): a page of its own, dark text on white. `editor`: inside an editor's webview, in the
     * editor's colours (VS Code's `--vscode-*` theme variables, which Theia's webviews also set), charts included.
     */
    readonly theme?: 'standalone' | 'editor';
    /** A Content-Security-Policy for the page's `<meta>` (a webview's: no scripts, nothing from the network). */
    readonly contentSecurityPolicy?: string;
}

/** What a webview that shows a report allows: inline styles and inline images, nothing else (no script, no network). */
export const REPORT_WEBVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const EDITOR_THEME_CSS = `
body { color: var(--vscode-editor-foreground, #222); background: var(--vscode-editor-background, #fff); font-family: var(--vscode-font-family, sans-serif); }
th, td { border-color: var(--vscode-panel-border, #ccc); }
th { background: var(--vscode-editorWidget-background, #f3f3f3); }
svg { color: var(--vscode-editor-foreground, #222); }
svg .background { fill: var(--vscode-editor-background, #fff); }
svg text { fill: currentColor; }
a { color: var(--vscode-textLink-foreground, #0645ad); }

ul.headline li { margin: 0.3em 0; }`;

/** A report page: the shared look (tables, figures, in the editor's colours with `theme: 'editor'`) around `body`; no script. */
export function reportPage(title: string, body: string, options: ReportHtmlOptions = {}, extraCss = ''): string {
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
${options.contentSecurityPolicy ? `<meta http-equiv="Content-Security-Policy" content="${escapeXml(options.contentSecurityPolicy)}">
` : ''}<title>${escapeXml(title)}</title>
<style>
body { font-family: sans-serif; margin: 1em 2em; color: #222; }
h1 { font-size: 1.6em; margin: 0.3em 0; }
table { border-collapse: collapse; }
.table-box { overflow-x: auto; max-width: 100%; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 3px 8px; }
th { background: #f3f3f3; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
figure { margin: 1em 0; overflow-x: auto; max-width: 100%; }
p, li { max-width: 1100px; line-height: 1.4; }${extraCss}${options.theme === 'editor' ? EDITOR_THEME_CSS : ''}
</style>
</head>
<body>
${body}
</body>
</html>
`;
}

export function renderReportHtml(report: ComparisonReport, options: ReportHtmlOptions = {}): string {
    const palette = chartsPalette(drawnCharts(report));
    return reportPage(report.title, reportBlocks(report).map(block => htmlBlock(block, palette)).join('\n'), options);
}
