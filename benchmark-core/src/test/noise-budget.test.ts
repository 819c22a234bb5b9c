import { assert } from 'chai';
import { buildComparisonReport, reportSections } from '../report/model/build';
import { renderReportMarkdown } from '../report/markdown';
import { seededRandom } from '../stats/bootstrap';
import { noiseBudget, pairsForThreshold, pairsToCatch } from '../stats/noise-budget';
import { pairedMeanEstimate } from '../stats/paired';
import { alternatedBlocks, sideDocument } from './paired-builders';
import { theiaBrowserPlugin } from './results-builders';
import { logNormal } from './synthetic-samples';

/** Head first in every other pair, as yarn bench --compare alternates (A B, B A, ...). */
const alternating = (pairs: number): boolean[] => Array.from({ length: pairs }, (_, pair) => pair % 2 === 1);

suite('noise budget of a paired comparison', () => {
    test('blocks that differ from pair to pair while their samples agree: all of it is the blocks\'', () => {
        // Both orders see the same factors, so none of it is the position's.
        const factors = [1, 1.2, 1.2, 1, 0.9, 0.8, 0.8, 0.9];
        const budget = noiseBudget(factors.map(() => [100, 100, 100]), factors.map(factor => [100 * factor, 100 * factor, 100 * factor]), alternating(8));
        assert.strictEqual(budget.sampleVariance, 0);
        assert.isAbove(budget.totalVariance, 0.01);
        assert.isAbove(budget.blockVariance + budget.positionVariance, 0.8 * budget.totalVariance);
        assert.isAbove(budget.blockVariance, 0.5 * budget.totalVariance);
    });

    test('the side measured second 10% slower, nothing else: the position explains it, and says by how much', () => {
        const headFirst = alternating(8);
        // Head second: head 110 against base 100; head first: head 100 against base 110.
        const budget = noiseBudget(headFirst.map(first => first ? [110, 110] : [100, 100]), headFirst.map(first => first ? [100, 100] : [110, 110]), headFirst);
        assert.closeTo(budget.secondOverFirst!, 1.1, 1e-9);
        assert.closeTo(budget.positionVariance, Math.log(1.1) ** 2, 1e-3);
        assert.isBelow(budget.blockVariance, 0.1 * budget.totalVariance);
    });

    test('log-normal samples around one median in every block: the samples explain about all of it', () => {
        const random = seededRandom(4);
        const shares: number[] = [];
        for (let run = 0; run < 20; run++) {
            const base = Array.from({ length: 30 }, () => logNormal(5, 100, 0.2, random));
            const head = Array.from({ length: 30 }, () => logNormal(5, 100, 0.2, random));
            const budget = noiseBudget(base, head, alternating(30));
            shares.push(budget.sampleVariance / budget.totalVariance);
        }
        const meanShare = shares.reduce((sum, share) => sum + share, 0) / shares.length;
        assert.closeTo(meanShare, 1, 0.25, `mean share of the samples ${meanShare}`);
    });

    test('each start of the processes off by its own factor, pairs inside a start alike: the processes explain it, not the blocks', () => {
        // 6 starts of 2 pairs each (A B then B A inside a start), every start's processes favouring one side by up to 10%.
        const startFactors = [1.1, 0.92, 1.05, 0.95, 1.08, 0.9];
        const instances = startFactors.flatMap((_, start) => [start, start]);
        const headFirst = alternating(instances.length);
        const base = instances.map(() => [100, 100, 100]);
        const head = instances.map(start => [100, 100, 100].map(sample => sample * startFactors[start]));
        const budget = noiseBudget(base, head, headFirst, instances);
        assert.strictEqual(budget.processes, 6);
        assert.isAbove(budget.processVariance!, 0.8 * budget.totalVariance);
        assert.isBelow(budget.blockVariance, 0.05 * budget.totalVariance);
        // Without the starts, the same spread is all the blocks'.
        const unsplit = noiseBudget(base, head, headFirst);
        assert.isUndefined(unsplit.processVariance);
        assert.isAbove(unsplit.blockVariance, 0.8 * unsplit.totalVariance);
    });

    test('fresh processes for every pair: the processes cannot be told from the blocks, and are counted in them', () => {
        const factors = [1, 1.2, 1.2, 1, 0.9, 0.8, 0.8, 0.9];
        const budget = noiseBudget(factors.map(() => [100]), factors.map(factor => [100 * factor]), alternating(8), factors.map((_, index) => index));
        assert.strictEqual(budget.processes, 8);
        assert.isUndefined(budget.processVariance);
        assert.isAbove(budget.blockVariance, 0.5 * budget.totalVariance);
    });

    test('blocks of unequal number, empty blocks or a single pair are refused', () => {
        assert.throws(() => noiseBudget([[1], [2]], [[1]], [true, false]), /as many base blocks, head blocks, orders \(and starts\) as pairs, not 2, 1, 2/);
        assert.throws(() => noiseBudget([[1]], [[1]], [true]), /2 pairs or more/);
        assert.throws(() => noiseBudget([[1], []], [[1], [1]], [true, false]), /non-empty blocks/);
    });

    test('a comparison report has the budget of the plugin\'s read at 5000K and 10000K, and renders it under the comparison', () => {
        const random = seededRandom(9);
        const rows = ['500K', '5000K', '10000K'].map(size => ({
            scenario: 'vscodeReadFile' as const, size, host: theiaBrowserPlugin,
            ...alternatedBlocks(random, { pairs: 8, samples: 4, medianMs: 100, sigma: 0.05, headFactor: 1, drift: 0 }),
        }));
        const base = sideDocument('base', rows.map(row => ({ ...row, blocks: row.base })));
        const head = sideDocument('head', rows.map(row => ({ ...row, blocks: row.head })));
        const report = buildComparisonReport([base, head]);
        const [section] = reportSections(report, 'noise-budget');
        assert.deepStrictEqual(section.rows.map(row => `${row.hostLabel} ${row.scenarioLabel} ${row.target} ${row.budget.pairs}`),
            ['Theia browser (plugin) workspace.fs.readFile 5000K 8', 'Theia browser (plugin) workspace.fs.readFile 10000K 8']);
        const markdown = renderReportMarkdown(report);
        assert.match(markdown, /### Noise budget\n\n\| Host \| Scenario \| Size \| Pairs \| Starts \| Spread of a pair ratio \| Samples \| Position \| Blocks \| Processes \| Second \/ first \| Pairs for ±5% \| If blocks were steady \|/);
        assert.isBelow(markdown.indexOf('## Comparison'), markdown.indexOf('### Noise budget'));
    });

    test('pairs for the threshold: a 10% spread needs about 44 pairs for ±3%, 17 for ±5%, 5 for ±10%; the count grows with the variance; none for no spread', () => {
        // n >= (1.96 * 0.1 / log(1 + threshold))^2
        assert.deepStrictEqual([0.03, 0.05, 0.1].map(threshold => pairsForThreshold(0.01, threshold)), [44, 17, 5]);
        assert.strictEqual(pairsForThreshold(0.04, 0.05), 65, 'twice the spread, four times the pairs (about)');
        assert.isUndefined(pairsForThreshold(0, 0.05));
        // Checked against a simulation: with that many pairs of normal log ratios, the 95% interval's half width is within 5%.
        const random = seededRandom(3);
        const pairs = pairsForThreshold(0.01, 0.05)!;
        const widths = Array.from({ length: 200 }, () => {
            const logs = Array.from({ length: pairs }, () => 0.1 * Math.sqrt(-2 * Math.log(random())) * Math.cos(2 * Math.PI * random()));
            const mean = logs.reduce((sum, value) => sum + value, 0) / pairs;
            const sd = Math.sqrt(logs.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (pairs - 1));
            return 1.96 * sd / Math.sqrt(pairs);
        }).sort((a, b) => a - b);
        assert.isBelow(widths[100], Math.log(1.05) * 1.02, 'the median half width fits the threshold');
    });

    test('pairs to catch a change at a gated cell\'s share of alpha, 80% of runs: the gate\'s level and the power (issue 54: the z of 1.96 alone was about 2.25 times optimistic)', () => {
        // The normal approximation, ((z(1 - 0.025 / 2) + z(0.8)) * 0.1 / log(1.05))^2 = ((2.2414 + 0.8416) * 0.1 / 0.04879)^2 = 39.9,
        // is a lower bound; with t's quantiles at n - 1 degrees of freedom it takes a few more.
        assert.strictEqual(pairsToCatch(0.01, 0.05, 0.025), 43);
        assert.isAbove(pairsToCatch(0.01, 0.05, 0.025)!, 2 * pairsForThreshold(0.01, 0.05)!, 'more than twice the 95% interval\'s count');
        assert.isAbove(pairsToCatch(0.01, 0.05, 0.05 / 15)!, pairsToCatch(0.01, 0.05, 0.025)!, 'a smaller share needs more pairs');
        assert.isUndefined(pairsToCatch(0, 0.05, 0.025));
        // Checked by simulation: with that many pairs of normal log ratios moved by 5%, the t-test at 0.025 rejects in about 80% of runs.
        const random = seededRandom(7);
        const pairs = pairsToCatch(0.01, 0.05, 0.025)!;
        const caught = Array.from({ length: 400 }, () => {
            const ratios = Array.from({ length: pairs }, () => Math.exp(Math.log(1.05) + 0.1 * Math.sqrt(-2 * Math.log(random())) * Math.cos(2 * Math.PI * random())));
            return pairedMeanEstimate(ratios, 1 - 0.025).low > 1;
        }).filter(Boolean).length;
        assert.closeTo(caught / 400, 0.8, 0.06);
    });
});
