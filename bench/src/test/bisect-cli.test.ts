import { assert } from 'chai';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { BisectBuild, parseBisectSeries, ReleaseRegistry, releasesInRange, resolveReleases } from '../run/bisect/builds';
import { bisectCellName, parseBisectCell } from '../run/bisect/cell';
import { describeBisectPlan } from '../run/bisect/plan';
import { benchBisect } from '../run/bisect-run';
import { planBisect } from '@fs-perf/benchmark-core';
import { parseBenchArgumentsQuietly } from './parse-quietly';
import { writeTempMarker } from '../util/temp-marker';

const PUBLISHED = ['1.53.0', '1.54.0', '1.55.0-next.12', '1.55.0', '1.56.0', '1.60.2', '1.74.0', '1.74.1', '1.75.0'];

/** A registry that has PUBLISHED, with the packages of `incomplete` missing. */
function registry(incomplete: readonly string[] = [], asked: string[] = []): ReleaseRegistry {
    return {
        published: async () => PUBLISHED,
        incomplete: async version => {
            asked.push(version);
            return incomplete.includes(version) ? `Theia ${version} cannot be installed from this machine's package registry: it has no ${version} of @theia/output.` : undefined;
        },
    };
}

suite('yarn bench --bisect: the series, the cell and the refusals (issue 38)', () => {
    test('GOOD..BAD takes every published x.y.z release between them, in order; a list keeps its order and names', () => {
        assert.deepStrictEqual(releasesInRange(PUBLISHED, '1.54.0', '1.74.1'), ['1.54.0', '1.55.0', '1.56.0', '1.60.2', '1.74.0', '1.74.1']);
        assert.deepStrictEqual(parseBisectSeries('1.54.0..1.74.1', os.tmpdir()), { kind: 'releases', good: '1.54.0', bad: '1.74.1' });
        const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fs-perf-bisect-'));
        writeTempMarker(folder, 'test');
        try {
            const series = parseBisectSeries(`1.74.1,k3=${folder}`, os.tmpdir());
            assert.deepStrictEqual(series.kind === 'builds' && series.builds.map(build => [build.name, build.kind]), [['1.74.1', 'release'], ['k3', 'tarballs']]);
        } finally {
            fs.rmSync(folder, { recursive: true });
        }
    });

    test('a bad range, the same release twice, an old release, fewer than 2 builds and twice a name are refused with one clear line', () => {
        const refusals: [string, RegExp][] = [
            ['1.74.1..1.54.0', /GOOD must be an older release than BAD .* not a newer one/],
            ['1.74.1..1.74.1', /not the same/],
            ['1.40.0..1.74.1', /older than 1\.54\.0/],
            ['1.74.1', /at least 2 builds/],
            ['a=1.74.1,a=1.74.0', /two builds "a"/],
            ['a=1.74.1,b=http://127.0.0.1:3000/', /URL cannot be a build/],
            ['a=1.74.1,b=/no/such/folder', /neither a Theia release/],
        ];
        for (const [text, reason] of refusals) {
            const { result, stderr } = parseBenchArgumentsQuietly(['--bisect', text]);
            assert.strictEqual(result, 2, text);
            assert.match(stderr, reason, text);
            // The reason, then where the help is: never the whole help.
            assert.deepStrictEqual(stderr.trim().split('\n').slice(1), ['see `yarn bench --help`'], text);
        }
    });

    test('--cell takes the report\'s words; an unknown cell is refused listing the valid ones', () => {
        const cell = parseBisectCell('Theia browser (plugin), vscode.workspace.fs.readFile, 5K');
        assert.strictEqual(bisectCellName(parseBisectCell(' plugin ,vscode.workspace.fs.readFile,5k')), bisectCellName(cell));
        const { result, stderr } = parseBenchArgumentsQuietly(['--bisect', '1.54.0..1.74.1', '--cell', 'plugin, workspace.fs.readFile, 5K']);
        assert.strictEqual(result, 2);
        assert.include(stderr, '"Theia browser (plugin), vscode.workspace.fs.readFile, SIZE"');
        assert.include(stderr, 'SIZE one of 1K, 5K');
    });

    test('--bisect with --compare, --cell without --bisect, --resume with --bisect are refused', () => {
        assert.match(parseBenchArgumentsQuietly(['--bisect', '1.54.0..1.74.1', '--compare', '1.74.1', '1.74.1']).stderr, /not both/);
        assert.match(parseBenchArgumentsQuietly(['--cell', 'plugin, vscode.workspace.fs.readFile, 5K']).stderr, /--cell only applies with --bisect/);
        assert.match(parseBenchArgumentsQuietly(['--bisect', '1.54.0..1.74.1', '--resume', 'x']).stderr, /leave out --bisect/);
        assert.match(parseBenchArgumentsQuietly(['--bisect', '1.54.0..1.74.1', '--direction', 'sideways']).stderr, /--direction must be slower or faster/);
    });

    test('an unpublished or incomplete endpoint is refused before anything is built; an incomplete release between them is left out and said', async () => {
        const log: string[] = [];
        await assertRejects(resolveReleases('1.54.0', '1.57.0', registry(), line => log.push(line)), /Theia 1\.57\.0 is not published/);
        await assertRejects(resolveReleases('1.54.0', '1.75.0', registry(['1.75.0']), line => log.push(line)), /has no 1\.75\.0 of @theia\/output/);
        const builds = await resolveReleases('1.54.0', '1.74.1', registry(['1.56.0']), line => log.push(line));
        assert.deepStrictEqual(builds.map((build: BisectBuild) => build.name), ['1.54.0', '1.55.0', '1.60.2', '1.74.0', '1.74.1']);
        assert.match(log.join('\n'), /left out: Theia 1\.56\.0/);
    });

    test('a range with fewer than 2 complete releases is refused by the run before any long work', async () => {
        const out = fs.mkdtempSync(path.join(os.tmpdir(), 'fs-perf-bisect-run-'));
        writeTempMarker(out, 'test');
        try {
            const request = { series: { kind: 'releases' as const, good: '1.74.0', bad: '1.74.1' }, direction: 'slower' as const };
            const options = {
                compare: { alpha: 0.05, noiseThreshold: 0.05, pairs: 14, check: false, restartEvery: 1, pauseMs: 500 } as never, iterations: 5, warmup: 1,
                sizes: ['500K'], cpuPass: false, out, vsix: 'x.vsix', log: () => undefined, progress: () => () => undefined,
            };
            await assertRejects(benchBisect(request, options, { published: async () => PUBLISHED, incomplete: async version => version === '1.74.0' ? 'no 1.74.0' : undefined }),
                /1\.74\.0\.\.1\.74\.1: no 1\.74\.0/);
            await assertRejects(benchBisect({ resume: out, direction: 'slower' }, options), /there is no bisect\.json there/);
        } finally {
            fs.rmSync(out, { recursive: true, force: true });
        }
    });

    test('the plan says the builds, what must be built, the steps and the time', () => {
        const builds = ['1.54.0', '1.55.0', '1.56.0', '1.60.2', '1.74.0', '1.74.1'].map(name => ({ name, kind: 'release' as const, value: name }));
        const text = describeBisectPlan({ builds, design: planBisect(6, 0.05), cached: new Set(['1.74.1']), stepMinutes: 16 }).join('\n');
        assert.include(text, 'bisect over 6 builds in range order: 1.54.0, 1.55.0');
        assert.include(text, 'builds needed: at most 5 of them');
        assert.include(text, '3.5 minutes a webpack-era release');
        assert.include(text, 'steps: 4 comparisons when every step decides at once, at most 7');
        assert.match(text, /expected time: about \d+ min to \d+ min/);
    });
});

async function assertRejects(promise: Promise<unknown>, reason: RegExp): Promise<void> {
    try {
        await promise;
    } catch (error) {
        assert.match((error as Error).message, reason);
        return;
    }
    assert.fail(`expected a rejection matching ${reason}`);
}
