import { OperationAnswer, OperationsSection } from '../model/operations';
import { OperationFinding } from '../model/section-types';
import { charts, heading, paragraph, ReportBlock, table, TextGrid } from './block';
import { numberColumns } from './grids';
import { methodIn } from './headings';
import { formatFactor, formatMedian, formatRatioEstimate } from './numbers';

export const OPERATIONS_HEADING = 'File operations: each API against its floor';

const OPERATIONS_NOTE = 'One sample is the whole operation (every file of the tree stat-ed, the tree walked, every write or the whole burst). '
    + 'Each API is set against a second path on the same host doing the same work: its bare-Node floor (the extension host\'s or the plugin '
    + 'host\'s own fs, or Theia\'s backend\'s, timed there) or, for finding files, the same search with the dependency folder excluded. '
    + `The factor is the API's median over the second path's, with its bootstrap interval. ${methodIn('Reading the report: factors')}`;

/** Three rows a host: the API's medians, the second path's, and the factor; then every like-for-like factor of two hosts. */
export function operationGrid(answer: OperationAnswer): TextGrid {
    const { header, align } = numberColumns('Host', answer.columns);
    return {
        header: [header[0], 'Path', ...header.slice(1)],
        align: ['left', 'left', ...align.slice(1)],
        rows: [
            ...answer.rows.flatMap(row => [
                [row.hostLabel, `${row.api.label}, median ms`, ...row.apiCells.map(formatMedian)],
                [row.hostLabel, `${row.floor.label}, median ms`, ...row.floorCells.map(formatMedian)],
                [row.hostLabel, `factor: ${row.api.label} / ${answer.question.against}`, ...row.factors.map(formatFactor)],
            ]),
            ...answer.likeForLike.map(pair => [`${pair.numeratorLabel} / ${pair.denominatorLabel}`, `factor: ${pair.api.label}, like for like`,
                ...pair.factors.map(formatFactor)]),
        ],
    };
}

export function operationsBlocks(section: OperationsSection): ReportBlock[] {
    return [heading(2, OPERATIONS_HEADING), paragraph(OPERATIONS_NOTE),
        ...section.answers.flatMap(answer => [heading(3, answer.question.title), table(operationGrid(answer)), ...(answer.chart ? [charts(answer.chart)] : [])])];
}

/** A question in one sentence: each host's factor at the largest target, e.g. `workspace.fs.stat storm took 150 [140, 160] times its bare-Node floor in ...`. */
export function operationSentence(finding: OperationFinding): string {
    const byApi = [...new Set(finding.rows.map(row => row.api.label))].map(api => {
        const rows = finding.rows.filter(row => row.api.label === api);
        return `${api} took ${rows.map((row, index) => `${formatRatioEstimate(row.cell.factor!, row.cell.factorInterval)}${index === 0 ? ` times ${finding.question.against}` : ''} in ${row.hostLabel}`).join(', ')}`;
    });
    return `${finding.question.title} (${finding.target}): ${byApi.join('; ')}.`;
}
