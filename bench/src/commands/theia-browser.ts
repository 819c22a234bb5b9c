/**
 * One "FS Perf: Run Theia Benchmark" in the Theia browser app (headless Chromium), default settings
 * (15 samples + 2 warm-up, six sizes): prints every median, checks that the Node fs service adds no
 * encoding or copy of its own (10000K median <= 1.15 x (disk floor + RPC transport)), and the
 * frontend's JS heap before and after the run (after a forced GC; it should come back within 20 MB).
 * Usage: node bench/lib/commands/theia-browser.js   (after `yarn build:browser`)
 */
import { renderResultsText, SCENARIO_CATALOG } from '@fs-perf/benchmark-core';
import { HostSession } from '../hosts/host-session';
import { checkBeforeStarting } from '../run/preflight';
import { readResultsFile } from '../util/workspace';

async function main(): Promise<void> {
    if (!checkBeforeStarting({ hosts: ['theia-browser'], hostsGiven: true, network: false })) {
        process.exitCode = 1;
        return;
    }
    const session = await HostSession.theiaBrowser();
    try {
        const page = session.page;
        const cdp = await page.context().newCDPSession(page);
        const heapMiB = async (): Promise<number> => {
            await cdp.send('HeapProfiler.collectGarbage');
            const usage = await cdp.send('Runtime.getHeapUsage');
            return usage.usedSize / (1024 * 1024);
        };
        const heapBefore = await heapMiB();
        const started = Date.now();
        const resultsFile = await session.workbench.runToCompletion('FS Perf: Run Theia Benchmark', { timeoutMs: 20 * 60_000 });
        const seconds = (Date.now() - started) / 1000;
        const heapAfter = await heapMiB();
        const document = await readResultsFile(resultsFile);
        console.log(renderResultsText(document));
        console.log(`"Run Theia Benchmark" with default settings: ${seconds.toFixed(1)} s`);
        const median = (id: string, size: string): number => document.results.find(row => row.scenario.id === id && row.targetLabel === size)!.statistics.medianMs;
        const service = median(SCENARIO_CATALOG.theiaNodeFsService.id, '10000K');
        const disk = median(SCENARIO_CATALOG.theiaDiskFloor.id, '10000K');
        const transport = median(SCENARIO_CATALOG.theiaRpcTransport.id, '10000K');
        const ratio = service / (disk + transport);
        console.log(`10000K: Node fs service ${service.toFixed(2)} ms; disk floor ${disk.toFixed(2)} ms + RPC transport ${transport.toFixed(2)} ms = ${(disk + transport).toFixed(2)} ms; `
            + `ratio ${ratio.toFixed(3)} (target <= 1.15: ${ratio <= 1.15 ? 'met' : 'NOT met'})`);
        console.log(`frontend JS heap after GC: before ${heapBefore.toFixed(1)} MiB, after ${heapAfter.toFixed(1)} MiB, `
            + `difference ${(heapAfter - heapBefore).toFixed(1)} MiB (target within 20 MB: ${Math.abs(heapAfter - heapBefore) * 1.048576 <= 20 ? 'met' : 'NOT met'})`);
    } finally {
        await session.dispose();
    }
}

main().catch(error => {
    console.error(error);
    process.exitCode = 1;
});
