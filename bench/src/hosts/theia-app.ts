import { promises as fs } from 'fs';
import * as path from 'path';
import { Page } from 'playwright-core';
import { parseResultsDocument, ResultsDocument } from '@fs-perf/benchmark-core';
import { REPOSITORY_ROOT } from '../util/repository';
import { ServerLaunch } from '../util/server';

export const BROWSER_APP_MAIN = path.join(REPOSITORY_ROOT, 'browser-app', 'lib', 'backend', 'main.js');
export const PLUGINS_DIRECTORY = path.join(REPOSITORY_ROOT, 'plugins');

// eslint-disable-next-line @typescript-eslint/no-require-imports
const electronBinary = require(path.join(REPOSITORY_ROOT, 'electron-app', 'scripts', 'electron-binary.js')) as {
    findElectronBinary(): string | undefined;
    NO_ELECTRON_BINARY: string;
    ELECTRON_APP_PATH: string;
};
/** The Electron executable, or undefined where there is none (see {@link NO_ELECTRON_BINARY}). */
export const findElectronBinary = electronBinary.findElectronBinary;
export const NO_ELECTRON_BINARY = electronBinary.NO_ELECTRON_BINARY;
export const ELECTRON_APP_PATH = electronBinary.ELECTRON_APP_PATH;

/**
 * A private `THEIA_CONFIG_DIR` (Theia otherwise writes to `~/.theia`) whose user settings disable the
 * workspace trust dialog, which would block a fresh workbench, with `settings` on top.
 */
export async function createTheiaConfigDirectory(directory: string, settings: Record<string, unknown> = {}): Promise<string> {
    await fs.mkdir(directory, { recursive: true });
    await fs.writeFile(path.join(directory, 'settings.json'), JSON.stringify({ 'security.workspace.trust.enabled': false, ...settings }, undefined, 2));
    return directory;
}

/**
 * browser-app's backend (or another app's `lib/backend/main.js`, `appMain`) itself (one process, stopped by PID) on 127.0.0.1 and a free port, with the plugins folder
 * and any `extraPluginFolders` (folders that contain unpacked plugins, e.g. a test's).
 */
export async function theiaBackendLaunch(workspace: string | undefined, configDirectory: string, extraPluginFolders: readonly string[] = [],
    environment: NodeJS.ProcessEnv = {}, appMain = BROWSER_APP_MAIN, pluginFolders: readonly string[] = [PLUGINS_DIRECTORY]): Promise<ServerLaunch> {
    await fs.access(appMain).catch(() => {
        throw new Error(appMain === BROWSER_APP_MAIN ? 'browser-app is not built: run `yarn build:browser`.' : `${appMain} is missing: build that app first.`);
    });
    return {
        name: "Theia's backend",
        command: process.execPath,
        args: [appMain, '--hostname', '127.0.0.1', '--port', '0', `--plugins=${[...pluginFolders, ...extraPluginFolders].map(folder => `local-dir:${folder}`).join(',')}`,
            ...(workspace ? [workspace] : [])],
        cwd: path.dirname(path.dirname(path.dirname(appMain))),
        env: { ...process.env, ...environment, THEIA_CONFIG_DIR: configDirectory },
        logFile: path.join(configDirectory, 'backend.log'),
        listening: /Theia app listening on http:\/\/127\.0\.0\.1:(\d+)/,
        startTimeoutMs: 90_000,
        stopGraceMs: 10_000,
    };
}

/** Electron's arguments for the electron-app on `workspace`. */
export function theiaElectronArgs(workspace: string | undefined): string[] {
    return [ELECTRON_APP_PATH, '--no-sandbox', `--plugins=local-dir:${PLUGINS_DIRECTORY}`, ...(workspace ? [workspace] : [])];
}

/**
 * A results file of the Theia a page shows, fetched through the extension's HTTP route from inside the
 * page (with Theia's connection-token cookie), so it works for a Theia on another machine too.
 */
export async function fetchTheiaResults(page: Page, resultsPath: string): Promise<ResultsDocument> {
    const text = await page.evaluate(async filePath => {
        const fileUri = 'file://' + filePath.split('/').map(encodeURIComponent).join('/');
        const url = new URL(`fs-perf/file?uri=${encodeURIComponent(fileUri)}`, document.baseURI);
        const response = await fetch(url, { cache: 'no-store', credentials: 'same-origin' });
        if (!response.ok) {
            throw new Error(`GET ${url.pathname}: ${response.status} ${await response.text()}`);
        }
        return response.text();
    }, resultsPath);
    return parseResultsDocument(text, resultsPath);
}

/** Fails with a clear reason (the URL and what the connection said, then `advice`) when nothing answers at `url` within 15 s. */
export async function checkTheiaReachable(url: string, advice: string): Promise<void> {
    try {
        const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
        if (!response.ok) {
            throw new Error(`HTTP ${response.status}`);
        }
    } catch (error) {
        const inner = (error as { cause?: { code?: string; message?: string } }).cause;
        const cause = inner?.code ?? inner?.message ?? (error as Error).message;
        throw new Error(`Cannot reach the Theia at ${url} (${cause}). ${advice}`);
    }
}
