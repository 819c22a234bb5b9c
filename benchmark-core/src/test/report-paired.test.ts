import { assert } from 'chai';
import { toBenchmarkActionEntries } from '../report/benchmark-action';
import { seededRandom } from '../stats/bootstrap';
import { renderReportFiles } from '../report/files';
import { formatChangeRatio } from '../report/blocks/numbers';
import { pairedComparisonGrid } from '../report/blocks/paired';
import { pairedHeadlineSentences, pairedKeyFigures } from '../report/blocks/paired-headline';
import { formatShare } from '../stats/precision';
import { formatDetectable } from '../report/blocks/numbers';
import { renderReportHtml } from '../report/html';
import { renderReportMarkdown } from '../report/markdown';
import { buildComparisonReport, reportSections } from '../report/model/build';
import { ComparisonReport } from '../report/model/section-types';
import { ForestChart } from '../report/model/types';
import { ResultsDocument } from '../results/schema';
import { CellChange, compareRuns, RunComparison, verdictCounts } from '../compare/run-comparison';
import { SCENARIO_CATALOG } from '../measure/scenario-catalog';
import { median } from '../stats/statistics';
import { alternatedBlocks, sideDocument, SideRow } from './paired-builders';
import { sampleRun, theiaBrowserPlugin } from './results-builders';

const SIZES = ['1K', '500K', '5000K', '10000K'];

/**
 * Both sides of an alternated run, `main` against `pr-1234`, 10 pairs of 3 samples: the extension's FileService.readFile
 * 15% slower in the head, the plugin's workspace.fs.readFile and the backend's disk read the same; 1K too (below the
 * report's comparison).
 */
function comparisonRun(): { base: ResultsDocument; head: ResultsDocument } {
    const random = seededRandom(21);
    const rows = SIZES.flatMap(size => ([
        ['theiaFileServiceReadFile', 1.15, undefined],
        ['vscodeReadFile', 1, theiaBrowserPlugin],
        ['theiaDiskFloor', 1, undefined],
    ] as const).map(([scenario, headFactor, host]) => ({
        scenario, size, host, ...alternatedBlocks(random, { pairs: 10, samples: 3, medianMs: 100, sigma: 0.04, headFactor, drift: 0.01 }),
    })));
    const side = (which: 'base' | 'head'): SideRow[] => rows.map(row => ({ scenario: row.scenario, size: row.size, host: row.host, blocks: row[which] }));
    return { base: sideDocument('base', side('base'), 'main'), head: sideDocument('head', side('head'), 'pr-1234') };
}

/** The comparison the report should hold, computed on its own. */
function expectedComparison(base: ResultsDocument, head: ResultsDocument): RunComparison {
    return compareRuns([base], [head], { minSize: '500K' });
}

function labelOf(cell: CellChange): string {
    const scenario = Object.values(SCENARIO_CATALOG).find(candidate => candidate.id === cell.scenarioId)!;
    return `${cell.hostLabel} · ${scenario.label} · ${cell.target}`;
}

function forestOf(report: ComparisonReport): ForestChart {
    const chart = report.charts.find((candidate): candidate is ForestChart => candidate.kind === 'forest');
    assert.isDefined(chart, 'a forest chart');
    return chart!;
}

/** Every match's first group, as numbers. */
function numbers(text: string, pattern: RegExp): number[] {
    return [...text.matchAll(pattern)].map(match => Number(match[1]));
}

suite('the comparison in the report (two sides of yarn bench --compare)', () => {
    const { base, head } = comparisonRun();
    const expected = expectedComparison(base, head);
    // The files' order must not matter: the sides are told apart by their metadata.
    const report = buildComparisonReport([head, base]);

    test('the fixture is what the tests below assume: the three FileService cells from 500K up are slower, nothing else is', () => {
        assert.strictEqual(expected.cells.length, 9);
        assert.deepStrictEqual(expected.cells.filter(cell => cell.verdict === 'slower').map(labelOf),
            ['Theia browser (extension) · FileService.readFile · 500K', 'Theia browser (extension) · FileService.readFile · 5000K',
                'Theia browser (extension) · FileService.readFile · 10000K']);
    });

    test('a comparison report: the headline first, then the comparison, then each side\'s host; no per-host tables', () => {
        assert.deepStrictEqual(report.sections.map(section => section.kind), ['paired-headline', 'paired-comparison', 'noise-budget', 'environments']);
        assert.deepStrictEqual(reportSections(report, 'environments')[0].hosts.map(host => host.label),
            ['main: Theia browser (extension)', 'pr-1234: Theia browser (extension)']);
        const withNotMeasured = buildComparisonReport([base, head], { notMeasured: [{ host: 'Theia electron', reason: 'no binary' }] });
        assert.deepStrictEqual(withNotMeasured.sections.map(section => section.kind).slice(-1), ['not-measured']);
        assert.match(report.title, /^FS Performance, comparison of pr-1234 against main: \d{4}-\d\d-\d\d, Test CPU, 2 cores$/, 'the kind of run, CPU and cores');
        assert.deepStrictEqual(report.charts.map(chart => chart.kind), ['forest']);
    });

    test('the headline: the verdicts counted, the largest change with its ratio, and the smallest change the run could have seen', () => {
        const [headline] = reportSections(report, 'paired-headline');
        const counts = verdictCounts(expected);
        const markdown = renderReportMarkdown(report);
        const sentences = pairedHeadlineSentences(headline);
        assert.match(markdown, /^# FS Performance, comparison of pr-1234 against main: \d{4}-\d\d-\d\d, Test CPU, 2 cores\n\n## Headline\n\n--check fails: Theia browser \(extension\) · FileService\.readFile is slower at 500K /,
            'the headline opens the report, what --check decides first');
        const slower = expected.cells.filter(cell => cell.verdict === 'slower');
        assert.strictEqual(sentences[0], `--check fails: Theia browser (extension) · FileService.readFile is slower at ${slower.map(cell => `${cell.target} ${formatChangeRatio(cell.ratio)}`).join(', ')}.`);
        assert.strictEqual(sentences[1], 'One path moved: Theia browser (extension) · FileService.readFile (500K, 5000K, 10000K slower).');
        assert.strictEqual(counts.slower, 3);
        const medianDetectable = median(expected.cells.map(cell => cell.smallestDetectable));
        assert.strictEqual(sentences[3], `This run could have seen changes beyond ±${formatShare(medianDetectable)} (a ratio outside ${formatDetectable(medianDetectable)}) `
            + `in its median cell; ${counts['no change']} of 9 cells were within ±5% (the noise threshold)${counts.inconclusive > 0
                ? `, ${counts.inconclusive} could not tell a change of ±5% from noise` : ''}.`);
        const largest = expected.cells.filter(cell => cell.verdict === 'slower').sort((a, b) => b.ratio.ratio - a.ratio.ratio)[0];
        assert.strictEqual(headline.largestChange?.cell.target, largest.target);
        assert.include(sentences[4], `The largest change: ${labelOf(largest)}, `);
        assert.include(sentences[4], `slower (pr-1234 / main ${formatChangeRatio(largest.ratio)}).`);
        const figures = pairedKeyFigures(headline);
        const crossing = expected.cells.filter(cell => cell.scenarioId !== SCENARIO_CATALOG.theiaDiskFloor.id);
        const count = (verdict: string): number => crossing.filter(cell => cell.verdict === verdict).length;
        assert.include(figures, `Crossing Theia's RPC (FileService.readFile, workspace.fs.readFile), 6 cells: ${count('slower')} slower, `
            + `${count('faster')} faster, ${count('no change')} no change, ${count('inconclusive')} inconclusive.`);
        const detectable = (scenarioId: string, size: string): string =>
            formatDetectable(expected.cells.find(cell => cell.scenarioId === scenarioId && cell.target === size)!.smallestDetectable);
        const read = SCENARIO_CATALOG.vscodeReadFile.id;
        assert.include(figures, `Theia browser (plugin) · workspace.fs.readFile could have seen a ratio outside ${detectable(read, '5000K')} at 5000K, `
            + `${detectable(read, '10000K')} at 10000K.`);
    });

    test('with nothing slower or faster, the headline says no cell changed, and an A/A run says it raised no false alarm', () => {
        const same = comparisonRun();
        const unchanged = buildComparisonReport([same.base, { ...same.base, comparison: { ...same.head.comparison! } }]);
        assert.isUndefined(reportSections(unchanged, 'paired-headline')[0].largestChange);
        assert.match(renderReportMarkdown(unchanged), /\n\n--check passes: no cell of 9 is slower\. No cell changed measurably: none of 9 cells of pr-1234 against main was called slower or faster\./);
        const aa = buildComparisonReport([same.base, { ...same.base, comparison: { ...same.head.comparison!, source: same.base.comparison!.source } }]);
        assert.deepStrictEqual(pairedHeadlineSentences(reportSections(aa, 'paired-headline')[0]).slice(0, 1), ['--check passes: no cell of 9 is slower.']);
        assert.match(pairedHeadlineSentences(reportSections(aa, 'paired-headline')[0])[1], /^No false alarm: pr-1234 and main run the same Theia 1\.74\.1 from the registry, and none of 9 cells was called slower or faster\.$/);
    });

    test('the comparison table: a row per cell from 500K up, the sides named by their labels in the headers', () => {
        const [section] = reportSections(report, 'paired-comparison');
        const grid = pairedComparisonGrid(section);
        assert.deepStrictEqual(grid.header, ['Host', 'Scenario', 'Size', 'main ms [95%]', 'pr-1234 ms [95%]', 'pr-1234 / main [95%]', 'Verdict', 'Detectable', 'p adj.']);
        assert.strictEqual(grid.rows.length, expected.cells.length);
        for (const cell of expected.cells) {
            const [host, scenario, size] = labelOf(cell).split(' · ');
            const row = grid.rows.find(candidate => candidate[0] === host && candidate[1] === scenario && candidate[2] === size);
            assert.isDefined(row, labelOf(cell));
            assert.deepStrictEqual(row!.slice(5, 8), [formatChangeRatio(cell.ratio), cell.verdict, formatDetectable(cell.smallestDetectable)], labelOf(cell));
        }
        const markdown = renderReportMarkdown(report);
        const header = '| Host | Scenario | Size | main ms [95%] | pr-1234 ms [95%] | pr-1234 / main [95%] | Verdict | Detectable | p adj. |';
        assert.include(markdown, `## Comparison: pr-1234 against main\n\n${header}\n`);
        const table = markdown.slice(markdown.indexOf(header)).split('\n\n')[0].split('\n');
        assert.strictEqual(table.length, 2 + expected.cells.length, 'header, alignment and a line per cell');
        assert.notInclude(markdown, '| 1K |', 'below the report\'s comparison');
        assert.include(markdown, '### How to read\n\nBoth sides were measured in one run, in 10 pairs of blocks alternated main pr-1234, pr-1234 main');
        assert.include(markdown, 'exact Wilcoxon signed-rank 95% interval');
        assert.include(markdown, 'adjusted for the 9 cells compared (Benjamini-Hochberg)');
        assert.notInclude(markdown, 'p5 and p95', 'the ordinary report\'s note is not a comparison\'s');
    });

    test('the forest chart: a row per cell, each with the comparison\'s ratio, interval and verdict; its file is linked from the Markdown', () => {
        const chart = forestOf(report);
        assert.strictEqual(chart.rows.length, expected.cells.length);
        assert.strictEqual(chart.noiseThreshold, expected.noiseThreshold);
        for (const cell of expected.cells) {
            const row = chart.rows.find(candidate => candidate.label === labelOf(cell));
            assert.deepStrictEqual(row && { ratio: row.ratio, low: row.low, high: row.high, verdict: row.verdict },
                { ratio: cell.ratio.ratio, low: cell.ratio.low, high: cell.ratio.high, verdict: cell.verdict }, labelOf(cell));
        }
        const files = renderReportFiles(report);
        assert.deepStrictEqual(files.map(file => file.name), ['report.md', 'report.html', 'benchmark-action.json', 'chart-comparison.svg']);
        assert.include(files[0].content, '](chart-comparison.svg)');
    });

    test('HTML: the forest plot with a whisker and a dot per cell, coloured by verdict, a line at 1 and the noise band around it', () => {
        const html = renderReportHtml(report);
        assert.strictEqual(html.match(/<svg [^>]*class="forest-chart"/g)?.length, 1);
        assert.include(html, '<th>pr-1234 ms [95%]</th>');
        const svg = html.slice(html.indexOf('<svg'), html.indexOf('</svg>'));
        const whiskers = [...svg.matchAll(/<path class="whisker" d="M([\d.]+) ([\d.]+)H([\d.]+)"/g)].map(match => match.slice(1).map(Number));
        const dots = [...svg.matchAll(/<circle class="ratio" cx="([\d.]+)" cy="([\d.]+)" r="4" fill="(#[0-9a-f]+)"/g)];
        assert.strictEqual(whiskers.length, expected.cells.length);
        assert.strictEqual(dots.length, expected.cells.length);
        dots.forEach((dot, index) => {
            const [low, y, high] = whiskers[index];
            assert.strictEqual(Number(dot[2]), y, 'the dot on its whisker\'s line');
            assert.isAtLeast(Number(dot[1]), low);
            assert.isAtMost(Number(dot[1]), high);
        });
        assert.strictEqual(new Set(whiskers.map(whisker => whisker[1])).size, whiskers.length, 'every row on its own line');
        const labelYs = numbers(svg, /<text class="row-label" x="[\d.]+" y="([\d.]+)"/g);
        assert.strictEqual(labelYs.length, expected.cells.length);
        assert.isTrue(labelYs.slice(1).every((y, index) => y - labelYs[index] >= 14), 'labels a line apart');
        const colours = dots.map(dot => dot[3]);
        assert.strictEqual(colours.filter(colour => colour === '#d55e00').length, 3, 'the slower cells vermillion');
        assert.strictEqual(new Set(colours).size, new Set(expected.cells.map(cell => cell.verdict)).size, 'a colour per verdict');
        const one = numbers(svg, /<line class="no-change" x1="([\d.]+)"/g);
        const band = /<rect class="noise-band" x="([\d.]+)" y="[\d.]+" width="([\d.]+)"/.exec(svg);
        assert.lengthOf(one, 1);
        assert.isNotNull(band);
        const [bandLeft, bandWidth] = [Number(band![1]), Number(band![2])];
        assert.closeTo(one[0], bandLeft + bandWidth / 2, 1.5, 'the line at 1 in the middle of the band (log scale: 0.95 and 1.05 about as far)');
        assert.isAbove(bandWidth, 0);
        assert.include(svg, 'slower (3)');
    });

    test('benchmark-action entries are the head\'s medians', () => {
        const entries = toBenchmarkActionEntries(report);
        const headOnly = toBenchmarkActionEntries(buildComparisonReport([{ ...head, comparison: undefined }]));
        assert.strictEqual(entries.length, head.results.length);
        assert.deepStrictEqual(entries, headOnly);
        assert.notDeepEqual(entries, toBenchmarkActionEntries(buildComparisonReport([{ ...base, comparison: undefined }])));
    });

    test('the report\'s comparison options reach the comparison: from 1K, the 1K cells too', () => {
        const fromOneK = buildComparisonReport([base, head], { comparison: { minSize: '1K' } });
        assert.strictEqual(forestOf(fromOneK).rows.length, 12);
    });

    test('ordinary documents, or only one side, make the ordinary report: no comparison, no forest', () => {
        for (const documents of [sampleRun(), [{ ...base, comparison: undefined }, { ...head, comparison: undefined }], [base]]) {
            const ordinary = buildComparisonReport(documents);
            assert.isFalse(ordinary.sections.some(section => section.kind === 'paired-comparison' || section.kind === 'paired-headline'));
            assert.isFalse(ordinary.charts.some(chart => chart.kind === 'forest'));
            assert.include(renderReportMarkdown(ordinary), '## How to read\n\nEvery median is followed by');
        }
    });
});
