#!/usr/bin/env node
/**
 * `yarn bench`: measures every host this machine has, for real, and writes a comparison report.
 *
 * Sets up what is missing first (the browser app's bundle, the packaged extension, code-server), then,
 * one host after the other (they must not compete for the 2 cores):
 * - Theia browser app in headless Chromium: "FS Perf: Run All with Options..." from the palette (the
 *   Theia extension's scenarios, then the VS Code extension's as a plugin), or a Theia already running
 *   at `--theia-url`;
 * - VS Code (code-server + headless Chromium): "FS Perf: Run Benchmark" from the palette;
 * - Theia Electron app through Playwright's Electron support, where an Electron binary exists;
 * - desktop VS Code through @vscode/test-electron, where it can be had.
 * A host that cannot run here is listed with its reason, in the terminal and in the report.
 *
 * Output: a folder per run with `results/<host>.json` (raw results), `report.md`, `report.html`,
 * `benchmark-action.json` and `run.json` (what ran, how long it took, what was skipped and why).
 */
import { Command, Option } from 'commander';
import * as os from 'os';
import { DEFAULT_ITERATIONS, DEFAULT_WARMUP, FIXTURE_SIZE_LABELS, ITERATIONS_RANGE, LOOPBACK, PAUSE_RANGE, PRECISION_RANGE, WARMUP_RANGE } from '@fs-perf/benchmark-core';
import { findElectronBinary } from '../hosts/theia-app';
import { hasDisplay } from '../hosts/vscode-desktop';
import { defaultTheiaCache, OLDEST_SUPPORTED_THEIA } from '../hosts/theia-release';
import { COMPARE_DEFAULTS } from '../run/compare-options';
import { bench } from '../run/bench';
import { BENCH_HOSTS } from '../run/bench-hosts';
import {
    alphaArgument, cpuThrottleArgument, hostListArgument, integerArgument, minutesArgument, networkListArgument, percentageArgument, sizeListArgument,
    theiaUrlArgument, theiaVersionListArgument,
} from '../run/option-parsers';
import { BenchArguments, benchOptions, BenchOptions, DEFAULT_ALPHA, DEFAULT_BENCH_PRECISION, DEFAULT_NOISE_THRESHOLD_PERCENT } from '../run/options';
import { benchRequest, checkBeforeStarting, expectedDuration, machineEnvironment } from '../run/preflight';
import { log } from '../run/progress';
import { invocationFolder, parseCommandLine, runCli } from './command-line';
import { stopOnSignals } from './stop-on-signals';

/** `yarn bench`'s command line: the run's options, or the exit code when it should not run (after --help, or a usage error it printed). */
export function parseBenchArguments(argv: readonly string[], base: string): BenchOptions | number {
    const program = new Command()
        .name('yarn bench')
        .description('Measure every host on this machine (Theia browser app, VS Code in code-server, Theia Electron, desktop VS Code) and write a comparison report.')
        .addOption(new Option('--hosts <list>', `comma-separated hosts (${BENCH_HOSTS.join(', ')})`).default([...BENCH_HOSTS], 'all').argParser(hostListArgument))
        .addOption(new Option('--iterations <n>', 'timed samples per scenario and size').default(DEFAULT_ITERATIONS).argParser(integerArgument('--iterations', ITERATIONS_RANGE)))
        .addOption(new Option('--warmup <n>', 'warm-up samples per scenario and size').default(DEFAULT_WARMUP).argParser(integerArgument('--warmup', WARMUP_RANGE)))
        .addOption(new Option('--sizes <list>', `comma-separated fixture sizes (${FIXTURE_SIZE_LABELS.join(', ')})`).default([...FIXTURE_SIZE_LABELS], 'all six').argParser(sizeListArgument))
        .addOption(new Option('--precision <percent>', 'sample each case on until its median\'s 95% interval is within this percentage of it (or its time budget is spent); 0: exactly --iterations samples')
            .default(DEFAULT_BENCH_PRECISION).argParser(percentageArgument('--precision', PRECISION_RANGE)))
        .addOption(new Option('--rounds <n>', 'measure every host n times, alternating the hosts, and merge each host\'s samples').default(1).argParser(integerArgument('--rounds', { min: 1, max: 20 })))
        .addOption(new Option('--cpu-throttle <rate>', 'slow the pages\' CPU by this factor (Chromium\'s throttling), as on a slower client machine').default(1)
            .argParser(cpuThrottleArgument))
        .option('--no-cpu-pass', 'skip the CPU passes (CPU time per process, per MB moved) that follow the timed samples of every case of 500K and up')
        .option('--out <dir>', 'folder for this run (default: bench-results/<date-time>)')
        .addOption(new Option('--theia-url <url>', 'measure the Theia already running at this URL (with a folder open, e.g. http://host:3000/#/path) instead of starting the browser app').argParser(theiaUrlArgument))
        .addOption(new Option('--theia-version <list>', `measure these Theia releases (comma-separated, e.g. 1.54.0,1.60.2,1.74.1; ${OLDEST_SUPPORTED_THEIA} or newer) instead of `
            + 'the browser app: each is built once as its own browser app (the same packages, the packed Theia extension, the VS Code extension as a plugin) in the cache folder')
            .argParser(theiaVersionListArgument))
        .option('--theia-cache <dir>', `where --theia-version builds the release apps (default: $FS_PERF_THEIA_CACHE, else ${defaultTheiaCache().replace(os.homedir(), '~')})`)
        .option('--force', 'with --theia-version or --compare: install and build the apps again, even where the cache has them')
        .option('--compare <sides...>', 'compare two Theia builds measured alternately in one run: BASE HEAD, each [label=]a release (1.74.1), a folder of '
            + '@theia/* tarballs, a built Theia checkout, or the URL of a running Theia (see README, "Compare two builds of Theia")')
        .addOption(new Option('--pairs <n>', 'with --compare: a fixed number of pairs of alternated blocks, instead of sampling until resolved (--budget)').argParser(integerArgument('--pairs', { min: 2, max: 100 })))
        .addOption(new Option('--alpha <p>', `with --compare: significance level, per cell and spent over the looks with --budget, of p-values adjusted for the number of cells with --pairs (default ${DEFAULT_ALPHA})`).argParser(alphaArgument))
        .addOption(new Option('--noise-threshold <percent>', `with --compare: a change smaller than this is "no change" (default ${DEFAULT_NOISE_THRESHOLD_PERCENT})`)
            .argParser(percentageArgument('--noise-threshold', { min: 0, max: 100 })))
        .option('--check', 'with --compare: exit 1 when a cell is significantly slower beyond the noise threshold')
        .addOption(new Option('--budget <minutes>', 'with --compare: sample until every cell is resolved (slower, faster, or no change within the '
            + `noise threshold) or this many minutes of measuring are spent (default ${COMPARE_DEFAULTS.budgetMinutes}; --pairs takes a fixed number instead)`).argParser(minutesArgument))
        .addOption(new Option('--restart-every <pairs>', 'with --compare: stop and start both sides\' processes (backend, plugin host, page) afresh '
            + `every this many pairs, the side started first alternating; 0: one start for the whole run (default ${COMPARE_DEFAULTS.restartEvery})`)
            .argParser(integerArgument('--restart-every', { min: 0, max: 100 })))
        .addOption(new Option('--pause <ms>', 'before each sample, wait idle as long as the previous sample took, at most this long, '
            + `so that one read's leftovers (garbage, background work) settle before the next; 0: no pause (default 0; with --compare ${COMPARE_DEFAULTS.pauseMs})`)
            .argParser(integerArgument('--pause', PAUSE_RANGE)))
        .option('--no-warmup-block', 'with --compare: one more warm-up round in the first block after each start of a side, instead of an untimed '
            + 'block (one sample of every case) before it')
        .addOption(new Option('--network <list>', 'measure every host with the page on the far side of these links, in turn: loopback, lan, cable, dsl, '
            + 'or your own rtt=40ms,down=50mbit,up=10mbit (see README, "Cloud IDE over a network"); emulated by Toxiproxy').default([LOOPBACK], 'loopback')
            .argParser(networkListArgument));
    const exitCode = parseCommandLine(program, argv);
    if (exitCode !== undefined) {
        return exitCode;
    }
    return benchOptions(program.opts<BenchArguments>(), name => program.getOptionValueSource(name) === 'cli', base);
}

async function main(argv: readonly string[]): Promise<number> {
    const options = parseBenchArguments(argv, invocationFolder());
    if (typeof options === 'number') {
        return options;
    }
    // Before anything is built, installed or downloaded: what this run needs, each problem with its fix.
    const environment = machineEnvironment();
    const request = benchRequest(options, argv.some(argument => argument === '--hosts' || argument.startsWith('--hosts=')));
    if (!checkBeforeStarting(request, environment)) {
        return 1;
    }
    // What the expected time counts: not a desktop host without a display (skipped, or refused above where named), nor Theia's
    // Electron app where no Electron binary is installed (skipped at once).
    const desktop = (host: string): boolean => host === 'vscode-desktop' || host === 'theia-electron';
    const measured = options.hosts.filter(host => (request.hostsGiven || !desktop(host) || hasDisplay(environment.platform, environment.env))
        && (host !== 'theia-electron' || findElectronBinary() !== undefined));
    log(`expected: ${expectedDuration(options, measured)}`);
    log(`output folder: ${options.out}`);
    stopOnSignals(log);
    return bench(options);
}

if (require.main === module) {
    runCli(main);
}
