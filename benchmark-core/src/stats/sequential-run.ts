import { looksSpending, lookCanDecide, SequentialDecision, SequentialDesign, sequentialDecision, SequentialLook, sequentialLooks, SequentialOutcome } from './sequential';
import { verdictRuleOf } from './verdict';

/**
 * One decision per cell from all its pairs, with the false-alarm rate held for the whole run.
 *
 * A CI gate fails per run: with each of 15 cells tested at 5%, a run of identical code flags some cell in a fifth to a
 * third of runs (docs/compare.md, "One gate per run"). With `correction: 'holm'` the cells share the run's alpha by Holm's
 * step-down, carried over the looks as Maurer and Bretz's graphical procedure for group-sequential trials does (Stat.
 * Biopharm. Res. 5, 2013): every cell not yet flagged runs the design's group-sequential test at its share, alpha / (cells
 * not yet flagged); a cell called slower or faster passes its share on to the others, whose levels at this look and the
 * later ones are those of the larger share, so at a look the cells are decided again until none more is flagged. That
 * holds the run's rate (any unchanged cell flagged) at alpha whatever the cells' dependence: the cells of one run share
 * their blocks, so their pairs are correlated, and Holm assumes nothing of that. A cell that ends
 * "no change" keeps its share: it was not rejected, and handing its share on would spend it twice.
 *
 * The looks are planned once, at the smallest share (alpha / cells), dropping the looks that share could not use (see
 * {@link sequentialLooks}); a larger share keeps the same looks and gets a larger level at each, so a cell's level only
 * grows as others are flagged and a decision never depends on the order cells are looked at. Each decision is still
 * the one verdict rule on the cell's interval, only at the level its share gives.
 */

/** The run-level corrections a sequential design can record. */
export type SequentialCorrection = 'holm';

/** A sequential design for all the cells of a run. */
export interface SequentialRunDesign extends SequentialDesign {
    /**
     * How the run's cells share `alpha`: `holm`, the false-alarm rate holds for the whole run (any cell flagged);
     * absent, it holds for each cell alone, as in the runs made before it was recorded, so they re-analyse as they ran.
     */
    readonly correction?: SequentialCorrection;
    /**
     * The keys of the cells that gate (`--gate`): they share alpha among themselves, the others among themselves (each
     * family its own plan, {@link gateFamilies}); absent, every cell is of one family.
     */
    readonly gate?: readonly string[];
}

/** A run's cells in their two families: those that gate (every cell, without a gate) and the others. */
export function gateFamilies<T extends { readonly key: string }>(design: Pick<SequentialRunDesign, 'gate'>, cells: readonly T[]): { gated: T[]; others: T[] } {
    if (!design.gate) {
        return { gated: [...cells], others: [] };
    }
    const gate = new Set(design.gate);
    return { gated: cells.filter(cell => gate.has(cell.key)), others: cells.filter(cell => !gate.has(cell.key)) };
}

/**
 * {@link replaySequentialRun} of each family of a run's cells with its own plan ({@link gateFamilies}): the gated cells'
 * share of alpha never grows or shrinks with the cells that only report.
 */
export function replayGatedRun(design: SequentialRunDesign, cells: readonly SequentialCell[]): Map<string, SequentialOutcome> {
    const { gated, others } = gateFamilies(design, cells);
    const outcomes = new Map<string, SequentialOutcome>();
    for (const family of [gated, others].filter(members => members.length > 0)) {
        for (const [key, outcome] of replaySequentialRun(planSequentialRun(design, family.length), family)) {
            outcomes.set(key, outcome);
        }
    }
    return outcomes;
}

/** A cell of a run: its key (unique in the run) and its pair ratios (head / base), in pair order. */
export interface SequentialCell {
    readonly key: string;
    readonly ratios: readonly number[];
}

/** A sequential design applied to one run of `cellCount` cells: where it looks, and at what level a cell is tested. */
export interface SequentialRunPlan {
    readonly design: SequentialRunDesign;
    readonly cellCount: number;
    /** The looks, at the level of a cell before any cell of the run was flagged. */
    readonly looks: readonly SequentialLook[];
    /** The same looks (the same pair counts) at the level of a cell once `flagged` cells of the run were called slower or faster. */
    looksAfter(flagged: number): readonly SequentialLook[];
}

/**
 * Plans a design for a run of `cellCount` cells. Without a correction every cell's looks are the design's own at its
 * full alpha, whatever the others do (the design of the runs made before the correction was recorded).
 */
export function planSequentialRun(design: SequentialRunDesign, cellCount: number): SequentialRunPlan {
    if (!(Number.isInteger(cellCount) && cellCount >= 1)) {
        throw new RangeError(`A run has a whole number of cells, 1 or more, not ${cellCount}.`);
    }
    const alpha = verdictRuleOf(design).alpha;
    if (!design.correction) {
        const looks = sequentialLooks(design);
        return { design, cellCount, looks, looksAfter: () => looks };
    }
    const looks = sequentialLooks({ ...design, alpha: alpha / cellCount });
    const pairs = looks.map(look => look.pairs);
    // Boundaries take a few milliseconds per share: each share's are computed once per plan.
    const byShare = new Map<number, readonly SequentialLook[]>([[0, looks]]);
    const looksAfter = (flagged: number): readonly SequentialLook[] => {
        if (!(Number.isInteger(flagged) && flagged >= 0 && flagged < cellCount)) {
            throw new RangeError(`${flagged} of ${cellCount} cells flagged leaves no cell to test.`);
        }
        let shared = byShare.get(flagged);
        if (!shared) {
            shared = looksSpending(pairs, design.maxPairs, alpha / (cellCount - flagged));
            byShare.set(flagged, shared);
        }
        return shared;
    };
    return { design, cellCount, looks, looksAfter };
}

function flags(decision: SequentialDecision): boolean {
    return decision.verdict === 'slower' || decision.verdict === 'faster';
}

/**
 * Decides the open cells of a run at look `lookIndex` of its plan, each from its first `pairs` pairs of that look;
 * `flaggedBefore` counts the run's cells called slower or faster at earlier looks. Each cell is decided by the one rule
 * at its share's level; with Holm, whenever a cell is flagged the others are decided again at the larger share, until
 * no more is. A flagged cell keeps the decision (and level) it was flagged at; the others get the level of the last
 * share. An open cell whose decision is inconclusive takes more pairs, unless this was the last look.
 */
export function decideLook(plan: SequentialRunPlan, lookIndex: number, open: readonly SequentialCell[], flaggedBefore: number): Map<string, SequentialDecision> {
    if (flaggedBefore + open.length > plan.cellCount) {
        throw new RangeError(`${open.length} open cells and ${flaggedBefore} flagged are more than the run's ${plan.cellCount}.`);
    }
    const decisions = new Map<string, SequentialDecision>();
    // Every cell flagged at earlier looks: nothing is left to decide (nor a share of alpha to decide it at).
    if (open.length === 0) {
        return decisions;
    }
    let flagged = flaggedBefore;
    for (;;) {
        const look = plan.looksAfter(flagged)[lookIndex];
        if (!look) {
            throw new RangeError(`The plan has ${plan.looks.length} looks, not a look ${lookIndex + 1}.`);
        }
        let newlyFlagged = 0;
        for (const cell of open) {
            const earlier = decisions.get(cell.key);
            if (earlier && flags(earlier)) {
                continue;
            }
            const decision = sequentialDecision(cell.ratios.slice(0, look.pairs), look, plan.design);
            decisions.set(cell.key, decision);
            newlyFlagged += flags(decision) ? 1 : 0;
        }
        flagged += newlyFlagged;
        if (newlyFlagged === 0 || !plan.design.correction || flagged === plan.cellCount) {
            return decisions;
        }
    }
}

/**
 * A run's recorded pairs decided again as the run decided them, look by look: a cell is open at a look when it has
 * that look's pairs and no earlier look resolved it (a resolved cell took no more pairs; a run cut short by its budget
 * leaves its open cells before the next look). Returns each cell's outcome: the look that resolved it, or the last one
 * it reached (inconclusive, with the pairs it has); a cell that reached no look has none.
 */
export function replaySequentialRun(plan: SequentialRunPlan, cells: readonly SequentialCell[]): Map<string, SequentialOutcome> {
    const outcomes = new Map<string, SequentialOutcome>();
    const latest = new Map<string, SequentialDecision>();
    let flagged = 0;
    plan.looks.forEach((look, index) => {
        const open = cells.filter(cell => !outcomes.has(cell.key) && cell.ratios.length >= look.pairs);
        for (const [key, decision] of decideLook(plan, index, open, flagged)) {
            latest.set(key, decision);
            flagged += flags(decision) ? 1 : 0;
            if (decision.verdict !== 'inconclusive' || index === plan.looks.length - 1) {
                outcomes.set(key, { verdict: decision.verdict, pairs: look.pairs, decision });
            }
        }
    });
    for (const cell of cells) {
        const last = latest.get(cell.key);
        if (last && !outcomes.has(cell.key)) {
            outcomes.set(cell.key, { verdict: last.verdict, pairs: cell.ratios.length, decision: last });
        }
    }
    return outcomes;
}

/**
 * The fewest pairs a design can plan for a run of `cellCount` cells (its `maxPairs`) and still decide anything at its
 * last look. A share of alpha / 15 = 0.0033 is beyond the reach of the signed-rank test of 8 pairs, whose smallest
 * two-sided p-value is 2 / 2^8 = 0.0078: a budget planner that kept 8 pairs as its floor would plan a run that can
 * flag nothing.
 */
export function fewestPairsToDecide(design: Omit<SequentialRunDesign, 'maxPairs'>, cellCount: number): number {
    for (let maxPairs = design.minPairs ?? 8; maxPairs <= 64; maxPairs++) {
        const last = planSequentialRun({ ...design, maxPairs }, cellCount).looks.at(-1)!;
        if (lookCanDecide(design, maxPairs, 1 - last.nominalAlpha)) {
            return maxPairs;
        }
    }
    throw new RangeError(`No design of up to 64 pairs can decide at alpha ${verdictRuleOf(design).alpha} shared by ${cellCount} cells.`);
}
