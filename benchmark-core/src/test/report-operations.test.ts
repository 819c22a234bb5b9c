import { assert } from 'chai';
import { ScenarioInfo } from '../measure/scenario';
import { SCENARIO_CATALOG } from '../measure/scenario-catalog';
import { renderReportHtml } from '../report/html';
import { renderReportMarkdown } from '../report/markdown';
import { buildComparisonReport, reportSections } from '../report/model/build';
import { operationTargetOrder } from '../report/model/operations';
import { measurement, measurementOfSamples, resultsDocument, theiaBrowser, theiaBrowserPlugin, vscodeServer } from './results-builders';
import { NETWORK_PROFILES } from '../network/profiles';
import { treeLinkFloor } from '../network/link-floor';
import { HostInfo, Measurement, ResultsDocument } from '../results/schema';
import { validateResultsDocument } from '../results/document';

const C = SCENARIO_CATALOG;
/** Six samples around `medianMs` (enough for an interval), so the median is exactly `medianMs`. */
const six = (scenario: ScenarioInfo, target: string, medianMs: number, host?: HostInfo): Measurement =>
    measurementOfSamples(scenario, target, [0.9, 0.95, 0.98, 1.02, 1.05, 1.1].map(share => medianMs * share), host);

/** A trees run: code-server and the Theia plugin through workspace.fs.stat, Theia's FileService, each with its floor; 10k listed first. */
function treesRun(): ReturnType<typeof resultsDocument>[] {
    return [
        resultsDocument(vscodeServer, [six(C.vscodeTreeStat, '10k files', 3000), six(C.extensionHostNodeTreeStat, '10k files', 30),
            six(C.vscodeTreeStat, '1k files', 400), six(C.extensionHostNodeTreeStat, '1k files', 4)]),
        resultsDocument(theiaBrowser, [six(C.theiaTreeStat, '10k files', 14000), six(C.theiaBackendTreeStat, '10k files', 500),
            six(C.vscodeTreeStat, '10k files', 34000, theiaBrowserPlugin), six(C.extensionHostNodeTreeStat, '10k files', 200, theiaBrowserPlugin)]),
    ];
}

/** A tree measurement of the 1k tree (as a trees run writes it: its folder, its count). */
const onTree = (row: Measurement, itemCount: number): Measurement => ({ ...row, fileName: 'trees/1k', itemCount });

/** The 1k tree's manifest as a run records it: 1000 files in 301 folders. */
const TREE_1K = {
    schema: 'fs-perf-tree', schemaVersion: 1, generatorVersion: 1, seed: 20220426, size: '1k', folder: 'trees/1k', files: 1000, folders: 301, bytes: 4871332,
    tsFiles: 317, tsFilesOutsideDependencies: 139, dependencyFolder: 'node_modules', perFolder: {}, generatedInMs: 400,
};

/** A trees run over cable (25 ms): the document measured over the link, its check held, its tree and calls in flight recorded. */
function overCable(document: ResultsDocument): ResultsDocument {
    const profile = NETWORK_PROFILES.cable;
    return validateResultsDocument({
        ...document, schemaVersion: 8, trees: [TREE_1K], settings: { ...document.settings, treeConcurrency: 16 },
        network: {
            profile, emulator: 'toxiproxy 2.12.0',
            check: { rttMs: 25.5, directRttMs: 0.4, downMbps: 97, upMbps: 19.6, directDownMbps: 900, directUpMbps: 900, bytes: 1_000_000, tolerance: 0.15, held: true },
        },
    });
}

suite('report: file operations against their floors', () => {
    test('a question per operation: each host\'s API, its floor and the factor, targets in order, like for like, one chart, a headline sentence', () => {
        const report = buildComparisonReport(treesRun());
        const [section] = reportSections(report, 'operations');
        assert.deepEqual(section.answers.map(answer => answer.question.id), ['stat-storm']);
        const [answer] = section.answers;
        assert.deepEqual(answer.columns, ['1k files', '10k files']);
        assert.deepEqual(answer.rows.map(row => [row.hostLabel, row.api.id, row.factors.map(cell => cell?.factor)]), [
            ['VS Code server', C.vscodeTreeStat.id, [100, 100]],
            ['Theia browser (plugin)', C.vscodeTreeStat.id, [undefined, 170]],
            ['Theia browser (extension)', C.theiaTreeStat.id, [undefined, 28]],
        ]);
        assert.deepEqual(answer.likeForLike.map(pair => [pair.numeratorLabel, pair.denominatorLabel, pair.factors.map(cell => cell?.factor)]),
            [['Theia browser (plugin)', 'VS Code server', [undefined, 34000 / 3000]]]);
        assert.equal(answer.chart?.id, 'operations-stat-storm');
        assert.include(report.charts, answer.chart);

        const markdown = renderReportMarkdown(report);
        assert.include(markdown, '## File operations: each API against its floor');
        assert.include(markdown, '### Stat storm: every file of the tree, one call after another');
        assert.include(markdown, 'chart-operations-stat-storm.svg');
        assert.match(markdown, /\| VS Code server \| factor: workspace\.fs\.stat storm \/ its bare-Node floor \| 100 \[[\d.]+, [\d.]+\] \| 100 \[/);
        assert.match(markdown, /\| Theia browser \(plugin\) \/ VS Code server \| factor: workspace\.fs\.stat storm, like for like \| – \| 11/);
        const headline = markdown.slice(markdown.indexOf('## Headline'), markdown.indexOf('## How to read'));
        assert.match(headline, /Stat storm: every file of the tree, one call after another \(10k files\): workspace\.fs\.stat storm took 100 \[[\d.]+, [\d.]+\] times its bare-Node floor in VS Code server, 170 \[[\d.]+, [\d.]+\] in Theia browser \(plugin\); FileService\.resolve storm took 28 \[/);
        assert.include(renderReportHtml(report), 'File operations: each API against its floor');
        assert.match(report.title, /^FS Performance, file operations: /);
    });

    test('an API measured without its floor answers no question: a default run\'s writeFile leaves the report as it was', () => {
        const report = buildComparisonReport([resultsDocument(vscodeServer, [measurement(C.vscodeReadFile, '1K', 2), measurement(C.vscodeWriteFile, '1K', 3)])]);
        assert.lengthOf(reportSections(report, 'operations'), 0);
        assert.notInclude(renderReportMarkdown(report), 'File operations');
    });

    test('watching: each kind of change a column in the order measured, each watcher against fs.watch on its host', () => {
        const kinds = ['create', 'change', 'delete'];
        const report = buildComparisonReport([resultsDocument(vscodeServer, kinds.flatMap((kind, index) =>
            [six(C.vscodeWatch, kind, 100 + index), six(C.extensionHostNodeWatch, kind, 2)]))]);
        const [answer] = reportSections(report, 'operations')[0].answers;
        assert.equal(answer.question.id, 'watch');
        assert.deepEqual(answer.columns, kinds);
        assert.deepEqual(answer.rows[0].factors.map(cell => cell?.factor), [50, 50.5, 51]);
    });

    test('targets in a reader\'s order: fixture sizes by size, trees by their count of files', () => {
        const labels = ['100k files', '10000K', '1k files', '1K', '10k files', '500K'];
        assert.deepEqual([...labels].sort((a, b) => operationTargetOrder(a) - operationTargetOrder(b)), ['1K', '500K', '10000K', '1k files', '10k files', '100k files']);
    });
    test('over a link, each storm and walk is set against its link floor: calls one after another × crossings × half the round trip', () => {
        const report = buildComparisonReport([
            overCable(resultsDocument(theiaBrowser, [
                onTree(six(C.theiaTreeStat, '1k files', 26_000), 1000), onTree(six(C.theiaBackendTreeStat, '1k files', 20), 1000),
                onTree(six(C.theiaTreeWalk, '1k files', 8_000), 1301), onTree(six(C.theiaBackendTreeWalk, '1k files', 15), 1301),
                onTree(six(C.vscodeTreeStatParallel, '1k files', 4_000, theiaBrowserPlugin), 1000),
                onTree(six(C.extensionHostNodeTreeStatParallel, '1k files', 10, theiaBrowserPlugin), 1000),
            ])),
            overCable(resultsDocument(vscodeServer, [onTree(six(C.vscodeTreeStat, '1k files', 27_000), 1000), onTree(six(C.extensionHostNodeTreeStat, '1k files', 30), 1000)])),
        ]);
        assert.lengthOf(reportSections(report, 'operations'), 0, 'over a link alone, the loopback section stays out');
        const [link] = reportSections(report, 'network');
        const floors = (id: string) => link.operations!.answers.find(answer => answer.question.id === id)!.rows
            .map(row => [row.hostLabel, row.linkFloors?.map(cell => cell && [cell.floor.rounds, cell.floor.crossingsPerCall, cell.floor.floorMs])]);
        // FileService: 1000 calls × 2 crossings × 12.5 ms; the plugin 4 crossings a call; code-server's extension host 2 (its $ensureActivation).
        assert.deepEqual(floors('stat-storm'), [['VS Code server', [[1000, 2, 25_000]]], ['Theia browser (extension)', [[1000, 2, 25_000]]]]);
        // 16 in flight: ceil(1000 / 16) = 63 rounds of 4 crossings.
        assert.deepEqual(floors('stat-storm-in-flight'), [['Theia browser (plugin)', [[63, 4, 3150]]]]);
        // A walk lists the root and each of the 301 folders.
        assert.deepEqual(floors('walk'), [['Theia browser (extension)', [[302, 2, 7550]]]]);
        const storm = link.operations!.answers[0].rows.find(row => row.api.id === C.theiaTreeStat.id)!.linkFloors![0]!;
        assert.approximately(storm.measuredOverFloor, 26_000 / 25_000, 1e-9);
        const markdown = renderReportMarkdown(report);
        assert.include(markdown, '### File operations: each API against its floor, over cable');
        const linkCharts = link.operations!.answers.map(answer => answer.chart!.id);
        assert.deepEqual(linkCharts, ['operations-stat-storm-cable', 'operations-stat-storm-in-flight-cable', 'operations-walk-cable']);
        assert.includeMembers(report.charts.map(chart => chart.id), linkCharts, 'each chart the link section draws is written as a file');
        assert.match(markdown, /\| Theia browser \(extension\) \| link floor: calls one after another × 2 crossings × half the round trip, ms \| 25000 \(1,000 calls one after another\) \|/);
        assert.match(markdown, /\| 3150 \(63 rounds of 16 calls in flight\) \|/);
        const headline = markdown.slice(markdown.indexOf('## Headline'), markdown.indexOf('## How to read'));
        assert.include(headline, '- Over cable, stat storm: every file of the tree, one call after another (1k files): workspace.fs.stat storm took 27000 [');
        assert.match(headline, /FileService\.resolve storm took 26000 \[[\d, ]+\] ms in Theia browser \(extension\), 1\.0\d* \[[\d., ]+\] times its link floor \(1,000 calls one after another × 2 crossings × half the round trip\)/);
        assert.match(markdown, /\| Theia browser \(plugin\) \| workspace\.fs\.stat storm \(N in flight\) \/ link floor \| 1\.3 \[/);
        // The bare-Node floors, next to the disk, and find files have no link floor; a host with no page across the link neither.
        // A write burst: each file a write call and a delete call, one after another.
        assert.deepInclude(treeLinkFloor(C.vscodeWriteBurst.id, { editor: 'theia', runtime: 'browser' }, { itemCount: 100 }, NETWORK_PROFILES.cable),
            { rounds: 100, crossingsPerCall: 8, floorMs: 100 * 8 * 12.5 });
        assert.deepInclude(treeLinkFloor(C.vscodeWriteBurst.id, { editor: 'vscode', runtime: 'server' }, { itemCount: 100 }, NETWORK_PROFILES.cable),
            { rounds: 100, crossingsPerCall: 4, floorMs: 100 * 4 * 12.5 });
        assert.deepInclude(treeLinkFloor(C.theiaFileServiceWriteBurst.id, { editor: 'theia', runtime: 'browser' }, { itemCount: 100 }, NETWORK_PROFILES.cable),
            { rounds: 100, crossingsPerCall: 4, floorMs: 100 * 4 * 12.5 });
        assert.isUndefined(treeLinkFloor(C.theiaBackendWriteBurst.id, { editor: 'theia', runtime: 'browser' }, { itemCount: 100 }, NETWORK_PROFILES.cable));
        assert.isUndefined(treeLinkFloor(C.theiaBackendTreeStat.id, { editor: 'theia', runtime: 'browser' }, { itemCount: 1000 }, NETWORK_PROFILES.cable));
        assert.isUndefined(treeLinkFloor(C.vscodeFindFiles.id, { editor: 'vscode', runtime: 'server' }, { itemCount: 317 }, NETWORK_PROFILES.cable));
        assert.isUndefined(treeLinkFloor(C.vscodeTreeStat.id, { editor: 'vscode', runtime: 'electron' }, { itemCount: 1000 }, NETWORK_PROFILES.cable));
        assert.isUndefined(treeLinkFloor(C.vscodeTreeWalk.id, { editor: 'vscode', runtime: 'server' }, { itemCount: 1301 }, NETWORK_PROFILES.cable), 'a walk needs the tree\'s folders');
    });

    test('a storm in flight with a CPU pass: CPU per 1000 files stat-ed of each process, a row per host, storm and tree; a storm without one adds no row', () => {
        const withCpu = (row: Measurement, calls: number, wallMs: number, processes: [string, number][]): Measurement => ({
            ...onTree(row, 1000), cpu: { calls, wallMs, processes: processes.map(([process, cpuMs]) => ({ process, cpuMs, clock: 'schedstat' as const })) },
        });
        const report = buildComparisonReport([
            resultsDocument(vscodeServer, [withCpu(six(C.vscodeTreeStatParallel, '1k files', 300), 3, 900, [['extension host', 600], ['code-server', 30]]),
                onTree(six(C.extensionHostNodeTreeStatParallel, '1k files', 100), 1000), withCpu(six(C.vscodeTreeStat, '1k files', 4000), 1, 4000, [['extension host', 900]])]),
            resultsDocument(theiaBrowser, [withCpu(six(C.vscodeTreeStatParallel, '1k files', 1000, theiaBrowserPlugin), 1, 1000, [['plugin host', 400], ['Theia backend', 700], ['page renderer', 500]]),
                onTree(six(C.extensionHostNodeTreeStatParallel, '1k files', 100, theiaBrowserPlugin), 1000)]),
        ]);
        const [section] = reportSections(report, 'operations');
        assert.deepEqual(section.cpu?.processes, ['plugin host', 'Theia backend', 'page renderer', 'extension host', 'code-server']);
        assert.deepEqual(section.cpu?.rows.map(row => [row.hostLabel, row.scenario.id, row.calls, row.items, row.wallMsPerThousand, row.cpuMsPerThousand]), [
            ['Theia browser (plugin)', C.vscodeTreeStatParallel.id, 1, 1000, 1000, [400, 700, 500, undefined, undefined]],
            ['VS Code server', C.vscodeTreeStatParallel.id, 3, 3000, 300, [undefined, undefined, undefined, 200, 10]],
        ], 'the storm one after another is not counted per item, whatever its results hold');
        const markdown = renderReportMarkdown(report);
        assert.include(markdown, '### CPU per 1000 calls of a storm in flight, by process');
        assert.include(markdown, '| Theia browser (plugin) | workspace.fs.stat storm (N in flight) | 1k files | 400 | 700 | 500 | – | – | 1 | 1000 |');
        assert.include(markdown, '| VS Code server | workspace.fs.stat storm (N in flight) | 1k files | – | – | – | 200 | 10.0 | 3 | 300 |');
        assert.notInclude(renderReportMarkdown(buildComparisonReport(treesRun())), 'CPU per 1000 calls', 'no pass, no table');
    });
});
