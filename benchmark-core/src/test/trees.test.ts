import { assert } from 'chai';
import {
    computeTreeLayout, countingCase, parseTreeManifest, parseTreeSizeList, scenarioTargets, SCENARIO_CATALOG, statInFlight, statOneAfterAnother, suiteScenarioIds,
    THEIA_SCENARIO_IDS, TREE_SCENARIO_IDS, TREE_SIZES, WATCH_SCENARIO_IDS, WRITE_SCENARIO_IDS, treeFilePaths, treeManifestOf, VSCODE_SCENARIO_IDS, walkDown,
} from '../measure';
import { FixtureError } from '../errors';
import { validateBenchmarkSettings } from '../settings/settings';
import { extensionSettingsSchema, SCENARIO_SETTING_KEYS } from '../settings/settings-schema';

const [ONE_K, TEN_K] = TREE_SIZES;
const SEED = 20220426;

suite('generated trees', () => {
    test('the same seed lays out the same names and lengths; another seed, other ones', () => {
        const first = computeTreeLayout(SEED, ONE_K);
        assert.deepStrictEqual(computeTreeLayout(SEED, ONE_K), first);
        assert.notDeepEqual(computeTreeLayout(SEED + 1, ONE_K).files.map(file => file.path), first.files.map(file => file.path));
    });

    for (const size of [ONE_K, TEN_K]) {
        test(`the ${size.label} tree is shaped like a workspace: exactly ${size.files} files, unique names, a source tree 3-6 deep, most files in node_modules`, () => {
            const layout = computeTreeLayout(SEED, size);
            assert.lengthOf(layout.files, size.files);
            assert.strictEqual(new Set(layout.files.map(file => file.path)).size, size.files, 'file names are unique');
            assert.strictEqual(new Set(layout.folders).size, layout.folders.length, 'folder names are unique');
            const folders = new Set(layout.folders);
            for (const file of layout.files) {
                assert.isTrue(folders.has(file.path.slice(0, file.path.lastIndexOf('/'))), `${file.path}'s folder is laid out`);
            }
            const manifest = treeManifestOf(SEED, size, layout);
            assert.isAbove(manifest.perFolder.node_modules.files, size.files / 2);
            assert.sameMembers(Object.keys(manifest.perFolder), ['src', 'node_modules', '.git', 'out']);
            const sourceDepths = layout.files.filter(file => file.path.startsWith('src/')).map(file => file.path.split('/').length - 1);
            assert.isAtLeast(Math.max(...sourceDepths), 3);
            assert.isAtMost(Math.max(...sourceDepths), 6);
            const small = layout.files.filter(file => file.bytes >= 200 && file.bytes <= 20_000).length;
            assert.isAbove(small / size.files, 0.9, 'mostly 0.2-20 KB');
            assert.isAtLeast(layout.files.filter(file => file.bytes >= 100_000).length, 2, 'a few large files');
            assert.isAbove(manifest.tsFiles, manifest.tsFilesOutsideDependencies);
            assert.isAbove(manifest.tsFilesOutsideDependencies, 0);
        });
    }

    test('a manifest of another tree, or that is no JSON, is refused with how to make the tree again', () => {
        const manifest = treeManifestOf(SEED, ONE_K, computeTreeLayout(SEED, ONE_K));
        assert.deepStrictEqual(parseTreeManifest(JSON.stringify(manifest), '1k'), manifest);
        assert.throws(() => parseTreeManifest(JSON.stringify(manifest), '10k'), FixtureError, /describes another tree.*yarn fixtures --trees 10k/);
        assert.throws(() => parseTreeManifest('{"files": ', '1k'), FixtureError, /not valid JSON.*Generate Test Files/);
        assert.throws(() => parseTreeManifest(JSON.stringify({ ...manifest, files: -1 }), '1k'), FixtureError, /invalid: files/);
        assert.throws(() => parseTreeSizeList(['1k', '2k']), /unknown tree size '2k'/);
    });
});

suite('the tree target kind', () => {
    const manifest = treeManifestOf(SEED, ONE_K, computeTreeLayout(SEED, ONE_K));
    const bigger = treeManifestOf(SEED, TEN_K, computeTreeLayout(SEED, TEN_K));
    const fixtures = { schema: 'fs-perf-fixtures' as const, schemaVersion: 1 as const, generatorVersion: 1, seed: SEED, content: 'random' as const, files: {} };

    test('one case per tree, smallest first, expecting the count the scenario returns, with the calls in flight', () => {
        const walk = scenarioTargets(SCENARIO_CATALOG.vscodeTreeWalk, fixtures, [], 'ascending', { trees: [bigger, manifest], concurrency: 4 });
        assert.deepStrictEqual(walk.map(target => [target.label, target.fileName, target.itemCount, target.concurrency]),
            [['1k files', 'trees/1k', manifest.files + manifest.folders, 4], ['10k files', 'trees/10k', bigger.files + bigger.folders, 4]]);
        assert.strictEqual(scenarioTargets(SCENARIO_CATALOG.vscodeTreeStat, fixtures, [], 'ascending', { trees: [manifest] })[0].itemCount, 1000);
        assert.strictEqual(scenarioTargets(SCENARIO_CATALOG.vscodeFindFiles, fixtures, [], 'ascending', { trees: [manifest] })[0].itemCount, manifest.tsFiles);
        assert.strictEqual(scenarioTargets(SCENARIO_CATALOG.vscodeFindFilesExclude, fixtures, [], 'ascending', { trees: [manifest] })[0].itemCount,
            manifest.tsFilesOutsideDependencies);
    });

    test('a run without trees is refused with how to make one', () => {
        assert.throws(() => scenarioTargets(SCENARIO_CATALOG.theiaTreeStat, fixtures, [], 'ascending', {}), FixtureError, /needs a generated tree.*--trees 1k/);
    });

    test('every tree scenario of the catalog counts something and is verified by its count', () => {
        for (const id of [...TREE_SCENARIO_IDS.vscode, ...TREE_SCENARIO_IDS.theia]) {
            const entry = Object.values(SCENARIO_CATALOG).find(scenario => scenario.id === id)!;
            assert.strictEqual(entry.target, 'tree', id);
            assert.isDefined((entry as { treeCount?: string }).treeCount, id);
            assert.strictEqual(entry.verifiedAs, 'count', id);
        }
    });

    test('a storm counts the files its stat found, one after another or N in flight (never more than N at once); a walk every entry', async () => {
        const items = Array.from({ length: 50 }, (_, index) => index);
        let inFlight = 0;
        let most = 0;
        const stat = async (item: number): Promise<boolean> => {
            most = Math.max(most, ++inFlight);
            await new Promise(resolve => setTimeout(resolve, item % 3));
            inFlight--;
            return item % 10 !== 0;
        };
        assert.strictEqual(await statOneAfterAnother(items, stat), 45);
        assert.strictEqual(most, 1);
        assert.strictEqual(await statInFlight(items, stat, 8), 45);
        assert.strictEqual(most, 8);
        const tree: Record<string, string[]> = { '': ['a/', 'b'], 'a/': ['a/c/', 'a/d'], 'a/c/': ['a/c/e'] };
        const list = async (folder: string) => (tree[folder] ?? []).map(child => ({ child, directory: child.endsWith('/') }));
        assert.strictEqual(await walkDown('', list), 5);
        assert.deepStrictEqual(await countingCase([1, 2], async items => items.length).runSample(0), { itemCount: 2 });
        assert.lengthOf(treeFilePaths({ seed: SEED, size: '1k' }), 1000);
    });
});

suite('selecting the tree scenarios', () => {
    test('the default runs keep their scenarios; the trees are a selection of their own the setting may choose', () => {
        for (const suiteName of ['vscode', 'theia'] as const) {
            const all = suiteScenarioIds(suiteName, 'all');
            const optInWrites = WRITE_SCENARIO_IDS[suiteName].filter(id => !suiteScenarioIds(suiteName).includes(id));
            assert.sameMembers([...suiteScenarioIds(suiteName), ...TREE_SCENARIO_IDS[suiteName], ...optInWrites, ...WATCH_SCENARIO_IDS[suiteName]], [...all]);
            assert.isEmpty(suiteScenarioIds(suiteName).filter(id => TREE_SCENARIO_IDS[suiteName].includes(id)));
            const schema = extensionSettingsSchema(suiteName)[SCENARIO_SETTING_KEYS[suiteName]];
            assert.deepStrictEqual(schema.default, [...suiteScenarioIds(suiteName)]);
            assert.deepStrictEqual(schema.items?.enum, [...all]);
        }
        assert.notInclude(VSCODE_SCENARIO_IDS, SCENARIO_CATALOG.vscodeTreeStat.id);
        assert.notInclude(THEIA_SCENARIO_IDS, SCENARIO_CATALOG.theiaTreeWalk.id);
    });

    test('fsPerf.treeSizes defaults to 1k and 10k, takes 100k, refuses what is no tree; fsPerf.treeConcurrency is bounded', () => {
        const validate = (raw: Record<string, unknown>) => validateBenchmarkSettings(raw, SCENARIO_SETTING_KEYS.vscode, suiteScenarioIds('vscode', 'all'), VSCODE_SCENARIO_IDS);
        const defaults = validate({});
        assert.deepStrictEqual(defaults.treeSizes.map(size => size.label), ['1k', '10k']);
        assert.strictEqual(defaults.treeConcurrency, 16);
        assert.deepStrictEqual(defaults.scenarios, [...VSCODE_SCENARIO_IDS]);
        assert.deepStrictEqual(validate({ treeSizes: ['100k', '1k'] }).treeSizes.map(size => size.label), ['1k', '100k']);
        assert.deepStrictEqual(validate({ scenarios: [...TREE_SCENARIO_IDS.vscode] }).scenarios, [...TREE_SCENARIO_IDS.vscode]);
        assert.throws(() => validate({ treeSizes: ['5k'] }), /'fsPerf.treeSizes': unknown tree size '5k'/);
        assert.throws(() => validate({ treeConcurrency: 0 }), /'fsPerf.treeConcurrency' must be a whole number from 1 to 256/);
    });
});
