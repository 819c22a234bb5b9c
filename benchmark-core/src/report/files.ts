import { toBenchmarkActionEntries } from './benchmark-action';
import { drawnCharts } from './blocks/blocks';
import { renderReportHtml } from './html';
import { renderReportMarkdown } from './markdown';
import { ComparisonReport } from './model/section-types';
import { chartFileName, chartsPalette, renderReportChartSvg } from './svg/charts';

/** One file of a report folder. */
export interface ReportFile {
    /** Name within the folder, e.g. `report.md`, `chart-medians.svg`. */
    readonly name: string;
    readonly kind: 'markdown' | 'html' | 'benchmark-action' | 'chart';
    readonly content: string;
}

/**
 * Every file of a report, each rendered from the model: `report.md`, `report.html` (self-contained),
 * `benchmark-action.json` (github-action-benchmark's `customSmallerIsBetter`) and one `chart-<id>.svg` per chart
 * (line charts over sizes, and the bar charts `chart-hops.svg` and `chart-cpu.svg` where the run has their data; a
 * comparison report of the two sides of one alternated run has only the forest plot `chart-comparison.svg`).
 */
export function renderReportFiles(report: ComparisonReport): ReportFile[] {
    const palette = chartsPalette(drawnCharts(report));
    return [
        { name: 'report.md', kind: 'markdown', content: renderReportMarkdown(report) + '\n' },
        { name: 'report.html', kind: 'html', content: renderReportHtml(report) },
        { name: 'benchmark-action.json', kind: 'benchmark-action', content: JSON.stringify(toBenchmarkActionEntries(report), undefined, 2) + '\n' },
        ...report.charts.map((chart): ReportFile => ({ name: chartFileName(chart), kind: 'chart', content: renderReportChartSvg(chart, palette) + '\n' })),
    ];
}
