/** A release's app: installed and built for production in the cache (reused while its manifest is the same), with the VS Code extension as its plugin. */
import { spawnSync } from 'child_process';
import { createHash } from 'crypto';
import { existsSync, promises as fs, readFileSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { writeTempMarker } from '../../util/temp-marker';
import { readZipEntries } from '../../util/zip';
import { runCollected, runStreamed } from './commands';
import { LEGACY_RIPGREP, TheiaReleasePlan } from './plan';
import { defaultTheiaCache } from './versions';

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
        writeTempMarker(stage, 'yarn bench --theia-version: ripgrep for the cache');
        await fs.mkdir(cache, { recursive: true });
        await fs.copyFile(await fs.realpath(rg), path.join(stage, 'rg'));
        await fs.chmod(path.join(stage, 'rg'), 0o755);
        await runCollected('tar', ['-czf', path.join(cache, `ripgrep-${LEGACY_RIPGREP.assetVersion}-${target}.tar.gz`), '-C', stage, 'rg'], { cwd: stage });
    } finally {
        await fs.rm(stage, { recursive: true, force: true });
    }
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
    // The repository's own install workarounds (its root .yarnrc and .puppeteerrc.cjs), in the app's own folder:
    // puppeteer (from @theia/cli) wants a newer Node and would download Chrome in its postinstall.
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
