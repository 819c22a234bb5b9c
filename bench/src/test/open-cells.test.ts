import { assert } from 'chai';
import { ResultsDocument } from '@fs-perf/benchmark-core';
import { OpenCells } from '../run/compare/open-cells';

/** A block as the alternated run reads it: one row of the plugin's read of 5000K with these samples. */
function block(samplesMs: number[]): ResultsDocument {
    return {
        host: { editor: 'theia', runtime: 'browser', extensionKind: 'plugin' },
        results: [{ scenario: { id: 'vscode.workspace.fs.readFile' }, targetLabel: '5000K', samplesMs }],
    } as unknown as ResultsDocument;
}

suite('--compare --budget: the open cells', () => {
    test('a look decides from the pairs\' ratios of the blocks\' geometric means, as the comparison afterwards does, not from their medians', () => {
        // One look after 8 pairs, as the default budget plans on a 2-core machine: it spends the whole 5%.
        const design = { alpha: 0.05, noiseThreshold: 0.05, minPairs: 8, lookEvery: 4, maxPairs: 8 };
        // Medians 100 and 110 in every pair (slower by medians); geometric means 103.9 and 101.5 (no change).
        const base = Array.from({ length: 8 }, () => block([100, 100, 100, 110, 110]));
        const head = Array.from({ length: 8 }, () => block([90, 90, 110, 110, 110]));
        const cells = new OpenCells(design);
        assert.deepStrictEqual(cells.decide(4, base.slice(0, 4), head.slice(0, 4)), [], 'no look before 8 pairs');
        assert.deepStrictEqual(cells.decide(8, base, head), ['plugin|vscode.workspace.fs.readFile|5000K: no change']);
        assert.strictEqual(cells.openCount, 0);
        assert.deepStrictEqual(cells.sizesToMeasure(['500K', '5000K']), [], 'a resolved cell\'s size is measured no more');
    });
});
