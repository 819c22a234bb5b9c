/**
 * One default "FS Perf: Run Benchmark" in code-server (15 samples + 2 warm-up, all scenarios, six
 * sizes): prints how long it took and the medians of workspace.fs.readFile, the same read through the
 * workbench (vscode-remote URI) and the in-host floor.
 * Usage: node bench/lib/commands/vscode-server.js [path/to/fs-perf-vscode.vsix]
 */
import { renderResultsText, SCENARIO_CATALOG } from '@fs-perf/benchmark-core';
import { runInCodeServer } from '../hosts/vscode-server-host';
import { checkBeforeStarting } from '../run/preflight';
import { VSIX } from '../run/prepare';

async function main(): Promise<void> {
    if (!checkBeforeStarting({ hosts: ['vscode-server'], hostsGiven: true, network: false })) {
        process.exitCode = 1;
        return;
    }
    const vsix = process.argv[2] ?? VSIX;
    const { document, commandDurationMs } = await runInCodeServer({ vsix, commandTitle: 'FS Perf: Run Benchmark', settings: {} });
    console.log(renderResultsText(document));
    console.log(`"Run Benchmark" with default settings: ${(commandDurationMs / 1000).toFixed(1)} s from the palette to the results file`);
    const median = (id: string, size: string): string => document.results.find(row => row.scenario.id === id && row.targetLabel === size)?.statistics.medianMs.toFixed(3) ?? '-';
    console.log('\n| Size | workspace.fs.readFile median ms | through the workbench median ms | extension-host fs.promises.readFile median ms |\n|---|---|---|---|');
    for (const size of document.settings.sizes) {
        console.log(`| ${size} | ${median(SCENARIO_CATALOG.vscodeReadFile.id, size)} | ${median(SCENARIO_CATALOG.vscodeReadFileWorkbench.id, size)} | `
            + `${median(SCENARIO_CATALOG.extensionHostNodeReadFile.id, size)} |`);
    }
}

main().catch(error => {
    console.error(error);
    process.exitCode = 1;
});
