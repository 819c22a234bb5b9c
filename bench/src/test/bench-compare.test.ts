import { assert } from 'chai';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseBenchArguments } from '../commands';
import { alternatedOrder, COMPARE_DEFAULTS, parseCompareSides, runSettings, startOrder } from '../run';
import { writeTempMarker } from '../util/temp-marker';

suite('yarn bench --compare', () => {
    let directory: string;

    setup(async () => {
        directory = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-compare-test-'));
        writeTempMarker(directory, 'test');
    });

    teardown(async () => {
        await fs.rm(directory, { recursive: true, force: true });
    });

    test('blocks alternate A B, B A, ...: each side as often first as second, so a steady drift cancels', () => {
        assert.deepStrictEqual(alternatedOrder(4), ['base', 'head', 'head', 'base', 'base', 'head', 'head', 'base']);
        const order = alternatedOrder(10);
        const meanPosition = (side: string): number => order.reduce((sum, entry, position) => sum + (entry === side ? position : 0), 0) / 10;
        assert.strictEqual(meanPosition('base'), meanPosition('head'), 'over an even number of pairs both sides sit at the same mean position');
    });

    test('with both sides restarted every odd number of pairs (here 1), the side started first alternates against the blocks\' order (A B, B A), so neither is favoured', () => {
        const pairs = 8;
        const blocks = alternatedOrder(pairs);
        const cases = Array.from({ length: pairs }, (_, pair) => `${startOrder(pair, 1)[0]} started first, ${blocks[2 * pair]} measured first`);
        for (const started of ['base', 'head']) {
            for (const measured of ['base', 'head']) {
                assert.strictEqual(cases.filter(entry => entry === `${started} started first, ${measured} measured first`).length, 2, cases.join('; '));
            }
        }
        // Two pairs a start (A B, B A inside it): the start order flips every start.
        assert.deepStrictEqual([0, 1, 2, 3].map(round => startOrder(round, 2)[0]), ['base', 'head', 'base', 'head']);
    });

    test('a side is a release, a folder of tarballs, a built checkout or a URL, optionally labelled; anything else is refused naming it', async () => {
        const tarballs = path.join(directory, 'packs');
        const checkout = path.join(directory, 'theia');
        await fs.mkdir(tarballs);
        await fs.mkdir(path.join(checkout, 'packages', 'core'), { recursive: true });
        await fs.writeFile(path.join(checkout, 'packages', 'core', 'package.json'), '{"name":"@theia/core"}');
        const [base, head] = parseCompareSides(['master=1.74.1', 'packs'], directory);
        assert.deepInclude(base, { side: 'base', label: 'master', kind: 'release', value: '1.74.1' });
        assert.deepInclude(head, { side: 'head', label: 'head', kind: 'tarballs', value: tarballs });
        const [url, built] = parseCompareSides(['http://127.0.0.1:3000/#/w', 'pr-12=theia'], directory);
        assert.deepInclude(url, { label: 'base', kind: 'url', value: 'http://127.0.0.1:3000/#/w' });
        assert.deepInclude(built, { label: 'pr-12', kind: 'checkout', value: checkout });
        assert.deepStrictEqual(parseCompareSides(['1.74.1', '1.74.1'], directory).map(side => side.label), ['base', 'head'], 'an A/A run needs no labels');
        assert.throws(() => parseCompareSides(['a=1.74.1', 'a=1.60.2'], directory), /Both sides are labelled "a"/);
        assert.throws(() => parseCompareSides(['1.74.1'], directory), /--compare takes two sides, BASE and HEAD, not 1 \(1\.74\.1\)/);
        assert.throws(() => parseCompareSides(['1.74.1', 'no-such-folder'], directory), /head side "no-such-folder" is neither a Theia release \(e\.g\. 1\.74\.1\), a URL, nor an existing folder/);
        assert.throws(() => parseCompareSides(['1.43.0', 'x=1.74.1'], directory), /base side "1\.43\.0": Theia 1\.43\.0 is older than 1\.54\.0/);
    });

    test('--compare takes its own defaults (5 samples a block, 1 warm-up, 500K to 10000K, sampling until resolved for 15 min); a plain run pauses only with --pause', () => {
        const options = parseBenchArguments(['--compare', 'a=1.74.1', 'b=1.74.1'], directory);
        assert.notStrictEqual(typeof options, 'number');
        if (typeof options !== 'number') {
            assert.deepStrictEqual([options.iterations, options.warmup, options.sizes, options.precision, options.cpuPass, options.hosts],
                [5, 1, ['500K', '5000K', '10000K'], 0, true, ['theia-browser']]);
            assert.deepInclude(options.compare!, { alpha: 0.05, noiseThreshold: 0.05, check: false, restartEvery: 1, budgetSeconds: 15 * 60, pauseMs: COMPARE_DEFAULTS.pauseMs, warmupBlock: true });
        }
        // A plain run pauses only when asked (--pause), and then sets fsPerf.pause in the apps it starts.
        const plain = parseBenchArguments(['--hosts', 'theia-browser,vscode-server'], directory);
        const paused = parseBenchArguments(['--hosts', 'theia-browser,vscode-server', '--pause', '250'], directory);
        assert.isTrue(typeof plain !== 'number' && plain.pauseMs === undefined && runSettings(plain)['fsPerf.pause'] === undefined);
        assert.isTrue(typeof paused !== 'number' && paused.pauseMs === 250 && runSettings(paused)['fsPerf.pause'] === 250, JSON.stringify(paused));
        // A fixed number of pairs only when asked for; then no budget.
        const fixed = parseBenchArguments(['--compare', 'a=1.74.1', 'b=1.74.1', '--pairs', '6'], directory);
        assert.isTrue(typeof fixed !== 'number' && fixed.compare!.pairs === 6 && fixed.compare!.budgetSeconds === undefined);
    });
});
