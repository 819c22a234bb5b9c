/**
 * The preflight every command that starts hosts runs before any build, install or download: it checks only what the
 * requested run needs (Node, Chromium, a display, code-server's platform, Go for Toxiproxy) and names the fix for each
 * problem, all at once. Pure functions over an injectable {@link PreflightEnvironment}, so each refusal is testable without
 * changing the machine; {@link machineEnvironment} is the real one.
 */
import { spawnSync } from 'child_process';
import { existsSync, readFileSync } from 'fs';
import { DEFAULT_ITERATIONS, DEFAULT_WARMUP, fewestPairsToDecide, FIXTURE_SIZE_LABELS, LOOPBACK, scenarioInfoById } from '@fs-perf/benchmark-core';
import { ChromiumLookup, findChromium, MACHINE_CHROMIUM_LOOKUP } from '../hosts/chromium';
import { CODE_SERVER_NODE_MAJOR, CODE_SERVER_VERSION } from '../hosts/code-server';
import { hasDisplay, NO_DISPLAY } from '../hosts/vscode-desktop';
import { TOXIPROXY_INSTALL_SCRIPT, TOXIPROXY_MINIMUM_GO } from '../link/toxiproxy';
import { parseCpuList } from '../util/affinity';
import { CompareOptions, CompareSuite, compareSuiteScenarios } from './compare-options';
import { sequentialDesign } from './compare/budget-planner';
import { chooseDuetCores } from './compare/duet';
import { minutes } from './format';
import { BenchHost } from './bench-hosts';
import { BenchOptions, DEFAULT_BENCH_PRECISION } from './option-table';

/** The oldest Node any part of fs-perf runs on (package.json `engines`, scripts/install-prerequisites.sh). */
export const MINIMUM_NODE_MAJOR = 20;
/** The newest Node major fs-perf was tried on (the Theia hosts); newer ones get a warning, not a refusal. */
export const NEWEST_TRIED_NODE_MAJOR = 22;

/** What the preflight looks at: the machine by default, anything in tests. */
export interface PreflightEnvironment extends ChromiumLookup {
    /** `process.version`, e.g. `v20.20.2`. */
    readonly nodeVersion: string;
    readonly platform: NodeJS.Platform;
    /** Path of an executable on PATH, like `which`; undefined where there is none. */
    which(command: string): string | undefined;
    /** A command's standard output where it exits 0, else undefined. */
    commandOutput(command: string, args: readonly string[]): string | undefined;
    /** The cores this process may run on (`nproc`'s count), undefined off Linux. */
    allowedCores(): number[] | undefined;
}

/** What a run needs checked. */
export interface PreflightRequest {
    readonly hosts: readonly BenchHost[];
    /** Whether the user named the hosts (then a host that cannot run is refused; else a desktop host without a display is skipped). */
    readonly hostsGiven: boolean;
    /** Whether an emulated link was asked for (`--network` other than loopback): Toxiproxy, or Go to build it. */
    readonly network: boolean;
    /** Whether `--compare --duet` was asked for: 2 cores to pin the sides to, and taskset to pin them with. */
    readonly duet?: boolean;
}

export interface PreflightResult {
    /** Each a reason the run cannot start, naming the fix. */
    readonly problems: string[];
    /** Things the user should know that do not stop the run. */
    readonly notes: string[];
}

function output(command: string, args: readonly string[]): string | undefined {
    const result = spawnSync(command, args, { encoding: 'utf8', timeout: 10_000 });
    return result.status === 0 ? result.stdout : undefined;
}

/** The real machine. */
export function machineEnvironment(): PreflightEnvironment {
    return {
        ...MACHINE_CHROMIUM_LOOKUP,
        nodeVersion: process.version,
        platform: process.platform,
        exists: existsSync,
        which: command => output('sh', ['-c', 'command -v "$1"', 'sh', command])?.trim() || undefined,
        commandOutput: output,
        allowedCores: () => {
            try {
                return parseCpuList(/^Cpus_allowed_list:\s*(.*)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '');
            } catch {
                return undefined;
            }
        },
    };
}

function nodeMajor(version: string): number {
    return Number(/^v?(\d+)/.exec(version)?.[1] ?? 0);
}

/** `--hosts` without `left`, for a message that says how to run without it (undefined where nothing would be left). */
function hostsWithout(hosts: readonly BenchHost[], left: readonly BenchHost[]): string | undefined {
    const rest = hosts.filter(host => !left.includes(host));
    return rest.length > 0 ? `--hosts ${rest.join(',')}` : undefined;
}

/** Node: 20 or newer for anything; exactly 20 for the vscode-server host (code-server 4.100.3 installs on no other). */
export function nodeProblems(request: PreflightRequest, environment: Pick<PreflightEnvironment, 'nodeVersion'>): PreflightResult {
    const major = nodeMajor(environment.nodeVersion);
    if (major < MINIMUM_NODE_MAJOR) {
        return { problems: [`Node ${environment.nodeVersion} is too old: fs-perf needs Node ${MINIMUM_NODE_MAJOR} (e.g. \`nvm install ${MINIMUM_NODE_MAJOR}\`), then \`yarn\` again.`], notes: [] };
    }
    if (request.hosts.includes('vscode-server') && major !== CODE_SERVER_NODE_MAJOR) {
        const without = hostsWithout(request.hosts, ['vscode-server']);
        return {
            problems: [`the vscode-server host needs Node ${CODE_SERVER_NODE_MAJOR}: code-server ${CODE_SERVER_VERSION} (VS Code 1.100.3) installs on no other, and this is Node ${environment.nodeVersion}. `
                + `Use Node ${CODE_SERVER_NODE_MAJOR} (e.g. \`nvm install ${CODE_SERVER_NODE_MAJOR} && nvm use ${CODE_SERVER_NODE_MAJOR}\`, then \`yarn\` again)`
                + `${without ? `, or leave that host out: ${without}` : ''}.`],
            notes: [],
        };
    }
    return major > NEWEST_TRIED_NODE_MAJOR
        ? { problems: [], notes: [`Node ${environment.nodeVersion} is untested: fs-perf runs every host on Node ${MINIMUM_NODE_MAJOR}, and the Theia hosts on Node ${NEWEST_TRIED_NODE_MAJOR}.`] }
        : { problems: [], notes: [] };
}

/** Chromium, for the hosts whose page it shows (theia-browser, vscode-server). */
export function chromiumProblems(request: PreflightRequest, environment: ChromiumLookup): PreflightResult {
    if (!request.hosts.some(host => host === 'theia-browser' || host === 'vscode-server')) {
        return { problems: [], notes: [] };
    }
    const found = findChromium(environment);
    return { problems: 'problem' in found ? [`Chromium: ${found.problem}`] : [], notes: [] };
}

/** code-server's installer is Linux only. */
export function platformProblems(request: PreflightRequest, environment: Pick<PreflightEnvironment, 'platform'>): PreflightResult {
    if (!request.hosts.includes('vscode-server') || environment.platform === 'linux') {
        return { problems: [], notes: [] };
    }
    const without = hostsWithout(request.hosts, ['vscode-server']);
    return {
        problems: [`the vscode-server host runs code-server, which scripts/install-code-server.sh installs on Linux only, and this is ${environment.platform}`
            + `${without ? `: leave that host out (${without}), or run fs-perf on Linux (e.g. in a Debian 12 container)` : ': run fs-perf on Linux (e.g. in a Debian 12 container)'}.`],
        notes: [],
    };
}

/** A display for the desktop hosts' windows: refused where the user named such a host, else the host is skipped (said here). */
export function displayProblems(request: PreflightRequest, environment: Pick<PreflightEnvironment, 'platform' | 'env'>): PreflightResult {
    const desktop = request.hosts.filter(host => host === 'vscode-desktop' || host === 'theia-electron');
    if (desktop.length === 0 || hasDisplay(environment.platform, environment.env)) {
        return { problems: [], notes: [] };
    }
    if (request.hostsGiven) {
        const without = hostsWithout(request.hosts, desktop);
        return { problems: [`${desktop.join(' and ')}: ${NO_DISPLAY}${without ? `; or leave ${desktop.length > 1 ? 'them' : 'it'} out: ${without}` : ''}.`], notes: [] };
    }
    return { problems: [], notes: [`${desktop.join(' and ')} will be skipped: ${NO_DISPLAY}.`] };
}

/** Toxiproxy for `--network`: installed already, or Go 1.22+ on PATH to build it. */
export function networkProblems(request: PreflightRequest, environment: Pick<PreflightEnvironment, 'which' | 'commandOutput'>): PreflightResult {
    if (!request.network || environment.commandOutput('bash', [TOXIPROXY_INSTALL_SCRIPT, '--print-bin']) !== undefined) {
        return { problems: [], notes: [] };
    }
    const minimum = `Go ${TOXIPROXY_MINIMUM_GO.major}.${TOXIPROXY_MINIMUM_GO.minor}`;
    const why = `--network emulates its links with Toxiproxy, which scripts/install-toxiproxy.sh builds with ${minimum} or newer`;
    const fix = 'install Go from https://go.dev/dl/ (Debian 12\'s golang-go is 1.19, too old) and put its bin folder on PATH (e.g. PATH=/usr/local/go/bin:$PATH), or leave out --network.';
    const go = environment.which('go');
    if (!go) {
        return { problems: [`${why}, and there is no \`go\` on PATH: ${fix}`], notes: [] };
    }
    const version = /go(\d+)\.(\d+)/.exec(environment.commandOutput(go, ['version']) ?? '');
    const tooOld = version && (Number(version[1]) < TOXIPROXY_MINIMUM_GO.major
        || (Number(version[1]) === TOXIPROXY_MINIMUM_GO.major && Number(version[2]) < TOXIPROXY_MINIMUM_GO.minor));
    return tooOld ? { problems: [`${why}, and ${go} is Go ${version[1]}.${version[2]}: ${fix}`], notes: [] }
        : { problems: [], notes: ['Toxiproxy is not installed yet: it is built with Go first (about a minute).'] };
}

/** `--duet`: two cores this process may run on (one for each side), and util-linux's taskset to pin the sides with. */
export function duetProblems(request: PreflightRequest, environment: Pick<PreflightEnvironment, 'which' | 'allowedCores'>): PreflightResult {
    if (!request.duet) {
        return { problems: [], notes: [] };
    }
    const cores = chooseDuetCores(environment.allowedCores());
    const taskset = environment.which('taskset') === undefined
        ? ['--duet pins each side\'s processes to its core with taskset, and there is no `taskset` on PATH: install util-linux (e.g. `apt-get install util-linux`), or leave out --duet.']
        : [];
    return { problems: [...typeof cores === 'string' ? [cores] : [], ...taskset], notes: [] };
}

/** Every check the request needs, in the order a user would fix them. */
export function preflight(request: PreflightRequest, environment: PreflightEnvironment): PreflightResult {
    const results = [nodeProblems, platformProblems, chromiumProblems, displayProblems, networkProblems, duetProblems].map(check => check(request, environment));
    return { problems: results.flatMap(result => result.problems), notes: results.flatMap(result => result.notes) };
}

/** The preflight request of a `yarn bench` run (`hostsGiven`: whether `--hosts` was on the command line). */
export function benchRequest(options: Pick<BenchOptions, 'hosts' | 'networks' | 'compare'>, hostsGiven: boolean): PreflightRequest {
    return { hosts: options.hosts, hostsGiven, network: options.networks.some(choice => choice !== LOOPBACK), duet: options.compare?.duet === true };
}

/**
 * Runs the preflight and prints its result: the problems on stderr (then false: do not start), the notes on stdout.
 * `environment` defaults to the real machine.
 */
export function checkBeforeStarting(request: PreflightRequest, environment: PreflightEnvironment = machineEnvironment()): boolean {
    const { problems, notes } = preflight(request, environment);
    notes.forEach(note => console.log(`note: ${note}`));
    if (problems.length > 0) {
        console.error(`error: this run cannot start here (nothing was built or downloaded):\n${problems.map(problem => `  - ${problem}`).join('\n')}`);
        return false;
    }
    return true;
}

/**
 * Seconds one round of each host took at `yarn bench`'s defaults on a 2-core machine (docs/benchmark-2026-11-22: theia-browser
 * 367 s, vscode-server 98 s; the release apps of docs/benchmark-2026-11-22-theia-releases ~360 s a round). The desktop hosts
 * were never timed here: taken as their browser counterparts.
 */
const HOST_SECONDS: Record<BenchHost, number> = { 'theia-browser': 370, 'vscode-server': 100, 'theia-electron': 370, 'vscode-desktop': 100 };
/** Seconds per host over each built-in link at the `--network` defaults (docs/network-2026-11-25). */
const LINK_SECONDS: Record<string, Partial<Record<BenchHost, number>>> = {
    loopback: { 'theia-browser': 26, 'vscode-server': 17 }, lan: { 'theia-browser': 79, 'vscode-server': 34 },
    cable: { 'theia-browser': 163, 'vscode-server': 77 }, dsl: { 'theia-browser': 819, 'vscode-server': 387 },
};
/**
 * Seconds per host of the suites' committed runs on a 2-core Intel Xeon VM, each at its suite's defaults over loopback:
 * the trees per tree size (docs/trees-2026-11-27-1k; 10k: docs/trees-2026-11-27-xeon-1k-10k less its 1k share), the writes
 * at all six sizes (docs/writes-2026-11-27-xeon) and watching (docs/watch-2026-11-27-xeon-idle).
 */
const SUITE_SECONDS: Readonly<Record<string, Partial<Record<BenchHost, number>>>> = {
    // Each host's time in docs/trees-2026-11-28-epyc-1k-10k-cpu (2-core AMD EPYC, the storms in flight with their CPU passes),
    // shared between the trees as their samples' times were.
    'trees 1k': { 'theia-browser': 133, 'vscode-server': 57 }, 'trees 10k': { 'theia-browser': 1189, 'vscode-server': 518 },
    writes: { 'theia-browser': 208, 'vscode-server': 51 }, watch: { 'theia-browser': 892, 'vscode-server': 420 },
    // The watcher load's two openings of the 100k tree a host, its generation and the churns included (docs/watch-2026-11-28-epyc-100k-churn, 2-core AMD EPYC).
    'watch tree 100k': { 'theia-browser': 106, 'vscode-server': 104 },
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
 * starts, warm-up blocks and quiet waits, and 10 s per sample of every case on both sides (docs/compare-2026-11-26-aa-geomean:
 * 100 s a pair at 5 samples; compare-2026-11-26-aa-iterations-10: 150 s at 10).
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
            + `${cells} cells need to decide any of them; less when every cell is resolved sooner)`
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
