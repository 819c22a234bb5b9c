import { assert } from 'chai';
import { OutputMarkers, parseRunEnd, resultsLine, runStoppedLine } from '../session/output-markers';

suite('output markers', () => {
    test('the lines the extensions write are the lines the drivers read', () => {
        assert.deepStrictEqual(parseRunEnd(resultsLine('/w/.fs-perf/results/a.json')), { status: 'completed', resultsLocation: '/w/.fs-perf/results/a.json' });
        assert.deepStrictEqual(parseRunEnd(`  ${runStoppedLine('1K.bin does not match.')}  `),
            { status: 'failed', message: '1K.bin does not match. No results were written.' });
        assert.deepStrictEqual(parseRunEnd(OutputMarkers.runCancelled), { status: 'cancelled' });
    });

    test('other lines are no end of a run', () => {
        for (const line of ['', 'Results:', 'Results: ', 'Run cancelled', `${OutputMarkers.testFilesReady}/w: 6 written`, 'x Results: y']) {
            assert.isUndefined(parseRunEnd(line), line);
        }
    });
});
