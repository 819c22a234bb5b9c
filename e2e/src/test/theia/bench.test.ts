import { assert } from 'chai';
import { spawn, spawnSync } from 'child_process';
import { promises as fs } from 'fs';
import * as path from 'path';
import { DEFAULT_ACCURACY_ROUNDS, hostLabel, parseResultsDocument, ResultsDocument, SCENARIO_CATALOG, scenarioInfoById, THEIA_SCENARIO_IDS, VSCODE_SCENARIO_IDS } from '@fs-perf/benchmark-core';
import { descendantsOf, HostSession, processGroupMembers, processGroupOf, REPOSITORY_ROOT, stopProcessGroup } from '@fs-perf/bench';
import { BENCH, runToEnd, temporaryFolderForEachTest } from '../session-helpers';

/** A median cell of report.md: the median and its interval, or the median and "(n<6)" with too few samples for one. */
const MEDIAN_CELL = /^-?\d+(\.\d+)?( \[-?[\d.]+, -?[\d.]+\]| \(n<\d+\))$/;

/** The medians of the report's per-scenario table (its `p50` rows): host label -> cells. */
function scenarioTable(markdown: string, scenarioId: string): Map<string, string[]> {
    const scenario = scenarioInfoById(scenarioId)!;
    const heading = `### ${scenario.label} (${scenario.api}), ms\n`;
    const start = markdown.indexOf(heading);
    assert.isAbove(start, -1, `report.md has no table "${heading}"`);
    const rows = new Map<string, string[]>();
    for (const line of markdown.slice(start + heading.length).split('\n').slice(1)) {
        if (line.startsWith('### ') || line.startsWith('## ')) {
            break;
        }
        const [label, statistic, ...cells] = line.slice(2, -2).split(' | ');
        if (line.startsWith('| ') && statistic.startsWith('p50 ')) {
            rows.set(label, cells);
        }
    }
    return rows;
}

async function readResults(folder: string): Promise<Map<string, ResultsDocument>> {
    const documents = new Map<string, ResultsDocument>();
    for (const name of await fs.readdir(folder)) {
        documents.set(name, parseResultsDocument(await fs.readFile(path.join(folder, name), 'utf8'), name));
    }
    return documents;
}

/** Host label -> scenario ids measured, from the raw results. */
/** VS Code's read through its workbench needs a remote extension host: code-server has one, a Theia plugin host not. */
const WORKBENCH_READ = SCENARIO_CATALOG.vscodeReadFileWorkbench.id;
const TRACED_READ = SCENARIO_CATALOG.vscodeReadFileHops.id;
const IN_THEIA_PLUGIN = VSCODE_SCENARIO_IDS.filter(id => id !== WORKBENCH_READ);
/** code-server has no Theia extension to trace a read with. */
const IN_CODE_SERVER = VSCODE_SCENARIO_IDS.filter(id => id !== TRACED_READ);

function measuredScenarios(documents: Iterable<ResultsDocument>): Map<string, Set<string>> {
    const byHost = new Map<string, Set<string>>();
    for (const document of documents) {
        for (const row of document.results) {
            const label = hostLabel(row.host ?? document.host);
            byHost.set(label, (byHost.get(label) ?? new Set()).add(row.scenario.id));
        }
    }
    return byHost;
}

suite('yarn bench', () => {
    let directory: string;
    temporaryFolderForEachTest('fs-perf-bench-test-', folder => {
        directory = folder;
    });

    test('smoke: 2 samples at 1K and 5K (with --pause) give a report row for every reachable host and scenario, and stop every server', async function () {
        this.timeout(15 * 60_000);
        const out = path.join(directory, 'run');
        const run = await runToEnd('yarn', ['-s', 'bench', '--iterations', '2', '--warmup', '1', '--sizes', '1K,5K', '--precision', '0', '--pause', '5', '--out', out], 14 * 60_000);
        const transcript = `${run.stdout}\n${run.stderr}`;
        assert.strictEqual(run.code, 0, transcript);

        const summary = JSON.parse(await fs.readFile(path.join(out, 'run.json'), 'utf8')) as { hosts: { host: string; status: string; reason?: string }[] };
        assert.deepStrictEqual(summary.hosts.map(host => host.host), ['theia-browser', 'vscode-server', 'theia-electron', 'vscode-desktop']);
        // The browser app and code-server run on every machine the tests run on; the others may skip, with a reason.
        assert.deepStrictEqual(summary.hosts.filter(host => host.status === 'measured').map(host => host.host).slice(0, 2), ['theia-browser', 'vscode-server'], transcript);
        for (const host of summary.hosts.filter(candidate => candidate.status === 'skipped')) {
            assert.isAbove(host.reason?.length ?? 0, 10, `${host.host} skipped without a reason`);
            assert.include(transcript, `${host.host}: SKIPPED: ${host.reason}`);
        }
        assert.notInclude(summary.hosts.map(host => host.status), 'failed');

        const documents = await readResults(path.join(out, 'results'));
        assert.includeMembers([...documents.keys()], ['theia-browser.json', 'vscode-server.json']);
        // --pause reached every app the run started (their settings), and the run said so.
        assert.deepStrictEqual([...documents.values()].map(document => document.settings.pauseMs), [...documents.values()].map(() => 5));
        assert.include(run.stdout, 'a pause before each sample as long as the previous one, at most 5 ms');
        const measured = measuredScenarios(documents.values());
        const expected = new Map<string, readonly string[]>([
            ['Theia browser (extension)', THEIA_SCENARIO_IDS],
            ['Theia browser (plugin)', IN_THEIA_PLUGIN],
            ['VS Code server', IN_CODE_SERVER],
        ]);
        const markdown = await fs.readFile(path.join(out, 'report.md'), 'utf8');
        for (const [label, scenarios] of expected) {
            assert.sameMembers([...measured.get(label) ?? []], [...scenarios], `scenarios measured in ${label}`);
            for (const scenarioId of scenarios) {
                const row = scenarioTable(markdown, scenarioId).get(label);
                assert.isDefined(row, `report.md: no ${label} row for ${scenarioId}`);
                const fixtureScenario = scenarioInfoById(scenarioId)!.target === 'fixture';
                assert.lengthOf(row!, fixtureScenario ? 2 : 1, `${label} ${scenarioId}: ${row}`);
                for (const value of row!) {
                    assert.match(value, MEDIAN_CELL, `${label} ${scenarioId}: ${row}`);
                }
            }
        }
        // The original suite's table and the factor of Theia's plugin against VS Code.
        const readFile = markdown.slice(markdown.indexOf('## VS Code extension / plugin: workspace.fs.readFile'));
        const pluginRow = readFile.split('\n').find(line => line.startsWith('| Theia browser (plugin) | '));
        assert.lengthOf(pluginRow?.slice(2, -2).split(' | ').slice(1).filter(cell => MEDIAN_CELL.test(cell)) ?? [], 2, `${pluginRow}`);
        assert.include(markdown, '### Theia browser (plugin) vs VS Code server');
        // VS Code's read through its workbench is measured in code-server, and is the like-for-like comparison.
        assert.include(markdown, '### Theia browser (plugin) vs VS Code server through the workbench (like for like)');
        const likeForLike = markdown.slice(markdown.indexOf('## Like for like'));
        const workbenchRow = likeForLike.split('\n').find(line => line.startsWith('| VS Code server (through the workbench) | '));
        assert.lengthOf(workbenchRow?.slice(2, -2).split(' | ').slice(1).filter(cell => MEDIAN_CELL.test(cell)) ?? [], 2, `${workbenchRow}`);
        const theiaSkipped = documents.get('theia-browser.json')!.skipped.find(entry => entry.scenario.id === WORKBENCH_READ);
        assert.match(theiaSkipped?.reason ?? '', /not remote/, 'a Theia plugin host is not remote: the workbench read is skipped with the reason');
        const codeServerSkipped = documents.get('vscode-server.json')!.skipped.find(entry => entry.scenario.id === TRACED_READ);
        assert.match(codeServerSkipped?.reason ?? '', /no read trace in this editor/, 'code-server cannot trace a read: skipped with the reason');
        // The plugin's traced read made it into the report: where its milliseconds go, per size.
        assert.include(markdown, '## Where a plugin\'s read spends its time');
        for (const host of summary.hosts.filter(candidate => candidate.status === 'skipped')) {
            assert.match(markdown, new RegExp(`## Not measured[\\s\\S]*skipped: ${host.reason!.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
        }
        const html = await fs.readFile(path.join(out, 'report.html'), 'utf8');
        assert.isAtLeast(html.split('<svg').length - 1, 2, 'report.html has the median and factor charts');
        // The read in every host as dots with their values.
        assert.match(await fs.readFile(path.join(out, 'chart-medians.svg'), 'utf8'), /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<circle class="dot" /);
        // One chart per factor (a dot per size with its value, and the line at 1).
        const factorCharts = (await fs.readdir(out)).filter(name => /^chart-factors-.+\.svg$/.test(name));
        assert.isAbove(factorCharts.length, 0, 'a factor chart');
        for (const name of factorCharts) {
            assert.match(await fs.readFile(path.join(out, name), 'utf8'), /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[\s\S]*<circle class="dot" /, name);
        }
        const entries = JSON.parse(await fs.readFile(path.join(out, 'benchmark-action.json'), 'utf8')) as { name: string; unit: string; value: number }[];
        const rowCount = [...documents.values()].reduce((sum, document) => sum + document.results.length, 0);
        assert.lengthOf(entries, rowCount);
        assert.isTrue(entries.every(entry => entry.unit === 'ms' && entry.value > 0));

        // The run folder is an input of `yarn bench:compare` as it is: compared with itself, every cell is compared and none is slower or faster.
        const compare = spawnSync('yarn', ['-s', 'bench:compare', out, out, '--min-size', '1K', '--check'], { cwd: REPOSITORY_ROOT, encoding: 'utf8' });
        assert.strictEqual(compare.status, 0, compare.stdout + compare.stderr);
        const fixtureRows = [...documents.values()].reduce((sum, document) => sum + document.results.filter(row => row.scenario.target === 'fixture').length, 0);
        assert.include(compare.stdout, `\n${fixtureRows} cells from 1K up: 0 slower, 0 faster, `);

        // Every server the run started is gone (the run prints the backend's PID).
        const backendPid = Number(/theia-browser: backend PID (\d+)/.exec(run.stdout)?.[1]);
        assert.isAbove(backendPid, 0);
        assert.deepStrictEqual(await processGroupMembers(backendPid), []);
    });

    test('--theia-url measures a Theia that is already running: it generates the test files there and reads the results back over HTTP', async function () {
        this.timeout(10 * 60_000);
        const workspace = path.join(directory, 'workspace');
        await fs.mkdir(workspace);
        const theia = await HostSession.theiaBrowser({ workspace: { path: workspace }, browser: false });
        try {
            const out = path.join(directory, 'remote');
            const run = await runToEnd(process.execPath, [BENCH, '--hosts', 'theia-browser', '--theia-url', `${theia.server.baseUrl}/`, '--iterations', '2', '--warmup', '0', '--precision', '0',
                '--sizes', '1K', '--out', out], 8 * 60_000);
            assert.strictEqual(run.code, 0, `${run.stdout}\n${run.stderr}`);
            assert.include(run.stdout, 'Test files ready in');
            // The fixtures were written by Theia's FileService into its own workspace.
            assert.isTrue((await fs.stat(path.join(workspace, '.fs-perf', 'fixtures', '1K.bin'))).isFile());
            const documents = await readResults(path.join(out, 'results'));
            assert.deepStrictEqual([...documents.keys()], ['theia-browser.json']);
            const measured = measuredScenarios(documents.values());
            assert.sameMembers([...measured.get('Theia browser (extension)') ?? []], [...THEIA_SCENARIO_IDS]);
            assert.sameMembers([...measured.get('Theia browser (plugin)') ?? []], [...IN_THEIA_PLUGIN]);
            const document = documents.get('theia-browser.json')!;
            assert.deepStrictEqual(document.settings.sizes, ['1K']);
            assert.strictEqual(document.settings.iterations, 2);
            assert.strictEqual(document.settings.warmup, 0);
            // The copy fetched over HTTP is the file Theia wrote.
            const written = await fs.readdir(path.join(workspace, '.fs-perf', 'results'));
            assert.lengthOf(written, 1);
            assert.deepStrictEqual(parseResultsDocument(await fs.readFile(path.join(workspace, '.fs-perf', 'results', written[0]), 'utf8')), document);
            const readFile = document.results.find(row => row.scenario.id === SCENARIO_CATALOG.vscodeReadFile.id);
            assert.strictEqual(readFile?.samplesMs.length, 2);
        } finally {
            await theia.dispose();
            assert.deepStrictEqual(await processGroupMembers(theia.server.pid), []);
        }
    });

    test('bench:accuracy runs "Check Accuracy" in Theia (extension and plugin) and code-server and prints a verdict for every scenario', async function () {
        this.timeout(20 * 60_000);
        const out = path.join(directory, 'accuracy');
        const run = await runToEnd(process.execPath, [path.join(REPOSITORY_ROOT, 'bench', 'lib', 'commands', 'accuracy.js'), '--iterations', '6', '--warmup', '0',
            '--sizes', '500K', '--out', out], 18 * 60_000);
        // Overhead or not is for the benchmark to say (noisy here); the test checks that every case was checked.
        assert.include([0, 1], run.code, `${run.stdout}\n${run.stderr}`);
        const files = (await fs.readdir(out)).sort();
        assert.deepStrictEqual(files, ['theia-browser-extension.json', 'theia-browser-plugin.json', 'vs-code-server.json']);
        const checked = new Map<string, string[]>();
        for (const file of files) {
            const document = JSON.parse(await fs.readFile(path.join(out, file), 'utf8')) as { schema: string; cases: { scenario: { id: string }; rounds: { harnessSamplesMs: unknown[]; bareSamplesMs: unknown[] }[]; ratio: { ratio: number; low: number; high: number } }[] };
            assert.strictEqual(document.schema, 'fs-perf-accuracy');
            assert.isTrue(document.cases.every(result => result.rounds.length === DEFAULT_ACCURACY_ROUNDS && result.rounds.every(round => round.harnessSamplesMs.length === 6 && round.bareSamplesMs.length === 6)
                && result.ratio.low <= result.ratio.ratio && result.ratio.ratio <= result.ratio.high), file);
            checked.set(file, document.cases.map(result => result.scenario.id));
        }
        assert.sameMembers(checked.get('theia-browser-extension.json')!, [...THEIA_SCENARIO_IDS]);
        // The traced read runs alone with its trace: a diagnostic, not a case the accuracy check compares.
        const fixtureScenarios = VSCODE_SCENARIO_IDS.filter(id => scenarioInfoById(id)!.target === 'fixture' && id !== TRACED_READ);
        assert.sameMembers(checked.get('vs-code-server.json')!, fixtureScenarios);
        assert.sameMembers(checked.get('theia-browser-plugin.json')!, fixtureScenarios.filter(id => id !== WORKBENCH_READ));
        assert.match(run.stdout, /Harness \/ bare \[95% CI\][\s\S]*(ok|within noise|harness slower|harness faster)/);
    });

    test('Ctrl+C (SIGINT) in the middle of a measurement: the run says so, stops the Theia backend and the browser it started, and exits 130', async function () {
        this.timeout(5 * 60_000);
        const bench = spawn(process.execPath, [BENCH, '--hosts', 'theia-browser', '--sizes', '10000K', '--iterations', '200', '--precision', '0',
            '--no-cpu-pass', '--out', path.join(directory, 'interrupted')], { stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        let exited = false;
        const ended = new Promise<number | null>(resolve => bench.on('exit', code => {
            exited = true;
            resolve(code);
        }));
        const groups = new Set<number>();
        try {
            const measuring = new Promise<void>((resolve, reject) => {
                const watch = (chunk: Buffer): void => {
                    output += chunk.toString();
                    if (/timed \d+\/200/.test(output)) {
                        resolve();
                    }
                };
                bench.stdout.on('data', watch);
                bench.stderr.on('data', watch);
                void ended.then(code => reject(new Error(`yarn bench ended (${code}) before it measured:\n${output}`)));
            });
            await measuring;
            // Everything the run started: the backend (plugin host under it) and Chromium, each in its own process group.
            const started = await descendantsOf(bench.pid!);
            for (const pid of started) {
                const group = await processGroupOf(pid);
                if (group !== undefined && group !== process.pid && group !== (await processGroupOf(process.pid))) {
                    groups.add(group);
                }
            }
            assert.isAtLeast(groups.size, 2, `the backend's and Chromium's process groups among ${started.join(', ')}`);
            bench.kill('SIGINT');
            const code = await Promise.race([ended, new Promise<string>(resolve => setTimeout(() => resolve('still running after 60 s'), 60_000))]);
            assert.strictEqual(code, 130, output);
            assert.include(output, 'SIGINT: stopping the servers this run started');
            for (const group of groups) {
                assert.deepStrictEqual(await processGroupMembers(group), [], `process group ${group} is stopped:\n${output}`);
            }
        } finally {
            if (!exited) {
                bench.kill('SIGKILL');
            }
            for (const group of groups) {
                await stopProcessGroup(group, 2000);
            }
        }
    });
});
