import { assert } from 'chai';
import { linearTicks, logTicks, MIN_TICKS } from '../report/svg/frame';

suite('report axes: ticks a person can read', () => {
    test('a log axis from 2 to 760 ms is labelled in 1-2-5 steps, not only at 10 and 100', () => {
        const { ticks, low, high } = logTicks(2, 760, 360, 18);
        assert.deepStrictEqual(ticks, [2, 5, 10, 20, 50, 100, 200, 500]);
        assert.deepStrictEqual([low, high], [2, 760], 'the axis is not widened when it holds four ticks');
    });

    test('labels that would crowd fall back to powers of ten, never closer than the gap', () => {
        const { ticks } = logTicks(1, 10000, 200, 40);
        assert.deepStrictEqual(ticks, [1, 10, 100, 1000, 10000]);
    });

    test('a narrow range is widened to the neighbouring 1-2-5 ticks until it holds four', () => {
        const { ticks, low, high } = logTicks(95, 105, 300, 40);
        assert.isAtLeast(ticks.length, MIN_TICKS);
        assert.isAtMost(low, 95);
        assert.isAtLeast(high, 105);
        assert.isTrue(ticks.every(tick => tick >= low && tick <= high));
    });

    test('a linear axis has at least four ticks from 0 past its largest value, in 1-2-5 steps', () => {
        for (const max of [0.3, 1, 4, 8.04, 10.1, 21, 112, 669]) {
            const ticks = linearTicks(max);
            assert.isAtLeast(ticks.length, MIN_TICKS, `${max}`);
            assert.strictEqual(ticks[0], 0);
            assert.isAtLeast(ticks[ticks.length - 1], max);
            const step = ticks[1];
            assert.match(String(step / 10 ** Math.floor(Math.log10(step))), /^(1|2|5)$/, `${max}: step ${step}`);
        }
    });
});
