import { assert } from 'chai';
import { runBisect } from '../compare/bisect';
import { bisectAnswerSentence, bisectChartSvg, BisectRecord, bisectRecordProblem, renderBisectHtml, renderBisectMarkdown } from '../report/bisect-report';
import { sampleBisectRecord } from './sample-bisect';

/** The x of each build's label on the chart's axis, by its text. */
function labelXs(svg: string): Map<string, number> {
    return new Map([...svg.matchAll(/<text class="tick-category" x="([\d.]+)"[^>]*>([^<]+)<\/text>/g)].map(match => [match[2], Number(match[1])]));
}

suite('The answer of a bisect (report.md, report.html, Show Report)', () => {
    test('found: the first build that moved and the last that did not, with the ratio of the step it rests on; every step a row linking its folder', async () => {
        const record = await sampleBisectRecord(3);
        const markdown = renderBisectMarkdown(record, 'chart-bisect.svg');
        assert.match(bisectAnswerSentence(record), /^b3 is the first build where Theia browser \(plugin\), vscode\.workspace\.fs\.readFile, 10000K is slower; b2 is the last where it is not\. Ratio 1\.200 \[1\.140, 1\.250\] \(b3 against b2, step \d\)\.$/);
        const rows = markdown.split('\n').filter(line => /^\| \d+ \|/.test(line));
        assert.lengthOf(rows, record.steps.length);
        assert.match(rows[0], /^\| 1 \| endpoints \| b0 \| b5 \| slower \| 1\.200 \[1\.140, 1\.250\] \| 10 \| 650\.0 \| 780\.0 \| 13 min \| \[steps\/01-b0-vs-b5\]\(steps\/01-b0-vs-b5\/report\.md\) \|$/);
        assert.include(markdown, 'Machine: Intel(R) Xeon(R) Processor, 2 cores');
        assert.include(markdown, `6 builds, ${record.steps.length} comparisons (at most 7) in ${Math.round(record.steps.length * 800 / 60)} min (each step with its set-up), each at alpha 0.0071`);
        assert.include(markdown, '![median per tested build](chart-bisect.svg)');
        assert.notInclude(renderBisectMarkdown(record), '![');
    });

    test('the chart: every build of the series in range order, evenly spaced (not a log axis), the tested ones with a point', async () => {
        const record = await sampleBisectRecord(3);
        const svg = bisectChartSvg(record)!;
        const xs = labelXs(svg);
        assert.deepStrictEqual([...xs.keys()], ['b0', 'b1', 'b2', 'b3', 'b4', 'b5']);
        const positions = [...xs.values()];
        const gaps = positions.slice(1).map((x, index) => x - positions[index]);
        gaps.forEach(gap => assert.approximately(gap, gaps[0], 0.6, `labels at ${positions.join(', ')}`));
        const tested = new Set(record.steps.flatMap(step => [step.base, step.head]));
        assert.isBelow(tested.size, record.builds.length, 'some build is left untested');
        assert.include(svg, `${tested.size} of 6 tested; the others have no point`);
        for (const index of tested) {
            assert.include(svg, `tested build: ${record.builds[index].name}: `);
        }
        assert.isUndefined(bisectChartSvg({ ...record, steps: [] }));
    });

    test('each way a search ends says so: no change, cannot tell (with what the machine resolved), failed, not ended yet', async () => {
        const base = await sampleBisectRecord(3);
        const end = async (verdicts: Array<'no change' | 'inconclusive'>, fail = false): Promise<BisectRecord> => {
            let call = 0;
            const answer = await runBisect(6, async () => {
                if (fail) {
                    throw new Error('b5 did not start');
                }
                const verdict = verdicts[Math.min(call++, verdicts.length - 1)];
                return verdict === 'no change' ? { verdict, ratio: 1.01, low: 0.98, high: 1.03 } : { verdict, ratio: 1.06, low: 0.93, high: 1.21 };
            }, { alpha: 0.05 });
            return { ...base, answer };
        };
        assert.match(bisectAnswerSentence(await end(['no change'])), /^No change of .* between b0 and b5: 1\.010 \[0\.980, 1\.030\], within the ±5% threshold\. Nothing to bisect\.$/);
        assert.match(bisectAnswerSentence(await end(['inconclusive'])), /^Cannot tell: the change of .* lies between b0 and b5, below what this machine resolved \(±21% in step 1: .*\)\. No build is named\.$/);
        assert.match(bisectAnswerSentence(await end([], true)), /^The bisect stopped: b5 did not start\. The 0 finished steps are kept; --resume goes on from them\.$/);
        assert.match(bisectAnswerSentence({ ...base, answer: undefined }), /^The bisect has not ended: \d steps finished; yarn bench --resume on this folder goes on from them\.$/);
    });

    test('the page: the answer first, the release notes as a link, names escaped, no script', async () => {
        const record = await sampleBisectRecord(3);
        const html = renderBisectHtml({ ...record, builds: record.builds.map((build, index) => index === 3 ? { ...build, name: 'b3<i>' } : build),
            releaseNotes: ['Release notes: https://github.com/eclipse-theia/theia/releases/tag/v1.55.0'] });
        assert.isBelow(html.indexOf('is the first build where'), html.indexOf('<table>'));
        assert.include(html, 'b3&lt;i&gt; is the first build');
        assert.notInclude(html, 'b3<i>');
        assert.include(html, '<a href="https://github.com/eclipse-theia/theia/releases/tag/v1.55.0">');
        assert.notInclude(html, '<script');
        assert.match(html, /<td class="num">1<\/td><td>endpoints<\/td>/);
    });

    test('a bisect.json that is not a record is named for what is wrong with it', async () => {
        const record = await sampleBisectRecord(3);
        assert.isUndefined(bisectRecordProblem(JSON.parse(JSON.stringify(record))));
        assert.match(bisectRecordProblem({ kind: 'fs-perf results' })!, /not a bisect's record/);
        assert.match(bisectRecordProblem(JSON.parse('null'))!, /not a bisect's record/);
        assert.match(bisectRecordProblem({ ...record, builds: [record.builds[0]] })!, /at least 2 named builds/);
        assert.match(bisectRecordProblem({ ...record, steps: [{ ...record.steps[0], head: 6 }] })!, /comparisons between its 6 builds/);
        assert.match(bisectRecordProblem({ ...record, design: undefined })!, /no "design"/);
    });
});
