import { assert } from 'chai';
import { spawnSync, SpawnSyncReturns } from 'child_process';
import { promises as fs } from 'fs';
import { createRequire } from 'module';
import * as path from 'path';
import { REPOSITORY_ROOT } from '@fs-perf/bench';
import { assertOtherFilesInstalled, PlantedPackage, plantInstalledRelease } from './planted-package';
import { BinaryBufferLike, INSTALLED_PLUGIN_EXT, loadFileSystemMain, MAIN_FILE } from './planted-plugin-ext-module';

const SCRIPT = path.join(REPOSITORY_ROOT, 'scripts', 'planted-regression', 'plant-stat-round-trip-regression.js');
const STAT_LINE = '        return this._fileService.resolve(new uri_1.default(vscode_uri_1.URI.revive(uri)), { resolveMetadata: true }).then(stat => ({';

function plant(...args: string[]): SpawnSyncReturns<string> {
    return spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
}

suite('Planted regression: @theia/plugin-ext with one more round trip in FileSystemMainImpl.$stat (a plugin\'s workspace.fs.stat)', () => {
    let planted: PlantedPackage;

    suiteSetup(async function (): Promise<void> {
        this.timeout(60_000);
        planted = await plantInstalledRelease(SCRIPT, '@theia/plugin-ext', 'fs-perf-planted-stat-round-trip-test-', []);
    });

    suiteTeardown(async () => {
        if (planted) {
            await fs.rm(planted.directory, { recursive: true, force: true });
        }
    });

    test('--help says what it plants; --work-ms-per-mb and a missing --out are refused with exit code 2', () => {
        const help = plant('--help');
        assert.strictEqual(help.status, 0);
        assert.include(help.stdout, 'FileSystemMainImpl.$stat');
        assert.notInclude(help.stdout, '--work-ms-per-mb');
        for (const [args, message] of [[[], /--out <folder> is required/], [['--out', planted.directory, '--work-ms-per-mb', '2'], /'--work-ms-per-mb' does not apply/]] as const) {
            const refused = plant(...args);
            assert.strictEqual(refused.status, 2, args.join(' '));
            assert.match(refused.stderr, message);
        }
    });

    test('the marker says what was planted; one line of $stat changes and every other file is the release\'s', async () => {
        const { packageRoot, version, run } = planted;
        assert.include(run.stdout, 'Planting one round trip (FileService.resolve before the stat) in lib/main/browser/file-system-main-impl.js (FileSystemMainImpl.$stat)');
        const marker = JSON.parse(await fs.readFile(path.join(packageRoot, 'fs-perf-planted-regression.json'), 'utf8'));
        assert.deepInclude(marker, {
            package: '@theia/plugin-ext', version, patchedFunctions: ['FileSystemMainImpl.$stat'], counters: ['globalThis.__fsPerfPlantedStatRoundTrips'],
            createdBy: 'scripts/planted-regression/plant-stat-round-trip-regression.js',
        });
        const patched = await fs.readFile(path.join(packageRoot, MAIN_FILE), 'utf8');
        const pristineLines = (await fs.readFile(path.join(INSTALLED_PLUGIN_EXT, MAIN_FILE), 'utf8')).split('\n');
        const changed = patched.split('\n').slice(0, pristineLines.length - 1).flatMap((line, index) => line === pristineLines[index] ? [] : [index + 1]);
        assert.deepStrictEqual(changed, [pristineLines.indexOf(STAT_LINE) + 1], 'the one line of $stat');
        assert.isTrue(patched.endsWith('// fs-perf planted regression: end\n//# sourceMappingURL=file-system-main-impl.js.map'));
        await assertOtherFilesInstalled(planted, '@theia/plugin-ext', MAIN_FILE);
    });

    test('the patched $stat resolves the file twice and answers with the same stat; the installed one resolves once; a read is untouched', async () => {
        const { BinaryBuffer } = createRequire(path.join(INSTALLED_PLUGIN_EXT, 'package.json'))('@theia/core/lib/common/buffer') as { BinaryBuffer: { wrap(bytes: Uint8Array): BinaryBufferLike } };
        const content = BinaryBuffer.wrap(new Uint8Array([1, 2, 3, 4]));
        const uri = { scheme: 'file', path: '/trees/1k/src/a.ts' };

        const pristine = loadFileSystemMain(await fs.readFile(path.join(INSTALLED_PLUGIN_EXT, MAIN_FILE), 'utf8'), content);
        const expected = await pristine.main.$stat(uri);
        assert.strictEqual(expected.size, 4);
        assert.deepStrictEqual(pristine.calls, ['resolve file:///trees/1k/src/a.ts']);

        const patched = loadFileSystemMain(await fs.readFile(path.join(planted.packageRoot, MAIN_FILE), 'utf8'), content);
        assert.deepStrictEqual(await patched.main.$stat(uri), expected);
        assert.deepStrictEqual(patched.calls, ['resolve file:///trees/1k/src/a.ts', 'resolve file:///trees/1k/src/a.ts']);
        assert.strictEqual(patched.counters.__fsPerfPlantedStatRoundTrips, 1);
        await patched.main.$readFile({ scheme: 'file', path: '/fixtures/1K.bin' });
        assert.deepStrictEqual(patched.calls.slice(2), ['readFile file:///fixtures/1K.bin'], 'a read makes no extra round trip');
        assert.strictEqual(patched.counters.__fsPerfPlantedStatRoundTrips, 1);
    });
});
