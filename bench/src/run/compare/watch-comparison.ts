/**
 * `yarn bench --compare BASE HEAD --suite watch` (issue 55): the inotify watches each side's server holds once settled on
 * the `--watch-tree` tree, in each opening of watcher-load.ts. A count needs no statistics: each side opens the tree
 * once; where a count differs between the sides, both open it again, and a count is changed when the ranges the two
 * sides' readings span do not meet (the rule of the exact message counts). The CPU and memory are read and reported with
 * the readings they come from, never a verdict (one or two readings have no interval). With `--check`, more watches on
 * the head fail it.
 */
import { promises as fs } from 'fs';
import * as path from 'path';
import { median, parseTreeSizeList, Verdict, WatcherLoad } from '@fs-perf/benchmark-core';
import { defaultTheiaCache, packTheiaExtension } from '../../hosts/theia-release';
import { DisposableCollection } from '../../util/disposable';
import { machineRecord } from '../../util/machine';
import { CompareRunOptions } from '../compare-options';
import { minutes } from '../format';
import { generateWatchTree, measureOpenings, StartOnTree, WATCHER_LOAD_VARIANTS } from '../watcher-load';
import { prepareSide } from './prepare-side';

/** One opening's watches on each side, every reading, and what they say. */
export interface WatchCountCell {
    /** The opening (`node_modules excluded`, ...). */
    readonly variant: string;
    readonly base: readonly number[];
    readonly head: readonly number[];
    /** `slower`: the head holds more watches than every reading of the base; `faster`: fewer; `inconclusive`: the ranges meet but differ. */
    readonly verdict: Verdict;
    /** The head's median over the base's (1 when both are 0). */
    readonly ratio: number;
}

/** Total watches of an opening over all its processes. */
function watchesOf(load: WatcherLoad, variant: string): number | undefined {
    const found = load.variants.find(each => each.name === variant);
    return found?.processes.reduce((sum, process) => sum + process.inotifyWatches, 0);
}

/** The verdict of two sides' readings of one count: a change where their ranges do not meet. */
export function countVerdict(base: readonly number[], head: readonly number[]): Verdict {
    const [baseLow, baseHigh, headLow, headHigh] = [Math.min(...base), Math.max(...base), Math.min(...head), Math.max(...head)];
    if (headLow > baseHigh) {
        return 'slower';
    }
    if (headHigh < baseLow) {
        return 'faster';
    }
    return baseLow === baseHigh && headLow === headHigh && baseLow === headLow ? 'no change' : 'inconclusive';
}

/** Each opening's cell decided from its readings (as written, or read again from a run's watch-comparison.json). */
export function decideCounts(readings: readonly Pick<WatchCountCell, 'variant' | 'base' | 'head'>[]): WatchCountCell[] {
    return readings.map(({ variant, base, head }) => {
        const ratio = base.length === 0 || head.length === 0 ? 1 : median(base) === 0 ? Math.max(1, median(head)) : median(head) / median(base);
        return { variant, base: [...base], head: [...head], verdict: base.length > 0 && head.length > 0 ? countVerdict(base, head) : 'inconclusive', ratio };
    });
}

/** Each opening's cell from the sides' loads (one a round), in the openings' order. */
export function watchCountCells(base: readonly WatcherLoad[], head: readonly WatcherLoad[]): WatchCountCell[] {
    const names = [...new Set([...base, ...head].flatMap(load => load.variants.map(variant => variant.name)))];
    const readings = (loads: readonly WatcherLoad[], variant: string): number[] =>
        loads.map(load => watchesOf(load, variant)).filter((count): count is number => count !== undefined);
    return decideCounts(names.map(variant => ({ variant, base: readings(base, variant), head: readings(head, variant) })));
}

/** Whether another round is needed: one reading a side so far and a count that differs between them. */
export function needsSecondRound(cells: readonly WatchCountCell[]): boolean {
    return cells.some(cell => cell.base.length === 1 && cell.head.length === 1 && cell.base[0] !== cell.head[0]);
}

/** What `--check` decides: failed where the head holds more watches in an opening (those of `gate`, else every one). */
export function watchCheck(cells: readonly WatchCountCell[], labels: { base: string; head: string }, gate?: readonly string[]): { passed: boolean; message: string } {
    const gated = cells.filter(cell => gate === undefined || gate.includes(cell.variant));
    const more = gated.filter(cell => cell.verdict === 'slower');
    if (more.length === 0) {
        return { passed: true, message: `Check passed: ${labels.head} holds no more inotify watches than ${labels.base} in ${gated.map(cell => cell.variant).join(', ')}.` };
    }
    return {
        passed: false,
        message: `Check failed: ${labels.head} holds more inotify watches than ${labels.base}: `
            + `${more.map(cell => `${cell.variant} ${cell.head.join('/')} against ${cell.base.join('/')}`).join('; ')}.`,
    };
}

/** The comparison's text: a line an opening, with every reading and its verdict. */
export function watchComparisonText(cells: readonly WatchCountCell[], labels: { base: string; head: string }, tree: string): string {
    const word = (verdict: Verdict): string => verdict === 'slower' ? 'more' : verdict === 'faster' ? 'fewer' : verdict;
    return [
        `inotify watches of ${labels.head} against ${labels.base} with the ${tree} tree open (each reading one opening; a change where the sides' ranges do not meet):`,
        ...cells.map(cell => `  ${cell.variant}: ${cell.head.join(', ')} against ${cell.base.join(', ')}: ${word(cell.verdict)}`
            + `${cell.verdict === 'slower' || cell.verdict === 'faster' ? ` (${Math.abs(median(cell.head) - median(cell.base))} ${word(cell.verdict)})` : ''}`),
    ].join('\n');
}

/** The report's markdown: the verdicts, then each reading's CPU and memory of the file watcher, as read. */
export function watchComparisonMarkdown(cells: readonly WatchCountCell[], loads: { base: readonly WatcherLoad[]; head: readonly WatcherLoad[] },
    labels: { base: string; head: string }, check: { passed: boolean; message: string } | undefined): string {
    const word = (verdict: Verdict): string => verdict === 'slower' ? '**more**' : verdict === 'faster' ? '**fewer**' : verdict;
    const rows = (side: 'base' | 'head'): string[] => loads[side].flatMap((load, round) => load.variants.map(variant => {
        const processes = variant.processes;
        const cpu = processes.reduce((sum, process) => sum + process.cpuMs, 0);
        const rss = processes.reduce((sum, process) => sum + process.rssKiB, 0);
        return `| ${labels[side]} | ${round + 1} | ${variant.name} | ${processes.reduce((sum, process) => sum + process.inotifyWatches, 0)} | ${(variant.settledMs / 1000).toFixed(1)} | `
            + `${(cpu / 1000).toFixed(1)} | ${(rss / 1024).toFixed(0)} |`;
    }));
    const first = loads.base[0];
    return [
        `# inotify watches: ${labels.head} against ${labels.base}`, '',
        ...check ? [check.message, ''] : [],
        `The ${first.tree} tree (${first.files} files in ${first.folders} folders, ${first.dependencyFolders} of them in node_modules) opened once a side and opening, `
        + 'the editor started afresh each time; both sides opened it again where a count differed. A count is exact: it changed where the sides\' readings do not meet.', '',
        '| Opening | Base | Head | Verdict |', '|---|---:|---:|---|',
        ...cells.map(cell => `| ${cell.variant} | ${cell.base.join(', ')} | ${cell.head.join(', ')} | ${word(cell.verdict)} |`), '',
        'Each reading: the watches of all the server\'s processes once settled, the seconds to settle (from the workbench ready, or from the change while running), '
        + 'the CPU they had used by then and their memory after the idle window. One or two readings a side give no interval: these are not verdicts.', '',
        '| Side | Round | Opening | inotify watches | Settled (s) | CPU until settled (s) | RSS (MiB) |', '|---|---:|---|---:|---:|---:|---:|',
        ...rows('base'), ...rows('head'), '',
    ].join('\n');
}

/** What a watch comparison found, for a bisect's step. */
export interface WatchComparison {
    readonly cells: readonly WatchCountCell[];
    readonly check?: { passed: boolean; message: string };
    readonly seconds: number;
}

/**
 * Sets up both sides (one after the other), generates the tree, reads every opening on each side, a second round where a
 * count differed, and writes `watch-comparison.json`, `comparison.txt`, `report.md` and `run.json` into the run's folder.
 */
export async function runWatchComparison(options: CompareRunOptions & { readonly watchTree: string }, gate?: readonly string[]): Promise<WatchComparison> {
    const { log, compare } = options;
    const started = Date.now();
    const [baseSpec, headSpec] = compare.sides;
    const labels = { base: baseSpec.label, head: headSpec.label };
    const tree = parseTreeSizeList([options.watchTree])[0];
    log(`comparing the inotify watches of ${headSpec.label} (${headSpec.kind} ${headSpec.value}) with ${baseSpec.label} (${baseSpec.kind} ${baseSpec.value}) on the `
        + `${tree.label} tree: ${WATCHER_LOAD_VARIANTS.length} openings a side, a second round where a count differs; output in ${options.out}`);
    let packed: Promise<string> | undefined;
    const extension = (): Promise<string> => packed ??= (async () => {
        log('packing the Theia extension (npm pack in theia-extension/) for the apps');
        return packTheiaExtension(path.join(options.theiaCache ?? defaultTheiaCache(), 'packs'));
    })();
    const starts: StartOnTree[] = [];
    const sources: string[] = [];
    for (const spec of compare.sides) {
        log(`setting up ${spec.label}`);
        const side = await prepareSide(spec, options, extension);
        if (!side.openOn) {
            throw new Error(`the ${spec.label} side (${spec.value}) is a Theia someone else runs: a watch comparison starts each side on its own tree; give a release, tarballs or a checkout.`);
        }
        starts.push(side.openOn);
        sources.push(side.source);
    }
    await fs.mkdir(options.out, { recursive: true });
    const toDispose = new DisposableCollection();
    const loads: { base: WatcherLoad[]; head: WatcherLoad[] } = { base: [], head: [] };
    try {
        const watchTree = await generateWatchTree(tree, toDispose, log);
        const round = async (order: readonly ('base' | 'head')[]): Promise<void> => {
            for (const side of order) {
                const index = side === 'base' ? 0 : 1;
                loads[side].push(await measureOpenings(watchTree, { start: starts[index], log: message => log(`  ${labels[side]}: ${message}`) }));
            }
        };
        await round(['base', 'head']);
        if (needsSecondRound(watchCountCells(loads.base, loads.head))) {
            log('a count differs between the sides: both open the tree again (head first) to see whether it varies on a side');
            await round(['head', 'base']);
        }
    } finally {
        await toDispose.dispose();
    }
    const cells = watchCountCells(loads.base, loads.head);
    const check = compare.check ? watchCheck(cells, labels, gate) : undefined;
    const seconds = (Date.now() - started) / 1000;
    const text = watchComparisonText(cells, labels, tree.label);
    await fs.writeFile(path.join(options.out, 'comparison.txt'), text + '\n');
    await fs.writeFile(path.join(options.out, 'watch-comparison.json'), JSON.stringify({ kind: 'fs-perf watch comparison', tree: tree.label, cells, check, loads }, undefined, 2) + '\n');
    await fs.writeFile(path.join(options.out, 'report.md'), watchComparisonMarkdown(cells, loads, labels, check));
    await fs.writeFile(path.join(options.out, 'run.json'), JSON.stringify({
        compare: { sides: compare.sides.map((spec, index) => ({ ...spec, source: sources[index] })), check: compare.check },
        suite: 'watch', watchTree: tree.label, machine: machineRecord(), seconds: Math.round(seconds * 10) / 10,
    }, undefined, 2) + '\n');
    console.log(text);
    log(`report written: report.md, comparison.txt, watch-comparison.json in ${options.out}; done in ${minutes(seconds)}`);
    return { cells, check, seconds };
}

/** `yarn bench --compare BASE HEAD --suite watch [--check]`: the exit code, with `--check` 1 when the head holds more watches. */
export async function benchWatchCompare(options: CompareRunOptions & { readonly watchTree: string }): Promise<number> {
    const { check } = await runWatchComparison(options);
    if (!check) {
        return 0;
    }
    (check.passed ? console.log : console.error)(check.message);
    return check.passed ? 0 : 1;
}
