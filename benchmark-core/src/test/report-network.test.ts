import { assert } from 'chai';
import { toBenchmarkActionEntries } from '../report/benchmark-action';
import { PLUGIN_READ_HOPS } from '../measure/hops';
import { medianInterval } from '../stats/median-interval';
import { NETWORK_PROFILES } from '../network/profiles';
import { NetworkProfile } from '../results/schema';
import { renderReportFiles } from '../report/files';
import { headlineSentences, keyFigures } from '../report/blocks/headline';
import { NO_LINK_CROSSING } from '../report/blocks/numbers';
import { wireFloorGrid } from '../report/blocks/network';
import { renderReportHtml } from '../report/html';
import { renderReportMarkdown } from '../report/markdown';
import { buildComparisonReport, reportSections } from '../report/model/build';
import { ComparisonReport } from '../report/model/section-types';
import { MedianTable, SizeChart } from '../report/model/types';
import { NetworkSection } from '../report/model/section-types';
import { WireFloorRow } from '../report/model/types';
import { Measurement, ResultsDocument } from '../results/schema';
import { validateResultsDocument } from '../results/document';
import { SCENARIO_CATALOG } from '../measure/scenario-catalog';
import { fixtureSize } from '../measure/sizes';
import { measurement, measurementOfSamples, resultsDocument, theiaBrowser, theiaBrowserPlugin, vscodeServer } from './results-builders';

const catalog = SCENARIO_CATALOG;

/** 15 samples from `lowMs` in steps of `stepMs`, shuffled: the median is lowMs + 7 × stepMs. */
const fifteen = (lowMs: number, stepMs: number): number[] => [4, 14, 0, 11, 3, 8, 2, 13, 5, 10, 1, 12, 6, 9, 7].map(step => lowMs + step * stepMs);

/** The plugin's read over dsl at 10000K: median 31350 ms. */
const PLUGIN_DSL_10000K = fifteen(31000, 50);
/** VS Code server's read in its extension host over dsl at 10000K: median 145 ms. */
const VSCODE_DSL_10000K = fifteen(138, 1);

/** The document measured over `profile`, its check within 3% of every figure; the page reached 900 Mbit/s each way without the link. */
function over(profile: NetworkProfile, document: ResultsDocument): ResultsDocument {
    const network = {
        profile, emulator: 'toxiproxy 2.12.0',
        check: {
            rttMs: profile.rttMs * 1.02, directRttMs: 0.4, downMbps: profile.downMbps * 0.97, upMbps: profile.upMbps * 0.98,
            directDownMbps: 900, directUpMbps: 900, bytes: 1_000_000, tolerance: 0.15, held: true,
        },
    };
    return validateResultsDocument({ ...document, schemaVersion: 4, network });
}

/** The plugin's traced read of one size, the hops it recorded (all of PLUGIN_READ_HOPS unless told) splitting each sample evenly. */
function tracedRead(size: string, medianMs: number, hops: readonly string[] = PLUGIN_READ_HOPS.map(hop => hop.id)): Measurement {
    const samples = [medianMs * 0.9, medianMs, medianMs * 1.1];
    return {
        ...measurementOfSamples(catalog.vscodeReadFileHops, size, samples, theiaBrowserPlugin),
        hops: { hops: [...hops], samplesMs: samples.map(sample => hops.map(() => sample / hops.length)), unmatched: 0 },
    };
}

/** A Theia browser app's file: the extension's FileService read and disk floor, and the plugin's rows merged in (with a traced read). */
function theiaDocument(scale: number, pluginRead10000K: readonly number[], traceHops?: readonly string[]): ResultsDocument {
    return resultsDocument(theiaBrowser, [
        measurement(catalog.theiaFileServiceReadFile, '1K', 3 * scale), measurement(catalog.theiaFileServiceReadFile, '10000K', 300 * scale),
        measurement(catalog.theiaDiskFloor, '10000K', 4),
        measurement(catalog.vscodeReadFile, '1K', 5 * scale, theiaBrowserPlugin),
        measurementOfSamples(catalog.vscodeReadFile, '10000K', pluginRead10000K, theiaBrowserPlugin),
        measurement(catalog.extensionHostNodeReadFile, '10000K', 6, theiaBrowserPlugin),
        tracedRead('1K', 6 * scale, traceHops), tracedRead('10000K', 1.1 * pluginRead10000K[14], traceHops),
    ]);
}

function vscodeDocument(scale: number, read10000K: readonly number[]): ResultsDocument {
    return resultsDocument(vscodeServer, [
        measurement(catalog.vscodeReadFile, '1K', 1), measurementOfSamples(catalog.vscodeReadFile, '10000K', read10000K),
        measurement(catalog.extensionHostNodeReadFile, '1K', 0.5), measurement(catalog.extensionHostNodeReadFile, '10000K', 40),
        measurement(catalog.vscodeReadFileWorkbench, '1K', 3 * scale), measurement(catalog.vscodeReadFileWorkbench, '10000K', 200 * scale),
    ]);
}

/** Loopback files of both hosts. */
function loopbackRun(): ResultsDocument[] {
    return [theiaDocument(1, fifteen(400, 10)), vscodeDocument(1, fifteen(120, 1))];
}

/** Both hosts over dsl, then the Theia browser app over cable. */
function linkRun(): ResultsDocument[] {
    return [
        over(NETWORK_PROFILES.dsl, theiaDocument(100, PLUGIN_DSL_10000K)), over(NETWORK_PROFILES.dsl, vscodeDocument(150, VSCODE_DSL_10000K)),
        over(NETWORK_PROFILES.cable, theiaDocument(10, fifteen(5000, 20))),
    ];
}

function networkSection(report: ComparisonReport, name: string): NetworkSection {
    const section = reportSections(report, 'network').find(candidate => candidate.profile.name === name);
    assert.isDefined(section, name);
    return section!;
}

function floorRow(section: NetworkSection, hostLabel: string, scenarioId: string): WireFloorRow {
    const row = section.floors.rows.find(candidate => candidate.hostLabel === hostLabel && candidate.scenario.id === scenarioId);
    assert.isDefined(row, `${hostLabel}: ${scenarioId}`);
    return row!;
}

/** Every table of medians and factors of a report's loopback sections. */
function loopbackTables(report: ComparisonReport): { medians: MedianTable[]; factors: unknown[] } {
    return {
        medians: [...reportSections(report, 'medians').map(section => section.table), ...reportSections(report, 'scenarios').flatMap(section => section.tables)],
        factors: reportSections(report, 'factors').flatMap(section => section.tables),
    };
}

const B10000K = fixtureSize('10000K').bytes;

suite('report of runs over emulated links', () => {
    test('the loopback tables are the loopback files\' alone: files of the same hosts over dsl and cable overwrite nothing', () => {
        const alone = buildComparisonReport(loopbackRun());
        const mixed = buildComparisonReport([...loopbackRun(), ...linkRun()]);
        assert.deepStrictEqual(loopbackTables(mixed), loopbackTables(alone));
        assert.deepStrictEqual(reportSections(mixed, 'hops'), reportSections(alone, 'hops'));
        const read = loopbackTables(mixed).medians.find(table => table.id === 'like-for-like');
        assert.deepStrictEqual(read?.rows.map(row => row.cells[1]?.statistics.medianMs), [200, 127, 470]);
        assert.deepStrictEqual(mixed.sections.map(section => section.kind),
            ['headline', 'medians', 'medians', 'medians', 'medians', 'factors', 'scenarios', 'hops', 'vscode-parts', 'network', 'network', 'environments']);
        assert.deepStrictEqual(reportSections(mixed, 'network').map(section => section.profile.name), ['dsl', 'cable'], 'in the order the profiles first appear');
        assert.deepStrictEqual(reportSections(mixed, 'environments')[0].hosts.map(host => host.label), ['Theia browser (extension)', 'VS Code server']);
    });

    test('a section per link: the profile, each file\'s emulation check, and the reads over that link only', () => {
        const section = networkSection(buildComparisonReport([...loopbackRun(), ...linkRun()]), 'dsl');
        assert.deepStrictEqual(section.profile, NETWORK_PROFILES.dsl);
        assert.deepStrictEqual(section.emulators, ['toxiproxy 2.12.0']);
        assert.deepStrictEqual(section.checks.map(check => [check.hostLabel, check.check.held, check.misses]),
            [['Theia browser (extension)', true, []], ['VS Code server', true, []]]);
        assert.deepStrictEqual(section.reads?.rows.map(row => row.label), ['VS Code server (through the workbench)', 'VS Code server (in the extension host)',
            'Theia browser (plugin)', 'VS Code server: fs.promises.readFile in the extension host', 'Theia browser (plugin): fs.promises.readFile in the plugin host']);
        assert.deepStrictEqual(section.reads?.rows.map(row => row.cells[1]?.statistics.medianMs), [30000, 145, 31350, 40, 6]);
        assert.deepStrictEqual(section.hops?.hosts.map(host => host.rows.map(row => row.untraced?.statistics.medianMs)), [[500, 31350]],
            'the traced reads beside the untraced ones of the same link');
    });

    test('the wire floor of each path, and measured / floor with the median\'s interval divided by the floor', () => {
        const section = networkSection(buildComparisonReport([...loopbackRun(), ...linkRun()]), 'dsl');
        assert.deepStrictEqual(section.floors.columns, ['1K', '10000K']);
        // dsl: 50 ms round trip, 25 Mbit/s down, 3 Mbit/s up. The plugin's read crosses twice each way (request and bytes):
        // 4 × 25 ms + 10240000 bytes × 8 at 25 Mbit/s (3276.8 ms) and again at 3 Mbit/s (27306.67 ms) = 30683.47 ms.
        const plugin = floorRow(section, 'Theia browser (plugin)', catalog.vscodeReadFile.id);
        const cell = plugin.cells[1]!;
        assert.closeTo(cell.floor.floorMs, 100 + 3276.8 + 27306.667, 0.01);
        assert.closeTo(cell.measuredOverFloor!, 31350 / 30683.467, 1e-6);
        const interval = medianInterval(PLUGIN_DSL_10000K)!;
        assert.closeTo(cell.measuredOverFloorInterval!.low, interval.low / cell.floor.floorMs, 1e-9);
        assert.closeTo(cell.measuredOverFloorInterval!.high, interval.high / cell.floor.floorMs, 1e-9);
        // FileService.readFile: the request up, the file down: 50 ms + 3276.8 ms.
        const fileService = floorRow(section, 'Theia browser (extension)', catalog.theiaFileServiceReadFile.id);
        assert.deepStrictEqual([fileService.crossingsDown, fileService.crossingsUp, fileService.stepsFrom], [1, 1, 'scenario']);
        assert.closeTo(fileService.cells[1]!.floor.floorMs, 50 + B10000K * 8 / 25e6 * 1000, 1e-6);
        assert.closeTo(fileService.cells[1]!.measuredOverFloor!, 30000 / 3326.8, 1e-6);
    });

    test('a file measured against the link as checked (its proxy fell short of the upload rate) has floors at the rate measured, and the section says so', () => {
        const short = over(NETWORK_PROFILES.dsl, theiaDocument(100, PLUGIN_DSL_10000K));
        const measuredUp = 2.2;
        const document = { ...short, network: { ...short.network!, check: { ...short.network!.check, upMbps: measuredUp, held: false } } };
        const section = networkSection(buildComparisonReport([document, over(NETWORK_PROFILES.dsl, vscodeDocument(150, VSCODE_DSL_10000K))]), 'dsl');
        assert.deepStrictEqual(section.checks.map(check => [check.hostLabel, check.check.held, check.misses.length]),
            [['Theia browser (extension)', false, 1], ['VS Code server', true, 0]]);
        // The plugin's read as in the test above, with its upload at 2.2 Mbit/s: 100 ms + 3276.8 ms + 10240000 × 8 at 2.2 Mbit/s.
        const plugin = floorRow(section, 'Theia browser (plugin)', catalog.vscodeReadFile.id);
        assert.closeTo(plugin.cells[1]!.floor.floorMs, 100 + 3276.8 + B10000K * 8 / (measuredUp * 1e6) * 1000, 0.01);
        const vscodeRead = floorRow(section, 'VS Code server', catalog.vscodeReadFileWorkbench.id);
        assert.closeTo(vscodeRead.cells[1]!.floor.floorMs, 100 + 3276.8 + 27306.667, 0.01, 'a file whose check held keeps the profile\'s rates');
        const markdown = renderReportMarkdown(buildComparisonReport([document]));
        assert.include(markdown, 'the proxy could not hold the profile for Theia browser (extension)');
        assert.match(markdown, /did not hold \(±15%\): upload 2\.2 Mbit\/s, not 3 Mbit\/s ±15%; measured as checked, floors at 50\.0 ms round trip, 25\.0 down, 2\.20 up/);
    });

    test('a file whose check measured a round trip a busy machine lengthened (58 ms on a 50 ms link) has floors at that round trip, and its check cell says so', () => {
        const long = over(NETWORK_PROFILES.dsl, theiaDocument(100, PLUGIN_DSL_10000K));
        const document = { ...long, network: { ...long.network!, check: { ...long.network!.check, rttMs: 58, held: false } } };
        const section = networkSection(buildComparisonReport([document]), 'dsl');
        // FileService.readFile: the request up, the file down: 58 ms + 3276.8 ms.
        const fileService = floorRow(section, 'Theia browser (extension)', catalog.theiaFileServiceReadFile.id);
        assert.closeTo(fileService.cells[1]!.floor.floorMs, 58 + B10000K * 8 / 25e6 * 1000, 1e-6);
        assert.match(renderReportMarkdown(buildComparisonReport([document])), /did not hold \(±15%\): round trip 58 ms, not 50 ms ±15%; measured as checked, floors at 58\.0 ms round trip, 25\.0 down, 3\.00 up/);
    });

    test('a path that never crosses the link says so instead of a ratio: the in-host fs, the backend\'s disk read; VS Code\'s read in its extension host: one round trip', () => {
        const section = networkSection(buildComparisonReport(linkRun()), 'dsl');
        for (const [hostLabel, scenarioId] of [['VS Code server', catalog.extensionHostNodeReadFile.id],
            ['Theia browser (plugin)', catalog.extensionHostNodeReadFile.id], ['Theia browser (extension)', catalog.theiaDiskFloor.id]]) {
            const row = floorRow(section, hostLabel, scenarioId);
            assert.deepStrictEqual([row.crossingsDown, row.crossingsUp, row.cells[1]?.floor.floorMs, row.cells[1]?.measuredOverFloor], [0, 0, 0, undefined], hostLabel);
        }
        const grid = wireFloorGrid(section.floors);
        const inHostRatio = grid.rows.find(row => row[0] === 'VS Code server: fs.promises.readFile (extension host)' && row[3] === 'measured / floor');
        assert.deepStrictEqual(inHostRatio?.slice(4), [NO_LINK_CROSSING, NO_LINK_CROSSING]);
        const vscodeRead = floorRow(section, 'VS Code server', catalog.vscodeReadFile.id);
        assert.deepStrictEqual([vscodeRead.crossingsDown, vscodeRead.crossingsUp, vscodeRead.cells[1]?.floor.floorMs], [1, 1, 50], 'one round trip, no bytes over the link');
        const workbench = floorRow(section, 'VS Code server', catalog.vscodeReadFileWorkbench.id);
        assert.deepStrictEqual([workbench.crossingsDown, workbench.crossingsUp], [2, 2], 'through the workbench, the read crosses like the plugin\'s');
    });

    test('the plugin read\'s crossings are counted from its host\'s hop trace where the run recorded one', () => {
        const traced = floorRow(networkSection(buildComparisonReport(linkRun()), 'dsl'), 'Theia browser (plugin)', catalog.vscodeReadFile.id);
        assert.deepStrictEqual([traced.crossingsDown, traced.crossingsUp, traced.stepsFrom], [2, 2, 'hop trace']);
        // A trace that saw only the frontend's request to the backend and the bytes back: one crossing each way.
        const shortTrace = over(NETWORK_PROFILES.dsl, theiaDocument(100, PLUGIN_DSL_10000K, ['request-to-backend', 'disk', 'bytes-to-frontend']));
        const short = floorRow(networkSection(buildComparisonReport([shortTrace]), 'dsl'), 'Theia browser (plugin)', catalog.vscodeReadFile.id);
        assert.deepStrictEqual([short.crossingsDown, short.crossingsUp, short.stepsFrom], [1, 1, 'hop trace']);
        assert.closeTo(short.cells[1]!.floor.floorMs, 50 + B10000K * 8 / 25e6 * 1000, 1e-6);
        const untracedDocument = resultsDocument(theiaBrowser, [measurementOfSamples(catalog.vscodeReadFile, '10000K', PLUGIN_DSL_10000K, theiaBrowserPlugin)]);
        const untraced = floorRow(networkSection(buildComparisonReport([over(NETWORK_PROFILES.dsl, untracedDocument)]), 'dsl'),
            'Theia browser (plugin)', catalog.vscodeReadFile.id);
        assert.deepStrictEqual([untraced.crossingsDown, untraced.crossingsUp, untraced.stepsFrom], [2, 2, 'scenario']);
    });

    test('the headline: the plugin\'s read against VS Code server\'s on the slowest link at the largest size, and measured / floor', () => {
        const report = buildComparisonReport([...loopbackRun(), ...linkRun()]);
        const headline = reportSections(report, 'headline')[0];
        const finding = headline.network!;
        assert.strictEqual(finding.profile.name, 'dsl', 'dsl\'s floor is larger than cable\'s');
        assert.strictEqual(finding.size, '10000K');
        assert.closeTo(finding.vscode!.factor.factor!, 31350 / 145, 1e-9);
        assert.isBelow(finding.vscode!.factor.factorInterval!.low, 31350 / 145);
        const items = keyFigures(headline);
        assert.strictEqual(items.filter(item => item.includes('wire floor')).length, 1, 'one key figure');
        const figure = items[items.length - 1];
        assert.match(figure, /^Over dsl, Theia browser \(plugin\)'s workspace\.fs\.readFile of 10000K: 31400 \[31200, 31600\] ms, /);
        assert.match(figure, /, Theia browser \(plugin\) \/ VS Code server \(in its extension host\) 216 \[\d+, \d+\]; wire floor 30700 ms, measured \/ floor 1\.022 \[1\.015, 1\.028\]\.$/);
        assert.isAbove(items.length, 1, 'the loopback findings are kept');
        // The sentences lead with the links: the slowest one, how close the read comes to its floor.
        const [first] = headlineSentences(headline);
        assert.match(first, /On the slowest, dsl \(50 ms RTT, 25 Mbit\/s down, 3 Mbit\/s up\), it takes 1\.022 \[1\.015, 1\.028\] times its wire floor of 30700 ms/);
        const linksOnly = reportSections(buildComparisonReport(linkRun()), 'headline')[0];
        assert.deepStrictEqual(keyFigures(linksOnly), [figure], 'without loopback files, the link\'s figure alone');
        assert.strictEqual(headlineSentences(linksOnly)[0], first, 'and the same first sentence');
    });

    test('without loopback files: the links\' sections, the hosts, nothing else', () => {
        const report = buildComparisonReport(linkRun(), { notMeasured: [{ host: 'VS Code desktop', reason: 'no Electron binary' }] });
        assert.deepStrictEqual(report.sections.map(section => section.kind), ['headline', 'network', 'network', 'environments', 'not-measured']);
        assert.deepStrictEqual(report.sizes, ['1K', '10000K']);
        assert.deepStrictEqual(report.charts.map(chart => chart.id), ['network-dsl', 'hops-dsl', 'network-cable', 'hops-cable']);
    });

    test('the link\'s chart: a line per read path and the plugin read\'s floor, dashed, in its own file', () => {
        const report = buildComparisonReport([...loopbackRun(), ...linkRun()]);
        const chart = report.charts.find((candidate): candidate is SizeChart => candidate.id === 'network-dsl' && candidate.kind === 'lines');
        assert.deepStrictEqual(chart?.series.map(series => [series.kind, series.label]), [
            ['median', 'VS Code server (through the workbench)'], ['median', 'VS Code server (in the extension host)'], ['median', 'Theia browser (plugin)'],
            ['median', 'VS Code server: fs.promises.readFile in the extension host'], ['median', 'Theia browser (plugin): fs.promises.readFile in the plugin host'],
            ['median', 'Theia browser (extension): FileService.readFile'], ['floor', 'wire floor of Theia browser (plugin): workspace.fs.readFile'],
        ]);
        const floor = chart!.series[6];
        assert.closeTo(floor.kind === 'floor' ? floor.points[1].ms : 0, 30683.467, 0.001);
        const files = renderReportFiles(report);
        const svg = files.find(file => file.name === 'chart-network-dsl.svg')?.content;
        assert.match(svg ?? '', /<polyline [^>]*stroke-dasharray="6 3" points="[^"]+"[^>]*><title>wire floor of Theia browser \(plugin\): workspace\.fs\.readFile<\/title>/);
        assert.notMatch(svg ?? '', /stroke-dasharray="6 3" points="[^"]+"[^>]*><title>Theia browser \(plugin\)<\/title>/, 'measured lines are solid');
        assert.include(files.map(file => file.name).join(' '), 'chart-hops-dsl.svg');
    });

    test('Markdown and HTML show each link\'s section, what the floor means, and the link\'s chart', () => {
        const report = buildComparisonReport([...loopbackRun(), ...linkRun()]);
        const markdown = renderReportMarkdown(report);
        for (const text of ['## Over dsl (50 ms RTT, 25 Mbit/s down, 3 Mbit/s up)', '## Over cable (25 ms RTT, 100 Mbit/s down, 20 Mbit/s up)',
            '### Emulation check', '### Wire floor over dsl', 'the least time the link allows (half a round trip per crossing',
            '![Over dsl (50 ms RTT, 25 Mbit/s down, 3 Mbit/s up): median ms of each read', '(chart-network-dsl.svg)',
            '| Theia browser (plugin): workspace.fs.readFile | 2 / 2 | hop trace | wire floor, ms |',
            '| VS Code server: fs.promises.readFile (extension host) | 0 / 0 | scenario | measured / floor | no link crossing | no link crossing |',
            '| VS Code server | 51.0 (50) | 0.400 | 24.3 (25) | 2.94 (3) | held (±15%) |',
            '### Where a plugin\'s read spends its time over dsl: Theia browser (plugin)']) {
            assert.include(markdown, text);
        }
        for (const chart of report.charts) {
            assert.include(markdown, `](chart-${chart.id}.svg)`, 'every chart embedded, the loopback ones too');
        }
        const html = renderReportHtml(report, { theme: 'editor' });
        assert.include(html, '<h2>Over dsl (50 ms RTT, 25 Mbit/s down, 3 Mbit/s up)</h2>');
        assert.include(html, '<title>Over dsl (50 ms RTT, 25 Mbit/s down, 3 Mbit/s up): median ms of each read, and the plugin read&#39;s wire floor');
        assert.strictEqual(html.split('<title>Over dsl (50 ms RTT').length - 1, 1, 'the link\'s chart is drawn once, in its section');
        assert.isBelow(html.indexOf('<h2>Over dsl'), html.indexOf('<title>Over dsl'));
    });

    test('github-action-benchmark: a measurement over a link is named with it, loopback names stay as they were', () => {
        const loopbackNames = toBenchmarkActionEntries(buildComparisonReport(loopbackRun())).map(entry => entry.name);
        const names = toBenchmarkActionEntries(buildComparisonReport([...loopbackRun(), ...linkRun()])).map(entry => entry.name);
        assert.deepStrictEqual(names.slice(0, loopbackNames.length), loopbackNames);
        assert.include(names, 'Theia browser (plugin): workspace.fs.readFile 10000K over dsl');
        assert.include(names, 'Theia browser (plugin): workspace.fs.readFile 10000K over cable');
        assert.include(loopbackNames, 'Theia browser (plugin): workspace.fs.readFile 10000K');
        assert.strictEqual(new Set(names).size, names.length, 'no two entries share a name');
        assert.isTrue(names.slice(loopbackNames.length).every(name => / over (dsl|cable)$/.test(name)));
    });

    test('a report with no file over a link is what it was: no link section, sentence, chart or field', () => {
        const report = buildComparisonReport(loopbackRun());
        assert.deepStrictEqual(report.sections.map(section => section.kind),
            ['headline', 'medians', 'medians', 'medians', 'medians', 'factors', 'scenarios', 'hops', 'vscode-parts', 'environments']);
        assert.notProperty(reportSections(report, 'headline')[0], 'network');
        assert.isFalse(report.charts.some(chart => chart.id.startsWith('network-')));
        assert.isTrue(report.measurements.every(entry => entry.network === undefined));
        assert.notInclude(renderReportMarkdown(report), 'wire floor');
    });
});
