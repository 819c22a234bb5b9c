import { assert } from 'chai';
import {
    detectChange, differenceOfMedians, formatSupported, mannWhitneyPValue, medianInterval, minimumSamplesForMedianInterval, orderStatisticRank,
    ratioOfMedians, seededRandom,
} from '../intervals';

/** Log-normal samples (skewed, like timings), from a seeded source. */
function logNormal(count: number, medianMs: number, sigma: number, random: () => number): number[] {
    return Array.from({ length: count }, () => {
        const gaussian = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
        return medianMs * Math.exp(sigma * gaussian);
    });
}

suite('intervals', () => {
    test('the 95% interval of a median of 15 samples is [x(4), x(12)]; 5 samples are too few, 6 give [x(1), x(6)]', () => {
        assert.strictEqual(orderStatisticRank(15), 4);
        assert.deepStrictEqual(medianInterval([15, 1, 14, 2, 13, 3, 12, 4, 11, 5, 10, 6, 9, 7, 8]), { low: 4, high: 12 });
        assert.isUndefined(medianInterval([1, 2, 3, 4, 5]));
        assert.deepStrictEqual(medianInterval([6, 5, 4, 3, 2, 1]), { low: 1, high: 6 });
    });

    test('the median interval covers the true median at least 95% of the time on skewed samples', () => {
        const random = seededRandom(7);
        let covered = 0;
        const trials = 2000;
        for (let trial = 0; trial < trials; trial++) {
            const interval = medianInterval(logNormal(15, 100, 0.5, random))!;
            covered += interval.low <= 100 && 100 <= interval.high ? 1 : 0;
        }
        assert.isAtLeast(covered / trials, 0.95);
    });

    test('the fewest samples with a median interval: 6 at 95%, more at 99%', () => {
        assert.strictEqual(minimumSamplesForMedianInterval(), 6);
        assert.strictEqual(minimumSamplesForMedianInterval(0.99), 8);
        assert.throws(() => minimumSamplesForMedianInterval(1), /between 0 and 1/);
    });

    test('a difference of medians has the bootstrap interval of the ratio\'s resamples: one excludes 0 exactly when the other excludes 1', () => {
        const { difference, low, high } = differenceOfMedians([10, 11, 12, 13, 14, 15, 16], [5, 5.5, 6, 6.5, 7, 7.5, 8]);
        assert.deepStrictEqual([difference, low < difference, difference < high], [6.5, true, true]);
        const random = seededRandom(5);
        for (let trial = 0; trial < 50; trial++) {
            const [a, b] = [logNormal(10, 100, 0.3, random), logNormal(10, 100 + trial, 0.3, random)];
            const ratio = ratioOfMedians(a, b, { resamples: 300, seed: trial });
            const difference = differenceOfMedians(a, b, { resamples: 300, seed: trial });
            assert.strictEqual(difference.low > 0 || difference.high < 0, ratio.low > 1 || ratio.high < 1, `trial ${trial}`);
        }
    });

    test('the Mann-Whitney p-value matches SciPy (asymptotic, continuity and tie corrections)', () => {
        // scipy.stats.mannwhitneyu(..., alternative='two-sided', method='asymptotic', use_continuity=True)
        assert.closeTo(mannWhitneyPValue([1, 2, 3, 4, 5], [6, 7, 8, 9, 10]), 0.012185780355344813, 1e-6);
        assert.closeTo(mannWhitneyPValue([1, 2, 2, 3, 5, 8, 13, 21], [2, 3, 5, 5, 8, 9, 30, 31, 40]), 0.19118832317384016, 1e-6);
        assert.strictEqual(mannWhitneyPValue([3, 3, 3], [3, 3, 3]), 1);
    });

    test('a ratio of medians has a reproducible bootstrap interval around it', () => {
        const estimate = ratioOfMedians([10, 11, 12, 13, 14, 15, 16], [5, 5.5, 6, 6.5, 7, 7.5, 8]);
        assert.strictEqual(estimate.ratio, 2);
        assert.isBelow(estimate.low, 2);
        assert.isAbove(estimate.high, 2);
        const random = seededRandom(3);
        const [a, b] = [logNormal(40, 200, 0.3, random), logNormal(40, 100, 0.3, random)];
        assert.deepStrictEqual(ratioOfMedians(a, b), ratioOfMedians(a, b), 'the same seed gives the same interval');
        assert.notDeepEqual(ratioOfMedians(a, b, { seed: 2 }), ratioOfMedians(a, b), 'the seed drives the resampling');
    });

    test('a planted 30% slowdown is "slower"; the same distribution twice is rarely anything but "no change" or "inconclusive"', () => {
        const random = seededRandom(11);
        const baseline = logNormal(30, 100, 0.2, random);
        assert.strictEqual(detectChange(baseline, logNormal(30, 130, 0.2, random)).verdict, 'slower');
        assert.strictEqual(detectChange(baseline, logNormal(30, 70, 0.2, random)).verdict, 'faster');
        let falseAlarms = 0;
        for (let trial = 0; trial < 200; trial++) {
            const verdict = detectChange(logNormal(15, 100, 0.2, random), logNormal(15, 100, 0.2, random), { resamples: 500 }).verdict;
            falseAlarms += verdict === 'slower' || verdict === 'faster' ? 1 : 0;
        }
        assert.isAtMost(falseAlarms / 200, 0.05);
    });

    test('a value is printed with the digits its interval supports', () => {
        assert.strictEqual(formatSupported(269, { low: 207, high: 367 }), '270');
        assert.strictEqual(formatSupported(11.53, { low: 7.1, high: 13.7 }), '12');
        assert.strictEqual(formatSupported(0.2171, { low: 0.2, high: 0.25 }), '0.22');
        assert.strictEqual(formatSupported(5.2, { low: 1, high: 30 }), '5', 'never coarser than the value itself');
        assert.strictEqual(formatSupported(685.14), '685');
        assert.strictEqual(formatSupported(0.2171), '0.217');
    });
});
