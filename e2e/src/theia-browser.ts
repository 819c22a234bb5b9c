import { spawn } from 'child_process';
import { closeSync, openSync, promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Page } from 'playwright-core';
import { REPOSITORY_ROOT } from './code-server';
import { stopProcessGroup, waitFor } from './processes';

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
    const out = openSync(logFile, 'a');
    const child = spawn(process.execPath, [BROWSER_APP_MAIN, '--hostname', '127.0.0.1', '--port', '0', `--plugins=local-dir:${PLUGINS_DIRECTORY}`, workspace], {
        cwd: path.dirname(path.dirname(path.dirname(BROWSER_APP_MAIN))),
        env: { ...process.env, THEIA_CONFIG_DIR: configDirectory },
        stdio: ['ignore', out, out],
        detached: true,
    });
    closeSync(out);
    let exit: string | undefined;
    child.on('exit', (code, signal) => {
        exit = `exit code ${code}, signal ${signal}`;
    });
    const pid = child.pid!;
    const log = (): Promise<string> => fs.readFile(logFile, 'utf8');
    const stop = async (): Promise<number[]> => {
        const left = await stopProcessGroup(pid, 10_000);
        await fs.rm(configDirectory, { recursive: true, force: true });
        return left;
    };
    try {
        const port = await waitFor('Theia to listen', async () => {
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

/** F1, `>` + the command's label, click the row with that label (Enter could pick a fuzzier match). */
export async function runTheiaCommand(page: Page, label: string, timeoutMs = 120_000): Promise<void> {
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
        await input.waitFor({ state: 'hidden', timeout: 10_000 });
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
