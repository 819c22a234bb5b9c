import { assert } from 'chai';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { buildComparisonReport, renderReportHtml } from '@fs-perf/benchmark-core';
import { HeadlessChromium, launchChromium, readResultsInputs, writeTempMarker } from '@fs-perf/bench';
import { skipWithoutChromium, testRun, TEST_RUNS } from '../session-helpers';

/** The screen the report must fit: a laptop's. */
const VIEWPORT = { width: 1280, height: 800 };
/** Fewest labelled ticks on an axis of numbers. */
const MIN_TICKS = 4;
/** Slack for rounding, px. */
const SLACK = 0.6;

/** Every run folder of the test data with a report page. */
async function committedReports(): Promise<string[]> {
    const names = (await fs.readdir(TEST_RUNS)).sort();
    const found = await Promise.all(names.map(async name => (await fs.stat(path.join(TEST_RUNS, name, 'report.html')).catch(() => undefined)) ? name : undefined));
    return found.filter((name): name is string => name !== undefined).map(name => path.join(TEST_RUNS, name));
}

/**
 * What a person at 1280 px would find wrong with the page loaded in the browser, as Chromium lays it out: anything
 * reaching past the viewport's right edge outside a box that scrolls sideways; a series name drawn in two colours
 * (across all charts of the page); an axis of numbers with fewer than {@link MIN_TICKS} labelled ticks, or with two
 * tick labels touching; a chart with no axis of numbers; two charts titled alike; a number in the headline (its
 * sentences and key figures) that no table of the page shows. Empty when nothing is.
 */
export async function lookProblems(browser: HeadlessChromium): Promise<string[]> {
    return browser.page.evaluate(([viewport, minTicks, slack]) => {
        const problems: string[] = [];
        // 1. Nothing wider than the viewport, except inside a box that scrolls sideways (and itself fits).
        const scrolls = (element: Element): boolean => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
        if (document.documentElement.scrollWidth > viewport + slack) {
            problems.push(`the page is ${document.documentElement.scrollWidth} px wide`);
        }
        for (const element of Array.from(document.body.querySelectorAll('*'))) {
            const box = element.getBoundingClientRect();
            if (box.width === 0 || box.right <= viewport + slack) {
                continue;
            }
            let ancestor = element.parentElement;
            while (ancestor && ancestor !== document.body && !scrolls(ancestor)) {
                ancestor = ancestor.parentElement;
            }
            if (!ancestor || ancestor === document.body) {
                problems.push(`<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').slice(0, 60)}" reaches ${Math.round(box.right)} px, past ${viewport}`);
                break;
            }
        }
        // 2. A series name has one colour across the page.
        const colors = new Map<string, Set<string>>();
        for (const element of Array.from(document.querySelectorAll('svg [data-series]'))) {
            const style = getComputedStyle(element);
            const color = style.fill !== 'none' ? style.fill : style.stroke;
            const name = element.getAttribute('data-series')!;
            colors.set(name, (colors.get(name) ?? new Set()).add(color));
        }
        for (const [name, drawn] of colors) {
            if (drawn.size > 1) {
                problems.push(`"${name}" is drawn in ${drawn.size} colours: ${[...drawn].join(', ')}`);
            }
        }
        // 3. Every chart has an axis of numbers, each with at least four labelled ticks, no two labels touching.
        const charts = Array.from(document.querySelectorAll('svg')).filter(svg => svg.querySelector('.plot-frame'));
        const titles = new Map<string, number>();
        for (const svg of charts) {
            const title = svg.querySelector('title')?.textContent ?? '';
            titles.set(title, (titles.get(title) ?? 0) + 1);
            const numeric = Array.from(svg.querySelectorAll('g.axis[data-scale="log"], g.axis[data-scale="linear"]'));
            if (numeric.length === 0) {
                problems.push(`${title}: no axis of numbers`);
            }
            for (const axis of Array.from(svg.querySelectorAll('g.axis'))) {
                const labels = Array.from(axis.querySelectorAll('text.tick, text.tick-category')).filter(text => (text.textContent ?? '').trim() !== '');
                if (axis.getAttribute('data-scale') !== 'category' && labels.length < minTicks) {
                    problems.push(`${title}: an axis with ${labels.length} labelled ticks (${labels.map(text => text.textContent).join(', ')})`);
                }
                const boxes = labels.map(text => ({ text: text.textContent, box: text.getBoundingClientRect() }));
                boxes.forEach((a, index) => boxes.slice(index + 1).forEach(b => {
                    if (a.box.left < b.box.right - slack && b.box.left < a.box.right - slack && a.box.top < b.box.bottom - slack && b.box.top < a.box.bottom - slack) {
                        problems.push(`${title}: tick labels "${a.text}" and "${b.text}" touch`);
                    }
                }));
            }
        }
        // 4. No two charts titled alike.
        for (const [title, count] of titles) {
            if (count > 1) {
                problems.push(`${count} charts titled "${title}"`);
            }
        }
        // 5. Every measured number of the headline is one a table shows.
        const heading = Array.from(document.querySelectorAll('h2')).find(h2 => h2.textContent === 'Headline');
        const headline: string[] = [];
        for (let next = heading?.nextElementSibling; next && next.tagName !== 'H2'; next = next.nextElementSibling) {
            if (next.tagName === 'P' || next.tagName === 'UL') {
                headline.push(next.textContent ?? '');
            }
        }
        const numbers = (text: string): string[] => [...text.replace(/\b\d+K\b/g, ' ').matchAll(/-?\d+(?:\.\d+)?%?/g)].map(match => match[0]);
        // What the headline measured: each estimate with its interval ("790 [720, 820]", all three numbers) and each "N ms";
        // counts (15 cells, 14 pairs) are not measurements, and no table lists them.
        const measured = (text: string): string[] => [
            ...[...text.matchAll(/(-?\d+(?:\.\d+)?) \[(-?\d+(?:\.\d+)?), (-?\d+(?:\.\d+)?)\]/g)].flatMap(match => match.slice(1, 4)),
            ...[...text.matchAll(/(-?\d+(?:\.\d+)?) ms\b/g)].map(match => match[1]),
        ];
        const shown = new Set(Array.from(document.querySelectorAll('td, th')).flatMap(cell => numbers(cell.textContent ?? '')));
        for (const text of headline) {
            for (const value of measured(text)) {
                if (!shown.has(value) && !shown.has(value.replace(/^-/, ''))) {
                    problems.push(`the headline's ${value} is in no table ("${text.slice(Math.max(0, text.indexOf(value) - 50), text.indexOf(value) + 30)}")`);
                }
            }
        }
        return problems;
    }, [VIEWPORT.width, MIN_TICKS, SLACK] as const);
}

/** Every report.html of the test data, and the reports the code renders now, as a person sees them at 1280 px. */
suite('what a person sees in the report at 1280 px', function (): void {
    this.timeout(300_000);
    let browser: HeadlessChromium | undefined;
    let profile: string;

    suiteSetup(async function (): Promise<void> {
        await skipWithoutChromium(this);
        profile = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-report-look-'));
        writeTempMarker(profile, 'test');
        browser = await launchChromium(profile);
        await browser.page.setViewportSize(VIEWPORT);
    });

    suiteTeardown(async () => {
        await browser?.close();
        if (profile) {
            await fs.rm(profile, { recursive: true, force: true });
        }
    });

    test('every report.html of the test data fits, keeps a colour per name, has readable axes, distinct titles and a headline from its tables', async () => {
        const runs = await committedReports();
        assert.isAtLeast(runs.length, 6);
        for (const run of runs) {
            await browser!.page.goto(`file://${path.join(run, 'report.html')}`);
            assert.deepStrictEqual(await lookProblems(browser!), [], `${path.basename(run)}/report.html`);
        }
    });

    test('the reports the code renders now, in the page and in an editor\'s webview theme, pass the same checks', async () => {
        for (const name of ['default', 'release', 'network', 'compare']) {
            const report = buildComparisonReport(await readResultsInputs([testRun(name)]));
            for (const theme of ['standalone', 'editor'] as const) {
                await browser!.page.setContent(renderReportHtml(report, { theme }));
                assert.deepStrictEqual(await lookProblems(browser!), [], `${name}, rendered now (${theme})`);
            }
        }
    });

    test('the checks catch what they look for: a page too wide, a name in two colours, an axis of two ticks, two titles alike, a headline number no table has', async () => {
        await browser!.page.goto(`file://${path.join(testRun('default'), 'report.html')}`);
        await browser!.page.evaluate(() => {
            document.querySelector('.table-box')!.classList.remove('table-box');
            (document.querySelector('table') as HTMLElement).style.width = '1500px';
            const segment = document.querySelector('rect.segment[data-series]')!;
            segment.setAttribute('fill', '#123456');
            const axis = document.querySelector('g.axis[data-scale="log"]')!;
            Array.from(axis.querySelectorAll('text.tick')).slice(2).forEach(text => text.remove());
            const titles = Array.from(document.querySelectorAll('svg > title'));
            titles[1].textContent = titles[0].textContent;
            document.querySelector('ul.headline li')!.append(' 12345.6 ms.');
        });
        const problems = await lookProblems(browser!);
        for (const expected of [/reaches \d+ px, past 1280/, /is drawn in 2 colours/, /an axis with 2 labelled ticks/, /2 charts titled/, /the headline's 12345\.6 is in no table/]) {
            assert.isTrue(problems.some(problem => expected.test(problem)), `${expected} in ${JSON.stringify(problems)}`);
        }
    });
});
