import { assert } from 'chai';
import { promises as fs } from 'fs';
import * as path from 'path';
import { DUET_DESIGN, parseResultsDocument, ResultsDocument, SCENARIO_CATALOG } from '@fs-perf/benchmark-core';
import {
    CompareRunOptions, HostSession, measureComparison, ObservedAffinity, ownAllowedCores, PreparedSide, processGroupMembers, reanalyseComparisonRun, REPOSITORY_ROOT,
} from '@fs-perf/bench';
import { temporaryFolderForEachTest } from '../session-helpers';

/** One side's block of a duet pair as the run recorded it in `duet/pair-NN.json`. */
interface DuetBlockRecord {
    readonly label: string;
    readonly core: number;
    readonly began: string;
    readonly ended: string;
    readonly before: readonly ObservedAffinity[];
    readonly after: readonly ObservedAffinity[];
}

suite('yarn bench --compare --duet', () => {
    let directory: string;
    temporaryFolderForEachTest('fs-perf-duet-test-', folder => {
        directory = folder;
    });

    test('a tiny duet of the built browser app against itself: each pair\'s blocks at once, each side\'s processes on a core of its own (swapped in pair 2), the files complete and re-analysable', async function () {
        this.timeout(15 * 60_000);
        const settings = {
            'fsPerf.cpuPass': true, 'fsPerf.cpuPassMs': 0, 'fsPerf.pause': 40,
            'fsPerf.scenarios': [SCENARIO_CATALOG.vscodeReadFile.id], 'fsPerf.theia.scenarios': [SCENARIO_CATALOG.theiaDiskFloor.id],
        };
        const servers: { label: string; pid: number }[] = [];
        // As a real side: its own observer of the count passes in each session, for its first blocks.
        const side = (which: 'base' | 'head', label: string, counts = { remaining: 4 }): PreparedSide => ({
            spec: { side: which, label, kind: 'checkout', value: REPOSITORY_ROOT }, source: 'this repository\'s browser-app', where: 'local',
            open: () => HostSession.theiaBrowser({ settings, counts, temporaryParent: directory, onServerStarted: server => servers.push({ label, pid: server.pid }) }),
        });
        const lines: string[] = [];
        const out = path.join(directory, 'duet');
        const sides = [side('base', 'a'), side('head', 'b')];
        const options: CompareRunOptions = {
            compare: { sides: [sides[0].spec, sides[1].spec], pairs: 2, alpha: 0.05, noiseThreshold: 0.05, check: false, restartEvery: 1, pauseMs: 40, warmupBlock: true, duet: true },
            iterations: 2, warmup: 0, sizes: ['500K', '5000K'], cpuPass: true, out, vsix: '', log: line => lines.push(line), progress: () => () => undefined,
        };
        const ownCores = await ownAllowedCores();
        try {
            const code = await measureComparison(sides, options, Date.now());
            assert.strictEqual(code, 0, lines.join('\n'));
            const read = async (file: string): Promise<ResultsDocument> => parseResultsDocument(await fs.readFile(path.join(out, file), 'utf8'), file);
            const records = await Promise.all([1, 2].map(async pair => JSON.parse(await fs.readFile(path.join(out, 'duet', `pair-0${pair}.json`), 'utf8')) as
                { pair: number; base: DuetBlockRecord; head: DuetBlockRecord }));
            const [first, second] = records;
            // Each pair's two blocks overlapped in time, by the blocks' own clocks (the extensions') and by the run's.
            for (const [pair, files] of [[1, ['01-base.json', '02-head.json']], [2, ['03-head.json', '04-base.json']]] as const) {
                const blocks = await Promise.all(files.map(file => read(path.join('blocks', file))));
                const latestStart = Math.max(...blocks.map(block => Date.parse(block.startedAt)));
                const earliestEnd = Math.min(...blocks.map(block => Date.parse(block.finishedAt)));
                assert.isBelow(latestStart, earliestEnd, `pair ${pair}: the blocks ran one after the other (${blocks.map(block => `${block.startedAt}..${block.finishedAt}`).join(', ')})`);
                const record = records[pair - 1];
                assert.isBelow(Math.max(Date.parse(record.base.began), Date.parse(record.head.began)), Math.min(Date.parse(record.base.ended), Date.parse(record.head.ended)));
            }
            // Each side's processes pinned to a single core of its own, before its block and still right after it; swapped in pair 2.
            for (const { pair, base, head } of records) {
                assert.notStrictEqual(base.core, head.core, `pair ${pair}`);
                for (const block of [base, head]) {
                    for (const [when, processes] of [['before', block.before], ['after', block.after]] as const) {
                        assert.deepStrictEqual([...new Set(processes.map(entry => entry.allowed))], [String(block.core)], `pair ${pair}, ${block.label} ${when}: ${JSON.stringify(processes)}`);
                        // The backend and its plugin host (node), and the browser with its renderer and helpers.
                        assert.isAtLeast(processes.filter(entry => entry.name === 'node').length, 2, `pair ${pair}, ${block.label} ${when}: ${JSON.stringify(processes)}`);
                        assert.isAtLeast(processes.filter(entry => entry.name !== 'node').length, 2, `pair ${pair}, ${block.label} ${when}: ${JSON.stringify(processes)}`);
                    }
                }
                const pids = (block: DuetBlockRecord): number[] => block.before.map(entry => entry.pid);
                assert.isEmpty(pids(base).filter(pid => pids(head).includes(pid)), `pair ${pair}: the sides share no process`);
            }
            assert.deepStrictEqual([second.base.core, second.head.core], [first.head.core, first.base.core], 'the cores are swapped in pair 2');
            const [baseSide, headSide] = [await read('results/base.json'), await read('results/head.json')];
            assert.deepInclude(baseSide.comparison!, { positions: [0, 3], starts: [1, 2], cores: [first.base.core, second.base.core] });
            assert.deepInclude(headSide.comparison!, { positions: [1, 2], starts: [1, 2], cores: [first.head.core, second.head.core] });
            // Each side's own observer counted its own page's passes, while the other side's ran at the same time.
            for (const document of [baseSide, headSide]) {
                assert.isTrue(document.results.some(row => row.counts?.observed), `${document.comparison!.label}: its count passes were observed`);
            }
            // The driver stayed unpinned.
            assert.deepStrictEqual(await ownAllowedCores(), ownCores);
            // The design in the run's files, and every file complete and re-analysable to the same verdicts and words.
            const run = JSON.parse(await fs.readFile(path.join(out, 'run.json'), 'utf8')) as { compare: { duet: boolean; design: string; pairsTaken: number } };
            assert.deepInclude(run.compare, { duet: true, design: DUET_DESIGN, pairsTaken: 2 });
            const text = await fs.readFile(path.join(out, 'comparison.txt'), 'utf8');
            assert.include(text, `measured in one run, 2 pairs of blocks (${DUET_DESIGN})`);
            const report = await fs.readFile(path.join(out, 'report.md'), 'utf8');
            assert.include(report, `2 pairs of blocks (${DUET_DESIGN})`);
            assert.include(report, 'a pair\'s two blocks ran at the same time');
            const again = await reanalyseComparisonRun(out);
            assert.strictEqual(again.text, text);
            assert.strictEqual(again.json, await fs.readFile(path.join(out, 'comparison.json'), 'utf8'));
            const comparison = JSON.parse(again.json) as { cells: { pairRatios: number[] }[] };
            assert.lengthOf(comparison.cells, 4, 'two scenarios at two sizes');
            assert.isTrue(comparison.cells.every(cell => cell.pairRatios.length === 2));
            // Each block's CPU pass read its own side's processes (the pids file of its own session names its own page's renderer).
            for (const document of [baseSide, headSide]) {
                const read5000 = document.results.find(row => row.scenario.id === SCENARIO_CATALOG.vscodeReadFile.id && row.targetLabel === '5000K');
                assert.lengthOf(read5000?.cpuRounds ?? [], 2, `${document.comparison!.label}: a CPU pass in each block`);
                for (const block of read5000!.cpuRounds!) {
                    const processes = block.processes.filter(reading => reading.cpuMs > 0).map(reading => reading.process);
                    assert.includeMembers(processes, ['Theia backend', 'page renderer'], `${document.comparison!.label}: ${JSON.stringify(block)}`);
                }
            }
            assert.isTrue(lines.some(line => /^ {2}pair 2\/2: a on cpu\d+, b on cpu\d+, both blocks in \d+\.\d s/.test(line)), lines.join('\n'));
            // The check start of each, then both sides started afresh for each pair.
            assert.deepStrictEqual(servers.map(server => server.label), ['a', 'b', 'a', 'b', 'b', 'a'], lines.join('\n'));
        } finally {
            for (const server of servers) {
                assert.deepStrictEqual(await processGroupMembers(server.pid), [], `${server.label}'s backend ${server.pid} is stopped`);
            }
        }
    });
});
