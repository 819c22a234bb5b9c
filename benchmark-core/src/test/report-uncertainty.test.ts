import { assert } from 'chai';
import { toBenchmarkActionEntries } from '../report/benchmark-action';
import { formatFactor } from '../report/blocks/numbers';
import { renderReportHtml } from '../report/html';
import { renderReportMarkdown } from '../report/markdown';
import { buildComparisonReport, reportSections } from '../report/model/build';
import { FactorCell } from '../report/model/types';
import { renderLineChartSvg } from '../report/svg/line';
import { ResultsDocument } from '../results/schema';
import { SCENARIO_CATALOG } from '../measure/scenario-catalog';
import { computeStatistics } from '../stats/statistics';
import { measurementOfSamples, resultsDocument, sampleRun, theiaBrowserPlugin, vscodeServer } from './results-builders';

/** 15 samples, 10 to 150 ms in steps of 10, shuffled, times `scale`: the median is 80 × scale, its interval [40, 120] × scale. */
const fifteen = (scale = 1): number[] => [70, 150, 10, 120, 40, 90, 30, 140, 60, 110, 20, 130, 50, 100, 80].map(value => value * scale);

/** VS Code server and the Theia plugin reading 1K and 10000K, 15 samples each; the plugin's samples times `pluginScale`. */
function fifteenSampleRun(pluginScale: number): ResultsDocument[] {
    const read = SCENARIO_CATALOG.vscodeReadFile;
    return [
        resultsDocument(vscodeServer, [measurementOfSamples(read, '1K', fifteen(0.01)), measurementOfSamples(read, '10000K', fifteen())]),
        resultsDocument(theiaBrowserPlugin, [measurementOfSamples(read, '1K', fifteen(0.01 * pluginScale)), measurementOfSamples(read, '10000K', fifteen(pluginScale))]),
    ];
}

/** The cells of one row of a Markdown table, found by its first cells. */
function markdownRow(markdown: string, ...first: string[]): string[] | undefined {
    const prefix = `| ${first.join(' | ')} | `;
    const line = markdown.split('\n').find(candidate => candidate.startsWith(prefix));
    return line?.slice(prefix.length, -2).split(' | ');
}

function factorTableMarkdown(markdown: string, title: string): string {
    const start = markdown.indexOf(`### ${title}\n`);
    assert.isAbove(start, -1, title);
    return markdown.slice(start, markdown.indexOf('\n\n', markdown.indexOf('|', start)));
}

/** The bounds of a cell's `[low, high]`. */
function bounds(cell: string): [number, number] {
    const match = /\[(-?[\d.]+), (-?[\d.]+)\](, no measurable difference)?$/.exec(cell);
    assert.isNotNull(match, cell);
    return [Number(match![1]), Number(match![2])];
}

suite('report: intervals and distributions', () => {
    test('says once, near the top, which intervals these are, and where the methodology says how they are made', () => {
        const markdown = renderReportMarkdown(buildComparisonReport(sampleRun()));
        // Right after the headline (the title's next section when there is no headline).
        const note = markdown.split('\n## ').find(section => section.startsWith('How to read'))!;
        assert.isBelow(markdown.split('\n## ').indexOf(note), 3, 'near the top');
        assert.match(note, /^How to read\n\nEvery median is followed by its 95% confidence interval/);
        assert.include(note, 'A factor (first / second) carries a 95% bootstrap interval');
        assert.include(note, 'How: docs/methodology.md, "Intervals".');
        assert.include(note, '"no measurable difference"');
        assert.strictEqual(markdown.split('How to read').length, 2, 'once');
        assert.include(renderReportHtml(buildComparisonReport(sampleRun())), '<h2>How to read</h2>\n<p>Every median is followed by its 95% confidence interval');
    });

    test('a median is printed with its interval and the digits the interval supports; too few samples say so', () => {
        const markdown = renderReportMarkdown(buildComparisonReport(fifteenSampleRun(10)));
        assert.deepStrictEqual(markdownRow(markdown, 'VS Code server'), ['0.8 [0.4, 1.2]', '80 [40, 120]'], 'the original suite\'s table');
        assert.deepStrictEqual(markdownRow(markdown, 'Theia browser (plugin)'), ['8 [4, 12]', '800 [400, 1200]']);
        assert.deepStrictEqual(markdownRow(renderReportMarkdown(buildComparisonReport(sampleRun())), 'VS Code server'), ['2.00 (n<6)', '10.0 (n<6)']);
    });

    test('per-scenario tables give p5, the median with its interval, and p95 of every host', () => {
        const markdown = renderReportMarkdown(buildComparisonReport(fifteenSampleRun(10)));
        assert.include(markdown, '### workspace.fs.readFile (vscode.workspace.fs.readFile(uri)), ms\n\n| Host | Statistic | 1K | 10000K |\n|---|---|---:|---:|\n');
        // p5 = 17 and p95 = 143, at the place the median's interval supports (tens)
        assert.deepStrictEqual(markdownRow(markdown, 'VS Code server', 'p5'), ['0.2', '20']);
        assert.deepStrictEqual(markdownRow(markdown, 'VS Code server', 'p50 [95% interval]'), ['0.8 [0.4, 1.2]', '80 [40, 120]']);
        assert.deepStrictEqual(markdownRow(markdown, 'VS Code server', 'p95'), ['1.4', '140']);
        assert.deepStrictEqual(markdownRow(markdown, 'Theia browser (plugin)', 'p95'), ['14', '1400']);
    });

    test('a clearly different pair: the factor with its interval, which excludes 1; the time difference with its interval', () => {
        const documents = fifteenSampleRun(10);
        const markdown = renderReportMarkdown(buildComparisonReport(documents));
        const table = factorTableMarkdown(markdown, 'Theia browser (plugin) vs VS Code server');
        const factors = markdownRow(table, 'Factor')!;
        assert.lengthOf(factors, 2);
        for (const cell of factors) {
            assert.match(cell, /^10 \[[\d.]+, [\d.]+\]$/);
            const [low, high] = bounds(cell);
            assert.isAbove(low, 1);
            assert.isAtMost(low, 10);
            assert.isAtLeast(high, 10);
        }
        const [, time10000K] = markdownRow(table, 'Time')!;
        assert.match(time10000K, /^700 \[/, 'median 800 minus 80 = 720, at the hundreds its interval (about ± 400) supports');
        assert.isAbove(bounds(time10000K)[0], 0);
        assert.strictEqual(renderReportMarkdown(buildComparisonReport(documents)), markdown, 'seeded: the same report twice');
    });

    test('a factor whose interval includes 1 is "no measurable difference", with its interval', () => {
        const markdown = renderReportMarkdown(buildComparisonReport(fifteenSampleRun(1.1)));
        const table = factorTableMarkdown(markdown, 'Theia browser (plugin) vs VS Code server');
        for (const cell of markdownRow(table, 'Factor')!) {
            assert.match(cell, /^[\d.]+ \[[\d.]+, [\d.]+\], no measurable difference$/, 'the estimate first, then the verdict');
            const [low, high] = bounds(cell);
            assert.isBelow(low, 1);
            assert.isAbove(high, 1);
        }
        const [, time10000K] = markdownRow(table, 'Time')!;
        const [low, high] = bounds(time10000K);
        assert.isBelow(low, 0, 'the time difference\'s interval includes 0 too');
        assert.isAbove(high, 0);
    });

    test('a measurable factor\'s bound never reads as 1', () => {
        const cell = (low: number, high: number): FactorCell => ({
            numerator: computeStatistics([1]), denominator: computeStatistics([1]), differenceMs: 0, differenceInterval: undefined,
            factor: 1.3, factorInterval: { low, high }, noMeasurableDifference: false,
        });
        assert.strictEqual(formatFactor(cell(1.04, 1.6)), '1.30 [1.04, 1.60]', 'not [1.0, 1.6], and the same digits for all three');
        assert.strictEqual(formatFactor(cell(1.2, 1.6)), '1.3 [1.2, 1.6]');
        assert.strictEqual(formatFactor({ ...cell(0.9, 1.6), noMeasurableDifference: true }), '1.3 [0.9, 1.6], no measurable difference');
        assert.strictEqual(formatFactor({ ...cell(1, 1), factor: undefined, factorInterval: undefined }), '–');
    });

    test('HTML draws every sample of each scenario: one dot per sample, a strip per host, after the scenario\'s table', () => {
        const report = buildComparisonReport(sampleRun());
        const html = renderReportHtml(report);
        const tables = reportSections(report, 'scenarios')[0].tables;
        const charts = html.split('<svg ').slice(1).filter(svg => svg.startsWith('xmlns="http://www.w3.org/2000/svg" class="strip-chart"'));
        assert.lengthOf(charts, tables.length, 'one chart per scenario');
        charts.forEach((chart, index) => {
            const table = tables[index];
            const dots = [...chart.matchAll(/<g class="samples"[^>]*>(.*?)<\/g>/g)].map(group => group[1].match(/<circle /g)?.length ?? 0);
            assert.deepStrictEqual(dots, table.rows.map(row => row.cells.reduce((sum, cell) => sum + (cell?.measurement.samplesMs.length ?? 0), 0)), table.title);
            assert.strictEqual(chart.match(/class="median"/g)?.length, table.rows.flatMap(row => row.cells.filter(cell => cell)).length);
        });
        const fetch = tables.find(table => table.id === `scenario:${SCENARIO_CATALOG.theiaHttpFetch.id}`)!;
        const tableAt = html.indexOf(`<h3>${fetch.title}</h3>`);
        assert.isAbove(html.indexOf('class="strip-chart"', tableAt), html.indexOf('</table>', tableAt), 'the chart follows its table');
        assert.include(charts[0], '<title>VS Code server, 1K: median 2.00 (n&lt;6) ms, 3 samples</title>');
        assert.notMatch(html.replace(/xmlns="http:\/\/www\.w3\.org\/2000\/svg"/g, ''), /(src|href)=|https?:\/\//, 'nothing loaded from elsewhere');
    });

    test('the median chart draws each median\'s interval as a whisker; without an interval there is none', () => {
        const whiskers = (documents: ResultsDocument[]): number => {
            const html = renderReportHtml(buildComparisonReport(documents));
            const chart = html.slice(html.indexOf('<svg '), html.indexOf('</svg>'));
            assert.include(chart, 'workspace.fs.readFile: an extension&#39;s or plugin&#39;s read, median ms');
            return chart.match(/class="whisker"/g)?.length ?? 0;
        };
        assert.strictEqual(whiskers(fifteenSampleRun(10)), 4, 'two hosts at two sizes');
        assert.strictEqual(whiskers(sampleRun()), 0);
    });

    test('lines are named at their ends where the names are short, apart; long names go in a legend, one per line', () => {
        const svgOf = (names: string[]): string => renderLineChartSvg({ title: 't', xTitle: 'x', yTitle: 'y', xLabels: new Map(),
            series: names.map(name => ({ name, points: [{ x: 1, y: 1, text: '1' }] })) });
        const legendXs = (names: string[]): number[] => {
            const svg = svgOf(names);
            return names.map(name => Number(new RegExp(`<text x="([\\d.]+)" y="[\\d.]+">${name.replace(/[()]/g, '\\$&')}</text>`).exec(svg)![1]));
        };
        const long = ['Theia browser (extension): RPC transport (in-memory buffer)', 'Theia browser (extension): HTTP fetch (wire floor)', 'b'];
        assert.strictEqual(new Set(legendXs(long)).size, 1);
        // Four lines ending at one point: their names stacked beside it, never on top of each other.
        const short = svgOf(['a', 'b', 'c', 'd']);
        assert.notInclude(short, 'class="legend"');
        const ys = [...short.matchAll(/<text class="end-label" x="[\d.]+" y="([\d.]+)"/g)].map(match => Number(match[1])).sort((a, b) => a - b);
        assert.lengthOf(ys, 4);
        assert.isAtLeast(Math.min(...ys.slice(1).map((y, index) => y - ys[index])), 13, 'a line of text apart');
    });

    test('github-action-benchmark: the range is the median\'s 95% interval as ± the larger side, the value stays the median', () => {
        const samples = fifteen().map(value => value === 150 ? 1000 : value);
        const entries = toBenchmarkActionEntries(buildComparisonReport([resultsDocument(vscodeServer, [measurementOfSamples(SCENARIO_CATALOG.vscodeReadFile, '1K', samples)])]));
        assert.lengthOf(entries, 1);
        // Sorted: 10 to 140 and 1000; the median is 80, its interval [x(4), x(12)] = [40, 120].
        assert.strictEqual(entries[0].value, 80);
        assert.strictEqual(entries[0].range, '± 40');
        assert.include(entries[0].extra, '15 samples, 95% interval of the median [40, 120] ms');
        const skewed = toBenchmarkActionEntries(buildComparisonReport([resultsDocument(vscodeServer,
            [measurementOfSamples(SCENARIO_CATALOG.vscodeReadFile, '1K', [1, 2, 3, 7, 7.5, 7.6, 7.7, 8, 8.1, 8.2, 8.3, 20, 30, 40, 50])])]));
        // median 8, interval [x(4), x(12)] = [7, 20]: 12 above, 1 below: the range covers the larger side
        assert.strictEqual(skewed[0].value, 8);
        assert.strictEqual(skewed[0].range, '± 12');
    });

    test('with a precision target, the report says how many cells reached it and lists the ones that did not', () => {
        const read = SCENARIO_CATALOG.vscodeReadFile;
        const withTarget = (document: ResultsDocument): ResultsDocument => ({ ...document, settings: { ...document.settings, precisionPercent: 5 } });
        const steady = Array.from({ length: 30 }, (_, index) => 100 + (index % 3));
        const documents = [
            withTarget(resultsDocument(vscodeServer, [measurementOfSamples(read, '1K', steady), measurementOfSamples(read, '10000K', fifteen())])),
            resultsDocument(theiaBrowserPlugin, [measurementOfSamples(read, '10000K', fifteen())]),
        ];
        const [section] = reportSections(buildComparisonReport(documents), 'precision');
        assert.deepStrictEqual([section.cells, section.missed.map(miss => [miss.hostLabel, miss.targetLabel, miss.samples, miss.halfWidthPercent])],
            [2, [['VS Code server', '10000K', 15, 50]]], 'the plugin\'s run had no target; [40, 120] around 80 is ±50%');
        const markdown = renderReportMarkdown(buildComparisonReport(documents));
        assert.include(markdown, '## Precision\n\n1 of 2 cells reached their precision target');
        assert.deepStrictEqual(markdownRow(markdown, 'VS Code server', read.label, '10000K'), ['15', '5.0', '50']);
        assert.deepStrictEqual(reportSections(buildComparisonReport(documents.slice(1)), 'precision'), [], 'no section without a target');
    });
});
