import { assert } from 'chai';
import { toBenchmarkActionEntries } from '../report/benchmark-action';
import { renderReportFiles } from '../report/files';
import { renderReportHtml } from '../report/html';
import { escapeMarkdownCell, renderReportMarkdown } from '../report/markdown';
import { drawnCharts, reportBlocks } from '../report/blocks/blocks';
import { buildComparisonReport, reportSections } from '../report/model/build';
import { ComparisonReport } from '../report/model/section-types';
import { medianCell } from '../report/model/tables';
import { MedianTable, StackedBarChart } from '../report/model/types';
import { chartsPalette, renderReportChartSvg } from '../report/svg/charts';
import { escapeXml } from '../report/svg/frame';
import { renderDotChartSvg } from '../report/svg/dots';
import { SCENARIO_CATALOG } from '../measure/scenario-catalog';
import { measurement, resultsDocument, sampleRun, theiaBrowser, vscodeServer } from './results-builders';

/** A report written by hand, not built from results: what renderers show must come from these objects. */
function handMadeReport(rowLabel: string, medianMs: number): ComparisonReport {
    const row = measurement(SCENARIO_CATALOG.vscodeReadFile, '5K', medianMs);
    const table: MedianTable = {
        id: 'hand', title: 'Hand <made> & "quoted"', rowHeader: 'Host', columns: ['5K'],
        rows: [{ label: rowLabel, series: { host: { editor: 'node', runtime: 'node', extensionKind: 'none' }, scenarioId: row.scenario.id }, cells: [medianCell(row)] }],
    };
    return {
        title: 'Hand-made', sizes: ['5K'], hosts: [], measurements: [],
        sections: [{ kind: 'medians', table }, { kind: 'not-measured', hosts: [{ host: 'Electron | app', reason: 'skipped: a | b\nsecond line <script>' }] }],
        charts: [{
            kind: 'lines', id: 'factors', placement: 'opening', title: 'Anything but the word it used to be matched by', xTitle: 'x', yTitle: 'y', sizes: ['5K'],
            series: [{ kind: 'median', label: rowLabel, series: table.rows[0].series, points: [{ size: '5K', cell: table.rows[0].cells[0]! }] }],
        }],
    };
}

suite('report renderers', () => {
    test('Markdown: the tables with medians formatted from the statistics, a dash where nothing was measured, factor rows', () => {
        const markdown = renderReportMarkdown(buildComparisonReport(sampleRun()));
        assert.match(markdown, /^# FS Performance, default run: \d{4}-\d\d-\d\d, Test CPU, 2 cores\n\n## Headline\n\n[^\n]+\n\n!\[[^\n]+\]\(chart-medians\.svg\)\n\n### Key figures\n\n(- [^\n]+\n)+\n## How to read\n/,
            'the kind of run, CPU and cores; the sentences, then the key figures');
        assert.match(markdown, /\n## VS Code extension \/ plugin: workspace\.fs\.readFile, median ms \[95% interval\]\n\n\| Host \| 1K \| 10000K \|\n\|---\|---:\|---:\|\n\| VS Code server \| 2\.00 \(n<6\) \| 10\.0 \(n<6\) \|\n/);
        assert.match(markdown, /\| HTTP fetch \(wire floor\) \| – \| 60\.0 \(n<6\) \|/);
        assert.notMatch(markdown, /NaN|undefined|Infinity|\[object/);
        assert.match(markdown, /### Theia browser \(plugin\) vs VS Code server\n\n\| {2}\| 1K \| 10000K \|\n\|---\|---:\|---:\|\n\| Time \| 6\.00 \(n<6\) \| 490 \(n<6\) \|\n\| Factor \| 4\.00 \(n<6\) \| 50\.0 \(n<6\) \|/);
        assert.match(markdown, /## Hosts\n\n\| Host \| Editor \| Runtime \| OS \| CPU \| Memory \| Versions \| Samples \|\n\|---\|---\|---\|---\|---\|---:\|---\|---\|\n\| VS Code server \| code-server \(VS Code 1\.100\.3; its own version not recorded\) \| server \|/);
    });

    test('a run paused before each sample (--pause) says so in its title and in the Samples of every host', () => {
        const paused = sampleRun().map(document => ({ ...document, settings: { ...document.settings, pauseMs: 500 } }));
        const markdown = renderReportMarkdown(buildComparisonReport(paused));
        assert.match(markdown, /^# FS Performance, run with a pause before each sample: /);
        const hostRows = markdown.slice(markdown.indexOf('## Hosts')).split('\n').filter(line => /^\| (VS Code|Theia)/.test(line));
        assert.isAbove(hostRows.length, 0);
        assert.isTrue(hostRows.every(line => line.includes('warm-up, a pause of up to 500 ms before each, ')), hostRows.join('\n'));
        assert.notInclude(renderReportMarkdown(buildComparisonReport(sampleRun())), 'a pause of up to', 'an unpaused run says nothing of it');
    });

    test('Markdown escapes | in cells and folds line breaks, so a row keeps its columns', () => {
        assert.strictEqual(escapeMarkdownCell('a | b\nc'), 'a \\| b c');
        const markdown = renderReportMarkdown(handMadeReport('node | worker', 3));
        assert.include(markdown, '| node \\| worker | 3.00 (n<6) |');
        assert.include(markdown, '| Electron \\| app | skipped: a \\| b second line <script> |');
        const row = markdown.split('\n').find(line => line.startsWith('| Electron'))!;
        assert.lengthOf(row.split(/(?<!\\)\|/), 4, 'two cells between three unescaped pipes');
    });

    test('HTML: the charts and the tables, self-contained, numbers right-aligned', () => {
        const report = buildComparisonReport(sampleRun());
        const html = renderReportHtml(report);
        const dotCharts = report.charts.filter(chart => chart.kind === 'lines' && chart.display === 'dots');
        assert.deepStrictEqual(dotCharts.map(chart => chart.id), ['medians', ...report.charts.filter(chart => chart.id.startsWith('factors-')).map(chart => chart.id)],
            'the read in every host (the original suite\'s table) and each factor as dots, never bars on a log axis');
        assert.isAtLeast(dotCharts.length, 2, 'a factor chart');
        assert.strictEqual(html.match(/<svg [^>]*class="dot-chart"/g)?.length, dotCharts.length);
        assert.strictEqual(html.match(/<svg [^>]*class="line-chart"/g)?.length, 2, 'the Theia extension, where the time goes');
        assert.notInclude(html, 'class="bar"', 'no bars on a log axis');
        // A line per series of the line charts; a dot per series and size of the dot plots, each with its value printed.
        const lineCharts = report.charts.filter(chart => chart.kind === 'lines' && chart.display !== 'dots');
        assert.strictEqual(html.match(/<polyline /g)?.length, lineCharts.reduce((sum, chart) => sum + (chart.kind === 'lines' ? chart.series.length : 0), 0));
        const dots = dotCharts.reduce((sum, chart) => sum + (chart.kind === 'lines' ? chart.series.reduce((points, series) => points + series.points.length, 0) : 0), 0);
        assert.strictEqual(html.match(/<circle class="dot" /g)?.length, dots);
        assert.strictEqual(html.match(/<text class="value" /g)?.length, dots, 'every value printed beside its dot');
        assert.strictEqual(html.match(/<line class="reference-one" /g)?.length, dotCharts.length - 1, 'a line at 1 in each factor chart');
        assert.include(html, '<h2>VS Code extension / plugin: workspace.fs.readFile, median ms [95% interval]</h2>\n<div class="table-box"><table>\n<tr><th>Host</th><th>1K</th><th>10000K</th></tr>\n'
            + '<tr><td>VS Code server</td><td class="num">2.00 (n&lt;6)</td><td class="num">10.0 (n&lt;6)</td></tr>');
        assert.include(html, '<tr><td>Factor</td><td class="num">4.00 (n&lt;6)</td><td class="num">50.0 (n&lt;6)</td></tr>');
        assert.include(html, '<td>Theia browser (extension)</td><td>Theia 1.74.1</td><td>browser</td>');
        assert.notMatch(html.replace(/xmlns="http:\/\/www\.w3\.org\/2000\/svg"/g, ''), /(src|href)=|https?:\/\//, 'nothing loaded from elsewhere');
    });

    test('HTML is drawn from the model, not re-parsed from Markdown: a | stays in its cell, markup is escaped', () => {
        const html = renderReportHtml(handMadeReport('node | worker', 3));
        assert.include(html, '<tr><td>node | worker</td><td class="num">3.00 (n&lt;6)</td></tr>');
        assert.include(html, '<tr><td>Electron | app</td><td>skipped: a | b\nsecond line &lt;script&gt;</td></tr>');
        assert.include(html, '<h2>Hand &lt;made&gt; &amp; &quot;quoted&quot;</h2>');
        assert.notInclude(html, '<script>');
        assert.notInclude(html, '\\|');
        assert.include(renderReportHtml(handMadeReport('node | worker', 1234.5)), '<td class="num">1230 (n&lt;6)</td>', 'formatted from the statistics');
    });

    test('report files: names from the chart objects, each file rendered from the model', () => {
        const files = renderReportFiles(handMadeReport('node', 3));
        assert.deepStrictEqual(files.map(file => file.name), ['report.md', 'report.html', 'benchmark-action.json', 'chart-factors.svg']);
        const chart = files.find(file => file.kind === 'chart')!.content;
        assert.match(chart, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<title>Anything but the word it used to be matched by<\/title>[\s\S]*<title>node: 3\.00 \(n&lt;6\) ms<\/title>/);
        const sample = renderReportFiles(buildComparisonReport(sampleRun())).map(file => file.name);
        assert.deepStrictEqual(sample.filter(name => name.startsWith('chart-')), ['chart-medians.svg', 'chart-theia-extension.svg', 'chart-decomposition-browser.svg',
            'chart-factors-plugin-vs-vscode-browser.svg', 'chart-factors-plugin-vs-extension-browser.svg']);
    });

    test('a chart is drawn where its placement says, whatever its kind; one a section holds and does not draw is refused', () => {
        const bars: StackedBarChart = {
            kind: 'stacked-bars', id: 'cpu', placement: 'opening', title: 'Bars that open the report', xTitle: 'x', scale: 'value', unit: 'ms',
            segments: ['a'], bars: [{ label: 'one', values: [1] }],
        };
        const report = { ...handMadeReport('node', 3), charts: [bars] };
        const html = renderReportHtml(report);
        assert.isAbove(html.indexOf('class="bar-chart"'), html.indexOf('<h2>How to read</h2>'));
        assert.isBelow(html.indexOf('class="bar-chart"'), html.indexOf('<table>'), 'among the opening charts, before the first section');
        assert.include(renderReportMarkdown(report), '![Bars that open the report](chart-cpu.svg)');
        assert.throws(() => reportBlocks({ ...report, charts: [{ ...bars, placement: 'section' }] }), /The report's charts 'cpu' are drawn nowhere/);
    });

    test('each scenario\'s samples: a chart of the one union, drawn by its renderer in the HTML only, neither a file nor in the Markdown', () => {
        const report = buildComparisonReport(sampleRun());
        const [scenarios] = reportSections(report, 'scenarios');
        assert.deepStrictEqual(scenarios.distributions.map(chart => chart.table), scenarios.tables);
        const svg = renderReportChartSvg(scenarios.distributions[0], chartsPalette(drawnCharts(report)));
        const table = scenarios.tables[0];
        assert.include(svg, `<title>${escapeXml(`${table.title.replace(/, ms$/, '')} in ${table.rows.map(row => row.label).join(' and ')}: each sample (dot), `
            + 'median (bar), 95% interval (band), by file size')}</title>`, 'the scenario and its hosts in the title');
        assert.match(svg, /^<svg [^>]*class="strip-chart"/);
        const titles = drawnCharts(report).map(chart => chart.title);
        assert.strictEqual(new Set(titles).size, titles.length, 'no two charts titled alike');
        assert.include(renderReportHtml(report), svg);
        assert.notInclude(renderReportMarkdown(report), '(chart-distribution');
        assert.isFalse(renderReportFiles(report).some(file => file.name.includes('distribution')));
    });

    test('github-action-benchmark entries: one per measurement, named by host label, scenario and size, in ms, no range without an interval', () => {
        const entries = toBenchmarkActionEntries(buildComparisonReport(sampleRun()));
        assert.strictEqual(entries.length, 11);
        const plugin = entries.find(entry => entry.name === 'Theia browser (plugin): workspace.fs.readFile 10000K');
        assert.strictEqual(plugin?.unit, 'ms');
        assert.strictEqual(plugin?.value, 500);
        assert.isUndefined(plugin?.range, 'no range from 3 samples');
        assert.include(plugin?.extra, '3 samples, n<6: no interval of the median');
        const twoHosts = toBenchmarkActionEntries(buildComparisonReport([
            resultsDocument({ ...vscodeServer, runtime: 'desktop' }, [measurement(SCENARIO_CATALOG.vscodeReadFile, '1K', 1)]),
            resultsDocument({ ...vscodeServer, runtime: 'desktop', extensionKind: 'none' }, [measurement(SCENARIO_CATALOG.vscodeReadFile, '1K', 2)]),
            resultsDocument(theiaBrowser, []),
        ]));
        assert.deepStrictEqual(twoHosts.map(entry => entry.name), ['VS Code [desktop, extension]: workspace.fs.readFile 1K', 'VS Code [desktop, none]: workspace.fs.readFile 1K']);
    });

    test('a dot plot of more series than a legend tells apart (three Theia releases and code-server, plugin and extension): every row drawn and named', () => {
        const series = ['Theia 1.60.2 (plugin)', 'Theia 1.60.2 (extension)', 'Theia 1.72.0 (plugin)', 'Theia 1.72.0 (extension)', 'Theia 1.74.1 (plugin)',
            'Theia 1.74.1 (extension)', 'code-server 1.100.3', 'code-server floor'];
        const svg = renderDotChartSvg({
            title: 'eight series', xTitle: 'factor', series, referenceOne: true,
            groups: [{ label: 'create', rows: series.map((label, index) => ({ series: index, label, value: 1 + index, text: `${1 + index}` })) }],
        });
        assert.strictEqual(svg.match(/<circle class="dot" /g)?.length, 8);
        for (const label of series) {
            assert.include(svg, escapeXml(label));
        }
    });
});
