import { OperationAnswer, OperationsSection } from '../model/operations';
import { describeLinkRounds } from '../../network/link-floor';
import { LinkOperationFinding, OperationFinding, OperationRow } from '../model/section-types';
import { TreeCpuTable } from '../model/tree-cpu-types';
import { formatAtResolution } from '../../stats/precision';
import { charts, ColumnAlign, heading, paragraph, ReportBlock, table, TextGrid } from './block';
import { numberColumns } from './grids';
import { methodIn } from './headings';
import { formatFactor, formatFloorMs, formatMedian, formatPart, formatRatioEstimate, NOT_MEASURED_CELL } from './numbers';

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
                ...row.linkFloors ? linkFloorRows(row.hostLabel, row.api.label, row.linkFloors) : [],
            ]),
            ...answer.likeForLike.map(pair => [`${pair.numeratorLabel} / ${pair.denominatorLabel}`, `factor: ${pair.api.label}, like for like`,
                ...pair.factors.map(formatFactor)]),
        ],
    };
}

/** Two rows of a tree API over a link: its link floor (calls × crossings × half the round trip) and its median over it. */
function linkFloorRows(hostLabel: string, api: string, cells: NonNullable<OperationRow['linkFloors']>): string[][] {
    const calls = cells.find(cell => cell !== undefined)!.floor;
    return [
        [hostLabel, `link floor: calls one after another × ${calls.crossingsPerCall} crossings × half the round trip, ms`,
            ...cells.map(cell => cell ? `${formatFloorMs(cell.floor.floorMs)} (${describeLinkRounds(cell.floor)})` : NOT_MEASURED_CELL)],
        [hostLabel, `${api} / link floor`, ...cells.map(cell => cell ? formatRatioEstimate(cell.measuredOverFloor, cell.measuredOverFloorInterval) : NOT_MEASURED_CELL)],
    ];
}

export const OPERATIONS_LINK_NOTE = 'Over a link, a storm or a walk is many small calls, each crossing the link and back without a file\'s bytes: '
    + 'calls made one after another cannot take less than their count times each call\'s crossings times half the round trip (the link floor; '
    + 'a Theia plugin\'s call crosses 4 times, through the page; a Theia FileService call and a code-server workspace.fs call, 2). '
    + 'The bare-Node floors run next to the disk and cross nothing.';

export function operationsBlocks(section: OperationsSection, level: 2 | 3 = 2, title = OPERATIONS_HEADING): ReportBlock[] {
    const overLink = section.answers.some(answer => answer.rows.some(row => row.linkFloors));
    return [heading(level, title), paragraph(OPERATIONS_NOTE), ...overLink ? [paragraph(OPERATIONS_LINK_NOTE)] : [],
        ...section.answers.flatMap(answer => [heading(3, level === 2 ? answer.question.title : `${answer.question.title} (${title.split(', over ').pop()})`), table(operationGrid(answer)), ...(answer.chart ? [charts(answer.chart)] : [])]),
        ...section.cpu ? [heading(3, TREE_CPU_HEADING), paragraph(TREE_CPU_NOTE), table(treeCpuGrid(section.cpu))] : []];
}

export const TREE_CPU_HEADING = 'CPU per 1000 calls of a storm in flight, by process';

const TREE_CPU_NOTE = 'After its timed samples, each stat storm with N calls in flight runs again, untimed, for a second at least (one storm at least), '
    + 'between two readings of the CPU time (user + system) of each process its host can see; each figure is that CPU over the files stat-ed, per 1000. '
    + 'Where the calls in flight gain little over calls one after another, the process that spends the most per call is where they wait. '
    + `"<x" marks a figure below the clock's step; "${NOT_MEASURED_CELL}" a process the host could not see.`;

/** A row per host, storm and tree: CPU ms per 1000 files stat-ed of each process, the pass's storms and its wall ms per 1000. */
export function treeCpuGrid(cpu: TreeCpuTable): TextGrid {
    return {
        header: ['Host', 'Storm', 'Tree', ...cpu.processes.map(process => `${process}, CPU ms per 1000`), 'Storms', 'Wall ms per 1000'],
        align: ['left', 'left', 'left', ...cpu.processes.map((): ColumnAlign => 'right'), 'right', 'right'],
        rows: cpu.rows.map(row => [row.hostLabel, row.scenario.label, row.targetLabel,
            ...row.cpuMsPerThousand.map(value => value === undefined ? NOT_MEASURED_CELL : formatAtResolution(value, row.resolutionMsPerThousand)),
            String(row.calls), formatPart(row.wallMsPerThousand)]),
    };
}

/** A question in one sentence: each host's factor at the largest target, e.g. `workspace.fs.stat storm took 150 [140, 160] times its bare-Node floor in ...`. */
export function operationSentence(finding: OperationFinding): string {
    const byApi = [...new Set(finding.rows.map(row => row.api.label))].map(api => {
        const rows = finding.rows.filter(row => row.api.label === api);
        return `${api} took ${rows.map((row, index) => `${formatRatioEstimate(row.cell.factor!, row.cell.factorInterval)}${index === 0 ? ` times ${finding.question.against}` : ''} in ${row.hostLabel}`).join(', ')}`;
    });
    return `${finding.question.title} (${finding.target}): ${byApi.join('; ')}.`;
}

/**
 * A question over a link in one sentence: each host's median at the largest target and its link floor, e.g. `Over cable, stat
 * storm ... (1k files): FileService.resolve storm took 26000 [25000, 27000] ms in Theia browser (extension), 1.04 [1.00, 1.08]
 * times its link floor (1,000 calls one after another × 2 crossings × half the round trip)`. Every number is a table's (the
 * link floor's table gives the floor itself).
 */
export function linkOperationSentence(finding: LinkOperationFinding): string {
    const parts = finding.rows.map(({ hostLabel, api, median, link }) => `${api.label} took ${formatMedian(median)} ms in ${hostLabel}, `
        + `${formatRatioEstimate(link.measuredOverFloor, link.measuredOverFloorInterval)} times its link floor `
        + `(${describeLinkRounds(link.floor)} × ${link.floor.crossingsPerCall} crossings × half the round trip)`);
    return `Over ${finding.profile.name}, ${finding.question.title.charAt(0).toLowerCase()}${finding.question.title.slice(1)} (${finding.target}): ${parts.join('; ')}.`;
}
