import * as fs from 'fs';
import * as path from 'path';
import { ResultsDocument } from '../results/schema';
import { blocksOf } from '../results/rounds';
import { adjustPValues, changeVerdict } from '../stats/change';
import { pairedEstimate, pairRatios } from '../stats/paired';
import { decideLook, SequentialRunPlan } from '../stats/sequential-run';
import { median } from '../stats/statistics';
import { Verdict } from '../stats/verdict';
import { repositoryRoot } from './repository';

/**
 * Whole `--compare --budget` runs simulated over the noise of the committed runs: the statistics the bench applies at
 * each look, fed with pairs drawn from a committed run's own pairs.
 */

/** A committed run's pairs: per pair, every cell's log ratio, each cell centred on its median (no change, the run's own noise). */
export interface CommittedPairs {
    readonly run: string;
    /** `scenario size`, e.g. `vscode.workspace.fs.readFile 10000K`, in the run's order. */
    readonly cells: readonly string[];
    readonly pairs: readonly (readonly number[])[];
}

/** Where the committed runs' samples are kept for the simulations (test-data/compare-runs/README.md says from which runs). */
export const COMMITTED_RUNS = path.join(repositoryRoot(), 'benchmark-core', 'test-data', 'compare-runs');

/**
 * The pairs of the committed run `compare-<run>` (its sides' samples, kept in {@link COMMITTED_RUNS}), as many as every
 * cell has (a cell resolved early took fewer: the pairs all cells share are the first ones).
 */
export function committedPairs(run: string): CommittedPairs {
    const folder = path.join(COMMITTED_RUNS, `compare-${run}`);
    const read = (side: string): ResultsDocument => JSON.parse(fs.readFileSync(path.join(folder, `${side}.json`), 'utf8'));
    const base = read('base');
    const head = read('head');
    const logs = base.results.map(row => {
        const other = head.results.find(candidate => candidate.scenario.id === row.scenario.id && candidate.targetLabel === row.targetLabel)!;
        return pairRatios(blocksOf(row.samplesMs, row.rounds ?? []), blocksOf(other.samplesMs, other.rounds ?? [])).map(Math.log);
    });
    const shared = Math.min(...logs.map(cell => cell.length));
    const centres = logs.map(cell => median(cell.slice(0, shared)));
    return {
        run,
        cells: base.results.map(row => `${row.scenario.id} ${row.targetLabel}`),
        pairs: Array.from({ length: shared }, (_, pair) => logs.map((cell, index) => cell[pair] - centres[index])),
    };
}

/**
 * The next pair of a simulated run: one of the committed pairs drawn with replacement, with a random sign for all its
 * cells together (a pair of identical builds is as likely either way round, and the cells of one pair shared its blocks,
 * so they keep their correlation), times each cell's true ratio.
 */
export function drawPair(committed: CommittedPairs, trueRatios: readonly number[], random: () => number): number[] {
    const pair = committed.pairs[Math.floor(random() * committed.pairs.length)];
    const sign = random() < 0.5 ? -1 : 1;
    return pair.map((log, cell) => Math.exp(sign * log) * trueRatios[cell]);
}

/** Each cell's true ratio: `ratio` for the cells `changed` picks, 1 for the others. */
export function trueRatios(committed: CommittedPairs, changed: (cell: string) => boolean, ratio: number): number[] {
    return committed.cells.map(cell => (changed(cell) ? ratio : 1));
}

/** How a simulated run ended: each cell's verdict, its pair ratios (as a results file would keep them) and the most pairs it took. */
export interface SimulatedRun {
    readonly verdicts: readonly Verdict[];
    readonly ratios: readonly (readonly number[])[];
    readonly pairs: number;
}

/**
 * One run as the bench makes it: pairs drawn until each planned look, the open cells decided together at the look
 * ({@link decideLook}, counting the cells flagged at earlier looks), a resolved cell measured no more.
 */
export function simulateRun(committed: CommittedPairs, plan: SequentialRunPlan, ratios: readonly number[], random: () => number): SimulatedRun {
    const cellRatios: number[][] = committed.cells.map(() => []);
    const verdicts: (Verdict | undefined)[] = committed.cells.map(() => undefined);
    let flagged = 0;
    let drawn = 0;
    plan.looks.forEach((look, index) => {
        // The run ends when no cell is open: its last pairs are those of the look that resolved the last one.
        if (verdicts.every(verdict => verdict !== undefined)) {
            return;
        }
        for (; drawn < look.pairs; drawn++) {
            drawPair(committed, ratios, random).forEach((ratio, cell) => {
                if (verdicts[cell] === undefined) {
                    cellRatios[cell].push(ratio);
                }
            });
        }
        const open = committed.cells.flatMap((key, cell) => (verdicts[cell] === undefined ? [{ key, ratios: cellRatios[cell] }] : []));
        for (const [key, decision] of decideLook(plan, index, open, flagged)) {
            const cell = committed.cells.indexOf(key);
            flagged += decision.verdict === 'slower' || decision.verdict === 'faster' ? 1 : 0;
            if (decision.verdict !== 'inconclusive' || index === plan.looks.length - 1) {
                verdicts[cell] = decision.verdict;
            }
        }
    });
    return { verdicts: verdicts.map(verdict => verdict ?? 'inconclusive'), ratios: cellRatios, pairs: drawn };
}

/**
 * The design `--check` had until issue 37: a first pass sampled until resolved with alpha for each cell alone (`firstPass`), then
 * the sizes of the cells it called slower measured again in a second, independent pass of as many pairs (at least 6),
 * compared as a fixed number of pairs (p-values adjusted over that pass's cells, Benjamini-Hochberg); the check failed
 * only on a cell both passes called slower. Returns the cells that failed it.
 */
export function simulateTwoPassCheck(committed: CommittedPairs, firstPass: SequentialRunPlan, ratios: readonly number[], random: () => number): string[] {
    if (firstPass.design.correction) {
        throw new RangeError('The two-pass check tested each cell at alpha alone: its first pass has no correction.');
    }
    const first = simulateRun(committed, firstPass, ratios, random);
    const design = firstPass.design;
    const slower = committed.cells.filter((_, cell) => first.verdicts[cell] === 'slower');
    if (slower.length === 0) {
        return [];
    }
    const sizeOf = (cell: string): string => cell.slice(cell.lastIndexOf(' ') + 1);
    const sizes = new Set(slower.map(sizeOf));
    const again = committed.cells.filter(cell => sizes.has(sizeOf(cell)));
    const pairs = Array.from({ length: Math.max(6, first.pairs) }, () => drawPair(committed, ratios, random));
    const estimates = again.map(cell => pairedEstimate(pairs.map(pair => pair[committed.cells.indexOf(cell)]), 1 - (design.alpha ?? 0.05)));
    const adjusted = adjustPValues(estimates.map(estimate => estimate.pValue));
    const rule = { alpha: design.alpha ?? 0.05, noiseThreshold: design.noiseThreshold ?? 0.05 };
    return slower.filter(cell => {
        const index = again.indexOf(cell);
        return changeVerdict(estimates[index], adjusted[index], rule) === 'slower';
    });
}
