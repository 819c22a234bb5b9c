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
import { spawnSync } from 'child_process';
import { Command, InvalidArgumentError, Option } from 'commander';
import { existsSync, promises as fs, readdirSync, readFileSync, statSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runTests } from '@vscode/test-electron';
import {
    DEFAULT_ITERATIONS, DEFAULT_WARMUP, FIXTURE_SIZE_LABELS, ITERATIONS_RANGE, NotMeasuredHost, PRECISION_RANGE,
    compareReleases, describeNetworkProfile, LOOPBACK, mergeRounds, NetworkProfile, parseNetworkList, ResultsDocument, SCENARIO_CATALOG, SCENARIO_SETTING_KEYS,
    validateResultsDocument, WARMUP_RANGE,
} from '@fs-perf/benchmark-core';
import { benchCompare, COMPARE_DEFAULTS, CompareOptions, parseCompareSides } from '../run/alternated';
import { chromiumAvailable, throttleCpu } from '../hosts/chromium';
import { integerArgument, invocationFolder, parseCommandLine, runCli, sizeListArgument } from './command-line';
import { ensureCodeServer } from '../hosts/code-server';
import { REPOSITORY_ROOT } from '../util/repository';
import { DisposableCollection } from '../util/disposable';
import { HostSession } from '../hosts/host-session';
import { ensureToxiproxy } from '../link/toxiproxy';
import { stopAllStarted } from '../util/processes';
import { writeReport } from '../run/report-files';
import { checkTheiaReachable, fetchTheiaResults, findElectronBinary, NO_ELECTRON_BINARY } from '../hosts/theia-app';
import {
    defaultTheiaCache, ensureTheiaReleaseApp, installedVersion, OLDEST_SUPPORTED_THEIA, packTheiaExtension, planTheiaRelease, TheiaReleaseApp,
    TheiaReleasePlan, unsupportedTheiaVersion,
} from '../hosts/theia-release';
import { resolveVsCodeDesktop } from '../hosts/vscode-desktop';
import { runInCodeServer } from '../hosts/vscode-server-host';
import { prepareWorkspace, readResultsFile, temporaryFolder } from '../util/workspace';

export const BENCH_HOSTS = ['theia-browser', 'vscode-server', 'theia-electron', 'vscode-desktop'] as const;
export type BenchHost = typeof BENCH_HOSTS[number];

const HOST_NAMES: Record<BenchHost, string> = {
    'theia-browser': 'Theia browser app (extension + plugin)',
    'vscode-server': 'VS Code server (code-server)',
    'theia-electron': 'Theia Electron app (extension + plugin)',
    'vscode-desktop': 'VS Code desktop',
};

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
    readonly out: string;
    readonly theiaUrl?: string;
    /** Theia releases to measure instead of browser-app, each as its own app built in `theiaCache`. */
    readonly theiaVersions?: string[];
    /** Where the release apps are built (default {@link defaultTheiaCache}). */
    readonly theiaCache?: string;
    /** Install and build the release apps again even where the cache has them. */
    readonly force?: boolean;
    /** `--compare BASE HEAD`: two Theia builds measured alternately in one run (see bench-compare.ts). */
    readonly compare?: CompareOptions;
    /** `--network`: the links every host is measured over, in turn within each round (default: loopback only). */
    readonly networks: NetworkChoice[];
}

export type NetworkChoice = NetworkProfile | typeof LOOPBACK;

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

/** The scenario settings of a run with an emulated link (undefined: each extension's own defaults). */
function scenarioSettings(options: BenchOptions): Record<string, unknown> {
    return options.networks.some(choice => choice !== LOOPBACK)
        ? { [SCENARIO_SETTING_KEYS.vscode]: [...NETWORK_DEFAULTS.scenarios.vscode], [SCENARIO_SETTING_KEYS.theia]: [...NETWORK_DEFAULTS.scenarios.theia] }
        : {};
}

/** One thing measured: a host, or for `--theia-version` one Theia release as the theia-browser host. */
interface BenchTarget {
    /** Results file name and log prefix: the host, or `theia-browser-<version>`. */
    readonly id: string;
    readonly host: BenchHost;
    readonly name: string;
    readonly theiaVersion?: string;
}

interface HostOutcome {
    readonly host: string;
    readonly status: 'measured' | 'skipped' | 'failed';
    readonly seconds: number;
    readonly reason?: string;
    readonly resultsFile?: string;
}

export const VSIX = path.join(REPOSITORY_ROOT, 'vscode-extension', 'fs-perf-vscode.vsix');
/** `yarn bench` samples on until every median is known within 5% (the editors' own default is off). */
const DEFAULT_BENCH_PRECISION = 5;
const started = Date.now();

function log(message: string): void {
    const elapsed = Math.round((Date.now() - started) / 1000);
    console.log(`[bench ${String(Math.floor(elapsed / 60)).padStart(2, '0')}:${String(elapsed % 60).padStart(2, '0')}] ${message}`);
}

function plural(count: number, noun: string): string {
    return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Prints a host's progress text when it changes, at most every 3 s (one line each, fine in CI logs too). */
function progressPrinter(host: string): (text: string) => void {
    let last = '';
    let lastAt = 0;
    return text => {
        const line = text.replace(/\s+/g, ' ').trim();
        if (line !== last && Date.now() - lastAt >= 3000) {
            last = line;
            lastAt = Date.now();
            log(`  ${host}: ${line}`);
        }
    };
}

/** Newest modification time of any file below `folder` (0 when it does not exist). */
function newestMtime(folder: string): number {
    if (!existsSync(folder)) {
        return 0;
    }
    let newest = 0;
    for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
        if (entry.isFile()) {
            newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
        }
    }
    return newest;
}

function run(command: string, args: string[], what: string): void {
    log(`${what}: ${command} ${args.join(' ')}`);
    const result = spawnSync(command, args, { cwd: REPOSITORY_ROOT, stdio: 'inherit' });
    if (result.status !== 0) {
        throw new Error(`${what} failed (${command} ${args.join(' ')} exited ${result.status ?? result.signal}).`);
    }
}

/**
 * Builds a Theia app for production (what users ship: minified, no development checks) when its bundle is
 * missing, older than the code it bundles, or a development build (as `yarn test` makes). The apps' build
 * scripts leave a marker in lib/ that says which build is there (scripts/mark-build.js).
 */
export function ensureTheiaApp(app: 'browser-app' | 'electron-app'): void {
    const bundle = path.join(REPOSITORY_ROOT, app, 'lib', 'frontend', 'bundle.js');
    const marker = path.join(REPOSITORY_ROOT, app, 'lib', '.fs-perf-build-mode');
    const bundled = ['theia-extension/dist'].map(folder => newestMtime(path.join(REPOSITORY_ROOT, folder)));
    const bundleTime = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
    const mode = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : 'development';
    if (bundleTime === 0 || bundleTime < Math.max(...bundled) || mode !== 'production') {
        const why = bundleTime === 0 ? 'building' : mode !== 'production' ? `rebuilding (it is a ${mode} build)` : 'rebuilding (its code changed)';
        run('yarn', ['--cwd', app, 'build:prod'], `${why} ${app} for production (once; up to a few minutes)`);
    } else {
        log(`${app} is built for production`);
    }
}

export function ensureVsix(): void {
    const dist = path.join(REPOSITORY_ROOT, 'vscode-extension', 'dist', 'extension.js');
    if (!existsSync(VSIX) || !existsSync(dist) || statSync(VSIX).mtimeMs < statSync(dist).mtimeMs) {
        run('yarn', ['-s', 'package:vscode'], 'packaging the VS Code extension');
    } else {
        log('the packaged VS Code extension is up to date');
    }
}

/**
 * Runs "Run All with Options..." in a Theia workbench, then closes the session. The results file is read
 * from disk when the Theia runs here, else fetched through the page.
 */
async function measureTheia(session: HostSession, options: BenchOptions, host: string, where: 'local' | 'remote'): Promise<ResultsDocument> {
    try {
        const workbench = session.workbench;
        logLink(host, session);
        if (options.cpuThrottle > 1) {
            await throttleCpu(workbench.page, options.cpuThrottle);
            log(`  ${host}: the page's CPU throttled ${options.cpuThrottle}x`);
        }
        const onProgress = progressPrinter(host);
        if (where === 'remote') {
            // A Theia we did not start: its workspace may lack the test files (this checks them, and writes what is missing).
            const generate = 'FS Perf: Generate Test Files (Theia FileService)';
            log(`  ${host}: ${generate}`);
            log(`  ${host}: ${await workbench.generateTestFiles(generate, { onProgress, timeoutMs: 10 * 60_000 })}`);
        }
        log(`  ${host}: FS Perf: Run All with Options... (${describeSampling(options)}, ${options.sizes.join(', ')})`);
        const resultsPath = await workbench.runToCompletion('FS Perf: Run All with Options...', {
            answers: [String(options.iterations), String(options.warmup), options.sizes.join(', '), String(options.precision)],
            onProgress,
        });
        const document = where === 'remote' ? await fetchTheiaResults(workbench.page, resultsPath) : await readResultsFile(resultsPath);
        if (where === 'local' && !document.results.some(row => row.host?.extensionKind === 'plugin')) {
            // A Theia started here has the VS Code extension as a plugin: without its rows something kept it from loading.
            throw new Error(`the results have no rows of the VS Code extension (the plugin): it did not load in this Theia (${document.host.editorName} ${document.host.editorVersion}); see the FS Performance Output channel and the backend log.`);
        }
        return session.withNetwork(document);
    } finally {
        await session.dispose();
    }
}

/** Prints what the emulation check measured through the link, against the profile. */
function logLink(host: string, session: HostSession): void {
    const network = session.network;
    if (network) {
        const { check, profile } = network;
        log(`  ${host}: link ${describeNetworkProfile(profile)} checked from the page: ${check.rttMs.toFixed(1)} ms round trip, `
            + `${check.downMbps.toPrecision(3)} Mbit/s down, ${check.upMbps.toPrecision(3)} Mbit/s up (${network.emulator})`);
    }
}

async function measureTheiaBrowser(options: BenchOptions, release?: TheiaReleaseApp, network?: NetworkProfile): Promise<ResultsDocument> {
    if (options.theiaUrl) {
        log(`  theia-browser: opening ${options.theiaUrl}`);
        return measureTheia(await HostSession.remoteTheia(options.theiaUrl), options, 'theia-browser', 'remote');
    }
    const id = release ? `theia-browser-${release.version}` : 'theia-browser';
    const session = await HostSession.theiaBrowser({
        settings: { 'fsPerf.cpuPass': options.cpuPass, ...scenarioSettings(options) },
        appMain: release?.main,
        pluginFolders: release && [release.plugins],
        network,
        onServerStarted: (server, workspace) => log(`  ${id}: backend PID ${server.pid} at ${server.baseUrl}, workspace ${workspace}`),
        onLinkStarted: (link, toxiproxy) => log(`  ${id}: ${toxiproxy.version} (PID ${toxiproxy.server.pid}) at ${link.baseUrl} in front of the backend`),
    });
    return measureTheia(session, options, id, 'local');
}

async function measureVsCodeServer(options: BenchOptions, network?: NetworkProfile): Promise<ResultsDocument> {
    const { document, commandDurationMs } = await runInCodeServer({
        vsix: VSIX,
        commandTitle: 'FS Perf: Run Benchmark',
        settings: { 'fsPerf.iterations': options.iterations, 'fsPerf.warmup': options.warmup, 'fsPerf.sizes': options.sizes, 'fsPerf.precision': options.precision,
            'fsPerf.cpuPass': options.cpuPass, ...scenarioSettings(options) },
        onProgress: progressPrinter('vscode-server'),
        cpuThrottle: options.cpuThrottle,
        network,
        onSessionStarted: session => logLink('vscode-server', session),
    });
    log(`  vscode-server: "Run Benchmark" took ${(commandDurationMs / 1000).toFixed(1)} s from the palette to the results file`);
    return document;
}

/** Where an Electron binary exists: the Electron app through Playwright, like the browser app. Not run on the machine this was written on (no binary). */
async function measureTheiaElectron(options: BenchOptions, binary: string): Promise<ResultsDocument> {
    return measureTheia(await HostSession.theiaElectron(binary, { settings: { 'fsPerf.cpuPass': options.cpuPass } }), options, 'theia-electron', 'local');
}

/** Desktop VS Code through @vscode/test-electron, running the extension's "Run Benchmark" (see vscode-extension/src/test/bench). */
async function measureVsCodeDesktop(options: BenchOptions, executable: string): Promise<ResultsDocument> {
    const toDispose = new DisposableCollection();
    try {
        const workspace = (await prepareWorkspace(await temporaryFolder('fs-perf-bench-vscode-desktop-', toDispose)))!;
        const out = path.join(workspace, 'bench-results.json');
        await runTests({
            vscodeExecutablePath: executable,
            extensionDevelopmentPath: path.join(REPOSITORY_ROOT, 'vscode-extension'),
            extensionTestsPath: path.join(REPOSITORY_ROOT, 'vscode-extension', 'out', 'test', 'bench', 'index.js'),
            extensionTestsEnv: {
                FS_PERF_BENCH_OUT: out,
                FS_PERF_BENCH_OPTIONS: JSON.stringify({ iterations: options.iterations, warmup: options.warmup, sizes: options.sizes, precisionPercent: options.precision, cpuPass: options.cpuPass }),
            },
            launchArgs: [workspace, '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes', '--disable-extensions'],
        });
        return validateResultsDocument(JSON.parse(await fs.readFile(out, 'utf8')), out);
    } finally {
        await toDispose.dispose();
    }
}

/** The packed Theia extension, once per run, for every release app. */
let packedExtension: Promise<string> | undefined;

/** Sets up what a host needs and returns how to measure it, or why it cannot run here. */
type Measure = (network?: NetworkProfile) => Promise<ResultsDocument>;

async function prepareHost(target: BenchTarget, options: BenchOptions, plans: ReadonlyMap<string, TheiaReleasePlan>): Promise<{ skip: string } | { run: Measure }> {
    const { host } = target;
    if (target.theiaVersion) {
        packedExtension ??= (async () => {
            log('packing the Theia extension (npm pack in theia-extension/) for the release apps');
            return packTheiaExtension(path.join(options.theiaCache ?? defaultTheiaCache(), 'packs'));
        })();
        ensureVsix();
        const app = await ensureTheiaReleaseApp(plans.get(target.theiaVersion)!, await packedExtension,
            { cache: options.theiaCache, force: options.force, log: message => log(`  ${message}`), outputPrefix: `    ${target.theiaVersion}| `, vsix: VSIX });
        const core = installedVersion(app.folder, '@theia/core');
        if (core !== target.theiaVersion) {
            throw new Error(`the app for Theia ${target.theiaVersion} in ${app.folder} has @theia/core ${core ?? '(none)'}; run again with --force.`);
        }
        return { run: network => measureTheiaBrowser(options, app, network) };
    }
    switch (host) {
        case 'theia-browser':
            if (!options.theiaUrl) {
                ensureTheiaApp('browser-app');
            }
            return { run: network => measureTheiaBrowser(options, undefined, network) };
        case 'vscode-server':
            ensureVsix();
            log(`code-server: ${ensureCodeServer()}`);
            return { run: network => measureVsCodeServer(options, network) };
        case 'theia-electron': {
            const binary = findElectronBinary();
            if (!binary) {
                return { skip: NO_ELECTRON_BINARY };
            }
            ensureTheiaApp('electron-app');
            return { run: () => measureTheiaElectron(options, binary) };
        }
        case 'vscode-desktop': {
            const desktop = await resolveVsCodeDesktop();
            return 'skip' in desktop ? desktop : { run: () => measureVsCodeDesktop(options, desktop.executable) };
        }
    }
}

export async function bench(options: BenchOptions): Promise<number> {
    const chromiumProblem = await chromiumAvailable();
    if (chromiumProblem && options.hosts.some(host => host === 'theia-browser' || host === 'vscode-server')) {
        throw new Error(`${chromiumProblem}; run scripts/install-prerequisites.sh.`);
    }
    if (options.compare) {
        ensureVsix();
        return benchCompare({
            compare: options.compare, iterations: options.iterations, warmup: options.warmup, sizes: options.sizes, out: options.out,
            theiaCache: options.theiaCache, force: options.force, vsix: VSIX, log, progress: progressPrinter,
        });
    }
    if (options.theiaUrl) {
        await checkTheiaReachable(options.theiaUrl, 'Check the URL, or leave out --theia-url to start the browser app here.');
    }
    await fs.mkdir(path.join(options.out, 'results'), { recursive: true });
    const links = options.networks.filter((choice): choice is NetworkProfile => choice !== LOOPBACK);
    log(`measuring ${options.hosts.join(', ')}: ${describeSampling(options)} at ${options.sizes.join(', ')}`
        + `${options.rounds > 1 ? `, in ${options.rounds} rounds` : ''}${options.cpuThrottle > 1 ? `, pages' CPU throttled ${options.cpuThrottle}x` : ''}`
        + `${links.length > 0 ? `, over ${options.networks.map(choice => choice === LOOPBACK ? LOOPBACK : describeNetworkProfile(choice)).join(', ')}` : ''}; output in ${options.out}`);
    const targets = benchTargets(options);
    // Every Theia release is checked against the registry before anything is installed.
    const plans = new Map<string, TheiaReleasePlan>();
    for (const version of options.theiaVersions ?? []) {
        plans.set(version, await planTheiaRelease(version));
    }
    // Every host is set up first (builds, installs), so the rounds that follow only measure.
    const prepared = new Map<string, Measure>();
    const outcomes = new Map<string, HostOutcome>();
    const failed = (host: string, error: unknown): void => {
        const reason = (error as Error).message ?? String(error);
        log(`  ${host}: FAILED: ${reason}`);
        outcomes.set(host, { host, status: 'failed', seconds: 0, reason });
    };
    for (const target of targets) {
        log(`${target.name}${target.host === 'theia-browser' && options.theiaUrl ? ` at ${options.theiaUrl}` : ''}`);
        try {
            const preparation = await prepareHost(target, options, plans);
            if ('skip' in preparation) {
                log(`  ${target.id}: SKIPPED: ${preparation.skip}`);
                outcomes.set(target.id, { host: target.id, status: 'skipped', seconds: 0, reason: preparation.skip });
            } else {
                prepared.set(target.id, preparation.run);
            }
        } catch (error) {
            failed(target.id, error);
        }
    }
    // One measurement per host and link; a host measured over a link is `<host>@<link>` (its results file too).
    const runs = benchRuns(targets, options.networks);
    let noLinks: string | undefined;
    if (links.length > 0) {
        try {
            log(`Toxiproxy: ${ensureToxiproxy()}`);
        } catch (error) {
            noLinks = (error as Error).message;
        }
    }
    for (const run of runs) {
        // Over a link, a host that has no page across one is skipped for that first, whatever else kept it from running.
        const skip = run.network === LOOPBACK ? outcomes.get(run.target.id)?.reason
            : linkSkipReason(run.target.host) ?? outcomes.get(run.target.id)?.reason ?? noLinks;
        if (run.key !== run.target.id && skip) {
            log(`  ${run.key}: SKIPPED: ${skip}`);
            outcomes.set(run.key, { host: run.key, status: 'skipped', seconds: 0, reason: skip });
        }
    }
    const rounds = new Map<string, ResultsDocument[]>();
    const spent = new Map<string, number>();
    for (let round = 1; round <= options.rounds; round++) {
        if (options.rounds > 1) {
            log(`round ${round} of ${options.rounds}`);
        }
        for (const run of runs) {
            const measure = prepared.get(run.target.id);
            if (!measure || outcomes.has(run.key)) {
                continue;
            }
            const host = run.key;
            if (run.network !== LOOPBACK) {
                log(`${run.target.name} over ${describeNetworkProfile(run.network)}`);
            }
            const hostStarted = Date.now();
            try {
                const document = await measure(run.network === LOOPBACK ? undefined : run.network);
                rounds.set(host, [...rounds.get(host) ?? [], document]);
                if (options.rounds > 1) {
                    await fs.mkdir(path.join(options.out, 'rounds'), { recursive: true });
                    await fs.writeFile(path.join(options.out, 'rounds', `${host}-${round}.json`), JSON.stringify(document, undefined, 2) + '\n');
                }
                log(`  ${host}: ${document.results.length} result rows in ${((Date.now() - hostStarted) / 1000).toFixed(1)} s`);
            } catch (error) {
                failed(host, error);
            } finally {
                spent.set(host, (spent.get(host) ?? 0) + (Date.now() - hostStarted) / 1000);
            }
        }
    }
    for (const [host, documents] of rounds) {
        const seconds = Math.round((spent.get(host) ?? 0) * 10) / 10;
        if (outcomes.get(host)?.status === 'failed') {
            outcomes.set(host, { ...outcomes.get(host)!, seconds });
            continue;
        }
        const resultsFile = path.join(options.out, 'results', `${host}.json`);
        await fs.writeFile(resultsFile, JSON.stringify(documents.length > 1 ? mergeRounds(documents) : documents[0], undefined, 2) + '\n');
        outcomes.set(host, { host, status: 'measured', seconds, resultsFile });
        log(`  ${host}: ${options.rounds > 1 ? `${documents.length} rounds merged, ` : ''}${seconds} s -> ${path.relative(options.out, resultsFile)}`);
    }
    const ordered = runs.map(run => outcomes.get(run.key)).filter((outcome): outcome is HostOutcome => outcome !== undefined);
    const measured = ordered.filter(outcome => outcome.status === 'measured');
    const notMeasured: NotMeasuredHost[] = ordered.filter(outcome => outcome.status !== 'measured')
        .map(outcome => ({ host: runs.find(run => run.key === outcome.host)!.name, reason: `${outcome.status}: ${outcome.reason}` }));
    const measureSeconds = (Date.now() - started) / 1000;
    let reportSeconds: number | undefined;
    if (measured.length > 0) {
        const reportStarted = performance.now();
        // The files in the order they were measured, so the links' sections come in the order given.
        const written = await writeReport(measured.map(outcome => outcome.resultsFile!), options.out, { title: `FS Performance report, ${new Date().toISOString().slice(0, 10)} on ${os.hostname()}`, notMeasured });
        reportSeconds = (performance.now() - reportStarted) / 1000;
        log(`report written in ${reportSeconds.toFixed(2)} s: ${written.map(file => path.relative(options.out, file)).join(', ')} in ${options.out}`);
    }
    await fs.writeFile(path.join(options.out, 'run.json'), JSON.stringify({
        options: { ...options, out: undefined }, machine: { hostname: os.hostname(), cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryBytes: os.totalmem() },
        hosts: ordered.map(outcome => ({ ...outcome, resultsFile: outcome.resultsFile && path.relative(options.out, outcome.resultsFile) })),
        seconds: Math.round(measureSeconds * 10) / 10, reportSeconds,
    }, undefined, 2) + '\n');
    log(`done in ${measureSeconds.toFixed(1)} s: ${ordered.map(outcome => `${outcome.host} ${outcome.status}${outcome.status === 'measured' ? ` (${outcome.seconds} s)` : ''}`).join(', ')}`);
    if (measured.length === 0) {
        console.error('error: no host was measured; see the reasons above.');
        return 1;
    }
    return ordered.some(outcome => outcome.status === 'failed') ? 1 : 0;
}

/** One host over one link: `key` names its results file (`theia-browser`, `theia-browser@dsl`). */
export interface BenchRun {
    readonly key: string;
    readonly name: string;
    readonly target: BenchTarget;
    readonly network: NetworkChoice;
}

/** Every target over every link, hosts within links (the order a round measures them in). */
export function benchRuns(targets: readonly BenchTarget[], networks: readonly NetworkChoice[]): BenchRun[] {
    return networks.flatMap(network => targets.map(target => network === LOOPBACK
        ? { key: target.id, name: target.name, target, network }
        : { key: `${target.id}@${network.name}`, name: `${target.name} over ${network.name}`, target, network }));
}

/** Why a host cannot be measured over an emulated link (undefined: it can). */
export function linkSkipReason(host: BenchHost): string | undefined {
    return host === 'theia-browser' || host === 'vscode-server' ? undefined
        : `${HOST_NAMES[host]} has no page on the far side of a network: its window runs beside its backend, so there is no user link to emulate`;
}

/** The hosts to measure; with `--theia-version`, one theia-browser target per release in browser-app's place. */
export function benchTargets(options: Pick<BenchOptions, 'hosts' | 'theiaVersions'>): BenchTarget[] {
    return options.hosts.flatMap((host): BenchTarget[] => host === 'theia-browser' && options.theiaVersions?.length
        ? options.theiaVersions.map(version => ({ id: `theia-browser-${version}`, host, name: `Theia ${version} browser app (extension + plugin)`, theiaVersion: version }))
        : [{ id: host, host, name: HOST_NAMES[host] }]);
}

function describeSampling(options: BenchOptions): string {
    const samples = `${plural(options.iterations, 'sample')} + ${options.warmup} warm-up`;
    return options.precision > 0 ? `${samples}, then on until each median is known within ${options.precision}%` : samples;
}

function percentage(name: string, range: { min: number; max: number }) {
    return (text: string): number => {
        const value = Number(text);
        if (text.trim() === '' || !Number.isFinite(value) || value < range.min || value > range.max) {
            throw new InvalidArgumentError(`${name} must be a percentage from ${range.min} to ${range.max}.`);
        }
        return value;
    };
}

function hostList(text: string): BenchHost[] {
    const hosts = text.split(',').map(host => host.trim()).filter(host => host.length > 0);
    const unknown = hosts.filter(host => !(BENCH_HOSTS as readonly string[]).includes(host));
    if (unknown.length > 0 || hosts.length === 0) {
        throw new InvalidArgumentError(`unknown host ${unknown.join(', ') || '(none)'}; use one or more of ${BENCH_HOSTS.join(', ')}.`);
    }
    return BENCH_HOSTS.filter(host => hosts.includes(host));
}

/** `--theia-version`: release versions, each supported (else refused here, before anything is installed), oldest first. */
function theiaVersionList(text: string): string[] {
    const versions = [...new Set(text.split(',').map(version => version.trim()).filter(version => version.length > 0))];
    if (versions.length === 0) {
        throw new InvalidArgumentError('name at least one Theia release, e.g. 1.74.1.');
    }
    for (const version of versions) {
        const problem = unsupportedTheiaVersion(version);
        if (problem) {
            throw new InvalidArgumentError(problem);
        }
    }
    return versions.sort(compareReleases);
}

function theiaUrl(text: string): string {
    let url: URL;
    try {
        url = new URL(text);
    } catch {
        throw new InvalidArgumentError(`${text} is not a URL (e.g. http://127.0.0.1:3000/#/path/to/workspace).`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new InvalidArgumentError(`${text} is not an http(s) URL.`);
    }
    return url.href;
}

export function parseBenchArguments(argv: readonly string[], base: string): BenchOptions | number {
    const program = new Command()
        .name('yarn bench')
        .description('Measure every host on this machine (Theia browser app, VS Code in code-server, Theia Electron, desktop VS Code) and write a comparison report.')
        .addOption(new Option('--hosts <list>', `comma-separated hosts (${BENCH_HOSTS.join(', ')})`).default([...BENCH_HOSTS], 'all').argParser(hostList))
        .addOption(new Option('--iterations <n>', 'timed samples per scenario and size').default(DEFAULT_ITERATIONS).argParser(integerArgument('--iterations', ITERATIONS_RANGE)))
        .addOption(new Option('--warmup <n>', 'warm-up samples per scenario and size').default(DEFAULT_WARMUP).argParser(integerArgument('--warmup', WARMUP_RANGE)))
        .addOption(new Option('--sizes <list>', `comma-separated fixture sizes (${FIXTURE_SIZE_LABELS.join(', ')})`).default([...FIXTURE_SIZE_LABELS], 'all six').argParser(sizeListArgument))
        .addOption(new Option('--precision <percent>', 'sample each case on until its median\'s 95% interval is within this percentage of it (or its time budget is spent); 0: exactly --iterations samples')
            .default(DEFAULT_BENCH_PRECISION).argParser(percentage('--precision', PRECISION_RANGE)))
        .addOption(new Option('--rounds <n>', 'measure every host n times, alternating the hosts, and merge each host\'s samples').default(1).argParser(integerArgument('--rounds', { min: 1, max: 20 })))
        .addOption(new Option('--cpu-throttle <rate>', 'slow the pages\' CPU by this factor (Chromium\'s throttling), as on a slower client machine').default(1)
            .argParser(text => {
                const rate = Number(text);
                if (!Number.isFinite(rate) || rate < 1 || rate > 20) {
                    throw new InvalidArgumentError('--cpu-throttle must be a rate from 1 (none) to 20.');
                }
                return rate;
            }))
        .option('--no-cpu-pass', 'skip the CPU passes (CPU time per process, per MB moved) that follow the timed samples of every case of 500K and up')
        .option('--out <dir>', 'folder for this run (default: bench-results/<date-time>)')
        .addOption(new Option('--theia-url <url>', 'measure the Theia already running at this URL (with a folder open, e.g. http://host:3000/#/path) instead of starting the browser app').argParser(theiaUrl))
        .addOption(new Option('--theia-version <list>', `measure these Theia releases (comma-separated, e.g. 1.54.0,1.60.2,1.74.1; ${OLDEST_SUPPORTED_THEIA} or newer) instead of `
            + 'the browser app: each is built once as its own browser app (the same packages, the packed Theia extension, the VS Code extension as a plugin) in the cache folder')
            .argParser(theiaVersionList))
        .option('--theia-cache <dir>', `where --theia-version builds the release apps (default: $FS_PERF_THEIA_CACHE, else ${defaultTheiaCache().replace(os.homedir(), '~')})`)
        .option('--force', 'with --theia-version or --compare: install and build the apps again, even where the cache has them')
        .option('--compare <sides...>', 'compare two Theia builds measured alternately in one run: BASE HEAD, each [label=]a release (1.74.1), a folder of '
            + '@theia/* tarballs, a built Theia checkout, or the URL of a running Theia (see README, "Compare two builds of Theia")')
        .addOption(new Option('--pairs <n>', `with --compare: pairs of alternated blocks (default ${COMPARE_DEFAULTS.pairs})`).argParser(integerArgument('--pairs', { min: 2, max: 100 })))
        .addOption(new Option('--alpha <p>', 'with --compare: significance level, of p-values adjusted for the number of cells (default 0.05)').argParser(text => {
            const value = Number(text);
            if (!(value > 0 && value < 1)) {
                throw new InvalidArgumentError('--alpha must be between 0 and 1, e.g. 0.05.');
            }
            return value;
        }))
        .addOption(new Option('--noise-threshold <percent>', 'with --compare: a change smaller than this is "no change" (default 5)').argParser(percentage('--noise-threshold', { min: 0, max: 100 })))
        .option('--check', 'with --compare: exit 1 when a cell is significantly slower beyond the noise threshold')
        .addOption(new Option('--network <list>', 'measure every host with the page on the far side of these links, in turn: loopback, lan, cable, dsl, '
            + 'or your own rtt=40ms,down=50mbit,up=10mbit (see README, "Cloud IDE over a network"); emulated by Toxiproxy').default([LOOPBACK], 'loopback')
            .argParser(text => {
                try {
                    return parseNetworkList(text);
                } catch (error) {
                    throw new InvalidArgumentError((error as Error).message);
                }
            }));
    const exitCode = parseCommandLine(program, argv);
    if (exitCode !== undefined) {
        return exitCode;
    }
    const raw = program.opts<{ hosts: BenchHost[]; iterations: number; warmup: number; sizes: string[]; precision: number; rounds: number; cpuThrottle: number;
        cpuPass: boolean; out?: string; theiaUrl?: string; theiaVersion?: string[]; theiaCache?: string; force?: boolean;
        compare?: string[]; pairs?: number; alpha?: number; noiseThreshold?: number; check?: boolean; network: NetworkChoice[]; }>();
    const overLinks = raw.network.some(choice => choice !== LOOPBACK);
    const given = (name: string): boolean => program.getOptionValueSource(name) === 'cli';
    if (overLinks && (raw.compare || raw.theiaUrl)) {
        console.error(`error: --network puts its proxy in front of servers this run starts; leave out ${raw.compare ? '--compare' : '--theia-url'} (or --network).`);
        return 2;
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, '-').replace(/-\d+Z$/, 'Z');
    if (raw.compare) {
        return compareArguments(program, raw, base, stamp);
    }
    const compareOnly = (['pairs', 'alpha', 'noiseThreshold', 'check'] as const).find(name => raw[name] !== undefined);
    if (compareOnly) {
        console.error(`error: --${compareOnly.replace(/[A-Z]/g, letter => `-${letter.toLowerCase()}`)} only applies with --compare.`);
        return 2;
    }
    if (raw.theiaUrl && !raw.hosts.includes('theia-browser')) {
        console.error('error: --theia-url measures the theia-browser host; add theia-browser to --hosts.');
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
        cpuThrottle: raw.cpuThrottle, cpuPass: linkDefault('cpuPass', raw.cpuPass, false), networks: raw.network, ...(raw.theiaUrl ? { theiaUrl: raw.theiaUrl } : {}),
        out: path.resolve(base, raw.out ?? path.join('bench-results', stamp)),
        ...(theiaVersion ? { theiaVersions: theiaVersion, theiaCache: theiaCache && path.resolve(base, theiaCache), force: force ?? false } : {}),
    };
}

/**
 * `--compare BASE HEAD`: the comparison's options. It measures the theia-browser host only (both sides are Theia builds),
 * and its defaults differ where the design needs it: `--iterations` is the timed samples of each block (5), one warm-up,
 * 500K, 5000K and 10000K, no precision target (a block has a fixed size) and no CPU passes.
 */
function compareArguments(program: Command, raw: { hosts: BenchHost[]; iterations: number; warmup: number; sizes: string[]; out?: string; theiaCache?: string; force?: boolean;
    compare?: string[]; pairs?: number; alpha?: number; noiseThreshold?: number; check?: boolean; }, base: string, stamp: string): BenchOptions | number {
    const given = (name: string): boolean => program.getOptionValueSource(name) === 'cli';
    const conflicting = ['theiaUrl', 'theiaVersion', 'rounds', 'cpuThrottle', 'precision'].filter(given);
    if (conflicting.length > 0) {
        console.error(`error: --compare does not take ${conflicting.map(name => `--${name.replace(/[A-Z]/g, letter => `-${letter.toLowerCase()}`)}`).join(', ')}: `
            + 'give a running Theia as a side (a URL), and the blocks have a fixed number of samples (--iterations).');
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
            sides, pairs: raw.pairs ?? COMPARE_DEFAULTS.pairs, alpha: raw.alpha ?? 0.05,
            noiseThreshold: (raw.noiseThreshold ?? 5) / 100, check: raw.check ?? false,
        },
    };
}

async function main(argv: readonly string[]): Promise<number> {
    const options = parseBenchArguments(argv, invocationFolder());
    if (typeof options === 'number') {
        return options;
    }
    let stopping = false;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        process.on(signal, () => {
            if (stopping) {
                return;
            }
            stopping = true;
            log(`${signal}: stopping the servers this run started`);
            HostSession.disposeAll()
                .then(failures => failures.forEach(failure => log(`  ${failure.message}`)))
                .finally(() => stopAllStarted())
                .finally(() => process.exit(130));
        });
    }
    return bench(options);
}

if (require.main === module) {
    runCli(main);
}
