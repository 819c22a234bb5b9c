import { assert } from 'chai';
import { mergeRounds } from '../results/rounds';
import { SCENARIO_CATALOG } from '../measure/scenario-catalog';
import { measurementOfSamples, resultsDocument, theiaBrowser, theiaBrowserPlugin, vscodeServer } from './results-builders';

suite('rounds', () => {
    const read = SCENARIO_CATALOG.theiaFileServiceReadFile;
    const plugin = SCENARIO_CATALOG.vscodeReadFile;

    test('the samples of every round are joined per cell and row host, with statistics over all of them', () => {
        const first = resultsDocument(theiaBrowser, [measurementOfSamples(read, '1K', [1, 2, 3]), measurementOfSamples(plugin, '1K', [10, 11, 12], theiaBrowserPlugin)]);
        const second = resultsDocument(theiaBrowser, [measurementOfSamples(read, '1K', [4, 5, 6]), measurementOfSamples(plugin, '1K', [13, 14, 15], theiaBrowserPlugin)]);
        const merged = mergeRounds([first, second]);
        assert.deepStrictEqual(merged.results.map(row => [row.scenario.id, row.samplesMs, row.statistics.count, row.statistics.medianMs]), [
            [read.id, [1, 2, 3, 4, 5, 6], 6, 3.5],
            [plugin.id, [10, 11, 12, 13, 14, 15], 6, 12.5],
        ]);
        assert.deepStrictEqual(merged.results[1].host, theiaBrowserPlugin);
        assert.deepStrictEqual([merged.settings.iterations, merged.settings.rounds], [6, 2]);
        assert.deepStrictEqual(merged.results[0].statistics.medianIntervalMs, { low: 1, high: 6 });
        assert.deepStrictEqual(merged.results.map(row => row.rounds), [[3, 3], [3, 3]], 'each row records its rounds');
        assert.deepStrictEqual(mergeRounds([merged, second]).results[0].rounds, [3, 3, 3]);
    });

    test('with a precision target, whether a merged cell reached it is decided on all its samples', () => {
        const round = (samples: number[]) => {
            const document = resultsDocument(theiaBrowser, [{ ...measurementOfSamples(read, '1K', samples), reachedPrecision: false }]);
            return { ...document, settings: { ...document.settings, precisionPercent: 10 } };
        };
        // Six samples have the interval [x(1), x(6)]: [90, 110] is ±10% of 100, twelve have [x(3), x(10)]: [95, 105].
        const steady = [90, 95, 100, 100, 105, 110];
        assert.isTrue(mergeRounds([round(steady), round(steady)]).results[0].reachedPrecision);
        assert.isFalse(mergeRounds([round([50, 100, 150, 200, 250]), round([60, 110, 160, 210, 260])]).results[0].reachedPrecision);
        assert.isUndefined(mergeRounds([resultsDocument(theiaBrowser, [measurementOfSamples(read, '1K', steady)])]).results[0].reachedPrecision,
            'no target, no verdict');
    });

    test('rounds of different hosts are refused', () => {
        assert.throws(() => mergeRounds([resultsDocument(theiaBrowser, []), resultsDocument(vscodeServer, [])]), /Rounds of different hosts cannot be merged/);
        assert.throws(() => mergeRounds([]), /at least one/);
    });
});
