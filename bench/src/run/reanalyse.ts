/**
 * A `yarn bench --compare` run folder analysed again from its results: what its comparison.json and comparison.txt say
 * with today's code and the rule the run recorded. Used to re-analyse the committed runs when the analysis changes on
 * purpose (`node scripts/reanalyse-runs.js`), and by the test that holds every committed run to the code.
 */
import { promises as fs } from 'fs';
import * as path from 'path';
import { checkCountGroups, compareRuns, parseResultsDocument, RunComparison } from '@fs-perf/benchmark-core';
import { checkWithCounts, comparisonFiles } from './compare/run-files';

/** What a comparison run wrote, as it would write it now. */
export interface ReanalysedRun {
    readonly comparison: RunComparison;
    /** comparison.json's content. */
    readonly json: string;
    /** comparison.txt's content. */
    readonly text: string;
    /** What `--check` decides, as comparison.json records it. */
    readonly check: { readonly passed: boolean; readonly message: string };
}

/**
 * Re-analyses `folder` (its `results/base.json` and `head.json`, and its `run.json` for the rule of runs that did not yet
 * record it in their results). The confirming pass of `--check` was measured, not analysed: a run that made one keeps
 * its recorded check, confirmation and their text.
 */
export async function reanalyseComparisonRun(folder: string): Promise<ReanalysedRun> {
    const read = async (file: string): Promise<string> => fs.readFile(path.join(folder, file), 'utf8');
    const [base, head] = await Promise.all(['base.json', 'head.json'].map(async name => parseResultsDocument(await read(path.join('results', name)), name)));
    const run = JSON.parse(await read('run.json')) as { sizes: string[]; compare: { alpha: number; noiseThreshold: number } };
    // A run that ended before writing its comparison (its results are written first) is analysed all the same.
    type Recorded = { check?: { passed: boolean; message: string }; confirmation?: unknown };
    const committed = await read('comparison.json').then(text => JSON.parse(text) as Recorded, (): Recorded => ({}));
    const comparison = compareRuns([base], [head], { minSize: run.sizes[0], alpha: run.compare.alpha, noiseThreshold: run.compare.noiseThreshold });
    // The gate's check, with comparison.txt's counts part where both sides counted, as the run wrote them (the count groups it gated on).
    const withCounts = checkWithCounts(comparison, { base, head }, checkCountGroups(base.comparison));
    const check = committed.confirmation && committed.check ? committed.check : withCounts.check;
    const record = { check: { passed: check.passed, message: check.message }, ...(committed.confirmation ? { confirmation: committed.confirmation } : {}) };
    // The confirming pass's words were measured, not analysed: kept as the run wrote them.
    const previousText = committed.confirmation ? await read('comparison.txt') : '';
    const confirmationAt = previousText.indexOf('\nConfirmation (--check):');
    const note = committed.confirmation && confirmationAt >= 0 ? previousText.slice(confirmationAt, -1) : withCounts.countsText;
    const { json, text } = comparisonFiles(comparison, record, note);
    return { comparison, json, text, check: record.check };
}
