import { assert } from 'chai';
import { promises as fs } from 'fs';
import * as path from 'path';
import { SCENARIO_CATALOG } from '@fs-perf/benchmark-core';
import { HostSession, HostSessionOptions, REPOSITORY_ROOT } from '@fs-perf/bench';
import { ActionRun, runCompositeAction } from '../action-runner';
import { closeSession, skipWithoutChromium, temporaryFolderForEachTest } from '../session-helpers';

/**
 * A plant for the head's backend (`node --require`): every `fs.open` and `fs.readFile` of the process first spends 30 ms
 * of CPU, so each read that reaches the backend's disk provider (a plugin's workspace.fs.readFile) takes about 30 ms more.
 */
const PLANT = `'use strict';
const fs = require('fs');
for (const name of ['open', 'readFile']) {
    const original = fs[name];
    fs[name] = function (...args) {
        const end = performance.now() + 30;
        while (performance.now() < end) { /* the planted work */ }
        return original.apply(this, args);
    };
}
`;

/** The job's environment: this machine's, without what yarn sets for a script (a runner has no INIT_CWD). */
function jobEnvironment(): NodeJS.ProcessEnv {
    const env = { ...process.env };
    for (const name of Object.keys(env).filter(key => key === 'INIT_CWD' || key.startsWith('npm_') || key.startsWith('GITHUB_') || key.startsWith('RUNNER_'))) {
        delete env[name];
    }
    return env;
}

suite('the GitHub Action (action.yml), its steps run in order as a runner runs them, on running Theias', () => {
    let directory: string;
    temporaryFolderForEachTest('fs-perf-action-', folder => {
        directory = folder;
    });
    const settings = { 'fsPerf.cpuPass': false, 'fsPerf.scenarios': [SCENARIO_CATALOG.vscodeReadFile.id], 'fsPerf.theia.scenarios': [SCENARIO_CATALOG.theiaDiskFloor.id] };

    suiteSetup(async function (): Promise<void> {
        await skipWithoutChromium(this);
    });

    /**
     * The action run with `inputs` in a workspace and runner temp of the test's folder. With `sides`, two running apps are
     * the sides: started when the runner reaches the comparison (after the action's own install and build, which
     * rewrites the plugin folder the apps load), given as `base` and `head`, and stopped after the run.
     */
    async function runAction(inputs: Record<string, string>, sides?: { head: Partial<HostSessionOptions> }): Promise<ActionRun> {
        const folders = { workspace: path.join(directory, 'workspace'), temp: path.join(directory, 'runner-temp') };
        await Promise.all(Object.values(folders).map(folder => fs.mkdir(folder, { recursive: true })));
        const sessions: HostSession[] = [];
        const given = { ...inputs, ...sides ? { base: 'not started yet', head: 'not started yet' } : {} };
        try {
            return await runCompositeAction(path.join(REPOSITORY_ROOT, 'action.yml'), given, folders, jobEnvironment(), 10 * 60_000, async step => {
                if (sides && step === 'Compare base and head') {
                    for (const [side, options] of [['base', {}], ['head', sides.head]] as const) {
                        const session = await HostSession.theiaBrowser({ browser: false, settings, temporaryParent: directory, ...options });
                        sessions.push(session);
                        given[side] = `${session.server.baseUrl}/`;
                    }
                }
            });
        } finally {
            for (const session of sessions.reverse()) {
                await closeSession(session);
            }
        }
    }

    function describe(run: ActionRun): string {
        return run.steps.map(step => `--- ${step.name}: ${step.outcome} ${step.exitCode ?? ''}\n${step.log.slice(-3000)}`).join('\n');
    }

    test('A/A (two starts of one build): exit 0; the summary\'s first line says it passed, then one row a gated cell; the outputs set; the run folder uploaded', async function () {
        this.timeout(15 * 60_000);
        const run = await runAction({ 'base-label': 'control', 'head-label': 'twin', arguments: '--pairs 2 --iterations 2 --warmup 0 --sizes 500K' }, { head: {} });
        assert.strictEqual(run.exitCode, 0, describe(run));
        assert.deepStrictEqual(run.steps.map(step => step.outcome), ['success', 'not run here', 'success', 'success', 'success', 'success', 'not run here', 'success'], describe(run));
        const lines = run.summary.split('\n');
        assert.strictEqual(lines[0], '### fs-perf --check passed: no gated cell is slower', run.summary);
        // Fixed pairs gate on every cell: one row each (the plugin's read and the disk floor at 500K), with both medians and the ratio.
        const rows = lines.filter(line => /^\| Theia browser/.test(line));
        assert.lengthOf(rows, 2, run.summary);
        assert.match(rows.join('\n'), /^\| Theia browser \(plugin\), vscode\.workspace\.fs\.readFile, 500K \| [\d.]+ \| [\d.]+ \| [\d.]+ \[[\d.]+, [\d.]+\] \| inconclusive \|$/m);
        assert.match(run.summary, /\n- \*\*fs-perf-run\*\* \(twin against control\): Check passed: [^\n]*\. 2 pairs, /);
        const folder = path.join(directory, 'runner-temp', 'fs-perf-run');
        assert.deepStrictEqual(run.outputs, { verdict: 'passed', headline: lines[0].slice(4), 'run-folder': folder });
        for (const file of ['report.md', 'comparison.json', 'run.json']) {
            await fs.access(path.join(folder, file));
        }
        assert.deepInclude(run.steps.find(step => step.name === 'Keep the run folder')!.with!, { name: 'fs-perf-comparison', path: folder });
        assert.strictEqual(run.steps.find(step => step.name === 'Install prerequisites')!.outcome, 'success', 'prerequisites present: nothing to do');
    });

    test('a planted slowdown in the head\'s backend: exit 1; the summary\'s first line says it failed, its row says slower; the outputs say failed', async function () {
        this.timeout(20 * 60_000);
        const plant = path.join(directory, 'plant-slow-open.js');
        await fs.writeFile(plant, PLANT);
        // Sampled until resolved: the paired t-test decides at the first look (8 pairs).
        const run = await runAction({ 'base-label': 'control', 'head-label': 'planted', budget: '1.5', arguments: '--iterations 2 --warmup 0 --sizes 500K',
            'artifact-name': 'fs-perf-planted', 'run-folder': 'planted-run' }, { head: { environment: { NODE_OPTIONS: `--require ${plant}` } } });
        assert.strictEqual(run.exitCode, 1, describe(run));
        assert.strictEqual(run.steps.at(-1)!.outcome, 'failure', 'the last step exits as --check decided');
        assert.strictEqual(run.steps.find(step => step.name === 'Compare base and head')!.outcome, 'success', 'the comparison step itself never fails');
        const lines = run.summary.split('\n');
        assert.strictEqual(lines[0], '### fs-perf --check failed: planted-run', `${run.summary}\n${describe(run)}`);
        assert.match(run.summary, /^\| Theia browser \(plugin\), vscode\.workspace\.fs\.readFile, 500K \| [\d.]+ \| [\d.]+ \| [\d.]+ \[[\d.]+, [\d.]+\] \| slower \|$/m);
        assert.match(run.summary, /\n- \*\*planted-run\*\* \(planted against control\): Check failed: .*vscode\.workspace\.fs\.readFile \| 500K \(ratio /);
        // A relative run-folder is the workspace's.
        const folder = path.join(directory, 'workspace', 'planted-run');
        assert.deepStrictEqual(run.outputs, { verdict: 'failed', headline: lines[0].slice(4), 'run-folder': folder });
        assert.match(run.steps.at(-1)!.log, /^::error title=fs-perf::fs-perf --check failed: planted-run$/m);
        assert.deepInclude(run.steps.find(step => step.name === 'Keep the run folder')!.with!, { name: 'fs-perf-planted', path: folder });
    });

    test('a side that cannot be reached: no verdict, the summary says so and names the run, and the job fails', async function () {
        this.timeout(10 * 60_000);
        const run = await runAction({ base: 'http://127.0.0.1:9/', head: 'http://127.0.0.1:9/', 'install-prerequisites': 'false', arguments: '--pairs 2' });
        assert.notStrictEqual(run.exitCode, 0, describe(run));
        assert.match(run.summary, /^### fs-perf gave no verdict: fs-perf-run\n\n- \*\*fs-perf-run\*\*( \(head against base\))?: no (run folder|comparison|verdict) /);
        assert.strictEqual(run.outputs.verdict, 'error');
    });
});
