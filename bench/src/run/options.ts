/**
 * What a `yarn bench` run measures and how: its options, their defaults, then the checks between options.
 */
import * as path from 'path';
import { LOOPBACK, SCENARIO_CATALOG, SCENARIO_SETTING_KEYS, SETTING_KEYS } from '@fs-perf/benchmark-core';
import { parseCompareSides } from './alternated';
import { BenchHost } from './bench-hosts';
import { COMPARE_DEFAULTS, CompareOptions } from './compare-options';
import { NetworkChoice } from './option-parsers';

// The run's parts that bench.ts takes from here.
export { BenchHost, HOST_NAMES } from './bench-hosts';
export { NetworkChoice } from './option-parsers';

export interface BenchOptions {
    readonly hosts: BenchHost[];
    readonly iterations: number;
    readonly warmup: number;
    readonly sizes: string[];
    /** Precision target, percent of each median (0: exactly `iterations` samples). */
    readonly precision: number;
    /** Times each host is measured, the hosts alternated between rounds; their samples are merged. */
    readonly rounds: number;
    /** Chromium's CPU throttling rate for the pages (1: none), a slower client machine. */
    readonly cpuThrottle: number;
    /** CPU passes after the timed samples (setting `fsPerf.cpuPass`; a `--theia-url` Theia keeps its own setting). */
    readonly cpuPass: boolean;
    /**
     * Before each sample, an idle wait as long as the previous sample took, at most this many ms (setting `fsPerf.pause`;
     * absent or 0: none). `--compare` has its own, `compare.pauseMs`.
     */
    readonly pauseMs?: number;
    readonly out: string;
    readonly theiaUrl?: string;
    /** Theia releases to measure instead of browser-app, each as its own app built in `theiaCache`. */
    readonly theiaVersions?: string[];
    /** Where the release apps are built (default {@link defaultTheiaCache}). */
    readonly theiaCache?: string;
    /** Install and build the release apps again even where the cache has them. */
    readonly force?: boolean;
    /** `--compare BASE HEAD`: two Theia builds measured alternately in one run (see alternated.ts). */
    readonly compare?: CompareOptions;
    /** `--network`: the links every host is measured over, in turn within each round (default: loopback only). */
    readonly networks: NetworkChoice[];
}


/**
 * Under an emulated link every byte of a read crosses a slow wire, so a run with `--network` measures fewer things by
 * default: the reads a cloud IDE's users wait on (a plugin's read, traced and not, VS Code's read in its extension host and
 * through its workbench, the in-host Node fs that avoids the page, Theia's FileService, its backend's disk read and an HTTP
 * fetch of the same bytes), 6 timed samples (the fewest with a median interval) and one warm-up, no precision target,
 * no CPU passes. Every option given on the command line wins.
 */
export const NETWORK_DEFAULTS = {
    iterations: 6,
    warmup: 1,
    precision: 0,
    scenarios: {
        vscode: [SCENARIO_CATALOG.vscodeReadFile.id, SCENARIO_CATALOG.vscodeReadFileWorkbench.id, SCENARIO_CATALOG.vscodeReadFileHops.id,
            SCENARIO_CATALOG.extensionHostNodeReadFile.id],
        theia: [SCENARIO_CATALOG.theiaFileServiceReadFile.id, SCENARIO_CATALOG.theiaDiskFloor.id, SCENARIO_CATALOG.theiaHttpFetch.id],
    },
} as const;


/**
 * The settings of the apps a run starts: CPU passes, the pause before each sample (`--pause`; only when asked for), and
 * with an emulated link its scenarios (else each extension's own defaults).
 */
export function runSettings(options: BenchOptions): Record<string, unknown> {
    return {
        [SETTING_KEYS.cpuPass]: options.cpuPass,
        ...options.pauseMs ? { [SETTING_KEYS.pause]: options.pauseMs } : {},
        ...options.networks.some(choice => choice !== LOOPBACK)
            ? { [SCENARIO_SETTING_KEYS.vscode]: [...NETWORK_DEFAULTS.scenarios.vscode], [SCENARIO_SETTING_KEYS.theia]: [...NETWORK_DEFAULTS.scenarios.theia] }
            : {},
    };
}


/** One thing measured: a host, or for `--theia-version` one Theia release as the theia-browser host. */
export interface BenchTarget {
    /** Results file name and log prefix: the host, or `theia-browser-<version>`. */
    readonly id: string;
    readonly host: BenchHost;
    readonly name: string;
    readonly theiaVersion?: string;
}

/** `yarn bench` samples on until every median is known within 5% (the editors' own default is off). */
export const DEFAULT_BENCH_PRECISION = 5;
/** Significance level of a comparison's verdicts, unless `--alpha` says otherwise. */
export const DEFAULT_ALPHA = 0.05;
/** A change smaller than this, percent, is "no change", unless `--noise-threshold` says otherwise. */
export const DEFAULT_NOISE_THRESHOLD_PERCENT = 5;

/** `yarn bench`'s options as commander parsed them, before the checks between them (named as on the command line). */
export type BenchArguments = Pick<BenchOptions, 'hosts' | 'iterations' | 'warmup' | 'sizes' | 'precision' | 'rounds' | 'cpuThrottle' | 'cpuPass' | 'theiaUrl'
    | 'theiaCache' | 'force'> & { readonly out?: string; readonly theiaVersion?: string[]; readonly network: NetworkChoice[];
    readonly compare?: string[]; readonly pairs?: number; readonly alpha?: number; readonly noiseThreshold?: number; readonly check?: boolean;
    readonly budget?: number; readonly restartEvery?: number; readonly pause?: number; readonly warmupBlock?: boolean; };

/**
 * A run's options from its parsed arguments: options that do not go together are refused (the reason on stderr, exit
 * code 2), then the defaults that depend on other options are applied (`--network`, `--compare`). `given(name)`: whether
 * the command line gave that option (rather than its default); relative paths are resolved against `base`.
 */
export function benchOptions(raw: BenchArguments, given: (name: string) => boolean, base: string): BenchOptions | number {
    const overLinks = raw.network.some(choice => choice !== LOOPBACK);
    if (overLinks && (raw.compare || raw.theiaUrl)) {
        console.error(`error: --network puts its proxy in front of servers this run starts; leave out ${raw.compare ? '--compare' : '--theia-url'} (or --network).`);
        return 2;
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, '-').replace(/-\d+Z$/, 'Z');
    if (raw.compare) {
        return compareArguments(raw, given, base, stamp);
    }
    const compareOnly = (['pairs', 'alpha', 'noiseThreshold', 'check', 'budget', 'restartEvery'] as const).find(name => raw[name] !== undefined)
        ?? (raw.warmupBlock === false ? 'noWarmupBlock' : undefined);
    if (compareOnly) {
        console.error(`error: --${compareOnly.replace(/[A-Z]/g, letter => `-${letter.toLowerCase()}`)} only applies with --compare.`);
        return 2;
    }
    if (raw.theiaUrl && !raw.hosts.includes('theia-browser')) {
        console.error('error: --theia-url measures the theia-browser host; add theia-browser to --hosts.');
        return 2;
    }
    if (raw.theiaUrl && raw.pause) {
        console.error('error: --pause sets the pause of the apps this run starts; a Theia at --theia-url keeps its own (its fsPerf.pause setting): '
            + 'set it there, or leave out --pause.');
        return 2;
    }
    if (raw.theiaVersion && !raw.hosts.includes('theia-browser')) {
        console.error('error: --theia-version measures Theia releases as the theia-browser host; add theia-browser to --hosts.');
        return 2;
    }
    if (raw.theiaVersion && raw.theiaUrl) {
        console.error('error: --theia-version builds and starts its own apps; leave out --theia-url (or --theia-version).');
        return 2;
    }
    if ((raw.theiaCache || raw.force) && !raw.theiaVersion) {
        console.error(`error: ${raw.theiaCache ? '--theia-cache' : '--force'} only applies with --theia-version.`);
        return 2;
    }
    const { theiaVersion, theiaCache, force } = raw;
    const linkDefault = <T>(name: string, value: T, networkValue: T): T => overLinks && !given(name) ? networkValue : value;
    return {
        hosts: raw.hosts, iterations: linkDefault('iterations', raw.iterations, NETWORK_DEFAULTS.iterations), warmup: linkDefault('warmup', raw.warmup, NETWORK_DEFAULTS.warmup),
        sizes: raw.sizes, precision: linkDefault('precision', raw.precision, NETWORK_DEFAULTS.precision), rounds: raw.rounds,
        cpuThrottle: raw.cpuThrottle, cpuPass: linkDefault('cpuPass', raw.cpuPass, false), ...(raw.pause ? { pauseMs: raw.pause } : {}),
        networks: raw.network, ...(raw.theiaUrl ? { theiaUrl: raw.theiaUrl } : {}),
        out: path.resolve(base, raw.out ?? path.join('bench-results', stamp)),
        ...(theiaVersion ? { theiaVersions: theiaVersion, theiaCache: theiaCache && path.resolve(base, theiaCache), force: force ?? false } : {}),
    };
}

/**
 * `--compare BASE HEAD`: the comparison's options. It measures the theia-browser host only (both sides are Theia builds),
 * and its defaults differ where the design needs it: `--iterations` is the timed samples of each block (5), one warm-up,
 * 500K, 5000K and 10000K, no precision target (a block has a fixed size) and no CPU passes.
 */
function compareArguments(raw: BenchArguments, given: (name: string) => boolean, base: string, stamp: string): BenchOptions | number {
    const conflicting = ['theiaUrl', 'theiaVersion', 'rounds', 'cpuThrottle', 'precision'].filter(given);
    if (conflicting.length > 0) {
        console.error(`error: --compare does not take ${conflicting.map(name => `--${name.replace(/[A-Z]/g, letter => `-${letter.toLowerCase()}`)}`).join(', ')}: `
            + 'give a running Theia as a side (a URL), and the blocks have a fixed number of samples (--iterations).');
        return 2;
    }
    if (raw.budget !== undefined && raw.pairs !== undefined) {
        console.error('error: --budget samples until every cell is resolved, --pairs takes a fixed number of pairs: give one of them.');
        return 2;
    }
    if (given('hosts') && raw.hosts.join() !== 'theia-browser') {
        console.error('error: --compare measures two Theia builds as the theia-browser host; leave out --hosts (or give --hosts theia-browser).');
        return 2;
    }
    let sides: CompareOptions['sides'];
    try {
        sides = parseCompareSides(raw.compare ?? [], base);
    } catch (error) {
        console.error(`error: ${(error as Error).message}`);
        return 2;
    }
    return {
        hosts: ['theia-browser'],
        iterations: given('iterations') ? raw.iterations : COMPARE_DEFAULTS.iterations,
        warmup: given('warmup') ? raw.warmup : COMPARE_DEFAULTS.warmup,
        sizes: given('sizes') ? raw.sizes : [...COMPARE_DEFAULTS.sizes],
        precision: 0, rounds: 1, cpuThrottle: 1, cpuPass: false, networks: [LOOPBACK],
        out: path.resolve(base, raw.out ?? path.join('bench-results', `compare-${stamp}`)),
        ...(raw.theiaCache ? { theiaCache: path.resolve(base, raw.theiaCache) } : {}),
        force: raw.force ?? false,
        compare: {
            sides, pairs: raw.pairs ?? COMPARE_DEFAULTS.pairs, alpha: raw.alpha ?? DEFAULT_ALPHA,
            noiseThreshold: (raw.noiseThreshold ?? DEFAULT_NOISE_THRESHOLD_PERCENT) / 100, check: raw.check ?? false,
            // Sampling until resolved is the default; a fixed number of pairs only when asked for.
            ...(raw.pairs !== undefined ? {} : { budgetSeconds: (raw.budget ?? COMPARE_DEFAULTS.budgetMinutes) * 60 }),
            restartEvery: raw.restartEvery ?? COMPARE_DEFAULTS.restartEvery,
            pauseMs: raw.pause ?? COMPARE_DEFAULTS.pauseMs,
            warmupBlock: raw.warmupBlock ?? COMPARE_DEFAULTS.warmupBlock,
        },
    };
}
