/** What the planted-regression suites share: running a planting script on the installed release, and comparing what it packed. */
import { assert } from 'chai';
import { execFileSync, spawnSync, SpawnSyncReturns } from 'child_process';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { REPOSITORY_ROOT, writeTempMarker } from '@fs-perf/bench';

/** A planting script's run into a temporary folder of its own, and its tarball unpacked. */
export interface PlantedPackage {
    /** The temporary folder, with `out/` (the script's output), `unpacked/package/` and `tmp/` (the script's TMPDIR) in it. */
    readonly directory: string;
    readonly out: string;
    readonly tarball: string;
    readonly packageRoot: string;
    /** The installed release, which the script planted. */
    readonly version: string;
    readonly run: SpawnSyncReturns<string>;
}

/** Where the repository's install has the package `name` (`@theia/core`, …). */
export function installedPackage(name: string): string {
    return path.join(REPOSITORY_ROOT, 'node_modules', ...name.split('/'));
}

/**
 * Runs `script --out <directory>/out --theia-version <installed> ...args` for the repository's installed release of
 * `packageName` (so the test can compare with that install), checks that it succeeded and removed its temporary
 * folders, and unpacks the tarball it wrote, npm pack's name for the package (`theia-core-1.74.1.tgz`). The caller
 * removes `directory`; on a failure here it is removed already.
 */
export async function plantInstalledRelease(script: string, packageName: string, prefix: string, args: readonly string[]): Promise<PlantedPackage> {
    const version = JSON.parse(await fs.readFile(path.join(installedPackage(packageName), 'package.json'), 'utf8')).version as string;
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
    writeTempMarker(directory, 'test');
    try {
        const out = path.join(directory, 'out');
        const temporary = path.join(directory, 'tmp');
        await fs.mkdir(temporary);
        const run = spawnSync(process.execPath, [script, '--out', out, '--theia-version', version, ...args], {
            encoding: 'utf8', env: { ...process.env, TMPDIR: temporary, TMP: temporary, TEMP: temporary },
        });
        assert.strictEqual(run.status, 0, `the script failed:\n${run.stdout}\n${run.stderr}`);
        assert.deepStrictEqual(await fs.readdir(temporary), [], 'the script removes its temporary folders');
        const unpacked = path.join(directory, 'unpacked');
        await fs.mkdir(unpacked);
        const tarball = path.join(out, `${packageName.replace(/^@/, '').replace('/', '-')}-${version}.tgz`);
        execFileSync('tar', ['-xzf', tarball, '-C', unpacked]);
        return { directory, out, tarball, packageRoot: path.join(unpacked, 'package'), version, run };
    } catch (error) {
        await fs.rm(directory, { recursive: true, force: true });
        throw error;
    }
}

/** Every file of the planted package but `changed` (and the marker) is the installed release's, byte for byte. */
export async function assertOtherFilesInstalled(planted: PlantedPackage, packageName: string, changed: string): Promise<void> {
    const { packageRoot, version } = planted;
    const files = (await fs.readdir(packageRoot, { recursive: true, withFileTypes: true }))
        .filter(entry => entry.isFile())
        .map(entry => path.relative(packageRoot, path.join(entry.parentPath, entry.name)))
        .filter(file => file !== changed && file !== 'fs-perf-planted-regression.json');
    assert.isAbove(files.length, 1000);
    for (const file of files) {
        const [own, installed] = await Promise.all([fs.readFile(path.join(packageRoot, file)), fs.readFile(path.join(installedPackage(packageName), file))]);
        assert.isTrue(own.equals(installed), `${file} differs from the installed ${packageName}@${version}`);
    }
}
