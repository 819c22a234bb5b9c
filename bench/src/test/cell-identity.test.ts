import { assert } from 'chai';
import {
    CellKey, cellKeyId, compareRuns, computeStatistics, HostInfo, HostKey, labelCell, Measurement, mergeRounds, parseCellKey, ResultsDocument, SCENARIO_CATALOG,
    ScenarioInfo, validateResultsDocument,
} from '@fs-perf/benchmark-core';
import { bisectCellName, bisectCells, findCell, parseBisectCell, recordedCell } from '../run/bisect/cell';
import { bisectExitOf, GIT_BISECT_EXIT } from '../run/compare/bisect-exit';
import { followedCellScenarios } from '../run/compare-options';
import { OpenCells, pairedCells } from '../run/compare/open-cells';
import { BenchOptions } from '../run/option-table';
import { parseBenchArgumentsQuietly } from './parse-quietly';

const THEIA: HostInfo = { editor: 'theia', editorName: 'Theia', editorVersion: '1.74.1', runtime: 'browser', extensionKind: 'extension' };
const PLUGIN: HostInfo = { ...THEIA, extensionKind: 'plugin' };
const READ = SCENARIO_CATALOG.vscodeReadFile;
const FILE_SERVICE = SCENARIO_CATALOG.theiaFileServiceReadFile;
/** The plugin's read at 5000K, as `--cell` names it today. */
const CELL = 'plugin, vscode.workspace.fs.readFile, 5000K';
const FOLLOWED: CellKey = { host: { editor: 'theia', runtime: 'browser', extensionKind: 'plugin' }, scenarioId: READ.id, target: '5000K' };

/** How a later fs-perf might name the hosts: none of today's labels survives. */
const renamed = (host: HostKey): string => `Eclipse Theia · ${host.runtime} · ${host.extensionKind}`;

/** A block of one side, as Theia's "Run All" writes it: the extension's file with the plugin's rows merged in. */
function block(pluginMs: number, fileServiceMs: number): ResultsDocument {
    const row = (scenario: ScenarioInfo, samplesMs: number[], host?: HostInfo): Measurement => ({
        scenario: { ...scenario }, targetLabel: '5000K', fileName: '5000K.bin', bytes: 5_120_000, warmupMs: [], samplesMs,
        statistics: computeStatistics(samplesMs, 5_120_000), verification: 'sha256', reportedBySubject: false, ...(host ? { host } : {}),
    });
    return validateResultsDocument({
        schema: 'fs-perf-results', schemaVersion: 1, tool: { name: 'test', version: '0' }, runId: 'run', startedAt: '2026-01-01T00:00:00Z', finishedAt: '2026-01-01T00:00:01Z',
        host: THEIA, environment: { versions: { node: '20' }, cpu: { model: 'Test CPU', count: 2 } },
        settings: { iterations: 3, warmup: 0, sizes: ['5000K'], order: 'ascending', scenarios: [] },
        results: [row(READ, [pluginMs, pluginMs * 1.01, pluginMs * 0.99], PLUGIN), row(FILE_SERVICE, [fileServiceMs, fileServiceMs * 1.01, fileServiceMs * 0.99])],
        skipped: [],
    });
}

suite('one identity per cell: a renamed host label changes no key (issue 53)', () => {
    test('--cell and --bisect-exit select the cell by its key: the short name, today\'s name and a renamed one give the same cell', () => {
        const key = parseBisectCell(CELL);
        assert.deepStrictEqual(key, FOLLOWED);
        assert.deepStrictEqual(parseBisectCell('Theia browser (plugin), vscode.workspace.fs.readFile, 5000K'), key);
        assert.strictEqual(bisectCellName(key), 'Theia browser (plugin), vscode.workspace.fs.readFile, 5000K');
        const relabelled = labelCell(key, renamed);
        assert.strictEqual(cellKeyId(parseCellKey(`${relabelled.hostLabel}, ${READ.id}, 5000K`, bisectCells(), renamed)!), cellKeyId(key));
        assert.strictEqual(cellKeyId(parseCellKey(CELL, bisectCells(), renamed)!), cellKeyId(key));
        // The flag's value is the key: the step measures the plugin's cell and the backend's floor, whatever the hosts are called.
        const { result, stderr } = parseBenchArgumentsQuietly(['--compare', 'base=1.74.1', 'head=1.74.1', '--bisect-exit', '--cell', CELL]);
        assert.notTypeOf(result, 'number', stderr);
        const compare = (result as BenchOptions).compare!;
        assert.deepStrictEqual(compare.bisectExit!.cell, key);
        assert.deepStrictEqual(compare.scenarios, followedCellScenarios(key));
        assert.deepStrictEqual(compare.scenarios, { plugin: [READ.id], theia: [SCENARIO_CATALOG.theiaDiskFloor.id] });
        // A bisect's record keeps the host; one written before it did is read by its name, as --cell.
        assert.deepStrictEqual(recordedCell({ ...relabelled }), key);
        assert.deepStrictEqual(recordedCell({ hostLabel: 'Theia browser (plugin)', scenarioId: READ.id, target: '5000K' }), key);
    });

    test('the run\'s looks and the comparison\'s replay key the same cells, and --bisect-exit finds its verdict in a comparison whose labels were renamed', () => {
        // 8 pairs: the plugin's read 20% slower in every pair, FileService's the same on both sides give or take 1%.
        const base = Array.from({ length: 8 }, (_, pair) => block(100 + pair, 50 + pair % 2));
        const head = Array.from({ length: 8 }, (_, pair) => block((100 + pair) * 1.2, 50 + (pair + 1) % 2));
        const design = { alpha: 0.05, noiseThreshold: 0.05, minPairs: 8, lookEvery: 4, maxPairs: 8, correction: 'holm' as const };
        const looks = new OpenCells(design, pairedCells(base[0], head[0]));
        const resolved = looks.decide(8, base, head);
        assert.include(resolved, 'Theia browser (plugin), vscode.workspace.fs.readFile, 5000K: slower');
        const side = (which: 'base' | 'head', blocks: ResultsDocument[]): ResultsDocument => ({
            ...mergeRounds(looks.truncate(blocks)),
            comparison: { id: 'compare-1', side: which, label: which, source: 'test', positions: blocks.map((_, pair) => 2 * pair + (which === 'base' ? 0 : 1)), sequential: design },
        });
        const comparison = compareRuns([side('base', base)], [side('head', head)]);
        const cells = comparison.cells.map(cell => ({ ...cell, hostLabel: renamed(cell.host) }));
        assert.deepStrictEqual(cells.map(cellKeyId), [...pairedCells(base[0], head[0]).keys()], 'the looks\' cells are the comparison\'s, in its order');
        assert.strictEqual(findCell(cells, FOLLOWED)?.verdict, 'slower', 'the replay gives the look\'s verdict');
        assert.strictEqual(findCell(cells, FOLLOWED)?.sequential?.pairs, 8);
        const exit = bisectExitOf(cells, { cell: parseBisectCell(CELL), direction: 'slower' });
        assert.strictEqual(exit.code, GIT_BISECT_EXIT.bad, exit.line);
        assert.match(exit.line, /^git bisect: bad \(exit 1\): Eclipse Theia · browser · plugin, vscode\.workspace\.fs\.readFile, 5000K is slower against the base/);
        // FileService's read, unchanged within 1%: "no change", which git takes as good.
        const unchanged = parseBisectCell('extension, theia.FileService.readFile, 5000K');
        assert.strictEqual(findCell(cells, unchanged)?.verdict, 'no change');
        assert.strictEqual(bisectExitOf(cells, { cell: unchanged, direction: 'slower' }).code, GIT_BISECT_EXIT.good);
    });
});
