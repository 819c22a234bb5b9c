import { assert } from 'chai';
import { adjustPValues, changeVerdict, detectChange, mannWhitneyPValue } from '../stats/change';
import { differenceOfMedians, ratioOfMedians, roundsEstimate, seededRandom } from '../stats/bootstrap';
import { formatInterval, formatSupported } from '../stats/precision';
import { medianInterval, minimumSamplesForMedianInterval, orderStatisticRank } from '../stats/median-interval';
import { logNormal } from './synthetic-samples';

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

    test('over paired rounds: the same rounds on both sides give a ratio of 1 and a narrow interval around it; rounds that differ widen the median\'s interval', () => {
        const random = seededRandom(7);
        // Four rounds whose machine state differs (levels 10, 12, 11, 13 ms), 15 samples each with a little jitter.
        const rounds = [10, 12, 11, 13].map(level => logNormal(15, level, 0.05, random));
        const same = roundsEstimate(rounds, rounds);
        // The rounds are drawn in pairs, so the level differences between rounds cancel: only the jitter within rounds is left.
        assert.strictEqual(same.ratio.ratio, 1);
        assert.isTrue(same.ratio.low < 1 && same.ratio.high > 1 && same.ratio.high - same.ratio.low < 0.1, JSON.stringify(same.ratio));
        const pooled = medianInterval(rounds.flat())!;
        const { numeratorInterval } = roundsEstimate(rounds, rounds);
        assert.isAbove(numeratorInterval.high - numeratorInterval.low, 2 * (pooled.high - pooled.low),
            `rounds as the units: ${JSON.stringify(numeratorInterval)} vs samples as the units: ${JSON.stringify(pooled)}`);
        assert.deepStrictEqual(roundsEstimate(rounds, rounds.map(round => round.map(ms => ms * 2))).ratio.ratio, 0.5);
        assert.throws(() => roundsEstimate(rounds, rounds.slice(1)), /same number of non-empty rounds/);
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

    test('a verdict needs significance and a ratio beyond the noise threshold; "no change" needs the whole interval within it', () => {
        assert.strictEqual(changeVerdict({ ratio: 1.3, low: 1.1, high: 1.5, fewestSamples: 15 }, 0.01), 'slower');
        assert.strictEqual(changeVerdict({ ratio: 0.7, low: 0.6, high: 0.9, fewestSamples: 15 }, 0.01), 'faster');
        assert.strictEqual(changeVerdict({ ratio: 1.3, low: 1.1, high: 1.5, fewestSamples: 15 }, 0.06), 'inconclusive', 'not significant at 0.05');
        assert.strictEqual(changeVerdict({ ratio: 1.3, low: 1.1, high: 1.5, fewestSamples: 15 }, 0.06, { alpha: 0.1 }), 'slower');
        assert.strictEqual(changeVerdict({ ratio: 1.3, low: 0.98, high: 1.5, fewestSamples: 15 }, 0.01), 'inconclusive', 'the interval includes 1');
        assert.strictEqual(changeVerdict({ ratio: 1.03, low: 1.01, high: 1.045, fewestSamples: 15 }, 0.01), 'no change', 'real, but within the noise threshold');
        assert.strictEqual(changeVerdict({ ratio: 1.03, low: 1.01, high: 1.045, fewestSamples: 15 }, 0.01, { noiseThreshold: 0.02 }), 'slower');
        assert.strictEqual(changeVerdict({ ratio: 1.01, low: 0.97, high: 1.04, fewestSamples: 15 }, 0.6), 'no change', 'equivalent within 5%');
        assert.strictEqual(changeVerdict({ ratio: 1.04, low: 1.01, high: 1.3, fewestSamples: 15 }, 0.01), 'inconclusive', 'the interval allows 30% slower');
        assert.strictEqual(changeVerdict({ ratio: 1, low: 0.7, high: 1.4, fewestSamples: 15 }, 1), 'inconclusive', 'too noisy to tell');
        assert.strictEqual(changeVerdict({ ratio: 1.3, low: 1.1, high: 1.5, fewestSamples: 5 }, 0.01), 'inconclusive', 'too few samples for a 95% interval');
        assert.strictEqual(changeVerdict({ ratio: 1.3, low: 1.1, high: 1.5, fewestSamples: 5 }, 0.01, { alpha: 0.1 }), 'slower', '5 samples suffice at 90%');
    });

    test('a side with fewer than 6 samples is inconclusive: its bootstrap interval is too narrow (a point for one sample)', () => {
        assert.deepInclude(detectChange([10], [10]), { ratio: 1, low: 1, high: 1, verdict: 'inconclusive' });
        const steady = (count: number): number[] => Array.from({ length: count }, () => 10);
        assert.deepInclude(detectChange(steady(5), steady(20)), { ratio: 1, low: 1, high: 1, verdict: 'inconclusive' });
        assert.deepInclude(detectChange(steady(6), steady(20)), { ratio: 1, low: 1, high: 1, verdict: 'no change' });
    });

    test('the interval of the ratio follows alpha, the other half of the significance rule', () => {
        const random = seededRandom(5);
        const [baseline, current] = [logNormal(15, 100, 0.3, random), logNormal(15, 100, 0.3, random)];
        const at05 = detectChange(baseline, current);
        const at01 = detectChange(baseline, current, { alpha: 0.01 });
        assert.deepStrictEqual(at05, { ...ratioOfMedians(current, baseline, { level: 0.95 }), fewestSamples: 15, pValue: at05.pValue, verdict: at05.verdict });
        assert.deepStrictEqual(at01, { ...ratioOfMedians(current, baseline, { level: 0.99 }), fewestSamples: 15, pValue: at01.pValue, verdict: at01.verdict });
        assert.isBelow(at01.low, at05.low);
        assert.isAbove(at01.high, at05.high);
    });

    test('adjusted p-values match SciPy\'s Benjamini-Hochberg, in the given order', () => {
        // scipy.stats.false_discovery_control(p, method='bh')
        const adjusted = adjustPValues([0.01, 0.04, 0.03, 0.005, 0.5, 0.2]);
        [0.03, 0.06, 0.06, 0.03, 0.5, 0.24].forEach((expected, index) => assert.closeTo(adjusted[index], expected, 1e-12, `p-value ${index}`));
        const sorted = adjustPValues([0.001, 0.008, 0.039, 0.041, 0.042, 0.06, 0.074, 0.205, 0.212, 0.216]);
        [0.01, 0.04, 0.084, 0.084, 0.084, 0.1, 0.10571428571428571, 0.216, 0.216, 0.216].forEach((expected, index) => assert.closeTo(sorted[index], expected, 1e-12));
        assert.deepStrictEqual(adjustPValues([0.3]), [0.3], 'one cell is not adjusted');
        assert.deepStrictEqual(adjustPValues([]), []);
    });

    test('over 36 cells of identical distributions, per-cell p-values raise a false "slower" in many comparisons, adjusted ones rarely', () => {
        const random = seededRandom(5);
        const comparisons = 60;
        let raw = 0;
        let adjusted = 0;
        for (let comparison = 0; comparison < comparisons; comparison++) {
            const changes = Array.from({ length: 36 }, () => detectChange(logNormal(15, 100, 0.3, random), logNormal(15, 100, 0.3, random), { resamples: 300 }));
            const pValues = adjustPValues(changes.map(change => change.pValue));
            raw += changes.some(change => change.verdict === 'slower') ? 1 : 0;
            adjusted += changes.some((change, index) => changeVerdict(change, pValues[index]) === 'slower') ? 1 : 0;
        }
        assert.isAbove(raw / comparisons, 0.2);
        assert.isAtMost(adjusted / comparisons, 0.05);
    });

    test('a value is printed with the digits its interval supports', () => {
        assert.strictEqual(formatSupported(269, { low: 207, high: 367 }), '270');
        assert.strictEqual(formatSupported(11.53, { low: 7.1, high: 13.7 }), '12');
        assert.strictEqual(formatSupported(0.2171, { low: 0.2, high: 0.25 }), '0.22');
        assert.strictEqual(formatSupported(5.2, { low: 1, high: 30 }), '5', 'never coarser than the value itself');
        assert.strictEqual(formatSupported(685.14), '685');
        assert.strictEqual(formatSupported(0.2171), '0.217');
        assert.strictEqual(formatInterval(269, { low: 207, high: 367 }), '[210, 370]');
        assert.strictEqual(formatInterval(0.2171, { low: 0.2, high: 0.25 }), '[0.20, 0.25]');
    });
});
