import { assert } from 'chai';
import { spawnSync, SpawnSyncReturns } from 'child_process';
import { promises as fs } from 'fs';
import { createRequire } from 'module';
import * as path from 'path';
import { REPOSITORY_ROOT } from '@fs-perf/bench';
import { assertOtherFilesInstalled, PlantedPackage, plantInstalledRelease } from './planted-package';
import { BinaryBufferLike, INSTALLED_PLUGIN_EXT, loadFileSystemMain, MAIN_FILE } from './planted-plugin-ext-module';

const SCRIPT = path.join(REPOSITORY_ROOT, 'scripts', 'planted-regression', 'plant-round-trip-regression.js');
const READ_LINE = '        return this._fileService.readFile(new uri_1.default(vscode_uri_1.URI.revive(uri))).then(file => file.value).catch(FileSystemMainImpl._handleError);';
/** The planted function, as the script appends it. */
const PLANTED_BLOCK = /\/\/ fs-perf planted regression: begin[^\n]*\nfunction fsPerfPlantedRoundTrip[\s\S]*?\n}\n\/\/ fs-perf planted regression: end\n/;

function plant(...args: string[]): SpawnSyncReturns<string> {
    return spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
}

suite('Planted regression: @theia/plugin-ext with one more round trip in FileSystemMainImpl.$readFile (a plugin\'s workspace.fs.readFile)', () => {
    let planted: PlantedPackage;

    suiteSetup(async function (): Promise<void> {
        this.timeout(60_000);
        planted = await plantInstalledRelease(SCRIPT, '@theia/plugin-ext', 'fs-perf-planted-round-trip-test-', []);
    });

    suiteTeardown(async () => {
        if (planted) {
            await fs.rm(planted.directory, { recursive: true, force: true });
        }
    });

    test('--help says what it plants and offers no busy work; --work-ms-per-mb and a missing --out are refused with exit code 2', () => {
        const help = plant('--help');
        assert.strictEqual(help.status, 0);
        assert.include(help.stdout, 'theia-plugin-ext-<version>.tgz');
        assert.include(help.stdout, 'FileService.resolve');
        assert.notInclude(help.stdout, '--work-ms-per-mb');
        for (const [args, message] of [[[], /--out <folder> is required/], [['--out', planted.directory, '--work-ms-per-mb', '2'], /'--work-ms-per-mb' does not apply/]] as const) {
            const refused = plant(...args);
            assert.strictEqual(refused.status, 2, args.join(' '));
            assert.match(refused.stderr, message);
        }
    });

    test('the marker says what was planted (a round trip, no work per MiB); one line of $readFile changes and every other file is the release\'s', async () => {
        const { packageRoot, version, run } = planted;
        assert.include(run.stdout, 'Planting one round trip (FileService.resolve before the read) in lib/main/browser/file-system-main-impl.js (FileSystemMainImpl.$readFile)');
        const marker = JSON.parse(await fs.readFile(path.join(packageRoot, 'fs-perf-planted-regression.json'), 'utf8'));
        assert.deepInclude(marker, {
            package: '@theia/plugin-ext', version, patchedFunctions: ['FileSystemMainImpl.$readFile'], counters: ['globalThis.__fsPerfPlantedRoundTrips'],
            createdBy: 'scripts/planted-regression/plant-round-trip-regression.js',
        });
        assert.notProperty(marker, 'workMsPerMb');
        const patched = await fs.readFile(path.join(packageRoot, MAIN_FILE), 'utf8');
        const pristine = await fs.readFile(path.join(INSTALLED_PLUGIN_EXT, MAIN_FILE), 'utf8');
        const pristineLines = pristine.split('\n');
        const changed = patched.split('\n').slice(0, pristineLines.length - 1).flatMap((line, index) => line === pristineLines[index] ? [] : [index + 1]);
        assert.deepStrictEqual(changed, [pristineLines.indexOf(READ_LINE) + 1], 'the one line of $readFile');
        assert.match(patched, PLANTED_BLOCK);
        assert.isTrue(patched.endsWith('// fs-perf planted regression: end\n//# sourceMappingURL=file-system-main-impl.js.map'));
        await assertOtherFilesInstalled(planted, '@theia/plugin-ext', MAIN_FILE);
    });

    test('the patched $readFile asks FileService to resolve the file (its stat), then reads, and answers with the same buffer; the installed one only reads', async () => {
        const { BinaryBuffer } = createRequire(path.join(INSTALLED_PLUGIN_EXT, 'package.json'))('@theia/core/lib/common/buffer') as { BinaryBuffer: { wrap(bytes: Uint8Array): BinaryBufferLike } };
        const content = BinaryBuffer.wrap(new Uint8Array([1, 2, 3, 4]));
        const uri = { scheme: 'file', path: '/fixtures/1K.bin' };

        const pristine = loadFileSystemMain(await fs.readFile(path.join(INSTALLED_PLUGIN_EXT, MAIN_FILE), 'utf8'), content);
        assert.strictEqual(await pristine.main.$readFile(uri), content);
        assert.deepStrictEqual(pristine.calls, ['readFile file:///fixtures/1K.bin']);
        assert.isUndefined(pristine.counters.__fsPerfPlantedRoundTrips);

        const patched = loadFileSystemMain(await fs.readFile(path.join(planted.packageRoot, MAIN_FILE), 'utf8'), content);
        assert.strictEqual(await patched.main.$readFile(uri), content);
        assert.strictEqual(await patched.main.$readFile(uri), content);
        assert.deepStrictEqual(patched.calls, ['resolve file:///fixtures/1K.bin', 'readFile file:///fixtures/1K.bin', 'resolve file:///fixtures/1K.bin', 'readFile file:///fixtures/1K.bin']);
        assert.strictEqual(patched.counters.__fsPerfPlantedRoundTrips, 2);
        assert.isUndefined(patched.counters.__fsPerfPlantedBytes, 'no busy work');
    });
});
