import { ComparisonSide, HostInfo, Measurement, ResultsDocument } from '../results/schema';
import { validateResultsDocument } from '../results/document';
import { SCENARIO_CATALOG } from '../measure/scenario-catalog';
import { measurementOfSamples, resultsDocument, theiaBrowser } from './results-builders';
import { logNormal } from './synthetic-samples';

/**
 * Blocks of two sides measured alternately, A B, B A, A B, ... (`pairs` pairs, `samples` samples a block), each sample
 * log-normal around `medianMs` times the side's factor, times the machine's speed at that block: `drift` per block,
 * compounded (0.01: every block 1% slower than the one before, whichever side it measures).
 */
export function alternatedBlocks(random: () => number, options: { pairs: number; samples: number; medianMs: number; sigma: number; headFactor: number; drift: number }):
    { base: number[][]; head: number[][] } {
    const base: number[][] = [];
    const head: number[][] = [];
    let position = 0;
    const block = (factor: number): number[] => {
        const machine = Math.pow(1 + options.drift, position++);
        return logNormal(options.samples, options.medianMs * factor * machine, options.sigma, random);
    };
    for (let pair = 0; pair < options.pairs; pair++) {
        if (pair % 2 === 0) {
            base.push(block(1));
            head.push(block(options.headFactor));
        } else {
            head.push(block(options.headFactor));
            base.push(block(1));
        }
    }
    return { base, head };
}

/** A row of a side's document: a scenario at a size, its blocks' samples, and the host that measured it when not the file's (a plugin's row). */
export interface SideRow {
    readonly scenario: keyof typeof SCENARIO_CATALOG;
    readonly size: string;
    readonly blocks: number[][];
    readonly host?: HostInfo;
}

/**
 * A side's document (a Theia browser file): rows merged from its blocks (`rounds` = the samples of each block), with its
 * comparison metadata; `label` names the side (default `base` / `head`).
 */
export function sideDocument(side: ComparisonSide['side'], rows: readonly SideRow[], label: string = side): ResultsDocument {
    const pairs = rows[0].blocks.length;
    const measurements: Measurement[] = rows.map(row => ({
        ...measurementOfSamples(SCENARIO_CATALOG[row.scenario], row.size, row.blocks.flat(), row.host),
        rounds: row.blocks.map(block => block.length),
    }));
    const positions = Array.from({ length: pairs }, (_, pair) => 2 * pair + ((pair % 2 === 0) === (side === 'base') ? 0 : 1));
    return validateResultsDocument({
        ...resultsDocument(theiaBrowser, measurements),
        comparison: { id: 'compare-1', side, label, source: side === 'base' ? 'Theia 1.74.1 from the registry' : 'tarballs', positions },
    });
}
