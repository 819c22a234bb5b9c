import { assert } from 'chai';
import { spawn } from 'child_process';
import { existsSync, promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { LOOPBACK, parseNetworkList } from '@fs-perf/benchmark-core';
import { findChromium, SNAP_CHROMIUM } from '../hosts/chromium';
import { BenchOptions } from '../run/options';
import { followedCellScenarios } from '../run/compare-options';
import { compareCellCount, compareMeasuringSeconds, expectedDuration } from '../run/estimates';
import { preflight, PreflightEnvironment, PreflightRequest } from '../run/preflight';
import { REPOSITORY_ROOT } from '../util/repository';
import { writeTempMarker } from '../util/temp-marker';

/** A machine where everything is in place (Node 20, Debian's chromium, a display, Go 1.26); each test takes one thing away. */
function machine(change: Partial<PreflightEnvironment> = {}, files: readonly string[] = ['/usr/bin/chromium']): PreflightEnvironment {
    return {
        nodeVersion: 'v20.20.2', platform: 'linux', env: { DISPLAY: ':99' },
        exists: file => files.includes(file), realpath: file => file, readFile: () => 'ID=debian\n',
        which: command => ({ go: '/usr/local/go/bin/go', taskset: '/usr/bin/taskset' } as Record<string, string>)[command],
        commandOutput: (command, args) => command.endsWith('go') && args[0] === 'version' ? 'go version go1.26.0 linux/amd64\n' : undefined,
        allowedCores: () => [0, 1],
        ...change,
    };
}

const ALL: PreflightRequest = { hosts: ['theia-browser', 'vscode-server', 'theia-electron', 'vscode-desktop'], hostsGiven: false, network: false };

suite('preflight', () => {
    test('a machine with everything passes every mode', () => {
        for (const request of [ALL, { ...ALL, hostsGiven: true }, { ...ALL, network: true }, { hosts: ['theia-browser'], hostsGiven: false, network: false } as PreflightRequest]) {
            assert.deepStrictEqual(preflight(request, machine()).problems, []);
        }
    });

    test('Node 22: refused for the vscode-server host with the fix, accepted for the Theia hosts', () => {
        const problems = preflight(ALL, machine({ nodeVersion: 'v22.23.3' })).problems;
        assert.lengthOf(problems, 1);
        assert.include(problems[0], 'needs Node 20');
        assert.include(problems[0], 'v22.23.3');
        assert.include(problems[0], '--hosts theia-browser,theia-electron,vscode-desktop');
        assert.deepStrictEqual(preflight({ hosts: ['theia-browser'], hostsGiven: true, network: false }, machine({ nodeVersion: 'v22.23.3' })).problems, []);
    });

    test('Node 18 is refused for any host; Node 24 only gets a note', () => {
        assert.include(preflight({ hosts: ['theia-browser'], hostsGiven: true, network: false }, machine({ nodeVersion: 'v18.19.0' })).problems.join(), 'too old');
        const newer = preflight({ hosts: ['theia-browser'], hostsGiven: true, network: false }, machine({ nodeVersion: 'v24.1.0' }));
        assert.deepStrictEqual(newer.problems, []);
        assert.include(newer.notes.join(), 'untested');
    });

    test('no Chromium: refused naming FS_PERF_CHROMIUM; only for the hosts that use it', () => {
        const problems = preflight(ALL, machine({}, [])).problems;
        assert.lengthOf(problems, 1);
        assert.include(problems[0], 'FS_PERF_CHROMIUM');
        assert.include(problems[0], 'install-prerequisites.sh');
        assert.notInclude(problems[0], 'snap');
        assert.deepStrictEqual(preflight({ hosts: ['vscode-desktop'], hostsGiven: true, network: false }, machine({}, [])).problems, []);
    });

    test('FS_PERF_CHROMIUM that does not exist is named as such, even where /usr/bin/chromium exists', () => {
        const problems = preflight(ALL, machine({ env: { DISPLAY: ':0', FS_PERF_CHROMIUM: '/nonexistent' } })).problems;
        assert.lengthOf(problems, 1);
        assert.include(problems[0], 'FS_PERF_CHROMIUM is /nonexistent, which does not exist');
    });

    test('Ubuntu: its chromium is a snap, said with how to use it or what to install; the snap wrapper is not taken', () => {
        const found = findChromium(machine({ readFile: () => 'NAME="Ubuntu"\nID=ubuntu\n' }, [SNAP_CHROMIUM, '/usr/bin/chromium-browser']));
        assert.property(found, 'problem');
        const problem = (found as { problem: string }).problem;
        assert.include(problem, 'snap (/snap/bin/chromium, installed here)');
        assert.include(problem, 'FS_PERF_CHROMIUM=/snap/bin/chromium');
        assert.include(problem, 'Google Chrome');
        assert.deepStrictEqual(findChromium(machine({}, ['/usr/bin/google-chrome'])), { path: '/usr/bin/google-chrome' });
        assert.deepStrictEqual(findChromium(machine({ env: { FS_PERF_CHROMIUM: SNAP_CHROMIUM } }, [SNAP_CHROMIUM])), { path: SNAP_CHROMIUM });
    });

    test('--network without Toxiproxy: refused where there is no Go, or a Go older than 1.22; nothing asked without --network', () => {
        const noGo = machine({ which: () => undefined });
        assert.include(preflight({ ...ALL, network: true }, noGo).problems.join(), 'no `go` on PATH');
        assert.include(preflight({ ...ALL, network: true }, noGo).problems.join(), 'leave out --network');
        assert.deepStrictEqual(preflight(ALL, noGo).problems, []);
        const oldGo = machine({ which: () => '/usr/bin/go', commandOutput: (command, args) => args[0] === 'version' ? 'go version go1.19.8 linux/amd64' : undefined });
        assert.include(preflight({ ...ALL, network: true }, oldGo).problems.join(), '/usr/bin/go is Go 1.19');
        const installed = machine({ which: () => undefined, commandOutput: (command, args) => args[1] === '--print-bin' ? '/x/toxiproxy-server\n' : undefined });
        assert.deepStrictEqual(preflight({ ...ALL, network: true }, installed).problems, []);
    });

    test('no display: a desktop host named in --hosts is refused with xvfb-run; in the default hosts it is only noted', () => {
        const headless = machine({ env: {} });
        const problems = preflight({ hosts: ['theia-browser', 'vscode-desktop'], hostsGiven: true, network: false }, headless).problems;
        assert.lengthOf(problems, 1);
        assert.include(problems[0], 'xvfb-run');
        assert.include(problems[0], '--hosts theia-browser');
        const defaults = preflight(ALL, headless);
        assert.deepStrictEqual(defaults.problems, []);
        assert.include(defaults.notes.join(), 'theia-electron and vscode-desktop will be skipped');
        assert.deepStrictEqual(preflight({ hosts: ['vscode-desktop'], hostsGiven: true, network: false }, machine({ platform: 'darwin', env: {} })).problems, []);
    });

    test('vscode-server on macOS: refused, code-server\'s installer is Linux only', () => {
        const problems = preflight(ALL, machine({ platform: 'darwin' })).problems;
        assert.lengthOf(problems, 1);
        assert.include(problems[0], 'Linux only');
        assert.include(problems[0], 'darwin');
    });

    test('--duet: refused on a machine whose process may run on fewer than 2 cores, off Linux, or without taskset, each naming what to do; nothing asked without it', () => {
        const duet: PreflightRequest = { hosts: ['theia-browser'], hostsGiven: false, network: false, duet: true };
        assert.deepStrictEqual(preflight(duet, machine()).problems, []);
        const oneCore = preflight(duet, machine({ allowedCores: () => [3] })).problems;
        assert.deepStrictEqual(oneCore, ['--duet pins each side to a core of its own, and this process may run on 1 core (3): give it 2 or more (a container\'s --cpus or cpuset), or leave out --duet.']);
        assert.include(preflight(duet, machine({ allowedCores: () => undefined })).problems.join(), 'this is no Linux: leave out --duet');
        const noTaskset = preflight(duet, machine({ which: () => undefined })).problems;
        assert.lengthOf(noTaskset, 1);
        assert.include(noTaskset[0], 'no `taskset` on PATH: install util-linux');
        assert.lengthOf(preflight(duet, machine({ which: () => undefined, allowedCores: () => [0] })).problems, 2);
        assert.deepStrictEqual(preflight({ ...duet, duet: false }, machine({ which: () => undefined, allowedCores: () => [0] })).problems, []);
    });

    test('every problem at once, so one pass fixes them all', () => {
        assert.lengthOf(preflight({ ...ALL, hostsGiven: true, network: true }, machine({ nodeVersion: 'v22.1.0', env: {}, which: () => undefined }, [])).problems, 4);
    });

    test('--compare\'s expected duration: the budget, but never less than the pairs of its first look at what a pair of that many samples takes', () => {
        const side = (which: 'base' | 'head') => ({ side: which, label: which, kind: 'release' as const, value: '1.74.1' });
        const options: BenchOptions = { hosts: ['theia-browser'], iterations: 5, warmup: 1, sizes: ['500K', '5000K', '10000K'], precision: 0, rounds: 1,
            cpuThrottle: 1, cpuPass: false, out: '/tmp/x', networks: [LOOPBACK], suite: 'default',
            compare: { sides: [side('base'), side('head')], pairs: 8, alpha: 0.05, noiseThreshold: 0.05, check: false, budgetSeconds: 780, restartEvery: 1, pauseMs: 500, warmupBlock: true } };
        // The t-test of the looks reaches any share of alpha: the first look's 8 pairs fit in 13 min (issue 54; the signed-rank test needed 10 for 15 cells).
        assert.match(expectedDuration(options), /^at most about 13 min of alternated blocks \(--budget, at least the 8 pairs of the first look of 15 cells/);
        assert.match(expectedDuration({ ...options, sizes: ['10000K'] }), /^at most about 13 min of alternated blocks \(--budget, at least the 8 pairs of the first look of 5 cells/);
        // 10 samples a block: pairs of about 150 s (docs/compare-2026-11-26-aa-iterations-10, at commit a70ac140ea), 8 of them 20 min.
        assert.match(expectedDuration({ ...options, iterations: 10 }), /^at most about 20 min of alternated blocks/);
        assert.include(expectedDuration({ ...options, compare: { ...options.compare!, duet: true } }), '(timed from pairs of alternated blocks; a --duet pair runs both blocks at once)');
        assert.notInclude(expectedDuration(options), '--duet');
        assert.match(expectedDuration({ ...options, compare: { ...options.compare!, budgetSeconds: undefined, pairs: 6 } }), /^about 10 min of alternated blocks \(6 pairs, ~100 s each\)/);
        // A bisect's steps are comparisons at the search's share of alpha: its own plan says their time, not the line of a plain --compare.
        assert.match(expectedDuration({ ...options, bisectSeries: { kind: 'releases', good: '1.54.0', bad: '1.74.1' } }), /^each step of the bisect a comparison of two builds; the plan below/);
    });

    test('a bisect step\'s measuring time: at the search\'s share of alpha 5 cells need the first look\'s 8 pairs (the signed-rank test needed 11); a step that follows one cell measures 2', () => {
        const compare = { alpha: 0.05, noiseThreshold: 0.05, budgetSeconds: 780, pairs: 8 };
        assert.deepInclude(compareMeasuringSeconds(compare, 5, 5), { fewest: 8, cells: 5, seconds: 800 });
        // 6 builds: 7 comparisons at most, each at 0.05 / 7 (the committed planted series' first step took 11 pairs at 10000K over 5 cells, signed-rank).
        assert.deepInclude(compareMeasuringSeconds({ ...compare, alpha: 0.05 / 7 }, 5, 5), { fewest: 8, cells: 5, seconds: 800 });
        assert.deepInclude(compareMeasuringSeconds({ ...compare, budgetSeconds: undefined }, 5, 15), { cells: 15, seconds: 800 });
        const followed = followedCellScenarios({ host: { editor: 'theia', runtime: 'browser', extensionKind: 'plugin' }, scenarioId: 'vscode.workspace.fs.readFile' });
        assert.deepStrictEqual(followed, { plugin: ['vscode.workspace.fs.readFile'], theia: ['theia.backend.diskRead'] });
        assert.deepStrictEqual(followedCellScenarios({ host: { editor: 'theia', runtime: 'browser', extensionKind: 'extension' }, scenarioId: 'theia.FileService.readFile' }),
            { plugin: ['extension-host.fs.promises.readFile'], theia: ['theia.FileService.readFile'] });
        assert.strictEqual(compareCellCount({ scenarios: followed }, 1), 2);
        assert.strictEqual(compareCellCount({}, 3), 15);
        assert.isBelow(compareMeasuringSeconds({ ...compare, alpha: 0.05 / 7 }, 5, 2).fewest, 11);
    });

    test('the expected duration scales with hosts, rounds, releases and links, and says when options differ from the timed defaults', () => {
        const options: BenchOptions = { hosts: ['theia-browser', 'vscode-server'], iterations: 15, warmup: 2, sizes: ['1K', '5K', '50K', '500K', '5000K', '10000K'],
            precision: 5, rounds: 1, cpuThrottle: 1, cpuPass: true, out: '/tmp/x', networks: [LOOPBACK], suite: 'default' };
        assert.match(expectedDuration(options), /^about 8 min of measuring \(theia-browser ~6 min, vscode-server ~2 min, as timed on a 2-core machine\)/);
        assert.match(expectedDuration({ ...options, rounds: 2 }), /^about 16 min/);
        assert.match(expectedDuration({ ...options, theiaVersions: ['1.54.0', '1.74.1'] }), /theia-browser x2 releases ~12 min/);
        assert.include(expectedDuration({ ...options, iterations: 5 }), 'your --iterations');
        assert.match(expectedDuration({ ...options, networks: [LOOPBACK, ...parseNetworkList('dsl')] }), /^about 21 min/);
        // Under 90 s in seconds, as the run's own lines count them (bench/src/run/format.ts), not rounded up to a minute.
        assert.match(expectedDuration({ ...options, hosts: ['vscode-server'], networks: [LOOPBACK, ...parseNetworkList('lan')] }), /^about 51 s of measuring \(vscode-server ~51 s,/);
        assert.include(expectedDuration(options), 'plus first-time setup where missing (building the browser app, installing code-server: a few minutes once)');
        assert.notInclude(expectedDuration({ ...options, hosts: ['theia-browser'], theiaUrl: 'http://127.0.0.1:3000/' }), 'first-time setup');
    });
});

/** The real CLI, with the machine changed through its environment: each refusal exits 1 within seconds, before any build. */
suite('preflight: the real yarn bench refuses before any build', function () {
    this.timeout(30_000);
    const cli = path.join(REPOSITORY_ROOT, 'bench', 'lib', 'commands', 'bench.js');
    let out: string;
    setup(async () => {
        out = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-preflight-test-'));
        writeTempMarker(out, 'test');
    });
    teardown(async () => {
        await fs.rm(out, { recursive: true, force: true });
    });
    /** Runs the CLI in its own process group; a run the preflight let through is stopped, with all it started, after 10 s. */
    const bench = (args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number | null; stderr: string; seconds: number }> => new Promise((resolve, reject) => {
        const started = Date.now();
        const child = spawn(process.execPath, [cli, ...args, '--out', path.join(out, 'run')], { env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        child.stderr.on('data', chunk => stderr += String(chunk));
        const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 10_000);
        child.on('error', reject);
        child.on('close', status => {
            clearTimeout(timer);
            resolve({ status, stderr, seconds: (Date.now() - started) / 1000 });
        });
    });
    const refused = async (run: ReturnType<typeof bench>, fix: string): Promise<void> => {
        const result = await run;
        assert.strictEqual(result.status, 1, result.stderr);
        assert.isBelow(result.seconds, 10);
        assert.include(result.stderr, 'cannot start here (nothing was built or downloaded)');
        assert.include(result.stderr, fix);
        assert.isFalse(existsSync(path.join(out, 'run')), 'the run folder was made: the run started');
    };

    test('no Chromium (FS_PERF_CHROMIUM=/nonexistent)', async () => {
        await refused(bench([], { FS_PERF_CHROMIUM: '/nonexistent' }), 'FS_PERF_CHROMIUM is /nonexistent');
    });

    test('--network with no Go on PATH and no Toxiproxy installed', async () => {
        await refused(bench(['--network', 'dsl'], { PATH: '/usr/bin:/bin', TOXIPROXY_DIR: '/nonexistent-toxiproxy' }), 'no `go` on PATH');
    });

    test('--hosts vscode-desktop with no display', async () => {
        await refused(bench(['--hosts', 'vscode-desktop'], { DISPLAY: '', WAYLAND_DISPLAY: '' }), 'xvfb-run');
    });
});
