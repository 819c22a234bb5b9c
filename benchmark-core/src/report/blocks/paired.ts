import { DUET_DESIGN, isDuet } from '../../compare/pair-design';
import { cellName } from '../../compare/run-comparison';
import { CONFIDENCE_LEVEL } from '../../stats/median-interval';
import { pairsForThreshold, pairsToCatch } from '../../stats/noise-budget';
import { NoiseBudgetSection, PairedComparisonSection } from '../model/section-types';
import { TextGrid } from './block';
import { formatChangeRatio, formatDetectable, formatMedianEstimate, formatPercent, formatPValue, percent } from './numbers';
import { describeVerdictRule } from './verdict-rule';

/** A row per cell: both sides' medians, the ratio, the verdict, the smallest detectable change and the adjusted p. */
export function pairedComparisonGrid(section: PairedComparisonSection): TextGrid {
    const { base, head, comparison } = section;
    const level = percent(CONFIDENCE_LEVEL);
    return {
        header: ['Host', 'Scenario', 'Size', `${base.label} ms [${level}]`, `${head.label} ms [${level}]`,
            `${head.label} / ${base.label} [${percent(1 - comparison.alpha)}]`, 'Verdict', 'Detectable', 'p adj.'],
        align: ['left', 'left', 'left', 'right', 'right', 'right', 'left', 'right', 'right'],
        rows: section.rows.map(({ scenarioLabel, cell }) => [cell.hostLabel, scenarioLabel, cell.target, formatMedianEstimate(cell.baseline),
            formatMedianEstimate(cell.current), formatChangeRatio(cell.ratio), `${cell.verdict}${cell.gated ? ' (gated)' : ''}`, formatDetectable(cell.smallestDetectable),
            formatPValue(cell.adjustedPValue)]),
    };
}

/** How to read the comparison table: where the ratio, its interval and p come from, and what each verdict needs. */
export function pairedComparisonNote(section: PairedComparisonSection): string {
    const { base, head, comparison } = section;
    return `${pairDesignSentence(section)} A pair's ratio is its ${head.label} block's geometric mean over its ${base.label} block's (of its medians where a sample read 0 ms). The ratio column is the Hodges-Lehmann estimate `
        + `over the pairs' log ratios with its exact Wilcoxon signed-rank ${percent(1 - comparison.alpha)} interval; below 1, ${head.label} is faster. `
        + `${describeVerdictRule(comparison)} `
        + `The medians are of all of a side's samples, each with its ${percent(CONFIDENCE_LEVEL)} interval from order statistics.`;
}

/** How the pairs were measured: alternated blocks, or both sides' blocks at once (a duet). */
function pairDesignSentence({ base, head }: PairedComparisonSection): string {
    const pairs = base.positions.length;
    if (isDuet({ base, head })) {
        return `Both sides were measured in one run, in ${pairs} pairs of blocks (${DUET_DESIGN}): a pair's two blocks ran at the same time, `
            + `each side's processes pinned to one core (the first pair ${base.label} on cpu${base.cores![0]}, ${head.label} on cpu${head.cores![0]}, then swapped `
            + 'every pair), so the machine\'s interference of that moment lands on both blocks and a faster core on each side as often.';
    }
    return `Both sides were measured in one run, in ${pairs} pairs of blocks alternated ${base.label} ${head.label}, ${head.label} ${base.label}, `
        + `${base.label} ${head.label}, ... (A B, B A): a steady drift of the machine lands on each side as often first as second and cancels.`;
}

/** The cells only one side measured, or undefined when both measured the same. */
export function oneSideOnlyNote(section: PairedComparisonSection): string | undefined {
    const { base, head, comparison } = section;
    const parts = [
        ...(comparison.baselineOnly.length > 0 ? [`only ${base.label} measured ${comparison.baselineOnly.map(cellName).join('; ')}`] : []),
        ...(comparison.currentOnly.length > 0 ? [`only ${head.label} measured ${comparison.currentOnly.map(cellName).join('; ')}`] : []),
    ];
    return parts.length > 0 ? `Not compared: ${parts.join('; ')}.` : undefined;
}

function pairsText(pairs: number | undefined): string {
    return pairs === undefined ? '–' : `about ${pairs}`;
}

/** A spread on the log scale as a percentage: the square root of a variance, times 100, one decimal. */
function spreadPercent(variance: number): string {
    return `${(100 * Math.sqrt(variance)).toFixed(1)}%`;
}

/**
 * The noise budget table: a row per key cell, the spread of its pair ratios and the shares of samples, position, blocks
 * and (where a start of the processes held 2 pairs or more) the processes; with fresh processes for every pair, the
 * processes are in the blocks' share.
 */
export function noiseBudgetGrid(section: NoiseBudgetSection): TextGrid {
    // Runs since issue 54: counted at a gated cell's share of the alpha, with the pairs to catch a change of the threshold beside.
    const gateShare = section.gateShare;
    const level = gateShare === undefined ? undefined : 1 - gateShare;
    const threshold = formatPercent(section.noiseThreshold);
    return {
        header: ['Host', 'Scenario', 'Size', 'Pairs', 'Starts', 'Spread of a pair ratio', 'Samples', 'Position', 'Blocks', 'Processes', 'Second / first',
            `Pairs for ±${threshold}${gateShare === undefined ? '' : ' (at the gate\'s level)'}`, 'If blocks were steady',
            ...gateShare === undefined ? [] : [`Pairs to catch ${threshold} (80% of runs)`]],
        align: ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', ...gateShare === undefined ? [] : ['right' as const]],
        rows: section.rows.map(({ hostLabel, scenarioLabel, target, budget }) => {
            const explained = budget.sampleVariance + budget.positionVariance + budget.blockVariance + (budget.processVariance ?? 0);
            const share = (variance: number): string => explained > 0 ? `${Math.round((100 * variance) / explained)}%` : '–';
            const processes = budget.processVariance !== undefined ? share(budget.processVariance)
                : budget.processes === budget.pairs ? 'in blocks' : '–';
            return [hostLabel, scenarioLabel, target, String(budget.pairs), budget.processes === undefined ? '1' : String(budget.processes),
                spreadPercent(budget.totalVariance), share(budget.sampleVariance), share(budget.positionVariance), share(budget.blockVariance), processes,
                budget.secondOverFirst === undefined ? '–' : budget.secondOverFirst.toFixed(3),
                pairsText(pairsForThreshold(budget.totalVariance, section.noiseThreshold, level)),
                pairsText(pairsForThreshold(Math.min(budget.sampleVariance, budget.totalVariance), section.noiseThreshold, level)),
                ...gateShare === undefined ? [] : [pairsText(pairsToCatch(budget.totalVariance, section.noiseThreshold, gateShare))]];
        }),
    };
}
