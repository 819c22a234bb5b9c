import { assert } from 'chai';
import { ResultsDocument } from '@fs-perf/benchmark-core';
import { OpenCells, pairedCells } from '../run/compare/open-cells';

/** A block as the alternated run reads it: one row of the plugin's read of 5000K with these samples, and `others` more cells of 1 ms. */
function block(samplesMs: number[], others = 0): ResultsDocument {
    return {
        host: { editor: 'theia', runtime: 'browser', extensionKind: 'plugin' },
        results: [{ scenario: { id: 'vscode.workspace.fs.readFile' }, targetLabel: '5000K', samplesMs },
            ...Array.from({ length: others }, (_, index) => ({ scenario: { id: `other-${index}` }, targetLabel: '5000K', samplesMs: [1, 1, 1] }))],
    } as unknown as ResultsDocument;
}

/** `pairs` pairs where the head's plugin read is 10% slower than the base's every time, plus `others` unchanged cells. */
function slowerPairs(pairs: number, others: number): { base: ResultsDocument[]; head: ResultsDocument[] } {
    return {
        base: Array.from({ length: pairs }, (_, pair) => block([100 + pair, 100 + pair, 100 + pair], others)),
        head: Array.from({ length: pairs }, (_, pair) => block([110 + pair * 1.1 + pair / 10, 110 + pair * 1.1, 110 + pair * 1.1], others)),
    };
}

suite('--compare --budget: the open cells', () => {
    test('a look decides from the pairs\' ratios of the blocks\' geometric means, as the comparison afterwards does, not from their medians', () => {
        // One look after 8 pairs, as the default budget plans on a 2-core machine: it spends the whole 5%.
        const design = { alpha: 0.05, noiseThreshold: 0.05, minPairs: 8, lookEvery: 4, maxPairs: 8, correction: 'holm' as const };
        // Medians 100 and 110 in every pair (slower by medians); geometric means 103.9 and 101.5 (no change).
        const base = Array.from({ length: 8 }, () => block([100, 100, 100, 110, 110]));
        const head = Array.from({ length: 8 }, () => block([90, 90, 110, 110, 110]));
        const cells = new OpenCells(design, pairedCells(base[0], head[0]));
        assert.deepStrictEqual(cells.decide(4, base.slice(0, 4), head.slice(0, 4)), [], 'no look before 8 pairs');
        assert.deepStrictEqual(cells.decide(8, base, head), ['Theia browser (plugin), vscode.workspace.fs.readFile, 5000K: no change']);
        assert.strictEqual(cells.openCount, 0);
        assert.deepStrictEqual(cells.sizesToMeasure(['500K', '5000K']), [], 'a resolved cell\'s size is measured no more');
    });

    test('the run\'s cells share its alpha (Holm): 8 pairs of a clear 10% slowdown flag a cell measured alone, not one among 15; 10 pairs flag it among 15', () => {
        const design = (maxPairs: number) => ({ alpha: 0.05, noiseThreshold: 0.05, minPairs: 8, lookEvery: 4, maxPairs, correction: 'holm' as const });
        const alone = slowerPairs(8, 0);
        assert.deepStrictEqual(new OpenCells(design(8), pairedCells(alone.base[0], alone.head[0])).decide(8, alone.base, alone.head),
            ['Theia browser (plugin), vscode.workspace.fs.readFile, 5000K: slower']);
        const among = slowerPairs(8, 14);
        const cells = new OpenCells(design(8), pairedCells(among.base[0], among.head[0]));
        assert.strictEqual(cells.count, 15);
        assert.notInclude(cells.decide(8, among.base, among.head), 'Theia browser (plugin), vscode.workspace.fs.readFile, 5000K: slower',
            'the smallest p-value of 8 pairs, 2/256, is above 5% / 15');
        const longer = slowerPairs(10, 14);
        assert.include(new OpenCells(design(10), pairedCells(longer.base[0], longer.head[0])).decide(10, longer.base, longer.head),
            'Theia browser (plugin), vscode.workspace.fs.readFile, 5000K: slower');
    });
});
