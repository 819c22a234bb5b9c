import { assert } from 'chai';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { buildComparisonReport, parseResultsDocument, renderReportHtml } from '@fs-perf/benchmark-core';
import { HeadlessChromium, launchChromium, writeTempMarker } from '@fs-perf/bench';
import { skipWithoutChromium, TEST_ARTIFACTS, testRun } from '../session-helpers';

const COMMITTED_RUN = testRun('default');
const RELEASE_RUN = testRun('release');

interface Box {
    readonly text: string;
    readonly x: number;
    readonly y: number;
    readonly width: number;
    readonly height: number;
}

function overlap(a: Box, b: Box): boolean {
    return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A run's report.html (the test data's) in headless Chromium, read the way a person sees it: the boxes the browser drew. */
suite('report.html in a browser', function (): void {
    let browser: HeadlessChromium | undefined;
    let profile: string;

    suiteSetup(async function (): Promise<void> {
        await skipWithoutChromium(this);
        profile = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-report-page-'));
        writeTempMarker(profile, 'test');
        browser = await launchChromium(profile);
    });

    suiteTeardown(async () => {
        await browser?.close();
        if (profile) {
            await fs.rm(profile, { recursive: true, force: true });
        }
    });

    /** A run's report drawn in the page, and its charts checked: every series named (legend, line end or row), no two names overlapping. */
    async function drawAndCheckCharts(run: string): Promise<void> {
        const folder = path.join(run, 'results');
        const documents = await Promise.all((await fs.readdir(folder)).sort().map(async name =>
            parseResultsDocument(await fs.readFile(path.join(folder, name), 'utf8'), name)));
        const report = buildComparisonReport(documents);
        const page = browser!.page;
        await page.setContent(renderReportHtml(report));
        const charts = await page.$$eval('svg.line-chart, svg.bar-chart, svg.dot-chart, svg.forest-chart', svgs => svgs.map(svg => ({
            title: svg.querySelector(':scope > title')?.textContent ?? '',
            // A series is named in a legend, at its line's end, or as a row's label.
            names: Array.from(svg.querySelectorAll('.legend text, text.end-label, text.row-label'), text => {
                const box = text.getBoundingClientRect();
                return { text: text.textContent ?? '', x: box.x, y: box.y, width: box.width, height: box.height };
            }),
        })));
        for (const chart of report.charts) {
            const drawn = charts.find(candidate => candidate.title === chart.title);
            assert.isDefined(drawn, `${chart.title} drawn`);
            const names = new Set(drawn!.names.map(box => box.text));
            const expected = chart.kind === 'lines' ? (chart.display === 'dots' && chart.series.length === 1 ? [] : chart.series.map(series => series.label))
                : chart.kind === 'stacked-bars' ? chart.segments : [];
            for (const name of expected) {
                assert.isTrue(names.has(name), `${chart.title}: "${name}" named (${[...names].join(', ')})`);
            }
        }
        for (const chart of charts) {
            const labels = chart.names.filter(box => box.width > 0);
            assert.strictEqual(labels.length, chart.names.length, `${chart.title}: every label drawn`);
            for (const [index, a] of labels.entries()) {
                for (const b of labels.slice(index + 1)) {
                    assert.isFalse(overlap(a, b), `${chart.title}: "${a.text}" and "${b.text}" overlap`);
                }
            }
        }
    }

    /** The last cell of a table's row, as the page shows it. */
    const tableCell = async (heading: string, row: string): Promise<string> => browser!.page.evaluate(([h, r]) => {
        const title = Array.from(document.querySelectorAll('h2, h3')).find(element => element.textContent === h);
        let table = title?.nextElementSibling;
        // The next table, alone or in the box that scrolls it.
        while (table && table.tagName !== 'TABLE' && !table.querySelector('table')) {
            table = table.nextElementSibling;
        }
        const cells = Array.from(table?.querySelectorAll('tr') ?? []).find(tr => tr.firstElementChild?.textContent === r)?.querySelectorAll('td');
        return cells ? cells[cells.length - 1].textContent ?? '' : '';
    }, [heading, row] as const);

    test('every chart names each line or segment, no two names overlap, and the headline\'s numbers are the tables\'', async () => {
        await drawAndCheckCharts(COMMITTED_RUN);
        const page = browser!.page;
        // The headline's numbers, as the tables print them.
        const headline = await page.$$eval('ul.headline li', items => items.map(item => item.textContent ?? ''));
        const factor = await tableCell('Theia browser (plugin) vs VS Code server', 'Factor');
        assert.isTrue(headline.some(item => item === `Theia browser (plugin) vs VS Code server, 10000K, first / second: ${factor}.`),
            `the 10000K factor ${factor} in ${JSON.stringify(headline)}`);
        const read = await tableCell('VS Code extension / plugin: workspace.fs.readFile, median ms [95% interval]', 'Theia browser (plugin)');
        assert.isTrue(headline[0].includes(`Theia browser (plugin) ${read}`), `${read} in ${headline[0]}`);
        await fs.mkdir(TEST_ARTIFACTS, { recursive: true });
        await page.screenshot({ path: path.join(TEST_ARTIFACTS, 'report-html.png') });
    });

    test('the Theia release run of the test data: a dot per release, each row named, and the headline\'s release factors are the factor tables\'', async () => {
        await drawAndCheckCharts(RELEASE_RUN);
        const page = browser!.page;
        const rows = await page.$$eval('svg.dot-chart', svgs => svgs.map(svg => [...new Set(Array.from(svg.querySelectorAll('text.row-label'), text => text.textContent ?? ''))]));
        assert.deepInclude(rows, ['1.54.0', '1.60.2', '1.74.1'], 'the release charts name every release in their rows');
        // The headline's sentences (the paragraph under "Headline") give each older release's factor at 10000K.
        const sentences = await page.$eval('h2 + p', paragraph => paragraph.textContent ?? '');
        for (const older of ['1.54.0', '1.60.2']) {
            const title = `Theia ${older} vs 1.74.1 (browser): plugin workspace.fs.readFile`;
            const factor = await tableCell(title, 'Factor');
            assert.notStrictEqual(factor, '');
            // The table gives the estimate, then its verdict ("0.95 [0.89, 1.01], no measurable difference").
            assert.include(sentences, `${older} ${factor.slice(0, factor.indexOf(']') + 1)} (plugin)`);
        }
    });
});
