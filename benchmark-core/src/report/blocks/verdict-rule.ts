import { MINIMUM_PAIRS } from '../../stats/change';
import { CellChange, RunComparison } from '../../compare/run-comparison';
import { formatPercent, percent } from './numbers';

/**
 * The verdict rule (stats/verdict.ts) in words, as the comparison decided its cells: the one wording of it that the
 * report, the terminal's table and comparison.txt all print, so none can explain a rule the others do not apply.
 */
export function describeVerdictRule(comparison: RunComparison): string {
    const threshold = `±${formatPercent(comparison.noiseThreshold)}`;
    const design = comparison.paired?.base.sequential;
    const flag = design?.flagThreshold !== undefined && design.flagThreshold !== comparison.noiseThreshold ? `±${formatPercent(design.flagThreshold)}` : threshold;
    const level = percent(1 - comparison.alpha);
    const decision = (significance: string): string => `Slower or faster: ${significance} and the ratio beyond ${flag}; no change: the `
        + `whole interval within ${threshold}; `;
    const detectable = 'Detectable: the smallest change the cell could have called slower or faster (from its interval\'s width, at least '
        + `${threshold}); a smaller one may be there unseen.`;
    if (comparison.cells.some(cell => cell.sequential)) {
        const interval = design?.test === 't' ? 'its interval (the paired t interval of the pairs\' mean log ratio, the ratio their geometric mean) at that '
            + 'look\'s own ' : 'its interval at that look\'s own ';
        return `Sampled until resolved (--budget): each cell was looked at after planned numbers of pairs, ${interval}`
            + `level (a group-sequential design spending ${comparison.alpha} over all looks${shared(comparison)}); the ratio and interval shown are the deciding `
            + 'look\'s, and p is the exact Wilcoxon signed-rank p-value of all the cell\'s pairs, not adjusted. '
            + `${decision('the interval excluding 1')}inconclusive: still open at the last look. ${detectable}`;
    }
    return `p: ${comparisonTests(comparison)}, adjusted for the ${comparison.cells.length} cells compared (Benjamini-Hochberg); the ratio's `
        + `interval at ${level}. ${decision(`p below ${comparison.alpha}, the interval excluding 1,`)}`
        + `inconclusive: the run could not tell a change of ${threshold} from noise. ${detectable}`;
}

/** How the run's cells shared its alpha, when its design recorded a correction. */
function shared(comparison: RunComparison): string {
    const cells = comparison.cells.filter(cell => cell.sequential).length;
    const gated = comparison.cells.filter(cell => cell.gated).length;
    if (comparison.paired?.base.sequential?.correction === 'holm' && comparison.paired.base.sequential.gate) {
        return ` and shared by the run's ${gated} gated cells (--gate; Holm: each tested at its share, a cell called slower or faster handing its share `
            + `on), so that unchanged code flags any gated cell in at most ${percent(comparison.alpha)} of runs; the other cells share it among themselves `
            + 'on a plan of their own, are measured until the first look of the gated cells and then only beside them, and never fail --check';
    }
    return comparison.paired?.base.sequential?.correction === 'holm'
        ? ` and shared by the run's ${cells} cells (Holm: each tested at its share, a cell called slower or faster handing its share on), so that `
            + `unchanged code flags any cell in at most ${percent(comparison.alpha)} of runs`
        : ', per cell';
}

/** Which tests the cells' p-values come from. */
function comparisonTests(comparison: RunComparison): string {
    const tests = new Map<CellChange['unit'], string>([
        ['pairs', `the exact Wilcoxon signed-rank test of the pairs' log ratios, at least ${MINIMUM_PAIRS} pairs`],
        ['rounds', 'the bootstrap\'s over rounds'], ['samples', 'Mann-Whitney over samples'],
    ]);
    return [...new Set(comparison.cells.map(cell => cell.unit))].map(unit => tests.get(unit)).join('; ') || tests.get('samples')!;
}
