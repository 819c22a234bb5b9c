/**
 * Every flag of `yarn bench` in one table: its parser and range, its default (and where a kind of run has its own), the
 * kinds of run it applies with, the field of the run's options and the editor setting it becomes. The help, the refusals
 * of flags that do not apply, the options `run.json` records and the settings handed to the editors all come from here
 * (options.ts reads it for each). A new flag is one entry here and its field in `BenchOptions`.
 */
import * as os from 'os';
import * as path from 'path';
import {
    CellKey, DEFAULT_COUNT_CHECK, DEFAULT_ITERATIONS, DEFAULT_TREE_SIZE_LABELS, DEFAULT_VERDICT_RULE, DEFAULT_WARMUP, FIXTURE_SIZE_LABELS, TREE_SIZE_LABELS, ITERATIONS_RANGE, LOOPBACK, PAUSE_RANGE, PRECISION_RANGE,
    SETTING_KEYS, WARMUP_RANGE,
} from '@fs-perf/benchmark-core';
import { defaultTheiaCache, OLDEST_SUPPORTED_THEIA } from '../hosts/theia-release';
import { parseCompareSides } from './alternated';
import { BisectSeries } from './bisect/builds';
import { parseBisectCell } from './bisect/cell';
import { BENCH_HOSTS, BenchHost, NetworkChoice } from './bench-hosts';
import { COMPARE_DEFAULTS, CompareOptions } from './compare-options';
import {
    alphaArgument, choiceArgument, countCheckArgument, cpuThrottleArgument, directionArgument, hostListArgument, integerArgument, minutesArgument, networkListArgument, percentageArgument,
    sizeListArgument, theiaUrlArgument, theiaVersionListArgument, treeListArgument,
} from './option-parsers';

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
     * absent: none). A comparison's is also its `compare.pauseMs`.
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
    /** `--compare BASE HEAD`: two Theia builds measured alternately in one run (see compare/index.ts; the sides as given: alternated.ts). */
    readonly compare?: CompareOptions;
    /** `--network`: the links every host is measured over, in turn within each round (default: loopback only). */
    readonly networks: NetworkChoice[];
    /** `--bisect`: the builds a bisect searches (its steps are comparisons, with the compare flags). */
    readonly bisectSeries?: BisectSeries;
    /** `--bisect`'s value as given. */
    readonly bisectText?: string;
    /** `--cell`: the cell a bisect follows (default: the one that moved most between the endpoints). */
    readonly bisectCell?: CellKey;
    readonly bisectDirection?: 'slower' | 'faster';
    /** `--resume`: the folder of a bisect to go on with. */
    readonly resume?: string;
    /** `--bisect-exit`: the comparison's exit code is `git bisect run`'s, from `--cell`'s verdict (set as `compare.bisectExit`). */
    readonly bisectExit?: boolean;
    /** `--suite trees`, `writes` or `watch`: the big-tree scenarios, the writes or file watching instead of the reads (default: the reads). */
    readonly suite: BenchSuite;
    /** `--tree-sizes`: the generated trees of `--suite trees` (none in another run). */
    readonly treeSizes?: string[];
    /** `--watch-tree`: the generated tree `--suite watch` opens to read what watching it costs the editor's processes ('none': not at all). */
    readonly watchTree?: string;
}

/** What a run measures: the reads and the rest of the default set, the big trees, the writes, or file watching (issue 39). */
export type BenchSuite = 'default' | 'trees' | 'writes' | 'watch';
export const BENCH_SUITES: readonly BenchSuite[] = ['default', 'trees', 'writes', 'watch'];

/**
 * `--suite trees`: the big-tree scenarios of both extensions over the generated trees, each sample a whole storm, walk or
 * search (seconds at 10k files through an editor's API), so 6 timed samples (the fewest with a median interval) and one
 * warm-up, no precision target. Every option given on the command line wins.
 */
/** `--suite watch`'s tree opened for what watching it costs: the issue's 100k (about 40 s and 741 MB to generate, removed after). */
export const WATCH_TREE_DEFAULT = '100k';

export const TREES_DEFAULTS = { iterations: 6, warmup: 1, precision: 0 } as const;

/** `yarn bench` samples on until every median is known within 5% (the editors' own default is off). */
export const DEFAULT_BENCH_PRECISION = 5;
/** Significance level of a comparison's verdicts, unless `--alpha` says otherwise: the verdict rule's. */
export const DEFAULT_ALPHA = DEFAULT_VERDICT_RULE.alpha;
/** A change smaller than this, percent, is "no change", unless `--noise-threshold` says otherwise: the verdict rule's. */
export const DEFAULT_NOISE_THRESHOLD_PERCENT = Math.round(DEFAULT_VERDICT_RULE.noiseThreshold * 10_000) / 100;

import { NETWORK_DEFAULTS, RunMode } from './run-modes';

export { NETWORK_DEFAULTS, RUN_MODES, RunMode, RunModeSpec, runModes } from './run-modes';

/** What a flag's value becomes in the run's options may depend on the rest of the command line. */
export interface FlagContext {
    /** Where the user typed the command: relative paths are relative to it. */
    readonly base: string;
    /** The run's start, e.g. `2026-11-26T10-15-00Z`, for its default folder. */
    readonly stamp: string;
    readonly modes: readonly RunMode[];
    /** Whether the command line gave the flag of this table name (rather than a default). */
    given(name: string): boolean;
}

/** A field of {@link BenchOptions}, or `compare.<field>` of its {@link CompareOptions} (set in a comparison only). */
export type OptionField = keyof BenchOptions | `compare.${keyof CompareOptions}`;

export interface BenchFlag<Value> {
    /** Commander's flags, e.g. `--pairs <n>`; `--no-x` for what is on unless the flag is given. */
    readonly flags: string;
    /** The help's words; a flag of some modes only gets `with --compare: ` before them. */
    readonly description: string;
    /** The value of the command line's text, refusing what is out of range (commander's argParser); none for a switch. */
    readonly parse?: (text: string) => Value;
    readonly default?: Value;
    /** The help's words for the default where the value itself would not say it (`all`, a folder made at the start). */
    readonly defaultShown?: string;
    /** Where a kind of run has a default of its own; the flag given still wins. */
    readonly modeDefaults?: Partial<Record<'compare' | 'network' | 'trees', Value>>;
    /** The modes it applies with (any one of them); given in a run of none of them, it is refused. */
    readonly modes: readonly RunMode[];
    /** The modes it does not apply with, each with the reason the refusal gives (see {@link RUN_MODES}). */
    readonly notWith?: Partial<Record<Exclude<RunMode, 'plain'>, string>>;
    /** The fields of the run's options it becomes. */
    readonly fields: readonly OptionField[];
    /** Its value as those fields hold it, where that differs (a percentage as a fraction, a folder resolved). */
    toField?(value: Value | undefined, context: FlagContext): unknown;
    /** The editor setting it becomes (benchmark-core's SETTING_KEYS). */
    readonly setting?: typeof SETTING_KEYS[keyof typeof SETTING_KEYS];
}

/** Any run, with --compare or without (--network, --theia-version and --theia-url come with a plain run). */
const EVERY_RUN: readonly RunMode[] = ['plain', 'compare'];
/** Any run without --compare, over a link or not, of releases or of a running Theia. */
const PLAIN_RUNS: readonly RunMode[] = ['plain'];
const COMPARE_ONLY: readonly RunMode[] = ['compare'];
/** Why the options of a plain run's sampling do not apply to a comparison: its design fixes them. */
const FIXED_BLOCKS = 'the blocks have a fixed number of samples (--iterations)';
const OWN_SERVERS = 'puts its proxy in front of servers this run starts';
const NOT_OVER_A_LINK = 'is not measured over a link yet (the reads, --suite trees and --suite writes are)';

/** Infers an entry's value type from its parser or default. */
function flag<Value>(entry: BenchFlag<Value>): BenchFlag<Value> {
    return entry;
}

/** The folder of a run: `--out`, else `bench-results/<date-time>` (`compare-<date-time>` for a comparison). */
function runFolder(out: string | undefined, context: FlagContext): string {
    return path.resolve(context.base, out ?? path.join('bench-results', `${context.modes.includes('compare') ? 'compare-' : ''}${context.stamp}`));
}

/** The table, in the help's order; each name is the flag's commander attribute name (`--no-cpu-pass`: `cpuPass`). */
export const BENCH_FLAGS = {
    hosts: flag<BenchHost[]>({
        flags: '--hosts <list>', description: `comma-separated hosts (${BENCH_HOSTS.join(', ')})`, parse: hostListArgument,
        default: [...BENCH_HOSTS], defaultShown: 'all', modeDefaults: { compare: ['theia-browser'] }, modes: EVERY_RUN, fields: ['hosts'],
    }),
    iterations: flag<number>({
        flags: '--iterations <n>', description: 'timed samples per scenario and size', parse: integerArgument('--iterations', ITERATIONS_RANGE),
        default: DEFAULT_ITERATIONS, modeDefaults: { compare: COMPARE_DEFAULTS.iterations, network: NETWORK_DEFAULTS.iterations, trees: TREES_DEFAULTS.iterations }, modes: EVERY_RUN,
        fields: ['iterations'], setting: SETTING_KEYS.iterations,
    }),
    warmup: flag<number>({
        flags: '--warmup <n>', description: 'warm-up samples per scenario and size', parse: integerArgument('--warmup', WARMUP_RANGE),
        default: DEFAULT_WARMUP, modeDefaults: { compare: COMPARE_DEFAULTS.warmup, network: NETWORK_DEFAULTS.warmup, trees: TREES_DEFAULTS.warmup }, modes: EVERY_RUN,
        fields: ['warmup'], setting: SETTING_KEYS.warmup,
    }),
    sizes: flag<string[]>({
        flags: '--sizes <list>', description: `comma-separated fixture sizes (${FIXTURE_SIZE_LABELS.join(', ')})`, parse: sizeListArgument,
        default: [...FIXTURE_SIZE_LABELS], defaultShown: 'all six', modeDefaults: { compare: [...COMPARE_DEFAULTS.sizes] }, modes: EVERY_RUN,
        fields: ['sizes'], setting: SETTING_KEYS.sizes,
    }),
    precision: flag<number>({
        flags: '--precision <percent>', description: 'sample each case on until its median\'s 95% interval is within this percentage of it (or its '
            + 'time budget is spent); 0: exactly --iterations samples',
        parse: percentageArgument('--precision', PRECISION_RANGE), default: DEFAULT_BENCH_PRECISION, modeDefaults: { compare: 0, network: NETWORK_DEFAULTS.precision, trees: TREES_DEFAULTS.precision },
        modes: PLAIN_RUNS, notWith: { compare: FIXED_BLOCKS }, fields: ['precision'], setting: SETTING_KEYS.precision,
    }),
    rounds: flag<number>({
        flags: '--rounds <n>', description: 'measure every host n times, alternating the hosts, and merge each host\'s samples',
        parse: integerArgument('--rounds', { min: 1, max: 20 }), default: 1, modes: PLAIN_RUNS,
        notWith: { compare: 'it alternates the two sides in pairs of blocks instead (--pairs, --budget)' }, fields: ['rounds'],
    }),
    cpuThrottle: flag<number>({
        flags: '--cpu-throttle <rate>', description: 'slow the pages\' CPU by this factor (Chromium\'s throttling), as on a slower client machine',
        parse: cpuThrottleArgument, default: 1, modes: PLAIN_RUNS, notWith: { compare: 'both sides\' pages run on the machine\'s own CPU' }, fields: ['cpuThrottle'],
    }),
    cpuPass: flag<boolean>({
        flags: '--no-cpu-pass', description: 'skip the CPU passes (CPU time per process, per MB moved; with --compare, CPU per read paired like the wall time) that follow the timed samples of every case of 500K and up',
        default: true, modeDefaults: { network: false }, modes: EVERY_RUN, fields: ['cpuPass'], setting: SETTING_KEYS.cpuPass,
    }),
    out: flag<string>({
        flags: '--out <dir>', description: 'folder for this run', defaultShown: 'bench-results/<date-time>; with --compare: bench-results/compare-<date-time>',
        modes: EVERY_RUN, fields: ['out'], toField: runFolder,
    }),
    theiaUrl: flag<string>({
        flags: '--theia-url <url>', description: 'measure the Theia already running at this URL (with a folder open, e.g. http://host:3000/#/path) instead of '
            + 'starting the browser app',
        parse: theiaUrlArgument, modes: PLAIN_RUNS, fields: ['theiaUrl'],
        notWith: { compare: 'give a running Theia as a side (a URL)', network: OWN_SERVERS, theiaVersion: 'builds and starts its own apps' },
    }),
    theiaVersion: flag<string[]>({
        flags: '--theia-version <list>', description: `measure these Theia releases (comma-separated, e.g. 1.54.0,1.60.2,1.74.1; ${OLDEST_SUPPORTED_THEIA} or newer) `
            + 'instead of the browser app: each is built once as its own browser app (the same packages, the packed Theia extension, the VS Code extension as '
            + 'a plugin) in the cache folder',
        parse: theiaVersionListArgument, modes: PLAIN_RUNS, notWith: { compare: 'give a release as a side (e.g. base=1.74.1)' }, fields: ['theiaVersions'],
    }),
    theiaCache: flag<string>({
        flags: '--theia-cache <dir>', description: 'where the apps of the releases and sides are built',
        defaultShown: `$FS_PERF_THEIA_CACHE, else ${defaultTheiaCache().replace(os.homedir(), '~')}`, modes: ['theiaVersion', 'compare'], fields: ['theiaCache'],
        toField: (folder, context) => folder === undefined ? undefined : path.resolve(context.base, folder),
    }),
    force: flag<boolean>({
        flags: '--force', description: 'install and build the apps again, even where the cache has them', default: false, modes: ['theiaVersion', 'compare'],
        fields: ['force'],
    }),
    compare: flag<string[]>({
        flags: '--compare <sides...>', description: 'compare two Theia builds measured alternately in one run: BASE HEAD, each [label=]a release (1.74.1), a '
            + 'folder of @theia/* tarballs, a built Theia checkout, or the URL of a running Theia (see README, "Compare two builds of Theia")',
        modes: COMPARE_ONLY, notWith: { network: OWN_SERVERS }, fields: ['compare.sides'],
        // A bisect names its sides at each step.
        toField: (sides, context) => sides === undefined && (context.given('bisect') || context.given('resume')) ? undefined : parseCompareSides(sides ?? [], context.base),
    }),
    bisect: flag<string>({
        flags: '--bisect <builds>', description: 'find the build that moved a cell: GOOD..BAD (every published Theia release from GOOD to BAD, e.g. 1.54.0..1.74.1) '
            + 'or a=SRC,b=SRC,... (builds in order, each a release, a folder of @theia/* tarballs or a built Theia checkout); each step a --compare '
            + '(see docs/bisect.md)',
        modes: COMPARE_ONLY, fields: ['bisectText'],
    }),
    cell: flag<string>({
        flags: '--cell <cell>', description: 'with --bisect: the cell to follow (with --bisect-exit: whose verdict is the exit code), "host, scenario, size" as the '
            + 'report names it (e.g. "Theia browser (plugin), vscode.workspace.fs.readFile, 5K")', defaultShown: 'the cell that moved most between the endpoints', modes: COMPARE_ONLY, fields: ['bisectCell'],
        toField: text => text === undefined ? undefined : parseBisectCell(text),
    }),
    direction: flag<string>({
        flags: '--direction <way>', description: 'with --bisect: the way the cell moved from GOOD to BAD (with --bisect-exit: the way that makes HEAD bad), slower or faster', parse: directionArgument,
        default: 'slower', modes: COMPARE_ONLY, fields: ['bisectDirection'],
    }),
    resume: flag<string>({
        flags: '--resume <dir>', description: 'go on with the bisect in this folder (its bisect.json): its finished steps are kept', modes: COMPARE_ONLY,
        fields: ['resume'], toField: (folder, context) => folder === undefined ? undefined : path.resolve(context.base, folder),
    }),
    bisectExit: flag<boolean>({
        flags: '--bisect-exit', description: 'exit codes for git bisect run, from --cell\'s verdict (HEAD the commit under test): 0 no change (or moved the other '
            + 'way), 1 moved the --direction way, 125 inconclusive or HEAD cannot be built, started or measured (git skips the commit), 128 a refused command '
            + 'line or a BASE that cannot be set up (git stops); see docs/bisect.md',
        default: false, modes: COMPARE_ONLY, fields: ['bisectExit'],
    }),
    pairs: flag<number>({
        flags: '--pairs <n>', description: 'a fixed number of pairs of alternated blocks, instead of sampling until resolved (--budget)',
        parse: integerArgument('--pairs', { min: 2, max: 100 }), modes: COMPARE_ONLY, fields: ['compare.pairs'],
        // Not a default to show: without --pairs the budget decides how many pairs are taken.
        toField: pairs => pairs ?? COMPARE_DEFAULTS.pairs,
    }),
    alpha: flag<number>({
        flags: '--alpha <p>', description: 'false-alarm rate of the whole run: with --budget shared by its cells (Holm) and spent over the looks; with --pairs, '
            + 'the level of p-values adjusted for the number of cells',
        parse: alphaArgument, default: DEFAULT_ALPHA, modes: COMPARE_ONLY, fields: ['compare.alpha'],
    }),
    noiseThreshold: flag<number>({
        flags: '--noise-threshold <percent>', description: 'a change smaller than this is "no change"',
        parse: percentageArgument('--noise-threshold', { min: 0, max: 100 }), default: DEFAULT_NOISE_THRESHOLD_PERCENT, modes: COMPARE_ONLY,
        fields: ['compare.noiseThreshold'], toField: percent => percent! / 100,
    }),
    check: flag<boolean>({
        flags: '--check', description: 'exit 1 when a cell is slower: significant at the run\'s alpha, from all its pairs, and beyond the noise threshold',
        default: false, modes: COMPARE_ONLY,
        fields: ['compare.check'],
    }),
    checkCounts: flag<string[]>({
        flags: '--check-counts <groups>', description: 'which exact counts fail --check when they change beyond the range they varied over between '
            + 'reads of one side: a comma-separated list of round-trips, messages, bytes, or none',
        parse: countCheckArgument, default: [...DEFAULT_COUNT_CHECK], modes: COMPARE_ONLY, fields: ['compare.checkCounts'],
    }),
    budget: flag<number>({
        flags: '--budget <minutes>', description: 'sample until every cell is resolved (slower, faster, or no change within the noise threshold) or this many '
            + 'minutes of measuring are spent (--pairs takes a fixed number instead)',
        parse: minutesArgument, default: COMPARE_DEFAULTS.budgetMinutes, modes: COMPARE_ONLY, fields: ['compare.budgetSeconds'],
        toField: (minutes, context) => context.given('pairs') ? undefined : minutes! * 60,
    }),
    restartEvery: flag<number>({
        flags: '--restart-every <pairs>', description: 'stop and start both sides\' processes (backend, plugin host, page) afresh every this many pairs, '
            + 'the side started first alternating; 0: one start for the whole run',
        parse: integerArgument('--restart-every', { min: 0, max: 100 }), default: COMPARE_DEFAULTS.restartEvery, modes: COMPARE_ONLY,
        fields: ['compare.restartEvery'],
    }),
    pause: flag<number>({
        flags: '--pause <ms>', description: 'before each sample, wait idle as long as the previous sample took, at most this long, so that one read\'s '
            + 'leftovers (garbage, background work) settle before the next; 0: no pause',
        parse: integerArgument('--pause', PAUSE_RANGE), default: 0, modeDefaults: { compare: COMPARE_DEFAULTS.pauseMs }, modes: EVERY_RUN,
        notWith: { theiaUrl: 'sets the pause of the apps this run starts; a Theia at --theia-url keeps its own (its fsPerf.pause setting): set it there, '
            + 'or leave out --pause.' },
        fields: ['pauseMs', 'compare.pauseMs'], setting: SETTING_KEYS.pause,
        // 0 is no pause: the setting is left to the editors' own default then.
        toField: (ms, context) => context.modes.includes('compare') ? ms : ms || undefined,
    }),
    warmupBlock: flag<boolean>({
        flags: '--no-warmup-block', description: 'one more warm-up round in the first block after each start of a side, instead of an untimed block (one '
            + 'sample of every case) before it',
        default: COMPARE_DEFAULTS.warmupBlock, modes: COMPARE_ONLY, fields: ['compare.warmupBlock'],
    }),
    duet: flag<boolean>({
        flags: '--duet', description: 'both sides\' blocks of a pair at the same time on fresh processes, each side\'s processes (backend, plugin host, '
            + 'browser) pinned to a core of its own with taskset, the cores swapped every pair (duet benchmarking; needs 2 cores, taskset, and no side at a URL)',
        default: false, modes: COMPARE_ONLY, fields: ['compare.duet'],
    }),
    suite: flag<BenchSuite>({
        flags: '--suite <name>', description: 'what to measure: default (the reads, stat and readDirectory of small files, workspace.fs.writeFile), trees (a '
            + 'stat storm, one after another and N in flight, a walk and find files over generated trees of --tree-sizes, each with a bare-Node floor; see '
            + 'docs/trees.md) or writes (writeFile of each fixture size through workspace.fs, Theia\'s FileService and bare Node, and a burst of 100 files '
            + 'of 1K created then deleted the same ways; see docs/writes.md) or watch (file watching: the time from a change made by a process outside the '
            + 'editor to createFileSystemWatcher\'s, FileService.onDidFilesChange\'s and bare fs.watch\'s event, and a burst of 1000 creations with the '
            + 'events received counted; see docs/watching.md); with --compare, the reads, the trees or the writes of two builds, in alternated blocks '
            + '(see docs/compare.md)',
        parse: choiceArgument('--suite', BENCH_SUITES), default: 'default', modes: EVERY_RUN,
        fields: ['suite'],
    }),
    treeSizes: flag<string[]>({
        flags: '--tree-sizes <list>', description: `comma-separated generated trees (${TREE_SIZE_LABELS.join(', ')}); the workspace gets them before the hosts start `
            + '(about 0.4 s and 8 MB on disk for 1k, 4 s and 77 MB for 10k, 15-40 s and 741 MB for 100k, which is opt-in)',
        // Over a link every call of a storm pays its crossings: 1k's sequential storm alone takes about 50 s a sample over cable.
        // A comparison's blocks alternate many times: 1k's storms take seconds a block, 10k's a minute.
        parse: treeListArgument, default: [...DEFAULT_TREE_SIZE_LABELS], modeDefaults: { compare: ['1k'], network: ['1k'] }, modes: ['trees'],
        fields: ['treeSizes'], setting: SETTING_KEYS.treeSizes,
        // Only a run of the trees has trees: the other runs leave the editors' setting alone.
        toField: (sizes, context) => context.modes.includes('trees') ? sizes : undefined,
    }),
    watchTree: flag<string>({
        flags: '--watch-tree <size>', description: `the generated tree (${TREE_SIZE_LABELS.join(', ')}) each host opens as its workspace, once with its `
            + 'node_modules watched and once excluded (files.watcherExclude), after the latencies: its server\'s inotify watches, CPU time and memory, read '
            + 'from /proc (Linux), or none; see docs/watching.md',
        parse: choiceArgument('--watch-tree', [...TREE_SIZE_LABELS, 'none']), default: WATCH_TREE_DEFAULT, modes: ['watch'], notWith: { compare: 'compares alternated blocks, and the watcher load is read once a host' },
        fields: ['watchTree'],
        // Only a run of watching opens the tree.
        toField: (size, context) => context.modes.includes('watch') ? size : undefined,
    }),
    network: flag<NetworkChoice[]>({
        flags: '--network <list>', description: 'measure every host with the page on the far side of these links, in turn: loopback, lan, cable, dsl, or '
            + 'your own rtt=40ms,down=50mbit,up=10mbit (see README, "Cloud IDE over a network"); emulated by Toxiproxy',
        parse: networkListArgument, default: [LOOPBACK], defaultShown: 'loopback', modes: EVERY_RUN, fields: ['networks'],
        // The reads, the trees (each storm and walk against its link floor) and the writes (each against its wire or link
        // floor) are measured over a link; watching not yet.
        notWith: { watch: NOT_OVER_A_LINK },
    }),
};

export type FlagName = keyof typeof BENCH_FLAGS;
/** A flag's value as the command line (or a default) gives it. */
export type FlagValue<Name extends FlagName> = typeof BENCH_FLAGS[Name] extends BenchFlag<infer Value> ? Value : never;
export type FlagValues = { readonly [Name in FlagName]?: FlagValue<Name> };

/** The table's entries with their names, in its order. */
export function benchFlags(): [FlagName, BenchFlag<unknown>][] {
    return Object.entries(BENCH_FLAGS) as [FlagName, BenchFlag<unknown>][];
}
