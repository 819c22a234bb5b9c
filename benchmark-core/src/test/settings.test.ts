import { assert } from 'chai';
import { SCENARIO_CATALOG, scenarioInfoById, THEIA_SCENARIO_IDS, TREE_SCENARIO_IDS, VSCODE_SCENARIO_IDS, WATCH_SCENARIO_IDS, WRITE_SCENARIO_IDS } from '../measure/scenario-catalog';
import { normalizeWorkspaceRelativePath, SettingsError, validateBenchmarkSettings } from '../settings/settings';

const scenarios = ['a.read', 'b.write', 'c.stat'];

suite('settings', () => {
    test('the precision target is a percentage; 0 or none turns it off', () => {
        assert.strictEqual(validateBenchmarkSettings({ precision: 5 }, 'fsPerf.scenarios', ['a']).precisionPercent, 5);
        assert.isUndefined(validateBenchmarkSettings({ precision: 0 }, 'fsPerf.scenarios', ['a']).precisionPercent);
        assert.isUndefined(validateBenchmarkSettings({}, 'fsPerf.scenarios', ['a']).precisionPercent);
        assert.throws(() => validateBenchmarkSettings({ precision: 80 }, 'fsPerf.scenarios', ['a']), /'fsPerf\.precision' must be a percentage from 0 \(off\) to 50 \(it is 80\)/);
    });

    test('the pause before each sample is whole milliseconds; none is 0', () => {
        assert.strictEqual(validateBenchmarkSettings({ pause: 500 }, 'fsPerf.scenarios', ['a']).pauseMs, 500);
        assert.strictEqual(validateBenchmarkSettings({}, 'fsPerf.scenarios', ['a']).pauseMs, 0);
        assert.throws(() => validateBenchmarkSettings({ pause: -1 }, 'fsPerf.scenarios', ['a']), /'fsPerf\.pause' must be a whole number from 0 to 5000 \(it is -1\)/);
        assert.throws(() => validateBenchmarkSettings({ pause: '200' }, 'fsPerf.scenarios', ['a']), /'fsPerf\.pause' must be a whole number/);
    });

    test('missing values take the defaults', () => {
        const settings = validateBenchmarkSettings({}, 'fsPerf.scenarios', scenarios);
        assert.strictEqual(settings.iterations, 15);
        assert.strictEqual(settings.warmup, 2);
        assert.deepStrictEqual(settings.sizes.map(size => size.label), ['1K', '5K', '50K', '500K', '5000K', '10000K']);
        assert.strictEqual(settings.order, 'ascending');
        assert.deepStrictEqual(settings.scenarios, scenarios);
        assert.strictEqual(settings.fixturesFolder, '.fs-perf/fixtures');
    });

    test('valid values are used, scenarios kept in run order', () => {
        const settings = validateBenchmarkSettings({
            iterations: 3, warmup: 0, sizes: ['50K', '1K'], order: 'descending', scenarios: ['c.stat', 'a.read'], fixturesFolder: 'data/./fx/',
        }, 'fsPerf.scenarios', scenarios);
        assert.deepStrictEqual([settings.iterations, settings.warmup, settings.order, settings.fixturesFolder], [3, 0, 'descending', 'data/fx']);
        assert.deepStrictEqual(settings.sizes.map(size => size.label), ['1K', '50K']);
        assert.deepStrictEqual(settings.scenarios, ['a.read', 'c.stat']);
    });

    test('every invalid value is reported at once, naming the setting', () => {
        let error: unknown;
        try {
            validateBenchmarkSettings({ iterations: 0, warmup: 'two', sizes: ['3K'], order: 'random', scenarios: ['zzz'], fixturesFolder: '../outside' },
                'fsPerf.scenarios', scenarios);
        } catch (caught) {
            error = caught;
        }
        assert.instanceOf(error, SettingsError);
        const problems = (error as SettingsError).problems;
        assert.strictEqual(problems.length, 6);
        assert.match(problems[0], /'fsPerf\.iterations' must be a whole number from 1 to 1000 \(it is 0\)/);
        assert.match(problems[1], /'fsPerf\.warmup' must be a whole number from 0 to 100 \(it is "two"\)/);
        assert.match(problems[2], /'fsPerf\.sizes': Unknown fixture size '3K'/);
        assert.match(problems[3], /'fsPerf\.order' must be "ascending", "descending" or "shuffled"/);
        assert.match(problems[4], /'fsPerf\.scenarios' has unknown scenario 'zzz': use a\.read, b\.write, c\.stat/);
        assert.match(problems[5], /'fsPerf\.fixturesFolder': '\.\.\/outside' leads outside the workspace/);
    });

    test('wrong types and empty lists are reported', () => {
        assert.throws(() => validateBenchmarkSettings({ sizes: '1K' }, 'k', scenarios), /must be a list of sizes/);
        assert.throws(() => validateBenchmarkSettings({ sizes: [] }, 'k', scenarios), /No fixture size given/);
        assert.throws(() => validateBenchmarkSettings({ scenarios: [] }, 'k', scenarios), /'k' is empty/);
        assert.throws(() => validateBenchmarkSettings({ iterations: 2.5 }, 'k', scenarios), /iterations/);
    });

    test('workspace-relative paths never leave the workspace', () => {
        assert.strictEqual(normalizeWorkspaceRelativePath('a\\b\\..\\c'), 'a/c');
        for (const bad of ['/etc', 'C:\\temp', 'file:///etc', '..', 'a/../../b', '.', 'a\0b']) {
            assert.throws(() => normalizeWorkspaceRelativePath(bad), Error, undefined, bad);
        }
    });

    test('the scenario catalog has unique ids, and each extension runs its own', () => {
        const ids = Object.values(SCENARIO_CATALOG).map(scenario => scenario.id);
        assert.strictEqual(new Set(ids).size, ids.length);
        const optInWrites = [...WRITE_SCENARIO_IDS.vscode, ...WRITE_SCENARIO_IDS.theia].filter(id => ![...VSCODE_SCENARIO_IDS, ...THEIA_SCENARIO_IDS].includes(id));
        assert.strictEqual(VSCODE_SCENARIO_IDS.length + THEIA_SCENARIO_IDS.length + TREE_SCENARIO_IDS.vscode.length + TREE_SCENARIO_IDS.theia.length + optInWrites.length
            + WATCH_SCENARIO_IDS.vscode.length + WATCH_SCENARIO_IDS.theia.length, ids.length);
        assert.strictEqual(scenarioInfoById('vscode.workspace.fs.readFile')?.label, 'workspace.fs.readFile');
        assert.isUndefined(scenarioInfoById('nope'));
    });
});
