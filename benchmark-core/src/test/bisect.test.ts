import { assert } from 'chai';
import { BisectAnswer, BisectOracle, BisectStep, BisectVerdict, planBisect, runBisect } from '../compare/bisect';
import { seededRandom } from '../stats/bootstrap';
import { Verdict } from '../stats/verdict';
import { followedCellAndFloor, simulatedOracle, stepSeries } from './simulated-bisect';
import { committedPairs, CommittedPairs } from './simulated-runs';

/** The A/A run of the default design on the Intel Xeon VM (13 pairs): the noise model, as in sequential-run.test.ts. */
const XEON_AA = '2026-11-26-xeon-aa';
const PLUGIN_10000K = 'vscode.workspace.fs.readFile 10000K';
/** Its pair ratios spread about 20% (docs/compare-runs.md): a cell whose steps often cannot be resolved at 13 pairs. */
const PLUGIN_5000K = 'vscode.workspace.fs.readFile 5000K';
/** The pairs the Xeon's 13-minute budget planned for a comparison. */
const XEON_PAIRS = 13;
const BUILDS = 8;
const RUNS = 100;

/** An oracle that knows the truth: each comparison says exactly how the builds' levels differ (beyond 5%: moved). */
function exactOracle(levels: readonly number[], asked: number[][] = []): BisectOracle {
    return async ({ base, head }) => {
        asked.push([base, head]);
        const ratio = levels[head] / levels[base];
        const verdict: Verdict = ratio > 1.05 ? 'slower' : ratio < 1 / 1.05 ? 'faster' : 'no change';
        return { verdict, ratio, low: ratio * 0.98, high: ratio * 1.02, pairs: 10 };
    };
}

/** `RUNS` searches of `BUILDS` builds over the committed noise, the change (if any) at build 1, 2, ..., 7 in turn. */
async function simulateSearches(committed: CommittedPairs, cell: string, ratio: number | undefined, seed: number): Promise<{ answer: BisectAnswer; changeAt?: number }[]> {
    const random = seededRandom(seed);
    const searches: { answer: BisectAnswer; changeAt?: number }[] = [];
    for (let index = 0; index < RUNS; index++) {
        const changeAt = ratio === undefined ? undefined : 1 + (index % (BUILDS - 1));
        const { oracle } = simulatedOracle(committed, cell, stepSeries(BUILDS, changeAt, ratio ?? 1), XEON_PAIRS, random);
        searches.push({ answer: await runBisect(BUILDS, oracle, { alpha: 0.05 }), changeAt });
    }
    return searches;
}

suite('bisect: the search over builds (issue 38)', function () {
    this.timeout(60000);

    test('the design: alpha split over the most comparisons a search can make (the endpoints, then two a halving)', () => {
        const design = planBisect(8, 0.05);
        assert.strictEqual(design.maxComparisons, 7);
        assert.strictEqual(design.cleanComparisons, 4);
        assert.closeTo(design.stepAlpha, 0.05 / 7, 1e-12);
        assert.strictEqual(planBisect(2, 0.05).maxComparisons, 1, 'two builds: the endpoints are the answer');
        assert.throws(() => planBisect(1, 0.05), /at least 2 builds/);
        assert.throws(() => planBisect(5, 0), /alpha/);
    });

    test('with every step decided, the change is found at every build of series of 2 to 33 builds in at most ceil(log2 N) + 1 comparisons', async () => {
        for (let builds = 2; builds <= 33; builds++) {
            for (let changeAt = 1; changeAt < builds; changeAt++) {
                const asked: number[][] = [];
                const answer = await runBisect(builds, exactOracle(stepSeries(builds, changeAt, 1.2), asked), { alpha: 0.05 });
                assert.strictEqual(answer.outcome, 'found', `${builds} builds, change at ${changeAt}`);
                assert.strictEqual(answer.firstMoved, changeAt);
                assert.strictEqual(answer.lastUnmoved, changeAt - 1);
                assert.isAtMost(asked.length, Math.ceil(Math.log2(builds)) + 1, `${builds} builds, change at ${changeAt}`);
                assert.strictEqual(answer.evidence?.verdict, 'slower');
            }
        }
    });

    test('a series that did not move costs one comparison; one that moved the other way says so', async () => {
        const asked: number[][] = [];
        const still = await runBisect(20, exactOracle(stepSeries(20, undefined, 1), asked), { alpha: 0.05 });
        assert.strictEqual(still.outcome, 'no change');
        assert.deepStrictEqual(asked, [[0, 19]]);
        const faster = await runBisect(20, exactOracle(stepSeries(20, 7, 0.8)), { alpha: 0.05 });
        assert.strictEqual(faster.outcome, 'opposite');
        const found = await runBisect(20, exactOracle(stepSeries(20, 7, 0.8)), { alpha: 0.05, direction: 'faster' });
        assert.strictEqual(found.firstMoved, 7);
    });

    test('an inconclusive midpoint is compared against the other endpoint; both inconclusive ends with the bracket, no build named', async () => {
        const verdicts = new Map<string, BisectVerdict>([
            ['0 7', { verdict: 'slower', ratio: 1.2, low: 1.1, high: 1.3 }],
            ['0 3', { verdict: 'inconclusive', ratio: 1.05, low: 0.9, high: 1.2 }],
            ['3 7', { verdict: 'inconclusive', ratio: 1.1, low: 0.93, high: 1.25 }],
        ]);
        const answer = await runBisect(8, async ({ base, head }) => verdicts.get(`${base} ${head}`)!, { alpha: 0.05 });
        assert.strictEqual(answer.outcome, 'cannot tell');
        assert.deepStrictEqual(answer.range, [0, 7]);
        assert.isUndefined(answer.firstMoved);
        assert.deepStrictEqual(answer.steps.map(step => step.role), ['endpoints', 'midpoint', 'other endpoint']);
        assert.strictEqual(answer.evidence?.number, 3);
    });

    test('a midpoint that moved as far as BAD is placed with it, and the answer keeps BAD\'s ratio against an unmoved build', async () => {
        const levels = stepSeries(8, 3, 1.2);
        const oracle: BisectOracle = async request => request.base === 0 && request.head === 3
            ? { verdict: 'inconclusive', ratio: 1.1, low: 0.95, high: 1.3 } : exactOracle(levels)(request);
        const answer = await runBisect(8, oracle, { alpha: 0.05 });
        assert.strictEqual(answer.firstMoved, 3);
        assert.deepStrictEqual([answer.evidence?.base, answer.evidence?.head], [0, 7], 'build 3 was placed by "no change" against BAD');
    });

    test('a comparison that fails ends the search with the steps before it; a resumed search asks only for the steps not yet made', async () => {
        const levels = stepSeries(8, 5, 1.2);
        const exact = exactOracle(levels);
        const failing: BisectOracle = async request => {
            if (request.number === 3) {
                throw new Error('Theia 1.60.0 did not start: its backend exited with code 1.');
            }
            return exact(request);
        };
        const failed = await runBisect(8, failing, { alpha: 0.05 });
        assert.strictEqual(failed.outcome, 'failed');
        assert.match(failed.failure!, /did not start/);
        assert.lengthOf(failed.steps, 2);
        const asked: number[][] = [];
        const resumed = await runBisect(8, exactOracle(levels, asked), { alpha: 0.05 }, failed.steps as BisectStep[]);
        assert.strictEqual(resumed.firstMoved, 5);
        assert.notDeepInclude(asked, [0, 7], 'the endpoints were not compared again');
        assert.deepStrictEqual(resumed.steps.slice(0, 2), failed.steps);
    });

    suite('over the committed runs\' noise', () => {
        let xeon10000: CommittedPairs;
        let xeon5000: CommittedPairs;

        suiteSetup(() => {
            // A step measures the followed cell and, beside a plugin cell, the backend's disk read of the same size.
            xeon10000 = followedCellAndFloor(committedPairs(XEON_AA), PLUGIN_10000K, 'theia.backend.diskRead 10000K');
            xeon5000 = followedCellAndFloor(committedPairs(XEON_AA), PLUGIN_5000K, 'theia.backend.diskRead 5000K');
            assert.lengthOf(xeon10000.cells, 2, 'a step measures the followed cell and one floor');
        });

        test('+12% from build k on, the plugin\'s 10000K read (Xeon A/A noise, 13 pairs a step): build k is found in at least 95 of 100', async () => {
            const searches = await simulateSearches(xeon10000, PLUGIN_10000K, 1.12, 38);
            const found = searches.filter(({ answer, changeAt }) => answer.outcome === 'found' && answer.firstMoved === changeAt).length;
            assert.isAtLeast(found, 95);
            for (const { answer } of searches) {
                assert.isAtMost(answer.steps.length, answer.design.maxComparisons);
            }
        });

        test('no change in the series: no build is named in at least 95 of 100, each search ends after the endpoints', async () => {
            const searches = await simulateSearches(xeon10000, PLUGIN_10000K, undefined, 39);
            assert.isAtLeast(searches.filter(({ answer }) => answer.outcome !== 'found').length, 95);
            for (const { answer } of searches.filter(({ answer }) => answer.outcome !== 'found')) {
                assert.lengthOf(answer.steps, 1);
            }
        });

        test('+30% on the plugin\'s 5000K read, whose pairs spread about 20%: a wrong build is named in at most 5 of 100 (else "cannot tell")', async () => {
            const searches = await simulateSearches(xeon5000, PLUGIN_5000K, 1.3, 40);
            const wrong = searches.filter(({ answer, changeAt }) => answer.outcome === 'found' && answer.firstMoved !== changeAt).length;
            assert.isAtMost(wrong, 5);
            assert.isAbove(searches.filter(({ answer }) => answer.outcome === 'cannot tell').length, 0, 'this noise leaves some steps undecided');
        });
    });
});
