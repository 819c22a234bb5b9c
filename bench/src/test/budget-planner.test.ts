import { assert } from 'chai';
import { sequentialLooks } from '@fs-perf/benchmark-core';
import { budgetDesign, budgetSpent, secondsLeft, secondsPerPair } from '../run/compare/budget-planner';

const DECISION = { alpha: 0.05, noiseThreshold: 0.05 };

suite('--compare --budget: the budget planner', () => {
    test('a pair costs its two blocks and its share of a start of both sides, the warm-up blocks of that start included', () => {
        // Both sides up, restarted every pair: the first start (40 s) and its warm-up blocks (30 s) recur before every pair.
        assert.strictEqual(secondsPerPair({ measured: 200, warmUp: 30, start: 40 }, 1), 240);
        // Restarted every 4 pairs: a quarter of them a pair.
        assert.strictEqual(secondsPerPair({ measured: 200, warmUp: 30, start: 40 }, 4), 170 + 70 / 4);
        // One start for the whole pass: paid once, not by the pairs.
        assert.strictEqual(secondsPerPair({ measured: 200, warmUp: 30, start: 40 }, 0), 170);
        // One side at a time (the default): each block's start and warm-up are inside the pair already.
        assert.strictEqual(secondsPerPair({ measured: 100, warmUp: 0, start: 0 }, 1), 100);
    });

    test('the design takes as many pairs as the budget allows, never fewer than the run needs to decide a cell nor more than 200, shares alpha by Holm, and carries the verdict\'s inputs', () => {
        const common = { ...DECISION, minPairs: 8, lookEvery: 4, correction: 'holm' };
        assert.deepStrictEqual(budgetDesign(60 * 60, 100, DECISION, 15), { design: { ...common, maxPairs: 36 }, fewestPairs: 10, overBudget: false });
        assert.deepStrictEqual(budgetDesign(13 * 60, 100, DECISION, 15), { design: { ...common, maxPairs: 10 }, fewestPairs: 10, overBudget: true },
            '7 pairs fit, but 15 cells sharing 5% need 10 pairs before any can be flagged');
        assert.strictEqual(budgetDesign(13 * 60, 100, DECISION, 1).design.maxPairs, 8, 'one cell keeps the whole 5%: its first look, 8 pairs, can decide');
        assert.strictEqual(budgetDesign(600 * 60, 0.2, DECISION, 15).design.maxPairs, 200, 'a pair is taken as at least a second, and 200 pairs at the most');
        assert.deepStrictEqual(budgetDesign(60 * 60, 100, { alpha: 0.01, noiseThreshold: 0.03 }, 15).design,
            { alpha: 0.01, noiseThreshold: 0.03, minPairs: 8, lookEvery: 4, correction: 'holm', maxPairs: 36 });
        assert.isAbove(budgetDesign(13 * 60, 100, { alpha: 0.01, noiseThreshold: 0.03 }, 15).fewestPairs, 10, 'a smaller alpha needs more pairs');
        const looks = sequentialLooks(budgetDesign(60 * 60, 100, DECISION, 15).design).map(look => look.pairs);
        assert.strictEqual(looks[looks.length - 1], 36, 'the last look is at the planned pairs');
    });

    test('the budget is spent when one more pair at the pace so far would overrun it, but never before the run can decide a cell', () => {
        assert.isFalse(budgetSpent(100, 1000, 9, 10), 'far over budget, yet before the pairs the run needs to decide a cell');
        assert.isTrue(budgetSpent(100, 90, 8, 8), '90 s + 11 s for a ninth pair > 100 s');
        assert.isFalse(budgetSpent(100, 80, 8, 8), '80 s + 10 s for a ninth pair fits');
        assert.isFalse(budgetSpent(100, 80, 8, 12), 'a run of many cells needs 12 pairs');
    });

    test('what is left: the planned blocks not measured yet, at the pace of those measured', () => {
        assert.strictEqual(secondsLeft(300, 3, 16), 1300);
        assert.strictEqual(secondsLeft(300, 16, 16), 0);
    });
});
