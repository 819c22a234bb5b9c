/**
 * The files of a comparison run: `blocks/` as they are measured, each side's merged results, the comparison, the report
 * and `run.json`.
 */
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
    ComparisonCheck, ComparisonReportOptions, ComparisonSide, decideGate, DEFAULT_COUNT_CHECK, DUET_DESIGN, mergeRounds, renderCountDifferences,
    renderRunComparison, ResultsDocument, RunComparison, sidesCountDifferences, validateResultsDocument, verdictCounts,
} from '@fs-perf/benchmark-core';
import { CompareRunOptions } from '../compare-options';
import { writeReport } from '../report-files';
import { ObservedAffinity } from '../../util/affinity';
import { machineRecord } from '../../util/machine';
import { OpenCells } from './open-cells';
import { OpenSide, PreparedSide } from './side';

/** Makes `<folder>/blocks/` before a pass measures anything. */
export async function makeBlocksFolder(folder: string): Promise<void> {
    await fs.mkdir(path.join(folder, 'blocks'), { recursive: true });
}

/** Writes a block as soon as it is measured, as `<folder>/blocks/NN-<side>.json` (NN its position from 01), so a run that dies keeps it. */
export async function writeBlock(folder: string, position: number, side: OpenSide, document: ResultsDocument): Promise<void> {
    await fs.writeFile(path.join(folder, 'blocks', `${String(position + 1).padStart(2, '0')}-${side.spec.side}.json`), JSON.stringify(document, undefined, 2) + '\n');
}

/** One side's block of a `--duet` pair: its core, when it ran (this process's clock), and its processes' affinity around it. */
export interface DuetBlockRecord {
    readonly label: string;
    readonly core: number;
    readonly began: string;
    readonly ended: string;
    readonly seconds: number;
    /** Every process of the side, pinned again just before the block, as /proc showed them then. */
    readonly before: readonly ObservedAffinity[];
    /** The same right after the block (processes spawned during it included). */
    readonly after: readonly ObservedAffinity[];
}

/** Writes a `--duet` pair's record as `<folder>/duet/pair-NN.json` once both its blocks are measured. */
export async function writeDuetPair(folder: string, pair: number, sides: { readonly base: DuetBlockRecord; readonly head: DuetBlockRecord }): Promise<void> {
    await fs.mkdir(path.join(folder, 'duet'), { recursive: true });
    await fs.writeFile(path.join(folder, 'duet', `pair-${String(pair).padStart(2, '0')}.json`), JSON.stringify({ pair, ...sides }, undefined, 2) + '\n');
}

/**
 * Each side's blocks of a pass merged into its results document, with its comparison metadata, written to `<folder>/results/`;
 * with `--budget`, each cell's rows only up to the look that resolved it, and the design; the rule the verdicts are decided with.
 */
export async function writeSides(sides: readonly OpenSide[], cells: OpenCells | undefined, folder: string, comparisonId: string,
    rule: ComparisonSide['rule']): Promise<{ base: ResultsDocument; head: ResultsDocument }> {
    await fs.mkdir(path.join(folder, 'results'), { recursive: true });
    const documents = new Map<string, ResultsDocument>();
    for (const side of sides) {
        const document = validateResultsDocument({
            ...mergeRounds(cells ? cells.truncate(side.blocks) : side.blocks),
            comparison: {
                id: comparisonId, side: side.spec.side, label: side.spec.label, source: side.source, positions: side.positions, starts: side.starts,
                ...(cells ? { sequential: cells.design } : {}), rule, ...(side.cores.length > 0 ? { cores: side.cores } : {}),
            },
        }, `The ${side.spec.label} side's merged blocks`);
        await fs.writeFile(path.join(folder, 'results', `${side.spec.side}.json`), JSON.stringify(document, undefined, 2) + '\n');
        documents.set(side.spec.side, document);
    }
    return { base: documents.get('base')!, head: documents.get('head')! };
}

/**
 * `<folder>/comparison.txt`, the comparison's table followed by `note`, and `<folder>/comparison.json`, the comparison
 * with its verdicts counted and `record`'s fields after them. Returns the text.
 */
export async function writeComparison(folder: string, comparison: RunComparison, record: object = {}, note = ''): Promise<string> {
    const files = comparisonFiles(comparison, record, note);
    await fs.writeFile(path.join(folder, 'comparison.txt'), files.text);
    await fs.writeFile(path.join(folder, 'comparison.json'), files.json);
    return files.text.slice(0, -1);
}

/**
 * What `--check` decides from a run's verdicts and its exact counts (a gated count that changed beyond its ranges fails it
 * too), and the counts' part of comparison.txt: for a run as it ends and for a re-analysis of its folder alike.
 */
export function checkWithCounts(comparison: RunComparison, sides: { base: ResultsDocument; head: ResultsDocument },
    groups: readonly string[] = DEFAULT_COUNT_CHECK): { check: Pick<ComparisonCheck, 'passed' | 'message'>; countsText: string } {
    const differences = sidesCountDifferences([sides.base], [sides.head]);
    const gate = decideGate(comparison, differences, groups);
    // Counts part of comparison.txt only where both sides counted (no count pass covers the trees, for one), as a re-analysis writes it.
    return { check: { passed: gate.passed, message: gate.message }, countsText: differences ? renderCountDifferences(sides.base, sides.head, groups).text : '' };
}

/** What comparison.txt and comparison.json hold, for a run as it ends and for a re-analysis of its folder alike. */
export function comparisonFiles(comparison: RunComparison, record: object = {}, note = ''): { readonly text: string; readonly json: string } {
    return {
        text: renderRunComparison(comparison) + note + '\n',
        json: JSON.stringify({ ...comparison, counts: verdictCounts(comparison), ...record }, undefined, 2) + '\n',
    };
}

/** A run that ended before its last pair: the pairs it kept, and when it began. */
export interface EndedEarly {
    readonly pairs: number;
    readonly started: number;
}

/** The report of the run's `results/` into `folder`; a run that ended early says so in its title. Returns the files written. */
export async function writeComparisonReport(folder: string, comparison: ComparisonReportOptions['comparison'], sides: { base: ResultsDocument; head: ResultsDocument },
    endedEarly?: EndedEarly): Promise<string[]> {
    return writeReport([path.join(folder, 'results')], folder, {
        comparison,
        // The model titles the report (kind of run, day, CPU, cores); a run that ended early says so in its title.
        ...(endedEarly ? {
            title: `FS Performance, comparison of ${sides.head.comparison!.label} against ${sides.base.comparison!.label}, ended early after ${endedEarly.pairs} `
                + `pair${endedEarly.pairs === 1 ? '' : 's'}: ${new Date(endedEarly.started).toISOString().slice(0, 10)}, ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores`,
        } : {}),
    });
}

/** How long the run's parts took, seconds. */
export interface RunSeconds {
    readonly seconds: number;
    readonly setupSeconds: number;
    readonly measureSeconds: number;
}

/** `run.json`: the run's options and sides, the pairs it took, the machine, its times, and why it ended early if it did. */
export async function writeRunRecord(options: CompareRunOptions, prepared: readonly PreparedSide[], pairsTaken: number, times: RunSeconds, failure?: Error): Promise<void> {
    const tenths = (seconds: number): number => Math.round(seconds * 10) / 10;
    await fs.writeFile(path.join(options.out, 'run.json'), JSON.stringify({
        compare: { ...options.compare, sides: prepared.map(side => ({ ...side.spec, source: side.source })), pairsTaken, ...(options.compare.duet ? { design: DUET_DESIGN } : {}) },
        iterations: options.iterations, warmup: options.warmup, sizes: options.sizes,
        ...options.suite && options.suite !== 'default' ? { suite: options.suite } : {},
        ...options.suite === 'trees' ? { treeSizes: options.treeSizes } : {},
        machine: machineRecord(),
        seconds: tenths(times.seconds), setupSeconds: tenths(times.setupSeconds), measureSeconds: tenths(times.measureSeconds),
        ...(failure ? { endedEarly: { pairs: pairsTaken, reason: failure.message } } : {}),
    }, undefined, 2) + '\n');
}
