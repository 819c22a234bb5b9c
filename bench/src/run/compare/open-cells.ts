/**
 * `--compare --budget`: which cells of an alternated run are still open. After each planned look of the sequential design,
 * the open cells are decided together from all their pairs so far, the run's alpha shared among them by Holm
 * (benchmark-core's stats/sequential-run): a cell flagged slower or faster hands its share on to the others. A resolved
 * cell is measured no more (its size leaves the next blocks once none of its cells is open), and its rows after the look
 * that resolved it are dropped, so its pairs are exactly those it was decided on, and the comparison afterwards replays
 * the same looks to the same verdicts.
 */
import {
    CellKey, cellDisplayName, cellKeyId, decideLook, labelCell, Measurement, pairRatios, planSequentialRun, ResultsDocument, rowCellKey, SequentialRunDesign,
    SequentialRunPlan, treeTargetLabel,
} from '@fs-perf/benchmark-core';

/** A row's cell, keyed as the comparison afterwards keys it (benchmark-core's cell-key.ts), so the looks and the replay agree. */
function cellId(document: ResultsDocument, row: Measurement): string {
    return cellKeyId(rowCellKey(document, row));
}

/** The cells both sides measured in a pair's blocks, by {@link cellKeyId}. */
export function pairedCells(base: ResultsDocument, head: ResultsDocument): Map<string, CellKey> {
    const inHead = new Set(head.results.map(row => cellId(head, row)));
    return new Map(base.results.map(row => rowCellKey(base, row)).filter(cell => inHead.has(cellKeyId(cell))).map(cell => [cellKeyId(cell), cell]));
}

export class OpenCells {
    readonly plan: SequentialRunPlan;
    /** Pair count at the look that resolved a cell, by cell key; absent while open. */
    protected readonly resolvedAt = new Map<string, number>();
    /** Cells of the run (those both sides measured in the first pair), by key. */
    protected readonly cells: ReadonlyMap<string, CellKey>;
    /** Cells called slower or faster at the looks so far: with Holm, each hands its share of alpha on to the others. */
    protected flagged = 0;

    /** `cells`: the run's cells (see {@link pairedCells}); the design's alpha is shared by all of them. */
    constructor(readonly design: Required<SequentialRunDesign>, cells: ReadonlyMap<string, CellKey>) {
        this.cells = cells;
        this.plan = planSequentialRun(design, Math.max(1, cells.size));
    }

    /** The pair counts at which the cells are looked at (the design's looks that can decide something). */
    get lookPairs(): number[] {
        return this.plan.looks.map(look => look.pairs);
    }

    /** The run's cells, open ones included. */
    get count(): number {
        return this.cells.size;
    }

    get openCount(): number {
        return this.cells.size - this.resolvedAt.size;
    }

    /**
     * The targets a next block must measure: those with an open cell (a size, or a tree: `1k` for its cells' `1k files`).
     * A cell of no block target (the write burst, measured in every block whatever its sizes) keeps the first.
     */
    sizesToMeasure(allSizes: readonly string[]): string[] {
        const open = new Set([...this.cells].filter(([key]) => !this.resolvedAt.has(key)).map(([, cell]) => cell.target));
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
        const lookIndex = this.lookPairs.indexOf(pairs);
        if (lookIndex < 0) {
            return [];
        }
        const open = [...this.cells.keys()].filter(key => !this.resolvedAt.has(key)).flatMap(key => {
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
        const resolved: string[] = [];
        for (const [key, decision] of decideLook(this.plan, lookIndex, open, this.flagged)) {
            if (decision.verdict === 'slower' || decision.verdict === 'faster') {
                this.flagged += 1;
            }
            if (decision.verdict !== 'inconclusive') {
                this.resolvedAt.set(key, pairs);
                resolved.push(`${cellDisplayName(labelCell(this.cells.get(key)!))}: ${decision.verdict}`);
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
