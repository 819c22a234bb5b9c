import { ReportChart } from '../model/types';
import { ComparisonReport, HeadlineSection, PairedHeadlineSection, ReportSection } from '../model/section-types';
import { charts, heading, ReportBlock, table } from './block';
import { distributionGrid, environmentGrid, factorGrid, medianGrid, notMeasuredGrid, streamGrid } from './grids';
import { REPORT_HEADINGS } from './headings';
import { headlineBlocks } from './headline';
import { pairedHeadlineBlocks } from './paired-headline';
import { countsBlocks } from './counts';
import { cpuGrid, cpuNote, hopsBlocks, precisionGrid, precisionNote, vscodePartsGrid } from './hops-cpu';
import { networkBlocks } from './network';
import { operationsBlocks } from './operations';
import { watcherLoadBlocks } from './watcher-load';
import { noiseBudgetGrid, oneSideOnlyNote, pairedComparisonGrid, pairedComparisonNote } from './paired';
import { pairedCpuGrid, pairedCpuNote } from './paired-cpu';
import { pairedCountsGrid, pairedCountsNote } from './paired-counts';

/** The headings, notes, tables and charts of every section, in the report's order. */
export function reportBlocks(report: ComparisonReport): ReportBlock[] {
    const headline = report.sections.find((section): section is HeadlineSection => section.kind === 'headline');
    // The headline's own chart (every host's read at every size) right under its sentences, so the first screen shows both.
    const headlineChart = headline ? report.charts.find(chart => chart.id === 'medians') : undefined;
    const openingCharts = report.charts.filter(chart => chart.placement === 'opening' && chart !== headlineChart);
    const [sentences, ...keyFigures] = headline ? headlineBlocks(headline) : [];
    const pairedHeadline = report.sections.find((section): section is PairedHeadlineSection => section.kind === 'paired-headline');
    // A comparison report says how to read its own table, with the comparison.
    const compares = report.sections.some(section => section.kind === 'paired-comparison');
    const opening: ReportBlock[] = [heading(1, report.title),
        ...(headline ? [heading(2, REPORT_HEADINGS.headline), sentences, ...(headlineChart ? [charts(headlineChart)] : []), ...keyFigures] : []),
        ...(pairedHeadline ? [heading(2, REPORT_HEADINGS.headline), ...pairedHeadlineBlocks(pairedHeadline)] : []),
        ...(compares ? [] : [heading(2, REPORT_HEADINGS.howToRead), { kind: 'paragraph' as const, text: REPORT_HEADINGS.howToReadNote }]),
        ...(openingCharts.length > 0 ? [charts(...openingCharts)] : [])];
    const blocks = [...opening, ...report.sections.flatMap(sectionBlocks)];
    checkEveryChartDrawn(report, blocks);
    return blocks;
}

/** Every chart the report draws, in the order it draws them (the charts of its sections included). */
export function drawnCharts(report: ComparisonReport): ReportChart[] {
    return reportBlocks(report).flatMap(block => block.kind === 'charts' ? block.charts : []);
}

/**
 * Throws where a chart of the report is in no block: one its section holds but does not draw would otherwise be a file
 * nothing shows.
 */
function checkEveryChartDrawn(report: ComparisonReport, blocks: readonly ReportBlock[]): void {
    const drawn = new Set(blocks.flatMap(block => block.kind === 'charts' ? block.charts : []));
    const missing = report.charts.filter(chart => !drawn.has(chart));
    if (missing.length > 0) {
        throw new Error(`The report's charts ${missing.map(chart => `'${chart.id}'`).join(', ')} are drawn nowhere: `
            + 'a chart placed in a section is drawn by that section\'s blocks (sectionBlocks).');
    }
}

/** A section's headings, notes, tables and charts; none for the headlines, which open the report. */
function sectionBlocks(section: ReportSection): ReportBlock[] {
    switch (section.kind) {
        case 'headline':
        case 'paired-headline':
            return [];
        case 'paired-comparison': {
            const onlyOneSide = oneSideOnlyNote(section);
            return [heading(2, `${REPORT_HEADINGS.comparison}: ${section.head.label} against ${section.base.label}`), table(pairedComparisonGrid(section)),
                ...(onlyOneSide ? [{ kind: 'paragraph' as const, text: onlyOneSide }] : []),
                heading(3, REPORT_HEADINGS.howToRead), { kind: 'paragraph', text: pairedComparisonNote(section) },
                charts(section.chart),
                ...(section.comparison.cpu ? [heading(3, REPORT_HEADINGS.cpuPerRead), table(pairedCpuGrid(section.comparison.cpu, section.base.label, section.head.label)),
                    { kind: 'paragraph' as const, text: pairedCpuNote(section.comparison.cpu) }] : []),
                ...(section.countDifferences ? [heading(3, REPORT_HEADINGS.exactCounts),
                    ...(section.countDifferences.length > 0 ? [table(pairedCountsGrid(section.countDifferences, section.base.label, section.head.label))] : []),
                    { kind: 'paragraph' as const, text: pairedCountsNote(section.countDifferences) }] : [])];
        }
        case 'noise-budget':
            return section.rows.length > 0 ? [heading(3, REPORT_HEADINGS.noiseBudget), table(noiseBudgetGrid(section)),
                { kind: 'paragraph', text: REPORT_HEADINGS.noiseBudgetNote }] : [];
        case 'medians':
            return [heading(2, section.table.title), table(medianGrid(section.table))];
        case 'factors':
            return [heading(2, REPORT_HEADINGS.factors), { kind: 'paragraph', text: REPORT_HEADINGS.factorsNote },
                ...section.tables.flatMap(factor => [heading(3, factor.title), table(factorGrid(factor))])];
        case 'scenarios':
            return [heading(2, REPORT_HEADINGS.scenarios), ...section.distributions.flatMap(distribution =>
                [heading(3, distribution.table.title), table(distributionGrid(distribution.table)), charts(distribution)])];
        case 'streaming':
            return [heading(2, REPORT_HEADINGS.streaming), { kind: 'paragraph', text: REPORT_HEADINGS.streamingNote }, table(streamGrid(section.rows))];
        case 'hops':
            return [heading(2, REPORT_HEADINGS.hops), ...hopsBlocks(section, hostLabel => hostLabel)];
        case 'vscode-parts':
            return [heading(2, REPORT_HEADINGS.vscodeParts), table(vscodePartsGrid(section.rows)), { kind: 'paragraph', text: REPORT_HEADINGS.vscodePartsNote }];
        case 'cpu':
            return [heading(2, REPORT_HEADINGS.cpu), table(cpuGrid(section)), { kind: 'paragraph', text: cpuNote(section) },
                charts(section.chart)];
        case 'counts':
            return countsBlocks(section);
        case 'watcher-load':
            return watcherLoadBlocks(section);
        case 'operations':
            return operationsBlocks(section);
        case 'network':
            return networkBlocks(section);
        case 'precision':
            return [heading(2, REPORT_HEADINGS.precision), { kind: 'paragraph', text: precisionNote(section.cells, section.missed) },
                ...(section.missed.length > 0 ? [table(precisionGrid(section.missed))] : [])];
        case 'environments':
            return [heading(2, REPORT_HEADINGS.environments), table(environmentGrid(section.hosts))];
        case 'not-measured':
            return [heading(2, REPORT_HEADINGS.notMeasured), table(notMeasuredGrid(section.hosts))];
        default:
            // A section kind added to the model and not rendered here fails to compile.
            return unknownSection(section);
    }
}

function unknownSection(section: never): never {
    throw new Error(`The report has a section the renderers do not know: ${(section as ReportSection).kind}`);
}
