import { promises as fs } from 'fs';
import * as path from 'path';
import { CPU_PIDS_FILE_VARIABLE, NetworkConditions, NetworkProfile, ResultsDocument, validateResultsDocument } from '@fs-perf/benchmark-core';
import { _electron as electron, Page } from 'playwright-core';
import { ChromiumOptions, HeadlessChromium, launchChromium } from './chromium';
import { CountBudget, CountObserverServer } from './count-observer';
import { codeServerLaunch, codeServerWorkbenchUrl, createCodeServerFolders, ensureCodeServer, installVsix } from './code-server';
import { DisposableCollection } from '../util/disposable';
import { checkLinkSettled, linkConditions, startProbeServer } from '../link/check';
import { EmulatedLink, Toxiproxy } from '../link/toxiproxy';
import { descendantsOf, processCommandLine, processGroupMembers } from '../util/processes';
import { RunningServer, ServerLaunch, startServer } from '../util/server';
import { createTheiaConfigDirectory, theiaBackendLaunch, theiaElectronArgs } from './theia-app';
import { Workbench } from './workbench';
import { THEIA_1_74, VSCODE_1_100, WorkbenchSelectors } from './workbench-selectors';
import { prepareWorkspace, temporaryFolder, treeSizesOfSettings, WorkspaceChoice } from '../util/workspace';

export interface HostSessionOptions {
    /** The folder the editor opens (default: a fresh one with the fixture set). */
    readonly workspace?: WorkspaceChoice;
    /** User settings, e.g. `{ 'fsPerf.iterations': 3 }`. */
    readonly settings?: Record<string, unknown>;
    /** false: start the server only (something else will open it). */
    readonly browser?: false | ChromiumOptions;
    /** How long the workbench may take to be ready, ms; 0: do not wait for it. */
    readonly readyTimeoutMs?: number;
    /** Where the session's folder goes (default: the OS temp folder). */
    readonly temporaryParent?: string;
    /** Called once the server listens (e.g. to print its PID). */
    readonly onServerStarted?: (server: RunningServer, workspace: string | undefined) => void;
    /** Called once the browser runs. */
    readonly onBrowserStarted?: (browser: HeadlessChromium) => void;
    /** Called with the page before it opens the workbench (e.g. to expose functions to it). */
    readonly beforeOpen?: (page: Page) => Promise<void>;
    /** Theia: more folders that contain unpacked plugins (a test's own), beside the VS Code extension's. */
    readonly extraPluginFolders?: readonly string[];
    /** More environment for the server (Theia's backend, code-server; their plugin or extension hosts inherit it). */
    readonly environment?: NodeJS.ProcessEnv;
    /** Theia browser: another app's backend entry point (a release app's `lib/backend/main.js`) instead of browser-app's. */
    readonly appMain?: string;
    /** Theia: the folders with the VS Code extension (unpacked, or its `.vsix`) instead of this repository's plugins/. */
    readonly pluginFolders?: readonly string[];
    /**
     * Theia browser, code-server: the page reaches the server through a Toxiproxy proxy that behaves like this link
     * (checked from the browser before the workbench opens; a link that does not hold fails the start).
     */
    readonly network?: NetworkProfile;
    /** Called once the link's proxy runs in front of the server. */
    readonly onLinkStarted?: (link: EmulatedLink, toxiproxy: Toxiproxy) => void;
    /**
     * Theia browser, code-server: observe the extensions' count passes through the page's DevTools protocol (see
     * count-observer.ts), every pass (`all`) or as many as a budget shared with other sessions has left.
     */
    readonly counts?: 'all' | CountBudget;
}

export interface CodeServerSessionOptions extends HostSessionOptions {
    /** A packaged extension to install first. */
    readonly vsix?: string;
    /** More query parameters of the workbench's URL (e.g. a test payload), given the server. */
    readonly query?: (server: RunningServer) => Record<string, string>;
}

function started<T>(resource: T | undefined, missing: string): T {
    if (resource === undefined) {
        throw new Error(`This session ${missing}.`);
    }
    return resource;
}

/**
 * One editor host started for real, owning everything it started: its folder (workspace with fixtures,
 * settings, browser profile, logs), the server's process group, the browser and the workbench page. Each
 * is registered the moment it is acquired and `dispose()` releases them in reverse order; when a step of
 * start-up fails (Chromium does not start, the workbench never gets ready), everything acquired so far is
 * released before the error is thrown, so nothing is left running.
 */
export class HostSession {
    /** Sessions started and not disposed yet, for a stop on Ctrl+C. */
    protected static readonly live = new Set<HostSession>();

    protected readonly toDispose = new DisposableCollection();
    protected _workspace?: string;
    protected _userSettingsFile?: string;
    protected _server?: RunningServer;
    protected _browser?: HeadlessChromium;
    protected _workbench?: Workbench;
    /** With a network profile: the link in front of the server, the check's own proxy and the emulator. */
    protected link?: { readonly host: EmulatedLink; readonly probe: EmulatedLink; readonly probeServerPort: number; readonly emulator: string };
    protected _network?: NetworkConditions;

    protected constructor(protected readonly options: HostSessionOptions) { }

    /** browser-app's backend on 127.0.0.1 and headless Chromium on its workbench. */
    static theiaBrowser(options: HostSessionOptions = {}): Promise<HostSession> {
        return new HostSession(options).start(async session => {
            const { folder, workspace, config } = await session.prepareTheia('fs-perf-theia-');
            const server = await session.startServer(await theiaBackendLaunch(workspace, config, options.extraPluginFolders,
                { ...options.environment, ...session.cpuPidsEnvironment(folder), ...await session.countsEnvironment() }, options.appMain, options.pluginFolders));
            await session.openWorkbench(path.join(folder, 'chromium'), await session.linkTo(server, folder), THEIA_1_74);
        });
    }

    /** code-server (VS Code 1.100) on 127.0.0.1 with the extension installed, and headless Chromium on its workbench. */
    static codeServer(options: CodeServerSessionOptions = {}): Promise<HostSession> {
        return new HostSession(options).start(async session => {
            const entry = ensureCodeServer();
            const folder = await session.folder('fs-perf-code-server-');
            const workspace = await session.prepareWorkspace(folder);
            const folders = await createCodeServerFolders(path.join(folder, 'code-server'), options.settings);
            session._userSettingsFile = path.join(folders.userData, 'User', 'settings.json');
            if (options.vsix) {
                installVsix(entry, folders, options.vsix);
            }
            const server = await session.startServer(codeServerLaunch(entry, folders, workspace,
                { ...options.environment, ...session.cpuPidsEnvironment(folder), ...await session.countsEnvironment() }));
            await session.openWorkbench(path.join(folder, 'chromium'), codeServerWorkbenchUrl(await session.linkTo(server, folder), workspace, options.query?.(server)),
                VSCODE_1_100);
        });
    }

    /** Headless Chromium on a Theia someone else runs (its workspace and settings are its own). */
    static remoteTheia(url: string, options: Pick<HostSessionOptions, 'readyTimeoutMs' | 'temporaryParent' | 'onBrowserStarted' | 'browser'> = {}): Promise<HostSession> {
        return new HostSession(options).start(async session => {
            const folder = await session.folder('fs-perf-remote-theia-');
            await session.openWorkbench(path.join(folder, 'chromium'), url, THEIA_1_74);
        });
    }

    /** electron-app (Theia 1.74 in Electron) through Playwright, where an Electron binary exists. */
    static theiaElectron(binary: string, options: HostSessionOptions = {}): Promise<HostSession> {
        return new HostSession(options).start(async session => {
            const { folder, workspace, config } = await session.prepareTheia('fs-perf-theia-electron-');
            const app = await electron.launch({
                executablePath: binary,
                args: theiaElectronArgs(workspace),
                env: { ...process.env, ...session.cpuPidsEnvironment(folder), THEIA_CONFIG_DIR: config } as Record<string, string>,
                timeout: 120_000,
            });
            const pid = app.process().pid;
            session.toDispose.push(async () => {
                await Promise.race([app.close().catch(() => undefined), new Promise(resolve => setTimeout(resolve, 10_000))]);
                if (pid !== undefined) {
                    try {
                        // Still there after close: stopped by its PID.
                        process.kill(pid, 'SIGKILL');
                    } catch {
                        // already gone
                    }
                }
            });
            session._workbench = new Workbench(await app.firstWindow(), THEIA_1_74);
            await session.waitUntilReady(THEIA_1_74);
            if (pid !== undefined) {
                await session.writeRendererPids(await descendantsOf(pid));
            }
        });
    }

    /** The folder the editor opened (undefined: none, or a remote one). */
    get workspace(): string | undefined {
        return this._workspace;
    }

    /** The user's settings file the editor reads, as the session wrote it (undefined: a remote editor's, not known). */
    get userSettingsFile(): string | undefined {
        return this._userSettingsFile;
    }

    get server(): RunningServer {
        return started(this._server, 'started no server');
    }

    get browser(): HeadlessChromium {
        return started(this._browser, 'started no browser');
    }

    get workbench(): Workbench {
        return started(this._workbench, 'opened no workbench');
    }

    get page(): Page {
        return this.workbench.page;
    }

    /** The emulated link the page reaches the server through, as checked from the browser (undefined: loopback). */
    get network(): NetworkConditions | undefined {
        return this._network;
    }

    /** A results file measured in this session, with the link it was measured over recorded (unchanged over loopback). */
    withNetwork(document: ResultsDocument): ResultsDocument {
        return this._network ? validateResultsDocument({ ...document, network: this._network }, 'The results document with its network') : document;
    }

    /** Stops and removes everything the session started, last first; throws what could not be released. */
    dispose(): Promise<void> {
        HostSession.live.delete(this);
        return this.toDispose.dispose();
    }

    /** Disposes every session not disposed yet (for Ctrl+C in a CLI); returns what could not be released. */
    static async disposeAll(): Promise<Error[]> {
        const results = await Promise.allSettled([...HostSession.live].map(session => session.dispose()));
        return results.flatMap(result => result.status === 'rejected' ? [result.reason as Error] : []);
    }

    /** Runs the start-up steps; when one throws, releases what the others acquired, then throws. */
    protected async start(steps: (session: this) => Promise<void>): Promise<this> {
        HostSession.live.add(this);
        try {
            await steps(this);
            return this;
        } catch (error) {
            await this.dispose().catch(releaseError => {
                console.error(`After a failed start, releasing the session failed too: ${(releaseError as Error).message}`);
            });
            throw error;
        }
    }

    protected folder(prefix: string): Promise<string> {
        return temporaryFolder(prefix, this.toDispose, this.options.temporaryParent);
    }

    protected async prepareWorkspace(folder: string): Promise<string | undefined> {
        // The generated trees the settings' tree scenarios go over are written with the fixtures (none for the other runs).
        const trees = treeSizesOfSettings(this.options.settings);
        const choice = this.options.workspace ?? (trees.length > 0 ? { fixtures: { treeSizes: trees } } : undefined);
        this._workspace = await prepareWorkspace(path.join(folder, 'workspace'), choice);
        return this._workspace;
    }

    /** The session's folder with the workspace and Theia's private config folder (`THEIA_CONFIG_DIR`) with the settings. */
    protected async prepareTheia(prefix: string): Promise<{ folder: string; workspace: string | undefined; config: string }> {
        const folder = await this.folder(prefix);
        const workspace = await this.prepareWorkspace(folder);
        const config = await createTheiaConfigDirectory(path.join(folder, 'config'), this.options.settings);
        this._userSettingsFile = path.join(config, 'settings.json');
        return { folder, workspace, config };
    }

    protected async startServer(launch: ServerLaunch): Promise<RunningServer> {
        this._server = await startServer(launch, this.toDispose);
        this.options.onServerStarted?.(this._server, this._workspace);
        return this._server;
    }

    /**
     * The URL the page opens for `server`: its own, or with a network profile, a Toxiproxy proxy's in front of it (Toxiproxy,
     * the check's probe server and its proxy started here, all on 127.0.0.1 and stopped with the session).
     */
    protected async linkTo(server: RunningServer, folder: string): Promise<string> {
        const profile = this.options.network;
        if (!profile) {
            return server.baseUrl;
        }
        const toxiproxy = await Toxiproxy.start(folder, this.toDispose);
        const probe = await startProbeServer(this.toDispose);
        this.link = {
            host: await toxiproxy.link('host', server.port, profile),
            probe: await toxiproxy.link('check', probe.port, profile),
            probeServerPort: probe.port,
            emulator: toxiproxy.version,
        };
        this.options.onLinkStarted?.(this.link.host, toxiproxy);
        return this.link.host.baseUrl;
    }

    protected async openWorkbench(profileDirectory: string, url: string, selectors: WorkbenchSelectors): Promise<void> {
        if (this.options.browser === false) {
            return;
        }
        const browser = await launchChromium(profileDirectory, this.options.browser);
        this.toDispose.push(() => browser.close());
        this._browser = browser;
        this.options.onBrowserStarted?.(browser);
        if (this.link) {
            const { check } = await checkLinkSettled(browser.context, this.link.probe, this.link.probeServerPort);
            this._network = linkConditions(this.link.host, check, this.link.emulator);
        }
        this._workbench = new Workbench(browser.page, selectors);
        await this.options.beforeOpen?.(browser.page);
        await this.countObserver?.attach(browser.page);
        await browser.page.goto(url);
        await this.waitUntilReady(selectors);
        await this.countObserver?.loaded();
        if (browser.groupId !== undefined) {
            await this.writeRendererPids(await processGroupMembers(browser.groupId));
        }
    }

    /** The observer of the count passes, when the session has one. */
    protected countObserver: CountObserverServer | undefined;

    /** The server's environment entry naming the count observer ; none without counts. */
    protected async countsEnvironment(): Promise<NodeJS.ProcessEnv> {
        const counts = this.options.counts;
        if (!counts) {
            return {};
        }
        this.countObserver = await CountObserverServer.start(this.toDispose, counts === 'all' ? undefined : counts);
        return this.countObserver.environment();
    }

    /** A results file measured in this session with the messages of its count passes added (unchanged without an observer). */
    withCounts(document: ResultsDocument): ResultsDocument {
        return this.countObserver ? this.countObserver.annotate(document) : document;
    }

    /** File that names the page's renderer to the extensions' CPU probes (`FS_PERF_CPU_PIDS_FILE`), written once the page is open. */
    protected cpuPidsFile: string | undefined;

    /** The server's environment entry naming the CPU pids file in the session's `folder`. */
    protected cpuPidsEnvironment(folder: string): NodeJS.ProcessEnv {
        this.cpuPidsFile = path.join(folder, 'cpu-pids.json');
        return { [CPU_PIDS_FILE_VARIABLE]: this.cpuPidsFile };
    }

    /** Names the Chromium renderers among `candidates` (processes of the browser) as the page's renderer for the CPU probes. */
    protected async writeRendererPids(candidates: readonly number[]): Promise<void> {
        if (!this.cpuPidsFile) {
            return;
        }
        const renderers: number[] = [];
        for (const pid of candidates) {
            if ((await processCommandLine(pid))?.includes('--type=renderer')) {
                renderers.push(pid);
            }
        }
        await fs.writeFile(this.cpuPidsFile, JSON.stringify({ 'page renderer': renderers }));
    }

    protected async waitUntilReady(selectors: WorkbenchSelectors): Promise<void> {
        const timeoutMs = this.options.readyTimeoutMs ?? 120_000;
        if (timeoutMs > 0) {
            await this.workbench.waitUntilReady(timeoutMs).catch(error => {
                throw new Error(`The ${selectors.editorName} workbench was not ready within ${timeoutMs} ms: ${(error as Error).message.split('\n')[0]}`);
            });
        }
    }
}
