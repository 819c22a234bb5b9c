import { assert } from 'chai';
import { LOOPBACK, NETWORK_PROFILES } from '@fs-perf/benchmark-core';
import { benchRuns, benchTargets, linkSkipReason, NETWORK_DEFAULTS } from '../run';
import { parseBenchArgumentsQuietly as parse } from './parse-quietly';

suite('yarn bench --network', () => {
    test('each host over each link, hosts alternated within a link; the defaults of a run over links; what does not apply is refused', () => {
        const options = parse(['--network', 'loopback,dsl', '--hosts', 'theia-browser,vscode-server,theia-electron']).result;
        assert.isObject(options);
        if (typeof options === 'number') {
            return;
        }
        assert.deepInclude(options, { iterations: NETWORK_DEFAULTS.iterations, warmup: NETWORK_DEFAULTS.warmup, precision: 0, cpuPass: false });
        assert.deepStrictEqual(options.networks, [LOOPBACK, NETWORK_PROFILES.dsl]);
        const runs = benchRuns(benchTargets(options), options.networks);
        assert.deepStrictEqual(runs.map(run => run.key), ['theia-browser', 'vscode-server', 'theia-electron', 'theia-browser@dsl', 'vscode-server@dsl', 'theia-electron@dsl']);
        assert.match(linkSkipReason('theia-electron')!, /no page on the far side of a network/);
        assert.isUndefined(linkSkipReason('vscode-server'));
        const given = parse(['--network', 'cable', '--iterations', '9']).result;
        assert.strictEqual(typeof given !== 'number' && given.iterations, 9, 'an option given wins over the network default');
        const loopback = parse([]).result;
        assert.deepInclude(loopback, { networks: [LOOPBACK], iterations: 15, precision: 5 }, 'without --network nothing changes');

        const unknown = parse(['--network', 'wifi']);
        assert.strictEqual(unknown.result, 2);
        assert.match(unknown.stderr, /unknown network 'wifi': use loopback, lan, cable, dsl/);
        const compare = parse(['--network', 'dsl', '--compare', '1.74.1', '1.74.1']);
        assert.strictEqual(compare.result, 2);
        assert.match(compare.stderr, /--network puts its proxy in front of servers this run starts; leave out --compare/);
        assert.strictEqual(parse(['--network', 'dsl', '--theia-url', 'http://127.0.0.1:3000/']).result, 2);
    });
});
