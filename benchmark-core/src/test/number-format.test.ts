import { assert } from 'chai';
import { environmentGrid } from '../report/blocks/grids';
import { headlineSentences, keyFigures } from '../report/blocks/headline';
import { renderHeadlineText } from '../report/text';
import { buildComparisonReport, reportSections } from '../report/model/build';
import { SCENARIO_CATALOG } from '../measure/scenario-catalog';
import { measurementOfSamples, resultsDocument, sampleRun, vscodeServer } from './results-builders';
import { formatChangeRatio, formatDetectable, formatFactor, formatPart, NOISE_PART } from '../report/blocks/numbers';
import { FactorCell } from '../report/model/types';
import { computeStatistics } from '../stats/statistics';
import {
    formatAtResolution, formatDetectableRange, formatPercentileValue, formatRatioInterval, formatShare, formatSupported, formatWithInterval,
} from '../stats/precision';

/** Issue 26's examples of numbers printed badly, each with what the one formatter prints instead. */
suite('the one number formatter', () => {
    test('an estimate and both bounds carry the same digits: those the interval supports', () => {
        assert.strictEqual(formatWithInterval(269, { low: 207, high: 367 }), '270 [210, 370]');
        assert.strictEqual(formatWithInterval(11.53, { low: 7.1, high: 13.7 }), '12 [7, 14]');
        // "0.8 [0.7, 0.99]": the bound below 1 would read as 1.0, so all three get a digit more.
        assert.strictEqual(formatRatioInterval({ ratio: 0.8, low: 0.7, high: 0.99 }), '0.80 [0.70, 0.99]');
        // "0.95 [0.86, 0.999]"
        assert.strictEqual(formatRatioInterval({ ratio: 0.95, low: 0.86, high: 0.999 }), '0.950 [0.860, 0.999]');
        assert.strictEqual(formatRatioInterval({ ratio: 1.16, low: 1.08, high: 1.24 }), '1.16 [1.08, 1.24]');
        // "-0.009 [-1.436, 1.340]": a difference near 0 at the digits of its interval, not of its own tiny value.
        assert.strictEqual(formatWithInterval(-0.009, { low: -1.436, high: 1.34 }), '0.0 [-1.4, 1.3]');
    });

    test('never -0 or -0.0', () => {
        assert.strictEqual(formatWithInterval(-0.004, { low: -0.5, high: 0.4 }), '0.00 [-0.50, 0.40]');
        assert.strictEqual(formatSupported(-0.0001, { low: -0.3, high: 0.3 }), '0.00');
        // "-0.3 [-0.7, -0.0]": the bound that is not 0 gets the digit that shows it.
        assert.strictEqual(formatWithInterval(-0.3, { low: -0.7, high: -0.04 }), '-0.30 [-0.70, -0.04]');
    });

    test('a bound that is not 0 never prints as 0: a digit more, or below the last digit', () => {
        // "20 [0, 30]"
        assert.strictEqual(formatWithInterval(12, { low: 2.4, high: 31 }), '12 [2, 31]');
        assert.strictEqual(formatWithInterval(12, { low: 0.004, high: 31 }), '10 [<10, 30]');
        assert.strictEqual(formatWithInterval(6, { low: 0.3, high: 16 }), '6.0 [0.3, 16.0]');
        assert.strictEqual(formatWithInterval(0, { low: 0, high: 0.4 }), '0.0 [0.0, 0.4]', 'a bound that is 0 stays 0');
    });

    test('the estimate before the verdict, and the terminal and the report print a ratio alike', () => {
        const cell = (factor: number, low: number, high: number, noMeasurableDifference: boolean): FactorCell => ({
            numerator: computeStatistics([1]), denominator: computeStatistics([1]), differenceMs: 0, differenceInterval: undefined,
            factor, factorInterval: { low, high }, noMeasurableDifference,
        });
        // "no measurable difference [0.89, 1.01]"
        assert.strictEqual(formatFactor(cell(0.95, 0.89, 1.01, true)), '0.95 [0.89, 1.01], no measurable difference');
        const ratio = { ratio: 1.3, low: 1.15, high: 1.54 };
        assert.strictEqual(formatChangeRatio(ratio), formatRatioInterval(ratio), 'report and terminal: one formatter');
    });

    test('the smallest detectable change as the ratios the run could not tell from no change', () => {
        // "±118%" on a ratio
        assert.strictEqual(formatDetectableRange(1.18), '0.46–2.18');
        assert.strictEqual(formatDetectable(0.16), '0.86–1.16');
        assert.strictEqual(formatDetectable(0.05), '0.95–1.05');
        assert.strictEqual(formatDetectable(Number.POSITIVE_INFINITY), '–');
    });

    test('shares lie between 0 and 100%; a part above its whole has none, a part below 0 none either', () => {
        assert.strictEqual(formatShare(0.45), '45%');
        assert.strictEqual(formatShare(0.042), '4.2%');
        assert.strictEqual(formatShare(1.2), '100%');
        assert.strictEqual(formatShare(-0.48), '0%');
        // "5.49 (120%)", "-4.57 (-48%)"
        assert.strictEqual(formatPart(5.49, 1.2), '5.49');
        assert.strictEqual(formatPart(-4.57, -0.48), NOISE_PART);
        assert.strictEqual(formatPart(0.403, 0.088), '0.403 (8.8%)');
    });

    test('a value below its clock\'s resolution is marked, one above it has the resolution\'s digits', () => {
        // CPU "0.00" beside "0.00986": one 10 ms tick over 1014 MB is 0.00986 ms/MB.
        assert.strictEqual(formatAtResolution(0, 0.00986), '<0.010');
        assert.strictEqual(formatAtResolution(0.00986, 0.00986), '0.010');
        assert.strictEqual(formatAtResolution(2.49, 0.00986), '2.49');
        assert.strictEqual(formatAtResolution(2.93, 0.98), '2.9');
    });

    test('percentiles beside a median: at most two significant digits', () => {
        // p95 "18.54" beside "36.7"
        assert.strictEqual(formatPercentileValue(18.54, { low: 17.9, high: 18.2 }), '19');
        assert.strictEqual(formatPercentileValue(36.7, { low: 30, high: 40 }), '37');
        assert.strictEqual(formatPercentileValue(0.121, { low: 0.118, high: 0.119 }), '0.12');
        assert.strictEqual(formatPercentileValue(520, { low: 300, high: 700 }), '500', 'never finer than the median\'s interval');
    });

    test('the hosts table says how many samples the cells took, not only the least a cell takes', () => {
        const read = SCENARIO_CATALOG.vscodeReadFile;
        const samples = (count: number): number[] => Array.from({ length: count }, (_, index) => 10 + (index % 5));
        const document = resultsDocument(vscodeServer, [measurementOfSamples(read, '1K', samples(3)), measurementOfSamples(read, '10000K', samples(150))]);
        const [environments] = reportSections(buildComparisonReport([document]), 'environments');
        // "15 + 2 warm-up" where cells took up to 150
        assert.match(environmentGrid(environments.hosts).rows[0].at(-1)!, /^3 to 150 per cell \+ 0 warm-up, /);
        const steady = resultsDocument(vscodeServer, [measurementOfSamples(read, '1K', samples(3))]);
        assert.match(environmentGrid(reportSections(buildComparisonReport([steady]), 'environments')[0].hosts).rows[0].at(-1)!, /^3 \+ 0 warm-up, /);
    });

    test('the terminal prints the report\'s title and headline: the sentences, then the key figures, as the report words them', () => {
        const report = buildComparisonReport(sampleRun());
        const [headline] = reportSections(report, 'headline');
        const text = renderHeadlineText(report);
        assert.strictEqual(text, [report.title, '', headlineSentences(headline).join(' '), '', 'Key figures:',
            ...keyFigures(headline).map(item => `- ${item}`)].join('\n'));
        assert.notInclude(text, '## ', 'plain text, no Markdown');
    });
});
