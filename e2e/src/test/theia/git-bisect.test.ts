import { assert } from 'chai';
import { spawn, spawnSync } from 'child_process';
import { existsSync, promises as fs, readdirSync, readFileSync } from 'fs';
import * as path from 'path';
import { processGroupMembers, stopProcessGroup } from '@fs-perf/bench';
import { skipWithoutChromium, temporaryFolderForEachTest } from '../session-helpers';
import { STEP_CELL } from './git-bisect-step';

/** The script `git bisect run` calls at each step (the compiled git-bisect-step.ts beside this file). */
const STEP_SCRIPT = path.join(__dirname, 'git-bisect-step.js');
/** The head's page throttle at each commit: the change (10x slower) comes with commit 3. */
const THROTTLES = [1, 1, 10, 10];

/** Runs git in `repo`, returning its stdout; throws with its stderr when it fails. */
function git(repo: string, args: string[]): string {
    const run = spawnSync('git', ['-c', 'user.name=fs-perf test', '-c', 'user.email=test@127.0.0.1', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, encoding: 'utf8' });
    if (run.status !== 0) {
        throw new Error(`git ${args.join(' ')} failed (${run.status}): ${run.stderr}`);
    }
    return run.stdout;
}

/** A repository of one file, `throttle`, committed once per entry of THROTTLES; the commits' hashes, oldest first. */
async function makeRepository(repo: string): Promise<string[]> {
    await fs.mkdir(repo, { recursive: true });
    git(repo, ['init', '-q']);
    for (const [index, throttle] of THROTTLES.entries()) {
        // Every commit changes the file: its first line is the throttle, the second names the commit.
        await fs.writeFile(path.join(repo, 'throttle'), `${throttle}\ncommit ${index + 1}\n`);
        git(repo, ['add', 'throttle']);
        git(repo, ['commit', '-q', '-m', `commit ${index + 1}: the page ${throttle}x throttled`]);
    }
    return git(repo, ['rev-list', '--reverse', 'HEAD']).trim().split('\n');
}

/**
 * `git bisect run` in its own process group; on timeout the group gets SIGTERM (the step stops what it started and
 * exits 130, which stops the bisect), then SIGKILL. Resolves with its exit code and output.
 */
function bisectRun(repo: string, args: string[], timeoutMs: number): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve, reject) => {
        const child = spawn('git', ['bisect', 'run', ...args], { cwd: repo, detached: true });
        let output = '';
        child.stdout.on('data', chunk => output += chunk);
        child.stderr.on('data', chunk => output += chunk);
        const timer = setTimeout(() => {
            void stopProcessGroup(child.pid!, 30_000).finally(() => reject(new Error(`git bisect run did not finish within ${timeoutMs / 1000} s:\n${output}`)));
        }, timeoutMs);
        child.on('close', code => {
            clearTimeout(timer);
            resolve({ code, output });
        });
    });
}

/** PIDs of live processes whose command line names `folder` (the steps' Theia backends and Chromium profiles live there). */
function processesUsing(folder: string): number[] {
    return readdirSync('/proc').filter(entry => /^\d+$/.test(entry) && Number(entry) !== process.pid).filter(entry => {
        try {
            return readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(folder);
        } catch {
            return false;
        }
    }).map(Number);
}

suite('git bisect run over yarn bench --compare --bisect-exit (issue 38)', () => {
    let directory: string;
    temporaryFolderForEachTest('fs-perf-git-bisect-', folder => {
        directory = folder;
    });

    test('4 commits, the head\'s page 10x slower from commit 3: a real git bisect run, each step a real comparison of the browser app, names commit 3; nothing left running', async function () {
        this.timeout(16 * 60_000);
        await skipWithoutChromium(this);
        const repo = path.join(directory, 'repo');
        const out = path.join(directory, 'out');
        await fs.mkdir(out);
        const commits = await makeRepository(repo);
        git(repo, ['bisect', 'start', commits[3], commits[0]]);
        try {
            const run = await bisectRun(repo, [process.execPath, STEP_SCRIPT, out], 14 * 60_000);
            assert.strictEqual(run.code, 0, run.output);
            assert.include(run.output, `${commits[2]} is the first bad commit`, run.output);
            // git 2.39 ends with "bisect found first bad commit", older ones with "bisect run success".
            assert.match(run.output, /bisect (found first bad commit|run success)/, run.output);
            // Every commit git asked about got a verdict (no skip), and each step's verdict is its commit's throttle's.
            const log = git(repo, ['bisect', 'log']);
            assert.notMatch(log, /^git bisect skip/m, log);
            // The commits between the endpoints that git marked, in its order (the endpoints are the start's).
            const tested = [...log.matchAll(/^git bisect (good|bad) ([0-9a-f]{40})$/gm)].map(match => ({ mark: match[1], commit: commits.indexOf(match[2]) }))
                .filter(({ commit }) => commit === 1 || commit === 2);
            const steps = (await fs.readdir(path.join(out, 'steps'))).sort();
            assert.strictEqual(steps.length, tested.length, `${steps.join(', ')}\n${log}`);
            assert.isAtLeast(tested.length, 1, log);
            for (const [index, { mark, commit }] of tested.entries()) {
                assert.strictEqual(mark, THROTTLES[commit] > 1 ? 'bad' : 'good', log);
                const comparison = JSON.parse(await fs.readFile(path.join(out, 'steps', steps[index], 'comparison.json'), 'utf8')) as { cells: { scenarioId: string; target: string; verdict: string }[] };
                const [, scenarioId, target] = STEP_CELL.split(', ');
                const cell = comparison.cells.find(candidate => candidate.scenarioId === scenarioId && candidate.target === target);
                assert.strictEqual(cell?.verdict, THROTTLES[commit] > 1 ? 'slower' : 'no change', JSON.stringify(comparison.cells));
            }
        } finally {
            git(repo, ['bisect', 'reset']);
            const servers = existsSync(path.join(out, 'servers.txt')) ? (await fs.readFile(path.join(out, 'servers.txt'), 'utf8')).trim().split('\n').map(Number) : [];
            for (const pid of servers) {
                assert.deepStrictEqual(await processGroupMembers(pid), [], `backend ${pid} is stopped`);
            }
            const left = processesUsing(directory);
            for (const pid of left) {
                process.kill(pid, 'SIGKILL');
            }
            assert.deepStrictEqual(left, [], 'no process of a step is left running');
        }
    });
});
