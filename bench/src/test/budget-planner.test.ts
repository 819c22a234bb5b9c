import { assert } from 'chai';
import { fewestPairsToDecide, sequentialLooks } from '@fs-perf/benchmark-core';
import { BudgetEnd, BudgetSchedule, budgetDesign, budgetEndsAtLook, medianPairSeconds, secondsLeft, secondsPerPair } from '../run/compare/budget-planner';

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
        const common = { ...DECISION, minPairs: 8, lookEvery: 4, correction: 'holm' as const, test: 't' as const, flagThreshold: 0.02 };
        assert.deepStrictEqual(budgetDesign(60 * 60, 100, DECISION, 15), { design: { ...common, maxPairs: 36 }, fewestPairs: 8, overBudget: false });
        assert.deepStrictEqual(budgetDesign(13 * 60, 100, DECISION, 15), { design: { ...common, maxPairs: 8 }, fewestPairs: 8, overBudget: true },
            '7 pairs fit, but the first look is at 8 pairs: the t-test of 8 pairs reaches any share of 5%');
        assert.strictEqual(budgetDesign(13 * 60, 100, DECISION, 1).design.maxPairs, 8, 'one cell keeps the whole 5%: its first look, 8 pairs, can decide');
        assert.strictEqual(budgetDesign(600 * 60, 0.2, DECISION, 15).design.maxPairs, 200, 'a pair is taken as at least a second, and 200 pairs at the most');
        assert.deepStrictEqual(budgetDesign(60 * 60, 100, { alpha: 0.01, noiseThreshold: 0.03 }, 15).design,
            { alpha: 0.01, noiseThreshold: 0.03, minPairs: 8, lookEvery: 4, correction: 'holm', test: 't', flagThreshold: 0.02, maxPairs: 36 });
        assert.strictEqual(budgetDesign(13 * 60, 100, { alpha: 0.01, noiseThreshold: 0.03 }, 15).fewestPairs, 8, 'a smaller alpha needs no more pairs to be reachable');
        // The signed-rank test of the runs before issue 54 could not reach a share of 5% / 15 below 10 pairs.
        assert.strictEqual(fewestPairsToDecide({ ...common, test: 'signed-rank' }, 15), 10);
        const looks = sequentialLooks(budgetDesign(60 * 60, 100, DECISION, 15).design).map(look => look.pairs);
        assert.strictEqual(looks[looks.length - 1], 36, 'the last look is at the planned pairs');
    });

    test('a pair costs the median of the pairs so far, the first one\'s start costs taken out', () => {
        const first = { measured: 95, warmUp: 0, start: 0 };
        assert.strictEqual(medianPairSeconds(first, 1, []), 95);
        assert.strictEqual(medianPairSeconds(first, 1, [70]), 82.5);
        assert.strictEqual(medianPairSeconds(first, 1, [70, 80]), 80, 'the first pair\'s settling does not set the pace');
    });

    test('the budget ends a run only at a look: when the next look would end past it', () => {
        assert.isTrue(budgetEndsAtLook(600, 500, 12, 16, 30), '500 s + 4 pairs of 30 s > 600 s');
        assert.isFalse(budgetEndsAtLook(600, 450, 12, 16, 30), '450 s + 120 s fits');
        assert.isTrue(budgetEndsAtLook(600, 100, 12, undefined, 30), 'the last look');
    });

    /** A pass of `pairs` pair times (the first with no start costs) through the schedule, no cell ever resolved: the pair it ends after, and why. */
    function schedule(budget: number, cells: number, pairs: (pair: number) => number): { pair: number; end: BudgetEnd; looks: readonly number[]; replans: number } {
        const planner = new BudgetSchedule(budget, DECISION, 1, cells);
        let elapsed = 0;
        let replans = 0;
        for (let pair = 1; pair <= 400; pair++) {
            const seconds = pairs(pair);
            elapsed += seconds;
            replans += planner.pairMeasured(pair, pair === 1 ? { measured: seconds, warmUp: 0, start: 0 } : seconds, elapsed) ? 1 : 0;
            const end = planner.endsAfter(pair, elapsed, cells);
            if (end) {
                return { pair, end, looks: planner.lookPairs, replans };
            }
        }
        throw new Error('never ended');
    }

    test('pairs that slow down: the run still reaches its first look and ends at a look, never between two nor before the first', () => {
        // Issue 54's defect: planned from a 60 s first pair, then each pair 20% slower than the last; the old rule stopped
        // at the 10th pair, before the first look.
        for (const cells of [1, 2, 5, 15]) {
            for (const growth of [1, 1.1, 1.2, 1.5]) {
                for (const [budget, steady] of [[13, 1], [30, 12]]) {
                    // Steady for `steady` pairs (past the first look of a long design), then each pair slower by `growth`.
                    const run = schedule(budget * 60, cells, pair => 60 * growth ** Math.max(0, pair - steady));
                    const what = `${budget} min, ${cells} cells, growth ${growth} after ${steady}: ended after ${run.pair} pairs, looks ${run.looks.join(', ')}`;
                    assert.include(run.looks, run.pair, what);
                    assert.isAtLeast(run.pair, run.looks[0], what);
                }
            }
        }
    });

    test('a first pair slower than the rest is not the pace: planned again until the first look, the budget is used', () => {
        // Issue 54: first pairs of 94-95 s and later ones of 65-80 s planned 23 pairs of a 40-minute budget and used 30 minutes.
        const run = schedule(40 * 60, 2, pair => (pair === 1 ? 95 : 70));
        assert.isAtLeast(run.replans, 2, 'planned after the first pair and again');
        // 95 s + 70 s for each later pair: 33 pairs fit in 40 minutes (the budget divided by the median pair would plan 34).
        assert.strictEqual(run.looks.at(-1), 33, 'the pairs measured and those the budget left holds at the median pair');
        const elapsed = 95 + 70 * (run.pair - 1);
        assert.isAtMost(elapsed, 40 * 60);
        assert.isAbove(elapsed, 40 * 60 - 4 * 70, 'ends within a look\'s pairs of the budget');
        // Issue 54's planted-3 run: a first pair of 121 s, then about 80 s, 15 minutes. Planned from the budget alone at the
        // median pair it took 11 pairs with looks at 8 and 11, and 11 did not fit: the run ended at 8. Planned from the
        // budget left, the last look is the last pair that fits, and the run takes it.
        const ci = schedule(15 * 60, 2, pair => (pair === 1 ? 121 : 80));
        assert.strictEqual(ci.end, 'all planned');
        assert.strictEqual(ci.pair, 10, '121 s + 9 x 80 s = 841 s; an 11th pair would end at 921 s');
    });

    test('what is left: the planned blocks not measured yet, at the pace of those measured', () => {
        assert.strictEqual(secondsLeft(300, 3, 16), 1300);
        assert.strictEqual(secondsLeft(300, 16, 16), 0);
    });
});
