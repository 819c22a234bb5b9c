/**
 * The measuring part of `yarn bench --compare`: a pass of alternated blocks (pass.ts), each side's blocks merged,
 * the verdicts and the report written; with `--check`, the cells the pass called slower measured again in a second,
 * independent pass on fresh processes, and the check failing only on a slowdown that pass confirms (see alternated.ts).
 */
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
    cellName, checkRunComparison, compareRuns, mergeRounds, ResultsDocument, RunComparison, renderRunComparison, validateResultsDocument, verdictCounts,
} from '@fs-perf/benchmark-core';
import { writeReport } from '../report-files';
import { CompareRunOptions } from '../compare-options';
import { comparesBefore, measurePass, minutes, PassResult, PreparedSide } from './pass';

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

/** Each side's blocks of a pass merged into its results document, with its comparison metadata, written to `<folder>/results/`. */
async function writeSides(pass: PassResult, folder: string, comparisonId: string): Promise<{ base: ResultsDocument; head: ResultsDocument }> {
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

/**
 * Measures two prepared sides alternately (pass.ts) and writes `results/<base|head>.json`, `blocks/`,
 * `comparison.txt` and `comparison.json` (the verdicts), the report and `run.json`; with `--check` and a slower cell, the
 * confirming pass in `confirmation/` (its own results, blocks and comparison). `started`: when the run began (its set-up
 * included). Returns the exit code: 1 when a side failed, or with `check` when a slowdown was confirmed.
 */
export async function measureComparison(prepared: readonly PreparedSide[], options: CompareRunOptions, started: number): Promise<number> {
    const { log, compare } = options;
    const setupSeconds = (Date.now() - started) / 1000;
    const comparisonOptions = { minSize: options.sizes[0], alpha: compare.alpha, noiseThreshold: compare.noiseThreshold };
    const pass = await measurePass(prepared, options, { sizes: options.sizes, pairs: compare.pairs, budgetSeconds: compare.budgetSeconds, folder: options.out, name: '' });
    const pairsTaken = pass.sides[0].blocks.length;
    const comparisonId = `compare-${new Date(started).toISOString()}`;
    const { base, head } = await writeSides(pass, options.out, comparisonId);
    const comparison = compareRuns([base], [head], comparisonOptions);
    let check = checkRunComparison(comparison);
    let confirmation: { cells: ConfirmedCell[]; pairs: number; seconds: number } | undefined;
    if (compare.check && !check.passed && !pass.failure) {
        confirmation = await confirmSlower(prepared, options, comparison, pairsTaken, comparisonId);
        const confirmed = confirmation.cells.filter(cell => cell.confirmed);
        check = confirmed.length > 0
            ? { ...check, passed: false, message: `Check failed: ${confirmed.length} of ${comparison.cells.length} cells slower, confirmed by a second pass on fresh `
                + `processes: ${confirmed.map(cell => `${cell.cell} (ratio ${cell.firstRatio.toFixed(2)}, then ${cell.secondRatio!.toFixed(2)})`).join('; ')}.` }
            : { ...check, passed: true, message: `Check passed: the ${confirmation.cells.length} cell${confirmation.cells.length === 1 ? '' : 's'} the first pass called `
                + `slower ${confirmation.cells.length === 1 ? 'was' : 'were'} not confirmed by a second pass on fresh processes `
                + `(${confirmation.cells.map(cell => `${cell.cell}: ${cell.secondVerdict ?? 'not compared'}`).join('; ')}).` };
    }
    const text = renderRunComparison(comparison) + (confirmation ? `\n${confirmationText(confirmation.cells, confirmation.pairs)}` : '');
    await fs.writeFile(path.join(options.out, 'comparison.txt'), text + '\n');
    await fs.writeFile(path.join(options.out, 'comparison.json'), JSON.stringify({
        ...comparison, counts: verdictCounts(comparison), check: { passed: check.passed, message: check.message },
        ...(confirmation ? { confirmation } : {}),
    }, undefined, 2) + '\n');
    const written = await writeReport([path.join(options.out, 'results')], options.out, {
        comparison: comparisonOptions,
        // The model titles the report (kind of run, day, CPU, cores); a run that ended early says so in its title.
        ...(pass.failure ? {
            title: `FS Performance, comparison of ${head.comparison!.label} against ${base.comparison!.label}, ended early after ${pairsTaken} `
                + `pair${pairsTaken === 1 ? '' : 's'}: ${new Date(started).toISOString().slice(0, 10)}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores`,
        } : {}),
    });
    const seconds = (Date.now() - started) / 1000;
    await fs.writeFile(path.join(options.out, 'run.json'), JSON.stringify({
        compare: { ...compare, sides: prepared.map(side => ({ ...side.spec, source: side.source })), pairsTaken },
        iterations: options.iterations, warmup: options.warmup, sizes: options.sizes,
        machine: { hostname: os.hostname(), cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryBytes: os.totalmem() },
        seconds: Math.round(seconds * 10) / 10, setupSeconds: Math.round(setupSeconds * 10) / 10, measureSeconds: Math.round(pass.seconds * 10) / 10,
        ...(confirmation ? { confirmSeconds: Math.round(confirmation.seconds * 10) / 10 } : {}),
        ...(pass.failure ? { endedEarly: { pairs: pairsTaken, reason: pass.failure.message } } : {}),
    }, undefined, 2) + '\n');
    console.log(text);
    log(`report written: ${written.map(file => path.relative(options.out, file)).filter(name => !name.startsWith('chart-')).join(', ')} in ${options.out}`);
    log(`done in ${minutes(seconds)} (set-up ${minutes(setupSeconds)}, measuring ${minutes(pass.seconds)}${confirmation ? `, confirming ${minutes(confirmation.seconds)}` : ''})`);
    if (pass.failure) {
        console.error(`${pass.failure.message} ${comparesBefore(pairsTaken)}`);
        return 1;
    }
    if (!compare.check) {
        return 0;
    }
    (check.passed ? console.log : console.error)(check.message);
    return check.passed ? 0 : 1;
}

/**
 * The confirming pass of `--check`: the sizes of the cells the first pass called slower, measured again in as many pairs
 * (at least 6, the fewest an interval needs) on fresh processes, in `confirmation/`. A cell is confirmed only when that
 * pass calls it slower too; two independent passes must both raise it, so a false alarm of one pass (about 5% a cell)
 * fails the check only about 5% of those times.
 */
async function confirmSlower(prepared: readonly PreparedSide[], options: CompareRunOptions, comparison: RunComparison, pairs: number,
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
    const { base, head } = await writeSides(pass, folder, `${comparisonId}-confirmation`);
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

function confirmationText(cells: readonly ConfirmedCell[], pairs: number): string {
    return [`Confirmation (--check): the cells called slower, measured again in ${pairs} pairs on fresh processes (confirmation/):`,
        ...cells.map(cell => `  ${cell.cell}: ${cell.firstRatio.toFixed(2)}, then ${cell.secondRatio === undefined ? 'not compared'
            : `${cell.secondRatio.toFixed(2)} ${cell.secondVerdict}`}: ${cell.confirmed ? 'confirmed' : 'not confirmed'}`)].join('\n');
}
