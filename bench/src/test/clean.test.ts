import { assert } from 'chai';
import { spawn, spawnSync } from 'child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { REPOSITORY_ROOT } from '../util/repository';

interface Leftover {
    readonly category: string;
    readonly path: string;
    readonly what: string;
    readonly bytes: number;
    readonly app?: boolean;
    readonly busy?: string;
}
interface CleanOptions {
    remove: Set<string>;
    keepAppBuilds: boolean;
    list: boolean;
    help: boolean;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const clean = require(path.join(REPOSITORY_ROOT, 'scripts', 'clean.js')) as {
    findLeftovers(folders: { root: string; theiaCache: string; temp?: string }): Leftover[];
    findTemporaryFolders(temp: string): Leftover[];
    parseArguments(argv: string[]): CleanOptions;
    removes(options: CleanOptions, entry: Leftover): boolean;
    removeEntry(entry: Leftover, allowed: string[]): void;
    defaultTheiaCache(env: NodeJS.ProcessEnv): string;
    generatedEsbuildConfigs(root: string): string[];
};

/** A file of `bytes` bytes, its folders made. */
function file(at: string, bytes: number): void {
    mkdirSync(path.dirname(at), { recursive: true });
    writeFileSync(at, Buffer.alloc(bytes));
}

suite('yarn clean (scripts/clean.js)', () => {
    let top: string;
    let root: string;
    let cache: string;
    let outside: string;

    setup(() => {
        top = mkdtempSync(path.join(os.tmpdir(), 'fs-perf-clean-test-'));
        root = path.join(top, 'repo');
        cache = path.join(top, 'cache', 'fs-perf', 'theia-apps');
        outside = path.join(top, 'outside');
        file(path.join(root, 'package.json'), 0);
        file(path.join(root, 'bench', 'lib', 'index.js'), 100);
        file(path.join(root, 'bench', 'src', 'index.ts'), 100);
        file(path.join(root, '.cache', 'code-server', 'entry.js'), 3000);
        file(path.join(root, 'bench-results', 'run-1', 'report.md'), 500);
        file(path.join(root, 'test-files', '.fs-perf', 'fixtures', '10000K.bin'), 7000);
        file(path.join(root, 'node_modules', 'x', '.fs-perf', 'a'), 1);
        file(path.join(cache, 'theia-1.54.0', 'lib', 'main.js'), 2000);
        file(path.join(cache, 'compare-base-1.74.1', 'package.json'), 50);
        file(path.join(cache, 'my-own-folder', 'keep.txt'), 10);
        file(path.join(outside, 'precious.bin'), 9000);
        // Links that lead out of the repository: never followed, for sizes or removal.
        symlinkSync(outside, path.join(root, '.vscode-test'));
        symlinkSync(outside, path.join(root, 'linked-workspace'));
    });

    teardown(() => {
        rmSync(top, { recursive: true, force: true });
    });

    test('lists each leftover by category with its size; links counted as links; other folders of the cache and node_modules left out', () => {
        const leftovers = clean.findLeftovers({ root, theiaCache: cache });
        const byPath = new Map(leftovers.map(entry => [path.relative(top, entry.path), entry]));
        assert.sameMembers([...byPath.keys()], [
            'repo/bench/lib', 'repo/.cache/code-server', 'repo/.vscode-test', 'repo/bench-results', 'repo/test-files/.fs-perf',
            'cache/fs-perf/theia-apps/compare-base-1.74.1', 'cache/fs-perf/theia-apps/theia-1.54.0',
        ]);
        assert.strictEqual(byPath.get('repo/bench/lib')!.category, 'build');
        assert.strictEqual(byPath.get('repo/.cache/code-server')!.bytes, 3000);
        assert.strictEqual(byPath.get('repo/test-files/.fs-perf')!.bytes, 7000);
        assert.strictEqual(byPath.get('repo/test-files/.fs-perf')!.category, 'results');
        assert.strictEqual(byPath.get('cache/fs-perf/theia-apps/theia-1.54.0')!.category, 'apps');
        assert.isBelow(byPath.get('repo/.vscode-test')!.bytes, 1000, 'the link\'s target was counted');
    });

    test('the command line: build output only by default, --list removes nothing, --all everything, unknown arguments refused', () => {
        assert.sameMembers([...clean.parseArguments([]).remove], ['build']);
        assert.isFalse(clean.parseArguments([]).keepAppBuilds);
        assert.isTrue(clean.parseArguments(['--keep-app-builds']).keepAppBuilds);
        assert.sameMembers([...clean.parseArguments(['--caches', '--results']).remove], ['build', 'caches', 'results']);
        assert.sameMembers([...clean.parseArguments(['--all']).remove], ['build', 'caches', 'apps', 'results', 'temp']);
        assert.sameMembers([...clean.parseArguments(['--temp']).remove], ['build', 'temp']);
        assert.sameMembers([...clean.parseArguments(['--all', '--list']).remove], []);
        assert.throws(() => clean.parseArguments(['--everything']), /unknown argument --everything/);
    });

    test('removes a leftover, a link as a link (its target kept), and refuses anything outside the allowed folders', () => {
        for (const entry of clean.findLeftovers({ root, theiaCache: cache })) {
            clean.removeEntry(entry, [root, cache]);
            assert.isFalse(existsSync(entry.path), entry.path);
        }
        assert.isTrue(existsSync(path.join(outside, 'precious.bin')));
        assert.isTrue(existsSync(path.join(cache, 'my-own-folder', 'keep.txt')));
        assert.isTrue(existsSync(path.join(root, 'bench', 'src', 'index.ts')));
        const escaping = { category: 'results', path: path.join(root, 'linked-workspace', 'precious.bin'), what: 'test', bytes: 0 };
        assert.throws(() => clean.removeEntry(escaping, [root, cache]), /outside/);
        assert.isTrue(existsSync(path.join(outside, 'precious.bin')));
    });

    test('--temp: the fs-perf-* folders a killed run left in the temp folder; one a process uses, or changed in the last hour, is listed and kept', async function () {
        if (process.platform !== 'linux') {
            this.skip(); // Which process uses a folder is read from /proc.
        }
        const temp = path.join(top, 'tmp');
        const left = path.join(temp, 'fs-perf-theia-left');
        const used = path.join(temp, 'fs-perf-watch-tree-used');
        const fresh = path.join(temp, 'fs-perf-code-server-fresh');
        file(path.join(left, 'workspace', 'a.txt'), 400);
        file(path.join(used, 'node_modules', 'b.js'), 10);
        file(path.join(fresh, 'c.txt'), 10);
        file(path.join(temp, 'someone-else', 'd.txt'), 10);
        file(path.join(temp, 'fs-perf-a-file'), 10);
        symlinkSync(outside, path.join(temp, 'fs-perf-linked'));
        const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
        [left, used].forEach(folder => utimesSync(folder, hoursAgo, hoursAgo));
        const user = spawn('sleep', ['60'], { cwd: used, stdio: 'ignore' });
        try {
            await new Promise<void>((resolve, reject) => user.once('spawn', resolve).once('error', reject));
            const found = new Map(clean.findLeftovers({ root, theiaCache: cache, temp }).filter(entry => entry.category === 'temp').map(entry => [path.basename(entry.path), entry]));
            assert.sameMembers([...found.keys()], ['fs-perf-theia-left', 'fs-perf-watch-tree-used', 'fs-perf-code-server-fresh']);
            assert.strictEqual(found.get('fs-perf-theia-left')!.bytes, 400);
            assert.isUndefined(found.get('fs-perf-theia-left')!.busy);
            assert.include(found.get('fs-perf-watch-tree-used')!.busy, `PID ${user.pid} (sleep)`);
            assert.include(found.get('fs-perf-code-server-fresh')!.busy, 'changed 0 min ago');
            const options = clean.parseArguments(['--temp']);
            assert.deepEqual([...found.values()].filter(entry => clean.removes(options, entry)).map(entry => path.basename(entry.path)), ['fs-perf-theia-left']);
            assert.isFalse([...found.values()].some(entry => clean.removes(clean.parseArguments([]), entry)), 'a plain yarn clean keeps them');
            clean.removeEntry(found.get('fs-perf-theia-left')!, [temp]);
            assert.isFalse(existsSync(left));
            assert.throws(() => clean.removeEntry(found.get('fs-perf-watch-tree-used')!, [root, cache]), /outside/);
        } finally {
            user.kill();
        }
        assert.isTrue(existsSync(path.join(outside, 'precious.bin')));
        assert.deepEqual(clean.findLeftovers({ root, theiaCache: cache }).filter(entry => entry.category === 'temp'), [], 'no temp folder given, none searched');
    });

    test('everything the build made is build output: compiled TypeScript, bundles, the .vsix, plugins/, the apps\' theia build output', () => {
        const generated = clean.generatedEsbuildConfigs(REPOSITORY_ROOT);
        assert.lengthOf(generated, 2, 'the browser and Electron esbuild.mjs of the installed @theia/application-manager');
        const built = [
            'benchmark-core/lib/index.js', 'benchmark-core/tsconfig.tsbuildinfo', 'theia-extension/dist/browser/m.js', 'vscode-extension/out/x.js',
            'vscode-extension/dist/extension.js', 'vscode-extension/fs-perf-vscode.vsix', 'vscode-extension/other.vsix', 'plugins/fs-perf.fs-perf-vscode/package.json',
            'browser-app/lib/backend/main.js', 'browser-app/src-gen/backend/main.js', 'browser-app/gen-esbuild.browser.mjs', 'browser-app/gen-esbuild.node.mjs',
            'electron-app/lib/backend/main.js', 'electron-app/gen-esbuild.electron.mjs', 'electron-app/gen-webpack.config.js',
        ];
        built.forEach(name => file(path.join(root, name), 10));
        writeFileSync(path.join(root, 'browser-app', 'esbuild.mjs'), generated[0]);
        // An esbuild.mjs someone edited, and sources, are not build output.
        writeFileSync(path.join(root, 'electron-app', 'esbuild.mjs'), `${generated[1]}// my own plugin\n`);
        ['vscode-extension/esbuild.js', 'vscode-extension/src/extension.ts', 'browser-app/package.json', 'electron-app/scripts/build.js'].forEach(name => file(path.join(root, name), 10));
        const build = clean.findLeftovers({ root, theiaCache: cache }).filter(entry => entry.category === 'build');
        assert.sameMembers(build.map(entry => path.relative(root, entry.path)), [
            'bench/lib', 'benchmark-core/lib', 'benchmark-core/tsconfig.tsbuildinfo', 'theia-extension/dist', 'vscode-extension/out', 'vscode-extension/dist',
            'vscode-extension/fs-perf-vscode.vsix', 'vscode-extension/other.vsix', 'plugins', 'browser-app/lib', 'browser-app/src-gen',
            'browser-app/gen-esbuild.browser.mjs', 'browser-app/gen-esbuild.node.mjs', 'browser-app/esbuild.mjs', 'electron-app/lib',
            'electron-app/gen-esbuild.electron.mjs', 'electron-app/gen-webpack.config.js',
        ]);
        const keep = clean.parseArguments(['--keep-app-builds']);
        const removed = build.filter(entry => clean.removes(keep, entry)).map(entry => path.relative(root, entry.path));
        assert.includeMembers(removed, ['bench/lib', 'plugins', 'vscode-extension/fs-perf-vscode.vsix']);
        assert.notInclude(removed.join(' '), '-app/', '--keep-app-builds keeps the apps\' bundles');
        assert.isTrue(build.every(entry => clean.removes(clean.parseArguments([]), entry)), 'a plain yarn clean removes all of it');
        assert.isFalse(build.some(entry => clean.removes(clean.parseArguments(['--list']), entry)), '--list removes nothing');
    });

    test('an app\'s esbuild.mjs as this repository\'s theia build wrote it is recognised as generated', function () {
        const written = path.join(REPOSITORY_ROOT, 'browser-app', 'esbuild.mjs');
        if (!existsSync(written)) {
            this.skip();
        }
        assert.include(clean.generatedEsbuildConfigs(REPOSITORY_ROOT), readFileSync(written, 'utf8'));
    });

    test('the cache folder follows FS_PERF_THEIA_CACHE, then XDG_CACHE_HOME', () => {
        assert.strictEqual(clean.defaultTheiaCache({ FS_PERF_THEIA_CACHE: '/x/apps' }), '/x/apps');
        assert.strictEqual(clean.defaultTheiaCache({ XDG_CACHE_HOME: '/x/cache' }), '/x/cache/fs-perf/theia-apps');
    });

    test('--help prints the flags; a wrong argument exits 2', () => {
        const script = path.join(REPOSITORY_ROOT, 'scripts', 'clean.js');
        const help = spawnSync(process.execPath, [script, '--help'], { encoding: 'utf8' });
        assert.strictEqual(help.status, 0);
        assert.include(help.stdout, '--results');
        const wrong = spawnSync(process.execPath, [script, '--bogus'], { encoding: 'utf8' });
        assert.strictEqual(wrong.status, 2);
    });
});
