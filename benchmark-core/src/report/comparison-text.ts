import { CellChange, cellName, CHANGE_VERDICTS, RunComparison, verdictCounts } from '../compare/run-comparison';
import { MINIMUM_ROUNDS } from '../stats/bootstrap';
import { MINIMUM_PAIRS } from '../stats/change';
import { formatChangeRatio, formatDetectable, formatComparisonMedian, formatPercent, formatPValue } from './blocks/numbers';
import { renderTextTable } from './text';

/** The comparison as a text table, a summary line with the count of each verdict, and the cells measured in one run only. */
export function renderRunComparison(comparison: RunComparison): string {
    const level = formatPercent(1 - comparison.alpha);
    const rows = comparison.cells.map(cell => [
        cell.hostLabel, cell.scenarioId, cell.target, formatComparisonMedian(cell.baseline), formatComparisonMedian(cell.current), formatChangeRatio(cell.ratio),
        formatPValue(cell.pValue), formatPValue(cell.adjustedPValue), unitsOf(cell), cell.verdict, formatDetectable(cell.smallestDetectable),
    ]);
    const counts = verdictCounts(comparison);
    const threshold = formatPercent(comparison.noiseThreshold);
    const [before, after] = comparison.paired ? [comparison.paired.base.label, comparison.paired.head.label] : ['Baseline', 'Current'];
    const lines = [
        ...(comparison.paired ? [`${before}: ${comparison.paired.base.source}; ${after}: ${comparison.paired.head.source}; `
            + `measured alternately in one run, ${comparison.paired.base.positions.length} pairs of blocks. Ratio: ${after} / ${before}.`] : []),
        renderTextTable([
            { header: 'Host', align: 'left' }, { header: 'Scenario', align: 'left' }, { header: 'Size', align: 'right' },
            { header: `${before} ms [95%]`, align: 'right' }, { header: `${after} ms [95%]`, align: 'right' },
            { header: `Ratio [${level}]`, align: 'right' }, { header: 'p', align: 'right' }, { header: 'p adj.', align: 'right' },
            { header: 'Units', align: 'left' }, { header: 'Verdict', align: 'left' }, { header: 'Detectable', align: 'right' },
        ], rows),
        `${comparison.cells.length} cells from ${comparison.minSize} up: ${CHANGE_VERDICTS.map(verdict => `${counts[verdict]} ${verdict}`).join(', ')}.`,
        comparison.cells.some(cell => cell.sequential)
            ? 'Sampled until resolved (--budget): each cell was looked at after a planned number of pairs, its interval at that look\'s own level '
                + `(a group-sequential design spending ${comparison.alpha} over all looks); no change: the interval within ${threshold}; slower or `
                + 'faster: the interval excluding 1; a cell still open at the last look is inconclusive. The ratio and interval are the deciding '
                + 'look\'s; p is the exact Wilcoxon signed-rank p-value of all the cell\'s pairs, not adjusted. Detectable: the smallest change the cell '
                + `could have called slower or faster (from its interval's width, at least ${threshold}).`
            : `Slower or faster: p (${comparisonTests(comparison)}), adjusted for ${comparison.cells.length} cells `
                + `(Benjamini-Hochberg), below ${comparison.alpha}, the ratio's ${level} interval excluding 1 and the ratio beyond ${threshold}; `
                + `no change: the ratio's interval within ${threshold}. Detectable: the smallest change the cell could have called slower or faster `
                + `(from its interval's width, at least ${threshold}); a smaller one may be there unseen.`,
    ];
    if (!comparison.paired) {
        lines.push('Two separate runs: the weaker design, since the machine\'s speed moves between runs. To compare two builds, measure both '
            + 'alternately in one run: `yarn bench --compare BASE HEAD` (see README).');
    }
    const bySamples = comparison.cells.filter(cell => cell.unit === 'samples').length;
    if (bySamples > 0) {
        lines.push(`Units "samples": ${bySamples} cells were measured in one round on a side, so every sample counts as independent and a change `
            + 'of the whole machine between the two runs looks like a change of the code. Measure both runs with `yarn bench --rounds '
            + `${MINIMUM_ROUNDS}\` or more: the comparison then takes the rounds as its units.`);
    }
    if (counts.inconclusive > 0) {
        lines.push(`Inconclusive: the samples cannot tell a change beyond ${threshold} from noise; more samples narrow the intervals.`);
    }
    if (comparison.baselineOnly.length > 0) {
        lines.push(`Only in the baseline: ${comparison.baselineOnly.map(cellName).join('; ')}.`);
    }
    if (comparison.currentOnly.length > 0) {
        lines.push(`Only in the current run: ${comparison.currentOnly.map(cellName).join('; ')}.`);
    }
    return lines.join('\n');
}

function unitsOf(cell: CellChange): string {
    if (cell.unit === 'pairs') {
        return `pairs ${cell.pairRatios?.length ?? 0}`;
    }
    return cell.rounds ? `rounds ${cell.rounds.baseline}/${cell.rounds.current}` : 'samples';
}

/** Which tests the cells' p-values come from, for the note under the table. */
function comparisonTests(comparison: RunComparison): string {
    const tests = new Map<CellChange['unit'], string>([
        ['pairs', `exact Wilcoxon signed-rank of the pairs' log ratios, at least ${MINIMUM_PAIRS} pairs`],
        ['rounds', 'the bootstrap\'s over rounds'], ['samples', 'Mann-Whitney over samples'],
    ]);
    return [...new Set(comparison.cells.map(cell => cell.unit))].map(unit => tests.get(unit)).join('; ') || tests.get('samples')!;
}
