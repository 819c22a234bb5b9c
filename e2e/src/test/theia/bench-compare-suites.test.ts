import { assert } from 'chai';
import { promises as fs } from 'fs';
import * as path from 'path';
import { parseResultsDocument, ResultsDocument, SCENARIO_CATALOG, WRITE_SCENARIO_IDS } from '@fs-perf/benchmark-core';
import { compareSideSettings, CompareRunOptions, HostSession, measureComparison, PreparedSide, processGroupMembers, REPOSITORY_ROOT } from '@fs-perf/bench';
import { temporaryFolderForEachTest } from '../session-helpers';

interface ComparisonFile {
    readonly cells: readonly { readonly scenarioId: string; readonly target: string; readonly unit: string; readonly verdict: string; readonly pairRatios: readonly number[] }[];
}

/**
 * `yarn bench --compare --suite trees | writes` in real Theia: two starts of this repository's browser app given the
 * settings a comparison of that suite gives its apps (compareSideSettings), measured in alternated blocks.
 */
suite('yarn bench --compare of the trees and the writes', () => {
    let directory: string;
    temporaryFolderForEachTest('fs-perf-compare-suites-', folder => {
        directory = folder;
    });

    /** Both sides of a comparison of `options`, each a start of the browser app with the comparison's settings; every backend started is kept in `servers`. */
    function sides(options: Omit<CompareRunOptions, 'compare'>, servers: number[]): PreparedSide[] {
        const side = (which: 'base' | 'head', label: string): PreparedSide => ({
            spec: { side: which, label, kind: 'checkout', value: REPOSITORY_ROOT }, source: 'this repository\'s browser-app', where: 'local',
            open: () => HostSession.theiaBrowser({
                settings: compareSideSettings({ ...options, compare: { pauseMs: 0 } as CompareRunOptions['compare'] }), temporaryParent: directory,
                onServerStarted: server => servers.push(server.pid),
            }),
        });
        return [side('base', 'a'), side('head', 'b')];
    }

    async function read(out: string, file: string): Promise<ResultsDocument> {
        return parseResultsDocument(await fs.readFile(path.join(out, 'results', file), 'utf8'), file);
    }

    test('--suite trees: each block measures the storms in flight, the walks and their floors over the 1k tree generated in each side\'s workspace; every cell compared by its pairs', async function () {
        this.timeout(15 * 60_000);
        const out = path.join(directory, 'trees');
        const lines: string[] = [];
        const servers: number[] = [];
        const run = { iterations: 2, warmup: 0, sizes: ['500K'], cpuPass: true, suite: 'trees' as const, treeSizes: ['1k'], out, vsix: '', log: (line: string) => lines.push(line), progress: () => () => undefined };
        const prepared = sides(run, servers);
        const options: CompareRunOptions = {
            ...run, compare: { sides: [prepared[0].spec, prepared[1].spec], pairs: 2, alpha: 0.05, noiseThreshold: 0.05, check: true, restartEvery: 0, pauseMs: 0, warmupBlock: true },
        };
        try {
            const code = await measureComparison(prepared, options, Date.now());
            assert.strictEqual(code, 0, lines.join('\n'));
            assert.deepStrictEqual((await fs.readdir(path.join(out, 'blocks'))).sort(), ['01-base.json', '02-head.json', '03-head.json', '04-base.json']);
            const [base, head] = [await read(out, 'base.json'), await read(out, 'head.json')];
            const cells = (document: ResultsDocument): string[] => document.results.map(row => `${row.scenario.id} ${row.targetLabel} ${row.rounds?.join('+')}`).sort();
            const expected = [SCENARIO_CATALOG.vscodeTreeStatParallel, SCENARIO_CATALOG.vscodeTreeWalk, SCENARIO_CATALOG.extensionHostNodeTreeStatParallel,
                SCENARIO_CATALOG.theiaTreeStatParallel, SCENARIO_CATALOG.theiaTreeWalk, SCENARIO_CATALOG.theiaBackendTreeStatParallel].map(scenario => `${scenario.id} 1k files 2+2`).sort();
            assert.deepStrictEqual(cells(base), expected);
            assert.deepStrictEqual(cells(head), expected);
            // Each side's trees are described with its results, and each storm in flight carries its CPU pass.
            assert.strictEqual(base.trees?.[0]?.size, '1k');
            const storm = head.results.find(row => row.scenario.id === SCENARIO_CATALOG.theiaTreeStatParallel.id);
            assert.isAbove(storm?.cpu?.calls ?? 0, 0, 'the storm in flight has a CPU pass');
            const comparison = JSON.parse(await fs.readFile(path.join(out, 'comparison.json'), 'utf8')) as ComparisonFile;
            assert.strictEqual(comparison.cells.length, 6, JSON.stringify(comparison.cells));
            assert.isTrue(comparison.cells.every(cell => cell.target === '1k files' && cell.unit === 'pairs' && cell.pairRatios.length === 2 && cell.verdict === 'inconclusive'));
            const report = await fs.readFile(path.join(out, 'report.md'), 'utf8');
            assert.include(report, 'b against a');
            assert.include(report, `| ${SCENARIO_CATALOG.theiaTreeWalk.label} | 1k files |`);
            const record = JSON.parse(await fs.readFile(path.join(out, 'run.json'), 'utf8')) as { suite?: string; treeSizes?: string[] };
            assert.deepInclude(record, { suite: 'trees', treeSizes: ['1k'] });
        } finally {
            for (const pid of servers) {
                assert.deepStrictEqual(await processGroupMembers(pid), [], `backend ${pid} is stopped`);
            }
        }
    });

    test('--suite writes: each block measures every write at its size and the burst of 100 files once; the burst compared as a cell of its own', async function () {
        this.timeout(15 * 60_000);
        const out = path.join(directory, 'writes');
        const lines: string[] = [];
        const servers: number[] = [];
        const run = { iterations: 2, warmup: 0, sizes: ['1K'], cpuPass: false, suite: 'writes' as const, out, vsix: '', log: (line: string) => lines.push(line), progress: () => () => undefined };
        const prepared = sides(run, servers);
        const options: CompareRunOptions = {
            ...run, compare: { sides: [prepared[0].spec, prepared[1].spec], pairs: 2, alpha: 0.05, noiseThreshold: 0.05, check: false, restartEvery: 0, pauseMs: 0, warmupBlock: false },
        };
        try {
            const code = await measureComparison(prepared, options, Date.now());
            assert.strictEqual(code, 0, lines.join('\n'));
            const comparison = JSON.parse(await fs.readFile(path.join(out, 'comparison.json'), 'utf8')) as ComparisonFile;
            const ids = [...WRITE_SCENARIO_IDS.vscode, ...WRITE_SCENARIO_IDS.theia];
            assert.sameMembers(comparison.cells.map(cell => cell.scenarioId), ids, JSON.stringify(comparison.cells));
            assert.sameMembers([...new Set(comparison.cells.map(cell => cell.target))], ['1K', '100 files of 1K']);
            assert.isTrue(comparison.cells.every(cell => cell.pairRatios.length === 2));
        } finally {
            for (const pid of servers) {
                assert.deepStrictEqual(await processGroupMembers(pid), [], `backend ${pid} is stopped`);
            }
        }
    });
});
