import { FIXTURE_SIZE_LABELS } from '../measure/sizes';
import { TREE_SIZE_LABELS, treeTargetLabel } from '../measure/trees';
import { burstTargetLabel } from '../measure/write-burst';
import { formatRatioInterval } from '../stats/precision';
import { CellKey, cellKeyId } from '../results/cell-key';
import { distinctHostLabels } from '../results/host-identity';
import { collectMeasurements, hostKeysOf, ReportMeasurement } from '../results/measurements';
import { ComparisonSide, Measurement, ResultsDocument } from '../results/schema';
import { compareCpu, CpuComparison } from './cpu-comparison';
import { blocksOf } from '../results/rounds';
import { RatioEstimate } from '../stats/bootstrap';
import { adjustPValues, Change, changeVerdict, detectChange, roundsChange } from '../stats/change';
import { CONFIDENCE_LEVEL, Interval, medianInterval } from '../stats/median-interval';
import { pairedChange, smallestDetectableChange } from '../stats/paired';
import { SequentialOutcome } from '../stats/sequential';
import { replayGatedRun, SequentialRunDesign } from '../stats/sequential-run';
import { median } from '../stats/statistics';
import { DEFAULT_VERDICT_RULE, validVerdictRule, Verdict, VerdictRule } from '../stats/verdict';

/** A cell of a comparison: one scenario at one size in one host (keyed by {@link cellKeyId}), with the host's label in the report. */
export interface ComparisonCell extends CellKey {
    readonly hostLabel: string;
}

/** The median of one run's samples of a cell, with its 95% interval (undefined below 6 samples). */
export interface MedianEstimate {
    readonly medianMs: number;
    readonly intervalMs: Interval | undefined;
    readonly sampleCount: number;
}

/** A cell measured in both runs and how it moved. */
export interface CellChange extends ComparisonCell {
    readonly baseline: MedianEstimate;
    readonly current: MedianEstimate;
    /**
     * What the test took as independent: `pairs` when both sides were measured alternately in one run (`yarn bench
     * --compare`; block `i` of each side a pair, {@link pairedChange}); `rounds` when both runs were measured in rounds
     * (`--rounds N`, at least 2 each; {@link roundsChange}); else `samples` (every timed sample; {@link detectChange}),
     * which cannot see a change of the whole machine between the runs.
     */
    readonly unit: 'pairs' | 'rounds' | 'samples';
    /** With rounds as the unit: how many each run had. */
    readonly rounds?: { readonly baseline: number; readonly current: number };
    /** With pairs as the unit: each pair's ratio (head block's geometric mean / base block's, see `pairRatios`), in pair order. */
    readonly pairRatios?: readonly number[];
    /** Current median / baseline median, with its bootstrap interval at level `1 - alpha`. */
    readonly ratio: RatioEstimate;
    /** Two-sided p-value of this cell alone: Mann-Whitney over samples, or the bootstrap's over rounds. */
    readonly pValue: number;
    /** `pValue` adjusted (Benjamini-Hochberg) for the number of cells compared; the verdict is decided with it. */
    readonly adjustedPValue: number;
    readonly verdict: Verdict;
    /**
     * The smallest change (fraction, 0.05 = 5%) this cell could have called slower or faster, from the width of its
     * ratio's interval and never below the noise threshold ({@link smallestDetectableChange}).
     */
    readonly smallestDetectable: number;
    /**
     * Sampled until resolved (the sides' `sequential` design): the look that decided the cell (or the last one taken),
     * whose nominal level `ratio`'s interval has (with the design's `correction`, the level of the cell's share of the
     * run's alpha at that look); the verdict is that look's, and `adjustedPValue` is `pValue` (the design, not an
     * adjustment of the p-value, keeps the false-alarm rate).
     */
    readonly sequential?: { readonly pairs: number; readonly nominalAlpha: number };
    /** With a gate (`--gate`, the design's `gate`): whether this cell gates; only a gated cell can fail `--check`. */
    readonly gated?: boolean;
}

export interface RunComparison {
    /** Significance level, of the adjusted p-values. */
    readonly alpha: number;
    /** Relative change, as a fraction (0.05 = 5%), below which a change counts as "no change". */
    readonly noiseThreshold: number;
    /**
     * Smallest fixture size compared; the generated trees (`1k files`) and the write burst (`100 files of 1K`) are compared
     * too, other targets (the small files' `1000 files`) are left out.
     */
    readonly minSize: string;
    /** Cells measured in both runs, in the baseline's order. */
    readonly cells: CellChange[];
    readonly baselineOnly: ComparisonCell[];
    readonly currentOnly: ComparisonCell[];
    /** Both sides measured alternately in one run (`yarn bench --compare`): their labels and sources. */
    readonly paired?: PairedSides;
    /** CPU per read per process, paired block by block, where both sides' blocks had CPU passes (see cpu-comparison.ts). */
    readonly cpu?: CpuComparison;
}

/**
 * How to compare. The two sides of one alternated run carry the rule their run decided with (`comparison.rule`, or the
 * design of `comparison.sequential`), and that rule wins over these, so a re-analysis gives the run's own verdicts.
 */
export interface RunComparisonOptions {
    /** Default: every fixture size (the trees and the write burst are compared whatever it is). */
    readonly minSize?: string;
    /** Default 0.05. */
    readonly alpha?: number;
    /** Fraction, default 0.05. */
    readonly noiseThreshold?: number;
}

/**
 * Compares two runs cell by cell from their samples: per cell the ratio with its interval and its test's p-value (pairs,
 * rounds or samples, whichever the runs allow); the p-values adjusted for the number of cells, so that comparing two runs
 * of unchanged code rarely flags any cell; then the verdict (stats/verdict.ts). Cells sampled until resolved are decided
 * by their looks instead.
 */
export function compareRuns(baseline: readonly ResultsDocument[], current: readonly ResultsDocument[], options: RunComparisonOptions = {}): RunComparison {
    const sides = pairedSides(baseline, current);
    const rule = comparisonRule(sides?.base, options);
    const sizes = comparedTargets(rule.minSize);
    // Both runs' hosts labelled together, so a label names the same host on both sides. Each side's hosts are keyed
    // by that side alone: a Theia release against another (1.74.1 before, 1.75.0 after) is the same host, labelled
    // without a release, which only tells releases of one run apart.
    const label = distinctHostLabels([...hostKeysOf(baseline), ...hostKeysOf(current)]);
    // Keyed as the run's looks keyed them (bench's open cells), so the replay decides the cells the run decided.
    const index = (documents: readonly ResultsDocument[]): Map<string, ReportMeasurement> => new Map(
        collectMeasurements(documents, label).filter(entry => sizes.has(entry.measurement.targetLabel)).map(entry => [cellKeyId(cellOf(entry)), entry]));
    const before = index(baseline);
    const after = index(current);
    const measured = [...before].filter(([id]) => after.has(id)).map(([id, entry]) => measureCell(entry, after.get(id)!, sides, rule));
    const adjusted = adjustPValues(measured.map(cell => cell.change.pValue));
    const design = sides?.base.sequential;
    const looked = design ? replayLooks(design, measured) : new Map<number, SequentialOutcome>();
    const gate = design?.gate ? new Set(design.gate) : undefined;
    const cells = measured.map((cell, position) => ({
        ...decideCell({ ...cell, sequential: looked.get(position) }, adjusted[position], rule, design !== undefined),
        ...(gate ? { gated: gate.has(cellKeyId(cell.cell)) } : {}),
    }));
    const only = (entries: Map<string, ReportMeasurement>, other: Map<string, ReportMeasurement>): ComparisonCell[] =>
        [...entries].filter(([id]) => !other.has(id)).map(([, entry]) => cellOf(entry));
    // Since issue 54 (the design records its test), each gated cell's processes get a CPU verdict of their own.
    const cpuGated = design?.test === undefined ? undefined
        : new Set(cells.filter(cell => cell.gated !== false).map(cell => cellName(cell)));
    const cpu = sides ? compareCpu([...before].filter(([id]) => after.has(id)).map(([id, entry]) => ({
        cellName: cellName(cellOf(entry)), baseline: entry.measurement, current: after.get(id)!.measurement,
    })), rule, cpuGated) : undefined;
    return {
        alpha: rule.alpha, noiseThreshold: rule.noiseThreshold, minSize: rule.minSize, cells,
        baselineOnly: only(before, after), currentOnly: only(after, before), ...(sides ? { paired: sides } : {}),
        ...(cpu && cpu.tested > 0 ? { cpu } : {}),
    };
}

/**
 * The rule a comparison decides with: the one its alternated run recorded (`rule`, or for runs before it was recorded
 * the sequential design's alpha and threshold), else the options, else the defaults.
 */
export function comparisonRule(base: ComparisonSide | undefined, options: RunComparisonOptions = {}): VerdictRule & { readonly minSize: string } {
    const recorded = base?.rule ?? base?.sequential;
    const flagThreshold = base?.sequential?.flagThreshold;
    return {
        ...validVerdictRule({
            alpha: recorded?.alpha ?? options.alpha ?? DEFAULT_VERDICT_RULE.alpha,
            noiseThreshold: recorded?.noiseThreshold ?? options.noiseThreshold ?? DEFAULT_VERDICT_RULE.noiseThreshold,
            ...(flagThreshold === undefined ? {} : { flagThreshold }),
        }),
        minSize: base?.rule?.minSize ?? options.minSize ?? FIXTURE_SIZE_LABELS[0],
    };
}

/**
 * The targets a comparison compares: the fixture sizes from `minSize` up, every generated tree (`--suite trees`) and the
 * write burst (`--suite writes`); not the small files (`1000 files`), which a run's reads do not decide on.
 */
function comparedTargets(minSize: string): Set<string> {
    const fromIndex = FIXTURE_SIZE_LABELS.indexOf(minSize);
    if (fromIndex < 0) {
        throw new Error(`Unknown size ${minSize}: use one of ${FIXTURE_SIZE_LABELS.join(', ')}.`);
    }
    return new Set<string>([...FIXTURE_SIZE_LABELS.slice(fromIndex), ...TREE_SIZE_LABELS.map(treeTargetLabel), burstTargetLabel()]);
}

/** A cell's evidence, before the p-values of all cells are adjusted together. */
interface MeasuredCell {
    readonly cell: ComparisonCell;
    readonly baseline: MedianEstimate;
    readonly current: MedianEstimate;
    readonly change: Change & { readonly pairRatios?: readonly number[] };
    readonly unit: CellChange['unit'];
    readonly rounds?: { readonly baseline: number; readonly current: number };
    readonly sequential?: SequentialOutcome;
}

/** The pairs of an alternated run, else the rounds of two runs measured in rounds, else every sample. */
function measureCell(entry: ReportMeasurement, other: ReportMeasurement, sides: PairedSides | undefined, rule: VerdictRule): MeasuredCell {
    const baselineSamples = entry.measurement.samplesMs;
    const currentSamples = other.measurement.samplesMs;
    const baselineRounds = roundsOf(entry.measurement);
    const currentRounds = roundsOf(other.measurement);
    const common = { cell: cellOf(entry), baseline: medianEstimate(baselineSamples), current: medianEstimate(currentSamples) };
    const options = { alpha: rule.alpha };
    if (sides && baselineRounds && currentRounds && baselineRounds.length === currentRounds.length) {
        return { ...common, change: pairedChange(baselineRounds, currentRounds, options), unit: 'pairs' };
    }
    if (baselineRounds && currentRounds) {
        return { ...common, change: roundsChange(baselineRounds, currentRounds, options), unit: 'rounds',
            rounds: { baseline: baselineRounds.length, current: currentRounds.length } };
    }
    return { ...common, change: detectChange(baselineSamples, currentSamples, options), unit: 'samples' };
}

/**
 * A cell's verdict: its deciding look's, when it was sampled until resolved (the design, not an adjustment, keeps the
 * false-alarm rate, so `adjustedPValue` is `pValue`); else the rule on its interval and adjusted p-value.
 */
function decideCell(measured: MeasuredCell, adjustedPValue: number, rule: VerdictRule, sampledUntilResolved: boolean): CellChange {
    const { cell, baseline, current, change, unit, rounds, sequential } = measured;
    const common = { ...cell, baseline, current, unit, ...(rounds ? { rounds } : {}), ...(change.pairRatios ? { pairRatios: change.pairRatios } : {}) };
    if (sequential) {
        return {
            ...common, ratio: { ratio: sequential.decision.ratio, ...sequential.decision.interval }, pValue: change.pValue, adjustedPValue: change.pValue,
            verdict: sequential.verdict, smallestDetectable: smallestDetectableChange(sequential.decision.interval, rule.noiseThreshold),
            sequential: { pairs: sequential.pairs, nominalAlpha: sequential.decision.look.nominalAlpha },
        };
    }
    return {
        ...common, ratio: { ratio: change.ratio, low: change.low, high: change.high }, pValue: change.pValue, adjustedPValue,
        // Sampled until resolved but stopped before the design's first look: nothing was looked at, nothing is decided.
        verdict: sampledUntilResolved && unit === 'pairs' ? 'inconclusive' : changeVerdict(change, adjustedPValue, rule),
        smallestDetectable: smallestDetectableChange(change, rule.noiseThreshold),
    };
}

/**
 * The paired cells' recorded pair ratios run through the design again, all cells together (with a run-level correction
 * a cell's level depends on how many others were flagged before it): by position, the look that decided each cell, or
 * the last it reached; a cell that stopped before the first look has none.
 */
function replayLooks(design: SequentialRunDesign, measured: readonly MeasuredCell[]): Map<number, SequentialOutcome> {
    const paired = measured.flatMap((cell, position) => cell.unit === 'pairs' && cell.change.pairRatios
        ? [{ key: cellKeyId(cell.cell), position, ratios: cell.change.pairRatios }] : []);
    if (paired.length === 0) {
        return new Map();
    }
    const outcomes = replayGatedRun(design, paired);
    return new Map(paired.flatMap(cell => (outcomes.has(cell.key) ? [[cell.position, outcomes.get(cell.key)!] as const] : [])));
}

/** The base and head side of one alternated run. */
export interface PairedSides {
    readonly base: ComparisonSide;
    readonly head: ComparisonSide;
}

/**
 * The two sides of one alternated run (`yarn bench --compare`), when every baseline document is its base and every
 * current document its head; else undefined (two separate runs).
 */
export function pairedSides(baseline: readonly ResultsDocument[], current: readonly ResultsDocument[]): PairedSides | undefined {
    const base = baseline[0]?.comparison;
    const head = current[0]?.comparison;
    if (!base || !head || base.side !== 'base' || head.side !== 'head' || base.id !== head.id || base.positions.length !== head.positions.length) {
        return undefined;
    }
    const same = (documents: readonly ResultsDocument[], side: ComparisonSide): boolean => documents.every(document => document.comparison?.id === side.id && document.comparison.side === side.side);
    return same(baseline, base) && same(current, head) ? { base, head } : undefined;
}

/** A merged row's samples split into its rounds, when it has at least two; else undefined. */
function roundsOf(measurement: Measurement): number[][] | undefined {
    if (!measurement.rounds || measurement.rounds.length < 2) {
        return undefined;
    }
    return blocksOf(measurement.samplesMs, measurement.rounds);
}

function cellOf(entry: ReportMeasurement): ComparisonCell {
    return { host: entry.host, hostLabel: entry.hostLabel, scenarioId: entry.measurement.scenario.id, target: entry.measurement.targetLabel };
}

function medianEstimate(samplesMs: readonly number[]): MedianEstimate {
    return { medianMs: median(samplesMs), intervalMs: medianInterval(samplesMs, CONFIDENCE_LEVEL), sampleCount: samplesMs.length };
}

/** How many cells got each verdict. */
export function verdictCounts(comparison: RunComparison): Record<Verdict, number> {
    const counts: Record<Verdict, number> = { 'slower': 0, 'faster': 0, 'no change': 0, 'inconclusive': 0 };
    for (const cell of comparison.cells) {
        counts[cell.verdict] += 1;
    }
    return counts;
}

/** What `--check` decides: it fails on "slower" cells only ("inconclusive" never fails it). */
export interface ComparisonCheck {
    readonly passed: boolean;
    readonly slowerCells: CellChange[];
    readonly message: string;
}

/**
 * `--check`'s verdict on wall time: failed when a cell that gates is slower. Without a gate every cell gates; with one
 * (`--gate`), a slower cell outside it is reported and named, never fails the check.
 */
export function checkRunComparison(comparison: RunComparison): ComparisonCheck {
    const gating = comparison.cells.filter(cell => cell.gated !== false);
    const slowerCells = gating.filter(cell => cell.verdict === 'slower');
    const of = gating.length === comparison.cells.length ? `${comparison.cells.length}` : `${gating.length} gated (of ${comparison.cells.length})`;
    const outside = comparison.cells.filter(cell => cell.gated === false && cell.verdict === 'slower');
    const reported = outside.length > 0 ? ` Not gated, reported only: ${outside.map(cell => `${cellName(cell)} slower (ratio ${formatRatioInterval(cell.ratio)})`).join('; ')}.` : '';
    if (slowerCells.length === 0) {
        return { passed: true, slowerCells, message: `Check passed: no cell of ${of} is slower.${reported}` };
    }
    const named = slowerCells.map(cell => `${cellName(cell)} (ratio ${formatRatioInterval(cell.ratio)})`);
    return { passed: false, slowerCells, message: `Check failed: ${slowerCells.length} of ${of} cells slower: ${named.join('; ')}.${reported}` };
}

/** `Host | scenario | size`. */
export function cellName(cell: ComparisonCell): string {
    return `${cell.hostLabel} | ${cell.scenarioId} | ${cell.target}`;
}
