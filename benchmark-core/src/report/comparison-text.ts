import { isDuet, DUET_DESIGN } from '../compare/pair-design';
import { CellChange, cellName, RunComparison, verdictCounts } from '../compare/run-comparison';
import { FIXTURE_SIZE_LABELS } from '../measure/sizes';
import { MINIMUM_ROUNDS } from '../stats/bootstrap';
import { VERDICTS } from '../stats/verdict';
import { formatChangeRatio, formatDetectable, formatComparisonMedian, formatPercent, formatPValue } from './blocks/numbers';
import { renderTextTable } from './text';
import { describeVerdictRule } from './blocks/verdict-rule';
import { pairedCpuGrid, pairedCpuNote } from './blocks/paired-cpu';

/** The comparison as a text table, a summary line with the count of each verdict, and the cells measured in one run only. */
export function renderRunComparison(comparison: RunComparison): string {
    const level = formatPercent(1 - comparison.alpha);
    const rows = comparison.cells.map(cell => [
        cell.hostLabel, cell.scenarioId, cell.target, formatComparisonMedian(cell.baseline), formatComparisonMedian(cell.current), formatChangeRatio(cell.ratio),
        formatPValue(cell.pValue), formatPValue(cell.adjustedPValue), unitsOf(cell), `${cell.verdict}${cell.gated ? ' (gated)' : ''}`, formatDetectable(cell.smallestDetectable),
    ]);
    const counts = verdictCounts(comparison);
    const threshold = formatPercent(comparison.noiseThreshold);
    const [before, after] = comparison.paired ? [comparison.paired.base.label, comparison.paired.head.label] : ['Baseline', 'Current'];
    const lines = [
        ...(comparison.paired ? [`${before}: ${comparison.paired.base.source}; ${after}: ${comparison.paired.head.source}; `
            + `${isDuet(comparison.paired) ? 'measured in one run' : 'measured alternately in one run'}, ${comparison.paired.base.positions.length} pairs of blocks`
            + `${isDuet(comparison.paired) ? ` (${DUET_DESIGN})` : ''}. Ratio: ${after} / ${before}.`] : []),
        renderTextTable([
            { header: 'Host', align: 'left' }, { header: 'Scenario', align: 'left' }, { header: 'Size', align: 'right' },
            { header: `${before} ms [95%]`, align: 'right' }, { header: `${after} ms [95%]`, align: 'right' },
            { header: `Ratio [${level}]`, align: 'right' }, { header: 'p', align: 'right' }, { header: 'p adj.', align: 'right' },
            { header: 'Units', align: 'left' }, { header: 'Verdict', align: 'left' }, { header: 'Detectable', align: 'right' },
        ], rows),
        `${comparison.cells.length} cells${comparison.cells.some(cell => FIXTURE_SIZE_LABELS.includes(cell.target)) ? ` from ${comparison.minSize} up` : ''}: `
            + `${VERDICTS.map(verdict => `${counts[verdict]} ${verdict}`).join(', ')}.`,
        describeVerdictRule(comparison),
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
    if (comparison.cpu) {
        const grid = pairedCpuGrid(comparison.cpu, before, after);
        lines.push('', renderTextTable(grid.header.map((header, index) => ({ header, align: grid.align?.[index] ?? 'left' })), grid.rows), pairedCpuNote(comparison.cpu));
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
