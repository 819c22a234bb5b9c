import { existsSync, readFileSync, realpathSync } from 'fs';
import * as path from 'path';
import { BrowserContext, chromium, Page } from 'playwright-core';
import { childrenOf, processGroupOf, stopProcessGroup } from '../util/processes';

/** Where Chromium or Chrome usually is on Linux, searched in this order when FS_PERF_CHROMIUM is not set. */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome-stable', '/usr/bin/google-chrome'] as const;
/** Ubuntu's `chromium` package: a snap, whose confinement keeps it from the fresh profile each session makes in a temporary folder. */
export const SNAP_CHROMIUM = '/snap/bin/chromium';

/** What {@link findChromium} looks at (the real machine by default; tests pass their own). */
export interface ChromiumLookup {
    readonly env: NodeJS.ProcessEnv;
    exists(file: string): boolean;
    /** The file a path resolves to (symbolic links followed). */
    realpath(file: string): string;
    /** A text file's content, undefined where it cannot be read. */
    readFile(file: string): string | undefined;
}

export const MACHINE_CHROMIUM_LOOKUP: ChromiumLookup = {
    env: process.env,
    exists: existsSync,
    realpath: file => {
        try {
            return realpathSync(file);
        } catch {
            return file;
        }
    },
    readFile: file => {
        try {
            return readFileSync(file, 'utf8');
        } catch {
            return undefined;
        }
    },
};

/**
 * The Chromium to drive: `FS_PERF_CHROMIUM` where set (it must exist), else the first of {@link CHROMIUM_CANDIDATES}
 * that is no snap; else the problem, naming the fix (on Ubuntu: that its `chromium` is a snap, and what to do instead).
 */
export function findChromium(lookup: ChromiumLookup = MACHINE_CHROMIUM_LOOKUP): { path: string } | { problem: string } {
    const chosen = lookup.env.FS_PERF_CHROMIUM;
    if (chosen) {
        return lookup.exists(chosen) ? { path: chosen }
            : { problem: `FS_PERF_CHROMIUM is ${chosen}, which does not exist: set FS_PERF_CHROMIUM to a Chromium or Chrome executable (e.g. /usr/bin/chromium), or unset it to use ${CHROMIUM_CANDIDATES[0]}` };
    }
    const snapInstalled = lookup.exists(SNAP_CHROMIUM);
    // Ubuntu's /usr/bin/chromium-browser is a script that starts the snap.
    const isSnap = (file: string): boolean => lookup.realpath(file).startsWith('/snap/') || (snapInstalled && file === '/usr/bin/chromium-browser');
    const found = CHROMIUM_CANDIDATES.find(file => lookup.exists(file) && !isSnap(file));
    if (found) {
        return { path: found };
    }
    const ubuntu = /^ID="?ubuntu"?$/m.test(lookup.readFile('/etc/os-release') ?? '');
    const snap = snapInstalled || ubuntu
        ? ` Ubuntu's \`chromium\` is a snap (${SNAP_CHROMIUM}${snapInstalled ? ', installed here' : ''}): its confinement keeps it from the fresh profile fs-perf makes in a temporary folder. `
            + 'Install Google Chrome\'s .deb (then FS_PERF_CHROMIUM=/usr/bin/google-chrome) or run fs-perf in a Debian 12 container (its `chromium` is a real package); '
            + `to try the snap anyway (untested): FS_PERF_CHROMIUM=${SNAP_CHROMIUM} TMPDIR=~/snap/chromium/common/tmp.`
        : '';
    return {
        problem: `no Chromium found (FS_PERF_CHROMIUM is not set; looked for ${CHROMIUM_CANDIDATES.join(', ')}): on Debian run scripts/install-prerequisites.sh `
            + `(it installs the package \`chromium\`), or set FS_PERF_CHROMIUM to a Chromium or Chrome executable.${snap}`,
    };
}

function chromiumPath(): string {
    const found = findChromium();
    return 'path' in found ? found.path : process.env.FS_PERF_CHROMIUM || CHROMIUM_CANDIDATES[0];
}

/** The Chromium sessions launch (see {@link findChromium}; where none is found, the first candidate, which then fails to launch). */
export const CHROMIUM_PATH = chromiumPath();

/** Flags that keep Chromium quiet on a machine without internet, and working as root in a container. */
export const CHROMIUM_ARGS = [
    '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync',
    // gc() in pages, so the Theia extension can settle the frontend before each sample (recorded in its results).
    '--js-flags=--expose-gc',
];

export interface ChromiumOptions {
    /** Default: {@link CHROMIUM_PATH}. */
    readonly executablePath?: string;
    /** Added to {@link CHROMIUM_ARGS}. */
    readonly args?: readonly string[];
}

export interface HeadlessChromium {
    readonly context: BrowserContext;
    readonly page: Page;
    /** Process group of the browser, for a by-PID stop. */
    readonly groupId?: number;
    /** Requests to anything but loopback (should stay empty). */
    readonly externalRequests: string[];
    close(): Promise<void>;
}

/** Slows the page's CPU by `rate` (2: half speed) through Chromium's DevTools protocol, as a slower client machine would be. */
export async function throttleCpu(page: Page, rate: number): Promise<void> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Why there is no Chromium to drive, naming the fix (undefined: there is one). */
export async function chromiumAvailable(): Promise<string | undefined> {
    const found = findChromium();
    return 'problem' in found ? found.problem : undefined;
}

/** The process group of the browser Playwright just started: the new child of this process. */
async function newChildGroup(before: ReadonlySet<number>): Promise<number | undefined> {
    const spawned = (await childrenOf(process.pid)).filter(pid => !before.has(pid));
    return spawned.length > 0 ? processGroupOf(spawned[0]) : undefined;
}

/** Headless Chromium with a fresh profile in `profileDirectory`. When it fails to start, nothing it started is left running. */
export async function launchChromium(profileDirectory: string, options: ChromiumOptions = {}): Promise<HeadlessChromium> {
    const before = new Set(await childrenOf(process.pid));
    let context: BrowserContext;
    try {
        context = await chromium.launchPersistentContext(profileDirectory, {
            executablePath: options.executablePath ?? CHROMIUM_PATH,
            headless: true,
            args: [...CHROMIUM_ARGS, ...options.args ?? []],
            env: { ...process.env, HOME: path.join(profileDirectory, 'home') },
            viewport: { width: 1600, height: 1000 },
            // Our CLIs stop on a signal themselves (`stopOnSignals`): Playwright's handlers would close the browser and
            // exit the process at once, leaving the servers the run started behind.
            handleSIGINT: false,
            handleSIGTERM: false,
            handleSIGHUP: false,
        });
    } catch (error) {
        const groupId = await newChildGroup(before);
        if (groupId !== undefined) {
            await stopProcessGroup(groupId, 2000);
        }
        throw error;
    }
    const groupId = await newChildGroup(before);
    const close = async (): Promise<void> => {
        await Promise.race([context.close().catch(() => undefined), new Promise(resolve => setTimeout(resolve, 10_000))]);
        if (groupId !== undefined) {
            await stopProcessGroup(groupId, 2000);
        }
    };
    const externalRequests: string[] = [];
    context.on('request', request => {
        const url = request.url();
        if (!/^(https?|wss?):\/\/127\.0\.0\.1[:/]/.test(url) && !/^(data|blob|about|chrome-extension|vscode-[a-z-]+):/.test(url)) {
            externalRequests.push(url);
        }
    });
    try {
        const page = context.pages()[0] ?? await context.newPage();
        return { context, page, groupId, externalRequests, close };
    } catch (error) {
        await close();
        throw error;
    }
}
