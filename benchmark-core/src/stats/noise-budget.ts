import { median } from './statistics';

/**
 * Where the noise of a paired comparison's ratios comes from. A pair's log ratio (log head block median - log base
 * block median) varies for three reasons: the samples inside each block (what more samples per block would average
 * away), the blocks themselves (whatever changes between one pair and the next: garbage, JIT, the other side's
 * processes, the machine; only more pairs average that), and the position in the pair (a side measured second may be
 * favoured; alternating the order cancels it in the estimate but not in the spread). The split tells which lever can
 * help: finer alternation and settling when blocks dominate, more samples when samples do, order when position does.
 */
export interface NoiseBudget {
    readonly pairs: number;
    /** Variance of the pairs' log ratios (natural log; its square root is about the ratio's relative spread). */
    readonly totalVariance: number;
    /** What the samples inside the blocks explain: the variance of a block median, both sides' added, averaged over pairs. */
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
}

/** Normal-consistent MAD: the standard deviation of normal data, robust to the outliers a shared machine makes. */
function robustVariance(values: readonly number[]): number {
    if (values.length < 2) {
        return 0;
    }
    const centre = median(values);
    const scale = 1.4826 * median(values.map(value => Math.abs(value - centre)));
    return scale * scale;
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
 * whether the head was measured first. The variance of a block's median is taken as pi/2 times its samples' robust
 * variance over their count (the median's efficiency for normal samples); the position's part is its squared effect
 * less that estimate's own sampling variance; the blocks' part is what remains (never below 0).
 */
export function noiseBudget(baseBlocks: readonly (readonly number[])[], headBlocks: readonly (readonly number[])[],
    headFirst: readonly boolean[]): NoiseBudget {
    const pairs = baseBlocks.length;
    if (pairs !== headBlocks.length || pairs !== headFirst.length) {
        throw new RangeError(`A noise budget needs as many base blocks, head blocks and orders, not ${pairs}, ${headBlocks.length} and ${headFirst.length}.`);
    }
    if (pairs < 2 || [...baseBlocks, ...headBlocks].some(block => block.length === 0 || block.some(sample => !(sample > 0)))) {
        throw new RangeError('A noise budget needs 2 pairs or more of non-empty blocks of positive samples.');
    }
    const logs = (block: readonly number[]): number[] => block.map(Math.log);
    const logRatios = baseBlocks.map((base, index) => median(logs(headBlocks[index])) - median(logs(base)));
    const medianVariance = (block: readonly number[]): number => (Math.PI / 2) * robustVariance(logs(block)) / block.length;
    const sampleVariance = mean(baseBlocks.map((base, index) => medianVariance(base) + medianVariance(headBlocks[index])));
    const totalVariance = variance(logRatios);
    const headFirstRatios = logRatios.filter((_, index) => headFirst[index]);
    const baseFirstRatios = logRatios.filter((_, index) => !headFirst[index]);
    let positionVariance = 0;
    // What varies from pair to pair besides the order: the log ratios' variance about their order's mean.
    let unorderedVariance = totalVariance;
    let secondOverFirst: number | undefined;
    if (headFirstRatios.length >= 2 && baseFirstRatios.length >= 2) {
        // log(head/base) is higher when the head goes second if the second is slower: half the difference is the effect.
        const effect = (mean(baseFirstRatios) - mean(headFirstRatios)) / 2;
        secondOverFirst = Math.exp(effect);
        const residual = [...headFirstRatios.map(value => value - mean(headFirstRatios)), ...baseFirstRatios.map(value => value - mean(baseFirstRatios))];
        const residualVariance = residual.reduce((sum, value) => sum + value * value, 0) / Math.max(1, pairs - 2);
        const effectVariance = (residualVariance / 4) * (1 / headFirstRatios.length + 1 / baseFirstRatios.length);
        positionVariance = Math.max(0, effect * effect - effectVariance);
        unorderedVariance = residualVariance;
    }
    const blockVariance = Math.max(0, unorderedVariance - sampleVariance);
    return { pairs, totalVariance, sampleVariance, positionVariance, blockVariance, ...(secondOverFirst === undefined ? {} : { secondOverFirst }) };
}
