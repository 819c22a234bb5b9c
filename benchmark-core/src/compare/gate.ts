import { ComparisonSide } from '../results/schema';
import { CountDifference, DEFAULT_COUNT_CHECK, describeCountDifference, gatingCountDifferences } from './count-differences';
import { formatRatioInterval } from '../stats/precision';
import { SlowerProcess, slowerProcesses } from './cpu-comparison';
import { checkRunComparison, ComparisonCell, RunComparison } from './run-comparison';

/**
 * What `--check` decides for one alternated run, in one place for its exit code, comparison.txt and the report's
 * headline: it fails when a cell is slower on wall time, or when an exact count of a group it gates on (`--check-counts`)
 * changed beyond the range it varied over between reads of one side.
 */
export interface GateDecision {
    readonly passed: boolean;
    readonly slowerCells: readonly ComparisonCell[];
    readonly failingCounts: readonly CountDifference[];
    /** A gated cell's processes whose CPU per read is slower (runs since issue 54). */
    readonly slowerProcesses: readonly SlowerProcess[];
    /** `Check passed: …` or `Check failed: …`, as comparison.txt and the terminal say it. */
    readonly message: string;
}

/** The count groups a run's `--check` gated on, as its side recorded them (runs made before it was recorded: the default). */
export function checkCountGroups(side: Pick<ComparisonSide, 'rule'> | undefined): readonly string[] {
    return side?.rule?.checkCounts ?? DEFAULT_COUNT_CHECK;
}

/** The gate's decision from the verdicts and, where both sides were counted, every count that differs. */
export function decideGate(comparison: RunComparison, differences: readonly CountDifference[] | undefined, groups: readonly string[]): GateDecision {
    const time = checkRunComparison(comparison);
    const failingCounts = gatingCountDifferences(differences ?? [], groups);
    const processes = slowerProcesses(comparison.cpu);
    const reasons = [
        ...failingCounts.length > 0 ? [`${failingCounts.length} exact count${failingCounts.length === 1 ? '' : 's'} changed: ${failingCounts.map(describeCountDifference).join('; ')}.`] : [],
        ...processes.length > 0 ? [`the CPU per read of ${processes.length === 1 ? 'a process is' : `${processes.length} processes is`} slower: `
            + `${processes.map(entry => `${entry.process} in ${entry.cellName} (ratio ${formatRatioInterval(entry.ratio)})`).join('; ')}.`] : [],
    ];
    const common = { slowerCells: time.slowerCells, failingCounts, slowerProcesses: processes };
    if (reasons.length === 0) {
        return { passed: time.passed, ...common, message: time.message };
    }
    return {
        passed: false, ...common,
        message: time.passed ? `Check failed: ${reasons.join(' ')}` : `${time.message.replace(/\.$/, ';')} ${reasons.join(' ')}`,
    };
}
