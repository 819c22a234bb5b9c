/** The files of a comparison run: each side's merged results. */
import { promises as fs } from 'fs';
import * as path from 'path';
import { mergeRounds, ResultsDocument, validateResultsDocument } from '@fs-perf/benchmark-core';
import { PassResult } from './pass';

/** Each side's blocks of a pass merged into its results document, with its comparison metadata, written to `<folder>/results/`. */
export async function writeSides(pass: PassResult, folder: string, comparisonId: string): Promise<{ base: ResultsDocument; head: ResultsDocument }> {
    await fs.mkdir(path.join(folder, 'results'), { recursive: true });
    const documents = new Map<string, ResultsDocument>();
    for (const side of pass.sides) {
        const document = validateResultsDocument({
            ...mergeRounds(pass.cells ? pass.cells.truncate(side.blocks) : side.blocks),
            comparison: {
                id: comparisonId, side: side.spec.side, label: side.spec.label, source: side.source, positions: side.positions, starts: side.starts,
                ...(pass.cells ? { sequential: pass.cells.design } : {}),
            },
        }, `The ${side.spec.label} side's merged blocks`);
        await fs.writeFile(path.join(folder, 'results', `${side.spec.side}.json`), JSON.stringify(document, undefined, 2) + '\n');
        documents.set(side.spec.side, document);
    }
    return { base: documents.get('base')!, head: documents.get('head')! };
}
