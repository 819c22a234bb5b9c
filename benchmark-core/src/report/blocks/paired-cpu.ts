import { CpuComparison, NEGLIGIBLE_PROCESS_SHARE } from '../../compare/cpu-comparison';
import { TextGrid } from './block';
import { formatChangeRatio, formatPart } from './numbers';

/**
 * CPU per read of a `--compare` run (compare/cpu-comparison.ts): a row per cell with both sides' CPU ms per call (all the
 * processes both sides read, added up), the ratio with its interval at the cell's Holm level, the verdict, and each
 * process's own ratio, so a reader sees which process moved.
 */
export function pairedCpuGrid(cpu: CpuComparison, baseLabel: string, headLabel: string): TextGrid {
    return {
        header: ['Cell', `${baseLabel} CPU ms/read`, `${headLabel} CPU ms/read`, `${headLabel} / ${baseLabel}`, 'Verdict', 'Per process (ratio [interval])'],
        align: ['left', 'right', 'right', 'right', 'left', 'left'],
        rows: cpu.changes.map(change => [
            change.cellName, formatPart(change.baselineMsPerCall), formatPart(change.currentMsPerCall), formatChangeRatio(change.ratio), change.verdict,
            change.processes.map(entry => `${entry.process} ${entry.ratio ? formatChangeRatio(entry.ratio) : `(under ${NEGLIGIBLE_PROCESS_SHARE * 100}% of the cell's CPU)`}`
                + `${entry.verdict ? ` ${entry.verdict}` : ''}`).join('; '),
        ]),
    };
}

/** How the CPU table was made, in two sentences. */
export function pairedCpuNote(cpu: CpuComparison): string {
    const coarse = cpu.changes.some(change => change.clock === 'ticks' || change.clock === undefined);
    const clockText = coarse ? 'in part from /proc ticks (10 ms steps), where schedstat could not be read'
        : 'in nanoseconds (Linux schedstat, summed over each process\'s threads; Node processes their own microsecond cpuUsage)';
    return `CPU per read: each block's untimed CPU pass after its timed samples, read ${clockText}, paired block by block like the wall time; `
        + `a cell's verdict is on its total, ${cpu.tested === 1 ? 'one cell, with the run\'s whole alpha' : `the run's alpha shared by Holm over the ${cpu.tested} cells`}. It is shown beside the wall time and does not decide --check.`;
}
