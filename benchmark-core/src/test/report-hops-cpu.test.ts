import { assert } from 'chai';
import { PLUGIN_READ_HOPS } from '../measure/hops';
import { renderReportFiles } from '../report/files';
import { formatFactor } from '../report/blocks/numbers';
import { keyFigures } from '../report/blocks/headline';
import { hopsNote } from '../report/blocks/hops-cpu';
import { HOP_RESOLUTION_MS } from '../report/model/hops';
import { clockResolutionMs } from '../report/model/cpu';
import { CaseCpu } from '../measure/cpu';
import { formatShare, formatSupported } from '../stats/precision';
import { renderReportHtml } from '../report/html';
import { renderReportMarkdown } from '../report/markdown';
import { buildComparisonReport, reportSections } from '../report/model/build';
import { ComparisonReport } from '../report/model/section-types';
import { StackedBarChart } from '../report/model/types';
import { escapeXml } from '../report/svg/frame';
import { renderStackedBarChartSvg } from '../report/svg/bar';
import { Measurement, ResultsDocument } from '../results/schema';
import { SCENARIO_CATALOG } from '../measure/scenario-catalog';
import { fixtureSize } from '../measure/sizes';
import { measurement, measurementOfSamples, resultsDocument, sampleRun, theiaBrowserPlugin, vscodeServer } from './results-builders';

const catalog = SCENARIO_CATALOG;

/** 15 samples, 10 to 150 ms in steps of 10, shuffled, times `scale`: the median is 80 × scale, its interval [40, 120] × scale. */
const fifteen = (scale = 1): number[] => [70, 150, 10, 120, 40, 90, 30, 140, 60, 110, 20, 130, 50, 100, 80].map(value => value * scale);

/** Hop samples of the traced reads (ms per hop in PLUGIN_READ_HOPS order); 1K has a hop the clocks make negative. */
const HOP_SAMPLES: Record<string, number[][]> = {
    '1K': [[0.3, -0.2, 0.1, 0.2, 0.4], [0.35, -0.3, 0.12, 0.25, 0.38], [0.32, -0.1, 0.11, 0.22, 0.41]],
    '500K': [[0.5, 0.2, 2, 3, 4], [0.6, 0.3, 2.2, 3.1, 4.4], [0.4, 0.25, 1.8, 2.9, 4.2]],
    '10000K': [[1, 0.5, 20, 30, 40], [2, 0.7, 22, 28, 44], [1.5, 0.6, 21, 32, 41], [3, 0.4, 25, 29, 39], [1.2, 0.8, 19, 31, 42],
        [2.5, 0.5, 23, 33, 43], [1.8, 0.6, 20, 30, 45]],
};
const UNMATCHED: Record<string, number> = { '1K': 0, '500K': 0, '10000K': 1 };

/** The plugin's traced read of one size: a timed sample per hop sample (their sum), one more per unmatched sample. */
function tracedRead(size: string): Measurement {
    const samples = HOP_SAMPLES[size];
    const sums = samples.map(sample => sample.reduce((sum, value) => sum + value, 0));
    return {
        ...measurementOfSamples(catalog.vscodeReadFileHops, size, [...sums, ...Array<number>(UNMATCHED[size]).fill(sums[0])]),
        hops: { hops: PLUGIN_READ_HOPS.map(hop => hop.id), samplesMs: samples, unmatched: UNMATCHED[size] },
    };
}

function withCpu(row: Measurement, calls: number, wallMs: number, processes: Record<string, number>): Measurement {
    return { ...row, cpu: { calls, wallMs, processes: Object.entries(processes).map(([process, cpuMs]) => ({ process, cpuMs })) } };
}

/** The untraced plugin read of 10000K has 15 samples with median 100 × `scale10000K`. */
function pluginDocument(scale10000K = 1.25): ResultsDocument {
    const read = catalog.vscodeReadFile;
    return resultsDocument(theiaBrowserPlugin, [
        measurement(read, '1K', 1), measurementOfSamples(read, '500K', fifteen(0.125)),
        withCpu(measurementOfSamples(read, '10000K', fifteen(scale10000K)), 4, 2000, { 'plugin host': 500, 'Theia backend': 400, 'page renderer': 700 }),
        tracedRead('1K'), tracedRead('500K'), tracedRead('10000K'),
    ]);
}

function vscodeDocument(): ResultsDocument {
    const [read, floor, workbench] = [catalog.vscodeReadFile, catalog.extensionHostNodeReadFile, catalog.vscodeReadFileWorkbench];
    return resultsDocument(vscodeServer, [
        // a CPU pass below 500K is left out
        withCpu(measurement(read, '1K', 2), 100, 50, { 'extension host': 40 }),
        withCpu(measurement(read, '500K', 10), 20, 400, { 'extension host': 120, 'VS Code server': 30 }),
        withCpu(measurement(read, '10000K', 60), 4, 800, { 'extension host': 300, 'VS Code server': 60 }),
        measurement(floor, '1K', 0.5), measurement(floor, '500K', 3), measurement(floor, '10000K', 40),
        measurement(workbench, '1K', 4), measurement(workbench, '10000K', 100),
    ]);
}

function median(values: readonly number[]): number {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The cells of one row of a Markdown table, found by its first cells. */
function markdownRow(markdown: string, ...first: string[]): string[] | undefined {
    const prefix = `| ${first.join(' | ')} | `;
    const line = markdown.split('\n').find(candidate => candidate.startsWith(prefix));
    return line?.slice(prefix.length, -2).split(' | ');
}

function chart(report: ComparisonReport, id: 'hops' | 'cpu'): StackedBarChart {
    const found = report.charts.find(candidate => candidate.id === id);
    assert.strictEqual(found?.kind, 'stacked-bars', id);
    return found as StackedBarChart;
}

/** The width estimate of the legend tests: a key of 30 px, then 0.65 of the 11 px font per character. */
const LEGEND_KEY_WIDTH = 30;
const GLYPH_WIDTH = 0.65 * 11;

/** The legend entries of an SVG as boxes (key and text), and whether any two of one row overlap or any leaves the chart. */
function legendBoxes(svg: string): { name: string; left: number; right: number; y: number }[] {
    const legend = /<g class="legend">([\s\S]*?)<\/g>/.exec(svg);
    assert.isNotNull(legend, 'a legend');
    return [...legend![1].matchAll(/<text x="([\d.]+)" y="([\d.]+)">([^<]*)<\/text>/g)].map(([, x, y, name]) => ({
        name, left: Number(x) - LEGEND_KEY_WIDTH, right: Number(x) + name.length * GLYPH_WIDTH, y: Number(y),
    }));
}

function assertLegendFits(svg: string, names: readonly string[]): void {
    const boxes = legendBoxes(svg);
    assert.deepStrictEqual(boxes.map(box => box.name), names.map(name => name.replace(/&/g, '&amp;')));
    const width = Number(/<svg [^>]*width="([\d.]+)"/.exec(svg)![1]);
    const height = Number(/<svg [^>]*height="([\d.]+)"/.exec(svg)![1]);
    const plotBottom = Math.max(...[...svg.matchAll(/<rect class="segment" x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"/g)].map(([, y, h]) => Number(y) + Number(h)));
    for (const [index, box] of boxes.entries()) {
        assert.isAtLeast(box.left, 0, box.name);
        assert.isAtMost(box.right, width, `${box.name} ends inside the chart`);
        assert.isBelow(box.y, height, box.name);
        assert.isAbove(box.y, plotBottom, `${box.name} is below the bars`);
        for (const other of boxes.slice(index + 1)) {
            if (other.y === box.y) {
                assert.isTrue(box.right <= other.left || other.right <= box.left, `'${box.name}' and '${other.name}' overlap`);
            } else {
                assert.isAtLeast(Math.abs(other.y - box.y), 11, 'rows a font height apart');
            }
        }
    }
}

suite('report: where a plugin\'s read spends its time, VS Code\'s read from its parts, CPU per MB', () => {
    test('hops: per host a row per traced size, each hop\'s median and share, their sum, the traced read and the rest, the untraced read, the samples', () => {
        const report = buildComparisonReport([vscodeDocument(), pluginDocument()]);
        const [section] = reportSections(report, 'hops');
        assert.deepStrictEqual(section.hops.map(hop => hop.id), ['request-to-frontend', 'request-to-backend', 'disk', 'bytes-to-frontend', 'bytes-to-plugin']);
        assert.deepStrictEqual(section.hosts.map(host => host.hostLabel), ['Theia browser (plugin)'], 'only the host with traced reads');
        const rows = section.hosts[0].rows;
        assert.deepStrictEqual(rows.map(row => row.targetLabel), ['1K', '500K', '10000K']);
        const untracedMedians: Record<string, number> = { '1K': 1, '500K': 10, '10000K': 100 };
        const tracedMedians: Record<string, number> = {};
        for (const row of rows) {
            const samples = HOP_SAMPLES[row.targetLabel];
            // The typical samples: the middle half by total (all of them below 4 samples), each hop's mean over them.
            const byTotal = [...samples].sort((a, b) => a.reduce((x, y) => x + y, 0) - b.reduce((x, y) => x + y, 0));
            const middle = byTotal.length < 4 ? byTotal : byTotal.slice(Math.floor(byTotal.length / 4), Math.ceil(byTotal.length * 3 / 4));
            const hopMeans = PLUGIN_READ_HOPS.map((_, index) => middle.reduce((total, sample) => total + sample[index], 0) / middle.length);
            const sum = hopMeans.reduce((total, value) => total + value, 0);
            const untraced = untracedMedians[row.targetLabel];
            const sums = samples.map(sample => sample.reduce((total, value) => total + value, 0));
            const traced = median([...sums, ...Array<number>(UNMATCHED[row.targetLabel]).fill(sums[0])]);
            tracedMedians[row.targetLabel] = traced;
            row.hops.forEach((hop, index) => {
                assert.closeTo(hop!.ms, hopMeans[index], 1e-9, `${row.targetLabel} ${PLUGIN_READ_HOPS[index].id}`);
                const resolved = hopMeans.filter(ms => ms >= HOP_RESOLUTION_MS).reduce((total, ms) => total + ms, 0);
                if (hopMeans[index] >= HOP_RESOLUTION_MS) {
                    assert.closeTo(hop!.share!, hopMeans[index] / resolved, 1e-9);
                } else {
                    assert.isUndefined(hop!.share, 'a hop below the clock\'s resolution has no share');
                }
            });
            assert.closeTo(row.sumOfHopsMs!, sum, 1e-9);
            assert.closeTo(row.traced.statistics.medianMs, traced, 1e-9);
            assert.closeTo(row.restMs!, traced - sum, 1e-9);
            assert.closeTo(row.restShare!, (traced - sum) / traced, 1e-9);
            assert.strictEqual(row.untraced?.statistics.medianMs, untraced);
            assert.closeTo(row.tracedOverUntraced!, traced / untraced, 1e-9);
            assert.deepStrictEqual([row.matched, row.unmatched], [samples.length, UNMATCHED[row.targetLabel]]);
        }
        const large = rows.filter(row => row.targetLabel !== '1K');
        assert.closeTo(section.largestLargeRestShare!, Math.max(...large.map(row => Math.abs(tracedMedians[row.targetLabel] - row.sumOfHopsMs!) / tracedMedians[row.targetLabel])), 1e-9,
            '1K is below 500K');
        assert.closeTo(section.largestLargeTraceEffect!, Math.max(...large.map(row => Math.abs(tracedMedians[row.targetLabel] / untracedMedians[row.targetLabel] - 1))), 1e-9);
        const markdown = renderReportMarkdown(report);
        assert.include(markdown, '## Where a plugin\'s read spends its time\n\n### Theia browser (plugin)\n\n| Size | plugin host → frontend (request), ms |');
        const row10000 = markdownRow(markdown, '10000K')!;
        // The middle five of the seven samples by total: hops 1.9, 0.62, 21.4, 30, 42.2, sum 96.12.
        assert.deepStrictEqual(row10000.slice(0, 6), ['1.90 (2.0%)', '0.620 (0.6%)', '21.4 (22%)', '30.0 (31%)', '42.2 (44%)', '96.1']);
        assert.match(row10000[6], /^96 \[\d+, \d+\]$/, 'the traced median 96.25 with the digits its interval supports');
        assert.strictEqual(row10000[7], '0.130 (0.1%)', 'rest = 96.25 − 96.12, of the traced median');
        assert.deepStrictEqual(row10000.slice(8), ['100 [50, 150]', '0.96', '7', '1']);
        assert.deepStrictEqual(markdownRow(markdown, '500K')?.slice(5), ['9.95', '9.70 (n<6)', '≈0', '10 [5, 15]', '0.97', '3', '0']);
        assert.deepStrictEqual(markdownRow(markdown, '1K')?.slice(5, 9), ['0.853', '0.800 (n<6)', '≈0', '1.00 (n<6)'], 'too few samples for an interval');
    });

    test('hops: the sentence gives the largest rest at 500K and up and whether it is within 10%, and says a negative hop is the clocks disagreeing', () => {
        const near = hopsNote(reportSections(buildComparisonReport([pluginDocument()]), 'hops')[0]);
        assert.include(near, 'so the hops add up. A hop below the clock');
        assert.include(near, 'At 500K and up the sum of the hops is within 2.6% of the traced read\'s median (within 10%); the rest is the median of the traced calls minus the mean of their middle half');
        assert.include(near, 'The traced read is within 3.7% of the untraced read at 500K and up (the trace\'s own cost');
        assert.include(near, 'A hop below 0 means the processes\' clocks disagree by that much: measurement error, not time, shown as such in the table and hatched '
            + 'in the chart (Theia browser (plugin) 1K, frontend → backend (request): -0.200 ms).');
        // An untraced 10000K read with median 128: the traced 96.25 is 25% below it.
        const far = hopsNote(reportSections(buildComparisonReport([pluginDocument(1.6)]), 'hops')[0]);
        assert.include(far, `The traced read is within ${Math.round((1 - 96.25 / 128) * 100)}% of the untraced read`);
        const untracedMissing = pluginDocument();
        untracedMissing.results = untracedMissing.results.filter(row => row.scenario.id !== catalog.vscodeReadFile.id);
        const [section] = reportSections(buildComparisonReport([untracedMissing]), 'hops');
        assert.isUndefined(section.largestLargeTraceEffect);
        assert.include(hopsNote(section), 'No size of 500K or more has an untraced read to compare the traced read with.');
        assert.include(renderReportMarkdown(buildComparisonReport([pluginDocument()])), near, 'under the tables');
    });

    test('VS Code\'s read from its parts: the in-host floor, the $ensureActivation round trip from the 1K medians, the rest; through the workbench likewise', () => {
        const report = buildComparisonReport([vscodeDocument(), pluginDocument()]);
        const [section] = reportSections(report, 'vscode-parts');
        // readFile 2, 10, 60 and the floor 0.5, 3, 40 at 1K, 500K, 10000K; the workbench read 4 at 1K and 100 at 10000K.
        const roundTrip = 2 - 0.5;
        assert.deepStrictEqual(section.rows.map(row => [row.hostLabel, row.targetLabel, row.floor.statistics.medianMs, row.roundTripMs, row.restMs]),
            [['VS Code server', '500K', 3, roundTrip, 10 - 3 - roundTrip], ['VS Code server', '10000K', 40, roundTrip, 60 - 40 - roundTrip]], 'no Theia rows');
        assert.isUndefined(section.rows[0].workbench, 'no workbench read at 500K');
        assert.deepStrictEqual(section.rows[1].workbench && [section.rows[1].workbench.roundTripMs, section.rows[1].workbench.restMs], [4, 100 - 4]);
        const markdown = renderReportMarkdown(report);
        assert.deepStrictEqual(markdownRow(markdown, 'VS Code server', '500K'), ['10.0 (n<6)', '3.00 (30%)', '1.50 (15%)', '5.50 (55%)', '–', '–', '–']);
        assert.deepStrictEqual(markdownRow(markdown, 'VS Code server', '10000K'), ['60.0 (n<6)', '40.0 (67%)', '1.50 (2.5%)', '18.5 (31%)', '100 (n<6)', '4.00 (4.0%)', '96.0 (96%)']);
        assert.match(markdown, /## VS Code: its read from its parts\n\n\| Host \|[^\n]+\n[^\n]+\n[^\n]+\n[^\n]+\n\nDifferences of medians of one host, so estimates, not traces/);
        const without1K = vscodeDocument();
        without1K.results = without1K.results.filter(row => !(row.scenario.id === catalog.extensionHostNodeReadFile.id && row.targetLabel === '1K'));
        assert.deepStrictEqual(reportSections(buildComparisonReport([without1K]), 'vscode-parts'), [], 'no round trip without the 1K floor');
    });

    test('CPU per MB moved: a row per host, scenario and size of 500K and up, a column per process any host saw, the calls and the wall time per MB', () => {
        const report = buildComparisonReport([vscodeDocument(), pluginDocument()]);
        const [section] = reportSections(report, 'cpu');
        assert.deepStrictEqual(section.processes, ['plugin host', 'Theia backend', 'page renderer', 'extension host', 'VS Code server']);
        const megabytes = (calls: number, size: string): number => (calls * fixtureSize(size).bytes) / 1e6;
        const expected = [
            ['Theia browser (plugin)', '10000K', 4, [500, 400, 700, undefined, undefined], 2000],
            ['VS Code server', '500K', 20, [undefined, undefined, undefined, 120, 30], 400],
            ['VS Code server', '10000K', 4, [undefined, undefined, undefined, 300, 60], 800],
        ] as const;
        assert.deepStrictEqual(section.rows.map(row => [row.hostLabel, row.targetLabel, row.calls]), expected.map(([host, size, calls]) => [host, size, calls]));
        section.rows.forEach((row, index) => {
            const [, size, calls, cpuMs, wallMs] = expected[index];
            const moved = megabytes(calls, size);
            assert.closeTo(row.megabytes, moved, 1e-9);
            assert.closeTo(row.wallMsPerMegabyte, wallMs / moved, 1e-9);
            row.cpuMsPerMegabyte.forEach((value, process) => {
                const used = cpuMs[process];
                if (used === undefined) {
                    assert.isUndefined(value, `${row.hostLabel}: ${section.processes[process]} not seen`);
                } else {
                    assert.closeTo(value!, used / moved, 1e-9);
                }
            });
        });
        const markdown = renderReportMarkdown(report);
        assert.include(markdown, '| Host | Scenario | Size | plugin host, CPU ms/MB | Theia backend, CPU ms/MB | page renderer, CPU ms/MB | extension host, CPU ms/MB | VS Code server, CPU ms/MB | Calls | Wall ms/MB |');
        // 500K is 512000 bytes, 20 calls 10.24 MB: 120 / 10.24 = 11.72, 30 / 10.24 = 2.930, 400 / 10.24 = 39.06; one 10 ms CPU tick over
        // 10.24 MB is 0.98 ms/MB, so 2.93 (three ticks) is printed to the tenth
        assert.deepStrictEqual(markdownRow(markdown, 'VS Code server', 'workspace.fs.readFile', '500K'), ['–', '–', '–', '11.7', '2.9', '20', '39.1']);
        assert.deepStrictEqual(markdownRow(markdown, 'Theia browser (plugin)', 'workspace.fs.readFile', '10000K'), ['12.2', '9.8', '17.1', '–', '–', '4', '48.8']);
        assert.include(markdown, 'counted by the kernel in 10 ms ticks');
        assert.include(markdown, 'Theia browser (plugin): plugin host, Theia backend, page renderer; VS Code server: extension host, VS Code server.');
        const cpuChart = chart(report, 'cpu');
        assert.strictEqual(cpuChart.title, 'CPU per MB moved at 10000K, by process');
        assert.deepStrictEqual(cpuChart.bars.map(bar => bar.label), ['Theia browser (plugin): workspace.fs.readFile', 'VS Code server: workspace.fs.readFile']);
    });

    test('nothing changes without the data: no hop, parts or CPU section, no bar chart, no chart file', () => {
        for (const documents of [sampleRun(), [resultsDocument(vscodeServer, [measurement(catalog.vscodeReadFile, '10000K', 10)])]]) {
            const report = buildComparisonReport(documents);
            assert.deepStrictEqual(report.sections.filter(section => ['hops', 'vscode-parts', 'cpu'].includes(section.kind)), []);
            assert.notInclude(report.charts.map(candidate => candidate.kind), 'stacked-bars');
            const markdown = renderReportMarkdown(report);
            assert.notInclude(markdown, 'spends its time');
            assert.notInclude(markdown, 'CPU per MB');
            assert.notInclude(renderReportHtml(report), 'class="bar-chart"');
        }
        assert.deepStrictEqual(renderReportFiles(buildComparisonReport(sampleRun())).map(file => file.name).filter(name => name.startsWith('chart-')),
            ['chart-medians.svg', 'chart-theia-extension.svg', 'chart-decomposition-browser.svg', 'chart-factors-plugin-vs-vscode-browser.svg',
                'chart-factors-plugin-vs-extension-browser.svg']);
    });

    test('the bar charts: chart-hops.svg and chart-cpu.svg, drawn in report.html after their tables, hop bars to 100% with their totals at the end', () => {
        const report = buildComparisonReport([vscodeDocument(), pluginDocument()]);
        const files = renderReportFiles(report);
        assert.includeMembers(files.map(file => file.name), ['chart-hops.svg', 'chart-cpu.svg']);
        const hopsSvg = files.find(file => file.name === 'chart-hops.svg')!.content;
        const bars = new Map<string, number[]>();
        for (const [, y, width] of hopsSvg.matchAll(/<rect class="segment" x="[\d.]+" y="([\d.]+)" width="([\d.]+)"/g)) {
            bars.set(y, [...bars.get(y) ?? [], Number(width)]);
        }
        assert.strictEqual(bars.size, 3, 'a bar per traced size');
        const widths = [...bars.values()].map(segments => segments.reduce((sum, width) => sum + width, 0));
        for (const width of widths) {
            assert.closeTo(width, widths[0], 0.5, 'every bar is 100%');
        }
        assert.deepStrictEqual([...hopsSvg.matchAll(/<text class="total"[^>]*>([^<]*)<\/text>/g)].map(match => match[1]), ['0.853 ms', '9.95 ms', '96.1 ms']);
        // A hop below the clocks' resolution is named in its bar's label, neither drawn nor in the shares, which add up to 100%.
        // The hop left out is drawn: a hatched mark in its colour with its value as the table prints it.
        assert.match(hopsSvg, /<text class="bar-label"[^>]*>1K<\/text>\n<g class="left-out" data-left-out="frontend → backend \(request\)" data-value="-0\.(2|1999+8)">/);
        assert.match(hopsSvg, /fill="url\(#hatch-hops\)"[^>]*\/><text[^>]*>frontend → backend \(request\): -0\.200? \(clock error\), not in the shares<\/text>/);
        assert.notMatch(hopsSvg, /<rect class="segment"[^>]*><title>1K, frontend → backend \(request\)/, 'and not drawn as a segment');
        for (const shares of [...hopsSvg.matchAll(/<g class="stacked-bar"[^>]*>([\s\S]*?)<\/g>/g)].map(bar => [...bar[1].matchAll(/data-share="([\d.]+)"/g)].map(match => Number(match[1])))) {
            assert.closeTo(shares.reduce((sum, share) => sum + share, 0), 1, 1e-5, 'shares add up to 100%');
        }
        const html = renderReportHtml(report);
        const hopsAt = html.indexOf('<h2>Where a plugin&#39;s read spends its time</h2>');
        const hopsChartAt = html.indexOf('class="bar-chart"', hopsAt);
        assert.isAbove(hopsAt, -1);
        assert.isAbove(hopsChartAt, html.indexOf('</table>', hopsAt), 'after its table');
        assert.isBelow(hopsChartAt, html.indexOf('<h2>', hopsAt + 1), 'in its section');
        const cpuAt = html.indexOf('<h2>CPU per MB moved</h2>');
        assert.isAbove(html.indexOf('class="bar-chart"', cpuAt), html.indexOf('</table>', cpuAt));
        assert.strictEqual(html.match(/class="bar-chart"/g)?.length, 2);
        assert.isBelow(html.indexOf('class="line-chart"'), html.indexOf('<h2>', html.indexOf('<h2>How to read</h2>') + 1), 'the line charts still open the report');
        assertLegendFits(hopsSvg, PLUGIN_READ_HOPS.map(hop => hop.label));
        assertLegendFits(files.find(file => file.name === 'chart-cpu.svg')!.content, reportSections(report, 'cpu')[0].processes);
    });

    test('a bar chart\'s legend never overlaps, with long names or many of them', () => {
        const segments = ['a', 'Theia backend & its very long child process name', 'page renderer', 'b', 'extension host', 'VS Code server',
            'x'.repeat(60), 'plugin host', 'c'];
        const svg = renderStackedBarChartSvg({
            kind: 'stacked-bars', id: 'cpu', placement: 'section', title: 't', xTitle: 'x', scale: 'value', unit: 'ms/MB', segments,
            bars: [{ label: 'one', values: segments.map((_, index) => index + 1) }, { label: 'two', values: segments.map(() => 2) }],
        });
        assertLegendFits(svg, segments);
        assert.isAbove(new Set(legendBoxes(svg).map(box => box.y)).size, 2, 'several rows');
        const short = ['a', 'b', 'c', 'd'];
        const sideBySide = legendBoxes(renderStackedBarChartSvg({
            kind: 'stacked-bars', id: 'cpu', placement: 'section', title: 't', xTitle: 'x', scale: 'value', unit: 'ms', segments: short, bars: [{ label: 'one', values: [1, 2, 3, 4] }],
        }));
        assert.strictEqual(new Set(sideBySide.map(box => box.y)).size, 1, 'short names share a row');
    });
});

suite('report: the headline', () => {
    test('leads the report, and each of its numbers is the one its table shows', () => {
        const report = buildComparisonReport([vscodeDocument(), pluginDocument()]);
        const [headline] = reportSections(report, 'headline');
        assert.strictEqual(report.sections[0].kind, 'headline', 'the first section');
        const items = keyFigures(headline);
        const markdown = renderReportMarkdown(report);
        assert.isBelow(markdown.indexOf('## Headline'), markdown.indexOf('## How to read'));
        // The factor of the plugin against VS Code at the largest size both measured, as the factor table prints it.
        const [factors] = reportSections(report, 'factors');
        const pluginVsVscode = factors.tables.find(table => table.id === 'plugin-vs-vscode-browser')!;
        const at10000 = pluginVsVscode.columns.indexOf('10000K');
        const factorText = formatFactor(pluginVsVscode.cells[at10000]);
        const item = (start: string): string => {
            const found = items.find(candidate => candidate.startsWith(start));
            assert.isDefined(found, `a headline item starting "${start}" in ${JSON.stringify(items)}`);
            return found!;
        };
        // The read itself at the largest size, per host, as the median tables print it.
        const [readFileTable] = reportSections(report, 'medians').map(section => section.table);
        assert.include(item('workspace.fs.readFile of 10000K, median ms [95%]: '), `Theia browser (plugin) ${markdownRow(markdown, 'Theia browser (plugin)')!.at(-1)}`);
        assert.strictEqual(readFileTable.columns.at(-1), '10000K');
        assert.include(item(`${pluginVsVscode.title}, 10000K, first / second: `), factorText);
        assert.include(markdownRow(markdown.slice(markdown.indexOf(`### ${pluginVsVscode.title}`)), 'Factor')!, factorText);
        // The like-for-like factor: the plugin's read against VS Code's through the workbench.
        item(`${pluginVsVscode.title} through the workbench (like for like), 10000K, first / second: `);
        // The largest hops of the largest traced size, with the hop table's numbers.
        const [hops] = reportSections(report, 'hops');
        const row = hops.hosts[0].rows.find(candidate => candidate.targetLabel === '10000K')!;
        const hopTable = markdownRow(markdown, '10000K')!;
        assert.include(hopTable[4], `${formatSupported(row.hops[4]!.ms)} (${formatShare(row.hops[4]!.share!)})`);
        assert.include(item('Where Theia browser (plugin)\'s workspace.fs.readFile of 10000K spends its time (traced): '),
            `frontend → plugin host (bytes) ${formatShare(row.hops[4]!.share!)} (${formatSupported(row.hops[4]!.ms)} ms)`);
        // CPU of the plugin's read at the largest size, most first: 700, 500, 400 ms over 40.96 MB.
        const cpu = item('CPU per MB of Theia browser (plugin)\'s workspace.fs.readFile of 10000K: ');
        assert.strictEqual(cpu, 'CPU per MB of Theia browser (plugin)\'s workspace.fs.readFile of 10000K: page renderer 17.1 ms, plugin host 12.2 ms, Theia backend 9.8 ms.');
        assert.isFalse(items.some(candidate => candidate.includes('first chunk')), 'no stream in these results, so no stream sentence');
        assert.include(renderReportHtml(report), `<li>${escapeXml(cpu)}</li>`);
    });

    test('a report without any of its numbers has no headline', () => {
        const report = buildComparisonReport([resultsDocument(vscodeServer, [measurement(catalog.vscodeStat, '1000 files', 2)])]);
        assert.lengthOf(reportSections(report, 'headline'), 0);
        assert.notInclude(renderReportMarkdown(report), '## Headline');
    });
});

suite('CPU section: the clock a pass was read from', () => {
    test('a figure is shown to its coarsest process clock: ticks (10 ms), a Node process\'s microseconds, or nanoseconds', () => {
        const pass = (...clocks: ('schedstat' | 'rusage' | 'ticks' | undefined)[]): CaseCpu => ({
            calls: 3, wallMs: 100, processes: clocks.map((clock, index) => ({ process: `p${index}`, cpuMs: 5, ...(clock ? { clock } : {}) })),
        });
        assert.equal(clockResolutionMs(pass('schedstat', 'schedstat')), 1e-6);
        assert.equal(clockResolutionMs(pass('schedstat', 'rusage')), 1e-3);
        assert.equal(clockResolutionMs(pass('schedstat', 'ticks')), 10);
        assert.equal(clockResolutionMs(pass('schedstat', undefined)), 10, 'results made before clocks were recorded: ticks');
        assert.equal(clockResolutionMs(pass()), 10);
    });
});
