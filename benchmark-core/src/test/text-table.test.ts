import { assert } from 'chai';
import { formatMilliseconds, renderResultsText, renderScenarioTable, renderTextTable } from '../text-table';
import { sampleDocument } from './sample-document';

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

    test('milliseconds keep precision that suits their magnitude', () => {
        assert.strictEqual(formatMilliseconds(0.04231), '0.042');
        assert.strictEqual(formatMilliseconds(67.456), '67.46');
        assert.strictEqual(formatMilliseconds(4138.24), '4138.2');
    });

    test('a scenario table has one row per size with median, mean, min, max, p95 and MB/s', async () => {
        const document = await sampleDocument();
        const lines = renderScenarioTable(document.results).split('\n');
        assert.strictEqual(lines[0], 'fake.read: fake.read(uri)');
        assert.match(lines[1], /^Size\s+Bytes\s+n\s+Median ms\s+Mean ms\s+Min ms\s+Max ms\s+p95 ms\s+MB\/s\s+Verified$/);
        assert.strictEqual(lines.length, 5);
        assert.match(lines[3], /^1K\s+1024\s+3\s+\d+\.\d{3}/);
        assert.match(lines[4], /^5K\s+5120\s+3\s.*sha256$/);
        const medianEnd = lines[1].indexOf('Median ms') + 'Median ms'.length;
        for (const row of lines.slice(3)) {
            assert.match(row.slice(0, medianEnd), /\d$/, `median right-aligned under its header in '${row}'`);
            assert.strictEqual(row.charAt(medianEnd), ' ');
        }
    });

    test('the run text has the host header, the tables and skipped scenarios with reasons', async () => {
        const document = await sampleDocument();
        document.skipped.push({ scenario: { ...document.results[0].scenario, id: 'node', label: 'fs.promises.readFile' }, reason: 'the extension host is not Node' });
        const text = renderResultsText(document);
        assert.include(text, 'FS Performance: Theia browser (plugin)');
        assert.include(text, 'Editor:    Theia Browser Example 1.74.1 (API 1.130.0)');
        assert.include(text, 'Settings:  3 samples + 1 warm-up, sizes 1K, 5K, ascending');
        assert.include(text, 'fs.promises.readFile: skipped, the extension host is not Node');
        assert.include(text, 'fake.read: fake.read(uri)');
    });
});
