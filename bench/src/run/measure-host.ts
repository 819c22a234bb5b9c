/** Each host measured for real, through its command palette like a person (or its test runner), and how a run sets one up. */
import { promises as fs } from 'fs';
import * as path from 'path';
import { runTests } from '@vscode/test-electron';
import { describeNetworkProfile, NetworkProfile, parseTreeSizeList, ResultsDocument, validateResultsDocument } from '@fs-perf/benchmark-core';
import { throttleCpu } from '../hosts/chromium';
import { ensureCodeServer } from '../hosts/code-server';
import { HostSession } from '../hosts/host-session';
import { fetchTheiaResults, findElectronBinary, NO_ELECTRON_BINARY } from '../hosts/theia-app';
import {
    defaultTheiaCache, ensureTheiaReleaseApp, installedVersion, packTheiaExtension, TheiaReleaseApp, TheiaReleasePlan,
} from '../hosts/theia-release';
import { hasDisplay, NO_DISPLAY, resolveVsCodeDesktop } from '../hosts/vscode-desktop';
import { runInCodeServer } from '../hosts/vscode-server-host';
import { DisposableCollection } from '../util/disposable';
import { REPOSITORY_ROOT } from '../util/repository';
import { prepareWorkspace, readResultsFile, temporaryFolder } from '../util/workspace';
import { BenchOptions, BenchTarget, runSettings } from './options';
import { ensureTheiaApp, ensureVsix, VSIX } from './prepare';
import { describeSampling, log, progressPrinter } from './progress';
import { measureWatcherLoad, WatcherLoadOptions } from './watcher-load';

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
            // A fifth step asks for the trees when the run's scenarios include a tree's (--suite trees).
            answers: [String(options.iterations), String(options.warmup), options.sizes.join(', '), String(options.precision),
                ...options.suite === 'trees' ? [(options.treeSizes ?? []).join(', ')] : []],
            onProgress,
        });
        const document = where === 'remote' ? await fetchTheiaResults(workbench.page, resultsPath) : await readResultsFile(resultsPath);
        if (where === 'local' && !document.results.some(row => row.host?.extensionKind === 'plugin')) {
            // A Theia started here has the VS Code extension as a plugin: without its rows something kept it from loading.
            throw new Error(`the results have no rows of the VS Code extension (the plugin): it did not load in this Theia (${document.host.editorName} ${document.host.editorVersion}); see the FS Performance Output channel and the backend log.`);
        }
        return session.withCounts(session.withNetwork(document));
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
        settings: runSettings(options),
        appMain: release?.main,
        pluginFolders: release && [release.plugins],
        network,
        counts: 'all',
        onServerStarted: (server, workspace) => log(`  ${id}: backend PID ${server.pid} at ${server.baseUrl}, workspace ${workspace}`),
        onLinkStarted: (link, toxiproxy) => log(`  ${id}: ${toxiproxy.version} (PID ${toxiproxy.server.pid}) at ${link.baseUrl} in front of the backend`),
    });
    const document = await measureTheia(session, options, id, 'local');
    return withWatcherLoad(document, options, id, (workspace, settings) => HostSession.theiaBrowser({
        workspace: { path: workspace }, settings, appMain: release?.main, pluginFolders: release && [release.plugins],
    }));
}

/**
 * A watch run's document with what watching the `--watch-tree` tree cost the host's server (see watcher-load.ts), read
 * in sessions of its own after the latencies; unchanged for another run, and where the load could not be read (said so).
 */
async function withWatcherLoad(document: ResultsDocument, options: BenchOptions, host: string, start: WatcherLoadOptions['start']): Promise<ResultsDocument> {
    const size = options.suite === 'watch' && options.watchTree !== undefined && options.watchTree !== 'none' ? parseTreeSizeList([options.watchTree])[0] : undefined;
    if (!size) {
        return document;
    }
    try {
        const watcherLoad = await measureWatcherLoad({ tree: size, start, log: message => log(`  ${host}: ${message}`) });
        return validateResultsDocument({ ...document, watcherLoad }, `${host}'s results with the watcher load`);
    } catch (error) {
        // The latencies are measured already: kept, and the load said to be missing.
        log(`  ${host}: the watcher load of the ${size.label} tree was not measured: ${(error as Error).message}`);
        return document;
    }
}

async function measureVsCodeServer(options: BenchOptions, network?: NetworkProfile): Promise<ResultsDocument> {
    const { document, commandDurationMs } = await runInCodeServer({
        vsix: VSIX,
        commandTitle: 'FS Perf: Run Benchmark',
        settings: runSettings(options),
        onProgress: progressPrinter('vscode-server'),
        cpuThrottle: options.cpuThrottle,
        network,
        onSessionStarted: session => logLink('vscode-server', session),
    });
    log(`  vscode-server: "Run Benchmark" took ${(commandDurationMs / 1000).toFixed(1)} s from the palette to the results file`);
    return withWatcherLoad(document, options, 'vscode-server', (workspace, settings) => HostSession.codeServer({ workspace: { path: workspace }, settings }));
}

/** Where an Electron binary exists: the Electron app through Playwright, like the browser app. Not run on the machine this was written on (no binary). */
async function measureTheiaElectron(options: BenchOptions, binary: string): Promise<ResultsDocument> {
    return measureTheia(await HostSession.theiaElectron(binary, { settings: runSettings(options) }), options, 'theia-electron', 'local');
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
                FS_PERF_BENCH_OPTIONS: JSON.stringify({ iterations: options.iterations, warmup: options.warmup, sizes: options.sizes, precisionPercent: options.precision, cpuPass: options.cpuPass, pauseMs: options.pauseMs ?? 0 }),
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
export type Measure = (network?: NetworkProfile) => Promise<ResultsDocument>;

export async function prepareHost(target: BenchTarget, options: BenchOptions, plans: ReadonlyMap<string, TheiaReleasePlan>): Promise<{ skip: string } | { run: Measure }> {
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
            // An Electron window needs a display; a run that named the host was refused by the preflight already.
            if (!hasDisplay(process.platform, process.env)) {
                return { skip: NO_DISPLAY };
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
