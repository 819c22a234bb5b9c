#!/usr/bin/env node
/**
 * `yarn bench:compare BASELINE CURRENT`: compares two runs cell by cell (same host, scenario and size) from
 * their samples, e.g. two `yarn bench` run folders, or results saved before and after a change to the RPC
 * layer: faster, slower, no change or inconclusive per cell; with `--check`, exits 1 when the gate fails (compare/gate.ts): a
 * cell is slower, or an exact count it gates on changed beyond its range.
 */
import { Command } from 'commander';
import * as path from 'path';
import { checkCountGroups, compareRuns, decideGate, renderRunComparison, sidesCountDifferences, verdictCounts } from '@fs-perf/benchmark-core';
import { COMPARE_COMMAND_FLAGS, CompareCommandValues } from '../run/command-flags';
import { DEFAULT_NOISE_THRESHOLD_PERCENT } from '../run/option-table';
import { readResultsInputs } from '../run/report-files';
import { invocationFolder, parseTableCommandLine, runCli, tableCommand } from './command-line';

/** `yarn bench:compare`'s commander program: its flags from its option table (run/command-flags.ts). */
function compareCommand(): Command {
    return tableCommand(new Command()
        .name('yarn bench:compare')
        .description('Compare two runs (yarn bench run folders, results files or folders of them) cell by cell from their samples: '
            + 'faster, slower, no change or inconclusive.')
        .argument('<baseline>', 'the earlier run')
        .argument('<current>', 'the run to compare with it'), COMPARE_COMMAND_FLAGS);
}

/** The exit code when the command line is refused or asks only for --help, else undefined (the comparison may run). */
export function checkCommandLine(argv: readonly string[]): number | undefined {
    return parseTableCommandLine(compareCommand(), COMPARE_COMMAND_FLAGS, argv);
}

async function main(argv: readonly string[]): Promise<number> {
    const program = compareCommand();
    return parseTableCommandLine(program, COMPARE_COMMAND_FLAGS, argv) ?? compare(program.opts<CompareCommandValues>(), program.args);
}

async function compare(options: CompareCommandValues, runs: readonly string[]): Promise<number> {
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
}

if (require.main === module) {
    runCli(main);
}
