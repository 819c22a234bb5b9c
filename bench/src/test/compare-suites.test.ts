import { assert } from 'chai';
import {
    burstTargetLabel, compareRuns, renderRunComparison, ResultsDocument, SCENARIO_CATALOG, SCENARIO_SETTING_KEYS, SETTING_KEYS, treeTargetLabel, WRITE_SCENARIO_IDS,
} from '@fs-perf/benchmark-core';
import { compareBlockTargets, CompareRunOptions, compareSuiteScenarios } from '../run/compare-options';
import { OpenCells, pairedCells } from '../run/compare/open-cells';
import { compareSideSettings } from '../run/compare/prepare-side';
import { BenchOptions } from '../run/option-table';
import { compareCellCount, expectedDuration } from '../run/estimates';
import { treeSizesOfSettings } from '../util/workspace';
import { parseBenchArgumentsQuietly } from './parse-quietly';

/** The run options `yarn bench` hands a comparison (bench.ts), from a command line that must parse. */
function compareRun(argv: readonly string[]): CompareRunOptions {
    const { result, stderr } = parseBenchArgumentsQuietly(['--compare', 'base=1.74.1', 'head=1.74.1', ...argv]);
    assert.notTypeOf(result, 'number', stderr);
    const options = result as BenchOptions;
    return {
        compare: options.compare!, iterations: options.iterations, warmup: options.warmup, sizes: options.sizes, cpuPass: options.cpuPass, out: options.out,
        suite: options.suite === 'watch' ? undefined : options.suite, treeSizes: options.treeSizes, vsix: '', log: () => undefined, progress: () => () => undefined,
    };
}

/** A block of one side: each `[extension kind, scenario, target]` cell with these samples. */
function block(cells: readonly (readonly [string, string, string])[], samplesMs: number[]): ResultsDocument {
    return {
        host: { editor: 'theia', runtime: 'browser', extensionKind: 'extension' }, settings: {},
        results: cells.map(([kind, id, targetLabel]) => ({ host: { editor: 'theia', runtime: 'browser', extensionKind: kind }, scenario: { id }, targetLabel, samplesMs })),
    } as unknown as ResultsDocument;
}

suite('yarn bench --compare --suite trees | writes', () => {
    test('--suite trees: blocks of the 1k tree, each side\'s apps given the storms in flight, the walks and a floor of each extension, and the tree', () => {
        const run = compareRun(['--suite', 'trees']);
        assert.deepInclude(run, { suite: 'trees', treeSizes: ['1k'], iterations: 5, warmup: 1 });
        assert.deepStrictEqual(compareBlockTargets(run), ['1k']);
        const settings = compareSideSettings(run);
        assert.deepStrictEqual(settings[SCENARIO_SETTING_KEYS.vscode], [SCENARIO_CATALOG.vscodeTreeStatParallel.id, SCENARIO_CATALOG.vscodeTreeWalk.id,
            SCENARIO_CATALOG.extensionHostNodeTreeStatParallel.id]);
        assert.deepStrictEqual(settings[SCENARIO_SETTING_KEYS.theia], [SCENARIO_CATALOG.theiaTreeStatParallel.id, SCENARIO_CATALOG.theiaTreeWalk.id,
            SCENARIO_CATALOG.theiaBackendTreeStatParallel.id]);
        // The workspace of each side's app gets the tree before its start (host-session.ts reads the same settings).
        assert.deepStrictEqual(treeSizesOfSettings(settings).map(size => size.label), ['1k']);
        assert.deepInclude(settings, { [SETTING_KEYS.order]: 'shuffled', [SETTING_KEYS.pause]: 500 });
        const two = compareRun(['--suite', 'trees', '--tree-sizes', '10k,1k']);
        assert.deepStrictEqual(compareBlockTargets(two), ['1k', '10k']);
        assert.strictEqual(compareCellCount(two.compare, 2, 'trees'), 12);
        assert.match(expectedDuration(parseBenchArgumentsQuietly(['--compare', 'base=1.74.1', 'head=1.74.1', '--suite', 'trees']).result as BenchOptions),
            /at least the \d+ pairs of the first look of 6 cells.*a block of the trees takes as long as its cases do/);
    });

    test('--suite writes: blocks of the fixture sizes with every write, the burst one cell whatever the sizes; the reads keep their scenarios and no tree', () => {
        const run = compareRun(['--suite', 'writes', '--sizes', '1K,10000K']);
        assert.deepStrictEqual(compareBlockTargets(run), ['1K', '10000K']);
        const settings = compareSideSettings(run);
        assert.deepStrictEqual(settings[SCENARIO_SETTING_KEYS.vscode], [...WRITE_SCENARIO_IDS.vscode]);
        assert.deepStrictEqual(settings[SCENARIO_SETTING_KEYS.theia], [...WRITE_SCENARIO_IDS.theia]);
        assert.notProperty(settings, SETTING_KEYS.treeSizes);
        // 4 writeFile paths at 2 sizes, and 4 bursts.
        assert.strictEqual(compareCellCount(run.compare, 2, 'writes'), 12);
        const reads = compareRun([]);
        assert.deepStrictEqual(compareSideSettings(reads)[SCENARIO_SETTING_KEYS.vscode], [...compareSuiteScenarios().plugin]);
        assert.deepStrictEqual(compareBlockTargets(reads), ['500K', '5000K', '10000K']);
        assert.strictEqual(compareCellCount(reads.compare, 3), 15);
    });

    test('bad input is refused with the reason: watching, a bisect of a suite, a side at a URL', () => {
        const watch = parseBenchArgumentsQuietly(['--compare', 'base=1.74.1', 'head=1.74.1', '--suite', 'watch', '--budget', '5']);
        assert.strictEqual(watch.result, 2);
        assert.include(watch.stderr, '--compare --suite watch compares exact inotify watch counts (each side opens the tree once, again where a count differs), not '
            + 'alternated blocks');
        const exit = parseBenchArgumentsQuietly(['--compare', 'base=1.74.1', 'head=1.74.1', '--suite', 'trees', '--bisect-exit', '--cell',
            'plugin, vscode.workspace.fs.readFile, 5K']);
        assert.strictEqual(exit.result, 2);
        assert.include(exit.stderr, 'a bisect follows a cell of the reads or a watch count; leave out --suite trees');
        const url = parseBenchArgumentsQuietly(['--compare', 'base=http://127.0.0.1:3000/', 'head=1.74.1', '--suite', 'writes']);
        assert.strictEqual(url.result, 2);
        assert.include(url.stderr, '--suite writes sets the scenarios of the apps a comparison starts, and base=http://127.0.0.1:3000/ is a Theia this run does not start');
        const treeSizes = parseBenchArgumentsQuietly(['--compare', 'base=1.74.1', 'head=1.74.1', '--tree-sizes', '1k']);
        assert.strictEqual(treeSizes.result, 2);
        assert.include(treeSizes.stderr, '--tree-sizes only applies with --suite');
    });

    test('a tree\'s cells are compared and followed by --budget: a block measures the trees with an open cell; the burst keeps a size to be measured in', () => {
        const tree = treeTargetLabel('1k');
        const cells = [['plugin', SCENARIO_CATALOG.vscodeTreeStatParallel.id, tree], ['extension', SCENARIO_CATALOG.theiaTreeWalk.id, treeTargetLabel('10k')]] as const;
        const comparison = compareRuns([block(cells, [100, 101, 102])], [block(cells, [110, 111, 112])], { minSize: '500K' });
        assert.deepStrictEqual(comparison.cells.map(cell => `${cell.scenarioId} ${cell.target}`),
            [`${SCENARIO_CATALOG.vscodeTreeStatParallel.id} 1k files`, `${SCENARIO_CATALOG.theiaTreeWalk.id} 10k files`]);
        // The trees have no fixture size: the summary counts the cells without "from 500K up".
        assert.include(renderRunComparison(comparison), '\n2 cells: 0 slower, 0 faster, 0 no change, 2 inconclusive.');
        const design = { alpha: 0.05, noiseThreshold: 0.05, minPairs: 8, lookEvery: 4, maxPairs: 8, correction: 'holm' as const };
        const open = new OpenCells(design, pairedCells(block(cells, [1]), block(cells, [1])));
        assert.deepStrictEqual(open.sizesToMeasure(['1k', '10k']), ['1k', '10k']);
        // 8 pairs of the 1k storm 10% slower, and of the 10k walk 30% faster or slower by turns: the storm is resolved, the
        // walk stays open, so its tree is measured on.
        const base = Array.from({ length: 8 }, (_, pair) => block([cells[0]], [100 + pair, 100 + pair, 101 + pair]));
        const head = Array.from({ length: 8 }, (_, pair) => block([cells[0]], [110 + pair * 1.1, 110 + pair * 1.1, 111 + pair * 1.1]));
        const both = base.map(document => ({ ...document, results: [...document.results, ...block([cells[1]], [50, 50, 50]).results] }));
        const headBoth = head.map((document, pair) => ({ ...document, results: [...document.results, ...block([cells[1]], Array(3).fill(pair % 2 ? 65 : 38)).results] }));
        assert.deepStrictEqual(open.decide(8, both, headBoth), [`Theia browser (plugin), ${SCENARIO_CATALOG.vscodeTreeStatParallel.id}, 1k files: slower`]);
        assert.deepStrictEqual(open.sizesToMeasure(['1k', '10k']), ['10k']);
        const burst = [['plugin', SCENARIO_CATALOG.vscodeWriteBurst.id, burstTargetLabel()]] as const;
        const writes = new OpenCells(design, pairedCells(block(burst, [1]), block(burst, [1])));
        assert.deepStrictEqual(writes.sizesToMeasure(['1K', '10000K']), ['1K'], 'the burst is measured in any block: the first size keeps it');
        assert.strictEqual(compareRuns([block(burst, [5, 6, 7])], [block(burst, [5, 6, 7])], { minSize: '500K' }).cells.length, 1);
    });
});
