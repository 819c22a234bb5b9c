import { assert } from 'chai';
import { SCENARIO_SETTING_KEYS, SETTING_KEYS, TREE_SCENARIO_IDS } from '@fs-perf/benchmark-core';
import { benchCommand } from '../commands/bench';
import { BenchOptions } from '../run/option-table';
import { runSettings } from '../run/options';
import { expectedDuration } from '../run/estimates';
import { treeSizesOfSettings } from '../util/workspace';
import { parseBenchArgumentsQuietly } from './parse-quietly';

/** `yarn bench`'s parser on `argv`, with what it printed to stderr. */
function parse(argv: readonly string[]): { result: BenchOptions | number; stderr: string } {
    return parseBenchArgumentsQuietly([...argv]);
}

suite('yarn bench --suite trees', () => {
    test('the default run keeps its scenarios: no tree scenario and no trees in its settings', () => {
        const options = parse([]).result as BenchOptions;
        assert.strictEqual(options.suite, 'default');
        const settings = runSettings(options);
        assert.notProperty(settings, SCENARIO_SETTING_KEYS.vscode);
        assert.notProperty(settings, SETTING_KEYS.treeSizes);
        assert.deepStrictEqual(treeSizesOfSettings(settings), []);
    });

    test('--suite trees runs the tree scenarios of both extensions over 1k and 10k, 6 samples and 1 warm-up, no precision target', () => {
        const options = parse(['--suite', 'trees']).result as BenchOptions;
        assert.deepInclude(options, { suite: 'trees', treeSizes: ['1k', '10k'], iterations: 6, warmup: 1, precision: 0 });
        const settings = runSettings(options);
        assert.deepStrictEqual(settings[SCENARIO_SETTING_KEYS.vscode], [...TREE_SCENARIO_IDS.vscode]);
        assert.deepStrictEqual(settings[SCENARIO_SETTING_KEYS.theia], [...TREE_SCENARIO_IDS.theia]);
        assert.deepStrictEqual(treeSizesOfSettings(settings).map(size => size.label), ['1k', '10k']);
        const more = parse(['--suite', 'trees', '--tree-sizes', '100k,1k', '--iterations', '3']).result as BenchOptions;
        assert.deepInclude(more, { treeSizes: ['1k', '100k'], iterations: 3 });
        // Timed from the committed runs: 1k and 10k on both hosts (the desktop hosts, skipped here, are not timed).
        assert.strictEqual(expectedDuration(options), 'about 32 min of measuring over loopback (theia-browser ~22 min, vscode-server ~10 min, as the committed '
            + '--suite trees runs took on a 2-core machine at the suite\'s defaults)');
        assert.match(expectedDuration(more), /; 100k not timed \(a 100k tree about ten times 10k\)$/);
    });

    test('--suite trees over a link: the tree scenarios (not the link\'s reads), 1k alone unless --tree-sizes says more; writes and watching are refused', () => {
        const options = parse(['--suite', 'trees', '--network', 'cable']).result as BenchOptions;
        assert.deepInclude(options, { suite: 'trees', treeSizes: ['1k'], iterations: 6, warmup: 1, precision: 0 });
        assert.deepStrictEqual(options.networks.map(choice => typeof choice === 'string' ? choice : choice.name), ['cable']);
        const settings = runSettings(options);
        assert.deepStrictEqual(settings[SCENARIO_SETTING_KEYS.vscode], [...TREE_SCENARIO_IDS.vscode]);
        assert.deepStrictEqual(settings[SCENARIO_SETTING_KEYS.theia], [...TREE_SCENARIO_IDS.theia]);
        assert.deepInclude(parse(['--suite', 'trees', '--network', 'lan', '--tree-sizes', '10k']).result as BenchOptions, { treeSizes: ['10k'] });
        const refused = parse(['--suite', 'watch', '--network', 'lan']);
        assert.strictEqual(refused.result, 2);
        assert.include(refused.stderr, '--suite watch is not measured over a link yet (the reads, --suite trees and --suite writes are); leave out --network');
    });

    test('bad input is refused with the reason: an unknown suite or tree, --tree-sizes without the suite, the suite with a side at a URL', () => {
        assert.match(parse(['--suite', 'forest']).stderr, /--suite must be one of default, trees, writes, watch, got 'forest'/);
        assert.match(parse(['--suite', 'trees', '--tree-sizes', '5k']).stderr, /--tree-sizes: unknown tree size '5k': use 1k, 10k, 100k/);
        const alone = parse(['--tree-sizes', '1k']);
        assert.strictEqual(alone.result, 2);
        assert.match(alone.stderr, /--tree-sizes only applies with --suite/);
        // A comparison of the trees sets its apps' scenarios and trees (compare-suites.test.ts): a Theia at a URL keeps its own.
        const url = parse(['--suite', 'trees', '--compare', 'base=1.74.1', 'head=http://127.0.0.1:3000/']);
        assert.strictEqual(url.result, 2);
        assert.include(url.stderr, '--suite trees sets the scenarios and generates the trees of the apps a comparison starts, and head=http://127.0.0.1:3000/ '
            + 'is a Theia this run does not start');
    });

    test('--help says what the suite measures and what each tree costs', () => {
        const help = benchCommand().helpInformation().replace(/\s+/g, ' ');
        assert.include(help, '--suite <name>');
        assert.include(help, '--tree-sizes <list>');
        assert.include(help, '741 MB for 100k');
        assert.match(help, /--iterations <n>.*with --suite: 6/);
    });
});
