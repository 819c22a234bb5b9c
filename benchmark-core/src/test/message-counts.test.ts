import { assert } from 'chai';
import { ALL_CHANNELS, attributeFrames, countFrames, countRanges, countRoundTrips, ObservedFrame } from '../measure/message-counts';
import { mergeRowCounts, withObservedCounts } from '../results/row-counts';
import { SCENARIO_CATALOG } from '../measure/scenario-catalog';
import { measurement, resultsDocument, theiaBrowser } from './results-builders';

function frame(at: number, direction: ObservedFrame['direction'], bytes = 10, channel = '/socket.io/'): ObservedFrame {
    return { channel, direction, bytes, at };
}

suite('message counts', () => {
    test('a round trip is a page -> server message answered as the channel\'s next message', () => {
        assert.strictEqual(countRoundTrips(['sent', 'received']), 1);
        // The plugin's read seen from the page: the request in, the FileService request out, the bytes in, the bytes out.
        assert.strictEqual(countRoundTrips(['received', 'sent', 'received', 'sent']), 1);
        // A request in two messages, answered once, is one round trip; an unanswered one is none.
        assert.strictEqual(countRoundTrips(['sent', 'sent', 'received', 'received']), 1);
        assert.strictEqual(countRoundTrips(['sent', 'received', 'sent', 'received', 'sent']), 2);
        assert.strictEqual(countRoundTrips([]), 0);
    });

    test('counts messages, bytes and round trips per channel, each channel\'s round trips over its own messages in time order', () => {
        const counts = countFrames([
            frame(3, 'received', 1000), frame(1, 'sent', 50), frame(2, 'sent', 5, '/other'), frame(4, 'received', 7, '/other'),
        ]);
        assert.deepStrictEqual(counts, [
            { channel: '/socket.io/', sentMessages: 1, receivedMessages: 1, sentBytes: 50, receivedBytes: 1000, roundTrips: 1 },
            { channel: '/other', sentMessages: 1, receivedMessages: 1, sentBytes: 5, receivedBytes: 7, roundTrips: 1 },
        ]);
    });

    test('counts a window of 200,000 messages on one channel in linear time (the observer keeps that many of a pass)', () => {
        const frames = Array.from({ length: 200_000 }, (_, index) => frame(index, index % 2 === 0 ? 'sent' : 'received', 1));
        const started = Date.now();
        const [counts] = countFrames(frames);
        assert.deepStrictEqual([counts.sentMessages, counts.receivedMessages, counts.roundTrips, counts.sentBytes], [100_000, 100_000, 100_000, 100_000]);
        assert.isBelow(Date.now() - started, 5000);
    });

    test('gives each frame to its window, late ones up to the slack after its end, and counts the rest outside', () => {
        const windows = [{ start: 1000, end: 1050 }, { start: 1200, end: 1260 }];
        const frames = [
            frame(990, 'sent'), // in the gap before the first call: background
            frame(997, 'sent'), // within the clocks' slack before the start
            frame(1040, 'received'),
            frame(1090, 'received'), // 40 ms late: still the first call's (slack 50)
            frame(1150, 'sent'), // in the gap: background
            frame(1210, 'sent'), frame(1255, 'received'),
        ];
        const { perCall, outside } = attributeFrames(frames, windows, 50);
        assert.strictEqual(outside, 2);
        assert.deepStrictEqual(perCall.map(call => call.map(counts => [counts.sentMessages, counts.receivedMessages, counts.roundTrips])), [[[1, 2, 1]], [[1, 1, 1]]]);
    });

    test('refuses windows that the slack would make overlap', () => {
        assert.throws(() => attributeFrames([], [{ start: 0, end: 10 }, { start: 40, end: 50 }], 50), /overlap.*quiet gap/);
    });

    test('ranges over calls: a channel a call did not use counts 0 there, and the total adds the channels', () => {
        const ranges = countRanges([
            countFrames([frame(1, 'sent', 10), frame(2, 'received', 100)]),
            countFrames([frame(1, 'sent', 10), frame(2, 'received', 100), frame(3, 'received', 20, '/heartbeat')]),
        ]);
        assert.deepStrictEqual(ranges.map(range => range.channel), ['/socket.io/', '/heartbeat', ALL_CHANNELS]);
        assert.deepStrictEqual(ranges[0].receivedMessages, { min: 1, max: 1 });
        assert.deepStrictEqual(ranges[1].receivedMessages, { min: 0, max: 1 });
        assert.deepStrictEqual(ranges[2].receivedBytes, { min: 100, max: 120 });
        assert.deepStrictEqual(ranges[2].roundTrips, { min: 1, max: 1 });
    });
});

suite('observed counts in results', () => {
    const row = { ...measurement(SCENARIO_CATALOG.vscodeReadFile, '500K', 10), counts: { quietMs: 100, windows: [{ start: 1000, end: 1010 }, { start: 1110, end: 1120 }] } };

    test('adds what the frames give each window to the row, and counts the pass\'s frames outside the windows', () => {
        const document = withObservedCounts(resultsDocument(theiaBrowser, [row]), [frame(1005, 'sent'), frame(1008, 'received', 512_000), frame(1080, 'received'), frame(1115, 'sent'), frame(1119, 'received', 512_000), frame(5000, 'sent')]);
        const observed = document.results[0].counts?.observed;
        assert.strictEqual(observed?.perCall.length, 2);
        assert.deepStrictEqual(observed?.perCall.map(call => call[0].receivedBytes), [512_000, 512_000]);
        // 1080 is in the gap; 5000 is after the pass, not this row's.
        assert.strictEqual(observed?.outside, 1);
    });

    test('leaves a row unobserved when its windows lie outside every period the observer recorded', () => {
        const document = withObservedCounts(resultsDocument(theiaBrowser, [row]), [frame(1005, 'sent')], [{ start: 2000, end: 3000 }]);
        assert.isUndefined(document.results[0].counts?.observed);
        assert.deepStrictEqual(document.results[0].counts?.windows, row.counts.windows);
    });

    test('joins the blocks of a cell, observed only when both were', () => {
        const observed = { by: 'cdp', perCall: [[]], outside: 0 };
        const a = { quietMs: 100, windows: [{ start: 1, end: 2 }], observed };
        const b = { quietMs: 100, windows: [{ start: 5, end: 6 }], observed: { ...observed, outside: 2 } };
        assert.deepStrictEqual(mergeRowCounts(a, b), { quietMs: 100, windows: [{ start: 1, end: 2 }, { start: 5, end: 6 }], observed: { by: 'cdp', perCall: [[], []], outside: 2 } });
        assert.isUndefined(mergeRowCounts(a, { quietMs: 100, windows: [{ start: 5, end: 6 }] })?.observed);
        assert.strictEqual(mergeRowCounts(undefined, a), a);
    });
});
