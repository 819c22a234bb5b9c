/** The plan of a release app: its package.json, with each release's workarounds, checked against the registry first. */
import { PackedPackage, RegistryManifest, registryManifest, registryVersions, theiaAppPackages } from './packages';
import { unsupportedTheiaVersion } from './versions';

export interface TheiaReleasePlan {
    readonly version: string;
    /** The app's folder name in the cache (default `theia-<version>`); two sides of a comparison get two. */
    readonly folderName?: string;
    /** `@theia/*` tarballs the app installs in place of the registry's (a tarball side of `--compare`): file name in `packs/` -> its path. */
    readonly tarballs?: ReadonlyMap<string, string>;
    /** How the report names what the app was built from, e.g. `Theia 1.74.1 from the registry`. */
    readonly source?: string;
    /** The app's package.json, as it will be written. */
    readonly manifest: Record<string, unknown>;
    /** Prefill @vscode/ripgrep 1.15.11's download cache before the install (webpack-era releases). */
    readonly ripgrepCache: boolean;
}

/** The @vscode/ripgrep the webpack-era releases get, and the rg release its postinstall downloads (its lib/postinstall.js). */
export const LEGACY_RIPGREP = { packageVersion: '1.15.11', assetVersion: 'v13.0.0-10' } as const;

/**
 * Checks that the registry has every package of the app at `version` (before anything is installed) and plans the
 * app: the Theia packages at exactly that version, and the peers its `@theia/core` asks for (react, react-dom:
 * yarn 1 does not install peers) at its own ranges.
 */
export async function planTheiaRelease(version: string, packed: ReadonlyMap<string, PackedPackage> = new Map()): Promise<TheiaReleasePlan> {
    const unsupported = unsupportedTheiaVersion(version.replace(/-.*$/, ''));
    if (unsupported) {
        throw new Error(unsupported);
    }
    const manifestOf = async (name: string): Promise<RegistryManifest | undefined> => packed.get(name)?.manifest ?? registryManifest(name, version);
    const { dependencies, devDependencies } = theiaAppPackages();
    const manifests = await Promise.all([...dependencies, ...devDependencies].map(async name => [name, await manifestOf(name)] as const));
    const missing = manifests.filter(([, manifest]) => manifest === undefined).map(([name]) => name);
    if (missing.length > 0) {
        throw new Error(packed.size > 0
            ? `The tarballs are Theia ${version}, and neither they nor this machine's package registry have ${missing.join(', ')} at ${version}: pack those packages too.`
            : `Theia ${version} cannot be installed from this machine's package registry: it has no ${version} of ${missing.join(', ')}.`);
    }
    // Theia's packages pin each other at the release: one of those the app's packages pin that the registry lacks fails
    // the install minutes later (1.73.0 here: its @theia/core needs @theia/application-package 1.73.0, never published).
    const appNames = new Set<string>([...dependencies, ...devDependencies]);
    const pinned = new Map<string, string>();
    for (const [name, manifest] of manifests) {
        for (const [dependency, range] of Object.entries(manifest?.dependencies ?? {})) {
            if (dependency.startsWith('@theia/') && range === version && !appNames.has(dependency) && !packed.has(dependency) && !pinned.has(dependency)) {
                pinned.set(dependency, name);
            }
        }
    }
    const lacking = (await Promise.all([...pinned.keys()].map(async name => [name, await registryVersions(name)] as const)))
        .filter(([, versions]) => versions !== undefined && !versions.includes(version)).map(([name]) => name);
    if (lacking.length > 0) {
        const dependants = [...new Set(lacking.map(name => pinned.get(name)!))];
        throw new Error(`Theia ${version} cannot be installed from this machine's package registry: it has no ${version} of ${lacking.join(', ')} `
            + `(which ${dependants.join(', ')} ${version} depend${dependants.length === 1 ? 's' : ''} on).`);
    }
    const core = manifests.find(([name]) => name === '@theia/core')?.[1];
    const corePeers = core?.peerDependencies ?? {};
    // An app installed today gets today's versions within a release's ranges. inversify's newer minors check
    // derived classes' constructor arguments strictly, which 1.54.0's backend fails ("The number of constructor
    // arguments in the derived class ... must be >= ..."): pinned to the minor the release asked for (^6.0.1 -> ~6.0.1).
    const inversify = /^\^(\d+\.\d+\.\d+)$/.exec(core?.dependencies?.inversify ?? '');
    const peers = Object.fromEntries(Object.entries(corePeers).filter(([name]) => !name.startsWith('@theia/')));
    // Releases that bundle with webpack rather than esbuild (1.54.0 to 1.67.0 at least) need two more workarounds:
    // - their production config requires terser-webpack-plugin, which Theia's own repository provides at its root
    //   and no package of the app depends on;
    // - their native-webpack-plugin copies `@vscode/ripgrep/bin/rg`, which the newest @vscode/ripgrep (1.18, within
    //   their ^1.14 range) no longer has: pinned to 1.15.11, whose postinstall download is served from its cache,
    //   prefilled with this machine's rg (as scripts/install-code-server.sh does for code-server);
    // - their @theia/notebook requires `lodash/debounce` without depending on lodash (Theia's repository has it at
    //   its root): 1.60.2's build fails without it, 1.54.0's finds it only because another package pulls it in.
    const manager = await manifestOf('@theia/application-manager');
    const bundler = manager?.dependencies ?? {};
    const webpackEra = 'webpack' in bundler && !('esbuild' in bundler);
    const buildTools: Record<string, string> = webpackEra && !('terser-webpack-plugin' in bundler) ? { 'terser-webpack-plugin': '^5.3.10' } : {};
    const packs = new Map([...packed.values()].map(entry => [entry.fileName, entry.path]));
    const fromPack = (name: string): string | undefined => packed.has(name) ? `file:./packs/${packed.get(name)!.fileName}` : undefined;
    return {
        version,
        ...(packed.size > 0 ? { tarballs: packs } : {}),
        source: packed.size > 0 ? `${[...packed.keys()].join(', ')} from tarballs, the rest of Theia ${version} from the registry` : `Theia ${version} from the registry`,
        manifest: {
            private: true,
            name: `fs-perf-theia-${version.replace(/\./g, '-')}`,
            version: '0.0.0',
            theia: { target: 'browser', frontend: { config: { applicationName: `FS Perf (Theia ${version} browser)` } } },
            dependencies: {
                ...Object.fromEntries(dependencies.map(name => [name, fromPack(name) ?? version])),
                ...peers,
                ...(webpackEra ? { lodash: '^4.17.21' } : {}),
            },
            devDependencies: { ...Object.fromEntries(devDependencies.map(name => [name, fromPack(name) ?? version])), ...buildTools },
            // What the repository's root package.json resolves, for every release: msgpackr-extract's newest lacks the builds yarn 1 wants.
            resolutions: {
                '**/msgpackr-extract': '3.0.4',
                ...(inversify ? { '**/inversify': `~${inversify[1]}` } : {}),
                ...(webpackEra ? { '**/@vscode/ripgrep': LEGACY_RIPGREP.packageVersion } : {}),
                // Every Theia package of the tarballs, wherever the app's dependencies ask for it.
                ...Object.fromEntries([...packed.keys()].map(name => [`**/${name}`, fromPack(name)!])),
            },
        },
        ripgrepCache: webpackEra,
    };
}
