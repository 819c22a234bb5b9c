import { BisectOracle, BisectRequest } from '../compare/bisect';
import { fewestPairsToDecide, planSequentialRun, SequentialRunPlan } from '../stats/sequential-run';
import { pairedEstimate } from '../stats/paired';
import { CommittedPairs, simulateRun } from './simulated-runs';

/**
 * A bisect's comparisons simulated as the bench makes them: each step a `--compare --budget` run of the followed cell and
 * a floor beside it (decided together, the step's alpha shared by Holm), its pairs drawn from a committed
 * run's own pairs (simulated-runs.ts) times the true ratio of the two builds, and the bisect's cell's verdict read off it.
 */

/**
 * What a step that follows one cell measures (bench's `followedCellScenarios`): the cell and one floor of the same size
 * beside it, the step's alpha shared by the two.
 */
export function followedCellAndFloor(committed: CommittedPairs, cell: string, floor: string): CommittedPairs {
    const kept = [cell, floor].map(name => committed.cells.indexOf(name));
    if (kept.some(index => index < 0)) {
        throw new RangeError(`${cell} or ${floor} is not a cell of ${committed.run}.`);
    }
    return { run: committed.run, cells: kept.map(index => committed.cells[index]), pairs: committed.pairs.map(pair => kept.map(index => pair[index])) };
}

/** A series of builds: each build's true level of the cell (1 for GOOD). */
export function stepSeries(buildCount: number, changeAt: number | undefined, ratio: number): number[] {
    return Array.from({ length: buildCount }, (_, index) => (changeAt !== undefined && index >= changeAt ? ratio : 1));
}

/** Plans by alpha, pairs and cells: their boundaries take a while to compute, and every simulated search asks the same few. */
const PLANS = new Map<string, SequentialRunPlan>();

export interface SimulatedOracle {
    readonly oracle: BisectOracle;
    /** The requests it was asked, in order. */
    readonly requests: BisectRequest[];
}

/**
 * An oracle over `levels` (the true level of the cell per build): a comparison is a simulated run of the cells of one
 * size at the request's alpha with at most `maxPairs` pairs (never fewer than the cells need to decide anything, as the
 * bench's budget planner plans), the ratio's interval at the request's level. `noAlphaSplit`: each step at the run's
 * whole alpha instead (to see the error control fail).
 */
export function simulatedOracle(committed: CommittedPairs, cell: string, levels: readonly number[], maxPairs: number, random: () => number,
    noAlphaSplit?: number): SimulatedOracle {
    const target = committed.cells.indexOf(cell);
    if (target < 0) {
        throw new RangeError(`${cell} is not a cell of ${committed.run}.`);
    }
    const planFor = (alpha: number): SequentialRunPlan => {
        const key = `${alpha} ${maxPairs} ${committed.cells.length}`;
        let plan = PLANS.get(key);
        if (!plan) {
            const design = { alpha, correction: 'holm' as const };
            const pairs = Math.max(maxPairs, fewestPairsToDecide(design, committed.cells.length));
            plan = planSequentialRun({ ...design, maxPairs: pairs }, committed.cells.length);
            PLANS.set(key, plan);
        }
        return plan;
    };
    const requests: BisectRequest[] = [];
    const oracle: BisectOracle = async request => {
        requests.push(request);
        const alpha = noAlphaSplit ?? request.alpha;
        const truth = levels[request.head] / levels[request.base];
        const ratios = committed.cells.map((_, index) => (index === target ? truth : 1));
        const run = simulateRun(committed, planFor(alpha), ratios, random);
        const estimate = pairedEstimate(run.ratios[target], 1 - alpha);
        return { verdict: run.verdicts[target], ratio: estimate.ratio, low: estimate.low, high: estimate.high, pairs: run.ratios[target].length };
    };
    return { oracle, requests };
}
