import { assert } from 'chai';
import { execFileSync } from 'child_process';
import { promises as fs, readdirSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { SCENARIO_CATALOG, THEIA_SCENARIO_IDS } from '@fs-perf/benchmark-core';
import {
    defaultTheiaCache, ensureTheiaReleaseApp, ensureVsix, HostSession, installedVersion, OLDEST_SUPPORTED_THEIA, packTheiaExtension, planTheiaRelease,
    readResultsFile, REPOSITORY_ROOT, TheiaReleaseApp, VSIX, writeTempMarker,
} from '@fs-perf/bench';
import { closeSession, skipWithoutChromium } from '../session-helpers';

suite('Theia releases: yarn bench --theia-version', () => {
    test('a release the registry lacks a package of is refused, naming the packages, before any install', async function (): Promise<void> {
        this.timeout(120_000);
        // 1.75.0 is published only in part in the registry the project's machines reach; a made-up release has nothing.
        try {
            await planTheiaRelease('1.99.99');
            assert.fail('planned a release that does not exist');
        } catch (error) {
            assert.match((error as Error).message, /^Theia 1\.99\.99 cannot be installed from this machine's package registry: it has no 1\.99\.99 of @theia\/core, /);
        }
        // 1.73.0 has every package of the app, but its @theia/core pins @theia/application-package 1.73.0, which this
        // registry lacks: refused here, not minutes into yarn install (issue 55's release run met it there).
        const published = JSON.parse(execFileSync('npm', ['view', '@theia/application-package', 'versions', '--json'], { encoding: 'utf8' })) as string[];
        if (!published.includes('1.73.0')) {
            try {
                await planTheiaRelease('1.73.0');
                assert.fail('planned 1.73.0 without @theia/application-package 1.73.0');
            } catch (error) {
                assert.match((error as Error).message, /^Theia 1\.73\.0 cannot be installed from this machine's package registry: it has no 1\.73\.0 of [^(]*@theia\/application-package[^(]*\(which [^)]*@theia\/core[^)]* 1\.73\.0 depends? on\)\.$/);
            }
        } else {
            console.log('      (this registry has @theia/application-package 1.73.0: the check of a pinned package it lacks is not exercised)');
        }
    });

    test('npm pack gives a tarball with the bundled extension only: Theia as peers, no workspace packages', async function (): Promise<void> {
        this.timeout(180_000);
        const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-pack-'));
        writeTempMarker(folder, 'test');
        try {
            const tarball = await packTheiaExtension(folder);
            const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).trim().split('\n').sort();
            assert.deepStrictEqual(files, [
                'package/LICENSE', 'package/README.md',
                'package/dist/browser/fs-perf-frontend-module.js', 'package/dist/browser/fs-perf-frontend-module.js.LEGAL.txt',
                'package/dist/node/fs-perf-backend-module.js', 'package/dist/node/fs-perf-backend-module.js.LEGAL.txt',
                'package/package.json',
            ]);
            const manifest = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as Record<string, Record<string, string> | undefined>;
            assert.isUndefined(manifest.dependencies, 'everything of this repository is bundled');
            assert.deepStrictEqual(Object.keys(manifest.peerDependencies ?? {}).sort(), ['@theia/core', '@theia/file-search', '@theia/filesystem', '@theia/output', '@theia/workspace']);
            assert.deepStrictEqual(manifest.peerDependenciesMeta, { '@theia/file-search': { optional: true } } as unknown, 'an app without file search gets the extension, its find-files scenarios unavailable');
            // From the oldest release built and run (this suite's second app) to the sample apps' (every other suite).
            const newest = JSON.parse(await fs.readFile(path.join(REPOSITORY_ROOT, 'browser-app', 'package.json'), 'utf8')).dependencies['@theia/core'];
            assert.isTrue(Object.values(manifest.peerDependencies ?? {}).every(range => range === `>=${OLDEST_SUPPORTED_THEIA} <=${newest}`), JSON.stringify(manifest.peerDependencies));
            const bundle = execFileSync('tar', ['-xzOf', tarball, 'package/dist/browser/fs-perf-frontend-module.js'], { encoding: 'utf8' });
            const required = [...bundle.matchAll(/require\("([^"]+)"\)/g)].map(match => match[1]);
            assert.isNotEmpty(required);
            assert.deepStrictEqual(required.filter(name => !name.startsWith('@theia/')), [], 'the frontend bundle needs nothing but Theia from the app');
        } finally {
            await fs.rm(folder, { recursive: true, force: true });
        }
    });
});

/**
 * The oldest supported release as a second, minimal app outside this repository, from the packed tarball: its install
 * and production build took 4 to 5 minutes here the first time (yarn install 59 s with nothing cached, 5 s with the
 * packages in yarn's cache; webpack 180 to 220 s); the cache keeps the app until the extension or the release changes,
 * and the suite then takes about 20 s. Set FS_PERF_SKIP_RELEASE_APP=1 to leave it out of a quick local run.
 */
suite(`A second Theia app (${OLDEST_SUPPORTED_THEIA}) from the packed extension`, function (): void {
    let app: TheiaReleaseApp | undefined;
    let session: HostSession | undefined;

    suiteSetup(async function (): Promise<void> {
        if (process.env.FS_PERF_SKIP_RELEASE_APP === '1') {
            console.log('SKIPPED: FS_PERF_SKIP_RELEASE_APP=1');
            this.skip();
        }
        await skipWithoutChromium(this);
        this.timeout(30 * 60_000);
        const cache = defaultTheiaCache();
        const tarball = await packTheiaExtension(path.join(cache, 'packs'));
        const started = Date.now();
        ensureVsix();
        app = await ensureTheiaReleaseApp(await planTheiaRelease(OLDEST_SUPPORTED_THEIA), tarball,
            { cache, log: message => console.log(`      ${message}`), outputPrefix: '        | ', vsix: VSIX });
        console.log(`      the app was ${app.built ? 'installed and built' : 'reused'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
        // The app's own plugins folder with the .vsix unpacked in it, as README's "Add fs-perf to your Theia app" says.
        session = await HostSession.theiaBrowser({ appMain: app.main, pluginFolders: [app.plugins], settings: { 'fsPerf.cpuPass': false } });
    });
    suiteTeardown(() => closeSession(session));

    test('is that release, outside this repository, with the extension from the tarball', () => {
        assert.strictEqual(installedVersion(app!.folder, '@theia/core'), OLDEST_SUPPORTED_THEIA);
        assert.strictEqual(path.relative(REPOSITORY_ROOT, app!.folder).split(path.sep)[0], '..', 'the app is outside the repository');
        assert.match(installedVersion(app!.folder, '@fs-perf/theia-extension') ?? '', /^\d+\.\d+\.\d+$/);
        assert.deepStrictEqual(readdirSync(app!.plugins), ['fs-perf.fs-perf-vscode'], 'the .vsix unpacked, as README says');
        assert.isTrue(readdirSync(path.join(app!.plugins, 'fs-perf.fs-perf-vscode')).includes('package.json'));
    });

    test('"FS Perf: Run All with Options..." measures the Theia scenarios and the plugin there', async () => {
        const { workbench } = session!;
        const resultsFile = await workbench.runToCompletion('FS Perf: Run All with Options...', { answers: ['3', '1', '1K, 500K', '0'], timeoutMs: 10 * 60_000 });
        const document = await readResultsFile(resultsFile);
        assert.strictEqual(document.host.editor, 'theia');
        assert.strictEqual(document.host.editorVersion, OLDEST_SUPPORTED_THEIA);
        for (const id of [...THEIA_SCENARIO_IDS, SCENARIO_CATALOG.vscodeReadFile.id]) {
            const rows = document.results.filter(row => row.scenario.id === id);
            assert.deepStrictEqual(rows.map(row => row.targetLabel), ['1K', '500K'], id);
            assert.isTrue(rows.every(row => row.statistics.medianMs > 0 && row.samplesMs.length === 3), id);
        }
        const plugin = document.results.find(row => row.scenario.id === SCENARIO_CATALOG.vscodeReadFile.id);
        assert.strictEqual(plugin?.host?.extensionKind, 'plugin');
        assert.strictEqual(plugin?.host?.editorVersion, OLDEST_SUPPORTED_THEIA);
    });
});
