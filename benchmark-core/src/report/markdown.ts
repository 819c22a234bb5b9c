import { ReportBlock } from './blocks/block';
import { reportBlocks } from './blocks/blocks';
import { TextGrid } from './blocks/block';
import { ComparisonReport } from './model/section-types';
import { chartFileName, hasChartFile } from './svg/charts';

/** Text for one Markdown table cell: `|` escaped (as hyperfine's Markdown export does), line breaks folded. */
export function escapeMarkdownCell(text: string): string {
    return oneLine(text).replace(/\|/g, '\\|');
}

function oneLine(text: string): string {
    return text.replace(/\s*[\r\n]+\s*/g, ' ');
}

function markdownTable(grid: TextGrid): string[] {
    const line = (cells: readonly string[]): string => `| ${cells.map(escapeMarkdownCell).join(' | ')} |`;
    return [line(grid.header), `|${grid.align.map(align => align === 'right' ? '---:' : '---').join('|')}|`, ...grid.rows.map(line)];
}

function markdownBlock(block: ReportBlock): string[] {
    switch (block.kind) {
        case 'heading':
            return [`${'#'.repeat(block.level)} ${oneLine(block.text)}`];
        case 'paragraph':
            return [block.text];
        case 'list':
            return [block.items.map(item => `- ${item}`).join('\n')];
        case 'table':
            return markdownTable(block.grid);
        case 'charts':
            // A chart's file lies next to report.md: `renderReportFiles` writes one per chart of the report.
            return block.charts.filter(hasChartFile).map(chart => `![${oneLine(chart.title).replace(/[[\]]/g, '')}](${chartFileName(chart)})`);
    }
}

/** The report as Markdown: the original suite's tables, factor tables, every scenario, each host's environment. */
export function renderReportMarkdown(report: ComparisonReport): string {
    return reportBlocks(report).flatMap(block => {
        const lines = markdownBlock(block);
        return lines.length > 0 ? [...lines, ''] : [];
    }).join('\n');
}
