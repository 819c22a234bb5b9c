import { assert } from 'chai';
import { spawnSync } from 'child_process';
import { promises as fs } from 'fs';
import * as path from 'path';
import { parseResultsDocument, parseSizeList, RESULTS_DIRECTORY } from '@fs-perf/benchmark-core';
import { generateFixtures } from '@fs-perf/test-files';
import { NodeFixtureStore } from '@fs-perf/test-files/lib/node';
import { chromiumAvailable, HeadlessChromium, launchChromium } from '../chromium';
import { CodeServerFolders, createCodeServerFolders, ensureCodeServer, installVsix, REPOSITORY_ROOT, RunningCodeServer, startCodeServer } from '../code-server';
import { processGroupMembers, waitFor } from '../processes';
import { notificationTexts, runCommandFromPalette, VSCODE_SELECTORS, waitForOutputLine, waitForWorkbench } from '../vscode-workbench';

const EXTENSION_DIRECTORY = path.join(REPOSITORY_ROOT, 'vscode-extension');

/** One code-server + Chromium session with the packaged extension installed, stopped by PID afterwards. */
class Session {
    server?: RunningCodeServer;
    browser?: HeadlessChromium;

    constructor(readonly folders: CodeServerFolders, readonly workspace: string | undefined) { }

    static async open(entry: string, vsix: string, workspace: string | undefined): Promise<Session> {
        const session = new Session(await createCodeServerFolders('fs-perf-vscode-ui-'), workspace);
        installVsix(entry, session.folders, vsix);
        session.server = await startCodeServer(entry, session.folders, workspace);
        session.browser = await launchChromium(session.folders.browserProfile);
        const query = workspace ? `?folder=${encodeURIComponent(workspace)}` : '';
        await session.browser.page.goto(`${session.server.baseUrl}/${query}`);
        await waitForWorkbench(session.browser.page);
        return session;
    }

    get page(): HeadlessChromium['page'] {
        return this.browser!.page;
    }

    async close(): Promise<void> {
        await this.browser?.close();
        const pid = this.server?.pid;
        const left = await this.server?.stop();
        assert.deepStrictEqual(left ?? [], [], 'code-server stopped');
        if (pid !== undefined) {
            assert.deepStrictEqual(await processGroupMembers(pid), []);
        }
        await fs.rm(this.folders.root, { recursive: true, force: true });
    }
}

async function makeWorkspace(root: string, settings: Record<string, unknown>): Promise<string> {
    const workspace = path.join(root, `workspace-${Math.random().toString(36).slice(2, 8)}`);
    await generateFixtures({ store: new NodeFixtureStore(path.join(workspace, '.fs-perf', 'fixtures')), smallFileCount: 50 });
    await fs.mkdir(path.join(workspace, '.vscode'), { recursive: true });
    await fs.writeFile(path.join(workspace, '.vscode', 'settings.json'), JSON.stringify(settings, undefined, 2));
    return workspace;
}

async function resultFiles(workspace: string): Promise<string[]> {
    return fs.readdir(path.join(workspace, ...RESULTS_DIRECTORY.split('/'))).catch(() => []);
}

suite('VS Code extension in code-server, driven like a person', function (): void {
    let entry: string;
    let vsix: string;
    let scratch: string;
    let session: Session | undefined;

    suiteSetup(async function (): Promise<void> {
        const missing = await chromiumAvailable();
        if (missing) {
            console.log(`SKIPPED: ${missing}`);
            this.skip();
        }
        entry = ensureCodeServer();
        scratch = await fs.mkdtemp(path.join(REPOSITORY_ROOT, 'e2e', '.tmp-ui-'));
        vsix = path.join(scratch, 'fs-perf-vscode.vsix');
        const vsce = path.join(REPOSITORY_ROOT, 'node_modules', '.bin', 'vsce');
        const packaged = spawnSync(vsce, ['package', '--no-dependencies', '--allow-missing-repository', '--out', vsix],
            { cwd: EXTENSION_DIRECTORY, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
        assert.strictEqual(packaged.status, 0, `vsce package failed:\n${packaged.stdout}\n${packaged.stderr}`);
    });

    teardown(async () => {
        await session?.close();
        session = undefined;
    });

    suiteTeardown(async () => {
        if (scratch) {
            await fs.rm(scratch, { recursive: true, force: true });
        }
    });

    test('"FS Perf: Run File Read Benchmark" from the palette shows its table in the Output panel and writes results', async () => {
        const workspace = await makeWorkspace(scratch, { 'fsPerf.iterations': 3, 'fsPerf.warmup': 1 });
        session = await Session.open(entry, vsix, workspace);
        await runCommandFromPalette(session.page, 'FS Perf: Run File Read Benchmark');
        const lines = await waitForOutputLine(session.page, /^Results: .*\.json$/);
        const text = lines.join('\n');
        assert.match(text, /^1K\s+1024\s+3\s+\d+\.\d+/m);
        assert.match(text, /^10000K\s+10240000\s+3\s+\d+\.\d+\s.*sha256$/m);
        const files = await resultFiles(workspace);
        assert.strictEqual(files.length, 1);
        const document = parseResultsDocument(await fs.readFile(path.join(workspace, RESULTS_DIRECTORY, files[0]), 'utf8'));
        assert.deepStrictEqual(document.results.map(row => row.targetLabel), parseSizeList('1K,5K,50K,500K,5000K,10000K').map(size => size.label));
        assert.strictEqual(document.host.runtime, 'server');
        assert.strictEqual(document.host.editorName, 'code-server');
    });

    test('Cancel in the progress notification stops the run: "cancelled" in the Output panel, no results file', async () => {
        const workspace = await makeWorkspace(scratch, { 'fsPerf.iterations': 1000, 'fsPerf.warmup': 0 });
        session = await Session.open(entry, vsix, workspace);
        await runCommandFromPalette(session.page, 'FS Perf: Run Benchmark');
        const toast = session.page.locator(VSCODE_SELECTORS.notificationToast).filter({ hasText: 'FS Perf' }).first();
        await toast.waitFor({ state: 'visible', timeout: 60_000 });
        await waitFor('the progress to show a sample count', async () => /timed \d+\/1000/.test(await toast.innerText()) ? true : undefined, 60_000);
        await toast.getByRole('button', { name: 'Cancel' }).click();
        await waitForOutputLine(session.page, /^Run cancelled: no results were written\.$/, 60_000);
        assert.deepStrictEqual(await resultFiles(workspace), []);
        const leftovers = (await fs.readdir(path.join(workspace, '.fs-perf', 'fixtures'))).filter(name => name.startsWith('.write-') || name.includes('.tmp'));
        assert.deepStrictEqual(leftovers, []);
    });

    test('with no folder open, "Run Benchmark" says a folder is needed and offers to open one', async () => {
        session = await Session.open(entry, vsix, undefined);
        await runCommandFromPalette(session.page, 'FS Perf: Run Benchmark');
        const texts = await waitFor('the "needs an open folder" notification', async () => {
            const all = await notificationTexts(session!.page);
            return all.some(text => /FS Perf needs an open folder/.test(text)) ? all : undefined;
        }, 60_000);
        assert.isTrue(texts.some(text => /Open Folder/.test(text)), `an Open Folder action in ${JSON.stringify(texts)}`);
    });
});
