import { CaseCpu, CpuClock } from '../measure/cpu';
import { Measurement } from '../results/schema';
import { RatioEstimate } from '../stats/bootstrap';
import { changeVerdict, MINIMUM_PAIRS } from '../stats/change';
import { pairedEstimate, pairedMeanEstimate } from '../stats/paired';
import { median } from '../stats/statistics';
import { decideVerdict, Verdict, VerdictRule } from '../stats/verdict';

/**
 * CPU time per read, per process, of the two sides of one alternated run (`yarn bench --compare`), paired block by block
 * as the wall time is: each block's CPU pass (its call repeated, untimed, after the block's timed samples, between two
 * readings of each process's CPU time: nanoseconds from the kernel's schedstat where it can be read) gives each process's
 * CPU ms per call. A cell is decided on its total, the sum over the processes both sides read in every block: block `i`
 * of the head over block `i` of the base is a pair's ratio; the pairs' Hodges-Lehmann ratio, its signed-rank interval and
 * p-value decide it with the one verdict rule, the run's alpha shared by Holm across the cells, as for the wall time.
 * Each process's own ratio is shown with its interval at the cell's level, to say which process moved; it gets no verdict
 * of its own in the runs before issue 54 (with 45 figures sharing 5%, 10 pairs could not decide any: the signed-rank test's
 * smallest p-value with n pairs is 2^(1-n)); since then a gated cell's processes each get a verdict (see
 * {@link CpuProcessChange.verdict}), and a slower one fails `--check`. A cell's total does not decide `--check`.
 */

/** One process's share of a cell's CPU per read. */
export interface CpuProcessChange {
    readonly process: string;
    /** Median over blocks of CPU ms per call. */
    readonly baselineMsPerCall: number;
    readonly currentMsPerCall: number;
    /**
     * Head / base, Hodges-Lehmann, with its interval at the cell's level; absent when the process used under
     * {@link NEGLIGIBLE_PROCESS_SHARE} of the cell's CPU on both sides, where a ratio of next to nothing says nothing.
     */
    readonly ratio?: RatioEstimate;
    /**
     * In a gated cell of a run since issue 54 (its design records its test): this process's own verdict, its CPU per read
     * paired block by block and decided by the paired t-test at its share of the run's alpha, shared by Holm over every
     * gated cell's processes above the floor ({@link CPU_VERDICT_FLOOR_MS}). A slower process fails `--check`: a change of
     * work in one process moves that process's CPU far more than the cell's wall time or its total (issue 54's held-out
     * change: 2.5 [1.7, 3.3] in its process, 1.05 [0.97, 1.30] in the total).
     */
    readonly verdict?: Verdict;
    /** With a verdict: the interval's level's complement, the process's share of the run's alpha. */
    readonly nominalAlpha?: number;
}

/** A gated cell's process below this CPU per read (median, on both sides), ms, gets no verdict: a clock's tick is 10 ms. */
export const CPU_VERDICT_FLOOR_MS = 1;

/** A process below this share of a cell's CPU per read (median, on both sides) gets no ratio of its own. */
export const NEGLIGIBLE_PROCESS_SHARE = 0.02;

/** A cell's CPU per read (all the processes both sides read), base against head. */
export interface CpuChange {
    /** The cell, as the wall-time comparison names it (`Host | scenario | size`). */
    readonly cellName: string;
    /** The coarsest clock of its processes' readings: `ticks`, else `rusage` (microseconds), else `schedstat` (absent: readings made before clocks were recorded). */
    readonly clock?: CpuClock;
    /** Median over blocks of the processes' CPU ms per call, added up. */
    readonly baselineMsPerCall: number;
    readonly currentMsPerCall: number;
    readonly pairRatios: readonly number[];
    /** Head / base of the total, Hodges-Lehmann, with its interval at level `1 - nominalAlpha`. */
    readonly ratio: RatioEstimate;
    readonly pValue: number;
    /** The cell's share of the run's alpha under Holm. */
    readonly nominalAlpha: number;
    readonly verdict: Verdict;
    readonly processes: CpuProcessChange[];
}

/** A cell measured on both sides: its name and each side's merged row (with `cpuRounds`, one CPU pass per block). */
export interface CpuCellInput {
    readonly cellName: string;
    readonly baseline: Measurement;
    readonly current: Measurement;
}

/** The CPU comparison of a run: every cell both sides gave a CPU pass in every block, decided together. */
export interface CpuComparison {
    readonly changes: CpuChange[];
    /** How many cells shared the run's alpha. */
    readonly tested: number;
}

type ProcessValues = Map<string, { clock?: CpuClock; values: number[] }>;

/** Per process, CPU ms per call in each block, for processes read in every block from one clock with some CPU used. */
function perCallByProcess(blocks: readonly CaseCpu[]): ProcessValues {
    const found: ProcessValues = new Map();
    blocks.forEach((block, index) => {
        for (const reading of block.processes) {
            const entry = found.get(reading.process) ?? (index === 0 ? { clock: reading.clock, values: [] } : undefined);
            if (entry && entry.values.length === index && entry.clock === reading.clock) {
                entry.values.push(reading.cpuMs / block.calls);
                found.set(reading.process, entry);
            }
        }
    });
    return new Map([...found].filter(([, entry]) => entry.values.length === blocks.length && entry.values.every(value => value > 0)));
}

interface PairedCpu {
    readonly cellName: string;
    readonly clock?: CpuClock;
    /** Per block, the processes' total; then per process, its blocks. */
    readonly base: readonly number[];
    readonly head: readonly number[];
    readonly processes: readonly { process: string; base: readonly number[]; head: readonly number[] }[];
    readonly pairRatios: number[];
    readonly pValue: number;
}

/** A cell's processes that both sides read in every block from one clock, their totals per block and the pairs' ratios. */
function pairedCpu(input: CpuCellInput): PairedCpu[] {
    const base = input.baseline.cpuRounds;
    const head = input.current.cpuRounds;
    if (!base || !head || base.length !== head.length || base.length < MINIMUM_PAIRS) {
        return [];
    }
    const headByProcess = perCallByProcess(head);
    const processes = [...perCallByProcess(base)].flatMap(([process, before]) => {
        const after = headByProcess.get(process);
        return after && after.clock === before.clock ? [{ process, clock: before.clock, base: before.values, head: after.values }] : [];
    });
    if (processes.length === 0) {
        return [];
    }
    const total = (side: 'base' | 'head'): number[] => base.map((_, block) => processes.reduce((sum, entry) => sum + entry[side][block], 0));
    const [baseTotal, headTotal] = [total('base'), total('head')];
    const pairRatios = baseTotal.map((value, index) => headTotal[index] / value);
    const clock = coarsestClock(processes.map(entry => entry.clock));
    return [{
        cellName: input.cellName, ...(clock ? { clock } : {}), base: baseTotal, head: headTotal, pairRatios, pValue: pairedEstimate(pairRatios).pValue,
        processes: processes.map(({ process, base: before, head: after }) => ({ process, base: before, head: after })),
    }];
}

/** The coarsest of the processes' clocks (ticks, then Node's microseconds, then nanoseconds); undefined if any was unrecorded. */
function coarsestClock(clocks: readonly (CpuClock | undefined)[]): CpuClock | undefined {
    if (clocks.some(clock => clock === undefined)) {
        return undefined;
    }
    return (['ticks', 'rusage', 'schedstat'] as const).find(clock => clocks.includes(clock));
}

/** A cell decided at `level`: its total's verdict, and each process's ratio with its interval at that level. */
function decideCell(cell: PairedCpu, level: number, rule: VerdictRule): CpuChange {
    const estimate = pairedEstimate(cell.pairRatios, 1 - level);
    return {
        cellName: cell.cellName, ...(cell.clock ? { clock: cell.clock } : {}),
        baselineMsPerCall: median(cell.base), currentMsPerCall: median(cell.head), pairRatios: cell.pairRatios,
        ratio: { ratio: estimate.ratio, low: estimate.low, high: estimate.high }, pValue: estimate.pValue, nominalAlpha: level,
        verdict: changeVerdict(estimate, estimate.pValue, { alpha: level, noiseThreshold: rule.noiseThreshold }),
        processes: cell.processes.map(({ process, base, head }) => processChange(process, base, head, cell, level)),
    };
}

/** One process of a cell: its medians, and its ratio at the cell's level unless it used a negligible share on both sides. */
function processChange(process: string, base: readonly number[], head: readonly number[], cell: PairedCpu, level: number): CpuProcessChange {
    const [baselineMsPerCall, currentMsPerCall] = [median(base), median(head)];
    if (baselineMsPerCall < NEGLIGIBLE_PROCESS_SHARE * median(cell.base) && currentMsPerCall < NEGLIGIBLE_PROCESS_SHARE * median(cell.head)) {
        return { process, baselineMsPerCall, currentMsPerCall };
    }
    const share = pairedEstimate(base.map((value, index) => head[index] / value), 1 - level);
    return { process, baselineMsPerCall, currentMsPerCall, ratio: { ratio: share.ratio, low: share.low, high: share.high } };
}

/**
 * Compares the CPU per read of every cell both sides gave a CPU pass in every block (at least {@link MINIMUM_PAIRS}
 * pairs): Holm's step-down over the cells' p-values in ascending order, the k-th tested at alpha / (m - k + 1) until one
 * is not significant (its interval holds 1, or its p-value is not below the level); each verdict decided at its level
 * (those after the stop at the stopping level, where none can be significant, so they read "no change" or "inconclusive").
 */
export function compareCpu(cells: readonly CpuCellInput[], rule: VerdictRule, gated?: ReadonlySet<string>): CpuComparison {
    const paired = cells.flatMap(pairedCpu);
    const order = paired.map((_, index) => index).sort((a, b) => paired[a].pValue - paired[b].pValue);
    const changes = new Array<CpuChange>(paired.length);
    let stopped = false;
    let level = rule.alpha / Math.max(1, paired.length);
    order.forEach((index, rank) => {
        if (!stopped) {
            level = rule.alpha / (paired.length - rank);
        }
        changes[index] = decideCell(paired[index], level, rule);
        // Holm stops at the first cell it cannot reject (a significant change within the threshold is still rejected).
        const { ratio } = changes[index];
        stopped ||= !((ratio.low > 1 || ratio.high < 1) && changes[index].pValue < level);
    });
    return { changes: gated ? withProcessVerdicts(changes, paired, rule, gated) : changes, tested: paired.length };
}

/**
 * Each gated cell's processes above {@link CPU_VERDICT_FLOOR_MS} decided on their own: the paired t-test of their CPU per
 * read, Holm's step-down over all of them at the run's alpha, each verdict by the one rule at its level.
 */
function withProcessVerdicts(changes: readonly CpuChange[], paired: readonly PairedCpu[], rule: VerdictRule, gated: ReadonlySet<string>): CpuChange[] {
    const tested = paired.flatMap((cell, cellIndex) => gated.has(cell.cellName) ? cell.processes.flatMap(entry =>
        median(entry.base) >= CPU_VERDICT_FLOOR_MS || median(entry.head) >= CPU_VERDICT_FLOOR_MS
            ? [{ cellIndex, process: entry.process, ratios: entry.base.map((value, block) => entry.head[block] / value) }] : []) : []);
    const estimates = tested.map(entry => pairedMeanEstimate(entry.ratios));
    const order = tested.map((_, index) => index).sort((a, b) => estimates[a].pValue - estimates[b].pValue);
    const decided = new Map<string, { verdict: Verdict; level: number; estimate: RatioEstimate }>();
    let stopped = false;
    let level = rule.alpha / Math.max(1, tested.length);
    order.forEach((index, rank) => {
        if (!stopped) {
            level = rule.alpha / (tested.length - rank);
        }
        const estimate = pairedMeanEstimate(tested[index].ratios, 1 - level);
        const verdict = decideVerdict({ ...estimate, enough: tested[index].ratios.length >= MINIMUM_PAIRS }, { ...rule, alpha: level });
        decided.set(`${tested[index].cellIndex}|${tested[index].process}`, { verdict, level, estimate: { ratio: estimate.ratio, low: estimate.low, high: estimate.high } });
        stopped ||= !(estimate.low > 1 || estimate.high < 1);
    });
    return changes.map((change, cellIndex) => ({
        ...change,
        processes: change.processes.map(process => {
            const own = decided.get(`${cellIndex}|${process.process}`);
            return own ? { ...process, ratio: own.estimate, verdict: own.verdict, nominalAlpha: own.level } : process;
        }),
    }));
}

/** A gated cell's process whose CPU per read is slower, for `--check` and its message. */
export interface SlowerProcess {
    readonly cellName: string;
    readonly process: string;
    readonly ratio: RatioEstimate;
}

/** The processes of a run's CPU comparison called slower (only a gated cell's process has a verdict). */
export function slowerProcesses(cpu: CpuComparison | undefined): SlowerProcess[] {
    return (cpu?.changes ?? []).flatMap(change => change.processes.flatMap(process =>
        process.verdict === 'slower' && process.ratio ? [{ cellName: change.cellName, process: process.process, ratio: process.ratio }] : []));
}
