/**
 * The entries of `yarn bench`'s option table (option-table.ts) that any run takes, and those of a run without --compare:
 * what is measured, how often, where, and over which link. A comparison's and a bisect's own flags: compare-flags.ts.
 */
import * as os from 'os';
import * as path from 'path';
import {
    DEFAULT_ITERATIONS, DEFAULT_TREE_SIZE_LABELS, DEFAULT_WARMUP, FIXTURE_SIZE_LABELS, ITERATIONS_RANGE, LOOPBACK, PAUSE_RANGE, PRECISION_RANGE, SETTING_KEYS,
    TREE_SIZE_LABELS, WARMUP_RANGE,
} from '@fs-perf/benchmark-core';
import { defaultTheiaCache, OLDEST_SUPPORTED_THEIA } from '../hosts/theia-release';
import { notStartedWords, urlSideTexts } from './alternated';
import { BENCH_HOSTS, BenchHost, NetworkChoice } from './bench-hosts';
import { COMPARE_DEFAULTS } from './compare-options';
import {
    BENCH_SUITES, BenchSuite, DEFAULT_BENCH_PRECISION, EVERY_RUN, flag, FlagContext, NETWORK_DEFAULTS, OWN_SERVERS, PLAIN_RUNS, TREES_DEFAULTS, WATCH_TREE_DEFAULT,
} from './option-table';
import {
    choiceArgument, hostListArgument, networkListArgument, percentageArgument, rateArgument, sizeListArgument, theiaUrlArgument, theiaVersionListArgument,
    treeListArgument, wholeNumberArgument,
} from './option-parsers';

/** Why the options of a plain run's sampling do not apply to a comparison: its design fixes them. */
const FIXED_BLOCKS = 'the blocks have a fixed number of samples (--iterations)';
const NOT_OVER_A_LINK = 'is not measured over a link yet (the reads, --suite trees and --suite writes are)';

/** The folder of a run: `--out`, else `bench-results/<date-time>` (`compare-<date-time>` for a comparison). */
function runFolder(out: string | undefined, context: FlagContext): string {
    return path.resolve(context.base, out ?? path.join('bench-results', `${context.modes.includes('compare') ? 'compare-' : ''}${context.stamp}`));
}

/** The flags of any run and of a plain run, in the help's order; each name is the flag's commander attribute name (`--no-cpu-pass`: `cpuPass`). */
export const RUN_FLAGS = {
    hosts: flag<BenchHost[]>({
        flags: '--hosts <list>', description: `comma-separated hosts (${BENCH_HOSTS.join(', ')})`, parse: hostListArgument, choices: BENCH_HOSTS,
        default: [...BENCH_HOSTS], defaultShown: 'all', modeDefaults: { compare: ['theia-browser'] }, modes: EVERY_RUN, fields: ['hosts'],
        rules: {
            inComparison: {
                when: (values, modes) => modes.includes('compare') && values.hosts!.join() !== 'theia-browser',
                refusal: values => `--compare measures two Theia builds as the theia-browser host; leave out --hosts ${values.hosts!.join(',')} (or give --hosts theia-browser).`,
            },
        },
    }),
    iterations: flag<number>({
        flags: '--iterations <n>', description: 'timed samples per scenario and size', parse: wholeNumberArgument, range: ITERATIONS_RANGE,
        default: DEFAULT_ITERATIONS, modeDefaults: { compare: COMPARE_DEFAULTS.iterations, network: NETWORK_DEFAULTS.iterations, trees: TREES_DEFAULTS.iterations }, modes: EVERY_RUN,
        fields: ['iterations'], setting: SETTING_KEYS.iterations,
    }),
    warmup: flag<number>({
        flags: '--warmup <n>', description: 'warm-up samples per scenario and size', parse: wholeNumberArgument, range: WARMUP_RANGE,
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
        parse: percentageArgument, range: PRECISION_RANGE, default: DEFAULT_BENCH_PRECISION,
        modeDefaults: { compare: 0, network: NETWORK_DEFAULTS.precision, trees: TREES_DEFAULTS.precision },
        modes: PLAIN_RUNS, notWith: { compare: FIXED_BLOCKS }, fields: ['precision'], setting: SETTING_KEYS.precision,
    }),
    rounds: flag<number>({
        flags: '--rounds <n>', description: 'measure every host n times, alternating the hosts, and merge each host\'s samples',
        parse: wholeNumberArgument, range: { min: 1, max: 20 }, default: 1, modes: PLAIN_RUNS,
        notWith: { compare: 'it alternates the two sides in pairs of blocks instead (--pairs, --budget)' }, fields: ['rounds'],
    }),
    cpuThrottle: flag<number>({
        flags: '--cpu-throttle <rate>', description: 'slow the pages\' CPU by this factor (Chromium\'s throttling), as on a slower client machine',
        parse: rateArgument, range: { min: 1, max: 20, minMeaning: 'none' }, default: 1, modes: PLAIN_RUNS,
        notWith: { compare: 'both sides\' pages run on the machine\'s own CPU' }, fields: ['cpuThrottle'],
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
        rules: {
            withoutTheiaBrowser: {
                when: values => !values.hosts!.includes('theia-browser'),
                refusal: values => `--theia-url measures the theia-browser host; add theia-browser to --hosts ${values.hosts!.join(',')}.`,
            },
        },
    }),
    theiaVersion: flag<string[]>({
        flags: '--theia-version <list>', description: `measure these Theia releases (comma-separated, e.g. 1.54.0,1.60.2,1.74.1; ${OLDEST_SUPPORTED_THEIA} or newer) `
            + 'instead of the browser app: each is built once as its own browser app (the same packages, the packed Theia extension, the VS Code extension as '
            + 'a plugin) in the cache folder',
        parse: theiaVersionListArgument, modes: PLAIN_RUNS, notWith: { compare: 'give a release as a side (e.g. base=1.74.1)' }, fields: ['theiaVersions'],
        rules: {
            withoutTheiaBrowser: {
                when: values => !values.hosts!.includes('theia-browser'),
                refusal: values => `--theia-version measures Theia releases as the theia-browser host; add theia-browser to --hosts ${values.hosts!.join(',')}.`,
            },
        },
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
    pause: flag<number>({
        flags: '--pause <ms>', description: 'before each sample, wait idle as long as the previous sample took, at most this long, so that one read\'s '
            + 'leftovers (garbage, background work) settle before the next; 0: no pause',
        parse: wholeNumberArgument, range: PAUSE_RANGE, default: 0, modeDefaults: { compare: COMPARE_DEFAULTS.pauseMs }, modes: EVERY_RUN,
        notWith: { theiaUrl: 'sets the pause of the apps this run starts; a Theia at --theia-url keeps its own (its fsPerf.pause setting): set it there, '
            + 'or leave out --pause.' },
        fields: ['pauseMs', 'compare.pauseMs'], setting: SETTING_KEYS.pause,
        // 0 is no pause: the setting is left to the editors' own default then.
        toField: (ms, context) => context.modes.includes('compare') ? ms : ms || undefined,
    }),
    suite: flag<BenchSuite>({
        flags: '--suite <name>', description: 'what to measure: default (the reads, stat and readDirectory of small files, workspace.fs.writeFile), trees (a '
            + 'stat storm, one after another and N in flight, a walk and find files over generated trees of --tree-sizes, each with a bare-Node floor; see '
            + 'docs/trees.md) or writes (writeFile of each fixture size through workspace.fs, Theia\'s FileService and bare Node, and a burst of 100 files '
            + 'of 1K created then deleted the same ways; see docs/writes.md) or watch (file watching: the time from a change made by a process outside the '
            + 'editor to createFileSystemWatcher\'s, FileService.onDidFilesChange\'s and bare fs.watch\'s event, and a burst of 1000 creations with the '
            + 'events received counted; see docs/watching.md); with --compare, the reads, the trees or the writes of two builds, in alternated blocks '
            + '(see docs/compare.md), or watch: the inotify watches of two builds on the --watch-tree tree, exact counts compared (with --bisect, '
            + '--cell "Theia browser, inotify watches, OPENING")',
        parse: choiceArgument, choices: BENCH_SUITES, default: 'default',
        modes: EVERY_RUN, fields: ['suite'],
        rules: {
            watchInComparison: {
                // --gate is refused by its own rule (it names cells of the reads).
                conflictsWith: ['pairs', 'budget', 'duet', 'restartEvery', 'warmupBlock', 'checkCounts', 'bisectExit'],
                when: (values, modes) => values.suite === 'watch' && modes.includes('compare'),
                refusal: '--compare --suite watch compares exact inotify watch counts (each side opens the tree once, again where a count differs), '
                    + 'not alternated blocks: leave out --pairs, --budget, --duet, --restart-every, --no-warmup-block, --check-counts and --bisect-exit.',
            },
            inBisect: {
                conflictsWith: ['bisect', 'resume', 'bisectExit'], when: values => values.suite !== 'default' && values.suite !== 'watch',
                refusal: values => `a bisect follows a cell of the reads or a watch count; leave out --suite ${values.suite} (a comparison of the ${values.suite} `
                    + `of two builds is --compare with --suite ${values.suite}).`,
            },
            withUrlSide: {
                conflictsWith: ['compare'], when: values => values.suite !== 'default' && urlSideTexts(values.compare).length > 0,
                refusal: values => values.suite === 'watch'
                    ? `--suite watch starts each side on the --watch-tree tree, and ${notStartedWords(urlSideTexts(values.compare))}: give a release, a folder of `
                        + 'tarballs or a checkout (or leave out --suite).'
                    : `--suite ${values.suite} sets the scenarios${values.suite === 'trees' ? ' and generates the trees' : ''} of the apps a `
                    + `comparison starts, and ${notStartedWords(urlSideTexts(values.compare))}: give a release, a folder of tarballs or a checkout (or leave out --suite).`,
            },
        },
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
            + 'node_modules watched, once excluded in the user\'s settings, once in the workspace\'s and once while it runs (files.watcherExclude), after '
            + 'the latencies: its server\'s inotify watches, CPU time and memory, read from /proc (Linux), or none; see docs/watching.md',
        parse: choiceArgument, choices: [...TREE_SIZE_LABELS, 'none'], default: WATCH_TREE_DEFAULT, modes: ['watch'], fields: ['watchTree'],
        rules: {
            noneInComparison: {
                when: (values, modes) => values.watchTree === 'none' && modes.includes('compare'),
                refusal: '--compare --suite watch compares the watches each side holds on the --watch-tree tree: give 1k, 10k or 100k, not none.',
            },
        },
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
