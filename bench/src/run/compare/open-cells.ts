/**
 * `--compare --budget`: which cells of an alternated run are still open. After each planned look of the sequential design,
 * every open cell is decided from its pairs so far (benchmark-core's stats/sequential); a resolved cell is measured no
 * more (its size leaves the next blocks once none of its cells is open), and its rows after the look that resolved it
 * are dropped, so its pairs are exactly those it was decided on.
 */
import { Measurement, pairRatios, ResultsDocument, SequentialDesign, sequentialDecision, SequentialLook, sequentialLooks } from '@fs-perf/benchmark-core';

/** A cell of a run: the row's own extension kind (plugin rows are Theia's "Run All" merge), scenario and size. */
function cellKey(document: ResultsDocument, row: Measurement): string {
    return `${(row.host ?? document.host).extensionKind}|${row.scenario.id}|${row.targetLabel}`;
}

export class OpenCells {
    readonly looks: readonly SequentialLook[];
    /** Pair count at the look that resolved a cell, by cell key; absent while open. */
    protected readonly resolvedAt = new Map<string, number>();
    protected readonly cells = new Map<string, string>();

    constructor(readonly design: Required<SequentialDesign>) {
        this.looks = sequentialLooks(design);
    }

    /** The pair counts at which the cells are looked at (the design's looks that can decide something). */
    get lookPairs(): number[] {
        return this.looks.map(look => look.pairs);
    }

    /** Cells seen so far, open ones included; each with its size. */
    get count(): number {
        return this.cells.size;
    }

    get openCount(): number {
        return this.cells.size - this.resolvedAt.size;
    }

    /** The sizes a next block must measure: those with an open cell (every size before the first block). */
    sizesToMeasure(allSizes: readonly string[]): string[] {
        if (this.cells.size === 0) {
            return [...allSizes];
        }
        const open = new Set([...this.cells].filter(([key]) => !this.resolvedAt.has(key)).map(([, size]) => size));
        return allSizes.filter(size => open.has(size));
    }

    /**
     * Decides every open cell at `pairs` pairs, when that is a planned look: base and head blocks in pair order (block
     * `i` of each a pair). Returns the cells resolved at this look, e.g. `plugin|vscode.workspace.fs.readFile|10000K: slower`.
     */
    decide(pairs: number, baseBlocks: readonly ResultsDocument[], headBlocks: readonly ResultsDocument[]): string[] {
        const look = this.looks.find(candidate => candidate.pairs === pairs);
        const blocks = new Map<string, { base: number[][]; head: number[][] }>();
        for (let pair = 0; pair < pairs; pair++) {
            const head = new Map(headBlocks[pair].results.map(row => [cellKey(headBlocks[pair], row), row]));
            for (const row of baseBlocks[pair].results) {
                const key = cellKey(baseBlocks[pair], row);
                this.cells.set(key, row.targetLabel);
                const other = head.get(key);
                if (other && !this.resolvedAt.has(key)) {
                    const cell = blocks.get(key) ?? { base: [], head: [] };
                    cell.base.push(row.samplesMs);
                    cell.head.push(other.samplesMs);
                    blocks.set(key, cell);
                }
            }
        }
        if (!look) {
            return [];
        }
        const resolved: string[] = [];
        for (const [key, cell] of blocks) {
            // A cell missing from a block (its size left out) was resolved before it; an open one has every pair.
            if (cell.base.length !== pairs) {
                continue;
            }
            // The pairs' ratios as the comparison takes them afterwards (the blocks' geometric means), so the look and the report agree.
            const decision = sequentialDecision(pairRatios(cell.base, cell.head), look, this.design.noiseThreshold);
            if (decision.verdict !== 'inconclusive') {
                this.resolvedAt.set(key, pairs);
                resolved.push(`${key}: ${decision.verdict}`);
            }
        }
        return resolved;
    }

    /** A side's blocks with each cell's rows kept up to the look that resolved it (block `i` is pair `i + 1`). */
    truncate(blocks: readonly ResultsDocument[]): ResultsDocument[] {
        return blocks.map((document, index) => ({
            ...document,
            results: document.results.filter(row => (this.resolvedAt.get(cellKey(document, row)) ?? Number.POSITIVE_INFINITY) >= index + 1),
        }));
    }
}
