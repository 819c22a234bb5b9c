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

    test('the design takes as many pairs as the budget allows, never fewer than its first look\'s nor more than 200, and carries the verdict\'s inputs', () => {
        assert.deepStrictEqual(budgetDesign(60 * 60, 100, DECISION), { ...DECISION, minPairs: 8, lookEvery: 4, maxPairs: 36 });
        assert.strictEqual(budgetDesign(13 * 60, 100, DECISION).maxPairs, 8, '7 pairs fit, but no look could decide before 8');
        assert.strictEqual(budgetDesign(600 * 60, 0.2, DECISION).maxPairs, 200, 'a pair is taken as at least a second, and 200 pairs at the most');
        assert.deepStrictEqual(budgetDesign(60 * 60, 100, { alpha: 0.01, noiseThreshold: 0.03 }), { alpha: 0.01, noiseThreshold: 0.03, minPairs: 8, lookEvery: 4, maxPairs: 36 });
        const looks = sequentialLooks(budgetDesign(60 * 60, 100, DECISION)).map(look => look.pairs);
        assert.strictEqual(looks[looks.length - 1], 36, 'the last look is at the planned pairs');
    });

    test('the budget is spent when one more pair at the pace so far would overrun it, but never before the first look', () => {
        assert.isFalse(budgetSpent(100, 1000, 7, 8), 'far over budget, yet before the first look');
        assert.isTrue(budgetSpent(100, 90, 8, 8), '90 s + 11 s for a ninth pair > 100 s');
        assert.isFalse(budgetSpent(100, 80, 8, 8), '80 s + 10 s for a ninth pair fits');
        assert.isFalse(budgetSpent(100, 80, 8, 12), 'a long design looks first after 12 pairs');
    });

    test('what is left: the planned blocks not measured yet, at the pace of those measured', () => {
        assert.strictEqual(secondsLeft(300, 3, 16), 1300);
        assert.strictEqual(secondsLeft(300, 16, 16), 0);
    });
});
