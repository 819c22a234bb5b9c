import { assert } from 'chai';
import { SCENARIO_SETTING_KEYS, SETTING_KEYS, WRITE_SCENARIO_IDS } from '@fs-perf/benchmark-core';
import { benchCommand } from '../commands/bench';
import { BenchOptions } from '../run/option-table';
import { runSettings } from '../run/options';
import { expectedDuration } from '../run/estimates';
import { treeSizesOfSettings } from '../util/workspace';
import { parseBenchArgumentsQuietly } from './parse-quietly';

suite('yarn bench --suite writes', () => {
    test('--suite writes runs every write of both extensions at the sizes asked for, and no tree', () => {
        const { result, stderr } = parseBenchArgumentsQuietly(['--suite', 'writes', '--sizes', '1K,10000K']);
        const options = result as BenchOptions;
        assert.notTypeOf(result, 'number', stderr);
        assert.deepInclude(options, { suite: 'writes', sizes: ['1K', '10000K'] });
        assert.isUndefined(options.treeSizes);
        const settings = runSettings(options);
        assert.deepStrictEqual(settings[SCENARIO_SETTING_KEYS.vscode], [...WRITE_SCENARIO_IDS.vscode]);
        assert.deepStrictEqual(settings[SCENARIO_SETTING_KEYS.theia], [...WRITE_SCENARIO_IDS.theia]);
        assert.notProperty(settings, SETTING_KEYS.treeSizes);
        assert.deepStrictEqual(treeSizesOfSettings(settings), []);
        assert.strictEqual(expectedDuration(options), 'about 4 min of measuring over loopback (theia-browser ~3 min, vscode-server ~51 s, as the committed '
            + '--suite writes runs took on a 2-core machine at the suite\'s defaults); your --sizes change it');
    });

    test('bad input is refused with the reason: the suite in a bisect, --tree-sizes with it; over a link it is measured', () => {
        const bisect = parseBenchArgumentsQuietly(['--suite', 'writes', '--bisect', '1.70.0..1.74.1']);
        assert.strictEqual(bisect.result, 2);
        assert.include(bisect.stderr, 'a bisect follows a cell of the reads or a watch count; leave out --suite writes');
        const network = parseBenchArgumentsQuietly(['--suite', 'writes', '--network', 'cable']);
        assert.notStrictEqual(network.result, 2, network.stderr);
        assert.deepStrictEqual((network.result as BenchOptions).networks.map(choice => typeof choice === 'string' ? choice : choice.name), ['cable']);
        const trees = parseBenchArgumentsQuietly(['--suite', 'writes', '--tree-sizes', '1k']);
        assert.strictEqual(trees.result, 2);
        assert.match(trees.stderr, /--tree-sizes only applies with --suite/);
        assert.match(parseBenchArgumentsQuietly(['--suite', 'forest']).stderr, /--suite must be one of default, trees, writes, watch, got 'forest'/);
    });

    test('--help says what the writes suite measures and where it is described', () => {
        const help = benchCommand().helpInformation().replace(/\s+/g, ' ');
        assert.include(help, 'or writes (writeFile of each fixture size through workspace.fs, Theia\'s FileService and bare Node, and a burst of 100 files of 1K');
        assert.include(help, 'docs/writes.md');
    });
});
