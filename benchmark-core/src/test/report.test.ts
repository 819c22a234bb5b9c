import { assert } from 'chai';
import { buildComparisonReport, renderReportMarkdown, toBenchmarkActionEntries } from '../report';
import { renderReportHtml, reportCharts } from '../report-html';
import { HostInfo, Measurement, ResultsDocument, validateResultsDocument } from '../results';
import { SCENARIO_CATALOG } from '../scenario-catalog';
import { fixtureSize } from '../sizes';
import { computeStatistics } from '../statistics';

type CatalogEntry = (typeof SCENARIO_CATALOG)[keyof typeof SCENARIO_CATALOG];

function row(scenario: CatalogEntry, size: string, medianMs: number, host?: HostInfo): Measurement {
    const samples = [medianMs * 0.9, medianMs, medianMs * 1.1];
    return {
        scenario: { ...scenario }, targetLabel: size, fileName: `${size}.bin`, bytes: fixtureSize(size).bytes,
        warmupMs: [], samplesMs: samples, statistics: computeStatistics(samples, fixtureSize(size).bytes),
        verification: scenario.verification === 'content' ? 'sha256' : 'length', reportedBySubject: false,
        ...(host ? { host } : {}),
    };
}

function document(host: HostInfo, results: Measurement[]): ResultsDocument {
    const now = new Date().toISOString();
    return validateResultsDocument({
        schema: 'fs-perf-results', schemaVersion: 1, tool: { name: 'test', version: '0' }, runId: Math.random().toString(36), startedAt: now, finishedAt: now,
        host, environment: { versions: { node: '20' }, cpu: { model: 'Test CPU', count: 2 } },
        settings: { iterations: 3, warmup: 0, sizes: ['1K', '10000K'], order: 'ascending', scenarios: [] },
        results, skipped: [],
    });
}

const vscodeServer: HostInfo = { editor: 'vscode', editorName: 'code-server', editorVersion: '1.100.3', runtime: 'server', extensionKind: 'extension' };
const theiaBrowser: HostInfo = { editor: 'theia', editorName: 'Theia', editorVersion: '1.74.1', runtime: 'browser', extensionKind: 'extension' };
const theiaBrowserPlugin: HostInfo = { ...theiaBrowser, extensionKind: 'plugin' };

function documents(): ResultsDocument[] {
    return [
        document(vscodeServer, [row(SCENARIO_CATALOG.vscodeReadFile, '1K', 2), row(SCENARIO_CATALOG.vscodeReadFile, '10000K', 10)]),
        document(theiaBrowser, [
            row(SCENARIO_CATALOG.theiaFileServiceReadFile, '1K', 4), row(SCENARIO_CATALOG.theiaFileServiceReadFile, '10000K', 250),
            row(SCENARIO_CATALOG.theiaNodeFsService, '1K', 2), row(SCENARIO_CATALOG.theiaNodeFsService, '10000K', 200),
            row(SCENARIO_CATALOG.theiaDiskFloor, '10000K', 2),
            // measured by one host at one size only
            row(SCENARIO_CATALOG.theiaHttpFetch, '10000K', 60),
            row(SCENARIO_CATALOG.vscodeReadFile, '1K', 8, theiaBrowserPlugin), row(SCENARIO_CATALOG.vscodeReadFile, '10000K', 500, theiaBrowserPlugin),
        ]),
    ];
}

suite('comparison report', () => {
    test('the plugin table has a row per host that measured workspace.fs.readFile, with its medians', () => {
        const report = buildComparisonReport(documents());
        const table = report.medianTables.find(candidate => candidate.title.startsWith('VS Code extension / plugin'));
        assert.deepStrictEqual(table?.columns, ['1K', '10000K']);
        assert.deepStrictEqual(table?.rows.map(entry => [entry.label, ...entry.values]), [
            ['VS Code server (code-server)', 2, 10],
            ['Theia browser (plugin)', 8, 500],
        ]);
        const theia = report.medianTables.find(candidate => candidate.title.startsWith('Theia extension'));
        assert.deepStrictEqual(theia?.rows.map(entry => entry.label), ['Browser (FileService)', 'Browser (Node FS)'], 'no Electron rows without an Electron host');
    });

    test('factor tables give the difference and the factor per size, like the original suite', () => {
        const report = buildComparisonReport(documents());
        const factor = report.factorTables.find(candidate => candidate.title === 'Theia browser (plugin) vs VS Code server');
        assert.deepStrictEqual(factor?.difference, [6, 490]);
        assert.deepStrictEqual(factor?.factor, [4, 50]);
        const fileServiceVsNode = report.factorTables.find(candidate => candidate.title === 'Theia browser: FileService vs Node FS');
        assert.deepStrictEqual(fileServiceVsNode?.factor, [2, 1.25]);
        assert.isUndefined(report.factorTables.find(candidate => candidate.title.includes('Electron')), 'no Electron factors without Electron results');
    });

    test('a size measured by one host only shows a dash for the others, never NaN', () => {
        const markdown = renderReportMarkdown(buildComparisonReport(documents()));
        assert.match(markdown, /\| HTTP fetch \(wire floor\) \| – \| 60\.00 \|/);
        assert.notMatch(markdown, /NaN|undefined|Infinity/);
        assert.match(markdown, /### Theia browser \(plugin\) vs VS Code server\n\n\| {2}\| 1K \| 10000K \|\n\|---\|---:\|---:\|\n\| Time \| 6\.000 \| 490\.00 \|\n\| Factor \| 4\.00 \| 50\.00 \|/);
        assert.match(markdown, /## Hosts[\s\S]*\| Theia browser \(extension\) \| Theia 1\.74\.1 \| browser \|/);
    });

    test('the HTML is self-contained, with a median chart and a factor chart, one line per series', () => {
        const report = buildComparisonReport(documents());
        const charts = reportCharts(report);
        assert.deepStrictEqual(charts.map(chart => chart.title), ['Median time vs file size (log scales)', 'Factors vs file size (log scales)']);
        const html = renderReportHtml(report);
        assert.strictEqual(html.match(/<svg /g)?.length, 2);
        const seriesCount = charts.reduce((sum, chart) => sum + chart.series.length, 0);
        assert.strictEqual(html.match(/<polyline /g)?.length, seriesCount);
        assert.notMatch(html.replace(/xmlns="http:\/\/www\.w3\.org\/2000\/svg"/g, ''), /(src|href)=|https?:\/\//, 'nothing loaded from elsewhere');
        assert.include(html, '<td class="num">490.00</td>');
    });

    test('one host alone still gives a report without factor tables', () => {
        const report = buildComparisonReport([documents()[0]]);
        assert.strictEqual(report.factorTables.length, 0);
        assert.strictEqual(reportCharts(report).length, 1);
        assert.match(renderReportMarkdown(report), /VS Code server \(code-server\) \| 2\.000 \| 10\.00/);
    });

    test('github-action-benchmark entries: one per median, smaller is better, in ms', () => {
        const entries = toBenchmarkActionEntries(buildComparisonReport(documents()));
        assert.strictEqual(entries.length, 10);
        const plugin = entries.find(entry => entry.name === 'Theia browser (plugin): workspace.fs.readFile 10000K');
        assert.strictEqual(plugin?.unit, 'ms');
        assert.strictEqual(plugin?.value, 500);
        assert.match(plugin?.range ?? '', /^± \d/);
    });
});
