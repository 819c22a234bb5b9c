import { assert } from 'chai';
import { promises as fs, watch } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Worker } from 'worker_threads';
import { countInotifyWatches, readProcessUsage, statusKiB } from '../util/process-usage';
import { churnDependencies, processRole, WATCHER_LOAD_VARIANTS, watchesSettledAt, writeWatcherExclude } from '../run/watcher-load';
import { BenchOptions } from '../run/option-table';
import { parseBenchArgumentsQuietly } from './parse-quietly';
import { writeTempMarker } from '../util/temp-marker';

suite('watcher load (--suite watch --watch-tree)', () => {
    test('the watches settle once their total has not changed for the quiet time with the processes nearly idle, and not before a first watch within the grace', () => {
        // A reading a second, each process using `busy` ms of CPU a second.
        const readings = (watches: number[], busy: number[] = watches.map(() => 0)) =>
            watches.map((count, index) => ({ atMs: index * 1000, watches: count, cpuMs: busy.slice(0, index + 1).reduce((sum, ms) => sum + ms, 0) }));
        assert.isUndefined(watchesSettledAt([], 5000));
        // Still growing, then the same for 4 s only: not yet.
        assert.isUndefined(watchesSettledAt(readings([0, 10, 500, 900, 900, 900, 900, 900]), 5000));
        // The same since 3 s for 5 s: settled at 3 s.
        assert.strictEqual(watchesSettledAt(readings([0, 10, 500, 900, 900, 900, 900, 900, 900]), 5000), 3000);
        // A change after a quiet stretch starts the wait again.
        assert.isUndefined(watchesSettledAt(readings([900, 900, 900, 900, 900, 900, 901]), 5000));
        // The same count, but a process busy (a crawl before the first watch, 600 ms of CPU a second): not yet; once idle, yes.
        const crawling = [6, 6, 6, 6, 6, 6, 6];
        assert.isUndefined(watchesSettledAt(readings(crawling, crawling.map(() => 600)), 5000));
        assert.strictEqual(watchesSettledAt(readings([...crawling, 6, 6, 6, 6, 6], [...crawling.map(() => 600), 50, 50, 50, 50, 50]), 5000), 0);
        assert.isUndefined(watchesSettledAt(readings([...crawling, 6, 6, 6, 6, 6], [...crawling.map(() => 600), 50, 50, 50, 50, 400]), 5000));
        // No watch at all: not settled before the grace, settled at 0 after it.
        assert.isUndefined(watchesSettledAt(readings([0, 0, 0, 0, 0, 0, 0]), 5000, 30_000));
        assert.strictEqual(watchesSettledAt(readings(Array<number>(32).fill(0)), 5000, 30_000), 0);
    });

    test('/proc texts: status\'s kB fields, fdinfo\'s watches', () => {
        const status = 'Name:\tnode\nVmHWM:\t  204800 kB\nVmRSS:\t  102400 kB\nThreads:\t11\n';
        assert.strictEqual(statusKiB(status, 'VmRSS'), 102400);
        assert.strictEqual(statusKiB(status, 'VmHWM'), 204800);
        assert.strictEqual(statusKiB('Name:\tkthreadd\n', 'VmRSS'), 0);
        const fdinfo = 'pos:\t0\nflags:\t02004000\nmnt_id:\t15\ninotify wd:2 ino:1 sdev:fd00001 mask:fc6 ignored_mask:0\ninotify wd:1 ino:2 sdev:fd00001 mask:fc6 ignored_mask:0\n';
        assert.strictEqual(countInotifyWatches(fdinfo), 2);
        assert.strictEqual(countInotifyWatches('pos:\t0\nflags:\t02\n'), 0);
    });

    test('this process read from /proc: an fs.watch of three folders adds three inotify watches, and CPU time and memory are there', async function () {
        if (process.platform !== 'linux') {
            this.skip();
        }
        const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-watcher-load-'));
        writeTempMarker(folder, 'test');
        const watchers: ReturnType<typeof watch>[] = [];
        try {
            const before = await readProcessUsage(process.pid);
            for (const name of ['a', 'b', 'c']) {
                await fs.mkdir(path.join(folder, name));
                watchers.push(watch(path.join(folder, name)));
            }
            const after = await readProcessUsage(process.pid);
            assert.strictEqual(after!.inotifyWatches - before!.inotifyWatches, 3);
            assert.isAbove(after!.cpuMs, 0);
            assert.isAbove(after!.rssKiB, 1024);
            assert.isAtLeast(after!.peakRssKiB, after!.rssKiB);
            assert.isUndefined(await readProcessUsage(2 ** 22 + 17), 'a PID that is not there reads as gone');
        } finally {
            watchers.forEach(watcher => watcher.close());
            await fs.rm(folder, { recursive: true, force: true });
        }
    });

    test('the CPU time read counts every thread: 300 ms of work on a worker thread shows, with the main thread idle', async function () {
        if (process.platform !== 'linux') {
            this.skip();
        }
        const before = (await readProcessUsage(process.pid))!.cpuMs;
        await new Promise<void>((resolve, reject) => {
            const worker = new Worker('const end = Date.now() + 300; while (Date.now() < end) { /* spin */ }', { eval: true });
            worker.on('exit', () => resolve());
            worker.on('error', reject);
        });
        const used = (await readProcessUsage(process.pid))!.cpuMs - before;
        // At least most of it (10 ms steps; a shared machine may not give the thread a whole core).
        assert.isAtLeast(used, 150, `${used} ms`);
    });

    test('the churn creates files in up to 10 package folders of node_modules, then deletes them: a watcher sees each, and the folders are left as they were', async () => {
        const top = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-churn-test-'));
        writeTempMarker(top, 'test');
        try {
            const modules = path.join(top, 'node_modules');
            for (const name of ['a', 'b', 'c']) {
                await fs.mkdir(path.join(modules, name, 'lib'), { recursive: true });
                await fs.writeFile(path.join(modules, name, 'index.js'), 'x');
            }
            await fs.writeFile(path.join(modules, '.yarn-integrity'), '{}');
            const before = await fs.readdir(modules, { recursive: true });
            const seen: string[] = [];
            const watcher = watch(path.join(modules, 'b'), (_event, name) => seen.push(String(name)));
            try {
                assert.deepEqual(await churnDependencies(modules, 20), { files: 60, folders: 3 });
                await new Promise(resolve => setTimeout(resolve, 200));
            } finally {
                watcher.close();
            }
            assert.sameMembers([...new Set(seen)].filter(name => name.startsWith('fs-perf-churn-')), Array.from({ length: 20 }, (_, index) => `fs-perf-churn-${index}.js`));
            assert.sameMembers(await fs.readdir(modules, { recursive: true }), before);
            // No package folder: the files go into the folder itself.
            const bare = path.join(top, 'bare');
            await fs.mkdir(bare);
            assert.deepEqual(await churnDependencies(bare, 5), { files: 5, folders: 1 });
            assert.deepEqual(await fs.readdir(bare), []);
        } finally {
            await fs.rm(top, { recursive: true, force: true });
        }
    });

    test('the server\'s processes are named from their command lines', () => {
        assert.strictEqual(processRole('/usr/bin/node /x/code-server/lib/vscode/out/bootstrap-fork --type=fileWatcher'), 'file watcher');
        assert.strictEqual(processRole('/usr/bin/node /x/code-server/lib/vscode/out/bootstrap-fork --type=extensionHost --transformURIs'), 'extension host');
        assert.strictEqual(processRole('/usr/bin/node /x/browser-app/lib/backend/main.js /tmp/ws --port 0'), 'backend');
        assert.strictEqual(processRole('/usr/bin/node /x/node_modules/@theia/plugin-ext/lib/hosted/node/plugin-host.js'), 'plugin host');
        assert.strictEqual(processRole('/usr/bin/node /x/browser-app/lib/backend/ipc-bootstrap.js --watchOptions={}'), 'file watcher');
        assert.strictEqual(processRole('/usr/bin/node /x/code-server/out/node/entry.js --bind-addr 127.0.0.1:0 --auth none'), 'code-server launcher');
        assert.strictEqual(processRole('/usr/bin/node /x/code-server/out/node/entry '), 'server');
        assert.strictEqual(processRole('/usr/bin/node /x/json-language-features/server/dist/node/jsonServerMain --node-ipc --clientProcessId=9'), 'jsonServerMain');
        assert.strictEqual(processRole('/usr/bin/node --dns-result-order=ipv4first /x/out/bootstrap-fork --type=extensionHost'), 'extension host');
        assert.strictEqual(processRole('/bin/bash '), 'bash');
        assert.strictEqual(processRole('/opt/tools/something --flag'), 'something');
    });

    test('the openings: watched, then excluded in the user\'s settings, in the workspace\'s and while running, each differing from the first in node_modules alone', () => {
        const [watched, ...others] = WATCHER_LOAD_VARIANTS;
        assert.deepStrictEqual(WATCHER_LOAD_VARIANTS.map(variant => [variant.name, variant.settingsScope]), [
            ['node_modules watched', 'user'], ['node_modules excluded', 'user'], ['node_modules excluded in the workspace', 'workspace'],
            ['node_modules excluded while running', 'user']]);
        for (const other of others) {
            assert.deepStrictEqual(other.watcherExclude, others[0].watcherExclude, other.name);
        }
        // Changed while running: started as the first opening.
        assert.deepStrictEqual(others[2].startedWith, watched.watcherExclude);
        assert.isTrue(others.slice(0, 2).every(other => other.startedWith === undefined));
    });

    test('a change of the exclude while the editor runs rewrites files.watcherExclude and keeps the other settings', async () => {
        const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-watcher-settings-'));
        try {
            const file = path.join(folder, 'settings.json');
            await fs.writeFile(file, JSON.stringify({ 'fsPerf.iterations': 3, 'files.watcherExclude': WATCHER_LOAD_VARIANTS[0].watcherExclude }));
            await writeWatcherExclude(file, WATCHER_LOAD_VARIANTS[1].watcherExclude);
            assert.deepStrictEqual(JSON.parse(await fs.readFile(file, 'utf8')), { 'fsPerf.iterations': 3, 'files.watcherExclude': WATCHER_LOAD_VARIANTS[1].watcherExclude });
        } finally {
            await fs.rm(folder, { recursive: true, force: true });
        }
    });

    test('the two first openings differ in node_modules alone, and --watch-tree takes a tree or none, with watch runs only', () => {
        const [watched, excluded] = WATCHER_LOAD_VARIANTS;
        const differing = Object.keys({ ...watched.watcherExclude, ...excluded.watcherExclude }).filter(key => watched.watcherExclude[key] !== excluded.watcherExclude[key]);
        assert.deepStrictEqual(differing, ['**/node_modules/**', '**/node_modules/*/**']);
        assert.isTrue(differing.every(key => excluded.watcherExclude[key] && !watched.watcherExclude[key]));
        const options = (argv: string[]) => parseBenchArgumentsQuietly(argv).result as BenchOptions;
        assert.strictEqual(options(['--suite', 'watch']).watchTree, '100k');
        assert.strictEqual(options(['--suite', 'watch', '--watch-tree', 'none']).watchTree, 'none');
        assert.match(parseBenchArgumentsQuietly(['--suite', 'watch', '--watch-tree', '7k']).stderr, /--watch-tree must be one of 1k, 10k, 100k, none, got '7k'/);
        assert.match(parseBenchArgumentsQuietly(['--watch-tree', '1k']).stderr, /--watch-tree/);
        assert.isUndefined(options([]).watchTree);
    });
});
