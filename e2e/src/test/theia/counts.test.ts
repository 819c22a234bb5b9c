import { assert } from 'chai';
import { ALL_CHANNELS, countRanges, Measurement, SCENARIO_CATALOG } from '@fs-perf/benchmark-core';
import { HostSession, readResultsFile } from '@fs-perf/bench';
import { closeSession, skipWithoutChromium } from '../session-helpers';

/** A row's total over all channels, each metric's range over its calls. */
function totals(row: Measurement | undefined): ReturnType<typeof countRanges>[number] {
    assert.isDefined(row?.counts?.observed, `${row?.scenario.id} ${row?.targetLabel}: no observed counts`);
    return countRanges(row!.counts!.observed!.perCall).find(range => range.channel === ALL_CHANNELS)!;
}

suite('exact counts in a headless run of the Theia browser app', () => {
    let session: HostSession | undefined;
    suiteSetup(async function (): Promise<void> {
        await skipWithoutChromium(this);
        this.timeout(180_000);
        session = await HostSession.theiaBrowser({
            counts: 'all',
            settings: {
                'fsPerf.cpuPass': false, 'fsPerf.scenarios': [SCENARIO_CATALOG.vscodeReadFile.id],
                'fsPerf.theia.scenarios': [SCENARIO_CATALOG.theiaFileServiceReadFile.id],
            },
        });
    });
    suiteTeardown(() => closeSession(session));

    test('the plugin\'s read and FileService.readFile get their messages, bytes and round trips over the page\'s socket, the plugin\'s crossing it more often', async function () {
        this.timeout(300_000);
        const resultsPath = await session!.workbench.runToCompletion('FS Perf: Run All with Options...', { answers: ['2', '0', '1K, 500K', '0'] });
        const document = session!.withCounts(await readResultsFile(resultsPath));
        const row = (id: string, size: string): Measurement | undefined => document.results.find(candidate => candidate.scenario.id === id && candidate.targetLabel === size);
        for (const size of ['1K', '500K']) {
            const bytes = size === '1K' ? 1024 : 512_000;
            const plugin = totals(row(SCENARIO_CATALOG.vscodeReadFile.id, size));
            const fileService = totals(row(SCENARIO_CATALOG.theiaFileServiceReadFile.id, size));
            const detail = JSON.stringify({ size, plugin, fileService });
            // FileService.readFile: a request out, the bytes in; at least one round trip, the bytes once.
            assert.isAtLeast(fileService.sentMessages.min, 1, detail);
            assert.isAtLeast(fileService.roundTrips.min, 1, detail);
            assert.isAtLeast(fileService.receivedBytes.min, bytes, detail);
            assert.isBelow(fileService.receivedBytes.max, 2 * bytes + 10_000, detail);
            // The plugin's read: the plugin host's request comes in from the backend, FileService's goes out and its bytes come in,
            // and the bytes go out again to the plugin host: both ways carry the file.
            assert.isAtLeast(plugin.sentBytes.min, bytes, detail);
            assert.isAtLeast(plugin.receivedBytes.min, bytes, detail);
            assert.isAbove(plugin.sentMessages.min + plugin.receivedMessages.min, fileService.sentMessages.max + fileService.receivedMessages.max, detail);
        }
        const plugin500 = row(SCENARIO_CATALOG.vscodeReadFile.id, '500K')!;
        assert.lengthOf(plugin500.counts!.windows, 3, 'three calls in the count pass');
        assert.match(plugin500.counts!.observed!.perCall[0][0].channel, /^\//, 'a channel is named by its URL path');
    });
});
