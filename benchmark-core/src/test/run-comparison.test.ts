import { assert } from 'chai';
import { compareRuns, renderRunComparison } from '../run-comparison';
import { HostInfo, Measurement, ResultsDocument, validateResultsDocument } from '../results';
import { SCENARIO_CATALOG } from '../scenario-catalog';
import { fixtureSize } from '../sizes';
import { computeStatistics } from '../statistics';

const theia: HostInfo = { editor: 'theia', editorName: 'Theia', editorVersion: '1.74.1', runtime: 'browser', extensionKind: 'extension' };
const vscode: HostInfo = { editor: 'vscode', editorName: 'code-server', editorVersion: '1.100.3', runtime: 'server', extensionKind: 'extension' };

function row(size: string, medianMs: number): Measurement {
    const samples = [medianMs, medianMs, medianMs];
    return {
        scenario: { ...SCENARIO_CATALOG.vscodeReadFile }, targetLabel: size, fileName: `${size}.bin`, bytes: fixtureSize(size).bytes,
        warmupMs: [], samplesMs: samples, statistics: computeStatistics(samples, fixtureSize(size).bytes), verification: 'sha256', reportedBySubject: false,
    };
}

function run(host: HostInfo, medians: Record<string, number>): ResultsDocument {
    const now = new Date().toISOString();
    return validateResultsDocument({
        schema: 'fs-perf-results', schemaVersion: 1, tool: { name: 'test', version: '0' }, runId: 'r', startedAt: now, finishedAt: now,
        host, environment: { versions: {} }, settings: { iterations: 3, warmup: 0, sizes: Object.keys(medians), order: 'ascending', scenarios: [] },
        results: Object.entries(medians).map(([size, median]) => row(size, median)), skipped: [],
    });
}

suite('run comparison', () => {
    test('pairs medians by host, scenario and size from the minimum size up, with the change and the tolerance verdict', () => {
        const comparison = compareRuns(
            [run(vscode, { '50K': 1, '500K': 10, '10000K': 100 }), run(theia, { '500K': 20 })],
            [run(vscode, { '50K': 5, '500K': 10.9, '10000K': 89 }), run(theia, { '5000K': 30 })],
            { minSize: '500K', tolerancePercent: 10 });
        assert.deepStrictEqual(comparison.pairs.map(pair => [pair.host, pair.target, Math.round(pair.changePercent * 10) / 10, pair.withinTolerance]), [
            ['VS Code server', '500K', 9, true],
            ['VS Code server', '10000K', -11, false],
        ]);
        assert.deepStrictEqual(comparison.unmatched, [
            'Theia browser (extension) | vscode.workspace.fs.readFile | 500K',
            'Theia browser (extension) | vscode.workspace.fs.readFile | 5000K',
        ]);
        const text = renderRunComparison(comparison);
        assert.include(text, '1 of 2 medians within 10% of the baseline.');
        assert.match(text, /10000K\s+100\.00\s+89\.00\s+-11\.0%\s+NO/);
    });

    test('an unknown minimum size is refused', () => {
        assert.throws(() => compareRuns([], [], { minSize: '7K' }), /Unknown size 7K/);
    });
});
