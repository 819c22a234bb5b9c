import { assert } from 'chai';
import { ChildProcess, spawn, spawnSync } from 'child_process';
import { createHash } from 'crypto';
import {
    chmodSync, chownSync, copyFileSync, existsSync, lstatSync, lutimesSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync,
    symlinkSync, writeFileSync,
} from 'fs';
import * as os from 'os';
import * as path from 'path';
import { REPOSITORY_ROOT } from '../util/repository';
import { markerOfThisProcess, TEMP_MARKER, writeTempMarker } from '../util/temp-marker';

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
    printable(text: string): string;
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

let ended: number | undefined;
/** A PID no process has: that of a process that has ended (and was reaped). */
function endedPid(): number {
    ended ??= spawnSync(process.execPath, ['-e', '']).pid!;
    return ended;
}

/** fs-perf's marker in `folder`, as a run whose process `pid` is gone (or any other) would have left it. */
function plantMarker(folder: string, pid = endedPid(), startedAt = 1): void {
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, TEMP_MARKER), JSON.stringify({ pid, startedAt, clock: 'proc-starttime', purpose: 'a killed run' }));
}

/** Sets the times of `target` and everything below it (links themselves, never followed) to two hours ago. */
function backdate(target: string): void {
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    if (lstatSync(target).isDirectory()) {
        readdirSync(target).forEach(name => backdate(path.join(target, name)));
    }
    lutimesSync(target, hoursAgo, hoursAgo);
}

/** A hash of a tree as it is: every entry's path, kind, mode and content (a link's target), links never followed. */
function treeHash(folder: string): string {
    const hash = createHash('sha256');
    const walk = (relative: string): void => {
        const full = path.join(folder, relative);
        const stat = lstatSync(full);
        hash.update(`${relative}\0${stat.mode}\0`);
        if (stat.isSymbolicLink()) {
            hash.update(readlinkSync(full));
        } else if (stat.isDirectory()) {
            readdirSync(full).sort().forEach(name => walk(path.join(relative, name)));
        } else {
            hash.update(readFileSync(full));
        }
    };
    walk('');
    return hash.digest('hex');
}

/** A tree at `at`, outside the folders being cleaned, with fs-perf's marker in it (so that it looks like one to remove) and files in folders. */
function outsideMarkerTree(at: string): void {
    plantMarker(at);
    for (const name of ['keep-1.txt', 'keep-2.txt', 'inner/keep-3.txt', 'inner/deeper/keep-4.txt']) {
        mkdirSync(path.dirname(path.join(at, name)), { recursive: true });
        writeFileSync(path.join(at, name), `outside: ${name}`);
    }
}

/** python3 that swaps `a` and `b` (RENAME_EXCHANGE) as fast as it can, until it is stopped or its parent is gone. */
const SWAPPER = `
import ctypes, os, sys, time
libc = ctypes.CDLL(None, use_errno=True)
a, b = os.fsencode(sys.argv[1]), os.fsencode(sys.argv[2])
AT_FDCWD, RENAME_EXCHANGE = -100, 2
if hasattr(libc, 'renameat2'):
    swap = lambda: libc.renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE)
else:
    number = {'x86_64': 316, 'aarch64': 276}[os.uname().machine]
    swap = lambda: libc.syscall(number, AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE)
parent, ends = os.getppid(), time.time() + 120
print('ready', flush=True)
while True:
    for _ in range(10000):
        swap()
    if os.getppid() != parent or time.time() > ends:
        break
`;

suite('yarn clean (scripts/clean.js)', () => {
    let top: string;
    let root: string;
    let cache: string;
    let outside: string;
    /** Every process a test starts: each stopped by its PID in the teardown, also when the test failed. */
    let children: ChildProcess[];

    /** Starts `command` as a child the teardown stops; resolves once it runs. */
    async function startChild(command: string, args: string[], options: { cwd?: string } = {}): Promise<ChildProcess> {
        const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
        children.push(child);
        await new Promise<void>((resolve, reject) => child.once('spawn', resolve).once('error', reject));
        return child;
    }

    /** A copy of clean.js in `root` made a repository (so nothing of the real one is touched), run with `temp` as the OS temp folder. */
    function runClean(args: string[], temp: string, user?: number): { status: number | null; stdout: string; stderr: string } {
        writeFileSync(path.join(root, 'package.json'), '{ "workspaces": [] }');
        mkdirSync(path.join(root, 'scripts'), { recursive: true });
        ['clean.js', 'remove-tree.js', 'temp-folders.js', 'temp-marker.js'].forEach(name => copyFileSync(path.join(REPOSITORY_ROOT, 'scripts', name), path.join(root, 'scripts', name)));
        const command = [process.execPath, path.join(root, 'scripts', 'clean.js'), ...args];
        const asUser = user === undefined ? command : ['setpriv', `--reuid=${user}`, `--regid=${user}`, '--clear-groups', ...command];
        const result = spawnSync(asUser[0], asUser.slice(1), { encoding: 'utf8', timeout: 30_000, env: { ...process.env, TMPDIR: temp, FS_PERF_THEIA_CACHE: cache } });
        return { status: result.status, stdout: result.stdout, stderr: result.stderr };
    }

    setup(() => {
        children = [];
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

    teardown(async () => {
        for (const child of children.filter(started => (started.exitCode ?? started.signalCode ?? undefined) === undefined)) {
            const ended = new Promise(resolve => child.once('exit', resolve));
            try {
                process.kill(child.pid!, 'SIGKILL');
            } catch {
                // Ended meanwhile.
            }
            await ended;
        }
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

    test('--temp: the fs-perf-* folders with fs-perf\'s marker a killed run left in the temp folder; one a process uses, or changed in the last hour, is listed and kept', async function () {
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
        [left, used, fresh].forEach(folder => plantMarker(folder));
        file(path.join(temp, 'someone-else', 'd.txt'), 10);
        file(path.join(temp, 'fs-perf-a-file'), 10);
        symlinkSync(outside, path.join(temp, 'fs-perf-linked'));
        [left, used].forEach(backdate);
        const user = await startChild('sleep', ['60'], { cwd: used });
        const found = new Map(clean.findLeftovers({ root, theiaCache: cache, temp }).filter(entry => entry.category === 'temp').map(entry => [path.basename(entry.path), entry]));
        assert.sameMembers([...found.keys()], ['fs-perf-theia-left', 'fs-perf-watch-tree-used', 'fs-perf-code-server-fresh']);
        assert.strictEqual(found.get('fs-perf-theia-left')!.bytes, 400 + statSync(path.join(left, TEMP_MARKER)).size);
        assert.isUndefined(found.get('fs-perf-theia-left')!.busy);
        assert.include(found.get('fs-perf-watch-tree-used')!.busy, `PID ${user.pid} (sleep)`);
        assert.include(found.get('fs-perf-code-server-fresh')!.busy, 'changed 0 min ago');
        const options = clean.parseArguments(['--temp']);
        assert.deepEqual([...found.values()].filter(entry => clean.removes(options, entry)).map(entry => path.basename(entry.path)), ['fs-perf-theia-left']);
        assert.isFalse([...found.values()].some(entry => clean.removes(clean.parseArguments([]), entry)), 'a plain yarn clean keeps them');
        clean.removeEntry(found.get('fs-perf-theia-left')!, [temp]);
        assert.isFalse(existsSync(left));
        assert.throws(() => clean.removeEntry(found.get('fs-perf-watch-tree-used')!, [root, cache]), /outside/);
        assert.isTrue(existsSync(path.join(outside, 'precious.bin')));
        assert.deepEqual(clean.findLeftovers({ root, theiaCache: cache }).filter(entry => entry.category === 'temp'), [], 'no temp folder given, none searched');
    });

    /** The temporary folders `findTemporaryFolders` finds in `temp`, by name. */
    const temporaryFolders = (temp: string): Map<string, Leftover> => new Map(clean.findTemporaryFolders(temp).map(entry => [path.basename(entry.path), entry]));
    const removedByTemp = (entry: Leftover): boolean => clean.removes(clean.parseArguments(['--temp']), entry);

    test('--temp keeps a folder without fs-perf\'s marker, or whose marker is not fs-perf\'s (a link to one, another user\'s), however old', () => {
        const temp = path.join(top, 'tmp');
        const bare = path.join(temp, 'fs-perf-no-marker');
        const linked = path.join(temp, 'fs-perf-linked-marker');
        const marked = path.join(temp, 'fs-perf-marked');
        file(path.join(bare, 'a.txt'), 10);
        plantMarker(marked);
        plantMarker(path.join(outside, 'elsewhere'));
        mkdirSync(linked, { recursive: true });
        symlinkSync(path.join(outside, 'elsewhere', TEMP_MARKER), path.join(linked, TEMP_MARKER));
        [bare, linked, marked].forEach(backdate);
        const found = temporaryFolders(temp);
        assert.include(found.get('fs-perf-no-marker')!.busy, `no fs-perf marker (${TEMP_MARKER})`);
        assert.include(found.get('fs-perf-linked-marker')!.busy, 'is not fs-perf\'s');
        assert.isUndefined(found.get('fs-perf-marked')!.busy, 'the same folder with the marker of a run that is gone may go');
        assert.deepStrictEqual([...found.values()].filter(removedByTemp).map(entry => path.basename(entry.path)), ['fs-perf-marked']);
    });

    test('--temp keeps a folder whose marker names a process still running; a marker whose PID now belongs to a later process does not keep it', function () {
        const temp = path.join(top, 'tmp');
        const running = path.join(temp, 'fs-perf-running');
        const reused = path.join(temp, 'fs-perf-reused');
        mkdirSync(running, { recursive: true });
        writeTempMarker(running, 'test: this process');
        const mine = markerOfThisProcess('test');
        backdate(running);
        const found = temporaryFolders(temp);
        assert.include(found.get('fs-perf-running')!.busy, `the process that made it is still running (PID ${process.pid}, test: this process)`);
        assert.isFalse(removedByTemp(found.get('fs-perf-running')!));
        if (mine.clock !== 'proc-starttime') {
            console.log('      (the reused PID part skipped: no /proc/<pid>/stat start time here)');
            return;
        }
        // This process's PID with another start time: the process that wrote it is gone and its PID was reused.
        plantMarker(reused, process.pid, mine.startedAt - 1);
        backdate(reused);
        assert.isUndefined(temporaryFolders(temp).get('fs-perf-reused')!.busy);
    });

    test('--temp keeps a folder whose top level is hours old but with a file changed seconds ago deep inside', () => {
        const temp = path.join(top, 'tmp');
        const folder = path.join(temp, 'fs-perf-deep-change');
        plantMarker(folder);
        file(path.join(folder, 'workspace', 'a', 'b', 'c', 'old.txt'), 10);
        backdate(folder);
        file(path.join(folder, 'workspace', 'a', 'b', 'c', 'new.txt'), 10);
        // The folders above it, the top level included, are set back again: only the file itself is new.
        for (let inner = path.join(folder, 'workspace', 'a', 'b', 'c'); inner !== temp; inner = path.dirname(inner)) {
            lutimesSync(inner, new Date(Date.now() - 7200_000), new Date(Date.now() - 7200_000));
        }
        assert.isBelow(lstatSync(folder).mtimeMs, Date.now() - 3600_000);
        const entry = temporaryFolders(temp).get('fs-perf-deep-change')!;
        assert.include(entry.busy, `changed 0 min ago (${path.join('workspace', 'a', 'b', 'c', 'new.txt')})`);
        assert.isFalse(removedByTemp(entry));
    });

    test('names are printed with control characters escaped: a terminal escape in a folder\'s name does not reach the terminal', () => {
        const temp = path.join(top, 'tmp');
        const hostile = 'fs-perf-\u001b[2J\u001b]0;owned\u0007\u009b31m-x';
        mkdirSync(path.join(temp, hostile), { recursive: true });
        const listed = runClean(['--list'], temp);
        assert.strictEqual(listed.status, 0, listed.stderr);
        assert.include(listed.stdout, 'fs-perf-\\u001b[2J\\u001b]0;owned\\u0007\\u009b31m-x');
        const controls = [...listed.stdout].filter(character => character !== '\n' && (character < ' ' || (character >= '\u007f' && character <= '\u009f')));
        assert.deepStrictEqual(controls, [], 'a control character other than the line ends was printed');
        assert.strictEqual(clean.printable('a\nb\u202ec'), 'a\\nb\\u202ec');
    });

    test('--temp removes a subfolder that is a link to a tree outside (one with fs-perf\'s marker) as a link: the tree outside is unchanged', () => {
        const temp = path.join(top, 'tmp');
        const folder = path.join(temp, 'fs-perf-with-link');
        const tree = path.join(outside, 'marker-tree');
        outsideMarkerTree(tree);
        plantMarker(folder);
        file(path.join(folder, 'workspace', 'a.txt'), 10);
        symlinkSync(tree, path.join(folder, 'workspace', 'linked'));
        symlinkSync(tree, path.join(folder, 'linked-at-top'));
        backdate(folder);
        const before = treeHash(tree);
        const entry = temporaryFolders(temp).get('fs-perf-with-link')!;
        assert.isTrue(removedByTemp(entry), entry.busy);
        clean.removeEntry(entry, [temp]);
        assert.isFalse(existsSync(folder));
        assert.strictEqual(treeHash(tree), before);
    });

    test('--temp: a subfolder swapped with a link to a tree outside (RENAME_EXCHANGE, again and again) during its removal; 50 removals, nothing outside changes', async function () {
        if (process.platform !== 'linux') {
            this.skip();
        }
        const temp = path.join(top, 'tmp');
        const folder = path.join(temp, 'fs-perf-swapped');
        const staging = path.join(temp, 'staging');
        const tree = path.join(outside, 'marker-tree');
        const swapZone = path.join(top, 'swap-zone');
        const link = path.join(swapZone, 'link');
        outsideMarkerTree(tree);
        mkdirSync(swapZone, { recursive: true });
        const before = treeHash(tree);
        const swapper = await startChild('python3', ['-c', SWAPPER, path.join(folder, 'sub'), link]).catch(() => undefined);
        const ready = swapper && await new Promise<boolean>(resolve => {
            swapper.stdout!.once('data', () => resolve(true));
            swapper.once('exit', () => resolve(false));
        });
        if (!ready) {
            console.log('      (skipped: no python3 with ctypes to swap folders with)');
            this.skip();
        }
        for (let round = 0; round < 50; round++) {
            // The link back where the swapper expects it, and a folder to remove, built aside and moved in whole, so that nothing
            // is written through the link while it is built.
            rmSync(link, { recursive: true, force: true });
            symlinkSync(tree, link);
            for (let index = 0; index < 8; index++) {
                file(path.join(staging, 'sub', `f-${index}.txt`), 10);
                file(path.join(staging, 'sub', 'inner', `g-${index}.txt`), 10);
            }
            renameSync(staging, folder);
            if (round === 0) {
                // The swapper works here (RENAME_EXCHANGE supported by the file system): the subfolder is seen as a link.
                const until = Date.now() + 2000;
                let swapped = false;
                while (!swapped && Date.now() < until) {
                    swapped = lstatSync(path.join(folder, 'sub')).isSymbolicLink();
                    await new Promise(resolve => setImmediate(resolve));
                }
                if (!swapped) {
                    console.log('      (skipped: RENAME_EXCHANGE does not swap here)');
                    this.skip();
                }
            }
            let failure: Error | undefined;
            try {
                clean.removeEntry({ category: 'temp', path: folder, what: 'test', bytes: 0 }, [temp]);
            } catch (error) {
                failure = error as Error;
            }
            // What matters most first: nothing outside changed, whether or not the removal went through.
            assert.strictEqual(treeHash(tree), before, `round ${round}: the tree outside changed${failure ? ` (and the removal failed: ${failure.message})` : ''}`);
            assert.isUndefined(failure, `round ${round}: the removal failed`);
            assert.isFalse(existsSync(folder), `round ${round}: the folder is gone`);
        }
    });

    test('another user\'s folder is listed and skipped, and yarn clean --list and --temp exit 0 (as root: a folder of UID 65534, and a run as UID 65534)', function () {
        if (process.platform !== 'linux' || process.getuid!() !== 0) {
            console.log('      (skipped: making another user\'s folder needs root)');
            this.skip();
        }
        const temp = path.join(top, 'tmp');
        const theirs = path.join(temp, 'fs-perf-theirs');
        const rootsOwn = path.join(temp, 'fs-perf-roots-own');
        plantMarker(theirs);
        file(path.join(theirs, 'inner', 'a.txt'), 10);
        backdate(theirs);
        for (const entry of [theirs, path.join(theirs, TEMP_MARKER), path.join(theirs, 'inner'), path.join(theirs, 'inner', 'a.txt')]) {
            chownSync(entry, 65534, 65534);
        }
        chmodSync(theirs, 0o700);
        const runs = [['--list'], ['--temp']].map(args => ({ args, ...runClean(args, temp) }));
        assert.isTrue(existsSync(path.join(theirs, 'inner', 'a.txt')), 'the other user\'s folder was removed');
        for (const run of runs) {
            assert.strictEqual(run.status, 0, `${run.args}: ${run.stderr}`);
            assert.match(run.stdout, /fs-perf-theirs .*kept: another user's \(UID 65534\)/, `${run.args}`);
        }
        // The other way round, as the report found it: root's unreadable folder, and yarn clean run by another user.
        if (spawnSync('setpriv', ['--version']).status !== 0) {
            console.log('      (the run as another user skipped: no setpriv)');
            return;
        }
        rmSync(theirs, { recursive: true });
        file(path.join(root, 'bench', 'lib', 'index.js'), 100);
        plantMarker(rootsOwn);
        file(path.join(rootsOwn, 'private', 'b.txt'), 10);
        backdate(rootsOwn);
        chmodSync(rootsOwn, 0o700);
        chmodSync(top, 0o755);
        for (const args of [['--list'], ['--temp']]) {
            const run = runClean(args, temp, 65534);
            assert.strictEqual(run.status, 0, `${args} as UID 65534: ${run.stderr}`);
            assert.match(run.stdout, /fs-perf-roots-own .*kept: another user's \(UID 0\)/, `${args}`);
        }
        const removing = runClean(['--temp'], temp, 65534);
        assert.match(removing.stdout, /skipped .*bench\/lib.*cannot remove it \(EACCES\)/, 'the build output of root, which UID 65534 cannot remove');
        assert.isTrue(existsSync(path.join(rootsOwn, 'private', 'b.txt')));
        assert.isTrue(existsSync(path.join(root, 'bench', 'lib', 'index.js')));
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
