import { assert } from 'chai';
import { HostKey } from '../results/host-identity';
import { buildComparisonReport, reportSections } from '../report/model/build';
import { ComparisonReport } from '../report/model/section-types';
import { FactorCell, FactorTable, MedianTable, SizeChart } from '../report/model/types';
import { HostInfo, ResultsDocument } from '../results/schema';
import { SCENARIO_CATALOG } from '../measure/scenario-catalog';
import { measurement, measurementOfSamples, resultsDocument, sampleRun, theiaBrowser, theiaBrowserPlugin, vscodeServer } from './results-builders';

const catalog = SCENARIO_CATALOG;

function medianTable(report: ComparisonReport, id: string): MedianTable | undefined {
    return [...reportSections(report, 'medians').map(section => section.table), ...reportSections(report, 'scenarios').flatMap(section => section.tables)]
        .find(table => table.id === id);
}

function factorTables(report: ComparisonReport): readonly FactorTable[] {
    return reportSections(report, 'factors')[0]?.tables ?? [];
}

function medians(table: MedianTable | undefined): (number | undefined)[][] | undefined {
    return table?.rows.map(row => row.cells.map(cell => cell?.statistics.medianMs));
}

/** 15 samples, 10 to 150 ms in steps of 10, shuffled, times `scale`: the median is 80 × scale. */
const fifteen = (scale = 1): number[] => [70, 150, 10, 120, 40, 90, 30, 140, 60, 110, 20, 130, 50, 100, 80].map(value => value * scale);

/** The line charts over sizes of a report, in its order. */
const sizeCharts = (report: ComparisonReport): SizeChart[] => report.charts.filter((chart): chart is SizeChart => chart.kind === 'lines');

const key = (host: HostInfo): HostKey => ({ editor: host.editor, runtime: host.runtime, extensionKind: host.extensionKind });

suite('comparison report model', () => {
    test('the original suite\'s readFile table: a row per host identity that measured it, each cell the measurement itself', () => {
        const report = buildComparisonReport(sampleRun());
        const table = medianTable(report, 'read-file');
        assert.deepStrictEqual(table?.columns, ['1K', '10000K']);
        assert.deepStrictEqual(table?.rows.map(row => row.series), [
            { host: key(vscodeServer), scenarioId: catalog.vscodeReadFile.id },
            { host: key(theiaBrowserPlugin), scenarioId: catalog.vscodeReadFile.id },
        ]);
        assert.deepStrictEqual(table?.rows.map(row => row.label), ['VS Code server', 'Theia browser (plugin)']);
        assert.deepStrictEqual(medians(table), [[2, 10], [8, 500]]);
        assert.deepStrictEqual(table?.rows[1].cells[1]?.measurement.samplesMs, [450, 500, 550], 'the samples are there for distributions and intervals');
        const theia = medianTable(report, 'theia-extension');
        assert.deepStrictEqual(theia?.rows.map(row => row.label), ['Browser (FileService)', 'Browser (Node FS)'], 'no Electron rows without an Electron host');
    });

    test('a later file of the same host replaces its measurement, in the earlier place', () => {
        const newer = resultsDocument({ ...vscodeServer, editorVersion: '1.101.0' }, [measurement(catalog.vscodeReadFile, '1K', 7)]);
        const report = buildComparisonReport([...sampleRun(), newer]);
        assert.deepStrictEqual(medians(medianTable(report, 'read-file')), [[7, 10], [8, 500]]);
        assert.strictEqual(report.measurements.length, 11, 'one measurement per host, scenario and size');
        assert.strictEqual(report.measurements[0].measurement.statistics.medianMs, 7);
        const environments = reportSections(report, 'environments')[0].hosts;
        assert.deepStrictEqual(environments.map(host => [host.label, host.hostInfo.editorVersion]), [['VS Code server', '1.101.0'], ['Theia browser (extension)', '1.74.1']]);
    });

    test('a factor table compares two series size by size: difference and factor of the medians', () => {
        const report = buildComparisonReport(sampleRun());
        const factor = factorTables(report).find(table => table.id === 'plugin-vs-vscode-browser');
        assert.strictEqual(factor?.title, 'Theia browser (plugin) vs VS Code server');
        assert.deepStrictEqual(factor?.numerator, { host: key(theiaBrowserPlugin), scenarioId: catalog.vscodeReadFile.id });
        assert.deepStrictEqual(factor?.denominator, { host: key(vscodeServer), scenarioId: catalog.vscodeReadFile.id });
        assert.deepStrictEqual(factor?.cells.map(cell => [cell?.differenceMs, cell?.factor]), [[6, 4], [490, 50]]);
        assert.strictEqual(factor?.cells[1]?.denominator.medianMs, 10);
        const fileServiceVsNode = factorTables(report).find(table => table.title === 'Theia browser: FileService vs Node FS');
        assert.deepStrictEqual(fileServiceVsNode?.cells.map(cell => cell?.factor), [2, 1.25]);
        assert.deepStrictEqual(factorTables(report).map(table => table.id), ['plugin-vs-vscode-browser', 'file-service-vs-node-fs-browser',
            'plugin-vs-extension-browser', 'file-service-vs-vscode'], 'no Electron factors without Electron results');
    });

    test('like for like: VS Code\'s read through its workbench gets its own table rows and the factors against the plugin and the in-host read', () => {
        const [vscode, theia] = sampleRun();
        const throughWorkbench = [measurement(catalog.vscodeReadFileWorkbench, '1K', 4), measurement(catalog.vscodeReadFileWorkbench, '10000K', 100)];
        const report = buildComparisonReport([resultsDocument(vscodeServer, [...vscode.results, ...throughWorkbench]), theia]);
        const table = medianTable(report, 'like-for-like');
        assert.deepStrictEqual(table?.rows.map(row => row.label), ['VS Code server (through the workbench)', 'VS Code server (in the extension host)', 'Theia browser (plugin)']);
        assert.deepStrictEqual(medians(table), [[4, 100], [2, 10], [8, 500]]);
        const likeForLike = factorTables(report).find(factor => factor.id === 'plugin-vs-vscode-workbench-browser');
        assert.strictEqual(likeForLike?.title, 'Theia browser (plugin) vs VS Code server through the workbench (like for like)');
        assert.deepStrictEqual(likeForLike?.cells.map(cell => cell?.factor), [2, 5]);
        const vscodePaths = factorTables(report).find(factor => factor.id === 'vscode-workbench-vs-extension-host');
        assert.deepStrictEqual(vscodePaths?.cells.map(cell => cell?.factor), [2, 10]);
        assert.isUndefined(medianTable(buildComparisonReport(sampleRun()), 'like-for-like'), 'no like-for-like table where nobody measured the workbench read');
    });

    test('streamed reads: time to the first chunk beside the whole read per host and size, its share of the read, the chunks, and a chart', () => {
        const stream = (target: string, whole: number[], firstChunkMs: number[], chunks: number[]) => ({
            ...measurementOfSamples(catalog.theiaFileServiceReadFileStream, target, whole), stream: { firstChunkMs, chunks },
        });
        const report = buildComparisonReport([resultsDocument(theiaBrowser, [
            stream('10000K', [100, 200, 300], [90, 190, 290], [150, 160, 170]), stream('1K', [2, 4, 6], [1, 1, 3], [1, 1, 1]),
            measurement(catalog.theiaFileServiceReadFile, '1K', 3),
        ])]);
        const [section] = reportSections(report, 'streaming');
        assert.deepStrictEqual(section.rows.map(row => [row.targetLabel, row.firstChunk.statistics.medianMs, row.whole.statistics.medianMs, row.firstChunkShare, row.chunks]),
            [['1K', 1, 4, 0.5, 1], ['10000K', 190, 200, 0.95, 160]]);
        const chart = sizeCharts(report).find(candidate => candidate.id === 'first-chunk');
        assert.deepStrictEqual(chart?.series.map(series => series.label), [
            'Theia browser (extension): FileService.readFileStream, first chunk', 'Theia browser (extension): FileService.readFileStream, whole read']);
        assert.deepStrictEqual(reportSections(buildComparisonReport(sampleRun()), 'streaming'), [], 'no section without stream timings');
    });

    test('every cell carries the 95% interval of its median (order statistics 4 and 12 of 15 samples) and its 5th percentile', () => {
        const report = buildComparisonReport([resultsDocument(vscodeServer, [measurementOfSamples(catalog.vscodeReadFile, '1K', fifteen()),
            measurement(catalog.vscodeReadFile, '10000K', 10)])]);
        const [fifteenSamples, threeSamples] = medianTable(report, 'read-file')!.rows[0].cells;
        assert.deepStrictEqual(fifteenSamples?.medianInterval, { low: 40, high: 120 });
        assert.closeTo(fifteenSamples!.p5Ms, 17, 1e-9, 'R-7: x(1) + 0.7 (x(2) - x(1))');
        assert.isUndefined(threeSamples?.medianInterval, 'too few samples for an interval');
        assert.closeTo(threeSamples!.p5Ms, 9.1, 1e-9);
        assert.deepStrictEqual(medianTable(report, `scenario:${catalog.vscodeReadFile.id}`)?.rows[0].cells[0]?.medianInterval, { low: 40, high: 120 });
    });

    test('a factor carries bootstrap intervals, the same on every build: apart when the samples are, "no measurable difference" when they overlap', () => {
        const documents = (pluginScale: number): ResultsDocument[] => [
            resultsDocument(vscodeServer, [measurementOfSamples(catalog.vscodeReadFile, '1K', fifteen())]),
            resultsDocument(theiaBrowserPlugin, [measurementOfSamples(catalog.vscodeReadFile, '1K', fifteen(pluginScale))]),
        ];
        const factor = (pluginScale: number): FactorCell | undefined =>
            factorTables(buildComparisonReport(documents(pluginScale))).find(table => table.id === 'plugin-vs-vscode-browser')?.cells[0];
        const apart = factor(10)!;
        assert.strictEqual(apart.factor, 10);
        assert.isAbove(apart.factorInterval!.low, 1);
        assert.isAtMost(apart.factorInterval!.low, 10);
        assert.isAtLeast(apart.factorInterval!.high, 10);
        assert.isAbove(apart.differenceInterval!.low, 0);
        assert.isFalse(apart.noMeasurableDifference);
        assert.deepStrictEqual(factor(10), apart, 'seeded: the same report twice');
        const overlapping = factor(1.1)!;
        assert.isBelow(overlapping.factorInterval!.low, 1);
        assert.isAbove(overlapping.factorInterval!.high, 1);
        assert.isTrue(overlapping.noMeasurableDifference);
        assert.isBelow(overlapping.differenceInterval!.low, 0, 'the difference\'s interval includes 0 as the factor\'s includes 1');
        const fewSamples = factorTables(buildComparisonReport(sampleRun()))[0].cells[0]!;
        assert.deepStrictEqual([fewSamples.factorInterval, fewSamples.differenceInterval, fewSamples.noMeasurableDifference], [undefined, undefined, false],
            'no interval from 3 samples a side');
    });

    test('a size measured by one side only leaves that cell empty', () => {
        const report = buildComparisonReport(sampleRun());
        const decomposition = medianTable(report, 'decomposition-browser');
        assert.deepStrictEqual(decomposition?.rows.find(row => row.label === 'HTTP fetch (wire floor)')?.cells.map(cell => cell?.statistics.medianMs), [undefined, 60]);
        const documents = sampleRun();
        documents[0] = resultsDocument(vscodeServer, [measurement(catalog.vscodeReadFile, '10000K', 10)]);
        const factor = factorTables(buildComparisonReport(documents)).find(table => table.id === 'plugin-vs-vscode-browser');
        assert.deepStrictEqual(factor?.cells.map(cell => cell?.factor), [undefined, 50]);
    });

    test('a host the run could not measure is kept with its reason, after the hosts that were', () => {
        const report = buildComparisonReport(sampleRun(), { notMeasured: [{ host: 'VS Code desktop', reason: 'skipped: no display' }] });
        assert.deepStrictEqual(report.sections.slice(-2).map(section => section.kind), ['environments', 'not-measured']);
        assert.deepStrictEqual(reportSections(report, 'not-measured')[0].hosts, [{ host: 'VS Code desktop', reason: 'skipped: no display' }]);
        assert.deepStrictEqual(reportSections(buildComparisonReport(sampleRun()), 'not-measured'), [], 'no section when every host was measured');
    });

    test('two hosts with the same usual label do not collide: each keeps its rows, and the labels tell them apart', () => {
        const desktop: HostInfo = { ...vscodeServer, editorName: 'Visual Studio Code', runtime: 'desktop' };
        const bare: HostInfo = { ...desktop, extensionKind: 'none' };
        const report = buildComparisonReport([
            resultsDocument(desktop, [measurement(catalog.vscodeReadFile, '1K', 1)]),
            resultsDocument(bare, [measurement(catalog.vscodeReadFile, '1K', 100)]),
        ]);
        const table = medianTable(report, `scenario:${catalog.vscodeReadFile.id}`);
        assert.deepStrictEqual(table?.rows.map(row => [row.label, row.series.host, row.cells[0]?.statistics.medianMs]), [
            ['VS Code [desktop, extension]', key(desktop), 1],
            ['VS Code [desktop, none]', key(bare), 100],
        ]);
        assert.deepStrictEqual(report.hosts.map(host => host.label), ['VS Code [desktop, extension]', 'VS Code [desktop, none]']);
        assert.lengthOf(reportSections(report, 'environments')[0].hosts, 2);
    });

    test('per-scenario tables: every host that measured the scenario, small-files targets as their own column', () => {
        const report = buildComparisonReport(sampleRun());
        const scenarios = reportSections(report, 'scenarios')[0].tables;
        assert.deepStrictEqual(scenarios.map(table => table.id), [catalog.vscodeReadFile, catalog.vscodeStat, catalog.theiaFileServiceReadFile,
            catalog.theiaNodeFsService, catalog.theiaDiskFloor, catalog.theiaHttpFetch].map(scenario => `scenario:${scenario.id}`));
        assert.deepStrictEqual(medianTable(report, `scenario:${catalog.vscodeStat.id}`)?.columns, ['1000 files']);
        assert.deepStrictEqual(medianTable(report, `scenario:${catalog.theiaDiskFloor.id}`)?.columns, ['10000K']);
    });

    test('charts are objects of the model: a chart per table of the original suite, a handful of lines each, and the headline\'s factors', () => {
        const report = buildComparisonReport(sampleRun());
        const headlineFactors = factorTables(report).filter(table => /^(plugin-vs-vscode|vscode-workbench-vs-extension-host|plugin-vs-extension-)/.test(table.id));
        assert.deepStrictEqual(report.charts.map(chart => chart.id), ['medians', 'theia-extension', 'decomposition-browser', ...headlineFactors.map(table => `factors-${table.id}`)]);
        const [mediansChart, theiaChart, decompositionChart, ...factorCharts] = sizeCharts(report);
        assert.deepStrictEqual(mediansChart.sizes, ['1K', '10000K']);
        // The read in every host: one line per row of the read-file table that has a point.
        assert.deepStrictEqual(mediansChart.series.map(series => series.label), ['VS Code server', 'Theia browser (plugin)']);
        const plugin = mediansChart.series.find(series => series.label === 'Theia browser (plugin)');
        assert.deepStrictEqual(plugin?.kind === 'median' && plugin.series, { host: key(theiaBrowserPlugin), scenarioId: catalog.vscodeReadFile.id });
        assert.deepStrictEqual(plugin?.points.map(point => point.size), ['1K', '10000K']);
        assert.isTrue(theiaChart.series.every(series => series.label.startsWith('Browser (')), JSON.stringify(theiaChart.series.map(series => series.label)));
        assert.include(decompositionChart.series.map(series => series.label), 'Backend disk read (floor)');
        for (const chart of sizeCharts(report)) {
            assert.isAtMost(chart.series.length, 6, `${chart.id}: a handful of lines`);
        }
        // One factor a chart: factors of different meanings never share an axis.
        assert.deepStrictEqual(factorCharts.map(chart => chart.series.map(series => series.kind === 'factor' && series.factorTableId)), headlineFactors.map(table => [table.id]));
    });

    test('one host alone: its tables and the median chart, no factor tables', () => {
        const report = buildComparisonReport([sampleRun()[0]]);
        assert.deepStrictEqual(factorTables(report), []);
        assert.deepStrictEqual(report.charts.map(chart => chart.id), ['medians']);
        assert.deepStrictEqual(medians(medianTable(report, 'read-file')), [[2, 10]]);
    });
});
