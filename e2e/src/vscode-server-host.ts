import { promises as fs } from 'fs';
import * as path from 'path';
import { parseResultsDocument, RESULTS_DIRECTORY, ResultsDocument } from '@fs-perf/benchmark-core';
import { generateFixtures } from '@fs-perf/test-files';
import { NodeFixtureStore } from '@fs-perf/test-files/lib/node';
import { launchChromium } from './chromium';
import { createCodeServerFolders, ensureCodeServer, installVsix, startCodeServer } from './code-server';
import { waitFor } from './processes';
import { notificationMessages, runCommandFromPalette, visibleOutputLines, waitForWorkbench } from './vscode-workbench';

export interface CodeServerRunOptions {
    /** The packaged extension to install. */
    readonly vsix: string;
    /** Palette title of the command to run, e.g. `FS Perf: Run Benchmark`. */
    readonly commandTitle: string;
    /** Workspace settings (`fsPerf.*`). */
    readonly settings: Record<string, unknown>;
    /** How long the run may take. */
    readonly timeoutMs?: number;
    /** Called with the text of the extension's progress notification whenever it is polled. */
    readonly onProgress?: (text: string) => void;
}

export interface CodeServerRunResult {
    readonly document: ResultsDocument;
    /** From the palette command to the "Results:" line, ms. */
    readonly commandDurationMs: number;
}

/**
 * Measures in VS Code (code-server + headless Chromium) like a person: fresh workspace with fixtures,
 * the extension installed from its .vsix, the command run from the palette, the results file read back.
 */
export async function runInCodeServer(options: CodeServerRunOptions): Promise<CodeServerRunResult> {
    const entry = ensureCodeServer();
    const folders = await createCodeServerFolders('fs-perf-vscode-run-');
    const workspace = path.join(folders.root, 'workspace');
    try {
        await generateFixtures({ store: new NodeFixtureStore(path.join(workspace, '.fs-perf', 'fixtures')) });
        await fs.mkdir(path.join(workspace, '.vscode'), { recursive: true });
        await fs.writeFile(path.join(workspace, '.vscode', 'settings.json'), JSON.stringify(options.settings, undefined, 2));
        installVsix(entry, folders, options.vsix);
        const server = await startCodeServer(entry, folders, workspace);
        const browser = await launchChromium(folders.browserProfile).catch(async error => {
            await server.stop();
            throw error;
        });
        try {
            await browser.page.goto(`${server.baseUrl}/?folder=${encodeURIComponent(workspace)}`);
            await waitForWorkbench(browser.page);
            const started = Date.now();
            await runCommandFromPalette(browser.page, options.commandTitle);
            const page = browser.page;
            const ending = await waitFor('the run to end (a Results, Run stopped or Run cancelled line in the Output view)', async () => {
                const end = (await visibleOutputLines(page)).find(line => /^(Results: .*\.json|Run stopped: .*|Run cancelled.*)$/.test(line));
                if (!end) {
                    const progress = (await notificationMessages(page)).find(text => text.includes('FS Perf'));
                    if (progress) {
                        options.onProgress?.(progress);
                    }
                }
                return end;
            }, options.timeoutMs ?? 15 * 60_000, 500);
            if (!ending.startsWith('Results: ')) {
                throw new Error(`"${options.commandTitle}" did not complete in code-server: ${ending}`);
            }
            const commandDurationMs = Date.now() - started;
            const resultsFolder = path.join(workspace, ...RESULTS_DIRECTORY.split('/'));
            const file = await waitFor('a results file', async () => (await fs.readdir(resultsFolder).catch(() => [])).find(name => name.endsWith('.json')), 10_000);
            const document = parseResultsDocument(await fs.readFile(path.join(resultsFolder, file), 'utf8'), file);
            return { document, commandDurationMs };
        } finally {
            await browser.close();
            await server.stop();
        }
    } finally {
        await fs.rm(folders.root, { recursive: true, force: true });
    }
}
