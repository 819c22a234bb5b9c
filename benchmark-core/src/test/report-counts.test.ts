import { assert } from 'chai';
import { SCENARIO_CATALOG } from '../measure/scenario-catalog';
import { renderReportHtml } from '../report/html';
import { renderReportMarkdown } from '../report/markdown';
import { buildComparisonReport } from '../report/model/build';
import { measurement, resultsDocument, theiaBrowser, theiaBrowserPlugin } from './results-builders';

const channel = (sentMessages: number, receivedMessages: number, receivedBytes: number): { channel: string; sentMessages: number; receivedMessages: number; sentBytes: number; receivedBytes: number; roundTrips: number } =>
    ({ channel: '/socket.io/', sentMessages, receivedMessages, sentBytes: 100 * sentMessages, receivedBytes, roundTrips: 1 });
const windows = [{ start: 1, end: 2 }, { start: 200, end: 201 }, { start: 400, end: 401 }];

suite('report: messages per read', () => {
    test('a row per case with each count exact or its range over the calls, and the note says what varied', () => {
        const plugin = { ...measurement(SCENARIO_CATALOG.vscodeReadFile, '500K', 20, theiaBrowserPlugin),
            counts: { quietMs: 100, windows, observed: { by: 'cdp', perCall: [[channel(2, 2, 512_100)], [channel(2, 2, 512_100)], [channel(2, 3, 512_160)]], outside: 4 } } };
        const fileService = { ...measurement(SCENARIO_CATALOG.theiaFileServiceReadFile, '500K', 10), counts: { quietMs: 100, windows, observed: { by: 'cdp', perCall: [[channel(1, 1, 512_050)], [channel(1, 1, 512_050)], [channel(1, 1, 512_050)]], outside: 0 } } };
        const markdown = renderReportMarkdown(buildComparisonReport([resultsDocument(theiaBrowser, [fileService, plugin])]));
        assert.include(markdown, '## Messages per read');
        const lines = markdown.split('\n').filter(line => line.includes('| /socket.io/ |'));
        assert.lengthOf(lines, 2);
        assert.match(lines.find(line => line.includes('FileService.readFile'))!, /\| 500K \| \/socket\.io\/ \| 1 \| 1 \| 1 \| 100 B \| [\d.]+ KiB \| 3 \|/);
        // The third call got one more message: a range, not an exact count.
        assert.match(lines.find(line => line.includes('(plugin)'))!, /\| 1 \| 2 \| 2–3 \| 200 B \| [\d.]+ KiB–[\d.]+ KiB \| 3 \|/);
        assert.include(markdown, '4 messages fell in the quiet gaps');
        assert.include(renderReportHtml(buildComparisonReport([resultsDocument(theiaBrowser, [fileService, plugin])])), 'Messages per read');
    });

    test('a count pass nobody observed: the report says the counts need the headless run', () => {
        const row = { ...measurement(SCENARIO_CATALOG.theiaFileServiceReadFile, '500K', 10), counts: { quietMs: 100, windows } };
        const markdown = renderReportMarkdown(buildComparisonReport([resultsDocument(theiaBrowser, [row])]));
        assert.include(markdown, '1 case had a count pass nobody observed: counts need the headless run (yarn bench).');
        assert.notInclude(markdown, '| /socket.io/ |');
    });
});
