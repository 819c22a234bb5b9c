/**
 * The report files of a run: its results files read and validated (a run folder's rounds merged, in the order its run.json
 * records, with the hosts it did not measure), the report written.
 */
import { promises as fs } from 'fs';
import * as path from 'path';
import {
    buildComparisonReport, ComparisonReport, ComparisonReportOptions, mergeRounds, NotMeasuredHost, renderReportFiles, ResultsDocument,
} from '@fs-perf/benchmark-core';
import { readResultsFile } from '../util/workspace';
import { notMeasuredHosts, readRunRecord } from './run-record';

/** The results documents of some inputs, and the hosts their run folders record as not measured. */
export interface ResultsInputs {
    readonly documents: ResultsDocument[];
    readonly notMeasured: NotMeasuredHost[];
}

/**
 * Reads and validates results files, in the order given: files as given; folders: every `*.json` inside, or inside their
 * `results/` subfolder (a `yarn bench` run folder), or the rounds of a run folder merged. A run folder's `run.json` puts
 * its files in the order the run measured them (else by name) and says which hosts it did not measure.
 */
export async function readRunInputs(inputs: readonly string[]): Promise<ResultsInputs> {
    const documents: ResultsDocument[] = [];
    const notMeasured: NotMeasuredHost[] = [];
    for (const input of inputs) {
        const stat = await fs.stat(input).catch(() => undefined);
        if (!stat) {
            throw new Error(`${input} does not exist.`);
        }
        if (!stat.isDirectory()) {
            documents.push(await readResultsFile(input));
            continue;
        }
        const record = await readRunRecord(input);
        const order = record?.outcomes.map(outcome => outcome.host) ?? [];
        documents.push(...await readRunRounds(input, order) ?? await Promise.all((await folderResultsFiles(input, order)).map(readResultsFile)));
        notMeasured.push(...record ? notMeasuredHosts(record.outcomes, record.runs) : []);
    }
    if (documents.length === 0) {
        throw new Error('No results files given: pass one or more results JSON files or folders of them.');
    }
    return { documents, notMeasured };
}

/** The results documents of `inputs` (see {@link readRunInputs}). */
export async function readResultsInputs(inputs: readonly string[]): Promise<ResultsDocument[]> {
    return (await readRunInputs(inputs)).documents;
}

/** `items` (sorted) in the order of their keys in `order`, the ones it does not name after them, as they were. */
function inRunOrder<T>(items: readonly T[], keyOf: (item: T) => string, order: readonly string[]): T[] {
    const rank = (item: T): number => order.includes(keyOf(item)) ? order.indexOf(keyOf(item)) : order.length;
    return [...items].sort((a, b) => rank(a) - rank(b));
}

/** A folder's results files (those of its `results/` subfolder where it has one), `<host>.json` in the run's `order`. */
async function folderResultsFiles(input: string, order: readonly string[]): Promise<string[]> {
    const folder = await fs.stat(path.join(input, 'results')).then(inner => inner.isDirectory() ? path.join(input, 'results') : input, () => input);
    const names = (await fs.readdir(folder)).filter(name => name.endsWith('.json') && !name.startsWith('.')).sort();
    return inRunOrder(names, name => name.slice(0, -'.json'.length), order).map(name => path.join(folder, name));
}

/**
 * A `yarn bench --rounds N` run folder's hosts merged from `rounds/<host>-<round>.json`, in the run's `order`, so that
 * every row records its rounds (which a comparison takes as its units); undefined for a folder without rounds.
 */
async function readRunRounds(folder: string, order: readonly string[]): Promise<ResultsDocument[] | undefined> {
    const roundsFolder = path.join(folder, 'rounds');
    const names = await fs.readdir(roundsFolder).catch(() => undefined);
    const byHost = new Map<string, { round: number; file: string }[]>();
    for (const name of names ?? []) {
        const match = /^(.+)-(\d+)\.json$/.exec(name);
        if (match) {
            byHost.set(match[1], [...byHost.get(match[1]) ?? [], { round: Number(match[2]), file: path.join(roundsFolder, name) }]);
        }
    }
    if (byHost.size === 0) {
        return undefined;
    }
    const documents: ResultsDocument[] = [];
    for (const host of inRunOrder([...byHost.keys()].sort(), host => host, order)) {
        const rounds = byHost.get(host)!.sort((a, b) => a.round - b.round);
        documents.push(mergeRounds(await Promise.all(rounds.map(({ file }) => readResultsFile(file)))));
    }
    return documents;
}

/**
 * Reads and validates results files (see `readResultsInputs`), then writes the report into `outDirectory`:
 * report.md, report.html, benchmark-action.json and the charts as standalone SVG files (for a README or a
 * wiki). Returns the paths written; `onReport` gets the report first (e.g. to print its headline).
 */
export async function writeReport(inputs: readonly string[], outDirectory: string, options: ComparisonReportOptions = {},
    onReport?: (report: ComparisonReport) => void): Promise<string[]> {
    const { documents, notMeasured } = await readRunInputs(inputs);
    // Hosts given by the caller (yarn bench, which knows its own) stand for the ones a run folder records.
    const report = buildComparisonReport(documents, { ...options, notMeasured: options.notMeasured ?? notMeasured });
    onReport?.(report);
    await fs.mkdir(outDirectory, { recursive: true });
    const written: string[] = [];
    for (const file of renderReportFiles(report)) {
        const target = path.join(outDirectory, file.name);
        await fs.writeFile(target, file.content);
        written.push(target);
    }
    return written;
}
