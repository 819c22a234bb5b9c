import { assert } from 'chai';
import { execFileSync, spawnSync, SpawnSyncReturns } from 'child_process';
import { existsSync, promises as fs } from 'fs';
import { createRequire } from 'module';
import * as path from 'path';
import { REPOSITORY_ROOT } from '@fs-perf/bench';
import { assertOtherFilesInstalled, PlantedPackage, plantInstalledRelease } from './planted-package';
import { BinaryBufferLike, INSTALLED_PLUGIN_EXT, loadFileSystemMain, MAIN_FILE } from './planted-plugin-ext-module';

const SCRIPT = path.join(REPOSITORY_ROOT, 'scripts', 'planted-regression', 'plant-plugin-ext-regression.js');
/** Not the script's default (4), to see the parameter reach the planted code. */
const WORK_MS_PER_MB = 6;
const MIB = 1024 * 1024;
/** The planted block and the wrapper over a BinaryBuffer, as the script appends them. */
const PLANTED_BLOCK = /\/\/ fs-perf planted regression: begin[^\n]*\n[\s\S]*?\/\/ fs-perf planted regression: end\nfunction fsPerfPlantedOnBuffer[\s\S]*?\n}\n/;
const READ_LINE = '        return this._fileService.readFile(new uri_1.default(vscode_uri_1.URI.revive(uri))).then(file => file.value).catch(FileSystemMainImpl._handleError);';

function plant(...args: string[]): SpawnSyncReturns<string> {
    return spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
}

suite('Planted regression: @theia/plugin-ext with per-byte work in FileSystemMainImpl.$readFile (a plugin\'s workspace.fs.readFile)', () => {
    let planted: PlantedPackage;

    suiteSetup(async function (): Promise<void> {
        this.timeout(60_000);
        planted = await plantInstalledRelease(SCRIPT, '@theia/plugin-ext', 'fs-perf-planted-plugin-ext-test-', ['--work-ms-per-mb', String(WORK_MS_PER_MB)]);
    });

    suiteTeardown(async () => {
        if (planted) {
            await fs.rm(planted.directory, { recursive: true, force: true });
        }
    });

    test('--help prints the usage with the default of 4 ms/MiB; bad arguments are refused with exit code 2', () => {
        const help = plant('--help');
        assert.strictEqual(help.status, 0);
        assert.include(help.stdout, 'theia-plugin-ext-<version>.tgz');
        assert.include(help.stdout, 'FileSystemMainImpl.$readFile');
        assert.match(help.stdout, /--work-ms-per-mb <ms> .*\(default 4\)/);
        for (const [args, message] of [[[], /--out <folder> is required/], [['--out', planted.directory, '--work-ms-per-mb', '-1'], /'-1' is not a number/]] as const) {
            const refused = plant(...args);
            assert.strictEqual(refused.status, 2, args.join(' '));
            assert.match(refused.stderr, message);
        }
    });

    test('one line per step, then exactly one tarball, theia-plugin-ext-<version>.tgz: @theia/plugin-ext at the release, with the marker', async () => {
        const { out, tarball, packageRoot, version, run } = planted;
        assert.strictEqual(tarball, path.join(out, `theia-plugin-ext-${version}.tgz`));
        const lines = run.stdout.trim().split('\n');
        assert.strictEqual(lines.length, 5, run.stdout);
        assert.strictEqual(lines[2], `Planting ${WORK_MS_PER_MB} ms/MiB of work in lib/main/browser/file-system-main-impl.js (FileSystemMainImpl.$readFile)`);
        assert.strictEqual(lines[lines.length - 1], tarball);
        assert.deepStrictEqual(await fs.readdir(out), [path.basename(tarball)]);
        const manifest = JSON.parse(await fs.readFile(path.join(packageRoot, 'package.json'), 'utf8'));
        assert.include(manifest, { name: '@theia/plugin-ext', version });
        const marker = JSON.parse(await fs.readFile(path.join(packageRoot, 'fs-perf-planted-regression.json'), 'utf8'));
        assert.deepInclude(marker, {
            package: '@theia/plugin-ext', version, patchedFile: 'lib/main/browser/file-system-main-impl.js', workMsPerMb: WORK_MS_PER_MB,
            patchedFunctions: ['FileSystemMainImpl.$readFile'], createdBy: 'scripts/planted-regression/plant-plugin-ext-regression.js',
        });
        assert.match(marker.pristineIntegrity, /^sha512-/);
    });

    test('only $readFile\'s answer passes through the planted work; every line keeps its number and every other file is the installed release\'s', async () => {
        const patched = await fs.readFile(path.join(planted.packageRoot, MAIN_FILE), 'utf8');
        const pristine = await fs.readFile(path.join(INSTALLED_PLUGIN_EXT, MAIN_FILE), 'utf8');
        assert.include(pristine, `    $readFile(uri) {\n${READ_LINE}\n`, 'the installed release has the code the script edits');
        assert.include(patched, `    $readFile(uri) {\n${READ_LINE.replace('.then(file => file.value)', '.then(file => fsPerfPlantedOnBuffer(file.value))')}\n`);
        assert.strictEqual(patched.split('fsPerfPlantedOnBuffer(').length - 1, 2, 'one call, in $readFile, and the declaration');
        assert.include(patched, `const FS_PERF_WORK_MS_PER_MB = ${WORK_MS_PER_MB};`);
        const withoutPlanted = patched.replace(PLANTED_BLOCK, '').replace('fsPerfPlantedOnBuffer(file.value)', 'file.value');
        assert.strictEqual(withoutPlanted, pristine);
        assert.isTrue(patched.endsWith('}\n//# sourceMappingURL=file-system-main-impl.js.map'));
        const pristineLines = pristine.split('\n');
        const changed = patched.split('\n').slice(0, pristineLines.length - 1).flatMap((line, index) => line === pristineLines[index] ? [] : [index + 1]);
        assert.deepStrictEqual(changed, [pristineLines.indexOf(READ_LINE) + 1], 'the one line of $readFile');
        await assertOtherFilesInstalled(planted, '@theia/plugin-ext', MAIN_FILE);
    });

    test('the patched $readFile answers with FileService\'s own buffer after spending about the asked time per MiB on its bytes; the installed one spends none', async () => {
        const { BinaryBuffer } = createRequire(path.join(INSTALLED_PLUGIN_EXT, 'package.json'))('@theia/core/lib/common/buffer') as { BinaryBuffer: { wrap(bytes: Uint8Array): BinaryBufferLike } };
        const bytes = new Uint8Array(2.5 * MIB);
        for (let index = 0; index < bytes.length; index++) {
            bytes[index] = (index * 2654435761) >>> 24;
        }
        const content = BinaryBuffer.wrap(bytes);
        const uri = { scheme: 'file', path: '/fixtures/2500K.bin' };

        const pristine = loadFileSystemMain(await fs.readFile(path.join(INSTALLED_PLUGIN_EXT, MAIN_FILE), 'utf8'), content);
        assert.strictEqual(await pristine.main.$readFile(uri), content);
        assert.deepStrictEqual(pristine.reads, ['file:///fixtures/2500K.bin']);
        assert.isUndefined(pristine.counters.__fsPerfPlantedBytes, 'the installed module does no planted work');

        const patched = loadFileSystemMain(await fs.readFile(path.join(planted.packageRoot, MAIN_FILE), 'utf8'), content);
        const reads = 4;
        const started = performance.now();
        for (let read = 0; read < reads; read++) {
            assert.strictEqual(await patched.main.$readFile(uri), content, 'the same BinaryBuffer, untouched');
        }
        const elapsedMs = performance.now() - started;
        assert.strictEqual(patched.reads.length, reads, 'one FileService.readFile a call');
        assert.strictEqual(patched.counters.__fsPerfPlantedBytes, reads * bytes.byteLength, 'every byte of every answer');
        const askedMs = reads * bytes.byteLength / MIB * WORK_MS_PER_MB;
        // The work runs until its share is spent, and time overspent is owed back by the next read, so the total is the
        // asked time plus the last read's overshoot: at most a scheduler preemption on a busy machine.
        assert.isAtLeast(patched.counters.__fsPerfPlantedMs!, askedMs);
        assert.isAtMost(patched.counters.__fsPerfPlantedMs!, askedMs + 60);
        assert.isAtLeast(elapsedMs, askedMs, 'spent inside the calls');
        assert.deepStrictEqual(content.buffer, bytes);
    });

    test('a tarball whose $readFile is not the expected code is refused, naming the edit and the file, and nothing is written', async function (): Promise<void> {
        this.timeout(60_000);
        const { directory, version } = planted;
        const changed = path.join(directory, 'changed');
        await fs.mkdir(path.join(changed, 'package', path.dirname(MAIN_FILE)), { recursive: true });
        await fs.copyFile(path.join(INSTALLED_PLUGIN_EXT, 'package.json'), path.join(changed, 'package', 'package.json'));
        const pristine = await fs.readFile(path.join(INSTALLED_PLUGIN_EXT, MAIN_FILE), 'utf8');
        // As a release that destructured the read's result would have it.
        await fs.writeFile(path.join(changed, 'package', MAIN_FILE), pristine.replace('.then(file => file.value)', '.then(({ value }) => value)'));
        const tarball = path.join(directory, 'changed.tgz');
        execFileSync('tar', ['-czf', tarball, '-C', changed, 'package']);
        const refusedOut = path.join(directory, 'refused-out');
        const temporary = path.join(directory, 'refused-tmp');
        await fs.mkdir(temporary);
        const options = { out: refusedOut, theiaVersion: version, workMsPerMb: 4, spec: tarball };
        const refused = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(SCRIPT)}).plant(${JSON.stringify(options)})`], {
            encoding: 'utf8', env: { ...process.env, TMPDIR: temporary, TMP: temporary, TEMP: temporary },
        });
        assert.strictEqual(refused.status, 1, `${refused.stdout}\n${refused.stderr}`);
        assert.include(refused.stderr, 'Cannot plant the regression at FileSystemMainImpl.$readFile: lib/main/browser/file-system-main-impl.js '
            + 'contains the expected code 0 times instead of once');
        assert.include(refused.stderr, 'This release needs its own patch in scripts/planted-regression/plant-plugin-ext-regression.js');
        assert.isFalse(existsSync(refusedOut), 'no output folder, no tarball');
        assert.deepStrictEqual(await fs.readdir(temporary), [], 'the script removes its temporary folders');
    });
});
