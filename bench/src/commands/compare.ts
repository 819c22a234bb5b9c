#!/usr/bin/env node
/**
 * `yarn bench:compare BASELINE CURRENT`: compares two runs cell by cell (same host, scenario and size) from
 * their samples, e.g. two `yarn bench` run folders, or results saved before and after a change to the RPC
 * layer: faster, slower, no change or inconclusive per cell; with `--check`, exits 1 when the gate fails (compare/gate.ts): a
 * cell is slower, or an exact count it gates on changed beyond its range.
 */
import { Command, Option } from 'commander';
import * as path from 'path';
import { checkCountGroups, compareRuns, decideGate, FIXTURE_SIZE_LABELS, renderRunComparison, sidesCountDifferences, verdictCounts } from '@fs-perf/benchmark-core';
import { alphaArgument, percentageArgument } from '../run/option-parsers';
import { DEFAULT_ALPHA, DEFAULT_NOISE_THRESHOLD_PERCENT } from '../run/option-table';
import { readResultsInputs } from '../run/report-files';
import { commandMain, invocationFolder, runCli } from './command-line';

const main = commandMain<{ minSize: string; alpha: number; noiseThreshold?: number; tolerance?: number; check?: boolean; json?: boolean }>(new Command()
    .name('yarn bench:compare')
    .description('Compare two runs (yarn bench run folders, results files or folders of them) cell by cell from their samples: '
        + 'faster, slower, no change or inconclusive.')
    .argument('<baseline>', 'the earlier run')
    .argument('<current>', 'the run to compare with it')
    .addOption(new Option('--min-size <size>', `smallest fixture size compared (${FIXTURE_SIZE_LABELS.join(', ')})`).default('500K').choices([...FIXTURE_SIZE_LABELS]))
    .addOption(new Option('--alpha <p>', 'significance level of the Mann-Whitney test, its p-values adjusted for the number of cells').default(DEFAULT_ALPHA).argParser(alphaArgument))
    .addOption(new Option('--noise-threshold <percent>', `change that counts as noise: "no change" needs the ratio's interval within it, "slower" or "faster" a ratio beyond it (default: ${DEFAULT_NOISE_THRESHOLD_PERCENT})`)
        .argParser(percentageArgument('--noise-threshold', { min: 0 })))
    .addOption(new Option('--tolerance <percent>', 'deprecated: sets --noise-threshold').argParser(percentageArgument('--tolerance', { min: 0 })).conflicts('noiseThreshold'))
    .option('--check', 'exit 1 when a cell is slower (significant and beyond the noise threshold), or, where each side is one results file with exact counts, '
        + 'when a count it gates on (round trips, or the groups a --compare run recorded) changed beyond its range; inconclusive cells never fail it')
    .option('--json', 'print the comparison as JSON instead of the table'), async (options, runs) => {
    if (options.tolerance !== undefined) {
        console.error('warning: --tolerance is deprecated; it now sets --noise-threshold (a median that moved less than that is "no change", '
            + 'a larger move must also be significant to count). Use --noise-threshold.');
    }
    const noiseThresholdPercent = options.noiseThreshold ?? options.tolerance ?? DEFAULT_NOISE_THRESHOLD_PERCENT;
    const [baseline, current] = await Promise.all(runs.map(input => readResultsInputs([path.resolve(invocationFolder(), input)])));
    const comparison = compareRuns(baseline, current, { minSize: options.minSize, alpha: options.alpha, noiseThreshold: noiseThresholdPercent / 100 });
    // The gate a --compare run decides with, so the two sides of such a run get the check the run itself got.
    const check = decideGate(comparison, sidesCountDifferences(baseline, current), checkCountGroups(baseline[0]?.comparison));
    console.log(options.json
        ? JSON.stringify({ ...comparison, counts: verdictCounts(comparison), check: { passed: check.passed, message: check.message } }, undefined, 2)
        : renderRunComparison(comparison));
    if (comparison.cells.length === 0) {
        console.error('error: the two runs have no cell in common (same host, scenario and size) to compare.');
        return 1;
    }
    if (!options.check) {
        return 0;
    }
    if (!check.passed) {
        console.error(check.message);
    } else if (!options.json) {
        console.log(check.message);
    }
    return check.passed ? 0 : 1;
});

if (require.main === module) {
    runCli(main);
}
