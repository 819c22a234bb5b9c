import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Page } from 'playwright-core';
import { parseResultsDocument, ResultsDocument } from '@fs-perf/benchmark-core';
import { REPOSITORY_ROOT } from './code-server';
import { startDetached, stopProcessGroup, waitFor } from './processes';

export const BROWSER_APP_MAIN = path.join(REPOSITORY_ROOT, 'browser-app', 'lib', 'backend', 'main.js');
export const PLUGINS_DIRECTORY = path.join(REPOSITORY_ROOT, 'plugins');

/** Selectors of Theia's workbench (1.74) that the tests rely on. */
export const THEIA_SELECTORS = {
    shell: '#theia-app-shell',
    preload: '.theia-preload',
    quickInputBox: '.quick-input-widget .quick-input-box input',
    quickInputRow: '.quick-input-widget .monaco-list-row',
    outputLines: '#outputView .view-lines .view-line',
    notification: '.theia-notification-list-item',
    quickInputTitle: '.quick-input-widget .quick-input-title',
} as const;

export interface RunningTheia {
    readonly pid: number;
    readonly baseUrl: string;
    readonly configDirectory: string;
    log(): Promise<string>;
    stop(): Promise<number[]>;
}

/**
 * Starts browser-app's backend directly (one process group, stopped by PID) on 127.0.0.1 and a free port,
 * with the plugins folder and a private config folder whose user settings disable the trust dialog.
 */
export async function startTheiaBrowserApp(workspace: string, userSettings: Record<string, unknown> = {}): Promise<RunningTheia> {
    await fs.access(BROWSER_APP_MAIN).catch(() => {
        throw new Error('browser-app is not built: run `yarn build:browser`.');
    });
    const configDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-theia-config-'));
    await fs.writeFile(path.join(configDirectory, 'settings.json'), JSON.stringify({ 'security.workspace.trust.enabled': false, ...userSettings }, undefined, 2));
    const logFile = path.join(configDirectory, 'backend.log');
    const backend = startDetached(process.execPath, [BROWSER_APP_MAIN, '--hostname', '127.0.0.1', '--port', '0', `--plugins=local-dir:${PLUGINS_DIRECTORY}`, workspace], {
        cwd: path.dirname(path.dirname(path.dirname(BROWSER_APP_MAIN))),
        env: { ...process.env, THEIA_CONFIG_DIR: configDirectory },
        logFile,
    });
    const pid = backend.pid;
    const log = (): Promise<string> => fs.readFile(logFile, 'utf8');
    const stop = async (): Promise<number[]> => {
        const left = await stopProcessGroup(pid, 10_000);
        await fs.rm(configDirectory, { recursive: true, force: true });
        return left;
    };
    try {
        const port = await waitFor('Theia to listen', async () => {
            const exit = backend.exitReason();
            if (exit) {
                throw new Error(`Theia's backend ended (${exit}) before listening:\n${await log()}`);
            }
            const match = /Theia app listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(await log());
            return match ? Number(match[1]) : undefined;
        }, 90_000, 100);
        return { pid, baseUrl: `http://127.0.0.1:${port}`, configDirectory, log, stop };
    } catch (error) {
        await stop();
        throw error;
    }
}

export async function waitForTheiaWorkbench(page: Page): Promise<void> {
    await page.waitForSelector(THEIA_SELECTORS.shell, { state: 'attached', timeout: 120_000 });
    await page.waitForSelector(THEIA_SELECTORS.preload, { state: 'detached', timeout: 120_000 });
}

/**
 * F1, `>` + the command's label, click the row with that label (Enter could pick a fuzzier match).
 * `opensInput`: the command asks for input at once, so the quick input does not close in between.
 */
export async function runTheiaCommand(page: Page, label: string, timeoutMs = 120_000, opensInput = false): Promise<void> {
    await waitFor(`"${label}" in Theia's command palette`, async () => {
        await page.keyboard.press('F1');
        const input = page.locator(THEIA_SELECTORS.quickInputBox);
        await input.waitFor({ state: 'visible', timeout: 10_000 });
        await input.fill(`>${label}`);
        // A command run before is labelled "<label>, recently used".
        const row = page.locator(`${THEIA_SELECTORS.quickInputRow}[aria-label="${label}"], ${THEIA_SELECTORS.quickInputRow}[aria-label^="${label}, "]`).first();
        try {
            await row.waitFor({ state: 'visible', timeout: 3000 });
        } catch {
            await page.keyboard.press('Escape');
            return undefined;
        }
        await row.click();
        if (!opensInput) {
            await input.waitFor({ state: 'hidden', timeout: 10_000 });
        }
        return true;
    }, timeoutMs, 500);
}

/** Rendered lines of Theia's Output view, top to bottom, spaces restored. */
export async function theiaOutputLines(page: Page): Promise<string[]> {
    return page.$$eval(THEIA_SELECTORS.outputLines, elements => elements
        .map(element => ({ top: parseFloat((element as HTMLElement).style.top) || 0, text: (element.textContent ?? '').replace(/\u00a0/g, ' ') }))
        .sort((a, b) => a.top - b.top)
        .map(line => line.text));
}

export interface TheiaNotification {
    readonly kind: 'error' | 'warning' | 'info';
    readonly text: string;
    /** A progress notification (a running operation). */
    readonly progress: boolean;
}

/** The notifications Theia shows now (toasts and the notification center's list). */
export async function theiaNotifications(page: Page): Promise<TheiaNotification[]> {
    return page.$$eval(THEIA_SELECTORS.notification, items => items.map(item => {
        const icon = item.querySelector('.theia-notification-icon');
        const kind = (['error', 'warning'] as const).find(candidate => icon?.classList.contains(candidate)) ?? 'info';
        const text = (item.querySelector('.theia-notification-message')?.textContent ?? '').replace(/\u00a0/g, ' ').trim();
        return { kind, text, progress: Boolean(item.querySelector('.theia-notification-item-progress')) };
    }));
}

/** Fails with the text of an FS Perf error or warning notification, if one is shown. */
async function throwOnFsPerfProblem(page: Page, what: string): Promise<void> {
    const problem = (await theiaNotifications(page)).find(notification => notification.kind !== 'info' && /FS Perf/.test(notification.text));
    if (problem) {
        throw new Error(`${what} failed in Theia: ${problem.text}`);
    }
}

/** Runs "FS Perf: Generate Test Files (Theia FileService)" (checks hashes, writes what is missing); returns its summary. */
export async function generateTestFilesInTheia(page: Page, onProgress?: (text: string) => void, timeoutMs = 10 * 60_000): Promise<string> {
    await runTheiaCommand(page, 'FS Perf: Generate Test Files (Theia FileService)');
    return waitFor('"Generate Test Files" to finish', async () => {
        const notifications = await theiaNotifications(page);
        const ready = notifications.find(notification => notification.text.includes('Test files ready in'));
        if (ready) {
            return ready.text;
        }
        await throwOnFsPerfProblem(page, '"Generate Test Files"');
        const progress = notifications.find(notification => notification.progress && notification.text.includes('FS Perf'));
        if (progress) {
            onProgress?.(progress.text);
        }
        return undefined;
    }, timeoutMs, 500);
}

export interface TheiaRunAllOptions {
    readonly iterations: number;
    readonly warmup: number;
    readonly sizes: readonly string[];
    /** Called with the text of FS Perf's progress notification whenever it is polled. */
    readonly onProgress?: (text: string) => void;
    readonly timeoutMs?: number;
}

/**
 * "FS Perf: Run All with Options..." from the palette, answering its three prompts; waits for the
 * "Results:" line in the Output view and returns that path (on the Theia backend's machine). Fails
 * with Theia's own message when the run stops.
 */
export async function runAllInTheia(page: Page, options: TheiaRunAllOptions): Promise<string> {
    await runTheiaCommand(page, 'FS Perf: Run All with Options...', 120_000, true);
    const answers = [String(options.iterations), String(options.warmup), options.sizes.join(', ')];
    for (const [index, answer] of answers.entries()) {
        const step = `(${index + 1}/${answers.length})`;
        await page.locator(THEIA_SELECTORS.quickInputTitle).filter({ hasText: step }).first().waitFor({ state: 'visible', timeout: 30_000 });
        const input = page.locator(THEIA_SELECTORS.quickInputBox);
        await input.fill(answer);
        await input.press('Enter');
    }
    return waitFor('"Run All" to write its results', async () => {
        const output = (await theiaOutputLines(page)).join('');
        const results = /Results: (.+?\.json)/.exec(output);
        if (results) {
            return results[1];
        }
        const stopped = /(Run stopped: .*?No results were written\.|Run cancelled)/.exec(output);
        if (stopped) {
            throw new Error(`"Run All" did not complete in Theia: ${stopped[1]}`);
        }
        await throwOnFsPerfProblem(page, '"Run All"');
        const progress = (await theiaNotifications(page)).find(notification => notification.progress && notification.text.includes('FS Perf'));
        if (progress) {
            options.onProgress?.(progress.text);
        }
        return undefined;
    }, options.timeoutMs ?? 30 * 60_000, 500);
}

/**
 * A results file of the Theia the page shows, fetched through the extension's HTTP route from inside the
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
