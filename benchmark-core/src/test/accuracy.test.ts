import { assert } from 'chai';
import { checkAccuracy, renderAccuracyText } from '../session/accuracy';
import { Scenario } from '../measure/scenario';
import { parseSizeList } from '../measure/sizes';
import { fakeFixtures } from './fake-fixtures';

const { manifest, bytesOf } = fakeFixtures();

/**
 * A scenario whose samples take `durationMs` on a fake clock, plus `harnessExtraMs` in a sample the harness
 * runs: the harness's settle step, before each of its samples, marks the next sample as the harness's.
 */
function plantedScenario(durationMs: (index: number) => number, harnessExtraMs: number) {
    const clock = { now: 0 };
    let harnessSample = false;
    const scenario: Scenario = {
        id: 'fake.read', label: 'fake.read', api: 'fake.read(uri)', target: 'fixture', verification: 'content',
        prepare: async target => ({
            runSample: async index => {
                clock.now += durationMs(index) + (harnessSample ? harnessExtraMs : 0);
                harnessSample = false;
                return { bytes: bytesOf(target.fileName) };
            },
        }),
    };
    return {
        scenario,
        clock: (): number => clock.now,
        settle: (): void => {
            harnessSample = true;
        },
    };
}

suite('accuracy check', () => {
    test('a harness that adds nothing passes, with a ratio of 1 in every round', async () => {
        const planted = plantedScenario(index => 10 + (index % 3), 0);
        const cases = await checkAccuracy({ scenarios: [planted.scenario], manifest, sizes: parseSizeList('500K,10000K'), ...planted });
        assert.deepStrictEqual(cases.map(result => [result.targetLabel, result.rounds.map(round => [round.first, round.ratio]), result.ratio.ratio, result.verdict]),
            [['500K', [['bare', 1], ['harness', 1], ['bare', 1], ['harness', 1]], 1, 'ok'], ['10000K', [['bare', 1], ['harness', 1], ['bare', 1], ['harness', 1]], 1, 'ok']]);
        assert.deepStrictEqual(cases[0].rounds.map(round => [round.bareSamplesMs.length, round.harnessSamplesMs.length]), [[15, 15], [15, 15], [15, 15], [15, 15]]);
        assert.match(renderAccuracyText(cases), /the harness adds nothing measurable/);
    });

    test('a harness that adds 20% to a steady call fails, and says so', async () => {
        const planted = plantedScenario(() => 10, 2);
        const cases = await checkAccuracy({ scenarios: [planted.scenario], manifest, sizes: parseSizeList('500K'), ...planted });
        assert.strictEqual(cases[0].ratio.ratio, 1.2);
        assert.deepStrictEqual([cases[0].verdict, cases[0].passed], ['harness slower', false]);
        assert.match(renderAccuracyText(cases), /1\.20 \[1\.20, 1\.20\][^\n]*harness slower[\s\S]*1 of 1 cases differ from the bare loop by more than 5%/);
    });

    test('noisy calls whose bare median lies inside the harness\'s interval pass as within noise, a harness that is faster fails', async () => {
        const noisy = plantedScenario(index => [8, 10, 12, 14, 16][index % 5], 1);
        const [withinNoise] = await checkAccuracy({ scenarios: [noisy.scenario], manifest, sizes: parseSizeList('500K'), ...noisy });
        assert.strictEqual(withinNoise.verdict, 'within noise');
        assert.isAbove(withinNoise.ratio.ratio, 1.05);
        const faster = plantedScenario(() => 10, -1);
        const [fasterCase] = await checkAccuracy({ scenarios: [faster.scenario], manifest, sizes: parseSizeList('500K'), ...faster });
        assert.deepStrictEqual([fasterCase.verdict, fasterCase.passed], ['harness faster', false]);
    });

    test('with a pause, the bare loop waits before each sample as the harness does: a call that pays for the previous call\'s leftovers is checked alike', async () => {
        // 10 ms on the fake clock after at least 6 ms of real rest since the previous call, 13 ms right after it.
        const clock = { now: 0 };
        let lastEnd = Number.NEGATIVE_INFINITY;
        const scenario: Scenario = {
            id: 'fake.read', label: 'fake.read', api: 'fake.read(uri)', target: 'fixture', verification: 'content',
            prepare: async target => ({
                runSample: async () => {
                    clock.now += performance.now() - lastEnd >= 6 ? 10 : 13;
                    lastEnd = performance.now();
                    return { bytes: bytesOf(target.fileName) };
                },
            }),
        };
        const [paused] = await checkAccuracy({ scenarios: [scenario], manifest, sizes: parseSizeList('500K'), clock: () => clock.now, pauseMs: 8 });
        assert.isTrue(paused.rounds.every(round => [...round.bareSamplesMs, ...round.harnessSamplesMs].every(sample => sample === 10)),
            'every timed call of both came after a pause');
        assert.deepStrictEqual([paused.ratio.ratio, paused.verdict], [1, 'ok']);
    });

    test('small-files scenarios and unavailable ones are left out (the bar is sizes from 500K up)', async () => {
        const planted = plantedScenario(() => 10, 0);
        const cases = await checkAccuracy({
            scenarios: [{ ...planted.scenario, target: 'small-files' }, { ...planted.scenario, unavailableReason: () => 'no Node' }],
            manifest, sizes: parseSizeList('500K'), ...planted,
        });
        assert.deepStrictEqual(cases, []);
    });
});
