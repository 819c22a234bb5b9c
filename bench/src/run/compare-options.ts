/** The options of `yarn bench --compare` and its defaults (the run: compare/index.ts). */
import { CellKey, ComparisonSide, SCENARIO_CATALOG, SequentialRunDesign, WRITE_SCENARIO_IDS } from '@fs-perf/benchmark-core';

/** What a side of `--compare` is, as the user wrote it. */
export interface CompareSideSpec {
    readonly side: ComparisonSide['side'];
    /** The side's name in the report: `base` / `head`, or the user's `label=` prefix. */
    readonly label: string;
    readonly kind: 'release' | 'tarballs' | 'checkout' | 'url';
    /** The version, the absolute folder, or the URL. */
    readonly value: string;
}

/** `--bisect-exit`'s decision (compare/bisect-exit.ts): the followed cell (bisect/cell.ts) and the way that makes a commit bad. */
export interface BisectExit {
    readonly cell: CellKey;
    readonly direction: 'slower' | 'faster';
}

export interface CompareOptions {
    readonly sides: readonly [CompareSideSpec, CompareSideSpec];
    /** Pairs of blocks (each side measured this many times, alternated). */
    readonly pairs: number;
    readonly alpha: number;
    /** Fraction (0.05 = 5%). */
    readonly noiseThreshold: number;
    /** Exit 1 when a cell is significantly slower beyond the threshold. */
    readonly check: boolean;
    /** `--check-counts`: the groups of exact counts (`round-trips`, `messages`, `bytes`) whose change fails `--check`. */
    readonly checkCounts?: readonly string[];
    /** `--bisect-exit`: the exit code is `git bisect run`'s, from this cell's verdict (compare/bisect-exit.ts); `check`'s is not used. */
    readonly bisectExit?: BisectExit;
    /**
     * `--budget`: sample until every cell is resolved (slower, faster, or no change within the noise threshold) or this
     * many seconds of measuring are spent, instead of a fixed number of pairs.
     */
    readonly budgetSeconds?: number;
    /** `--restart-every`: pairs measured in one start of both sides' processes; 0: one start for the whole run. */
    readonly restartEvery: number;
    /** `--pause`: before each sample, an idle wait as long as the previous sample took, at most this many ms (0: none). */
    readonly pauseMs: number;
    /**
     * After each start of a side, an untimed block (one sample of every case, no warm-up) before its counted block
     * (default; `--no-warmup-block`: one more warm-up round in the counted block instead).
     */
    readonly warmupBlock?: boolean;
    /**
     * `--duet`: both sides' blocks of a pair at the same time, on fresh processes every pair, each side's processes pinned
     * to a core of its own and the cores swapped every pair (compare/duet.ts).
     */
    readonly duet?: boolean;
    /**
     * The scenarios each side's apps run, when not every comparison scenario (a bisect's step: the followed cell's
     * scenario and one floor beside it, so the run's alpha is shared by 2 cells, not 5).
     */
    readonly scenarios?: CompareScenarios;
    /**
     * `--gate`: the cells that gate a budgeted run (they share its alpha, the run samples until they are resolved, only
     * they fail `--check`), or `all`; absent, the suite's default ({@link DEFAULT_GATE} for the reads, every cell otherwise).
     */
    readonly gate?: readonly CellKey[] | 'all';
}

/**
 * The reads' default gate: the plugin's and `FileService`'s reads of 10000K in Theia's browser app, the two cells an RPC
 * or file-service change moves most (issue 54). A run that measures neither (e.g. `--sizes 500K`) gates on every cell.
 */
export const DEFAULT_GATE: readonly CellKey[] = [
    { host: { editor: 'theia', runtime: 'browser', extensionKind: 'plugin' }, scenarioId: SCENARIO_CATALOG.vscodeReadFile.id, target: '10000K' },
    { host: { editor: 'theia', runtime: 'browser', extensionKind: 'extension' }, scenarioId: SCENARIO_CATALOG.theiaFileServiceReadFile.id, target: '10000K' },
];

/**
 * How far a significant estimate must lie from 1 to be called slower or faster in a budgeted run (at most the noise
 * threshold): 2%, so a change of about the noise threshold is caught in most runs instead of about half (issue 54).
 */
export const FLAG_THRESHOLD = 0.02;

/**
 * How a budgeted run's looks test a cell's pairs: the paired t-test of their log ratios. Its reach does not grow with
 * the pairs as the exact signed-rank test's does (2 / 2^n), and over the committed A/A runs' blocks (heavy tails included)
 * it held its 5% at 6 to 30 pairs where the signed-rank test, discrete, spent only 2.4-3.4% of it; gated, the power to
 * catch +8% on the plugin's 10000K read rose from 0.80 to 0.86 at 12 pairs (issue 54; benchmark-core's
 * sequential-run.test.ts). The exact signed-rank p-value stays beside it in the report, a cross-check.
 */
export const PAIRED_TEST: NonNullable<SequentialRunDesign['test']> = 't';

/** The scenarios a comparison runs: the plugin's ("Run Benchmark") and the Theia extension's ("Run All"), each at least one. */
export interface CompareScenarios {
    readonly plugin: readonly string[];
    readonly theia: readonly string[];
}

/** The suites a comparison can measure in alternated blocks (file watching's load is read once a host, not in blocks). */
export const COMPARE_SUITES = ['default', 'trees', 'writes'] as const;
export type CompareSuite = typeof COMPARE_SUITES[number];

/**
 * The scenarios a comparison of a suite runs in the apps it starts, unless a bisect's step follows one cell: the reads'
 * (below); of the trees, each editor's stat storm with calls in flight and its walk, the paths users' code takes, and
 * the bare-Node storm of each process beside them as its floor (the sequential storm, find files and the walks' floors
 * are left out: at 1k the sequential storm alone takes longer than the rest of a block, and the pairs it would cost
 * decide more cells of these); of the writes, every write scenario.
 */
export function compareSuiteScenarios(suite: CompareSuite = 'default'): CompareScenarios {
    switch (suite) {
        case 'trees': return {
            plugin: [SCENARIO_CATALOG.vscodeTreeStatParallel.id, SCENARIO_CATALOG.vscodeTreeWalk.id, SCENARIO_CATALOG.extensionHostNodeTreeStatParallel.id],
            theia: [SCENARIO_CATALOG.theiaTreeStatParallel.id, SCENARIO_CATALOG.theiaTreeWalk.id, SCENARIO_CATALOG.theiaBackendTreeStatParallel.id],
        };
        case 'writes': return { plugin: [...WRITE_SCENARIO_IDS.vscode], theia: [...WRITE_SCENARIO_IDS.theia] };
        default: return { plugin: COMPARE_PLUGIN_SCENARIOS, theia: COMPARE_THEIA_SCENARIOS };
    }
}

/** The targets of a comparison's blocks, the ones its progress and `--budget` follow: its trees (`1k`) for the trees, else its fixture sizes. */
export function compareBlockTargets(options: Pick<CompareRunOptions, 'suite' | 'sizes' | 'treeSizes'>): readonly string[] {
    return options.suite === 'trees' ? options.treeSizes ?? [] : options.sizes;
}

/** The sequential design of `--budget`: the first look after 8 pairs, then every 4, at most 200 pairs. */
export const SEQUENTIAL_MIN_PAIRS = 8;
export const SEQUENTIAL_LOOK_EVERY = 4;
export const SEQUENTIAL_MAX_PAIRS = 200;

/** The options of a comparison run (the bench's, with `--iterations` the timed samples of each block). */
export interface CompareRunOptions {
    readonly compare: CompareOptions;
    readonly iterations: number;
    readonly warmup: number;
    readonly sizes: string[];
    /**
     * `--suite`: what the blocks measure, the reads (`default`, also when absent), the big trees (`trees`: the blocks'
     * targets are `treeSizes`) or the writes (`writes`); `compare.scenarios` says which of its scenarios.
     */
    readonly suite?: CompareSuite;
    /** `--tree-sizes` of a comparison of the trees: the generated trees each block measures (`1k`). */
    readonly treeSizes?: readonly string[];
    /** `--watch-tree` of a comparison of watching (`--suite watch`): the tree each side opens; its inotify watches are compared, not blocks. */
    readonly watchTree?: string;
    /** Each block's cases get a CPU pass after their timed samples ({@link COMPARE_DEFAULTS}`.cpuPassMs` long), paired as the wall time is. */
    readonly cpuPass: boolean;
    readonly out: string;
    readonly theiaCache?: string;
    readonly force?: boolean;
    readonly vsix: string;
    readonly log: (message: string) => void;
    readonly progress: (host: string) => (text: string) => void;
}

/**
 * Defaults of a comparison run, where they differ from a plain `yarn bench`. Without `--pairs` it samples until each gated
 * cell is resolved, for at most `budgetMinutes` of measuring: 15, a CI job's time, which at the AMD EPYC VM's 80 s a pair
 * (issue 54's runs) buys the 11 pairs that catch +8% on the plugin's 10000K read in 85% of simulated runs (9 pairs, the
 * 13 minutes before: 70%); `pairs` is what `--budget`'s absence with `--pairs` alone does not override.
 */
export const COMPARE_DEFAULTS = { pairs: 14, budgetMinutes: 15, iterations: 5, warmup: 1, sizes: ['500K', '5000K', '10000K'], restartEvery: 1, pauseMs: 500, warmupBlock: true, cpuPassMs: 250 } as const;

/**
 * The scenarios a comparison runs in the apps it starts: the reads through Theia's RPC (the plugin's, FileService's, and
 * the RPC transport of an in-memory buffer) and the two that never touch it (the backend's own disk read, the plugin
 * host's in-host read), which tell a change of the RPC path from one of the machine. The Node fs service (the transport
 * plus the disk read), stream, HTTP, write and small-file scenarios are left out: the time they would take buys more
 * pairs of these within about 10 minutes.
 */
export const COMPARE_THEIA_SCENARIOS = [SCENARIO_CATALOG.theiaFileServiceReadFile.id, SCENARIO_CATALOG.theiaDiskFloor.id, SCENARIO_CATALOG.theiaRpcTransport.id];
export const COMPARE_PLUGIN_SCENARIOS = [SCENARIO_CATALOG.vscodeReadFile.id, SCENARIO_CATALOG.extensionHostNodeReadFile.id];

/**
 * What a comparison that follows one cell measures: that cell's scenario, and beside it the floor of the other
 * extension (each extension runs at least one scenario): the plugin host's in-host read beside a Theia cell, the
 * backend's disk read beside a plugin cell. A floor says whether the machine itself moved between the builds.
 */
export function followedCellScenarios(cell: Pick<CellKey, 'host' | 'scenarioId'>): CompareScenarios {
    const plugin = cell.host.extensionKind === 'plugin';
    const floor = plugin ? SCENARIO_CATALOG.theiaDiskFloor.id : SCENARIO_CATALOG.extensionHostNodeReadFile.id;
    return plugin
        ? { plugin: [cell.scenarioId], theia: [floor] }
        : { plugin: [floor], theia: [cell.scenarioId] };
}
