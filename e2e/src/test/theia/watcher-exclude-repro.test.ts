import { assert } from 'chai';
import { ChildProcess, spawn, spawnSync } from 'child_process';
import { promises as fs } from 'fs';
import * as path from 'path';
import { descendantsOf, HostSession, readProcessUsage, REPOSITORY_ROOT } from '@fs-perf/bench';
import { closeSession, skipWithoutChromium, temporaryFolderForEachTest } from '../session-helpers';

const SCRIPT = path.join(REPOSITORY_ROOT, 'scripts', 'theia-watcher-exclude-repro.js');

function repro(...args: string[]): { status: number | null; stdout: string; stderr: string } {
    return spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8', timeout: 60_000 });
}

/** The numbers of the script's count line: all watches, those on the workspace's folders, its folders, those under node_modules. */
function countLine(stdout: string): [number, number, number, number] {
    const match = /^(\d+) inotify watches in process \d+ and its children; (\d+) on folders of .* \(of its (\d+)\); (\d+) on folders under node_modules/.exec(stdout);
    assert.isNotNull(match, stdout);
    return [Number(match![1]), Number(match![2]), Number(match![3]), Number(match![4])];
}

/**
 * scripts/theia-watcher-exclude-repro.js, the reproduction of docs/findings.md 9 a Theia maintainer runs without
 * fs-perf: its workspace, and its count of the watches under node_modules, checked against a process that watches known
 * folders and against a real Theia (this repository's browser app), whose total it must read as fs-perf does. Whether
 * that Theia keeps the excluded folders watched is not asserted: the exit code says it, so a Theia that prunes passes.
 */
suite('scripts/theia-watcher-exclude-repro.js: the watches under node_modules, without fs-perf', () => {
    let directory: string;
    temporaryFolderForEachTest('fs-perf-watcher-repro-test-', folder => {
        directory = folder;
    });

    test('make writes the workspace and both settings; count finds exactly the folders a process watches, and exits 1 only when one is under node_modules', async function () {
        this.timeout(60_000);
        const dir = path.join(directory, 'repro');
        const made = repro('make', dir, '20');
        assert.strictEqual(made.status, 0, made.stderr);
        assert.include(made.stdout, '41 folders in node_modules, 21 beside it');
        const exclude = { 'files.watcherExclude': { '**/node_modules/**': true } };
        assert.deepStrictEqual(JSON.parse(await fs.readFile(path.join(dir, 'workspace', '.vscode', 'settings.json'), 'utf8')), exclude);
        assert.deepStrictEqual(JSON.parse(await fs.readFile(path.join(dir, 'user', 'settings.json'), 'utf8')), exclude);
        assert.match(repro('make', dir).stderr, /exists already: give a new folder/, 'a second make refuses to write over the first');
        const workspace = path.join(dir, 'workspace');
        const watcher = (folders: string[]): ChildProcess => spawn(process.execPath, ['-e',
            `const fs = require('fs'); for (const folder of ${JSON.stringify(folders)}) fs.watch(folder); console.log('watching'); setTimeout(() => {}, 60000);`],
        { stdio: ['ignore', 'pipe', 'inherit'] });
        const watching = (child: ChildProcess): Promise<void> => new Promise(resolve => child.stdout!.once('data', () => resolve()));
        const inside = watcher([path.join(workspace, 'node_modules', 'package-1'), path.join(workspace, 'node_modules', 'package-2', 'lib'), path.join(workspace, 'src')]);
        const outside = watcher([path.join(workspace, 'src', 'folder-3')]);
        try {
            await Promise.all([watching(inside), watching(outside)]);
            const counted = repro('count', String(inside.pid), workspace);
            assert.strictEqual(counted.status, 1, counted.stdout + counted.stderr);
            assert.deepStrictEqual(countLine(counted.stdout), [3, 3, 64, 2]);
            const clean = repro('count', String(outside.pid), workspace);
            assert.strictEqual(clean.status, 0, clean.stdout + clean.stderr);
            assert.deepStrictEqual(countLine(clean.stdout), [1, 1, 64, 0]);
        } finally {
            inside.kill();
            outside.kill();
        }
        assert.strictEqual(repro('count', '999999999', workspace).status, 2);
        assert.strictEqual(repro('bogus').status, 2);
    });

    test('against a real Theia on its workspace: the same total as fs-perf reads from /proc, and an exit code that says whether node_modules is watched', async function () {
        this.timeout(180_000);
        await skipWithoutChromium(this);
        const dir = path.join(directory, 'repro');
        assert.strictEqual(repro('make', dir, '100').status, 0);
        const settings = JSON.parse(await fs.readFile(path.join(dir, 'user', 'settings.json'), 'utf8')) as Record<string, unknown>;
        const session = await HostSession.theiaBrowser({ workspace: { path: path.join(dir, 'workspace') }, settings, temporaryParent: directory });
        try {
            // The watches settle within seconds on 223 folders; read until two readings 2 s apart agree.
            const total = async (): Promise<number> => {
                const usages = await Promise.all([session.server.pid, ...await descendantsOf(session.server.pid)].map(readProcessUsage));
                return usages.reduce((sum, usage) => sum + (usage?.inotifyWatches ?? 0), 0);
            };
            let [before, after] = [-1, await total()];
            while (before !== after) {
                await new Promise(resolve => setTimeout(resolve, 2000));
                [before, after] = [after, await total()];
            }
            const counted = repro('count', String(session.server.pid), path.join(dir, 'workspace'));
            const [all, inWorkspace, folders, underNodeModules] = countLine(counted.stdout);
            console.log(`      ${counted.stdout.trim().slice(0, 160)}`);
            assert.strictEqual(all, after, 'the script reads the watches fs-perf reads');
            assert.strictEqual(folders, 224);
            assert.isAtMost(inWorkspace, folders);
            assert.isAbove(inWorkspace, 0, 'Theia watches its workspace');
            assert.strictEqual(counted.status, underNodeModules > 0 ? 1 : 0);
        } finally {
            await closeSession(session);
        }
    });
});
