/**
 * `--bisect-exit`: the exit code of a comparison as `git bisect run` reads it, from the verdict of one cell (`--cell`).
 * git marks the commit good on 0, bad on 1 to 127 but 125, skips it on 125, and stops the bisect on 128 or more.
 *
 * The head is the commit under test, the base a build known good. Only a decided verdict names the commit: the cell
 * moved the asked way (`--direction`, slower by default) is bad; "no change", or a move the other way, is good (as the
 * bisect of builds does, compare/bisect.ts in benchmark-core: the other way is "not moved"); inconclusive is a skip, so an
 * undecided step never becomes good or bad on a coin toss. A head that cannot be built, started or measured is a skip
 * too (that commit cannot be tested); what is wrong whatever the commit (the command line, the base) stops the bisect.
 */
import { CellChange, cellDisplayName, Verdict } from '@fs-perf/benchmark-core';
import { bisectCellName, findCell } from '../bisect/cell';
import { BisectExit } from '../compare-options';

/** The codes `git bisect run` reads (see git-bisect(1), "bisect run"). */
export const GIT_BISECT_EXIT = { good: 0, bad: 1, skip: 125, stop: 128 } as const;

/** The exit code of a cell's verdict: the asked way bad, inconclusive skipped, else good. */
export function bisectExitCode(verdict: Verdict, direction: BisectExit['direction']): number {
    if (verdict === 'inconclusive') {
        return GIT_BISECT_EXIT.skip;
    }
    return verdict === direction ? GIT_BISECT_EXIT.bad : GIT_BISECT_EXIT.good;
}

const WORDS: Record<number, string> = { [GIT_BISECT_EXIT.good]: 'good', [GIT_BISECT_EXIT.bad]: 'bad', [GIT_BISECT_EXIT.skip]: 'skip', [GIT_BISECT_EXIT.stop]: 'stop' };

/** `git bisect: bad (exit 1): <why>`: the line the run ends with. */
export function bisectExitLine(code: number, why: string): string {
    return `git bisect: ${WORDS[code] ?? 'unknown'} (exit ${code}): ${why}`;
}

/**
 * The exit code of a comparison's cells and the line that says why; a cell the comparison did not measure is a skip. The
 * cell is found by its key, and named as the comparison names it.
 */
export function bisectExitOf(cells: readonly CellChange[], exit: BisectExit): { readonly code: number; readonly line: string } {
    const cell = findCell(cells, exit.cell);
    if (!cell) {
        return { code: GIT_BISECT_EXIT.skip, line: bisectExitLine(GIT_BISECT_EXIT.skip, `${bisectCellName(exit.cell)} was not measured`) };
    }
    const name = cellDisplayName(cell);
    const code = bisectExitCode(cell.verdict, exit.direction);
    const ratio = `${cell.ratio.ratio.toFixed(3)} [${cell.ratio.low.toFixed(3)}, ${cell.ratio.high.toFixed(3)}]`;
    const undecided = code === GIT_BISECT_EXIT.skip ? `, neither ${exit.direction} nor within the noise threshold: git skips this commit` : '';
    return { code, line: bisectExitLine(code, `${name} is ${cell.verdict} against the base, ${ratio}${undecided}`) };
}

/**
 * The exit code when a comparison cannot give the verdict: a head that could not be set up, started or measured is a
 * skip (that commit cannot be tested); a base that could not be set up stops the bisect (no commit can be tested).
 */
export function bisectFailureExit(side: 'base' | 'head' | 'either', error: Error): { readonly code: number; readonly line: string } {
    const code = side === 'base' ? GIT_BISECT_EXIT.stop : GIT_BISECT_EXIT.skip;
    const what = side === 'base' ? 'the base could not be set up, so no commit can be tested' : side === 'head' ? 'the head (this commit) could not be set up'
        : 'the comparison could not be measured';
    return { code, line: bisectExitLine(code, `${what}: ${error.message}`) };
}
