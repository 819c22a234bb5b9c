/** The report files of a run: its results files read and validated (a run folder's rounds merged), the report written. */
import { promises as fs } from 'fs';
import * as path from 'path';
import { buildComparisonReport, ComparisonReport, ComparisonReportOptions, mergeRounds, parseResultsDocument, renderReportFiles, ResultsDocument } from '@fs-perf/benchmark-core';

/**
 * Reads and validates results files: files as given; folders: every `*.json` inside, or inside their
 * `results/` subfolder (a `yarn bench` run folder).
 */
export async function readResultsInputs(inputs: readonly string[]): Promise<ResultsDocument[]> {
    const files: string[] = [];
    const merged: ResultsDocument[] = [];
    for (const input of inputs) {
        const stat = await fs.stat(input).catch(() => undefined);
        if (!stat) {
            throw new Error(`${input} does not exist.`);
        }
        const rounds = stat.isDirectory() ? await readRunRounds(input) : undefined;
        if (rounds) {
            merged.push(...rounds);
        } else if (stat.isDirectory()) {
            const folder = await fs.stat(path.join(input, 'results')).then(inner => inner.isDirectory() ? path.join(input, 'results') : input, () => input);
            files.push(...(await fs.readdir(folder)).filter(name => name.endsWith('.json') && !name.startsWith('.')).sort().map(name => path.join(folder, name)));
        } else {
            files.push(input);
        }
    }
    if (files.length === 0 && merged.length === 0) {
        throw new Error('No results files given: pass one or more results JSON files or folders of them.');
    }
    const documents: ResultsDocument[] = [...merged];
    for (const file of files) {
        documents.push(parseResultsDocument(await fs.readFile(file, 'utf8'), file));
    }
    return documents;
}

/**
 * A `yarn bench --rounds N` run folder's hosts merged from `rounds/<host>-<round>.json`, so that every row
 * records its rounds (which a comparison takes as its units); undefined for a folder without rounds.
 */
async function readRunRounds(folder: string): Promise<ResultsDocument[] | undefined> {
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
    for (const rounds of byHost.values()) {
        const parsed = await Promise.all(rounds.sort((a, b) => a.round - b.round).map(async ({ file }) => parseResultsDocument(await fs.readFile(file, 'utf8'), file)));
        documents.push(mergeRounds(parsed));
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
    const report = buildComparisonReport(await readResultsInputs(inputs), options);
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
