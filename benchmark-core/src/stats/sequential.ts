import { Interval } from './median-interval';
import { normalCdf, normalDensity, normalQuantile } from './normal';
import { PairedTest, pairedEstimateBy, walshRank } from './paired';
import { decideVerdict, Verdict, verdictRuleOf } from './verdict';

/**
 * Sampling until a cell is resolved, without the false alarms of looking again and again.
 *
 * A paired comparison that is looked at after every few pairs and stopped at the first significant look raises far
 * more false alarms than its nominal 5% (about 20% over ten looks). fs-perf uses a group-sequential design: the looks
 * fall at planned pair counts up to a most (`maxPairs`, what the time budget allows), and the 5% is spent over them
 * with the Lan-DeMets spending function of O'Brien-Fleming type, alpha(t) = 2 - 2 Phi(z(1 - alpha/2) / sqrt(t)), t the
 * share of `maxPairs` reached. Each look's boundary is computed exactly for a statistic that grows like Brownian
 * motion (the standardised signed-rank statistic of the pairs' log ratios does), by recursive numerical integration
 * (Armitage, McPherson and Rowe), so that P(any look crosses | no change) = alpha. At a look the pairs' Hodges-Lehmann
 * interval is taken at the look's nominal level and decided by the one verdict rule (stats/verdict.ts) at that level; a
 * cell it calls inconclusive keeps sampling, and ends inconclusive at the last look.
 * Early looks spend almost nothing (their boundaries are wide), so a cell stops early only on a clear difference,
 * and the last look is tested at nearly the fixed-sample level. This holds the rate for one cell; sequential-run.ts
 * shares it among a run's cells, so that it holds for the run.
 */

/** What a sequential comparison of one cell is planned with. */
export interface SequentialDesign {
    /** The false-alarm rate over all looks together (default: the verdict rule's, DEFAULT_VERDICT_RULE). */
    readonly alpha?: number;
    /** A change within this fraction either way counts as "no change" (default: the verdict rule's). */
    readonly noiseThreshold?: number;
    /** Pairs at the first look (at least 6; default 8). */
    readonly minPairs?: number;
    /** Pairs added between two looks (default 4). */
    readonly lookEvery?: number;
    /** The most pairs a cell may take: the last look (what the time budget allows). */
    readonly maxPairs: number;
    /** How a look tests a cell's pairs (absent: the exact signed-rank test, as in the runs made before issue 54). */
    readonly test?: PairedTest;
    /** How far a significant estimate must lie from 1 to flag (absent: the noise threshold; see VerdictRule). */
    readonly flagThreshold?: number;
}

/** Whether a look after `pairs` pairs can reach `level` with the design's test: the signed-rank test of few pairs cannot. */
export function lookCanDecide(design: Pick<SequentialDesign, 'test'>, pairs: number, level: number): boolean {
    return design.test === 't' ? pairs >= 2 : walshRank(pairs, level) !== undefined;
}

/** One planned look: after `pairs` pairs, its boundary (a standard normal z) and the two-sided nominal level it tests at. */
export interface SequentialLook {
    readonly pairs: number;
    /** The standardised statistic's boundary: crossing it at this look (and at no earlier one) has probability `spent`. */
    readonly boundary: number;
    /** 2 (1 - Phi(boundary)): the significance level of this look's test on its own. */
    readonly nominalAlpha: number;
    /** The part of alpha this look spends. */
    readonly spent: number;
}

/** The pair counts of the looks: `minPairs`, then every `lookEvery`, and `maxPairs` last. */
export function lookPairs(design: SequentialDesign): number[] {
    const first = design.minPairs ?? 8;
    const every = design.lookEvery ?? 4;
    if (!(Number.isInteger(first) && first >= 6)) {
        throw new RangeError(`A sequential comparison needs at least 6 pairs at its first look, not ${first}.`);
    }
    if (!(Number.isInteger(every) && every >= 1)) {
        throw new RangeError(`Looks must be a whole number of pairs apart (1 or more), not ${every}.`);
    }
    if (!(Number.isInteger(design.maxPairs) && design.maxPairs >= first)) {
        throw new RangeError(`The most pairs (${design.maxPairs}) must be a whole number no smaller than the first look's ${first}.`);
    }
    const pairs: number[] = [];
    for (let count = first; count < design.maxPairs; count += every) {
        pairs.push(count);
    }
    pairs.push(design.maxPairs);
    return pairs;
}

/** The alpha spent by information fraction `t` (0 < t <= 1): the Lan-DeMets function of O'Brien-Fleming type. */
export function obrienFlemingSpending(t: number, alpha: number): number {
    if (t <= 0) {
        return 0;
    }
    const z = normalQuantile(1 - alpha / 2);
    return Math.min(alpha, 2 * (1 - normalCdf(z / Math.sqrt(Math.min(1, t)))));
}

/** Points of the grid a look's continuation density is kept on (Simpson's rule; odd). */
const GRID_POINTS = 401;

/**
 * The boundaries of two-sided looks at information fractions `fractions` (increasing, the last 1 or less) spending
 * `alpha` by `spending`: look k's boundary c_k makes P(|Z_1| < c_1, ..., |Z_k-1| < c_k-1, |Z_k| >= c_k) equal to the
 * spending added since look k - 1, Z_k = S(t_k) / sqrt(t_k) for a standard Brownian motion S.
 */
export function groupSequentialBoundaries(fractions: readonly number[], alpha: number,
    spending: (t: number, alpha: number) => number = obrienFlemingSpending): { boundary: number; spent: number }[] {
    if (fractions.length === 0 || fractions.some((t, index) => !(t > 0 && t <= 1) || (index > 0 && t <= fractions[index - 1]))) {
        throw new RangeError('Look fractions must increase within (0, 1].');
    }
    const looks: { boundary: number; spent: number }[] = [];
    // The density of S(t_k) on paths that crossed no boundary yet, on a grid over (-c_k sqrt(t_k), c_k sqrt(t_k)).
    let grid: Float64Array | undefined;
    let density: Float64Array | undefined;
    let previousT = 0;
    let spentSoFar = 0;
    for (const t of fractions) {
        const target = Math.max(0, spending(t, alpha) - spentSoFar);
        const step = t - previousT;
        const sd = Math.sqrt(step);
        // P(cross at this look | boundary c): the mass of S(t) beyond +-c sqrt(t) on surviving paths.
        const crossing = (c: number): number => {
            const edge = c * Math.sqrt(t);
            if (!grid || !density) {
                return 2 * (1 - normalCdf(c));
            }
            const tail = new Float64Array(grid.length);
            for (let i = 0; i < grid.length; i++) {
                tail[i] = density[i] * ((1 - normalCdf((edge - grid[i]) / sd)) + normalCdf((-edge - grid[i]) / sd));
            }
            return simpson(tail, grid[1] - grid[0]);
        };
        let boundary: number;
        if (target <= 1e-15) {
            boundary = 40;
        } else {
            let low = 0;
            let high = 40;
            for (let iteration = 0; iteration < 100; iteration++) {
                const middle = (low + high) / 2;
                if (crossing(middle) > target) {
                    low = middle;
                } else {
                    high = middle;
                }
            }
            boundary = (low + high) / 2;
        }
        const spent = crossing(boundary);
        looks.push({ boundary, spent });
        spentSoFar += spent;
        // The next look's continuation density: survivors at this look, moved on by the increment to the next.
        const edge = Math.min(boundary, 12) * Math.sqrt(t);
        const nextGrid = new Float64Array(GRID_POINTS);
        const nextDensity = new Float64Array(GRID_POINTS);
        for (let i = 0; i < GRID_POINTS; i++) {
            nextGrid[i] = -edge + (2 * edge * i) / (GRID_POINTS - 1);
        }
        for (let i = 0; i < GRID_POINTS; i++) {
            if (!grid || !density) {
                nextDensity[i] = normalDensity(nextGrid[i] / Math.sqrt(t)) / Math.sqrt(t);
                continue;
            }
            const integrand = new Float64Array(grid.length);
            for (let j = 0; j < grid.length; j++) {
                integrand[j] = density[j] * normalDensity((nextGrid[i] - grid[j]) / sd) / sd;
            }
            nextDensity[i] = simpson(integrand, grid[1] - grid[0]);
        }
        grid = nextGrid;
        density = nextDensity;
        previousT = t;
    }
    return looks;
}

function simpson(values: Float64Array, spacing: number): number {
    let sum = values[0] + values[values.length - 1];
    for (let i = 1; i < values.length - 1; i++) {
        sum += values[i] * (i % 2 === 1 ? 4 : 2);
    }
    return (sum * spacing) / 3;
}

/**
 * The looks of a design, each with its boundary and nominal level. A planned look whose level the exact signed-rank
 * test of that many pairs cannot reach (its smallest two-sided p-value, 2 / 2^pairs, is above the level: an early look
 * of a long design, e.g. 8 pairs of 40) could decide nothing and would only use up alpha; it is left out and the
 * boundaries are spent over the looks that remain. Which looks remain depends on the design alone, never on the data,
 * so the false-alarm rate holds; the last look is always kept.
 */
export function sequentialLooks(design: SequentialDesign): SequentialLook[] {
    let pairs = lookPairs(design);
    for (;;) {
        const looks = looksSpending(pairs, design.maxPairs, verdictRuleOf(design).alpha);
        const idle = looks.findIndex((look, index) => index < looks.length - 1 && !lookCanDecide(design, look.pairs, 1 - look.nominalAlpha));
        if (idle === -1) {
            return looks;
        }
        pairs = pairs.filter((_, index) => index !== idle);
    }
}

/** Looks after `pairs` pairs (increasing, the last at most `maxPairs`) spending `alpha` over them, each with its boundary and nominal level. */
export function looksSpending(pairs: readonly number[], maxPairs: number, alpha: number): SequentialLook[] {
    const boundaries = groupSequentialBoundaries(pairs.map(count => count / maxPairs), alpha);
    return pairs.map((count, index) => ({
        pairs: count,
        boundary: boundaries[index].boundary,
        nominalAlpha: 2 * (1 - normalCdf(boundaries[index].boundary)),
        spent: boundaries[index].spent,
    }));
}

/** What one look at a cell's pairs says. */
export interface SequentialDecision {
    /** Inconclusive before the last look: the cell stays open and takes more pairs. */
    readonly verdict: Verdict;
    /** Hodges-Lehmann estimate of the ratio (head / base) and its interval at the look's nominal level. */
    readonly ratio: number;
    readonly interval: Interval;
    readonly look: SequentialLook;
}

/**
 * One look at a cell's pair ratios (head / base, one per pair, in pair order): the interval at the look's nominal level,
 * decided by {@link decideVerdict} at that level. Too few pairs for an interval at the level (the exact signed-rank test
 * cannot reach it) decide nothing.
 */
export function sequentialDecision(ratios: readonly number[], look: SequentialLook,
    design: Pick<SequentialDesign, 'noiseThreshold' | 'flagThreshold' | 'test'> = {}): SequentialDecision {
    if (ratios.length < look.pairs) {
        throw new RangeError(`A look planned after ${look.pairs} pairs got ${ratios.length}.`);
    }
    const level = 1 - look.nominalAlpha;
    const estimate = pairedEstimateBy(design.test ?? 'signed-rank', ratios, level);
    const enough = lookCanDecide(design, ratios.length, level);
    const rule = verdictRuleOf({ ...design, alpha: look.nominalAlpha });
    const verdict = decideVerdict({ ...estimate, enough }, rule);
    return { verdict, ratio: estimate.ratio, interval: { low: estimate.low, high: estimate.high }, look };
}

/** How a sequential comparison of one cell ended. */
export interface SequentialOutcome {
    /** "inconclusive" when the last look (or the pairs there were) left it open. */
    readonly verdict: Verdict;
    readonly pairs: number;
    readonly decision: SequentialDecision;
}

/**
 * Runs the design over pairs as they come (`nextRatio` gives the next pair's ratio, or undefined when the budget is
 * spent): looks at each planned count, stops at the first decided look. With the budget spent before `maxPairs`, the
 * last look taken decides at its own (stricter) level, and an open cell is inconclusive, never "no change".
 */
export function runSequential(design: SequentialDesign, nextRatio: () => number | undefined,
    looks: readonly SequentialLook[] = sequentialLooks(design)): SequentialOutcome {
    const ratios: number[] = [];
    let last: SequentialDecision | undefined;
    for (const look of looks) {
        while (ratios.length < look.pairs) {
            const ratio = nextRatio();
            if (ratio === undefined) {
                return closed(last, ratios.length);
            }
            ratios.push(ratio);
        }
        last = sequentialDecision(ratios, look, design);
        if (last.verdict !== 'inconclusive') {
            return { verdict: last.verdict, pairs: ratios.length, decision: last };
        }
    }
    return closed(last, ratios.length);
}

function closed(last: SequentialDecision | undefined, pairs: number): SequentialOutcome {
    if (!last) {
        throw new RangeError(`The budget ended after ${pairs} pairs, before the first look.`);
    }
    return { verdict: last.verdict, pairs, decision: last };
}
