import { assert } from 'chai';
import { checkAccuracy, renderAccuracyText } from '../accuracy';
import { Scenario } from '../scenario';
import { parseSizeList } from '../sizes';
import { fakeFixtures } from './fake-fixtures';

const { manifest, bytesOf } = fakeFixtures();

/**
 * A scenario whose samples take `durationMs` on a fake clock, plus `harnessExtraMs` while the harness runs it:
 * the harness's settle step marks that it is running, the progress callback before each bare loop clears it.
 */
function plantedScenario(durationMs: (index: number) => number, harnessExtraMs: number) {
    const clock = { now: 0 };
    let inHarness = false;
    const scenario: Scenario = {
        id: 'fake.read', label: 'fake.read', api: 'fake.read(uri)', target: 'fixture', verification: 'content',
        prepare: async target => ({
            runSample: async index => {
                clock.now += durationMs(index) + (inHarness ? harnessExtraMs : 0);
                return { bytes: bytesOf(target.fileName) };
            },
        }),
    };
    return {
        scenario,
        clock: (): number => clock.now,
        settle: (): void => {
            inHarness = true;
        },
        onProgress: (): void => {
            inHarness = false;
        },
    };
}

suite('accuracy check', () => {
    test('a harness that adds nothing passes, with a ratio of 1 in every round', async () => {
        const planted = plantedScenario(index => 10 + (index % 3), 0);
        const cases = await checkAccuracy({ scenarios: [planted.scenario], manifest, sizes: parseSizeList('500K,10000K'), ...planted });
        assert.deepStrictEqual(cases.map(result => [result.targetLabel, result.rounds.length, result.ratio, result.passed]),
            [['500K', 3, 1, true], ['10000K', 3, 1, true]]);
        assert.match(renderAccuracyText(cases), /the harness adds nothing measurable/);
    });

    test('a harness that adds 20% to a steady call fails, and says so', async () => {
        const planted = plantedScenario(() => 10, 2);
        const cases = await checkAccuracy({ scenarios: [planted.scenario], manifest, sizes: parseSizeList('500K'), ...planted });
        assert.strictEqual(cases[0].ratio, 1.2);
        assert.isFalse(cases[0].passed);
        assert.match(renderAccuracyText(cases), /OVERHEAD[\s\S]*1 of 1 cases differ from the bare loop by more than 5%/);
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
