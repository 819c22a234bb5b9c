/**
 * What a run will take, in words, before it starts: the measuring time from the committed runs' timings (scaled by hosts,
 * releases, rounds and links), and a comparison's from its pairs and the cells it decides. The preflight's checks of the
 * machine are in preflight.ts.
 */
import { DEFAULT_ITERATIONS, DEFAULT_WARMUP, fewestPairsToDecide, FIXTURE_SIZE_LABELS, LOOPBACK, scenarioInfoById } from '@fs-perf/benchmark-core';
import { BenchHost } from './bench-hosts';
import { CompareOptions, CompareSuite, compareSuiteScenarios } from './compare-options';
import { sequentialDesign } from './compare/budget-planner';
import { minutes } from './format';
import { BenchOptions, DEFAULT_BENCH_PRECISION } from './option-table';

/**
 * Seconds one round of each host took at `yarn bench`'s defaults on a 2-core machine (docs/benchmark-2026-11-22: theia-browser
 * 367 s, vscode-server 98 s; the release apps of docs/benchmark-2026-11-22-theia-releases, at commit a70ac140ea, ~360 s a
 * round). The desktop hosts were never timed here: taken as their browser counterparts.
 */
const HOST_SECONDS: Record<BenchHost, number> = { 'theia-browser': 370, 'vscode-server': 100, 'theia-electron': 370, 'vscode-desktop': 100 };
/** Seconds per host over each built-in link at the `--network` defaults (docs/network-2026-11-25). */
const LINK_SECONDS: Record<string, Partial<Record<BenchHost, number>>> = {
    loopback: { 'theia-browser': 26, 'vscode-server': 17 }, lan: { 'theia-browser': 79, 'vscode-server': 34 },
    cable: { 'theia-browser': 163, 'vscode-server': 77 }, dsl: { 'theia-browser': 819, 'vscode-server': 387 },
};
/**
 * Seconds per host of the suites' committed runs on a 2-core Intel Xeon VM, each at its suite's defaults over loopback:
 * the trees per tree size (docs/trees-2026-11-27-1k at commit a70ac140ea; 10k: docs/trees-2026-11-27-xeon-1k-10k less its
 * 1k share), the writes at all six sizes (docs/writes-2026-11-27-xeon at commit a70ac140ea) and watching
 * (docs/watch-2026-11-27-xeon-idle).
 */
const SUITE_SECONDS: Readonly<Record<string, Partial<Record<BenchHost, number>>>> = {
    // Each host's time in docs/trees-2026-11-28-epyc-1k-10k-cpu (2-core AMD EPYC, the storms in flight with their CPU passes),
    // shared between the trees as their samples' times were.
    'trees 1k': { 'theia-browser': 133, 'vscode-server': 57 }, 'trees 10k': { 'theia-browser': 1189, 'vscode-server': 518 },
    writes: { 'theia-browser': 208, 'vscode-server': 51 }, watch: { 'theia-browser': 892, 'vscode-server': 420 },
    // The watcher load's four openings of the 100k tree a host, its generation and the churns included (docs/watch-2026-11-29-epyc-releases,
    // 2-core AMD EPYC: Theia 1.74.1 and code-server, from the tree's generation to their results).
    'watch tree 100k': { 'theia-browser': 200, 'vscode-server': 165 },
};

/** A suite's expected time from {@link SUITE_SECONDS}, or what is not timed (100k, a link, other options). */
function suiteDuration(options: BenchOptions, hostsMeasured: readonly BenchHost[]): string {
    const keys = options.suite === 'trees' ? (options.treeSizes ?? []).map(size => `trees ${size}`)
        : [options.suite, ...options.suite === 'watch' && options.watchTree && options.watchTree !== 'none' ? [`watch tree ${options.watchTree}`] : []];
    const untimed = keys.filter(key => SUITE_SECONDS[key] === undefined).map(key => key.replace('trees ', '').replace('watch tree ', 'the watcher load of '));
    const perHost = hostsMeasured.map(host => ({ host, seconds: keys.reduce((sum, key) => sum + (SUITE_SECONDS[key]?.[host] ?? 0), 0) }))
        .filter(entry => entry.seconds > 0);
    const total = perHost.reduce((sum, entry) => sum + entry.seconds, 0);
    const overLinks = options.networks.some(choice => choice !== LOOPBACK);
    const notes = [
        ...untimed.length > 0 ? [`${untimed.join(', ')} not timed${options.suite === 'trees' ? ' (a 100k tree about ten times 10k)' : ''}`] : [],
        ...overLinks ? ['over a link every call waits its round trips: the report\'s link floors say how long at least'] : [],
        ...options.suite !== 'trees' && options.sizes.length !== FIXTURE_SIZE_LABELS.length ? ['your --sizes change it'] : [],
    ];
    return `about ${minutes(total)} of measuring over loopback (${perHost.map(entry => `${entry.host} ~${minutes(entry.seconds)}`).join(', ')}, as the committed `
        + `--suite ${options.suite} runs took on a 2-core machine at the suite's defaults)${notes.length > 0 ? `; ${notes.join('; ')}` : ''}`;
}

/**
 * Seconds one pair of alternated blocks takes at `--compare`'s defaults, with `iterations` samples a block: about 50 s of
 * starts, warm-up blocks and quiet waits, and 10 s per sample of every case on both sides (at commit a70ac140ea,
 * docs/compare-2026-11-26-aa-geomean: 100 s a pair at 5 samples; compare-2026-11-26-aa-iterations-10: 150 s at 10).
 */
export function comparePairSeconds(iterations: number): number {
    return 50 + 10 * iterations;
}

/**
 * The cells of a comparison at `targetCount` targets (sizes, or trees): each scenario it runs (the followed cell's and
 * its floor, `compare.scenarios`, else the suite's: compare-options.ts) at every target, but a write burst, which is one
 * cell whatever the sizes.
 */
export function compareCellCount(compare: Pick<CompareOptions, 'scenarios'>, targetCount: number, suite: CompareSuite = 'default'): number {
    const scenarios = compare.scenarios ?? compareSuiteScenarios(suite);
    return [...scenarios.plugin, ...scenarios.theia].reduce((cells, id) => cells + (scenarioInfoById(id)?.target === 'burst' ? 1 : targetCount), 0);
}

/**
 * The measuring time of one comparison of `cells` cells: its pairs (`--pairs`), or with a budget never less than the
 * pairs its cells need to decide any of them at `compare.alpha` (the budget does not end a run before them).
 */
export function compareMeasuringSeconds(compare: Pick<CompareOptions, 'alpha' | 'noiseThreshold' | 'budgetSeconds' | 'pairs'>, iterations: number, cells: number):
    { seconds: number; fewest: number; cells: number; pairSeconds: number } {
    const pairSeconds = comparePairSeconds(iterations);
    const fewest = fewestPairsToDecide(sequentialDesign(compare), cells);
    const seconds = compare.budgetSeconds === undefined ? compare.pairs * pairSeconds : Math.max(compare.budgetSeconds, fewest * pairSeconds);
    return { seconds, fewest, cells, pairSeconds };
}

/**
 * What the run will take, in words: the measuring time from the committed runs' timings (scaled by hosts, releases, rounds
 * and links), what it leaves out (first-time setup), and whether the options differ from the timed defaults.
 */
export function expectedDuration(options: BenchOptions, hostsMeasured: readonly BenchHost[] = options.hosts): string {
    if (options.compare) {
        // With a budget, never less than the pairs the run needs to decide a cell (the budget does not end a run before
        // them), which depends on its cells: its scenarios at each size (the first pair shows the real count).
        if (options.bisectSeries || options.resume) {
            return 'each step of the bisect a comparison of two builds; the plan below says how many and how long';
        }
        const suite = options.suite === 'trees' || options.suite === 'writes' ? options.suite : 'default';
        const targets = suite === 'trees' ? options.treeSizes ?? [] : options.sizes;
        const { seconds, fewest, cells, pairSeconds } = compareMeasuringSeconds(options.compare, options.iterations, compareCellCount(options.compare, targets.length, suite));
        return `${options.compare.budgetSeconds ? `at most about ${minutes(seconds)} of alternated blocks (--budget, at least the ${fewest} pairs `
            + `of the first look of ${cells} cells; less when every gated cell is resolved sooner)`
            : `about ${minutes(seconds)} of alternated blocks (${options.compare.pairs} pairs, ~${pairSeconds} s each)`}`
            + `${options.compare.duet ? ' (timed from pairs of alternated blocks; a --duet pair runs both blocks at once)' : ''}`
            + `${suite === 'default' ? '' : ` (a pair timed as the reads' take: a block of the ${suite} takes as long as its cases do)`}`
            + ', plus building each side\'s app where the cache lacks it (a few minutes each)';
    }
    if (options.suite === 'trees' || options.suite === 'watch' || options.suite === 'writes') {
        return suiteDuration(options, hostsMeasured);
    }
    const overLinks = options.networks.some(choice => choice !== LOOPBACK);
    const releases = options.theiaVersions?.length ?? 0;
    const perHost = hostsMeasured.map(host => {
        const copies = host === 'theia-browser' && releases > 0 ? releases : 1;
        const each = overLinks
            ? options.networks.reduce((sum, choice) => sum + (LINK_SECONDS[choice === LOOPBACK ? LOOPBACK : choice.name]?.[host] ?? 0), 0)
            : HOST_SECONDS[host];
        return { host, seconds: each * copies * options.rounds };
    }).filter(entry => entry.seconds > 0);
    const total = perHost.reduce((sum, entry) => sum + entry.seconds, 0);
    const setup = [
        ...hostsMeasured.includes('theia-browser') && !options.theiaUrl ? [releases > 0 ? 'building each release app' : 'building the browser app'] : [],
        ...hostsMeasured.includes('vscode-server') ? ['installing code-server'] : [],
        ...overLinks ? ['building Toxiproxy'] : [],
    ];
    const custom = overLinks && options.networks.some(choice => choice !== LOOPBACK && !(choice.name in LINK_SECONDS));
    const differs = overLinks ? false : options.iterations !== DEFAULT_ITERATIONS || options.warmup !== DEFAULT_WARMUP
        || options.precision !== DEFAULT_BENCH_PRECISION || options.sizes.length !== FIXTURE_SIZE_LABELS.length || (options.pauseMs ?? 0) > 0;
    return `about ${minutes(total)} of measuring (${perHost.map(entry => `${entry.host}${releases > 0 && entry.host === 'theia-browser' ? ` x${releases} releases` : ''} ~${minutes(entry.seconds)}`).join(', ')}`
        + `, as timed on a 2-core machine${differs ? ' at the defaults: your --iterations, --warmup, --precision, --sizes or --pause change it' : ''})`
        + `${custom ? '; your own link is not in this estimate' : ''}${hostsMeasured.some(host => host === 'theia-electron' || host === 'vscode-desktop') ? '; a desktop host this machine cannot run is skipped at once' : ''}`
        + (setup.length > 0 ? `, plus first-time setup where missing (${setup.join(', ')}: a few minutes once)` : '');
}
