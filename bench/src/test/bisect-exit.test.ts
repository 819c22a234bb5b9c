import { assert } from 'chai';
import * as fs from 'fs';
import * as http from 'http';
import { AddressInfo } from 'net';
import * as os from 'os';
import * as path from 'path';
import { CellChange, labelCell, Verdict } from '@fs-perf/benchmark-core';
import { parseBenchArgumentsForRun } from '../commands/bench-arguments';
import { parseBisectCell } from '../run/bisect/cell';
import { benchCompare } from '../run/compare';
import { bisectExitCode, bisectExitOf, bisectFailureExit, GIT_BISECT_EXIT } from '../run/compare/bisect-exit';
import { CompareRunOptions } from '../run/compare-options';
import { BenchOptions } from '../run/options';
import { parseBenchArgumentsQuietly } from './parse-quietly';
import { writeTempMarker } from '../util/temp-marker';

const CELL = 'plugin, vscode.workspace.fs.readFile, 5K';
const COMPARE = ['--compare', 'base=1.74.1', 'head=1.74.1'];

/** A comparison's cell as compareRuns gives it, with only what the exit code reads. */
function cell(verdict: Verdict, ratio: number, text = CELL): CellChange {
    return { ...labelCell(parseBisectCell(text)), verdict, ratio: { ratio, low: ratio * 0.97, high: ratio * 1.03 } } as unknown as CellChange;
}

/** `yarn bench`'s arguments parsed as a run parses them (a refusal under --bisect-exit exits 128), with stderr. */
function parseForRun(argv: string[]): { result: BenchOptions | number; stderr: string } {
    let stderr = '';
    const error = console.error;
    const write = process.stderr.write;
    console.error = (...parts: unknown[]) => {
        stderr += parts.join(' ') + '\n';
    };
    process.stderr.write = ((chunk: string) => {
        stderr += chunk;
        return true;
    }) as typeof process.stderr.write;
    try {
        return { result: parseBenchArgumentsForRun(argv, os.tmpdir()), stderr };
    } finally {
        console.error = error;
        process.stderr.write = write;
    }
}

suite('--bisect-exit: a comparison\'s exit code for git bisect run (issue 38)', () => {
    test('the verdict of the cell is the exit code: slower bad (1), no change and faster good (0), inconclusive skipped (125); --direction faster turns it', () => {
        assert.deepStrictEqual(GIT_BISECT_EXIT, { good: 0, bad: 1, skip: 125, stop: 128 });
        const table: [Verdict, 'slower' | 'faster', number][] = [
            ['slower', 'slower', 1], ['no change', 'slower', 0], ['faster', 'slower', 0], ['inconclusive', 'slower', 125],
            ['faster', 'faster', 1], ['no change', 'faster', 0], ['slower', 'faster', 0], ['inconclusive', 'faster', 125],
        ];
        for (const [verdict, direction, code] of table) {
            assert.strictEqual(bisectExitCode(verdict, direction), code, `${verdict}, looking for ${direction}`);
        }
    });

    test('only the followed cell decides: another cell slower does not make the commit bad; a cell not measured is a skip; the line says why', () => {
        const exit = { cell: parseBisectCell(CELL), direction: 'slower' as const };
        const cells = [cell('slower', 1.8, 'extension, theia.fileService.readFile, 5K'), cell('no change', 1.01)];
        assert.deepStrictEqual(bisectExitOf(cells, exit), {
            code: 0, line: 'git bisect: good (exit 0): Theia browser (plugin), vscode.workspace.fs.readFile, 5K is no change against the base, 1.010 [0.980, 1.040]',
        });
        assert.strictEqual(bisectExitOf([cell('slower', 1.4)], exit).code, 1);
        const undecided = bisectExitOf([cell('inconclusive', 1.04)], exit);
        assert.strictEqual(undecided.code, 125);
        assert.include(undecided.line, 'neither slower nor within the noise threshold: git skips this commit');
        const missing = bisectExitOf([cell('slower', 2, 'plugin, vscode.workspace.fs.readFile, 500K')], exit);
        assert.deepStrictEqual(missing, { code: 125, line: 'git bisect: skip (exit 125): Theia browser (plugin), vscode.workspace.fs.readFile, 5K was not measured' });
    });

    test('a head that cannot be set up or measured is skipped; a base that cannot be set up stops the bisect', () => {
        assert.strictEqual(bisectFailureExit('head', new Error('no lib')).code, 125);
        assert.strictEqual(bisectFailureExit('either', new Error('the head side ended')).code, 125);
        const base = bisectFailureExit('base', new Error('no such release'));
        assert.strictEqual(base.code, 128);
        assert.strictEqual(base.line, 'git bisect: stop (exit 128): the base could not be set up, so no commit can be tested: no such release');
    });

    test('the options: the cell and direction in compare.bisectExit, only the cell\'s size measured unless --sizes has it; without the flag --check is as before', () => {
        const run = parseForRun([...COMPARE, '--bisect-exit', '--cell', CELL, '--direction', 'faster']).result as BenchOptions;
        assert.deepStrictEqual(run.compare!.bisectExit, { cell: parseBisectCell(CELL), direction: 'faster' });
        assert.deepStrictEqual(run.sizes, ['5K']);
        assert.deepStrictEqual((parseForRun([...COMPARE, '--bisect-exit', '--cell', CELL, '--sizes', '1K,5K']).result as BenchOptions).sizes, ['1K', '5K']);
        assert.strictEqual((parseForRun([...COMPARE, '--bisect-exit', '--cell', CELL]).result as BenchOptions).compare!.bisectExit!.direction, 'slower');
        const check = parseForRun([...COMPARE, '--check']).result as BenchOptions;
        assert.isTrue(check.compare!.check);
        assert.isUndefined(check.compare!.bisectExit);
        assert.deepStrictEqual(check.sizes, ['500K', '5000K', '10000K']);
    });

    test('refused with one line, exit 128 (git stops the bisect rather than call the commit bad): no --cell, an unknown cell, a size without the cell\'s, with --bisect, an unknown flag', () => {
        const refusals: [string[], RegExp][] = [
            [[...COMPARE, '--bisect-exit'], /^error: --bisect-exit needs --cell "host, scenario, size": the cell whose verdict is the exit code/],
            [[...COMPARE, '--bisect-exit', '--cell', 'plugin, readFile, 5K'], /^error: --cell "plugin, readFile, 5K" is not a cell a bisect measures/],
            [[...COMPARE, '--bisect-exit', '--cell', CELL, '--sizes', '500K'], /^error: --sizes 500K does not measure the --cell's size: add 5K/],
            [['--bisect', '1.54.0..1.74.1', '--bisect-exit', '--cell', CELL], /^error: --bisect-exit makes one --compare a step of git bisect run/],
            [['--bisect-exit', '--cell', CELL], /^error: --cell, --bisect-exit only apply with --compare\./],
            [[...COMPARE, '--bisect-exit', '--cell', CELL, '--no-such-flag'], /^error: unknown option '--no-such-flag'/],
        ];
        for (const [argv, reason] of refusals) {
            const { result, stderr } = parseForRun(argv);
            assert.strictEqual(result, 128, argv.join(' '));
            assert.match(stderr, reason, argv.join(' '));
            assert.deepStrictEqual(stderr.trim().split('\n').slice(1), ['see `yarn bench --help`'], argv.join(' '));
        }
        // Without --bisect-exit a refusal keeps its usage exit code, 2.
        assert.strictEqual(parseForRun([...COMPARE, '--no-such-flag']).result, 2);
        assert.strictEqual(parseBenchArgumentsQuietly([...COMPARE, '--cell', CELL]).result, 2);
        assert.match(parseBenchArgumentsQuietly([...COMPARE, '--cell', CELL]).stderr, /--cell only applies with --bisect \(or --resume, or --compare with --bisect-exit\)/);
    });

    test('the run: a head checkout that is not built is skipped (125), a base that cannot be set up stops (128); without --bisect-exit the failure is thrown as before', async () => {
        const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fs-perf-bisect-exit-'));
        writeTempMarker(folder, 'test');
        // Any 200 answers the base's reachability check (a side at a URL is not started by the set-up).
        const server = http.createServer((_request, response) => response.end('ok'));
        await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
        try {
            const checkout = path.join(folder, 'theia');
            fs.mkdirSync(path.join(checkout, 'packages', 'core'), { recursive: true });
            fs.writeFileSync(path.join(checkout, 'packages', 'core', 'package.json'), '{"name":"@theia/core","version":"1.74.1"}');
            const badPacks = path.join(folder, 'packs');
            fs.mkdirSync(badPacks);
            fs.writeFileSync(path.join(badPacks, 'core.tgz'), 'not a tarball');
            const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
            const lines: string[] = [];
            const options = (base: string, head: string, bisectExit: boolean): CompareRunOptions => ({
                compare: {
                    sides: [{ side: 'base', label: 'good', kind: base === url ? 'url' : 'tarballs', value: base }, { side: 'head', label: 'commit', kind: 'checkout', value: head }],
                    pairs: 2, alpha: 0.05, noiseThreshold: 0.05, check: true, restartEvery: 1, pauseMs: 0,
                    ...bisectExit ? { bisectExit: { cell: parseBisectCell(CELL), direction: 'slower' as const } } : {},
                },
                cpuPass: false, iterations: 1, warmup: 0, sizes: ['5K'], out: path.join(folder, 'out'), theiaCache: path.join(folder, 'cache'), vsix: 'none.vsix',
                log: line => lines.push(line), progress: () => () => undefined,
            });
            const printed = await captureErrors(() => benchCompare(options(url, checkout, true)));
            assert.strictEqual(printed.result, 125, lines.join('\n'));
            assert.match(printed.stderr, /^git bisect: skip \(exit 125\): the head \(this commit\) could not be set up: .* is not a built Theia checkout/m);
            const stopped = await captureErrors(() => benchCompare(options(badPacks, checkout, true)));
            assert.strictEqual(stopped.result, 128);
            assert.match(stopped.stderr, /^git bisect: stop \(exit 128\): the base could not be set up, so no commit can be tested: .*core\.tgz is not an npm package tarball/m);
            const plain = await benchCompare(options(url, checkout, false)).then(() => undefined, (error: Error) => error.message);
            assert.match(plain ?? 'resolved', /is not a built Theia checkout/);
        } finally {
            server.close();
            fs.rmSync(folder, { recursive: true, force: true });
        }
    });
});

/** Runs `action` with console.error captured. */
async function captureErrors<T>(action: () => Promise<T>): Promise<{ result: T; stderr: string }> {
    let stderr = '';
    const error = console.error;
    console.error = (...parts: unknown[]) => {
        stderr += parts.join(' ') + '\n';
    };
    try {
        return { result: await action(), stderr };
    } finally {
        console.error = error;
    }
}
