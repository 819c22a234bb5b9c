/**
 * Theia releases to measure: for each, a browser app like browser-app/ (the same Theia packages at that release,
 * the Theia extension installed from its packed tarball, the VS Code extension as a plugin), built once in a
 * cache folder outside this repository and reused.
 */
import { spawn, spawnSync } from 'child_process';
import { createHash } from 'crypto';
import { existsSync, promises as fs, readFileSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { compareReleases } from '@fs-perf/benchmark-core';
import { REPOSITORY_ROOT } from '../util/repository';
import { readZipEntries } from '../util/zip';

/**
 * The oldest Theia release the Theia extension runs in, built and measured here. 1.43.0, the release before it
 * that this machine's registry has complete, lacks `ServiceConnectionProvider`
 * (`@theia/core/lib/browser/messaging/service-connection-provider`), which the extension's RPC client needs.
 */
export const OLDEST_SUPPORTED_THEIA = '1.54.0';

/** Where the release apps are built: `$FS_PERF_THEIA_CACHE`, else `$XDG_CACHE_HOME/fs-perf/theia-apps` (default `~/.cache`). */
export function defaultTheiaCache(): string {
    if (process.env.FS_PERF_THEIA_CACHE) {
        return path.resolve(process.env.FS_PERF_THEIA_CACHE);
    }
    return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'fs-perf', 'theia-apps');
}

const VERSION_PATTERN = /^(\d+)\.(\d+)\.(\d+)$/;

function versionParts(version: string): [number, number, number] | undefined {
    const match = VERSION_PATTERN.exec(version);
    return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

/**
 * Why a version cannot be a release to build (before anything is asked of the registry), or undefined.
 * Only plain releases (`1.60.2`), from {@link OLDEST_SUPPORTED_THEIA} on, within Theia 1.x.
 */
export function unsupportedTheiaVersion(version: string): string | undefined {
    const parts = versionParts(version);
    if (!parts) {
        return `"${version}" is not a Theia release version (e.g. 1.60.2; no ranges, tags or pre-releases).`;
    }
    if (parts[0] !== 1) {
        return `Theia ${version}: only Theia 1.x releases are supported.`;
    }
    if (compareReleases(version, OLDEST_SUPPORTED_THEIA) < 0) {
        return `Theia ${version} is older than ${OLDEST_SUPPORTED_THEIA}, the oldest release the Theia extension supports `
            + '(its RPC client needs ServiceConnectionProvider, which 1.43.0 lacks).';
    }
    return undefined;
}

/** The Theia packages of the sample browser app (browser-app/package.json), which every release app has too. */
export function theiaAppPackages(): { dependencies: string[]; devDependencies: string[] } {
    const manifest = JSON.parse(readFileSync(path.join(REPOSITORY_ROOT, 'browser-app', 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>; devDependencies: Record<string, string>;
    };
    const theia = (deps: Record<string, string>): string[] => Object.keys(deps).filter(name => name.startsWith('@theia/'));
    return { dependencies: theia(manifest.dependencies), devDependencies: theia(manifest.devDependencies) };
}

/** Runs a command, collecting its output; rejects with the output's tail when it fails. */
function runCollected(command: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<string> {
    return new Promise((resolve, reject) => {
        const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', chunk => output += chunk);
        child.stderr.on('data', chunk => output += chunk);
        child.on('error', reject);
        child.on('close', code => code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${output.trim().split('\n').slice(-5).join(' | ')}`)));
    });
}

interface RegistryManifest {
    readonly version?: string;
    readonly dependencies?: Record<string, string>;
    readonly peerDependencies?: Record<string, string>;
}

/** What the registry has of one package at one version: its peer dependencies, or undefined when it lacks that version. */
async function registryManifest(name: string, version: string): Promise<RegistryManifest | undefined> {
    try {
        const output = await runCollected('npm', ['view', `${name}@${version}`, 'version', 'dependencies', 'peerDependencies', '--json'], { cwd: os.tmpdir() });
        const text = output.split('\n').filter(line => !line.startsWith('npm warn')).join('\n').trim();
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
const LEGACY_RIPGREP = { packageVersion: '1.15.11', assetVersion: 'v13.0.0-10' } as const;

/**
 * Puts this machine's `rg` where @vscode/ripgrep 1.15.11's postinstall looks before downloading from GitHub
 * (`<tmp>/vscode-ripgrep-cache-1.15.11/ripgrep-v13.0.0-10-<target>.tar.gz`, unpacked into its bin/).
 */
async function prefillRipgrepCache(): Promise<void> {
    const rg = spawnSync('sh', ['-c', 'command -v rg'], { encoding: 'utf8' }).stdout.trim();
    if (!rg) {
        throw new Error('ripgrep (rg) is not installed: the webpack-era Theia releases need it offline (apt-get install ripgrep, or scripts/install-prerequisites.sh).');
    }
    const target = { x64: 'x86_64-unknown-linux-musl', arm64: 'aarch64-unknown-linux-musl' }[process.arch as 'x64' | 'arm64'];
    if (process.platform !== 'linux' || !target) {
        return; // Elsewhere the download is left to @vscode/ripgrep (with the network a user has).
    }
    const cache = path.join(os.tmpdir(), `vscode-ripgrep-cache-${LEGACY_RIPGREP.packageVersion}`);
    const stage = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-rg-'));
    try {
        await fs.mkdir(cache, { recursive: true });
        await fs.copyFile(await fs.realpath(rg), path.join(stage, 'rg'));
        await fs.chmod(path.join(stage, 'rg'), 0o755);
        await runCollected('tar', ['-czf', path.join(cache, `ripgrep-${LEGACY_RIPGREP.assetVersion}-${target}.tar.gz`), '-C', stage, 'rg'], { cwd: stage });
    } finally {
        await fs.rm(stage, { recursive: true, force: true });
    }
}

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
            // What ENVIRONMENT.md lists for browser-app, for every release: msgpackr-extract's newest lacks the builds yarn 1 wants.
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

/**
 * Packs every public package of a built Theia checkout (`packages/*`, `dev-packages/*`) into `destination`, as
 * `lerna exec npm pack` would (`npm pack --ignore-scripts`: the checkout is built already), and returns the folder.
 */
export async function packTheiaCheckout(checkout: string, destination: string, log: (message: string) => void = console.log): Promise<string> {
    const folders: string[] = [];
    for (const group of ['packages', 'dev-packages']) {
        const parent = path.join(checkout, group);
        if (!existsSync(parent)) {
            continue;
        }
        for (const entry of (await fs.readdir(parent)).sort()) {
            const manifestFile = path.join(parent, entry, 'package.json');
            if (existsSync(manifestFile) && !(JSON.parse(readFileSync(manifestFile, 'utf8')) as { private?: boolean }).private) {
                folders.push(path.join(parent, entry));
            }
        }
    }
    if (!existsSync(path.join(checkout, 'packages', 'core', 'lib'))) {
        throw new Error(`${checkout} is not a built Theia checkout: packages/core/lib is missing (build it first: yarn && yarn build, or npx lerna run compile).`);
    }
    await fs.rm(destination, { recursive: true, force: true });
    await fs.mkdir(destination, { recursive: true });
    log(`packing ${folders.length} packages of the Theia checkout ${checkout} into ${destination}`);
    for (let start = 0; start < folders.length; start += 20) {
        await runCollected('npm', ['pack', '--ignore-scripts', '--pack-destination', destination, ...folders.slice(start, start + 20)], { cwd: checkout });
    }
    return destination;
}

/**
 * The Theia extension packed as a user gets it (`npm pack` in theia-extension/, whose `prepack` compiles and
 * bundles it) into `folder`, named by its content's hash so that an app's install sees a changed extension.
 */
export async function packTheiaExtension(folder: string): Promise<string> {
    await fs.mkdir(folder, { recursive: true });
    const output = await runCollected('npm', ['pack', '--pack-destination', folder, '--json'], { cwd: path.join(REPOSITORY_ROOT, 'theia-extension') });
    const jsonStart = output.indexOf('[');
    const [{ filename }] = JSON.parse(output.slice(jsonStart)) as { filename: string }[];
    const packed = path.join(folder, path.basename(filename));
    const hash = createHash('sha256').update(await fs.readFile(packed)).digest('hex').slice(0, 12);
    const named = path.join(folder, `fs-perf-theia-extension-${hash}.tgz`);
    await fs.rename(packed, named);
    return named;
}

export interface TheiaReleaseApp {
    readonly version: string;
    /** The app's folder in the cache. */
    readonly folder: string;
    /** Its backend's entry point (`lib/backend/main.js`). */
    readonly main: string;
    /** Its plugins folder (`plugins/`), with the VS Code extension's `.vsix` where one was given. */
    readonly plugins: string;
    /** true: installed and built now; false: reused from the cache. */
    readonly built: boolean;
}

interface BuildMarker {
    readonly manifestHash: string;
    readonly builtAt: string;
    readonly installSeconds: number;
    readonly buildSeconds: number;
}

const MARKER = '.fs-perf-app.json';

function hashOf(value: unknown): string {
    return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** A step's output, streamed to the terminal line by line with a prefix. */
function runStreamed(command: string, args: readonly string[], cwd: string, prefix: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
    return new Promise((resolve, reject) => {
        const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
        let tail: string[] = [];
        const onData = (chunk: Buffer): void => {
            for (const line of chunk.toString().split('\n').map(text => text.trimEnd()).filter(text => text.length > 0)) {
                console.log(`${prefix}${line}`);
                tail = [...tail.slice(-9), line];
            }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.on('error', reject);
        child.on('close', code => code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} in ${cwd} exited ${code}: ${tail.slice(-3).join(' | ')}`)));
    });
}

export interface EnsureReleaseOptions {
    /** The cache folder (default {@link defaultTheiaCache}). */
    readonly cache?: string;
    /** Install and build again even where the cache has the app. */
    readonly force?: boolean;
    /** One line per step. */
    readonly log?: (message: string) => void;
    /** Prefix of the install's and build's own output lines (default: two spaces). */
    readonly outputPrefix?: string;
    /** The VS Code extension's `.vsix`, unpacked into the app's plugins folder as README says (see {@link unpackPlugin}). */
    readonly vsix?: string;
}

/**
 * Unpacks a `.vsix` (its `extension/` folder) into `<plugins>/<publisher>.<name>`, the layout `--plugins=local-dir:`
 * deploys in every supported release. A `.vsix` file itself in that folder is not deployed by 1.54.0 ("Only user
 * plugins will be handled by file handlers, please unpack the plugin ... manually").
 */
export async function unpackPlugin(vsix: string, plugins: string): Promise<string> {
    const entries = await readZipEntries(vsix);
    const manifest = entries.get('extension/package.json');
    if (!manifest) {
        throw new Error(`${vsix} is not a VS Code extension package: it has no extension/package.json.`);
    }
    const { publisher, name } = JSON.parse(manifest.toString('utf8')) as { publisher: string; name: string };
    const target = path.join(plugins, `${publisher}.${name}`);
    await fs.rm(target, { recursive: true, force: true });
    for (const [entry, bytes] of entries) {
        if (entry.startsWith('extension/') && !entry.endsWith('/')) {
            const file = path.join(target, entry.slice('extension/'.length));
            if (path.relative(target, file).startsWith('..')) {
                throw new Error(`${vsix}: the entry ${entry} points outside its folder.`);
            }
            await fs.mkdir(path.dirname(file), { recursive: true });
            await fs.writeFile(file, bytes);
        }
    }
    return target;
}

/** The app's plugins folder with only the VS Code extension in it, unpacked (a plugin is run-time content: no rebuild). */
async function placePlugin(folder: string, vsix: string | undefined): Promise<string> {
    const plugins = path.join(folder, 'plugins');
    await fs.rm(plugins, { recursive: true, force: true });
    await fs.mkdir(plugins, { recursive: true });
    if (vsix) {
        await unpackPlugin(vsix, plugins);
    }
    return plugins;
}

/**
 * The app of a release, installed and built for production in `<cache>/theia-<version>` unless the cache already has
 * it for the same manifest (same Theia release, same packed extension). One app at a time: never two Theia builds at once.
 */
export async function ensureTheiaReleaseApp(plan: TheiaReleasePlan, extensionTarball: string, options: EnsureReleaseOptions = {}): Promise<TheiaReleaseApp> {
    const log = options.log ?? console.log;
    const cache = options.cache ?? defaultTheiaCache();
    const folder = path.join(cache, plan.folderName ?? `theia-${plan.version}`);
    const main = path.join(folder, 'lib', 'backend', 'main.js');
    const tarballName = path.basename(extensionTarball);
    const manifest = {
        ...plan.manifest,
        dependencies: { ...(plan.manifest.dependencies as Record<string, string>), '@fs-perf/theia-extension': `file:./${tarballName}` },
    };
    const manifestHash = hashOf(manifest);
    const markerFile = path.join(folder, MARKER);
    const marker = existsSync(markerFile) ? JSON.parse(readFileSync(markerFile, 'utf8')) as BuildMarker : undefined;
    if (!options.force && marker?.manifestHash === manifestHash && existsSync(main) && existsSync(path.join(folder, 'lib', 'frontend', 'bundle.js'))) {
        log(`Theia ${plan.version}: reusing the app built ${marker.builtAt} in ${folder}`);
        return { version: plan.version, folder, main, plugins: await placePlugin(folder, options.vsix), built: false };
    }
    await fs.mkdir(folder, { recursive: true });
    await fs.rm(markerFile, { force: true });
    // An older extension tarball, the previous build's output: gone, so nothing stale is picked up.
    for (const entry of await fs.readdir(folder)) {
        if ((entry.startsWith('fs-perf-theia-extension-') && entry !== tarballName) || ['lib', 'src-gen'].includes(entry)) {
            await fs.rm(path.join(folder, entry), { recursive: true, force: true });
        }
    }
    await fs.copyFile(extensionTarball, path.join(folder, tarballName));
    await fs.rm(path.join(folder, 'packs'), { recursive: true, force: true });
    if (plan.tarballs) {
        await fs.mkdir(path.join(folder, 'packs'));
        for (const [name, source] of plan.tarballs) {
            await fs.copyFile(source, path.join(folder, 'packs', name));
        }
    }
    await fs.writeFile(path.join(folder, 'package.json'), JSON.stringify(manifest, undefined, 2) + '\n');
    // ENVIRONMENT.md's install workarounds, in the app's own folder: puppeteer (from @theia/cli) wants a newer
    // Node and would download Chrome in its postinstall.
    await fs.writeFile(path.join(folder, '.yarnrc'), 'ignore-engines true\n');
    await fs.writeFile(path.join(folder, '.puppeteerrc.cjs'), 'module.exports = { skipDownload: true };\n');
    const prefix = options.outputPrefix ?? '  ';
    const env = { ...process.env, PUPPETEER_SKIP_DOWNLOAD: 'true', npm_config_yes: 'true' };
    if (plan.ripgrepCache) {
        await prefillRipgrepCache();
    }
    let stepStarted = Date.now();
    log(`Theia ${plan.version}: installing the app in ${folder} (yarn install; a few minutes the first time)`);
    if (plan.tarballs) {
        // yarn 1 caches a file: tarball by its name and version: an older tarball of the same name must not be reused.
        await fs.rm(path.join(folder, 'node_modules'), { recursive: true, force: true });
        await fs.rm(path.join(folder, 'yarn.lock'), { force: true });
    }
    await runStreamed('yarn', ['install', '--non-interactive', '--no-progress', '--network-timeout', '600000'], folder, prefix, env);
    const installSeconds = (Date.now() - stepStarted) / 1000;
    stepStarted = Date.now();
    log(`Theia ${plan.version}: installed in ${installSeconds.toFixed(0)} s; building it for production (theia build)`);
    await runStreamed(process.execPath, [theiaCli(folder), 'build', '--mode', 'production'], folder, prefix, env);
    const buildSeconds = (Date.now() - stepStarted) / 1000;
    if (!existsSync(main)) {
        throw new Error(`Theia ${plan.version}: the build finished without ${path.relative(folder, main)}.`);
    }
    const written: BuildMarker = { manifestHash, builtAt: new Date().toISOString(), installSeconds, buildSeconds };
    await fs.writeFile(markerFile, JSON.stringify(written, undefined, 2) + '\n');
    log(`Theia ${plan.version}: built in ${buildSeconds.toFixed(0)} s`);
    return { version: plan.version, folder, main, plugins: await placePlugin(folder, options.vsix), built: true };
}

/** The `theia` command of an app's @theia/cli (`bin/theia` in 1.54, `bin/theia.js` in 1.74). */
function theiaCli(appFolder: string): string {
    const cli = path.join(appFolder, 'node_modules', '@theia', 'cli');
    const { bin } = JSON.parse(readFileSync(path.join(cli, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    return path.join(cli, bin.theia);
}

/** The version of a package an app has installed (e.g. `@theia/core`), or undefined. */
export function installedVersion(appFolder: string, name: string): string | undefined {
    const manifest = path.join(appFolder, 'node_modules', name, 'package.json');
    return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : undefined;
}
