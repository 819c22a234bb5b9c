import { assert } from 'chai';
import { seededRandom } from '../stats/bootstrap';
import { walshRank } from '../stats/paired';
import { runSequential, SequentialDesign, sequentialLooks } from '../stats/sequential';
import { decideLook, fewestPairsToDecide, planSequentialRun, replaySequentialRun, SequentialRunPlan } from '../stats/sequential-run';
import { committedPairs, CommittedPairs, simulateRun, simulateTwoPassCheck, SimulatedRun, trueRatios } from './simulated-runs';

/** The plugin's `workspace.fs.readFile` of 10 MB: the cell an RPC change moves most, and the gate's power target. */
const TARGET = 'vscode.workspace.fs.readFile 10000K';
/** A path is a scenario: a change of its code moves its reads at every size. */
const pathOf = (cell: string): string => cell.slice(0, cell.lastIndexOf(' '));
const PLUGIN_READ = pathOf(TARGET);
const CELLS = 15;

/** The A/A run of the default design on the Intel Xeon VM: 13 pairs of about 60 s, what its 13-minute budget planned. */
const XEON_AA = '2026-11-26-xeon-aa';
/** The A/A runs of the default design on the AMD EPYC VM: 7-8 pairs of about 100 s, all the 13-minute budget planned. */
const EPYC_AA = ['2026-11-26-aa-geomean', '2026-11-26-aa-default', '2026-11-26-aa-warmup-block', '2026-11-26-aa-pause'];

/**
 * The pairs each machine needs for the power target with the run's error held (Holm over 15 cells), by the simulations
 * below (docs/compare-design.md, "One gate per run"): on the Xeon its default budget's 13 pairs catch the +8% in about 82% of
 * runs (2000 simulated), at the edge, so the test takes 600; on the EPYC 8 pairs can flag nothing at all (a share of
 * 0.05 / 15 is beyond the signed-rank test of 8 pairs), 18 catch it in about 81% over its four A/A runs and 20 in 83%.
 */
const XEON_PAIRS = 13;
const EPYC_PAIRS = 20;

const holm = (maxPairs: number): SequentialRunPlan => planSequentialRun({ maxPairs, correction: 'holm' }, CELLS);
const perCell = (maxPairs: number): SequentialRunPlan => planSequentialRun({ maxPairs }, CELLS);

/** `count` runs simulated over the given committed runs' noise in turn, `ratio` the true ratio of the cells `changed` picks. */
function simulate(runs: readonly CommittedPairs[], plan: SequentialRunPlan, count: number, seed: number,
    changed: (cell: string) => boolean = () => false, ratio = 1): { committed: CommittedPairs; run: SimulatedRun }[] {
    const random = seededRandom(seed);
    return Array.from({ length: count }, (_, index) => {
        const committed = runs[index % runs.length];
        return { committed, run: simulateRun(committed, plan, trueRatios(committed, changed, ratio), random) };
    });
}

/** How many of the runs flagged (slower or faster) some cell `counted` picks. */
function runsFlagging(runs: readonly { committed: CommittedPairs; run: SimulatedRun }[], counted: (cell: string) => boolean = () => true): number {
    return runs.filter(({ committed, run }) => run.verdicts.some((verdict, cell) =>
        (verdict === 'slower' || verdict === 'faster') && counted(committed.cells[cell]))).length;
}

function runsCalling(runs: readonly { committed: CommittedPairs; run: SimulatedRun }[], cell: string, verdict: string): number {
    return runs.filter(({ committed, run }) => run.verdicts[committed.cells.indexOf(cell)] === verdict).length;
}

suite('one gate per run: Holm across the cells at every look (issue 37)', function () {
    this.timeout(60000);
    let xeon: CommittedPairs;
    let epyc: CommittedPairs[];

    suiteSetup(() => {
        xeon = committedPairs(XEON_AA);
        epyc = EPYC_AA.map(committedPairs);
        for (const run of [xeon, ...epyc]) {
            assert.lengthOf(run.cells, CELLS, run.run);
            assert.include(run.cells, TARGET, run.run);
        }
    });

    test('a Holm plan looks where the smallest share (alpha / cells) can decide, and a cell\'s level grows with every cell flagged', () => {
        const plan = holm(13);
        assert.deepStrictEqual(plan.looks.map(look => look.pairs), [12, 13], '8 pairs cannot reach a share of 0.05 / 15: that look is left out');
        assert.closeTo(plan.looks.reduce((sum, look) => sum + look.spent, 0), 0.05 / CELLS, 1e-6);
        for (const maxPairs of [10, 13, 24]) {
            const plan = holm(maxPairs);
            const shares = Array.from({ length: CELLS }, (_, flagged) => plan.looksAfter(flagged));
            for (let flagged = 1; flagged < CELLS; flagged++) {
                shares[flagged].forEach((look, index) => {
                    assert.strictEqual(look.pairs, shares[0][index].pairs);
                    assert.isAbove(look.nominalAlpha, shares[flagged - 1][index].nominalAlpha, `${maxPairs} pairs, look ${index + 1}, ${flagged} flagged`);
                });
            }
            // The last cell left has the whole alpha.
            assert.closeTo(shares[CELLS - 1].reduce((sum, look) => sum + look.spent, 0), 0.05, 1e-4);
        }
        // Without a correction each cell has its own design, whatever the others do: the runs made before it.
        assert.deepStrictEqual(perCell(13).looks, sequentialLooks({ maxPairs: 13 }));
        assert.deepStrictEqual(perCell(13).looksAfter(5), sequentialLooks({ maxPairs: 13 }));
    });

    test('a run must plan 10 pairs for its shares to be reachable at all: at 8, the default budget on the EPYC VM, it can flag nothing', () => {
        assert.strictEqual(fewestPairsToDecide({}, CELLS), 8);
        assert.strictEqual(fewestPairsToDecide({ correction: 'holm' }, CELLS), 10);
        const eight = holm(8).looks;
        assert.lengthOf(eight, 1);
        assert.isUndefined(walshRank(8, 1 - eight[0].nominalAlpha));
        assert.isDefined(walshRank(10, 1 - holm(10).looks[0].nominalAlpha));
    });

    test('at a look, a flagged cell passes its share on: a cell between the two shares\' levels is called slower beside it, not alone', () => {
        const plan = planSequentialRun({ maxPairs: 12, correction: 'holm' }, 2);
        const last = plan.looks.length - 1;
        const random = seededRandom(21);
        const strong = { key: 'strong', ratios: Array.from({ length: 12 }, () => 1.3 * (1 + 0.01 * (random() - 0.5))) };
        // A cell whose interval excludes 1 at the level of the whole alpha but not at half of it.
        let between: { key: string; ratios: number[] } | undefined;
        for (let attempt = 0; attempt < 2000 && !between; attempt++) {
            const ratios = Array.from({ length: 12 }, () => 1.1 * Math.exp(0.12 * (random() - 0.5) * 2));
            const alone = decideLook(plan, last, [{ key: 'between', ratios }], 0).get('between')!;
            const passedOn = decideLook(plan, last, [{ key: 'between', ratios }], 1).get('between')!;
            if (alone.verdict === 'inconclusive' && passedOn.verdict === 'slower') {
                between = { key: 'between', ratios };
            }
        }
        assert.isDefined(between, 'no cell between the two levels was drawn');
        for (const order of [[strong, between!], [between!, strong]]) {
            const decisions = decideLook(plan, last, order, 0);
            assert.strictEqual(decisions.get('strong')!.verdict, 'slower');
            assert.strictEqual(decisions.get('between')!.verdict, 'slower');
            assert.strictEqual(decisions.get('between')!.look.nominalAlpha, plan.looksAfter(1)[last].nominalAlpha, 'decided at the larger share');
            assert.strictEqual(decisions.get('strong')!.look.nominalAlpha, plan.looksAfter(0)[last].nominalAlpha, 'flagged at its own share');
        }
        assert.throws(() => decideLook(plan, last, [strong, between!], 1), /more than the run's 2/);
    });

    test('replaying a run\'s recorded pairs gives the verdicts the run decided look by look, with the correction and without', () => {
        // A change of every read across Theia's RPC: cells flagged at an early look raise the others' shares at the later ones.
        const acrossRpc = (cell: string): boolean => !/diskRead|fs\.promises/.test(cell);
        for (const plan of [holm(24), perCell(24)]) {
            for (const { committed, run } of simulate(epyc, plan, 40, 31, acrossRpc, 1.15)) {
                const replayed = replaySequentialRun(plan, committed.cells.map((key, cell) => ({ key, ratios: run.ratios[cell] })));
                assert.deepStrictEqual(committed.cells.map(cell => replayed.get(cell)?.verdict), [...run.verdicts]);
                assert.deepStrictEqual(committed.cells.map(cell => replayed.get(cell)?.pairs), run.ratios.map(ratios => ratios.length));
            }
        }
    });

    test('a run whose every cell is flagged, one look after the other, replays to its end: the later looks have nothing left to decide', () => {
        // The two gated cells of a change that slows one read a lot and speeds the other a little: one flagged at the
        // first look, the other later; the looks after that have no open cell (a run of issue 56's action test ended so).
        const plan = planSequentialRun({ maxPairs: 40, correction: 'holm' }, 2);
        assert.isAtLeast(plan.looks.length, 3);
        const random = seededRandom(5);
        const noisy = (ratio: number, spread: number): number[] => Array.from({ length: 40 }, () => ratio * Math.exp(spread * (random() - 0.5)));
        const slower = { key: 'slower', ratios: noisy(2.5, 0.05) };
        // A faster cell that the first look leaves open and a later one, not the last, flags.
        let replayed: ReturnType<typeof replaySequentialRun> | undefined;
        for (let attempt = 0; attempt < 500 && !replayed; attempt++) {
            const outcome = replaySequentialRun(plan, [slower, { key: 'faster', ratios: noisy(0.95, 0.3) }]);
            const faster = outcome.get('faster')!;
            if (faster.verdict === 'faster' && faster.pairs > plan.looks[0].pairs && faster.pairs < plan.looks.at(-1)!.pairs) {
                replayed = outcome;
            }
        }
        assert.isDefined(replayed, 'no faster cell flagged between the first and the last look was drawn');
        assert.strictEqual(replayed!.get('slower')!.verdict, 'slower');
        assert.strictEqual(replayed!.get('slower')!.pairs, plan.looks[0].pairs);
        assert.deepStrictEqual([...decideLook(plan, plan.looks.length - 1, [], 2)], [], 'no open cell: nothing decided');
    });

    test('without a correction the plan decides every committed run\'s cells as each cell\'s own design did', () => {
        const runs = ['2026-11-25-aa-budget', '2026-11-25-planted-file-service', ...EPYC_AA, XEON_AA, '2026-11-26-xeon-planted-rpc-1ms'];
        // aa-pause ended before its first look (7 pairs): there is nothing to decide.
        for (const committed of runs.map(committedPairs).filter(candidate => candidate.pairs.length >= 8)) {
            const design: SequentialDesign = { maxPairs: committed.pairs.length };
            const cells = committed.cells.map((key, cell) => ({ key, ratios: committed.pairs.map(pair => Math.exp(pair[cell])) }));
            const replayed = replaySequentialRun(planSequentialRun(design, CELLS), cells);
            for (const cell of cells) {
                let next = 0;
                if (cell.ratios.length < sequentialLooks(design)[0].pairs) {
                    assert.isUndefined(replayed.get(cell.key));
                    continue;
                }
                const alone = runSequential(design, () => (next < cell.ratios.length ? cell.ratios[next++] : undefined));
                assert.deepStrictEqual(replayed.get(cell.key), alone, `${committed.run}: ${cell.key}`);
            }
        }
    });

    test(`A/A, Holm: any cell flagged in at most 5% of 240 simulated runs (the Xeon at ${XEON_PAIRS} pairs, the EPYC at ${EPYC_PAIRS})`, () => {
        const runs = [...simulate([xeon], holm(XEON_PAIRS), 120, 41), ...simulate(epyc, holm(EPYC_PAIRS), 120, 43)];
        assert.isAtMost(runsFlagging(runs), 0.05 * runs.length);
    });

    test('A/A with alpha for each cell alone (the design before issue 37) flags some cell in far more than 5% of runs', () => {
        const runs = [...simulate([xeon], perCell(XEON_PAIRS), 120, 41), ...simulate(epyc, perCell(EPYC_PAIRS), 120, 43)];
        assert.isAbove(runsFlagging(runs), 0.05 * runs.length);
    });

    test(`+8% on the plugin's 10000K read is called slower in at least 80% of runs: ${XEON_PAIRS} pairs on the Xeon's noise`, () => {
        const runs = simulate([xeon], holm(XEON_PAIRS), 600, 51, cell => cell === TARGET, 1.08);
        assert.isAtLeast(runsCalling(runs, TARGET, 'slower'), 0.8 * runs.length);
        assert.strictEqual(runsCalling(runs, TARGET, 'faster'), 0);
    });

    test(`+8% on the plugin's 10000K read is called slower in at least 80% of runs: ${EPYC_PAIRS} pairs on the EPYC's noise`, () => {
        const runs = simulate(epyc, holm(EPYC_PAIRS), 600, 53, cell => cell === TARGET, 1.08);
        assert.isAtLeast(runsCalling(runs, TARGET, 'slower'), 0.8 * runs.length);
        assert.strictEqual(runsCalling(runs, TARGET, 'faster'), 0);
    });

    test('+8% on the plugin\'s read (every size) flags no cell of another path in more than 5% of runs', () => {
        const changed = (cell: string): boolean => pathOf(cell) === PLUGIN_READ;
        const runs = [...simulate([xeon], holm(XEON_PAIRS), 120, 61, changed, 1.08), ...simulate(epyc, holm(EPYC_PAIRS), 120, 63, changed, 1.08)];
        assert.isAtMost(runsFlagging(runs, cell => !changed(cell)), 0.05 * runs.length);
        // The change was seen, so the others' shares were passed on, in most runs: what could raise the off-path cells' rate.
        assert.isAbove(runsFlagging(runs, changed), 0.5 * runs.length);
    });

    test('the old two-pass check (alpha for each cell, then a confirming pass of as many pairs) falls short of 80% within the same pairs', () => {
        const check = (runs: readonly CommittedPairs[], firstPass: number, count: number, seed: number): number => {
            const random = seededRandom(seed);
            const plan = perCell(firstPass);
            return Array.from({ length: count }, (_, index) => {
                const committed = runs[index % runs.length];
                return simulateTwoPassCheck(committed, plan, trueRatios(committed, cell => cell === TARGET, 1.08), random);
            }).filter(failed => failed.includes(TARGET)).length;
        };
        // Two passes of at least 8 pairs do not fit in the Xeon's 13: even given 16, split 8 and 8, they fall short.
        assert.isBelow(check([xeon], 8, 200, 71), 0.8 * 200);
        assert.isBelow(check(epyc, EPYC_PAIRS / 2, 200, 73), 0.8 * 200);
    });
});
