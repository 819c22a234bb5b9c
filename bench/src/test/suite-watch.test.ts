import { assert } from 'chai';
import { SCENARIO_SETTING_KEYS, SETTING_KEYS, WATCH_SCENARIO_IDS } from '@fs-perf/benchmark-core';
import { benchCommand } from '../commands/bench';
import { BenchOptions } from '../run/option-table';
import { runSettings } from '../run/options';
import { expectedDuration } from '../run/estimates';
import { parseBenchArgumentsQuietly } from './parse-quietly';

suite('yarn bench --suite watch', () => {
    test('--suite watch runs every watcher and floor of both extensions, and no tree', () => {
        const { result, stderr } = parseBenchArgumentsQuietly(['--suite', 'watch']);
        const options = result as BenchOptions;
        assert.notTypeOf(result, 'number', stderr);
        assert.deepInclude(options, { suite: 'watch' });
        const settings = runSettings(options);
        assert.deepStrictEqual(settings[SCENARIO_SETTING_KEYS.vscode], [...WATCH_SCENARIO_IDS.vscode]);
        assert.deepStrictEqual(settings[SCENARIO_SETTING_KEYS.theia], [...WATCH_SCENARIO_IDS.theia]);
        assert.notProperty(settings, SETTING_KEYS.treeSizes);
        // The latencies, and the watcher load's four openings of the 100k tree a host.
        assert.match(expectedDuration(options), /^about 28 min of measuring over loopback \(theia-browser ~18 min, vscode-server ~10 min, as the committed --suite watch runs took/);
        const withoutTree = parseBenchArgumentsQuietly(['--suite', 'watch', '--watch-tree', 'none']).result as BenchOptions;
        assert.match(expectedDuration(withoutTree), /^about 22 min of measuring over loopback \(theia-browser ~15 min, vscode-server ~7 min,/);
        assert.match(expectedDuration(parseBenchArgumentsQuietly(['--suite', 'watch', '--watch-tree', '10k']).result as BenchOptions), /; the watcher load of 10k not timed$/);
    });

    test('bad input is refused with the reason: the suite with --compare\'s block design or --network, an unknown suite', () => {
        const compare = parseBenchArgumentsQuietly(['--suite', 'watch', '--compare', 'base=1.74.1', 'head=1.74.1', '--pairs', '3']);
        assert.strictEqual(compare.result, 2);
        assert.match(compare.stderr, /--compare --suite watch compares exact inotify watch counts/);
        const network = parseBenchArgumentsQuietly(['--suite', 'watch', '--network', 'lan']);
        assert.strictEqual(network.result, 2);
        assert.match(network.stderr, /--suite watch is not measured over a link yet \(the reads, --suite trees and --suite writes are\); leave out --network \(or --suite watch\)/);
        assert.match(parseBenchArgumentsQuietly(['--suite', 'forest']).stderr, /--suite must be one of default, trees, writes, watch, got 'forest'/);
    });

    test('--help says what the watch suite measures and where it is described', () => {
        const help = benchCommand().helpInformation().replace(/\s+/g, ' ');
        assert.include(help, 'or watch (file watching: the time from a change made by a process outside the editor');
        assert.include(help, 'docs/watching.md');
    });
});
