import { assert } from 'chai';
import { spawn } from 'child_process';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Frame, Page } from 'playwright-core';
import { chromiumAvailable, HostSession, processGroupMembers, REPOSITORY_ROOT, writeTempMarker } from '@fs-perf/bench';

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

/** `yarn bench`'s command line, for the tests that run it with node as yarn would. */
export const BENCH = path.join(REPOSITORY_ROOT, 'bench', 'lib', 'commands', 'bench.js');

/**
 * A fresh temporary folder for each test of the suite this is called in, handed to `use` before the test and removed
 * after it.
 */
export function temporaryFolderForEachTest(prefix: string, use: (folder: string) => void): void {
    let folder: string | undefined;
    setup(async () => {
        folder = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
        writeTempMarker(folder, 'test');
        use(folder);
    });
    teardown(async () => {
        if (folder) {
            await fs.rm(folder, { recursive: true, force: true });
        }
    });
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

/**
 * Copies a committed run's results files into a workspace's `.fs-perf/results/`, under the names the extensions give
 * results files (what "Show Report" lists), one second apart in `stamp`'s minute, in the order given.
 */
export async function copyResultsIntoWorkspace(runFolder: string, files: readonly string[], workspace: string, stamp = '2026-11-25T12-00'): Promise<string[]> {
    const results = path.join(workspace, '.fs-perf', 'results');
    await fs.mkdir(results, { recursive: true });
    const copied: string[] = [];
    for (const [index, file] of files.entries()) {
        const name = `${stamp}-${String(index).padStart(2, '0')}-000Z_${path.basename(file, '.json').replace(/[^a-z0-9]+/gi, '-')}.json`;
        await fs.copyFile(path.join(runFolder, 'results', file), path.join(results, name));
        copied.push(name);
    }
    return copied;
}

/**
 * The trimmed runs the report code's tests read, one of each kind (`default`, `compare`, `bisect`, `network`, `release`,
 * `trees`, `writes`, `watch`): e2e/test-data/runs/README.md says from which committed run each comes and what was left
 * out. `node scripts/reanalyse-runs.js` writes their reports again when the report code changes on purpose.
 */
export const TEST_RUNS = path.join(REPOSITORY_ROOT, 'e2e', 'test-data', 'runs');

/** The test data's run of one kind, e.g. `testRun('compare')`. */
export function testRun(kind: string): string {
    return path.join(TEST_RUNS, kind);
}

/** The committed run over loopback, lan, cable and dsl (docs/, cited by docs/network.md), whose files both editors' "Show Report" are given. */
export const NETWORK_RUN = path.join(REPOSITORY_ROOT, 'docs', 'network-2026-11-25');
export const NETWORK_RUN_FILES = ['theia-browser.json', 'vscode-server.json', 'theia-browser@lan.json', 'vscode-server@lan.json',
    'theia-browser@cable.json', 'vscode-server@cable.json', 'theia-browser@dsl.json', 'vscode-server@dsl.json'];
/** The headline's sentence about the slowest link, as the committed run's report has it. */
export const SLOWEST_LINK_HEADLINE = /^Over dsl, Theia browser \(plugin\)'s workspace\.fs\.readFile of 10000K: .* ms, Theia browser \(plugin\) \/ VS Code server \(in its extension host\) .*; wire floor \d+ ms, measured \/ floor /;

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
