import { assert } from 'chai';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { BisectRecord, renderBisectMarkdown, WatcherLoad } from '@fs-perf/benchmark-core';
import { countVerdict, needsSecondRound, watchCheck, watchComparisonMarkdown, watchComparisonText, watchCountCells } from '../run/compare/watch-comparison';
import { parseBisectCell, parseWatchCell, watchCellName } from '../run/bisect/cell';
import { mostMovedCount, watchStepMinutes } from '../run/bisect-run';
import { BenchOptions } from '../run/option-table';
import { readRunVerdict } from '../run/run-verdicts';
import { parseBenchArgumentsQuietly } from './parse-quietly';
import { writeTempMarker } from '../util/temp-marker';

/** A load of the openings, each with its file watcher holding `watches[i]`. */
function load(...watches: number[]): WatcherLoad {
    const names = ['node_modules watched', 'node_modules excluded', 'node_modules excluded in the workspace', 'node_modules excluded while running'];
    return {
        tree: '1k', files: 1000, folders: 301, dependencyFolders: 120,
        variants: watches.map((count, index) => ({
            name: names[index], watcherExclude: {}, settledMs: 4000, quietMs: 5000, idleMs: 10_000,
            processes: [{ role: 'file watcher', pid: 10 + index, inotifyWatches: count, cpuMs: 1500, idleCpuMs: 0, rssKiB: 102_400, peakRssKiB: 204_800 }],
        })),
    };
}

suite('yarn bench --compare --suite watch and a bisect of a watch count (issue 55)', () => {
    test('a count changed where the sides\' readings do not meet; the same count is no change; readings that meet but differ are inconclusive', () => {
        assert.strictEqual(countVerdict([302], [302]), 'no change');
        assert.strictEqual(countVerdict([302], [182]), 'faster');
        assert.strictEqual(countVerdict([182], [302]), 'slower');
        assert.strictEqual(countVerdict([300, 304], [302, 302]), 'inconclusive');
        assert.strictEqual(countVerdict([300, 301], [302, 303]), 'slower');
        assert.strictEqual(countVerdict([302, 302], [300, 302]), 'inconclusive');
    });

    test('the cells of each opening from the rounds; a second round only where one reading a side differs; --check fails on more watches of the head', () => {
        const same = watchCountCells([load(302, 302, 302, 302)], [load(302, 302, 302, 302)]);
        assert.deepStrictEqual(same.map(cell => cell.verdict), ['no change', 'no change', 'no change', 'no change']);
        assert.isFalse(needsSecondRound(same));
        const first = watchCountCells([load(302, 302, 302, 302)], [load(302, 182, 302, 302)]);
        assert.isTrue(needsSecondRound(first));
        const cells = watchCountCells([load(302, 302, 302, 302), load(302, 302, 302, 302)], [load(302, 182, 302, 302), load(302, 182, 302, 302)]);
        assert.isFalse(needsSecondRound(cells));
        assert.deepStrictEqual(cells.map(cell => [cell.variant, cell.verdict]), [['node_modules watched', 'no change'], ['node_modules excluded', 'faster'],
            ['node_modules excluded in the workspace', 'no change'], ['node_modules excluded while running', 'no change']]);
        assert.closeTo(cells[1].ratio, 182 / 302, 1e-9);
        const labels = { base: '1.72.3', head: '1.73.0' };
        assert.deepStrictEqual(watchCheck(cells, labels), { passed: true, message: 'Check passed: 1.73.0 holds no more inotify watches than 1.72.3 in node_modules watched, '
            + 'node_modules excluded, node_modules excluded in the workspace, node_modules excluded while running.' });
        // The other way round: the head holds more, and --check fails naming the opening and the readings.
        const worse = watchCountCells([load(302, 182), load(302, 182)], [load(302, 302), load(302, 302)]);
        assert.deepStrictEqual(watchCheck(worse, labels), { passed: false, message: 'Check failed: 1.73.0 holds more inotify watches than 1.72.3: node_modules excluded 302/302 against 182/182.' });
        // Gated on another opening only: passes.
        assert.isTrue(watchCheck(worse, labels, ['node_modules watched']).passed);
        const text = watchComparisonText(worse, labels, '1k');
        assert.include(text, '  node_modules excluded: 302, 302 against 182, 182: more (120 more)');
        const markdown = watchComparisonMarkdown(worse, { base: [load(302, 182), load(302, 182)], head: [load(302, 302), load(302, 302)] }, labels, watchCheck(worse, labels));
        assert.include(markdown, '| node_modules excluded | 182, 182 | 302, 302 | **more** |');
        assert.include(markdown, '| 1.73.0 | 2 | node_modules excluded | 302 | 4.0 | 1.5 | 100 |');
        // Both at 0: a ratio of 1, no change.
        assert.deepInclude(watchCountCells([load(0)], [load(0)])[0], { ratio: 1, verdict: 'no change' });
    });

    test('--cell of a watch bisect names an opening; a read cell with --suite watch and a watch cell without it are refused, naming the valid ones', () => {
        const cell = parseWatchCell('Theia browser, inotify watches, node_modules excluded');
        assert.deepStrictEqual(cell.target, 'node_modules excluded');
        assert.strictEqual(watchCellName(cell), 'Theia browser, inotify watches, node_modules excluded');
        assert.throws(() => parseWatchCell('plugin, vscode.workspace.fs.readFile, 5K'), /--cell "plugin, vscode.workspace.fs.readFile, 5K" is a cell of the reads, and --suite watch follows a watch count: give one of "Theia browser, inotify watches, node_modules watched"/);
        assert.throws(() => parseWatchCell('Theia browser, inotify watches, node_modules ignored'), /is not a watch count a bisect of --suite watch follows: give one of/);
        assert.throws(() => parseBisectCell('Theia browser, inotify watches, node_modules excluded'), /is a watch count: a bisect follows it with --suite watch \(add --suite watch\)/);
        const parsed = parseBenchArgumentsQuietly(['--bisect', '1.72.3..1.74.1', '--suite', 'watch', '--cell', 'Theia browser, inotify watches, node_modules excluded']);
        assert.strictEqual(parsed.stderr, '');
        const options = parsed.result as BenchOptions;
        assert.strictEqual(options.bisectCell?.target, 'node_modules excluded');
        assert.strictEqual(options.watchTree, '100k');
        const refused = parseBenchArgumentsQuietly(['--bisect', '1.72.3..1.74.1', '--suite', 'watch', '--cell', 'plugin, vscode.workspace.fs.readFile, 5K']);
        assert.strictEqual(refused.result, 2);
        assert.match(refused.stderr, /is a cell of the reads, and --suite watch follows a watch count/);
        const readSuite = parseBenchArgumentsQuietly(['--bisect', '1.72.3..1.74.1', '--cell', 'Theia browser, inotify watches, node_modules excluded']);
        assert.strictEqual(readSuite.result, 2);
        assert.match(readSuite.stderr, /is a watch count: a bisect follows it with --suite watch/);
    });

    test('--compare --suite watch takes no block design and no tree of none; a side at a URL is refused; the defaults', () => {
        const ok = parseBenchArgumentsQuietly(['--compare', 'a=1.72.3', 'b=1.74.1', '--suite', 'watch', '--check', '--watch-tree', '1k']);
        assert.strictEqual(ok.stderr, '');
        assert.deepInclude(ok.result as BenchOptions, { suite: 'watch', watchTree: '1k' });
        for (const extra of [['--pairs', '4'], ['--budget', '5'], ['--duet'], ['--restart-every', '2'], ['--check-counts', 'messages']]) {
            const refused = parseBenchArgumentsQuietly(['--compare', 'a=1.72.3', 'b=1.74.1', '--suite', 'watch', ...extra]);
            assert.strictEqual(refused.result, 2, extra.join(' '));
            assert.match(refused.stderr, /--compare --suite watch compares exact inotify watch counts \(each side opens the tree once, again where a count differs\), not alternated blocks/);
        }
        const none = parseBenchArgumentsQuietly(['--compare', 'a=1.72.3', 'b=1.74.1', '--suite', 'watch', '--watch-tree', 'none']);
        assert.match(none.stderr, /--compare --suite watch compares the watches each side holds on the --watch-tree tree: give 1k, 10k or 100k, not none/);
        const url = parseBenchArgumentsQuietly(['--compare', 'a=http://127.0.0.1:3000/', 'b=1.74.1', '--suite', 'watch']);
        assert.match(url.stderr, /--suite watch starts each side on the --watch-tree tree, and /);
    });

    test('a bisect of a count: the opening that moved most, its minutes a step, and its answer in watches, not in ms', () => {
        const cells = watchCountCells([load(302, 302)], [load(302, 182)]);
        assert.strictEqual(mostMovedCount(cells, 'faster')?.variant, 'node_modules excluded');
        assert.strictEqual(mostMovedCount(cells, 'slower')?.variant, 'node_modules watched');
        assert.isBelow(watchStepMinutes('1k'), watchStepMinutes('100k'));
        const record: BisectRecord = {
            kind: 'fs-perf bisect', series: '1.72.3..1.74.1', direction: 'faster', countUnit: 'inotify watches',
            builds: ['1.72.3', '1.73.0', '1.74.1'].map(name => ({ name, kind: 'release', value: name })),
            cell: { host: { editor: 'theia', runtime: 'browser', extensionKind: 'extension' }, hostLabel: 'Theia browser', scenarioId: 'inotify watches', target: 'node_modules excluded' },
            design: { alpha: 0.05, maxComparisons: 3, cleanComparisons: 2, stepAlpha: 0.05 / 3 } as BisectRecord['design'], noiseThreshold: 0.05,
            steps: [{ number: 1, role: 'endpoints', base: 0, head: 2, verdict: 'no change', ratio: 1, low: 1, high: 1, baseMedianMs: 15884, headMedianMs: 15884, folder: 'steps/01-1.72.3-vs-1.74.1' }],
            answer: { outcome: 'no change', range: [0, 2], steps: [], evidence: { number: 1, role: 'endpoints', base: 0, head: 2, verdict: 'no change', ratio: 1, low: 1, high: 1 } },
            started: '2026-11-29T00:00:00.000Z', seconds: 300,
        } as unknown as BisectRecord;
        const markdown = renderBisectMarkdown(record);
        assert.include(markdown, 'No build changed Theia browser, inotify watches, node_modules excluded between 1.72.3 and 1.74.1: the same count (15884 inotify watches in 1.74.1 against 15884 in 1.72.3, step 1). Nothing to bisect.');
        assert.include(markdown, '| Base (inotify watches) | Head (inotify watches) |');
        assert.include(markdown, '| 15884 | 15884 |');
        assert.notInclude(markdown, 'median (ms)');
        const found = renderBisectMarkdown({ ...record, answer: { outcome: 'found', range: [0, 1], steps: [], firstMoved: 1, lastUnmoved: 0,
            evidence: { number: 1, role: 'endpoints', base: 0, head: 2, verdict: 'faster', ratio: 0.3, low: 0.3, high: 0.3 } } } as unknown as BisectRecord);
        assert.include(found, '1.73.0 is the first build with fewer inotify watches in Theia browser, inotify watches, node_modules excluded; 1.72.3 is the last without');
    });

    test('yarn report --check of a watch comparison\'s folder: its counts decided again, more watches on the head failing, a row an opening', async () => {
        const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-watch-verdict-'));
        writeTempMarker(folder, 'test');
        try {
            const sides = [{ side: 'base', label: '1.72.0', kind: 'release', value: '1.72.0' }, { side: 'head', label: '1.74.1', kind: 'release', value: '1.74.1' }];
            await fs.writeFile(path.join(folder, 'run.json'), JSON.stringify({ compare: { sides, check: true }, suite: 'watch', watchTree: '1k', machine: { cpu: 'Test CPU', cpus: 2 }, seconds: 300 }));
            // Written as "no change": read again, the readings say more.
            const cells = [{ variant: 'node_modules excluded', base: [182, 182], head: [302, 302], verdict: 'no change', ratio: 1 }];
            await fs.writeFile(path.join(folder, 'watch-comparison.json'), JSON.stringify({ kind: 'fs-perf watch comparison', cells }));
            const verdict = await readRunVerdict(folder, 'watch-job');
            assert.strictEqual(verdict.verdict, 'failed');
            assert.strictEqual(verdict.message, 'Check failed: 1.74.1 holds more inotify watches than 1.72.0: node_modules excluded 302/302 against 182/182.');
            assert.deepStrictEqual(verdict.gated, [{ cell: 'Theia browser, inotify watches, node_modules excluded', baseMs: '182, 182 watches', headMs: '302, 302 watches',
                ratio: (302 / 182).toFixed(3), verdict: 'slower' }]);
            assert.deepStrictEqual(verdict.run, { pairs: 0, measureMinutes: 5, machine: 'Test CPU, 2 cores' });
            await fs.writeFile(path.join(folder, 'watch-comparison.json'), '{ not json');
            assert.strictEqual((await readRunVerdict(folder)).verdict, 'error');
        } finally {
            await fs.rm(folder, { recursive: true, force: true });
        }
    });
});
