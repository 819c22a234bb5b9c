import { CountDifference, formatCountRange } from '../../compare/count-differences';
import { pairsInWords } from '../../compare/pair-design';
import { ALL_CHANNELS, COUNT_METRIC_LABELS } from '../../measure/message-counts';
import { PATH_COMPONENT_LABELS, PathComponent } from '../../measure/path-components';
import { VERDICTS } from '../../stats/verdict';
import { formatShare } from '../../stats/precision';
import { MovedPath, PairedHeadlineSection, SharedComponents } from '../model/section-types';
import { PairedComparisonRow } from '../model/types';
import { heading, ReportBlock } from './block';
import { KEY_FIGURES } from './headline';
import { formatChangeRatio, formatDetectable, formatPercent } from './numbers';

/** What both sides are: one source when they share it, else each side's. */
function sidesSources(section: Pick<PairedHeadlineSection, 'base' | 'head'>): string {
    const { base, head } = section;
    return base.source === head.source ? `${head.label} and ${base.label} both ${base.source}` : `${head.label}: ${head.source}; ${base.label}: ${base.source}`;
}

const scenarios = (rows: readonly PairedComparisonRow[]): string => [...new Set(rows.map(row => row.scenarioLabel))].join(', ');

/** How many of some rows got each verdict: `3 slower, 0 faster, 0 no change, 12 inconclusive`. */
function verdicts(rows: readonly PairedComparisonRow[]): string {
    return VERDICTS.map(verdict => `${rows.filter(row => row.cell.verdict === verdict).length} ${verdict}`).join(', ');
}

const COUNT_WORDS = ['No', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'];
const countWord = (count: number): string => COUNT_WORDS[count] ?? String(count);
const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** `a`, `a and b`, `a, b and c` (or with `or`). */
function listOf(items: readonly string[], last: 'and' | 'or' = 'and'): string {
    return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}

const partsOf = (components: readonly PathComponent[], last: 'and' | 'or' = 'and'): string => listOf(components.map(component => PATH_COMPONENT_LABELS[component]), last);
const sizesOf = (rows: readonly PairedComparisonRow[]): string => rows.map(row => row.cell.target).join(', ');

/** Each moved path's cells of one verdict with their ratios: `<path> at 500K 1.12 [1.04, 1.19], 10000K 1.08 [1.03, 1.13]`. */
function cellsWithRatios(moved: readonly MovedPath[], verdict: 'slower' | 'faster', gated?: boolean): { name: string; at: string; count: number }[] {
    return moved.flatMap(path => {
        const rows = path.cells.filter(row => row.cell.verdict === verdict && (gated === undefined || (row.cell.gated !== false) === gated));
        return rows.length > 0 ? [{ name: path.name, at: rows.map(row => `${row.cell.target} ${formatChangeRatio(row.cell.ratio)}`).join(', '), count: rows.length }] : [];
    });
}

/**
 * The exact counts that fail the check, each change once per path: over all channels where that was counted, the sizes
 * of one path with the same change together (`round trips 1 → 2 on Theia browser (plugin) | workspace.fs.readFile at 500K, 5000K`).
 */
function countChanges(failing: readonly CountDifference[]): string[] {
    const chosen = failing.filter(difference => difference.channel === ALL_CHANNELS
        || !failing.some(other => other.channel === ALL_CHANNELS && other.cell === difference.cell && other.metric === difference.metric));
    const groups = new Map<string, string[]>();
    for (const difference of chosen) {
        const cut = difference.cell.lastIndexOf(' | ');
        const change = `${COUNT_METRIC_LABELS[difference.metric]} ${formatCountRange(difference.base, difference.metric)} → ${formatCountRange(difference.head, difference.metric)}`;
        const key = `${change} on ${difference.cell.slice(0, cut)}${difference.channel === ALL_CHANNELS ? '' : ` (${difference.channel})`}`;
        groups.set(key, [...groups.get(key) ?? [], difference.cell.slice(cut + 3)]);
    }
    return [...groups].map(([key, sizes]) => `${key} at ${sizes.join(', ')}`);
}

/**
 * The gate's outcome, first: whether --check passes, and on which cells with what ratio, or which exact counts, it fails;
 * the faster cells beside.
 */
function checkSentences(section: PairedHeadlineSection): string[] {
    const faster = cellsWithRatios(section.moved, 'faster');
    const fasterCount = faster.reduce((sum, path) => sum + path.count, 0);
    const besides = fasterCount > 0 ? ` (${fasterCount} faster: ${faster.map(({ name, at }) => `${name} at ${at}`).join('; ')})` : '';
    const gated = section.gatedCells !== undefined;
    const outside = gated ? cellsWithRatios(section.moved, 'slower', false) : [];
    const notGated = outside.length > 0 ? ` Not gated, reported only: ${outside.map(({ name, at }) => `${name} is slower at ${at}`).join('; ')}.` : '';
    if (section.checkPassed) {
        return [`--check passes: no ${gated ? `gated cell (${section.gatedCells} of ${section.cells})` : `cell of ${section.cells}`} is slower${besides}`
            + `${section.countsCompared ? ', and no exact count it gates on changed' : ''}.${notGated}`];
    }
    const slower = cellsWithRatios(section.moved, 'slower', gated ? true : undefined).map(({ name, at }) => `${name} is slower at ${at}`);
    const counts = section.failingCounts.length > 0 ? [`exact counts changed: ${countChanges(section.failingCounts).join('; ')}`] : [];
    const processes = (section.slowerProcesses ?? []).map(entry => `the CPU per read of ${entry.process} is slower in ${entry.cellName} ${formatChangeRatio(entry.ratio)}`);
    return [`--check fails: ${[...slower, ...counts, ...processes].join('; ')}${besides}.${notGated}`];
}

/** For an A/A run (both sides the same source): whether it raised a false alarm; else whether any cell changed. */
function sameOrUnchangedSentence(section: PairedHeadlineSection): string | undefined {
    const { base, head, cells } = section;
    const flagged = section.moved.flatMap(path => path.cells);
    if (base.source === head.source) {
        return flagged.length === 0
            ? `No false alarm: ${head.label} and ${base.label} run the same ${base.source}, and none of ${cells} cells was called slower or faster.`
            : `${flagged.length} false alarm${flagged.length === 1 ? '' : 's'}: ${head.label} and ${base.label} run the same ${base.source}, yet `
                + `${flagged.length} of ${cells} cells were called slower or faster (${scenarios(flagged)}).`;
    }
    return flagged.length === 0
        ? `No cell changed measurably: none of ${cells} cells of ${head.label} against ${base.label} was called slower or faster.` : undefined;
}

/** `5000K, 10000K slower; 500K faster`. */
function movedAt(path: MovedPath): string {
    return (['slower', 'faster'] as const).flatMap(verdict => {
        const rows = path.cells.filter(row => row.cell.verdict === verdict);
        return rows.length > 0 ? [`${sizesOf(rows)} ${verdict}`] : [];
    }).join('; ');
}

/** The paths "no change" rules out parts by: `a change in A or B would also have moved <path> at 5000K (no change), and one in C ...`. */
function ruledOutClauses(shared: SharedComponents): string {
    return shared.ruledOutBy.map((entry, index) => `${index === 0 ? 'a change in' : 'one in'} ${partsOf(entry.components, 'or')} would also have moved `
        + `${entry.name} at ${sizesOf(entry.cells)} (no change)`).join(', and ');
}

/**
 * Which paths moved, each named with its sizes, and what they share: for one path, the parts it passes through; for
 * several, the parts they all pass through and each one's own, and whether a cell decided "no change" rules out one
 * change in what they share (then they are separate findings).
 */
function movedPathsSentences(section: PairedHeadlineSection): string[] {
    const { moved, shared } = section;
    if (moved.length === 0 || section.base.source === section.head.source) {
        return [];
    }
    const named = moved.map(path => `${path.name} (${movedAt(path)})`);
    const ruledOut = shared && shared.ruledOutBy.length > 0 ? ruledOutClauses(shared) : undefined;
    if (moved.length === 1) {
        return [`One path moved: ${named[0]}.`, ...shared ? [`It passes through ${partsOf(shared.components)}${ruledOut ? `; ${ruledOut}` : ''}.`] : []];
    }
    const first = `${countWord(moved.length)} paths moved: ${listOf(named)}.`;
    if (!shared) {
        return [first];
    }
    if (shared.components.length === 0) {
        return [first, 'They share no part of their paths: separate findings.'];
    }
    const own = moved.flatMap(path => {
        const extra = path.components!.filter(component => !shared.components.includes(component));
        return extra.length > 0 ? [`${path.name} also passes through ${partsOf(extra)}`] : [];
    });
    const rest = shared.components.filter(component => !shared.ruledOutBy.some(entry => entry.components.includes(component)));
    const opposite = new Set(moved.flatMap(path => path.cells.map(row => row.cell.verdict))).size > 1;
    const verdict = opposite ? 'They moved in opposite directions, and one change in what they share would move them the same way: separate findings.'
        : !ruledOut ? `No cell through ${shared.components.length === 1 ? 'it' : 'them'} was decided no change, so one change there is not ruled out.`
            : rest.length === 0 ? `${capitalised(ruledOut)}: they are separate findings, not one change.`
                : `${capitalised(ruledOut)}; one change in ${partsOf(rest, 'or')} is not ruled out.`;
    return [first, `They share ${partsOf(shared.components)}${own.length > 0 ? `; ${own.join('; ')}` : ''}.`, verdict];
}

/** The smallest change the run could have seen, as a percentage and as the ratios it could not tell from no change. */
function detectableSentence(section: PairedHeadlineSection): string | undefined {
    const median = section.medianSmallestDetectable;
    if (median === undefined || !Number.isFinite(median)) {
        return undefined;
    }
    const { counts, cells } = section;
    const threshold = `±${formatPercent(section.noiseThreshold)}`;
    const parts = [...counts['no change'] > 0 ? [`${counts['no change']} of ${cells} cells were within ${threshold} (the noise threshold)`] : [],
        ...counts.inconclusive > 0 ? [`${counts.inconclusive}${counts['no change'] > 0 ? '' : ` of ${cells} cells`} could not tell a change of ${threshold} from noise`] : []];
    return `This run could have seen changes beyond ±${formatShare(median)} (a ratio outside ${formatDetectable(median)}) in its median cell`
        + `${parts.length > 0 ? `; ${parts.join(', ')}` : ''}.`;
}

/**
 * The sentences of a comparison's headline: what --check decides on these verdicts, whether an A/A run raised a false
 * alarm, which paths moved and what they share, what the run could have seen, the largest change.
 */
export function pairedHeadlineSentences(section: PairedHeadlineSection): string[] {
    const largest = section.largestChange;
    return [...checkSentences(section), ...[sameOrUnchangedSentence(section)].filter((sentence): sentence is string => sentence !== undefined),
        ...movedPathsSentences(section), ...[detectableSentence(section)].filter((sentence): sentence is string => sentence !== undefined),
        ...(largest ? [`The largest change: ${largest.label}, ${formatShare(Math.abs(largest.cell.ratio.ratio - 1))} ${largest.cell.verdict} `
            + `(${section.head.label} / ${section.base.label} ${formatChangeRatio(largest.cell.ratio)}).`] : [])];
}

/** The key figures of a comparison: the counts, the cells by whether they cross the RPC, and the key cells' detectable changes. */
export function pairedKeyFigures(section: PairedHeadlineSection): string[] {
    const { counts, cells } = section;
    const items = [`${sidesSources(section)}; ${pairsInWords(section)}; ${cells} cells: ${counts.slower} slower, ${counts.faster} faster, `
        + `${counts['no change']} no change, ${counts.inconclusive} inconclusive.`];
    if (section.rpc) {
        const { crossing, off } = section.rpc;
        items.push(`Crossing Theia's RPC (${scenarios(crossing)}), ${crossing.length} cells: ${verdicts(crossing)}.`,
            `Off the RPC (${scenarios(off)}), ${off.length} cells: ${verdicts(off)}.`);
    }
    const groups = new Map<string, string[]>();
    for (const { cell, scenarioLabel } of section.keyCells) {
        const name = `${cell.hostLabel} · ${scenarioLabel}`;
        groups.set(name, [...groups.get(name) ?? [], `${formatDetectable(cell.smallestDetectable)} at ${cell.target}`]);
    }
    items.push(...[...groups].map(([name, sizes]) => `${name} could have seen a ratio outside ${sizes.join(', ')}.`));
    return items;
}

/** The comparison's headline: its sentences as one paragraph, then the key figures. */
export function pairedHeadlineBlocks(section: PairedHeadlineSection): ReportBlock[] {
    return [{ kind: 'paragraph', text: pairedHeadlineSentences(section).join(' ') }, heading(3, KEY_FIGURES), { kind: 'list', items: pairedKeyFigures(section) }];
}
