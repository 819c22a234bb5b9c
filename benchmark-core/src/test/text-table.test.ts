import { assert } from 'chai';
import { PLUGIN_READ_HOPS } from '../measure/hops';
import { renderResultsText, renderScenarioTable, renderTextTable } from '../report/text';
import { computeStatistics } from '../stats/statistics';
import { Measurement } from '../results/schema';
import { SCENARIO_CATALOG } from '../measure/scenario-catalog';
import { measurement, measurementOfSamples, resultsDocument, theiaBrowserPlugin } from './results-builders';
import { sampleDocument } from './sample-document';

const baseRow: Measurement = {
    scenario: { id: 'x', label: 'x', api: 'x()', target: 'fixture', verification: 'content' }, targetLabel: '10000K', fileName: '10000K.bin',
    bytes: 10240000, warmupMs: [], samplesMs: [1], statistics: computeStatistics([1]), verification: 'sha256', reportedBySubject: false,
};

suite('text tables', () => {
    test('columns are fixed width, numbers right-aligned', () => {
        const table = renderTextTable(
            [{ header: 'Size', align: 'left' }, { header: 'Median ms', align: 'right' }],
            [['1K', '0.123'], ['10000K', '4138.2']]);
        assert.strictEqual(table, [
            'Size    Median ms',
            '------  ---------',
            '1K          0.123',
            '10000K     4138.2',
        ].join('\n'));
    });

    test('a scenario table has one row per size with median and its interval, mean, min, max, p95 and MB/s', async () => {
        const document = await sampleDocument();
        const lines = renderScenarioTable(document.results).split('\n');
        assert.strictEqual(lines[0], 'fake.read: fake.read(uri)');
        assert.match(lines[1], /^Size\s+Bytes\s+n\s+Median ms\s+95% CI ms\s+Mean ms\s+Min ms\s+Max ms\s+p95 ms\s+MB\/s\s+Verified$/);
        assert.strictEqual(lines.length, 5);
        // Three samples are too few for a 95% interval of the median: the median gets three significant digits.
        assert.match(lines[3], /^1K\s+1024\s+3\s+(0\.0*[1-9]\d\d|[1-9]\.\d\d|[1-9]\d\.\d|[1-9]\d\d)\s+n<6\s/);
        assert.match(lines[4], /^5K\s+5120\s+3\s.*sha256$/);
        const medianEnd = lines[1].indexOf('Median ms') + 'Median ms'.length;
        for (const row of lines.slice(3)) {
            assert.match(row.slice(0, medianEnd), /\d$/, `median right-aligned under its header in '${row}'`);
            assert.strictEqual(row.charAt(medianEnd), ' ');
        }
    });

    test('a median with 15 samples is printed with the digits its interval supports, next to the interval', () => {
        const samplesMs = [207, 150, 400, 230, 260, 269, 240, 245, 300, 310, 350, 367, 420, 380, 200];
        const statistics = computeStatistics(samplesMs, 10240000);
        const row = { ...baseRow, samplesMs, statistics };
        const line = renderScenarioTable([row]).split('\n')[3];
        assert.deepStrictEqual(statistics.medianIntervalMs, { low: 230, high: 367 });
        assert.match(line, /^10000K\s+10240000\s+15\s+270\s+\[230, 370\]\s/);
        // Mean 288.5, min 150, max 420, p95 406 and 38.1 MB/s (at the median, 269): every number with the same digits rule as the median.
        assert.match(line, /^10000K\s+10240000\s+15\s+270\s+\[230, 370\]\s+290\s+150\s+420\s+410\s+38\.1\s+sha256$/);
    });

    test('the run text has the host header, the tables and skipped scenarios with reasons', async () => {
        const document = await sampleDocument();
        document.skipped.push({ scenario: { ...document.results[0].scenario, id: 'node', label: 'fs.promises.readFile' }, reason: 'the extension host is not Node' });
        const text = renderResultsText(document);
        assert.include(text, 'FS Performance: Theia browser (plugin)');
        assert.include(text, 'Editor:    Theia Browser Example, Theia 1.74.1');
        assert.include(text, 'Settings:  3 samples + 1 warm-up, sizes 1K, 5K, ascending');
        assert.include(text, 'fs.promises.readFile: skipped, the extension host is not Node');
        assert.include(text, 'fake.read: fake.read(uri)');
        assert.notInclude(text, 'spends its time', 'no hop table without traced reads');
        assert.notInclude(text, 'CPU per MB', 'no CPU table without CPU passes');
    });

    test('the run text has a hop table per host with traced reads (a row per hop, a column per size) and the CPU per MB of the processes the run saw', () => {
        const hopSamples = [[1, 0.5, 20, 30, 40], [2, 0.7, 22, 28, 44], [1.5, 0.6, 21, 32, 41]];
        const traced: Measurement = {
            ...measurementOfSamples(SCENARIO_CATALOG.vscodeReadFileHops, '10000K', hopSamples.map(sample => sample.reduce((sum, value) => sum + value, 0))),
            hops: { hops: PLUGIN_READ_HOPS.map(hop => hop.id), samplesMs: hopSamples, unmatched: 0 },
        };
        const untraced: Measurement = {
            ...measurement(SCENARIO_CATALOG.vscodeReadFile, '10000K', 100),
            // 4 calls of 10240000 bytes: 40.96 MB
            cpu: { calls: 4, wallMs: 2000, processes: [{ process: 'plugin host', cpuMs: 500 }, { process: 'Theia backend', cpuMs: 400 }] },
        };
        const lines = renderResultsText(resultsDocument(theiaBrowserPlugin, [untraced, traced])).split('\n');
        const at = lines.findIndex(line => line.startsWith('Where a plugin\'s read spends its time [Theia browser (plugin)]'));
        assert.isAbove(at, -1);
        assert.match(lines[at + 1], /^Size\s+10000K$/);
        // three samples, all typical: hop means 1.5, 0.6, 21, 30, 41.67, sum 94.77; the traced median 96.1, the rest 1.33
        assert.match(lines[at + 3], /^plugin host → frontend \(request\), ms\s+1\.50 \(1\.6%\)$/);
        assert.match(lines[at + 8], /^Sum of hops, ms\s+94\.8$/);
        assert.match(lines[at + 10], /^Rest, ms \(% of traced\)\s+1\.33 \(1\.4%\)$/);
        assert.isFalse(lines.some(line => /^(Untraced read|Traced \/ untraced)/.test(line)), 'the untraced read is the report\'s');
        const cpuAt = lines.findIndex(line => line.startsWith('CPU per MB moved [Theia browser (plugin)]: workspace.fs.readFile (CPU ms per MB'));
        assert.isAbove(cpuAt, -1);
        assert.match(lines[cpuAt + 1], /^Size\s+plugin host\s+Theia backend\s+Calls\s+Wall ms\/MB$/);
        // 500 / 40.96 = 12.2, 400 / 40.96 = 9.77, 2000 / 40.96 = 48.8
        assert.match(lines[cpuAt + 3], /^10000K\s+12\.2\s+9\.77\s+4\s+48\.8$/);
        assert.isTrue(lines.every(line => line.length <= 120), 'no line an Output panel would have to wrap');
    });
});
