/**
 * The confirming pass of `--check`: the cells the first pass called slower measured again, and its word on each. Kept
 * apart so that the two-pass design can be replaced or removed in one place.
 */
import * as path from 'path';
import { cellName, ComparisonCheck, compareRuns, RunComparison } from '@fs-perf/benchmark-core';
import { CompareRunOptions } from '../compare-options';
import { measurePass } from './pass';
import { writeComparison, writeSides } from './run-files';
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

/** The confirming pass: its word on each cell, its pairs and how long it took. */
export interface Confirmation {
    readonly cells: ConfirmedCell[];
    readonly pairs: number;
    readonly seconds: number;
}

/**
 * The confirming pass of `--check`: the sizes of the cells the first pass called slower, measured again in as many pairs
 * (at least 6, the fewest an interval needs) on fresh processes, in `confirmation/`. A cell is confirmed only when that
 * pass calls it slower too; two independent passes must both raise it, so a false alarm of one pass (about 5% a cell)
 * fails the check only about 5% of those times.
 */
export async function confirmSlower(prepared: readonly PreparedSide[], options: CompareRunOptions, comparison: RunComparison, pairs: number,
    comparisonId: string): Promise<Confirmation> {
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
    const rule = { minSize: sizes[0], alpha: compare.alpha, noiseThreshold: compare.noiseThreshold };
    const { base, head } = await writeSides(pass.sides, pass.cells, folder, `${comparisonId}-confirmation`, rule);
    const second = compareRuns([base], [head], rule);
    await writeComparison(folder, second);
    const cells = slower.map((cell): ConfirmedCell => {
        const again = second.cells.find(candidate => cellName(candidate) === cellName(cell));
        return {
            cell: cellName(cell), firstRatio: cell.ratio.ratio, ...(again ? { secondRatio: again.ratio.ratio, secondVerdict: again.verdict } : {}),
            confirmed: again?.verdict === 'slower',
        };
    });
    return { cells, pairs: confirmPairs, seconds: pass.seconds };
}

/** The check after the confirming pass: it fails only on the cells that pass called slower too. */
export function confirmedCheck(check: ComparisonCheck, confirmation: Confirmation, cellCount: number): ComparisonCheck {
    const confirmed = confirmation.cells.filter(cell => cell.confirmed);
    const count = confirmation.cells.length;
    return confirmed.length > 0
        ? { ...check, passed: false, message: `Check failed: ${confirmed.length} of ${cellCount} cells slower, confirmed by a second pass on fresh `
            + `processes: ${confirmed.map(cell => `${cell.cell} (ratio ${cell.firstRatio.toFixed(2)}, then ${cell.secondRatio!.toFixed(2)})`).join('; ')}.` }
        : { ...check, passed: true, message: `Check passed: the ${count} cell${count === 1 ? '' : 's'} the first pass called `
            + `slower ${count === 1 ? 'was' : 'were'} not confirmed by a second pass on fresh processes `
            + `(${confirmation.cells.map(cell => `${cell.cell}: ${cell.secondVerdict ?? 'not compared'}`).join('; ')}).` };
}

/** The confirming pass's lines under the comparison's table in `comparison.txt` and on the terminal. */
export function confirmationText(confirmation: Confirmation): string {
    return [`Confirmation (--check): the cells called slower, measured again in ${confirmation.pairs} pairs on fresh processes (confirmation/):`,
        ...confirmation.cells.map(cell => `  ${cell.cell}: ${cell.firstRatio.toFixed(2)}, then ${cell.secondRatio === undefined ? 'not compared'
            : `${cell.secondRatio.toFixed(2)} ${cell.secondVerdict}`}: ${cell.confirmed ? 'confirmed' : 'not confirmed'}`)].join('\n');
}
