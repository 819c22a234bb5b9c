import { assert } from 'chai';
import { buildComparisonReport, reportSections } from '../report/model/build';
import { ComparisonReport } from '../report/model/section-types';
import { MedianTable, SizeChart } from '../report/model/types';
import { compareRuns } from '../compare/run-comparison';
import { HostInfo, ResultsDocument } from '../results/schema';
import { SCENARIO_CATALOG } from '../measure/scenario-catalog';
import { measurementOfSamples, resultsDocument, theiaBrowser, theiaBrowserPlugin, vscodeServer, measurement } from './results-builders';

const catalog = SCENARIO_CATALOG;

/** 15 samples around `median` (the median exactly), spread ±20%. */
const around = (median: number): number[] => Array.from({ length: 15 }, (_, index) => median * (0.8 + index * (0.4 / 14)));

/** One release's run as `yarn bench --theia-version` writes it: the extension's file with the plugin's rows merged in. */
function release(version: string, pluginMs: number, fileServiceMs: number): ResultsDocument {
    const extension: HostInfo = { ...theiaBrowser, editorVersion: version, editorName: `FS Perf (Theia ${version} browser)` };
    const plugin: HostInfo = { ...theiaBrowserPlugin, editorVersion: version, editorName: extension.editorName };
    return resultsDocument(extension, [
        measurementOfSamples(catalog.theiaFileServiceReadFile, '10000K', around(fileServiceMs)),
        measurementOfSamples(catalog.vscodeReadFile, '10000K', around(pluginMs), plugin),
    ]);
}

function medianTable(report: ComparisonReport, id: string): MedianTable | undefined {
    return reportSections(report, 'medians').map(section => section.table).find(table => table.id === id);
}

suite('Theia releases in one report (yarn bench --theia-version)', () => {
    // Given out of order: the report orders releases by version, not by file.
    const documents = [release('1.74.1', 800, 300), release('1.54.0', 1600, 330), release('1.60.2', 1200, 310),
        resultsDocument(vscodeServer, [measurement(catalog.vscodeReadFile, '10000K', 10)])];

    test('a row per release, oldest first, for the plugin read and the extension read', () => {
        const report = buildComparisonReport(documents);
        const plugin = medianTable(report, 'releases-plugin-browser');
        assert.deepStrictEqual(plugin?.rows.map(row => row.label), ['1.54.0', '1.60.2', '1.74.1']);
        assert.deepStrictEqual(plugin?.rows.map(row => row.cells[0]?.statistics.medianMs), [1600, 1200, 800]);
        const extension = medianTable(report, 'releases-extension-browser');
        assert.deepStrictEqual(extension?.rows.map(row => row.cells[0]?.statistics.medianMs), [330, 310, 300]);
        assert.deepStrictEqual(extension?.rows.map(row => row.cells[0]?.measurement.scenario.id), Array(3).fill(catalog.theiaFileServiceReadFile.id));
    });

    test('every older release against the newest, with intervals; in the headline too', () => {
        const report = buildComparisonReport(documents);
        const factors = reportSections(report, 'factors')[0].tables.filter(table => table.id.startsWith('release-'));
        assert.deepStrictEqual(factors.map(table => table.title), [
            'Theia 1.54.0 vs 1.74.1 (browser): plugin workspace.fs.readFile', 'Theia 1.60.2 vs 1.74.1 (browser): plugin workspace.fs.readFile',
            'Theia 1.54.0 vs 1.74.1 (browser): extension FileService.readFile', 'Theia 1.60.2 vs 1.74.1 (browser): extension FileService.readFile',
        ]);
        const oldest = factors[0].cells[0]!;
        assert.closeTo(oldest.factor!, 2, 1e-9);
        assert.isBelow(oldest.factorInterval!.low, 2);
        assert.isAbove(oldest.factorInterval!.high, 2);
        const headline = reportSections(report, 'headline')[0];
        assert.includeMembers(headline.factors.map(finding => finding.table.id), factors.map(table => table.id));
    });

    test('the newest release stays the Theia of every other table, and each label names its release', () => {
        const report = buildComparisonReport(documents);
        const readFile = medianTable(report, 'read-file');
        assert.deepStrictEqual(readFile?.rows.map(row => [row.label, row.cells[0]?.statistics.medianMs]), [['VS Code server', 10], ['Theia 1.74.1 browser (plugin)', 800]]);
        const perScenario = reportSections(report, 'scenarios')[0].tables.find(table => table.id === `scenario:${catalog.vscodeReadFile.id}`);
        assert.sameMembers(perScenario!.rows.map(row => row.label), ['VS Code server', 'Theia 1.74.1 browser (plugin)', 'Theia 1.54.0 browser (plugin)', 'Theia 1.60.2 browser (plugin)']);
        assert.deepStrictEqual(reportSections(report, 'environments')[0].hosts.map(host => host.label),
            ['Theia 1.74.1 browser (extension)', 'Theia 1.54.0 browser (extension)', 'Theia 1.60.2 browser (extension)', 'VS Code server']);
        const chart = report.charts.find((candidate): candidate is SizeChart => candidate.id === 'releases-plugin-browser');
        assert.deepStrictEqual(chart?.series.map(series => series.label), ['1.54.0', '1.60.2', '1.74.1']);
        assert.strictEqual(chart?.display, 'dots');
    });

    test('yarn bench:compare of one release against another pairs the same host, labelled without a release', () => {
        const comparison = compareRuns([release('1.74.1', 800, 300)], [release('1.75.0', 1600, 300)], { minSize: '10000K' });
        assert.deepStrictEqual(comparison.cells.map(cell => [cell.hostLabel, cell.scenarioId]).sort(),
            [['Theia browser (extension)', catalog.theiaFileServiceReadFile.id], ['Theia browser (plugin)', catalog.vscodeReadFile.id]]);
        assert.strictEqual(comparison.cells.find(cell => cell.scenarioId === catalog.vscodeReadFile.id)?.verdict, 'slower');
    });

    test('one release: no release tables, and labels as before', () => {
        const report = buildComparisonReport([release('1.74.1', 800, 300)]);
        assert.isUndefined(medianTable(report, 'releases-plugin-browser'));
        assert.deepStrictEqual(medianTable(report, 'read-file')?.rows.map(row => row.label), ['Theia browser (plugin)']);
    });
});
