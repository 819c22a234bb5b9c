import { assert } from 'chai';
import { existsSync, promises as fs } from 'fs';
import * as path from 'path';
import { fewestPairsToDecide, parseResultsDocument, planSequentialRun, ResultsDocument, SCENARIO_CATALOG } from '@fs-perf/benchmark-core';
import { CompareRunOptions, HostSession, measureComparison, PreparedSide, processGroupMembers, REPOSITORY_ROOT, throttleCpu, writeReport } from '@fs-perf/bench';
import { BENCH, checkReportFrame, closeSession, runToEnd, skipWithoutChromium, temporaryFolderForEachTest, testRun } from '../session-helpers';

suite('yarn bench --compare', () => {
    let directory: string;
    temporaryFolderForEachTest('fs-perf-compare-test-', folder => {
        directory = folder;
    });

    test('a tiny alternated run of two running Theias: both kept open, blocks A B B A, each side merged with its pairs, the verdicts and the report written', async function () {
        this.timeout(12 * 60_000);
        const settings = { 'fsPerf.cpuPass': false, 'fsPerf.scenarios': [SCENARIO_CATALOG.vscodeReadFile.id] };
        const base = await HostSession.theiaBrowser({ browser: false, settings, temporaryParent: directory });
        let head: HostSession | undefined;
        try {
            head = await HostSession.theiaBrowser({ browser: false, settings, temporaryParent: directory });
            const out = path.join(directory, 'run');
            const run = await runToEnd(process.execPath, [BENCH, '--compare', `a=${base.server.baseUrl}/`, `b=${head.server.baseUrl}/`, '--pairs', '2', '--iterations', '2', '--warmup', '0',
                '--sizes', '500K', '--check', '--alpha', '0.01', '--noise-threshold', '3', '--out', out], 10 * 60_000);
            assert.strictEqual(run.code, 0, `${run.stdout}\n${run.stderr}`);
            assert.match(run.stdout, /block 4\/4 \(pair 2, a\)/);
            assert.deepStrictEqual((await fs.readdir(path.join(out, 'blocks'))).sort(), ['01-base.json', '02-head.json', '03-head.json', '04-base.json']);
            const read = async (file: string): Promise<ResultsDocument> => parseResultsDocument(await fs.readFile(path.join(out, 'results', file), 'utf8'), file);
            const [baseSide, headSide] = [await read('base.json'), await read('head.json')];
            assert.deepInclude(baseSide.comparison!, { side: 'base', label: 'a', positions: [0, 3] });
            assert.deepInclude(headSide.comparison!, { side: 'head', label: 'b', positions: [1, 2] });
            assert.strictEqual(baseSide.comparison!.id, headSide.comparison!.id);
            assert.include(baseSide.comparison!.source, base.server.baseUrl);
            // The rule travels with the results: a later `yarn report` of the folder decides and words it as the run did.
            // `onePass`: its --check is decided from these verdicts (no confirming pass), which the report's headline relies on;
            // `checkCounts`: the exact counts it gated on (the default, round trips), which the headline's gate decides with too.
            assert.deepStrictEqual(baseSide.comparison!.rule, { alpha: 0.01, noiseThreshold: 0.03, minSize: '500K', onePass: true, checkCounts: ['round-trips'] });
            await writeReport([out], path.join(out, 'again'), { title: (await fs.readFile(path.join(out, 'report.md'), 'utf8')).split('\n')[0].replace(/^# /, '') });
            assert.strictEqual(await fs.readFile(path.join(out, 'again', 'report.md'), 'utf8'), await fs.readFile(path.join(out, 'report.md'), 'utf8'));
            assert.include(await fs.readFile(path.join(out, 'report.md'), 'utf8'), 'p below 0.01, the interval excluding 1, and the ratio beyond ±3%');
            const readFile = headSide.results.find(row => row.scenario.id === SCENARIO_CATALOG.vscodeReadFile.id && row.targetLabel === '500K');
            assert.deepStrictEqual(readFile?.rounds, [2, 2], 'the head\'s read has two blocks of two samples');
            const comparison = JSON.parse(await fs.readFile(path.join(out, 'comparison.json'), 'utf8')) as { cells: { unit: string; verdict: string; pairRatios: number[] }[]; check: { passed: boolean } };
            assert.isAbove(comparison.cells.length, 5);
            // Two pairs are too few for any verdict but "inconclusive": the check passes and says what it could not see.
            assert.isTrue(comparison.cells.every(cell => cell.unit === 'pairs' && cell.pairRatios.length === 2 && cell.verdict === 'inconclusive'));
            assert.isTrue(comparison.check.passed);
            assert.include(run.stdout, 'measured alternately in one run, 2 pairs of blocks');
            const report = await fs.readFile(path.join(out, 'report.md'), 'utf8');
            assert.include(report, 'b against a');
            const action = JSON.parse(await fs.readFile(path.join(out, 'benchmark-action.json'), 'utf8')) as { name: string }[];
            assert.isAbove(action.length, 5);
        } finally {
            await head?.dispose();
            await base.dispose();
            assert.deepStrictEqual(await processGroupMembers(base.server.pid), []);
        }
    });

    test('fresh processes every block: each side started once to check it starts, then started just before each of its blocks once the machine is quiet and stopped after it, every block tagged with its start, nothing left running', async function () {
        this.timeout(12 * 60_000);
        const settings = { 'fsPerf.cpuPass': false, 'fsPerf.pause': 40, 'fsPerf.scenarios': [SCENARIO_CATALOG.vscodeReadFile.id], 'fsPerf.theia.scenarios': [SCENARIO_CATALOG.theiaDiskFloor.id] };
        const servers: { label: string; pid: number }[] = [];
        const side = (which: 'base' | 'head', label: string): PreparedSide => ({
            spec: { side: which, label, kind: 'checkout', value: REPOSITORY_ROOT }, source: 'this repository\'s browser-app', where: 'local',
            open: () => HostSession.theiaBrowser({ settings, temporaryParent: directory, onServerStarted: server => servers.push({ label, pid: server.pid }) }),
        });
        const lines: string[] = [];
        const out = path.join(directory, 'restarts');
        const options: CompareRunOptions = {
            compare: { sides: [side('base', 'a').spec, side('head', 'b').spec], pairs: 3, alpha: 0.05, noiseThreshold: 0.05, check: false, restartEvery: 1, pauseMs: 40, warmupBlock: true },
            iterations: 2, warmup: 0, sizes: ['500K'], cpuPass: false, out, vsix: '', log: line => lines.push(line), progress: () => () => undefined,
        };
        try {
            const code = await measureComparison([side('base', 'a'), side('head', 'b')], options, Date.now());
            assert.strictEqual(code, 0, lines.join('\n'));
            const read = async (file: string): Promise<ResultsDocument> => parseResultsDocument(await fs.readFile(path.join(out, 'results', file), 'utf8'), file);
            const [baseSide, headSide] = [await read('base.json'), await read('head.json')];
            assert.deepInclude(baseSide.comparison!, { positions: [0, 3, 4], starts: [1, 2, 3] });
            assert.deepInclude(headSide.comparison!, { positions: [1, 2, 5], starts: [1, 2, 3] });
            assert.strictEqual(baseSide.settings.pauseMs, 40, 'the app paused before its samples (fsPerf.pause)');
            // The check start of each (a, b), then one start for each block, in the blocks' order: a b, b a, a b.
            assert.deepStrictEqual(servers.map(server => server.label), ['a', 'b', 'a', 'b', 'b', 'a', 'a', 'b'], lines.join('\n'));
            assert.strictEqual(new Set(servers.map(server => server.pid)).size, 8, 'every start is a new backend process');
            assert.isTrue(lines.some(line => line.startsWith('starting b') && line.endsWith('start 4 of its processes')), lines.join('\n'));
            assert.isTrue(lines.some(line => /^ {2}[ab]: the machine was (quiet after|not quiet after) /.test(line)), lines.join('\n'));
            assert.strictEqual(lines.filter(line => /^ {2}[ab]: warm-up block \(not counted\) in /.test(line)).length, 6, 'a warm-up block after every start but the checks');
        } finally {
            for (const server of servers) {
                assert.deepStrictEqual(await processGroupMembers(server.pid), [], `${server.label}'s backend ${server.pid} is stopped`);
            }
        }
    });

    test('--check: a head whose page is 6x slower fails the check in one pass, on the cells through the frontend, and the report\'s headline says so', async function () {
        this.timeout(15 * 60_000);
        // A CPU pass of 3 calls after each block's timed samples: the CPU per read, paired like the wall time, beside it.
        const settings = {
            'fsPerf.cpuPass': true, 'fsPerf.cpuPassMs': 0, 'fsPerf.scenarios': [SCENARIO_CATALOG.vscodeReadFile.id], 'fsPerf.theia.scenarios': [SCENARIO_CATALOG.theiaFileServiceReadFile.id],
        };
        const servers: number[] = [];
        // The head's page runs 6 times slower (Chromium's CPU throttling), so both reads through the frontend are slower in every pair.
        const side = (which: 'base' | 'head', label: string, throttle: number): PreparedSide => ({
            spec: { side: which, label, kind: 'checkout', value: REPOSITORY_ROOT }, source: 'this repository\'s browser-app', where: 'local',
            open: async () => {
                const session = await HostSession.theiaBrowser({ settings, temporaryParent: directory, onServerStarted: server => servers.push(server.pid) });
                if (throttle > 1) {
                    await throttleCpu(session.workbench.page, throttle);
                }
                return session;
            },
        });
        const lines: string[] = [];
        const out = path.join(directory, 'check');
        const sides = [side('base', 'a', 1), side('head', 'slow', 6)];
        const options: CompareRunOptions = {
            compare: { sides: [sides[0].spec, sides[1].spec], pairs: 6, alpha: 0.05, noiseThreshold: 0.05, check: true, restartEvery: 0, pauseMs: 0 },
            iterations: 2, warmup: 1, sizes: ['5000K'], cpuPass: true, out, vsix: '', log: line => lines.push(line), progress: () => () => undefined,
        };
        try {
            const code = await measureComparison(sides, options, Date.now());
            assert.strictEqual(code, 1, lines.join('\n'));
            const comparison = JSON.parse(await fs.readFile(path.join(out, 'comparison.json'), 'utf8')) as {
                check: { passed: boolean; message: string }; confirmation?: unknown; cells: { scenarioId: string; verdict: string }[];
                cpu?: { tested: number; changes: { cellName: string; clock?: string; baselineMsPerCall: number; verdict: string; processes: { process: string }[] }[] };
            };
            assert.isFalse(comparison.check.passed);
            assert.match(comparison.check.message, /^Check failed: \d of 2 cells slower: /);
            assert.isTrue(comparison.cells.some(cell => cell.verdict === 'slower'), JSON.stringify(comparison.cells));
            assert.isUndefined(comparison.confirmation, 'no second pass: the verdicts come from all the run\'s pairs');
            assert.isFalse(existsSync(path.join(out, 'confirmation')));
            const report = await fs.readFile(path.join(out, 'report.md'), 'utf8');
            assert.match(report, /## Headline\n\n--check fails: Theia browser \((extension|plugin)\) · [^\n]* is slower at 5000K \d/);
            assert.notInclude(report, 'confirming pass', 'a run made with one pass does not say a confirming pass decided');
            // CPU per read of both cells, from every block's CPU pass, in nanoseconds, with the processes the probes could see.
            assert.strictEqual(comparison.cpu?.tested, 2, JSON.stringify(comparison.cpu));
            for (const change of comparison.cpu!.changes) {
                assert.oneOf(change.clock, ['schedstat', 'rusage'], `${change.cellName}: no process on 10 ms ticks`);
                assert.isAbove(change.baselineMsPerCall, 0, change.cellName);
                assert.include(change.processes.map(entry => entry.process), 'Theia backend', change.cellName);
                assert.include(change.processes.map(entry => entry.process), 'page renderer', change.cellName);
            }
            assert.include(report, '### CPU per read, per process');
            assert.match(await fs.readFile(path.join(out, 'comparison.txt'), 'utf8'), /CPU per read: each block's untimed CPU pass/);
            assert.strictEqual(servers.length, 2, 'one start of each side (--restart-every 0) and no second pass');
        } finally {
            for (const pid of servers) {
                assert.deepStrictEqual(await processGroupMembers(pid), [], `backend ${pid} is stopped`);
            }
        }
    });

    test('--budget: two running Theias sampled until each cell is resolved or the budget is spent; the design in the results, every cell decided by it', async function () {
        this.timeout(12 * 60_000);
        const settings = { 'fsPerf.cpuPass': false, 'fsPerf.scenarios': [SCENARIO_CATALOG.vscodeReadFile.id], 'fsPerf.theia.scenarios': [SCENARIO_CATALOG.theiaDiskFloor.id] };
        const base = await HostSession.theiaBrowser({ browser: false, settings, temporaryParent: directory });
        let head: HostSession | undefined;
        try {
            head = await HostSession.theiaBrowser({ browser: false, settings, temporaryParent: directory });
            const out = path.join(directory, 'budget-run');
            const run = await runToEnd(process.execPath, [BENCH, '--compare', `a=${base.server.baseUrl}/`, `b=${head.server.baseUrl}/`, '--budget', '1.5',
                '--iterations', '2', '--warmup', '0', '--sizes', '500K', '--out', out], 10 * 60_000);
            assert.strictEqual(run.code, 0, `${run.stdout}\n${run.stderr}`);
            assert.match(run.stdout, /every (gated )?cell resolved after \d+ pairs|(the budget is spent after \d+ pairs \(the next look, after \d+, would end past it at about \d+ s a pair\)|all \d+ planned pairs taken): \d+ of \d+ cells stay open/);
            const read = async (file: string): Promise<ResultsDocument> => parseResultsDocument(await fs.readFile(path.join(out, 'results', file), 'utf8'), file);
            const [baseSide, headSide] = [await read('base.json'), await read('head.json')];
            assert.deepInclude(baseSide.comparison!.sequential!, { minPairs: 8, lookEvery: 4, alpha: 0.05, noiseThreshold: 0.05, correction: 'holm' });
            assert.deepStrictEqual(headSide.comparison!.sequential, baseSide.comparison!.sequential);
            const comparisonCells = (JSON.parse(await fs.readFile(path.join(out, 'comparison.json'), 'utf8')) as { cells: unknown[] }).cells.length;
            // The looks the run printed are the design's that can decide something at the smallest share of the run's
            // alpha (a long design starts later than 8 pairs), and the run's alpha is shared by all its cells.
            const looks = planSequentialRun(baseSide.comparison!.sequential!, comparisonCells).looks.map(look => look.pairs);
            assert.include(run.stdout, `(group-sequential, alpha 0.05 for the whole run, shared by its ${comparisonCells} cells by Holm)`);
            // Planned again from the median pair until the first look: the last plan printed is the one recorded.
            assert.strictEqual([...run.stdout.matchAll(/cells are decided after ([\d, ]+) pairs/g)].at(-1)?.[1], looks.join(', '));
            // The budget ends the run only at a look.
            assert.include(looks, baseSide.comparison!.positions.length, 'the run ended at a look');
            assert.isAtLeast(looks[0], 8);
            assert.isAtLeast(baseSide.comparison!.sequential!.maxPairs, fewestPairsToDecide(baseSide.comparison!.sequential!, comparisonCells),
                'never planned too short to decide a cell');
            const pairs = baseSide.comparison!.positions.length;
            assert.isTrue(headSide.results.every(row => (row.rounds?.length ?? 0) <= pairs), 'no cell has more pairs than the run');
            const comparison = JSON.parse(await fs.readFile(path.join(out, 'comparison.json'), 'utf8')) as {
                cells: { verdict: string; sequential?: { pairs: number }; pairRatios: number[] }[];
            };
            assert.isAbove(comparison.cells.length, 1);
            for (const cell of comparison.cells) {
                // A cell is decided at a look (its pairs then are that look's), or it stayed open: inconclusive.
                assert.isTrue(cell.verdict === 'inconclusive' || cell.sequential !== undefined, JSON.stringify(cell));
                assert.isTrue(cell.sequential === undefined || cell.sequential.pairs === cell.pairRatios.length, JSON.stringify(cell));
            }
        } finally {
            await head?.dispose();
            await base.dispose();
            assert.deepStrictEqual(await processGroupMembers(base.server.pid), []);
        }
    });
});

suite('"FS Perf: Show Report (Theia)" of a comparison', () => {
    let session: HostSession | undefined;
    suiteSetup(async function (): Promise<void> {
        await skipWithoutChromium(this);
        session = await HostSession.theiaBrowser({ settings: { 'fsPerf.cpuPass': false } });
    });
    suiteTeardown(() => closeSession(session));

    test('both sides of the test data\'s planted run, copied into the workspace\'s results and both picked: the comparison\'s headline first, its table and the forest plot', async function () {
        this.timeout(180_000);
        const run = path.join(testRun('compare'), 'results');
        const results = path.join(session!.workspace!, '.fs-perf', 'results');
        await fs.mkdir(results, { recursive: true });
        // Under names the extensions give results files, which is what "Show Report" lists.
        await fs.copyFile(path.join(run, 'base.json'), path.join(results, '2026-11-25T08-19-00-000Z_base.json'));
        await fs.copyFile(path.join(run, 'head.json'), path.join(results, '2026-11-25T08-19-01-000Z_planted.json'));
        const { workbench } = session!;
        // Two files: a pick of several with the newest picked; both picked.
        await workbench.runCommand('FS Perf: Show Report (Theia)', { answers: [{ pickAll: true }] });
        const frame = await workbench.frameShowing('<h2>Headline</h2>', 60_000);
        const headline = await checkReportFrame(workbench.page, frame, 'show-report-theia-compare.png');
        assert.match(headline[0], /^planted: .*; control: .*; 10 pairs of alternated blocks; 5 cells: 1 slower/);
        assert.strictEqual(await frame.$$eval('svg.forest-chart', elements => elements.length), 1, 'the forest plot');
        const rows = await frame.$$eval('table', tables => tables.map(table => table.querySelectorAll('tr:has(td)').length));
        assert.include(rows, 5, 'a row per cell');
    });
});
