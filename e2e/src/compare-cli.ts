#!/usr/bin/env node
/**
 * `yarn bench:compare BASELINE CURRENT`: compares two runs median by median (same host, scenario and
 * size), e.g. two `yarn bench` run folders, or results saved before and after a change to the RPC layer.
 * Prints the change of every median from `--min-size` up and how many stayed within `--tolerance`;
 * with `--check`, exits 1 when any did not.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import * as path from 'path';
import { commandMain, invocationFolder, runCli } from './cli';
import { compareRuns, FIXTURE_SIZE_LABELS, renderRunComparison } from '@fs-perf/benchmark-core';
import { readResultsInputs } from './report-cli';

const main = commandMain<{ minSize: string; tolerance: number; check?: boolean }>(new Command()
    .name('yarn bench:compare')
    .description('Compare the medians of two runs (yarn bench run folders, results files or folders of them).')
    .argument('<baseline>', 'the earlier run')
    .argument('<current>', 'the run to compare with it')
    .addOption(new Option('--min-size <size>', `smallest fixture size compared (${FIXTURE_SIZE_LABELS.join(', ')})`).default('500K').choices([...FIXTURE_SIZE_LABELS]))
    .addOption(new Option('--tolerance <percent>', 'allowed change of a median, in percent').default(10).argParser(text => {
        const value = Number(text);
        if (!Number.isFinite(value) || value < 0) {
            throw new InvalidArgumentError('--tolerance must be a percentage, e.g. 10.');
        }
        return value;
    }))
    .option('--check', 'exit 1 when a median moved more than the tolerance'), async (options, runs) => {
    const [baseline, current] = await Promise.all(runs.map(input => readResultsInputs([path.resolve(invocationFolder(), input)])));
    const comparison = compareRuns(baseline, current, { minSize: options.minSize, tolerancePercent: options.tolerance });
    console.log(renderRunComparison(comparison));
    if (comparison.pairs.length === 0) {
        console.error('error: the two runs have no median in common (same host, scenario and size) to compare.');
        return 1;
    }
    return options.check && comparison.pairs.some(pair => !pair.withinTolerance) ? 1 : 0;
});

if (require.main === module) {
    runCli(main);
}
