/**
 * Screenshots of a run's report for the README, taken like a person would: the run's results file in a fresh
 * workspace of each editor, then "FS Perf: Show Report" (code-server, the VS Code extension's webview) and
 * "FS Perf: Show Report (Theia)" (the Theia browser app), and report.html in headless Chromium.
 *
 * Usage: node bench/lib/commands/docs-screenshots.js <run folder with results/> <folder for the PNGs>
 * Needs `yarn build:browser` and `yarn package:vscode` first.
 */
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseResultsDocument, RESULTS_DIRECTORY, resultsFileName } from '@fs-perf/benchmark-core';
import { launchChromium } from '../hosts/chromium';
import { HostSession } from '../hosts/host-session';
import { VSIX } from '../run/prepare';
import { writeTempMarker } from '../util/temp-marker';
import { runCli } from './command-line';

async function seed(workspace: string, resultsFile: string): Promise<void> {
    const text = await fs.readFile(resultsFile, 'utf8');
    const document = parseResultsDocument(text, resultsFile);
    const folder = path.join(workspace, ...RESULTS_DIRECTORY.split('/'));
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, resultsFileName(document)), text);
}

async function editorScreenshot(session: HostSession, resultsFile: string, command: string, out: string): Promise<void> {
    try {
        await seed(session.workspace!, resultsFile);
        await session.workbench.runCommand(command);
        const frame = await session.workbench.frameShowing('<h2>Headline</h2>', 60_000);
        await frame.waitForSelector('svg');
        await session.page.screenshot({ path: out });
        console.log(`wrote ${out}`);
    } finally {
        await session.dispose();
    }
}

async function main(argv: readonly string[]): Promise<number> {
    const [run, outFolder] = argv;
    if (!run || !outFolder) {
        console.error('usage: node bench/lib/commands/docs-screenshots.js <run folder with results/> <folder for the PNGs>');
        return 2;
    }
    await fs.mkdir(outFolder, { recursive: true });
    const results = path.join(run, 'results');
    await editorScreenshot(await HostSession.codeServer({ vsix: VSIX, workspace: { fixtures: false } }),
        path.join(results, 'vscode-server.json'), 'FS Perf: Show Report', path.join(outFolder, 'show-report-code-server.png'));
    await editorScreenshot(await HostSession.theiaBrowser({ workspace: { fixtures: false } }),
        path.join(results, 'theia-browser.json'), 'FS Perf: Show Report (Theia)', path.join(outFolder, 'show-report-theia.png'));
    const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-screenshot-'));
    writeTempMarker(profile, 'docs-screenshots: Chromium profile');
    const browser = await launchChromium(profile);
    try {
        await browser.page.setContent(await fs.readFile(path.join(run, 'report.html'), 'utf8'));
        await browser.page.screenshot({ path: path.join(outFolder, 'report-html.png') });
        console.log(`wrote ${path.join(outFolder, 'report-html.png')}`);
    } finally {
        await browser.close();
        await fs.rm(profile, { recursive: true, force: true });
    }
    return 0;
}

if (require.main === module) {
    runCli(main);
}
