import { Verdict, VERDICTS } from '../../stats/verdict';
import { formatShare } from '../../stats/precision';
import { PairedHeadlineSection } from '../model/section-types';
import { PairedComparisonRow } from '../model/types';
import { heading, ReportBlock } from './block';
import { KEY_FIGURES } from './headline';
import { formatChangeRatio, formatDetectable, formatPercent } from './numbers';

/** What both sides are: one source when they share it, else each side's. */
function sidesSources(section: Pick<PairedHeadlineSection, 'base' | 'head'>): string {
    const { base, head } = section;
    return base.source === head.source ? `${head.label} and ${base.label} both ${base.source}` : `${head.label}: ${head.source}; ${base.label}: ${base.source}`;
}

const changed = (row: PairedComparisonRow): boolean => row.cell.verdict === 'slower' || row.cell.verdict === 'faster';
const scenarios = (rows: readonly PairedComparisonRow[]): string => [...new Set(rows.map(row => row.scenarioLabel))].join(', ');

/** How many of some rows got each verdict: `3 slower, 0 faster, 0 no change, 12 inconclusive`. */
function verdicts(rows: readonly PairedComparisonRow[]): string {
    return VERDICTS.map(verdict => `${rows.filter(row => row.cell.verdict === verdict).length} ${verdict}`).join(', ');
}

/** The first sentence: for an A/A run (both sides the same source) whether it raised a false alarm; else what changed, and whether through the RPC. */
function verdictSentence(section: PairedHeadlineSection): string {
    const { base, head, cells } = section;
    const crossing = section.rpc?.crossing ?? [];
    const off = section.rpc?.off ?? [];
    const flagged = [...crossing, ...off].filter(changed);
    if (base.source === head.source) {
        return flagged.length === 0
            ? `No false alarm: ${head.label} and ${base.label} run the same ${base.source}, and none of ${cells} cells was called slower or faster.`
            : `${flagged.length} false alarm${flagged.length === 1 ? '' : 's'}: ${head.label} and ${base.label} run the same ${base.source}, yet `
                + `${flagged.length} of ${cells} cells were called slower or faster (${scenarios(flagged)}).`;
    }
    if (flagged.length === 0) {
        return `No cell changed measurably: none of ${cells} cells of ${head.label} against ${base.label} was called slower or faster.`;
    }
    const count = (verdict: Verdict): number => flagged.filter(row => row.cell.verdict === verdict).length;
    const what = (['slower', 'faster'] as const).filter(verdict => count(verdict) > 0).map(verdict => `${count(verdict)} of ${cells} cells are ${verdict}`)
        .join(' and ');
    const changedCrossing = crossing.filter(changed).length;
    const changedOff = off.filter(changed).length;
    return `With ${head.label} against ${base.label}, ${what}: ${changedCrossing === flagged.length ? `all ${flagged.length}` : changedCrossing} `
        + `cross Theia's RPC (${scenarios(crossing.filter(changed))}), and ${changedOff === 0 ? 'none' : changedOff} of the ${off.length} cells off it `
        + `(${scenarios(off)}) changed.`;
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

/** The sentences of a comparison's headline: the verdicts (a false alarm or not; through the RPC or not), what it could have seen, the largest change. */
export function pairedHeadlineSentences(section: PairedHeadlineSection): string[] {
    const largest = section.largestChange;
    return [verdictSentence(section), ...[detectableSentence(section)].filter((sentence): sentence is string => sentence !== undefined),
        ...(largest ? [`The largest change: ${largest.label}, ${formatShare(Math.abs(largest.cell.ratio.ratio - 1))} ${largest.cell.verdict} `
            + `(${section.head.label} / ${section.base.label} ${formatChangeRatio(largest.cell.ratio)}).`] : [])];
}

/** The key figures of a comparison: the counts, the cells by whether they cross the RPC, and the key cells' detectable changes. */
export function pairedKeyFigures(section: PairedHeadlineSection): string[] {
    const { counts, cells } = section;
    const items = [`${sidesSources(section)}; ${section.pairs} pairs of alternated blocks; ${cells} cells: ${counts.slower} slower, ${counts.faster} faster, `
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
