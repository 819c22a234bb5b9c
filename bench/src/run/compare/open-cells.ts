/**
 * `--compare --budget`: which cells of an alternated run are still open. After each planned look of the sequential design,
 * the open cells are decided together from all their pairs so far, the run's alpha shared among them by Holm
 * (benchmark-core's stats/sequential-run): a cell flagged slower or faster hands its share on to the others. A resolved
 * cell is measured no more (its size leaves the next blocks once none of its cells is open), and its rows after the look
 * that resolved it are dropped, so its pairs are exactly those it was decided on, and the comparison afterwards replays
 * the same looks to the same verdicts.
 */
import {
    CellKey, cellDisplayName, cellKeyId, decideLook, gateFamilies, labelCell, Measurement, pairRatios, planSequentialRun, ResultsDocument, rowCellKey,
    SequentialRunPlan, treeTargetLabel,
} from '@fs-perf/benchmark-core';
import { RunDesign } from './budget-planner';

/** A row's cell, keyed as the comparison afterwards keys it (benchmark-core's cell-key.ts), so the looks and the replay agree. */
function cellId(document: ResultsDocument, row: Measurement): string {
    return cellKeyId(rowCellKey(document, row));
}

/** The cells both sides measured in a pair's blocks, by {@link cellKeyId}. */
export function pairedCells(base: ResultsDocument, head: ResultsDocument): Map<string, CellKey> {
    const inHead = new Set(head.results.map(row => cellId(head, row)));
    return new Map(base.results.map(row => rowCellKey(base, row)).filter(cell => inHead.has(cellKeyId(cell))).map(cell => [cellKeyId(cell), cell]));
}

/** One family of a run's cells (those that gate, or those that only report) with its plan: the family shares alpha. */
interface Family {
    readonly keys: readonly string[];
    readonly plan: SequentialRunPlan;
    /** Cells of the family called slower or faster at the looks so far: with Holm, each hands its share on to the others. */
    flagged: number;
}

export class OpenCells {
    /** The plan of the cells that gate (every cell, without a gate): its looks are the run's. */
    readonly plan: SequentialRunPlan;
    /** Pair count at the look that resolved a cell, by cell key; absent while open. */
    protected readonly resolvedAt = new Map<string, number>();
    /** Cells of the run (those both sides measured in the first pair), by key. */
    protected readonly cells: ReadonlyMap<string, CellKey>;
    /** The gated cells' family first, then (with a gate) the others'. */
    protected readonly families: readonly Family[];

    /**
     * `cells`: the run's cells (see {@link pairedCells}). The design's alpha is shared by the cells of its gate, and by the
     * others among themselves (benchmark-core's `gateFamilies`); without a gate, by all of them.
     */
    constructor(readonly design: RunDesign, cells: ReadonlyMap<string, CellKey>) {
        this.cells = cells;
        const { gated, others } = gateFamilies(design, [...cells.keys()].map(key => ({ key })));
        this.families = [gated, others].filter((members, index) => index === 0 || members.length > 0).map(members => ({
            keys: members.map(member => member.key), plan: planSequentialRun(design, Math.max(1, members.length)), flagged: 0,
        }));
        this.plan = this.families[0].plan;
    }

    /** The pair counts at which the gated cells are looked at (the design's looks that can decide something): the run ends at one. */
    get lookPairs(): number[] {
        return this.plan.looks.map(look => look.pairs);
    }

    /** The run's cells that gate, open ones included. */
    get count(): number {
        return this.families[0].keys.length;
    }

    /** The gated cells still open: the run samples until there are none. */
    get openCount(): number {
        return this.families[0].keys.filter(key => !this.resolvedAt.has(key)).length;
    }

    /** Whether the run's cells are split into a gate and the others. */
    get gated(): boolean {
        return this.families.length > 1;
    }

    /**
     * The targets a next block (of pair `nextPair`) must measure: those with an open cell (a size, or a tree: `1k` for its
     * cells' `1k files`). With a gate, a cell outside it is measured until the gated cells' first look, then only in the
     * blocks the gated cells need: the budget is spent on the cells that gate. A cell of no block target (the write
     * burst, measured in every block whatever its sizes) keeps the first.
     */
    sizesToMeasure(allSizes: readonly string[], nextPair = 1): string[] {
        const gatedOnly = this.gated && nextPair > this.lookPairs[0];
        const gate = new Set(this.families[0].keys);
        const open = new Set([...this.cells].filter(([key]) => !this.resolvedAt.has(key) && (!gatedOnly || gate.has(key))).map(([, cell]) => cell.target));
        const ofSize = (size: string): boolean => open.has(size) || open.has(treeTargetLabel(size));
        const sizes = allSizes.filter(ofSize);
        const elsewhere = [...open].some(target => !allSizes.some(size => target === size || target === treeTargetLabel(size)));
        return sizes.length === 0 && elsewhere ? allSizes.slice(0, 1) : sizes;
    }

    /**
     * Decides the open cells at `pairs` pairs, when that is a planned look: base and head blocks in pair order (block
     * `i` of each a pair). Returns the cells resolved at this look, e.g. `Theia browser (plugin), vscode.workspace.fs.readFile, 10000K: slower`.
     */
    decide(pairs: number, baseBlocks: readonly ResultsDocument[], headBlocks: readonly ResultsDocument[]): string[] {
        const resolved: string[] = [];
        for (const family of this.families) {
            const lookIndex = family.plan.looks.findIndex(look => look.pairs === pairs);
            if (lookIndex < 0) {
                continue;
            }
            const open = family.keys.filter(key => !this.resolvedAt.has(key)).flatMap(key => {
                const blocks = { base: [] as number[][], head: [] as number[][] };
                for (let pair = 0; pair < pairs; pair++) {
                    const base = baseBlocks[pair].results.find(row => cellId(baseBlocks[pair], row) === key);
                    const head = headBlocks[pair].results.find(row => cellId(headBlocks[pair], row) === key);
                    if (base && head) {
                        blocks.base.push(base.samplesMs);
                        blocks.head.push(head.samplesMs);
                    }
                }
                // The pairs' ratios as the comparison takes them afterwards (the blocks' geometric means), so the look and
                // the report agree. An open cell has every pair; one missing from a block cannot be decided with the others.
                return blocks.base.length === pairs ? [{ key, ratios: pairRatios(blocks.base, blocks.head) }] : [];
            });
            for (const [key, decision] of decideLook(family.plan, lookIndex, open, family.flagged)) {
                if (decision.verdict === 'slower' || decision.verdict === 'faster') {
                    family.flagged += 1;
                }
                if (decision.verdict !== 'inconclusive') {
                    this.resolvedAt.set(key, pairs);
                    resolved.push(`${cellDisplayName(labelCell(this.cells.get(key)!))}: ${decision.verdict}${this.gated && family !== this.families[0] ? ' (not gated)' : ''}`);
                }
            }
        }
        return resolved;
    }

    /** A side's blocks with each cell's rows kept up to the look that resolved it (block `i` is pair `i + 1`). */
    truncate(blocks: readonly ResultsDocument[]): ResultsDocument[] {
        return blocks.map((document, index) => ({
            ...document,
            results: document.results.filter(row => (this.resolvedAt.get(cellId(document, row)) ?? Number.POSITIVE_INFINITY) >= index + 1),
        }));
    }
}
