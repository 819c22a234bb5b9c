/** The Theia packages of an app: what the registry has of them, and `@theia/*` tarballs given instead. */
import { createHash } from 'crypto';
import { promises as fs, readFileSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { REPOSITORY_ROOT } from '../../util/repository';
import { runCollected } from './commands';

/** The Theia packages of the sample browser app (browser-app/package.json), which every release app has too. */
export function theiaAppPackages(): { dependencies: string[]; devDependencies: string[] } {
    const manifest = JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, 'browser-app', 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>; devDependencies: Record<string, string>;
    };
    const theia = (deps: Record<string, string>): string[] => Object.keys(deps).filter(name => name.startsWith('@theia/'));
    return { dependencies: theia(manifest.dependencies), devDependencies: theia(manifest.devDependencies) };
}

export interface RegistryManifest {
    readonly version?: string;
    readonly dependencies?: Record<string, string>;
    readonly peerDependencies?: Record<string, string>;
}

/** What the registry has of one package at one version: its peer dependencies, or undefined when it lacks that version. */
export async function registryManifest(name: string, version: string): Promise<RegistryManifest | undefined> {
    try {
        const output = await runCollected('npm', ['view', `${name}@${version}`, 'version', 'dependencies', 'peerDependencies', '--json'], { cwd: os.tmpdir() });
        const text = output.trim();
        if (text === '') {
            return undefined;
        }
        const parsed = JSON.parse(text) as RegistryManifest | string;
        return typeof parsed === 'string' ? {} : parsed;
    } catch (error) {
        if (/E404|No match found/.test((error as Error).message)) {
            return undefined;
        }
        throw new Error(`The package registry did not answer for ${name}@${version}: ${(error as Error).message}`);
    }
}

/** Each package's published versions, asked once a run (a bisect plans many releases of the same packages). */
const publishedVersions = new Map<string, Promise<readonly string[] | undefined>>();

/** The versions the registry has of a package (undefined when it does not answer: the install will then say why). */
export function registryVersions(name: string): Promise<readonly string[] | undefined> {
    let versions = publishedVersions.get(name);
    if (!versions) {
        versions = runCollected('npm', ['view', name, 'versions', '--json'], { cwd: os.tmpdir() }).then(output => {
            const parsed = JSON.parse(output.trim() || '[]') as string[] | string;
            return typeof parsed === 'string' ? [parsed] : parsed;
        }, () => undefined);
        publishedVersions.set(name, versions);
    }
    return versions;
}

/** A package packed into a tarball (`npm pack`), as a side of `--compare` gives it. */
export interface PackedPackage {
    readonly name: string;
    readonly version: string;
    /** The tarball, and the name it gets in the app's `packs/` folder (named by its content, so a changed tarball is a changed app). */
    readonly path: string;
    readonly fileName: string;
    readonly manifest: RegistryManifest;
}

/**
 * The `@theia/*` tarballs of a folder (what `npm pack` of Theia's packages leaves, e.g. `theia-core-1.74.1.tgz`), by
 * package name. Fails, naming the folder, when it has none or two of one package.
 */
export async function readTheiaTarballs(folder: string): Promise<Map<string, PackedPackage>> {
    const entries = (await fs.readdir(folder)).filter(name => name.endsWith('.tgz')).sort();
    const packed = new Map<string, PackedPackage>();
    for (const entry of entries) {
        const file = path.join(folder, entry);
        let manifest: RegistryManifest & { name?: string };
        try {
            manifest = JSON.parse(await runCollected('tar', ['-xzOf', file, 'package/package.json'], { cwd: folder })) as RegistryManifest & { name?: string };
        } catch (error) {
            throw new Error(`${file} is not an npm package tarball (no package/package.json in it): ${(error as Error).message.split('\n')[0]}`);
        }
        if (!manifest.name?.startsWith('@theia/')) {
            continue;
        }
        if (packed.has(manifest.name)) {
            throw new Error(`${folder} has two tarballs of ${manifest.name} (${path.basename(packed.get(manifest.name)!.path)} and ${entry}): keep one.`);
        }
        const hash = createHash('sha256').update(await fs.readFile(file)).digest('hex').slice(0, 12);
        packed.set(manifest.name, {
            name: manifest.name, version: manifest.version ?? '0.0.0', path: file,
            fileName: `${manifest.name.slice('@theia/'.length)}-${manifest.version}-${hash}.tgz`, manifest,
        });
    }
    if (packed.size === 0) {
        throw new Error(`${folder} has no @theia/* package tarballs (*.tgz, as npm pack makes them).`);
    }
    return packed;
}

/** The Theia release a set of tarballs is: @theia/core's version, else the version most of them have. */
export function tarballsVersion(packed: ReadonlyMap<string, PackedPackage>): string {
    const core = packed.get('@theia/core');
    if (core) {
        return core.version;
    }
    const counts = new Map<string, number>();
    for (const entry of packed.values()) {
        counts.set(entry.version, (counts.get(entry.version) ?? 0) + 1);
    }
    return [...counts].sort((a, b) => b[1] - a[1])[0][0];
}
