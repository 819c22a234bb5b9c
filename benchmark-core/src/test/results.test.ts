import { assert } from 'chai';
import { ResultsValidationError } from '../errors';
import { NETWORK_PROFILES, networkNameOf } from '../network/profiles';
import { newestResultsFileName, resultsFileName } from '../results/files';
import { parseResultsDocument, validateResultsDocument } from '../results/document';
import { sampleDocument, theiaPlugin } from './sample-document';

suite('results schema', () => {
    test('a document made from a run validates and survives a JSON round trip', async () => {
        const document = await sampleDocument();
        assert.strictEqual(document.schemaVersion, 13);
        assert.strictEqual(document.results.length, 2);
        assert.strictEqual(document.results[1].targetLabel, '5K');
        assert.strictEqual(document.results[1].bytes, 5120);
        const reparsed = parseResultsDocument(JSON.stringify(document));
        assert.deepStrictEqual(reparsed, document);
    });

    test('a malformed file is rejected with a message naming the field', async () => {
        const document = JSON.parse(JSON.stringify(await sampleDocument()));
        document.results[1].statistics.medianMs = 'fast';
        assert.throws(() => validateResultsDocument(document, 'x.json'), ResultsValidationError, /x\.json .*results\[1\]\.statistics\.medianMs/);

        const noHost = JSON.parse(JSON.stringify(await sampleDocument()));
        delete noHost.host.runtime;
        assert.throws(() => validateResultsDocument(noHost), /host\.runtime/);

        const badRuntime = JSON.parse(JSON.stringify(await sampleDocument()));
        badRuntime.host.runtime = 'toaster';
        assert.throws(() => validateResultsDocument(badRuntime), /host\.runtime/);
    });

    test('a version 1 file (no intervals, no precision, no settle) is still read', async () => {
        const document = JSON.parse(JSON.stringify(await sampleDocument()));
        document.schemaVersion = 1;
        for (const row of document.results) {
            delete row.statistics.medianIntervalMs;
        }
        assert.strictEqual(validateResultsDocument(document, 'old.json').schemaVersion, 1);
    });

    test('a version 2 file is still read; a comparison side (version 3) needs its label, side and block positions', async () => {
        const document = JSON.parse(JSON.stringify(await sampleDocument()));
        document.schemaVersion = 2;
        assert.strictEqual(validateResultsDocument(document, 'v2.json').schemaVersion, 2);
        const side = { ...JSON.parse(JSON.stringify(await sampleDocument())), comparison: { id: 'c1', side: 'head', label: 'pr', source: 'tarballs', positions: [1, 2] } };
        assert.deepStrictEqual(validateResultsDocument(side).comparison, side.comparison);
        assert.throws(() => validateResultsDocument({ ...side, comparison: { ...side.comparison, side: 'middle' } }), /comparison\.side/);
        assert.throws(() => validateResultsDocument({ ...side, comparison: { ...side.comparison, positions: [] } }), /comparison\.positions/);
    });

    test('a version 3 file is still read; a network link (version 4) needs its profile and what the page measured', async () => {
        const document = JSON.parse(JSON.stringify(await sampleDocument()));
        document.schemaVersion = 3;
        assert.strictEqual(validateResultsDocument(document, 'v3.json').schemaVersion, 3);
        const network = {
            profile: { ...NETWORK_PROFILES.dsl },
            emulator: 'toxiproxy 2.12.0',
            check: { rttMs: 50.4, directRttMs: 2.1, downMbps: 24.1, upMbps: 2.95, directDownMbps: 610, directUpMbps: 280, bytes: 10_240_000, tolerance: 0.15, held: true },
        };
        const linked = { ...JSON.parse(JSON.stringify(await sampleDocument())), network };
        assert.deepStrictEqual(validateResultsDocument(linked).network, network);
        assert.strictEqual(networkNameOf(linked), 'dsl');
        assert.strictEqual(networkNameOf(document), 'loopback');
        assert.throws(() => validateResultsDocument({ ...linked, network: { ...network, profile: { ...network.profile, upMbps: 0 } } }), /network\.profile\.upMbps/);
        assert.throws(() => validateResultsDocument({ ...linked, network: { ...network, check: undefined } }), /network\.check/);
    });

    test('statistics that do not match their samples are rejected', async () => {
        const document = JSON.parse(JSON.stringify(await sampleDocument()));
        document.results[0].samplesMs.pop();
        assert.throws(() => validateResultsDocument(document), /results\[0\]\.statistics\.count: is 3 but samplesMs has 2 samples/);
    });

    test('a file from a newer schema version says to update, and non-JSON says so', async () => {
        const document = JSON.parse(JSON.stringify(await sampleDocument()));
        document.schemaVersion = 14;
        assert.throws(() => validateResultsDocument(document, 'new.json'), /new\.json has schemaVersion 14, newer than this tool reads \(13\)/);
        // What an extension built before version 13 wrote is still read.
        for (const version of [5, 6, 8, 9, 10, 11, 12]) {
            document.schemaVersion = version;
            assert.strictEqual(validateResultsDocument(document, `v${version}.json`).schemaVersion, version);
        }
        assert.throws(() => parseResultsDocument('{"schema": ', 'broken.json'), /broken\.json is not valid JSON/);
        assert.throws(() => validateResultsDocument([]), /\(root\)/);
    });

    test('results file names sort chronologically and name the host', () => {
        const first = resultsFileName({ startedAt: '2026-11-22T03:15:02.123Z', host: theiaPlugin });
        const second = resultsFileName({ startedAt: '2026-11-22T10:00:00.000Z', host: { ...theiaPlugin, editor: 'vscode', runtime: 'server' } });
        assert.strictEqual(first, '2026-11-22T03-15-02-123Z_theia-browser-plugin.json');
        assert.strictEqual(second, '2026-11-22T10-00-00-000Z_vs-code-server.json');
        assert.strictEqual(newestResultsFileName([second, 'notes.json', first, '.tmp-x']), second);
        assert.isUndefined(newestResultsFileName(['manifest.json']));
    });
});

suite('merging results documents', () => {
    test('rows of another host keep that host, and the text names it', async () => {
        const { mergeResultsDocuments } = await import('../results/document');
        const { renderResultsText } = await import('../report/text');
        const primary = await sampleDocument();
        const other = await sampleDocument();
        const pluginHost = { ...other.host, extensionKind: 'plugin' as const };
        const merged = mergeResultsDocuments({ ...primary, host: { ...primary.host, extensionKind: 'extension' } }, { ...other, host: pluginHost });
        assert.strictEqual(merged.results.length, primary.results.length + other.results.length);
        assert.isUndefined(merged.results[0].host);
        assert.deepStrictEqual(merged.results.at(-1)?.host, pluginHost);
        assert.match(renderResultsText(merged), /fake\.read: fake\.read\(uri\) \[Theia browser \(plugin\)\]/);
    });
});
