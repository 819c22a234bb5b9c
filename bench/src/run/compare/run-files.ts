/** The files of a comparison run: `blocks/` as they are measured, and each side's merged results. */
import { promises as fs } from 'fs';
import * as path from 'path';
import { mergeRounds, ResultsDocument, validateResultsDocument } from '@fs-perf/benchmark-core';
import { OpenCells } from './open-cells';
import { OpenSide } from './side';

/** Makes `<folder>/blocks/` before a pass measures anything. */
export async function makeBlocksFolder(folder: string): Promise<void> {
    await fs.mkdir(path.join(folder, 'blocks'), { recursive: true });
}

/** Writes a block as soon as it is measured, as `<folder>/blocks/NN-<side>.json` (NN its position from 01), so a run that dies keeps it. */
export async function writeBlock(folder: string, position: number, side: OpenSide, document: ResultsDocument): Promise<void> {
    await fs.writeFile(path.join(folder, 'blocks', `${String(position + 1).padStart(2, '0')}-${side.spec.side}.json`), JSON.stringify(document, undefined, 2) + '\n');
}

/**
 * Each side's blocks of a pass merged into its results document, with its comparison metadata, written to `<folder>/results/`;
 * with `--budget`, each cell's rows only up to the look that resolved it, and the design.
 */
export async function writeSides(sides: readonly OpenSide[], cells: OpenCells | undefined, folder: string, comparisonId: string): Promise<{ base: ResultsDocument; head: ResultsDocument }> {
    await fs.mkdir(path.join(folder, 'results'), { recursive: true });
    const documents = new Map<string, ResultsDocument>();
    for (const side of sides) {
        const document = validateResultsDocument({
            ...mergeRounds(cells ? cells.truncate(side.blocks) : side.blocks),
            comparison: {
                id: comparisonId, side: side.spec.side, label: side.spec.label, source: side.source, positions: side.positions, starts: side.starts,
                ...(cells ? { sequential: cells.design } : {}),
            },
        }, `The ${side.spec.label} side's merged blocks`);
        await fs.writeFile(path.join(folder, 'results', `${side.spec.side}.json`), JSON.stringify(document, undefined, 2) + '\n');
        documents.set(side.spec.side, document);
    }
    return { base: documents.get('base')!, head: documents.get('head')! };
}
