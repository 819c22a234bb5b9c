import { assert } from 'chai';
import { adjustPValues } from '../stats/change';
import { seededRandom } from '../stats/bootstrap';
import { HostInfo, Measurement, ResultsDocument } from '../results/schema';
import { checkRunComparison, compareRuns, RunComparison, verdictCounts } from '../compare/run-comparison';
import { renderRunComparison } from '../report/comparison-text';
import { SCENARIO_CATALOG } from '../measure/scenario-catalog';
import { measurementOfSamples, resultsDocument, theiaBrowser as theia, theiaBrowserPlugin as plugin, vscodeServer as vscode } from './results-builders';
import { logNormal } from './synthetic-samples';

function readFile(size: string, samplesMs: number[], host?: HostInfo): Measurement {
    return measurementOfSamples(SCENARIO_CATALOG.vscodeReadFile, size, samplesMs, host);
}

function fileServiceRead(size: string, samplesMs: number[]): Measurement {
    return measurementOfSamples(SCENARIO_CATALOG.theiaFileServiceReadFile, size, samplesMs);
}

/** The verdict of every cell, keyed `host label | size`. */
function verdicts(comparison: RunComparison): Record<string, string> {
    return Object.fromEntries(comparison.cells.map(cell => [`${cell.hostLabel} | ${cell.target}`, cell.verdict]));
}

suite('run comparison', () => {
    const random = seededRandom(21);
    const samples = (medianMs: number, sigma = 0.15, count = 20): number[] => logNormal(count, medianMs, sigma, random);
    const scaled = (values: number[], factor: number): number[] => values.map(value => value * factor);

    // VS Code: 10000K 40% slower, 5000K drawn again from the same distribution, 500K 40% faster, 50K below --min-size.
    // Theia: the extension's 500K steady to 0.1% (no change); its 5000K only in the baseline; the plugin's 10000K only in the current run.
    const vscode10000K = samples(100);
    const vscode500K = samples(10);
    const steady = samples(20, 0.001);
    const baseline: ResultsDocument[] = [
        resultsDocument(vscode, [readFile('50K', samples(1)), readFile('500K', vscode500K), readFile('5000K', samples(50)), readFile('10000K', vscode10000K)]),
        resultsDocument(theia, [fileServiceRead('500K', steady), fileServiceRead('5000K', samples(200))]),
    ];
    const current: ResultsDocument[] = [
        resultsDocument(vscode, [readFile('50K', samples(9)), readFile('500K', scaled(vscode500K, 0.6)), readFile('5000K', samples(50)), readFile('10000K', scaled(vscode10000K, 1.4))]),
        resultsDocument(theia, [fileServiceRead('500K', scaled(steady, 1.001)), readFile('10000K', samples(700), plugin)]),
    ];

    test('each cell (host, scenario, size from the minimum size up) gets its verdict from the samples', () => {
        const comparison = compareRuns(baseline, current, { minSize: '500K' });
        assert.deepStrictEqual(verdicts(comparison), {
            'VS Code server | 500K': 'faster',
            'VS Code server | 5000K': 'inconclusive',
            'VS Code server | 10000K': 'slower',
            'Theia browser (extension) | 500K': 'no change',
        });
        assert.deepStrictEqual(verdictCounts(comparison), { 'slower': 1, 'faster': 1, 'no change': 1, 'inconclusive': 1 });
        const slower = comparison.cells.find(cell => cell.target === '10000K')!;
        assert.closeTo(slower.ratio.ratio, 1.4, 1e-9);
        assert.isAbove(slower.ratio.low, 1);
        assert.isBelow(slower.adjustedPValue, 0.05);
        assert.closeTo(slower.baseline.medianMs, [...vscode10000K].sort((a, b) => a - b).slice(9, 11).reduce((a, b) => a + b) / 2, 1e-9);
        assert.isBelow(slower.baseline.intervalMs!.low, slower.baseline.medianMs);
        assert.deepStrictEqual(comparison.cells.map(cell => cell.adjustedPValue), adjustPValues(comparison.cells.map(cell => cell.pValue)),
            'the p-values are adjusted over the cells compared');
    });

    test('identical distributions are not flagged, however many cells', () => {
        const documents = (): ResultsDocument[] => [resultsDocument(vscode, ['500K', '5000K', '10000K'].map(size => readFile(size, samples(30, 0.3, 15))))];
        let flagged = 0;
        for (let comparison = 0; comparison < 20; comparison++) {
            const counts = verdictCounts(compareRuns(documents(), documents()));
            flagged += counts.slower + counts.faster;
        }
        assert.strictEqual(flagged, 0);
        const same = compareRuns(baseline, baseline, { minSize: '500K' });
        assert.deepStrictEqual(same.cells.map(cell => [cell.verdict === 'slower' || cell.verdict === 'faster', cell.ratio.ratio, cell.pValue]),
            same.cells.map(() => [false, 1, 1]), 'a run compared with itself');
    });

    test('cells measured in one run only are listed as such, on their side', () => {
        const comparison = compareRuns(baseline, current, { minSize: '500K' });
        assert.deepStrictEqual(comparison.baselineOnly.map(cell => [cell.hostLabel, cell.target]), [['Theia browser (extension)', '5000K']]);
        assert.deepStrictEqual(comparison.currentOnly.map(cell => [cell.hostLabel, cell.target]), [['Theia browser (plugin)', '10000K']]);
        const text = renderRunComparison(comparison);
        assert.include(text, 'Only in the baseline: Theia browser (extension) | theia.FileService.readFile | 5000K.');
        assert.include(text, 'Only in the current run: Theia browser (plugin) | vscode.workspace.fs.readFile | 10000K.');
        assert.notInclude(text, '50K |', 'below --min-size');
    });

    test('the table shows each median and the ratio with their intervals, the p-values and the verdict; a summary counts the verdicts', () => {
        const text = renderRunComparison(compareRuns(baseline, current, { minSize: '500K' }));
        const lines = text.split('\n');
        assert.match(lines[0], /^Host\s+Scenario\s+Size\s+Baseline ms \[95%\]\s+Current ms \[95%\]\s+Ratio \[95%\]\s+p\s+p adj\.\s+Units\s+Verdict\s+Detectable$/);
        assert.match(text, /\nVS Code server\s+vscode\.workspace\.fs\.readFile\s+10000K\s+\d+ \[[\d.]+, [\d.]+\]\s+\d+ \[[\d.]+, [\d.]+\]\s+1\.4 \[1\.[\d]+, 1\.[\d]+\]\s+<0\.001\s+<0\.001\s+samples\s+slower\s+0\.\d\d–1\.\d\d\n/);
        assert.include(text, '4 cells from 500K up: 1 slower, 1 faster, 1 no change, 1 inconclusive.');
        assert.include(text, 'Inconclusive: the samples cannot tell a change beyond 5% from noise');
        const strict = renderRunComparison(compareRuns(baseline, current, { minSize: '500K', alpha: 0.01, noiseThreshold: 0.1 }));
        assert.include(strict, 'Ratio [99%]');
        assert.include(strict, 'the ratio\'s interval at 99%. Slower or faster: p below 0.01, the interval excluding 1, and the ratio beyond ±10%; '
            + 'no change: the whole interval within ±10%');
    });

    test('the check fails on "slower" cells only, naming them; "inconclusive" and "faster" never fail it', () => {
        const failed = checkRunComparison(compareRuns(baseline, current, { minSize: '500K' }));
        assert.isFalse(failed.passed);
        assert.deepStrictEqual(failed.slowerCells.map(cell => [cell.hostLabel, cell.target]), [['VS Code server', '10000K']]);
        assert.match(failed.message, /^Check failed: 1 of 4 cells slower: VS Code server \| vscode\.workspace\.fs\.readFile \| 10000K \(ratio 1\.4 \[/);
        // Without the 10000K cell: one faster, one inconclusive, one no change.
        const passed = checkRunComparison(compareRuns(baseline, current, { minSize: '500K', noiseThreshold: 0.5 }));
        assert.isTrue(passed.passed, passed.message);
        assert.strictEqual(passed.message, 'Check passed: no cell of 4 is slower.');
    });

    test('hosts are paired by identity, not by label: two hosts labelled alike stay apart', () => {
        // VS Code desktop as an extension and with no extension kind share the label `VS Code`.
        const desktop: HostInfo = { ...vscode, runtime: 'desktop' };
        const bare: HostInfo = { ...desktop, extensionKind: 'none' };
        const fast = samples(10);
        const slow = samples(100);
        const comparison = compareRuns([resultsDocument(desktop, [readFile('500K', fast)]), resultsDocument(bare, [readFile('500K', slow)])],
            [resultsDocument(bare, [readFile('500K', slow)]), resultsDocument(desktop, [readFile('500K', fast)])]);
        assert.deepStrictEqual(comparison.cells.map(cell => [cell.hostLabel, cell.ratio.ratio]), [
            ['VS Code [desktop, extension]', 1],
            ['VS Code [desktop, none]', 1],
        ]);
        assert.deepStrictEqual([comparison.baselineOnly, comparison.currentOnly], [[], []]);
    });

    test('runs measured in rounds are compared over their rounds: a drift between rounds is not called a change, a real slowdown still is', () => {
        // Each round's machine state sets its level; samples within a round jitter by 3%.
        const inRounds = (levels: number[]): Measurement => {
            const rounds = levels.map(level => logNormal(15, level, 0.03, random));
            return { ...readFile('10000K', rounds.flat()), rounds: rounds.map(round => round.length) };
        };
        const baseline = [resultsDocument(vscode, [inRounds([10, 12, 11, 10.5])])];
        const drifted = [resultsDocument(vscode, [inRounds([12, 11.5, 12.5, 12])])];
        const slower = [resultsDocument(vscode, [inRounds([14, 15.5, 14.5, 15])])];
        const flatten = (documents: ResultsDocument[]): ResultsDocument[] => documents.map(document => ({
            ...document, results: document.results.map(({ rounds: _rounds, ...row }) => row),
        }));
        assert.strictEqual(compareRuns(flatten(baseline), flatten(drifted)).cells[0].verdict, 'slower', 'samples as units: the drift looks like a change');
        const [drift] = compareRuns(baseline, drifted).cells;
        assert.deepStrictEqual([drift.unit, drift.rounds, drift.verdict], ['rounds', { baseline: 4, current: 4 }, 'inconclusive']);
        const [slowdown] = compareRuns(baseline, slower).cells;
        assert.deepStrictEqual([slowdown.unit, slowdown.verdict], ['rounds', 'slower']);
        assert.match(renderRunComparison(compareRuns(flatten(baseline), flatten(drifted))), /Units "samples": 1 cells were measured in one round/);
        assert.notMatch(renderRunComparison(compareRuns(baseline, drifted)), /Units "samples"/);
    });

    test('an unknown minimum size and a significance level outside (0, 1) are refused', () => {
        assert.throws(() => compareRuns([], [], { minSize: '7K' }), /Unknown size 7K/);
        assert.throws(() => compareRuns([], [], { alpha: 5 }), /significance level must be between 0 and 1, not 5/);
        assert.throws(() => compareRuns([], [], { noiseThreshold: -0.1 }), /noise threshold/);
    });
});
