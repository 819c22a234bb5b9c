import { assert } from 'chai';
import { spawn } from 'child_process';
import { promises as fs } from 'fs';
import * as path from 'path';
import { Frame, Page } from 'playwright-core';
import { REPOSITORY_ROOT } from '../code-server';
import { chromiumAvailable } from '../chromium';
import { HostSession } from '../host-session';
import { processGroupMembers } from '../processes';

/** Skips the suite or test (with the reason printed) where there is no Chromium to drive a workbench with. */
export async function skipWithoutChromium(context: Mocha.Context): Promise<void> {
    const missing = await chromiumAvailable();
    if (missing) {
        console.log(`SKIPPED: ${missing}`);
        context.skip();
    }
}

/** Disposes a session and checks that its server's whole process group is gone. */
export async function closeSession(session: HostSession | undefined): Promise<void> {
    if (!session) {
        return;
    }
    const pid = session.server.pid;
    await session.dispose();
    assert.deepStrictEqual(await processGroupMembers(pid), [], `the server (process group ${pid}) stopped`);
}

/** Where the e2e tests keep screenshots and other artifacts a person may look at after a run (git-ignored). */
export const TEST_ARTIFACTS = path.join(REPOSITORY_ROOT, 'test-results');

/**
 * Checks what a report page shows (the headline first, then at least one chart with its legend) in a frame of the
 * workbench, keeps a screenshot of the page under {@link TEST_ARTIFACTS}, and returns the headline's items.
 */
export async function checkReportFrame(page: Page, frame: Frame, screenshot: string): Promise<string[]> {
    const headings = await frame.$$eval('h2', elements => elements.map(element => element.textContent ?? ''));
    assert.strictEqual(headings[0], 'Headline', `the first heading of ${JSON.stringify(headings)}`);
    const items = await frame.$$eval('ul.headline li', elements => elements.map(element => element.textContent ?? ''));
    assert.isNotEmpty(items);
    assert.isAtLeast(await frame.$$eval('svg', elements => elements.filter(element => element.getBoundingClientRect().width > 0).length), 1, 'a chart is drawn');
    assert.isAtLeast(await frame.$$eval('svg .legend text', elements => elements.length), 1, 'with its legend');
    assert.strictEqual(await frame.$$eval('script', elements => elements.length), 0, 'no script in the page');
    await fs.mkdir(TEST_ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(TEST_ARTIFACTS, screenshot) });
    return items;
}

export interface Finished {
    readonly code: number | null;
    readonly stdout: string;
    readonly stderr: string;
}

/** Runs a command to its end (asynchronously, so a Theia the test started keeps answering), echoing nothing. */
export function runToEnd(command: string, args: string[], timeoutMs: number): Promise<Finished> {
    return new Promise((resolve, reject) => {
        const child = spawn(command, args, { cwd: REPOSITORY_ROOT, env: { ...process.env, INIT_CWD: REPOSITORY_ROOT }, detached: true });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', chunk => stdout += chunk);
        child.stderr.on('data', chunk => stderr += chunk);
        const timer = setTimeout(() => {
            try {
                process.kill(-child.pid!, 'SIGINT');
            } catch {
                // gone
            }
            reject(new Error(`${command} ${args.join(' ')} did not finish within ${timeoutMs / 1000} s:\n${stdout}\n${stderr}`));
        }, timeoutMs);
        child.on('close', code => {
            clearTimeout(timer);
            resolve({ code, stdout, stderr });
        });
    });
}
