import { assert } from 'chai';
import { HostInfo, ResultsDocument } from '../results';
import { compareRuns, renderRunComparison } from '../run-comparison';
import { readFileMedians, resultsDocument, theiaBrowser as theia, vscodeServer as vscode } from './results-builders';

function run(host: HostInfo, medians: Record<string, number>): ResultsDocument {
    return resultsDocument(host, readFileMedians(medians));
}

suite('run comparison', () => {
    test('pairs medians by host, scenario and size from the minimum size up, with the change and the tolerance verdict', () => {
        const comparison = compareRuns(
            [run(vscode, { '50K': 1, '500K': 10, '10000K': 100 }), run(theia, { '500K': 20 })],
            [run(vscode, { '50K': 5, '500K': 10.9, '10000K': 89 }), run(theia, { '5000K': 30 })],
            { minSize: '500K', tolerancePercent: 10 });
        assert.deepStrictEqual(comparison.pairs.map(pair => [pair.hostLabel, pair.target, Math.round(pair.changePercent * 10) / 10, pair.withinTolerance]), [
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

    test('hosts are paired by identity, not by label: two hosts labelled alike stay apart', () => {
        // VS Code desktop as an extension and with no extension kind share the label `VS Code`.
        const desktop: HostInfo = { ...vscode, runtime: 'desktop' };
        const bare: HostInfo = { ...desktop, extensionKind: 'none' };
        const comparison = compareRuns([run(desktop, { '500K': 10 }), run(bare, { '500K': 100 })], [run(bare, { '500K': 100 }), run(desktop, { '500K': 10 })]);
        assert.deepStrictEqual(comparison.pairs.map(pair => [pair.hostLabel, pair.baselineMs, pair.currentMs]), [
            ['VS Code [desktop, extension]', 10, 10],
            ['VS Code [desktop, none]', 100, 100],
        ]);
        assert.deepStrictEqual(comparison.unmatched, []);
    });

    test('an unknown minimum size is refused', () => {
        assert.throws(() => compareRuns([], [], { minSize: '7K' }), /Unknown size 7K/);
    });
});
