import { assert } from 'chai';
import { computeStatistics, median, megabytesPerSecond, quantile } from '../stats/statistics';

suite('statistics', () => {
    test('median of an odd count is the middle value', () => {
        assert.strictEqual(median([5, 1, 3]), 3);
    });

    test('median of an even count is the mean of the two middle values', () => {
        assert.strictEqual(median([4, 1, 3, 2]), 2.5);
    });

    test('a single sample is its own median, mean, min, max and p95, with zero spread', () => {
        const stats = computeStatistics([7.5]);
        assert.deepStrictEqual(
            [stats.count, stats.medianMs, stats.meanMs, stats.minMs, stats.maxMs, stats.p95Ms, stats.standardDeviationMs, stats.madMs],
            [1, 7.5, 7.5, 7.5, 7.5, 7.5, 0, 0]);
    });

    test('sample standard deviation uses n - 1', () => {
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sum of squares 32, sample variance 32 / 7.
        const stats = computeStatistics([2, 4, 4, 4, 5, 5, 7, 9]);
        assert.strictEqual(stats.meanMs, 5);
        assert.closeTo(stats.standardDeviationMs, Math.sqrt(32 / 7), 1e-12);
    });

    test('p95 interpolates linearly between closest ranks (R-7)', () => {
        const values = Array.from({ length: 15 }, (_, index) => index + 1);
        // position (15 - 1) * 0.95 = 13.3 -> 14 + 0.3 * (15 - 14)
        assert.closeTo(computeStatistics(values).p95Ms, 14.3, 1e-12);
        assert.strictEqual(quantile([1, 2], 0.5), 1.5);
        assert.strictEqual(quantile([3, 1, 2], 1), 3);
    });

    test('MAD is the median of absolute deviations from the median', () => {
        // median 3; deviations 2, 1, 0, 1, 97 -> median 1
        assert.strictEqual(computeStatistics([1, 2, 3, 4, 100]).madMs, 1);
        // even count: median 2.5; deviations 1.5, 0.5, 0.5, 1.5 -> 1
        assert.strictEqual(computeStatistics([1, 2, 3, 4]).madMs, 1);
    });

    test('throughput is MB/s (10^6 bytes per second) at the median', () => {
        const stats = computeStatistics([10, 20, 30], 10_000_000);
        assert.closeTo(stats.megabytesPerSecond ?? 0, 500, 1e-9);
        assert.isUndefined(computeStatistics([1, 2], 0).megabytesPerSecond);
        assert.isUndefined(megabytesPerSecond(1000, 0));
    });

    test('min and max ignore input order and the input is not mutated', () => {
        const samples = [3, 9, 1, 4];
        const stats = computeStatistics(samples);
        assert.strictEqual(stats.minMs, 1);
        assert.strictEqual(stats.maxMs, 9);
        assert.deepStrictEqual(samples, [3, 9, 1, 4]);
    });

    test('no samples, or a non-finite sample, is an error', () => {
        assert.throws(() => computeStatistics([]), /at least one sample/);
        assert.throws(() => computeStatistics([1, Number.NaN]), /finite/);
        assert.throws(() => quantile([1], 1.5), /between 0 and 1/);
    });
});
