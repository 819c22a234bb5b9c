/**
 * The verdict of one or more `yarn bench --compare` run folders, as a CI step shows it (`yarn report --check RUN...`, the
 * GitHub Action, the final job of a matrix): each folder re-analysed from its results with the rule it recorded, then one
 * verdict over all of them, first line first, one row a gated cell, and the jobs that failed or gave no verdict named.
 * A folder that is missing, is not a comparison run or ended before its comparison is no pass: it is an error, named.
 */
import { promises as fs } from 'fs';
import * as path from 'path';
import { cellDisplayName, CellChange, formatRatioInterval, formatSupported } from '@fs-perf/benchmark-core';
import { reanalyseComparisonRun } from './reanalyse';
import { watchCellName } from './bisect/cell';
import { decideCounts, watchCheck, WatchCountCell } from './compare/watch-comparison';

/** One gated cell of a run as the summary shows it. */
export interface GatedCellRow {
    /** `host, scenario, size`, as `--gate` and `--cell` take it. */
    readonly cell: string;
    readonly baseMs: string;
    readonly headMs: string;
    /** Head / base with its interval, `1.09 [1.02, 1.16]`. */
    readonly ratio: string;
    readonly verdict: CellChange['verdict'];
}

/** One run folder's verdict: `error` where there is none to give (and why, in `message`). */
export interface RunVerdict {
    /** The job's name: the folder's own name (a matrix job's artifact, downloaded, is a folder of that name). */
    readonly job: string;
    readonly folder: string;
    readonly verdict: 'passed' | 'failed' | 'error';
    /** The check's line (`Check passed: …`, `Check failed: …`), or why the folder has no verdict. */
    readonly message: string;
    /** The sides' labels, base first. */
    readonly sides?: readonly [string, string];
    readonly gated: readonly GatedCellRow[];
    /** Pairs taken, measuring minutes and the machine, from run.json. */
    readonly run?: { readonly pairs: number; readonly measureMinutes: number; readonly machine: string };
}

/** Every folder's verdict and the one verdict over them: passed only when every folder passed. */
export interface MergedVerdict {
    readonly verdict: 'passed' | 'failed' | 'error';
    readonly runs: readonly RunVerdict[];
    /** The jobs that failed their check, then those that gave no verdict. */
    readonly failed: readonly string[];
    readonly errors: readonly string[];
}

interface RunRecord {
    readonly compare?: { readonly pairsTaken?: number; readonly sides?: readonly { readonly side: string; readonly label: string }[] };
    readonly measureSeconds?: number;
    /** A watch comparison's whole time (it has no measuring apart from its set-up). */
    readonly seconds?: number;
    readonly machine?: { readonly cpu?: string; readonly cpus?: number };
    readonly endedEarly?: { readonly pairs: number; readonly reason: string };
}

async function readJson(file: string): Promise<unknown> {
    return JSON.parse(await fs.readFile(file, 'utf8')) as unknown;
}

async function exists(file: string): Promise<boolean> {
    return fs.access(file).then(() => true, () => false);
}

/** Whether `folder` holds a comparison run's record (`run.json` with `compare`), whatever became of the run. */
export async function isComparisonRunFolder(folder: string): Promise<boolean> {
    const file = path.join(folder, 'run.json');
    if (!await exists(file)) {
        return false;
    }
    const record = await readJson(file).catch(() => undefined) as RunRecord | undefined;
    return typeof record?.compare === 'object';
}

function gatedRows(cells: readonly CellChange[]): GatedCellRow[] {
    // A run without a gate (made before issue 54, or with --pairs) gates on every cell.
    const gated = cells.some(cell => cell.gated !== undefined) ? cells.filter(cell => cell.gated) : cells;
    return gated.map(cell => ({
        cell: cellDisplayName(cell), baseMs: formatSupported(cell.baseline.medianMs, cell.baseline.intervalMs),
        headMs: formatSupported(cell.current.medianMs, cell.current.intervalMs), ratio: formatRatioInterval(cell.ratio), verdict: cell.verdict,
    }));
}

function machineName(record: RunRecord): string {
    const machine = record.machine ?? {};
    return `${machine.cpu ?? 'unknown CPU'}${machine.cpus ? `, ${machine.cpus} cores` : ''}`;
}

/** The verdict of one run folder, `job` its name (default: the folder's own name). Never throws for a bad folder: it is an `error`. */
export async function readRunVerdict(folder: string, job = path.basename(path.resolve(folder))): Promise<RunVerdict> {
    const error = (message: string): RunVerdict => ({ job, folder, verdict: 'error', message, gated: [] });
    if (!await exists(folder)) {
        return error(`no run folder ${folder}: the job ended before yarn bench made it, or its artifact was not downloaded`);
    }
    if (!await isComparisonRunFolder(folder)) {
        return error(`${folder} is not a yarn bench --compare run folder (no run.json naming a comparison)`);
    }
    const record = await readJson(path.join(folder, 'run.json')) as RunRecord;
    const labels = record.compare?.sides;
    const sides = labels && labels.length === 2 ? [labels.find(side => side.side === 'base')?.label ?? labels[0].label, labels.find(side => side.side === 'head')?.label ?? labels[1].label] as const : undefined;
    // A run that ended early (a side died, or its comparison failed) decided nothing, whatever its pairs so far say.
    if (record.endedEarly) {
        return { ...error(`no verdict in ${folder}: the run ended after ${record.endedEarly.pairs} pairs: ${record.endedEarly.reason}`), ...(sides ? { sides } : {}) };
    }
    if (await exists(path.join(folder, 'watch-comparison.json'))) {
        return { ...await watchRunVerdict(folder, sides), job, ...(sides ? { sides } : {}), run: { pairs: 0, measureMinutes: Math.round((record.seconds ?? 0) / 6) / 10, machine: machineName(record) } };
    }
    if (!await exists(path.join(folder, 'results', 'base.json')) || !await exists(path.join(folder, 'results', 'head.json'))) {
        return { ...error(`no comparison in ${folder}: its results/ are missing`), ...(sides ? { sides } : {}) };
    }
    let again: Awaited<ReturnType<typeof reanalyseComparisonRun>>;
    try {
        again = await reanalyseComparisonRun(folder);
    } catch (cause) {
        return { ...error(`${folder} could not be analysed: ${(cause as Error).message}`), ...(sides ? { sides } : {}) };
    }
    return {
        job, folder, verdict: again.check.passed ? 'passed' : 'failed', message: again.check.message, ...(sides ? { sides } : {}), gated: gatedRows(again.comparison.cells),
        run: { pairs: record.compare?.pairsTaken ?? 0, measureMinutes: Math.round((record.measureSeconds ?? 0) / 6) / 10, machine: machineName(record) },
    };
}

/**
 * A watch comparison's verdict (`--compare --suite watch`, compare/watch-comparison.ts): its counts decided again by the
 * same rule, every opening gated (more watches on the head fail).
 */
async function watchRunVerdict(folder: string, sides: readonly [string, string] | undefined): Promise<Pick<RunVerdict, 'folder' | 'verdict' | 'message' | 'gated'>> {
    const labels = { base: sides?.[0] ?? 'base', head: sides?.[1] ?? 'head' };
    try {
        const written = await readJson(path.join(folder, 'watch-comparison.json')) as { cells: WatchCountCell[] };
        const cells = decideCounts(written.cells);
        const check = watchCheck(cells, labels);
        return {
            folder, verdict: check.passed ? 'passed' : 'failed', message: check.message,
            gated: cells.map(cell => ({
                cell: watchCellName({ target: cell.variant }), baseMs: `${cell.base.join(', ')} watches`, headMs: `${cell.head.join(', ')} watches`,
                ratio: cell.ratio.toFixed(3), verdict: cell.verdict,
            })),
        };
    } catch (cause) {
        return { folder, verdict: 'error', message: `${folder} could not be read as a watch comparison: ${(cause as Error).message}`, gated: [] };
    }
}

/** One verdict over `runs`: failed when any check failed, an error when none failed but one gave no verdict, else passed. */
export function mergeVerdicts(runs: readonly RunVerdict[]): MergedVerdict {
    const failed = runs.filter(run => run.verdict === 'failed').map(run => run.job);
    const errors = runs.filter(run => run.verdict === 'error').map(run => run.job);
    return { verdict: failed.length > 0 ? 'failed' : errors.length > 0 || runs.length === 0 ? 'error' : 'passed', runs, failed, errors };
}

/**
 * The verdict's first line, as the job summary's heading and the terminal say it: the run named where there is one,
 * else each run that failed or gave no verdict.
 */
export function verdictLine(merged: MergedVerdict): string {
    const several = merged.runs.length > 1;
    const of = several ? ` (${merged.runs.length} comparisons)` : '';
    if (merged.verdict === 'passed') {
        return `fs-perf --check passed${of}: no gated cell is slower`;
    }
    const named = several ? [...merged.failed.map(job => `${job} failed`), ...merged.errors.map(job => `${job} gave no verdict`)] : [...merged.failed, ...merged.errors];
    return `fs-perf ${merged.verdict === 'failed' ? '--check failed' : 'gave no verdict'}${of}: ${named.join(', ') || 'no run folder given'}`;
}

const escapeCell = (text: string): string => text.replace(/\|/g, '\\|');

/**
 * The job summary (GitHub-flavoured Markdown): the verdict first, then one row a gated cell of every run, then each
 * run's check line; details stay in the run folders (report.md, report.html).
 */
export function verdictMarkdown(merged: MergedVerdict): string {
    const several = merged.runs.length > 1;
    const lines = [`### ${verdictLine(merged)}`, ''];
    const rows = merged.runs.flatMap(run => run.gated.map(row => ({ run, row })));
    if (rows.length > 0) {
        lines.push(`| ${several ? 'Job | ' : ''}Gated cell | base ms | head ms | head / base [95%] | Verdict |`, `|${several ? '---|' : ''}---|---:|---:|---:|---|`);
        for (const { run, row } of rows) {
            lines.push(`| ${several ? `${escapeCell(run.job)} | ` : ''}${escapeCell(row.cell)} | ${row.baseMs} | ${row.headMs} | ${row.ratio} | ${row.verdict} |`);
        }
        lines.push('');
    }
    for (const run of merged.runs) {
        const sides = run.sides ? ` (${run.sides[1]} against ${run.sides[0]})` : '';
        const measured = run.run ? ` ${run.run.pairs} pairs, ${run.run.measureMinutes} min of measuring on ${run.run.machine}.` : '';
        lines.push(`- **${escapeCell(run.job)}**${sides}: ${run.message}${measured}`);
    }
    lines.push('', 'Each run folder holds the whole report (report.md, report.html, comparison.txt) and every block measured.');
    return lines.join('\n') + '\n';
}

/**
 * The step's outputs in `$GITHUB_OUTPUT`'s format: `verdict` (passed, failed or error), `failed` (the jobs that failed or
 * gave no verdict, comma-separated), `headline` (the first line) and `run-folder` (the first run's folder).
 */
export function githubOutputs(merged: MergedVerdict): string {
    const outputs: Record<string, string> = {
        verdict: merged.verdict, failed: [...merged.failed, ...merged.errors].join(','), headline: verdictLine(merged), 'run-folder': merged.runs[0]?.folder ?? '',
    };
    return Object.entries(outputs).map(([name, value]) => `${name}=${value.replace(/[\r\n]+/g, ' ')}\n`).join('');
}
