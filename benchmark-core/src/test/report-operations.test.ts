import { assert } from 'chai';
import { ScenarioInfo } from '../measure/scenario';
import { SCENARIO_CATALOG } from '../measure/scenario-catalog';
import { renderReportHtml } from '../report/html';
import { renderReportMarkdown } from '../report/markdown';
import { buildComparisonReport, reportSections } from '../report/model/build';
import { operationTargetOrder } from '../report/model/operations';
import { measurement, measurementOfSamples, resultsDocument, theiaBrowser, theiaBrowserPlugin, vscodeServer } from './results-builders';
import { HostInfo, Measurement } from '../results/schema';

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
});
