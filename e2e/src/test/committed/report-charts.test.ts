import { assert } from 'chai';
import { existsSync, promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { BISECT_FILE, BisectRecord, buildComparisonReport, renderBisectHtml, renderReportFiles } from '@fs-perf/benchmark-core';
import { HeadlessChromium, launchChromium, readResultsInputs, writeTempMarker } from '@fs-perf/bench';
import { skipWithoutChromium, TEST_RUNS } from '../session-helpers';

/** Most series one plot may draw (its legend's entries), each in its own colour. */
const MAX_SERIES = 6;
/** Slack for rounding, px: the renderers write coordinates to 0.1 px. */
const PX_SLACK = 0.6;

/** Every run folder of the test data with chart files or a report page: each kind's run, and each step of a bisect. */
async function committedRuns(): Promise<string[]> {
    const folders: string[] = [];
    for (const name of (await fs.readdir(TEST_RUNS)).sort()) {
        const steps = path.join(TEST_RUNS, name, 'steps');
        folders.push(path.join(TEST_RUNS, name), ...existsSync(steps) ? (await fs.readdir(steps)).sort().map(step => path.join(steps, step)) : []);
    }
    const runs: string[] = [];
    for (const folder of folders) {
        const files = await fs.readdir(folder).catch(() => [] as string[]);
        if (files.some(file => /^chart-.*\.svg$/.test(file) || file === 'report.html')) {
            runs.push(folder);
        }
    }
    return runs;
}

/**
 * What is wrong with the charts of the page, as Chromium lays them out: text reaching out of its chart, a stacked bar's
 * segments off their shares (or values) or not adding up to 100%, more than {@link MAX_SERIES} series in one legend, two
 * series sharing a colour, bars drawn on a log axis. Empty when nothing is.
 */
async function chartProblems(browser: HeadlessChromium): Promise<string[]> {
    return browser.page.$$eval('svg', (svgs, [maxSeries, slack]) => svgs.flatMap((svg, chartIndex) => {
        const problems: string[] = [];
        const title = svg.querySelector('title')?.textContent ?? `chart ${chartIndex + 1}`;
        const box = svg.getBoundingClientRect();
        for (const text of Array.from(svg.querySelectorAll('text'))) {
            const inner = text.getBoundingClientRect();
            if (inner.width > 0 && (inner.left < box.left - slack || inner.right > box.right + slack || inner.top < box.top - slack || inner.bottom > box.bottom + slack)) {
                problems.push(`${title}: "${text.textContent}" reaches out of the chart (${Math.round(inner.left - box.left)} to ${Math.round(inner.right - box.left)} px of ${Math.round(box.width)})`);
            }
        }
        const frame = svg.querySelector('rect.plot-frame') as SVGRectElement | null;
        for (const bar of Array.from(svg.querySelectorAll('g.stacked-bar'))) {
            const segments = Array.from(bar.querySelectorAll('rect.segment')) as SVGRectElement[];
            const plotWidth = frame?.width.baseVal.value ?? NaN;
            const xMax = Number(bar.getAttribute('data-x-max'));
            let sum = 0;
            let end = frame?.x.baseVal.value ?? NaN;
            for (const segment of segments) {
                const share = segment.getAttribute('data-share') ?? undefined;
                const value = share === undefined ? Number(segment.getAttribute('data-value')) / xMax : Number(share);
                sum += value;
                const [x, width] = [segment.x.baseVal.value, segment.width.baseVal.value];
                if (!(value >= 0) || Math.abs(width - value * plotWidth) > slack || Math.abs(x - end) > slack) {
                    problems.push(`${title}: a segment ${width.toFixed(1)} px wide from ${x.toFixed(1)} is off its ${(value * 100).toFixed(1)}% of ${plotWidth} px from ${end.toFixed(1)}`);
                }
                end = x + width;
            }
            if (bar.getAttribute('data-scale') === 'share' && Math.abs(sum - 1) > 0.001) {
                problems.push(`${title}: a bar's shares add up to ${(sum * 100).toFixed(1)}%`);
            }
        }
        const colors = new Map<string, string>();
        for (const legend of Array.from(svg.querySelectorAll('g.legend'))) {
            const keys = Array.from(legend.querySelectorAll('.legend-key'));
            if (keys.length > maxSeries) {
                problems.push(`${title}: ${keys.length} series in one plot`);
            }
            for (const key of keys) {
                const name = key.nextElementSibling?.textContent ?? '';
                const color = (key.getAttribute('stroke') ?? key.getAttribute('fill') ?? '').toLowerCase();
                const owner = colors.get(color);
                if (owner !== undefined && owner !== name) {
                    problems.push(`${title}: "${name}" and "${owner}" share the colour ${color}`);
                }
                colors.set(color, name);
            }
        }
        if (svg.querySelector('rect.bar')) {
            problems.push(`${title}: bars on a log axis`);
        }
        return problems;
    }), [MAX_SERIES, PX_SLACK] as const);
}

/** Every chart of every test-data run (e2e/test-data/runs), drawn by Chromium: its files, its report page, and the report the code renders now. */
suite('charts of every test-data run, in a browser', function (): void {
    this.timeout(120_000);
    let browser: HeadlessChromium | undefined;
    let profile: string;

    suiteSetup(async function (): Promise<void> {
        await skipWithoutChromium(this);
        profile = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-report-charts-'));
        writeTempMarker(profile, 'test');
        browser = await launchChromium(profile);
    });

    suiteTeardown(async () => {
        await browser?.close();
        if (profile) {
            await fs.rm(profile, { recursive: true, force: true });
        }
    });

    test('there are test-data runs to check', async () => {
        assert.isAtLeast((await committedRuns()).length, 6);
    });

    test('every chart file of the test data: text inside its chart, segments to their shares, at most six series, no two sharing a colour', async () => {
        for (const run of await committedRuns()) {
            const charts = (await fs.readdir(run)).filter(file => /^chart-.*\.svg$/.test(file)).sort();
            const svgs = await Promise.all(charts.map(file => fs.readFile(path.join(run, file), 'utf8')));
            await browser!.page.setContent(`<!DOCTYPE html><html><body>${svgs.map(svg => `<div>${svg}</div>`).join('\n')}</body></html>`);
            assert.deepStrictEqual(await chartProblems(browser!), [], path.basename(run));
            // report.md embeds every chart file of its folder, and names no other.
            const markdown = await fs.readFile(path.join(run, 'report.md'), 'utf8');
            const embedded = [...markdown.matchAll(/!\[[^\]]*\]\((chart-[^)]+\.svg)\)/g)].map(match => match[1]).sort();
            assert.deepStrictEqual(embedded, charts, `${path.basename(run)}/report.md embeds its charts`);
        }
    });

    test('every report.html of the test data: the same checks on the charts as the page draws them', async () => {
        // The kinds whose page the test data keeps (the others' pages are checked as rendered now, below).
        for (const run of (await committedRuns()).filter(folder => existsSync(path.join(folder, 'report.html')))) {
            await browser!.page.goto(`file://${path.join(run, 'report.html')}`);
            assert.isAbove(await browser!.page.locator('svg').count(), 0, path.basename(run));
            assert.deepStrictEqual(await chartProblems(browser!), [], `${path.basename(run)}/report.html`);
        }
    });

    test('the report the code renders now from each test-data run\'s results passes the same checks', async () => {
        for (const run of await committedRuns()) {
            // A bisect's folder: its answer's page from bisect.json (its steps are compare runs of their own).
            const bisect = path.join(run, BISECT_FILE);
            const html = existsSync(bisect) ? renderBisectHtml(JSON.parse(await fs.readFile(bisect, 'utf8')) as BisectRecord)
                : renderReportFiles(buildComparisonReport(await readResultsInputs([run]))).find(file => file.kind === 'html')!.content;
            await browser!.page.setContent(html);
            assert.deepStrictEqual(await chartProblems(browser!), [], `${path.basename(run)}, rendered now`);
        }
    });
});
