import { promises as fs } from 'fs';
import * as path from 'path';
import { BrowserContext, chromium, Page } from 'playwright-core';
import { childrenOf, processGroupOf, stopProcessGroup } from '../util/processes';

export const CHROMIUM_PATH = process.env.FS_PERF_CHROMIUM ?? '/usr/bin/chromium';

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

export async function chromiumAvailable(): Promise<string | undefined> {
    try {
        await fs.access(CHROMIUM_PATH);
        return undefined;
    } catch {
        return `no Chromium at ${CHROMIUM_PATH} (install the Debian package 'chromium', or set FS_PERF_CHROMIUM)`;
    }
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
