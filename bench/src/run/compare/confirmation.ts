/**
 * The confirming pass of `--check`: the cells the first pass called slower measured again, and its word on each.
 */
import { promises as fs } from 'fs';
import * as path from 'path';
import { cellName, compareRuns, renderRunComparison, RunComparison, verdictCounts } from '@fs-perf/benchmark-core';
import { CompareRunOptions } from '../compare-options';
import { measurePass } from './pass';
import { writeSides } from './run-files';
import { PreparedSide } from './side';

/** A confirming pass's word on one cell the first pass called slower. */
export interface ConfirmedCell {
    /** `Host | scenario | size`. */
    readonly cell: string;
    readonly firstRatio: number;
    /** The confirming pass's ratio and verdict (undefined when that pass did not compare the cell). */
    readonly secondRatio?: number;
    readonly secondVerdict?: string;
    readonly confirmed: boolean;
}

/**
 * The confirming pass of `--check`: the sizes of the cells the first pass called slower, measured again in as many pairs
 * (at least 6, the fewest an interval needs) on fresh processes, in `confirmation/`. A cell is confirmed only when that
 * pass calls it slower too; two independent passes must both raise it, so a false alarm of one pass (about 5% a cell)
 * fails the check only about 5% of those times.
 */
export async function confirmSlower(prepared: readonly PreparedSide[], options: CompareRunOptions, comparison: RunComparison, pairs: number,
    comparisonId: string): Promise<{ cells: ConfirmedCell[]; pairs: number; seconds: number }> {
    const { log, compare } = options;
    const slower = comparison.cells.filter(cell => cell.verdict === 'slower');
    const sizes = options.sizes.filter(size => slower.some(cell => cell.target === size));
    const confirmPairs = Math.max(6, pairs);
    log(`confirming ${slower.length} slower cell${slower.length === 1 ? '' : 's'} (${slower.map(cellName).join('; ')}): a second pass of ${confirmPairs} pairs `
        + `at ${sizes.join(', ')} on fresh processes, in confirmation/`);
    const folder = path.join(options.out, 'confirmation');
    const pass = await measurePass(prepared, options, { sizes, pairs: confirmPairs, folder, name: 'confirming ' });
    if (pass.failure) {
        throw pass.failure;
    }
    const { base, head } = await writeSides(pass.sides, pass.cells, folder, `${comparisonId}-confirmation`);
    const second = compareRuns([base], [head], { minSize: sizes[0], alpha: compare.alpha, noiseThreshold: compare.noiseThreshold });
    await fs.writeFile(path.join(folder, 'comparison.txt'), renderRunComparison(second) + '\n');
    await fs.writeFile(path.join(folder, 'comparison.json'), JSON.stringify({ ...second, counts: verdictCounts(second) }, undefined, 2) + '\n');
    const cells = slower.map((cell): ConfirmedCell => {
        const again = second.cells.find(candidate => cellName(candidate) === cellName(cell));
        return {
            cell: cellName(cell), firstRatio: cell.ratio.ratio, ...(again ? { secondRatio: again.ratio.ratio, secondVerdict: again.verdict } : {}),
            confirmed: again?.verdict === 'slower',
        };
    });
    return { cells, pairs: confirmPairs, seconds: pass.seconds };
}

export function confirmationText(cells: readonly ConfirmedCell[], pairs: number): string {
    return [`Confirmation (--check): the cells called slower, measured again in ${pairs} pairs on fresh processes (confirmation/):`,
        ...cells.map(cell => `  ${cell.cell}: ${cell.firstRatio.toFixed(2)}, then ${cell.secondRatio === undefined ? 'not compared'
            : `${cell.secondRatio.toFixed(2)} ${cell.secondVerdict}`}: ${cell.confirmed ? 'confirmed' : 'not confirmed'}`)].join('\n');
}
