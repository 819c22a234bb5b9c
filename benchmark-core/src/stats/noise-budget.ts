import { normalQuantile } from './normal';
import { studentTQuantile } from './student-t';
import { pairRatios } from './paired';
import { DEFAULT_VERDICT_RULE } from './verdict';

/**
 * Where the noise of a paired comparison's ratios comes from. A pair's log ratio (the head block's mean log less the
 * base block's: {@link pairRatios}) varies for three reasons: the samples inside each block (what more samples per block would average
 * away), the blocks themselves (whatever changes between one pair and the next: garbage, JIT, the other side's
 * processes, the machine; only more pairs average that), and the position in the pair (a side measured second may be
 * favoured; alternating the order cancels it in the estimate but not in the spread). The split tells which lever can
 * help: finer alternation and settling when blocks dominate, more samples when samples do, order when position does.
 */
export interface NoiseBudget {
    readonly pairs: number;
    /** Variance of the pairs' log ratios (natural log; its square root is about the ratio's relative spread). */
    readonly totalVariance: number;
    /** What the samples inside the blocks explain: the variance of a block's mean log, both sides' added, averaged over pairs. */
    readonly sampleVariance: number;
    /** What the order inside a pair explains: the squared half-difference of the mean log ratio with head first and base first. */
    readonly positionVariance: number;
    /** The rest: what changes from one block to the next (the pairs' variance about their order's mean, less the samples'). */
    readonly blockVariance: number;
    /**
     * Ratio of the side measured second to the side measured first (1.03: the second 3% slower), from the pairs' log
     * ratios by order; undefined unless both orders have 2 pairs or more.
     */
    readonly secondOverFirst?: number;
    /** How many starts of the sides' processes the pairs span (given only when the run recorded them). */
    readonly processes?: number;
    /**
     * What the processes themselves explain (memory layout, heap, JIT choices, core: whatever one start of a side's
     * backend, plugin host and page happens to get): the variance of the mean log ratio from one start of the processes
     * to the next, less what the blocks inside a start explain. Only where some start held 2 pairs or more; with fresh
     * processes for every pair it is part of `blockVariance`.
     */
    readonly processVariance?: number;
}

function variance(values: readonly number[]): number {
    if (values.length < 2) {
        return 0;
    }
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    return values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
}

function mean(values: readonly number[]): number {
    return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * The noise budget of one cell from its paired blocks (samples in ms, block `i` of each side a pair) and, per pair,
 * whether the head was measured first. The pairs' log ratios are the comparison's own ({@link pairRatios}); the
 * variance of a block's mean log is its samples' variance of the log over their count; the position's part is its squared effect
 * less that estimate's own sampling variance; the blocks' part is what remains (never below 0).
 */
export function noiseBudget(baseBlocks: readonly (readonly number[])[], headBlocks: readonly (readonly number[])[],
    headFirst: readonly boolean[], instances?: readonly number[]): NoiseBudget {
    const pairs = baseBlocks.length;
    if (pairs !== headBlocks.length || pairs !== headFirst.length || (instances && instances.length !== pairs)) {
        throw new RangeError(`A noise budget needs as many base blocks, head blocks, orders (and starts) as pairs, not ${pairs}, ${headBlocks.length}, `
            + `${headFirst.length}${instances ? ` and ${instances.length}` : ''}.`);
    }
    if (pairs < 2 || [...baseBlocks, ...headBlocks].some(block => block.length === 0 || block.some(sample => !(sample > 0)))) {
        throw new RangeError('A noise budget needs 2 pairs or more of non-empty blocks of positive samples.');
    }
    const logRatios = pairRatios(baseBlocks, headBlocks).map(Math.log);
    const meanLogVariance = (block: readonly number[]): number => variance(block.map(Math.log)) / block.length;
    const sampleVariance = mean(baseBlocks.map((base, index) => meanLogVariance(base) + meanLogVariance(headBlocks[index])));
    const totalVariance = variance(logRatios);
    const headFirstRatios = logRatios.filter((_, index) => headFirst[index]);
    const baseFirstRatios = logRatios.filter((_, index) => !headFirst[index]);
    let positionVariance = 0;
    // What varies from pair to pair besides the order: the log ratios' variance about their order's mean.
    let unorderedVariance = totalVariance;
    let secondOverFirst: number | undefined;
    let residuals = logRatios.map(value => value - mean(logRatios));
    if (headFirstRatios.length >= 2 && baseFirstRatios.length >= 2) {
        // log(head/base) is higher when the head goes second if the second is slower: half the difference is the effect.
        const effect = (mean(baseFirstRatios) - mean(headFirstRatios)) / 2;
        secondOverFirst = Math.exp(effect);
        const residual = [...headFirstRatios.map(value => value - mean(headFirstRatios)), ...baseFirstRatios.map(value => value - mean(baseFirstRatios))];
        const residualVariance = residual.reduce((sum, value) => sum + value * value, 0) / Math.max(1, pairs - 2);
        const effectVariance = (residualVariance / 4) * (1 / headFirstRatios.length + 1 / baseFirstRatios.length);
        positionVariance = Math.max(0, effect * effect - effectVariance);
        unorderedVariance = residualVariance;
        residuals = logRatios.map((value, index) => value - mean(headFirst[index] ? headFirstRatios : baseFirstRatios));
    }
    const processes = instances ? processSplit(residuals, instances) : undefined;
    const withinVariance = processes?.processVariance === undefined ? unorderedVariance : processes.withinVariance;
    const blockVariance = Math.max(0, withinVariance - sampleVariance);
    return {
        pairs, totalVariance, sampleVariance, positionVariance, blockVariance, ...(secondOverFirst === undefined ? {} : { secondOverFirst }),
        ...(processes ? { processes: processes.count, ...(processes.processVariance === undefined ? {} : { processVariance: processes.processVariance }) } : {}),
    };
}

/**
 * One-way random effects of the starts of the processes on the pairs' residual log ratios (order means taken out): the
 * pooled variance inside a start, and the variance of the starts' means less what that explains of it (each mean
 * averages its own pairs). Undefined parts where no start held 2 pairs or fewer than 2 starts were made.
 */
function processSplit(residuals: readonly number[], instances: readonly number[]): { count: number; withinVariance: number; processVariance?: number } {
    const groups = new Map<number, number[]>();
    residuals.forEach((value, index) => groups.set(instances[index], [...(groups.get(instances[index]) ?? []), value]));
    const members = [...groups.values()];
    const freedom = residuals.length - members.length;
    if (members.length < 2 || freedom < 1) {
        return { count: members.length, withinVariance: 0 };
    }
    const withinVariance = members.reduce((sum, group) => sum + group.reduce((inner, value) => inner + (value - mean(group)) ** 2, 0), 0) / freedom;
    const meanInverseSize = mean(members.map(group => 1 / group.length));
    const processVariance = Math.max(0, variance(members.map(mean)) - withinVariance * meanInverseSize);
    return { count: members.length, withinVariance, processVariance };
}

/**
 * About how many pairs a cell with this variance of its pairs' log ratios needs for its interval at `level` (the default
 * rule's 1 - alpha, 95%, unless given) to lie within ±`threshold` (0.05: ±5%) when nothing changed, i.e. for "no change"
 * to be said: the smallest n with
 * z * sqrt(variance / n) <= log(1 + threshold), from the normal approximation (the signed-rank interval the comparison
 * uses is about as wide for near-normal log ratios, a little wider for few pairs). Undefined for no variance.
 */
export function pairsForThreshold(variance: number, threshold: number, level = 1 - DEFAULT_VERDICT_RULE.alpha): number | undefined {
    if (!(variance > 0) || !(threshold > 0)) {
        return undefined;
    }
    const z = normalQuantile(1 - (1 - level) / 2);
    return Math.max(2, Math.ceil((z * z * variance) / Math.log(1 + threshold) ** 2));
}

/**
 * About how many pairs a cell with this variance of its pairs' log ratios needs to catch a change of `change` (0.05: 5%)
 * in `power` of runs (default 80%), by the paired t-test two-sided at `alpha` (a gated cell's share of the run's alpha):
 * the smallest n with (t(n - 1, 1 - alpha / 2) + t(n - 1, power)) sqrt(variance / n) <= log(1 + change). A fixed number
 * of pairs; a sequential design needs a few more. Undefined for no variance, or more than 10,000 pairs.
 */
export function pairsToCatch(variance: number, change: number, alpha: number, power = 0.8): number | undefined {
    if (!(variance > 0) || !(change > 0) || !(alpha > 0 && alpha < 1) || !(power > 0 && power < 1)) {
        return undefined;
    }
    const effect = Math.log(1 + change);
    const normal = normalQuantile(1 - alpha / 2) + normalQuantile(power);
    // The normal approximation is a lower bound: start there and count up.
    for (let pairs = Math.max(2, Math.floor((normal * normal * variance) / effect ** 2)); pairs <= 10_000; pairs++) {
        const t = studentTQuantile(1 - alpha / 2, pairs - 1) + studentTQuantile(power, pairs - 1);
        if (t * Math.sqrt(variance / pairs) <= effect) {
            return pairs;
        }
    }
    return undefined;
}
