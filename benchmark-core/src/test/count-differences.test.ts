import { assert } from 'chai';
import { countDifferences, describeCountDifference, gatingCountDifferences, parseCountCheck, renderCountDifferences } from '../compare/count-differences';
import { SCENARIO_CATALOG } from '../measure/scenario-catalog';
import { measurement, resultsDocument, theiaBrowserPlugin } from './results-builders';

const windows = [{ start: 1, end: 2 }, { start: 200, end: 201 }];
function side(perCall: [sent: number, received: number, receivedBytes: number, roundTrips: number][]): ReturnType<typeof resultsDocument> {
    const calls = perCall.map(([sentMessages, receivedMessages, receivedBytes, roundTrips]) => [{ channel: '/socket.io/', sentMessages, receivedMessages, sentBytes: 10, receivedBytes, roundTrips }]);
    return resultsDocument(theiaBrowserPlugin, [{ ...measurement(SCENARIO_CATALOG.vscodeReadFile, '10000K', 500), counts: { quietMs: 100, windows, observed: { by: 'cdp', perCall: calls, outside: 0 } } }]);
}

suite('exact counts compared', () => {
    test('an exact difference is reported exactly per cell, channel and metric, bytes as a size', () => {
        const differences = countDifferences(side([[3, 2, 10_240_000, 1], [3, 2, 10_240_000, 1]]), side([[4, 2, 20_480_000, 2], [4, 2, 20_480_000, 2]]));
        assert.deepStrictEqual(differences.map(difference => difference.metric), ['roundTrips', 'sentMessages', 'receivedBytes', 'roundTrips', 'sentMessages', 'receivedBytes']);
        const text = differences.map(describeCountDifference);
        assert.include(text, 'Theia browser (plugin) | workspace.fs.readFile | 10000K, /socket.io/: page → server messages 3 → 4 (+1)');
        assert.match(text.find(line => line.includes('server → page bytes'))!, /\/socket\.io\/: server → page bytes 9\.8 MiB → 19\.5 MiB \(\+9\.8 MiB\)$/);
        assert.lengthOf(gatingCountDifferences(differences, ['round-trips']), 2, 'the round trips of the channel and of all channels');
        assert.lengthOf(gatingCountDifferences(differences, []), 0);
    });

    test('a count that varied between reads of one side gates only when the other side is beyond its range', () => {
        const base = side([[3, 2, 100, 1], [4, 3, 100, 2]]);
        const within = countDifferences(base, side([[4, 3, 100, 2], [4, 3, 100, 2]]));
        assert.isAbove(within.length, 0, 'reported: the ranges differ');
        assert.lengthOf(gatingCountDifferences(within, ['round-trips', 'messages']), 0);
        const beyond = countDifferences(base, side([[5, 4, 100, 3], [5, 4, 100, 3]]));
        assert.sameMembers(gatingCountDifferences(beyond, ['messages']).map(difference => difference.metric), ['sentMessages', 'receivedMessages', 'sentMessages', 'receivedMessages']);
    });

    test('comparison.txt says when the counts are equal, and when none were observed; --check-counts refuses an unknown group', () => {
        const same = side([[3, 2, 100, 1], [3, 2, 100, 1]]);
        assert.match(renderCountDifferences(same, same, ['round-trips']).text, /every counted cell moved the same/);
        const unobserved = resultsDocument(theiaBrowserPlugin, [measurement(SCENARIO_CATALOG.vscodeReadFile, '10000K', 500)]);
        assert.match(renderCountDifferences(unobserved, same, ['round-trips']).text, /counts need the headless run/);
        assert.throws(() => parseCountCheck('round-trips,latency'), /round-trips, messages, bytes/);
    });
});
