import { assert } from 'chai';
import {
    cellKeyId, compareRuns, computeStatistics, HostInfo, Measurement, mergeRounds, planSequentialRun, ResultsDocument, SCENARIO_CATALOG, validateResultsDocument,
} from '@fs-perf/benchmark-core';
import { decideGate } from '@fs-perf/benchmark-core';
import { DEFAULT_GATE } from '../run/compare-options';
import { sequentialDesign } from '../run/compare/budget-planner';
import { OpenCells, pairedCells } from '../run/compare/open-cells';
import { gateOf } from '../run/compare/pass';
import { parseBenchArgumentsQuietly } from './parse-quietly';
import { BenchOptions } from '../run/option-table';

const THEIA: HostInfo = { editor: 'theia', editorName: 'Theia', editorVersion: '1.74.1', runtime: 'browser', extensionKind: 'extension' };
const PLUGIN: HostInfo = { ...THEIA, extensionKind: 'plugin' };
const PLUGIN_READ = SCENARIO_CATALOG.vscodeReadFile;
const FILE_SERVICE = SCENARIO_CATALOG.theiaFileServiceReadFile;
const DISK = SCENARIO_CATALOG.theiaDiskFloor;

/** The cells of the test's run: the default gate (the plugin's and FileService's 10000K reads) and the backend's disk read at two sizes. */
const CELLS = [
    { scenario: PLUGIN_READ, target: '10000K', host: PLUGIN },
    { scenario: FILE_SERVICE, target: '10000K', host: THEIA },
    { scenario: DISK, target: '10000K', host: THEIA },
    { scenario: DISK, target: '500K', host: THEIA },
] as const;

/** A block of one side: each cell's three samples about `ms(cell, pair)`, spread by a pair-dependent 1-3%. */
function block(pair: number, ms: (cell: number) => number): ResultsDocument {
    const rows: Measurement[] = CELLS.map((cell, index) => {
        const centre = ms(index);
        const samplesMs = [centre, centre * (1 + 0.01 * (pair % 3)), centre * (1 - 0.01 * ((pair + index) % 2))];
        return {
            scenario: { ...cell.scenario }, targetLabel: cell.target, fileName: `${cell.target}.bin`, bytes: 1000, warmupMs: [], samplesMs,
            statistics: computeStatistics(samplesMs, 1000), verification: 'sha256', reportedBySubject: false, ...(cell.host === PLUGIN ? { host: PLUGIN } : {}),
        };
    });
    return validateResultsDocument({
        schema: 'fs-perf-results', schemaVersion: 1, tool: { name: 'test', version: '0' }, runId: 'run', startedAt: '2026-01-01T00:00:00Z', finishedAt: '2026-01-01T00:00:01Z',
        host: THEIA, environment: { versions: { node: '20' }, cpu: { model: 'Test CPU', count: 2 } },
        settings: { iterations: 3, warmup: 0, sizes: ['500K', '10000K'], order: 'ascending', scenarios: [] }, results: rows, skipped: [],
    });
}

/** `pairs` pairs: the head's cells times `slower[cell]`, every pair's level drifting a little (what pairing cancels). */
function run(pairs: number, slower: readonly number[]): { base: ResultsDocument[]; head: ResultsDocument[] } {
    const level = (pair: number): number => 100 * (1 + 0.05 * Math.sin(pair));
    return {
        base: Array.from({ length: pairs }, (_, pair) => block(pair, () => level(pair))),
        head: Array.from({ length: pairs }, (_, pair) => block(pair + 1, cell => level(pair) * slower[cell] * (1 + 0.004 * ((pair * 7 + cell) % 5 - 2)))),
    };
}

suite('--gate: the cells that gate a budgeted run (issue 54)', () => {
    const run12 = run(12, [1.1, 1, 1.1, 1]);
    const cells = pairedCells(run12.base[0], run12.head[0]);
    const gate = gateOf(undefined, cells)!;

    test('by default the plugin\'s and FileService\'s 10000K reads gate where the run measures them; all, or neither measured: every cell', () => {
        assert.deepStrictEqual(gate, DEFAULT_GATE.map(cellKeyId));
        assert.isUndefined(gateOf('all', cells));
        const small = new Map([...cells].filter(([, cell]) => cell.target === '500K'));
        assert.isUndefined(gateOf(undefined, small), 'a run of 500K gates on every cell it measures');
        assert.throws(() => gateOf([DEFAULT_GATE[0]], small), /^--gate "Theia browser \(plugin\), vscode\.workspace\.fs\.readFile, 10000K": not measured by this run/);
        const { result, stderr } = parseBenchArgumentsQuietly(['--compare', '1.74.1', '1.74.1', '--gate', 'extension, theia.backend.diskRead, 500K; plugin, vscode.workspace.fs.readFile, 10000K']);
        assert.notTypeOf(result, 'number', stderr);
        const given = (result as BenchOptions).compare!.gate;
        assert.deepStrictEqual(gateOf(given, cells), [`theia/browser/extension|${DISK.id}|500K`, `theia/browser/plugin|${PLUGIN_READ.id}|10000K`]);
    });

    test('the gated cells are planned as a run of their own: a look decides them, the others wait for their family\'s looks; after the first look only the gated cells\' sizes are measured', () => {
        const design = { ...sequentialDesign({ alpha: 0.05, noiseThreshold: 0.05 }, gate), maxPairs: 24, gate: [...gate] };
        const open = new OpenCells(design, cells);
        assert.isTrue(open.gated);
        assert.strictEqual(open.count, 2, 'the run\'s count is its gated cells\'');
        assert.deepStrictEqual(open.lookPairs, planSequentialRun(design, 2).looks.map(look => look.pairs), 'the run\'s looks are the gated family\'s');
        const first = open.lookPairs[0];
        assert.deepStrictEqual(open.sizesToMeasure(['500K', '10000K'], first), ['500K', '10000K'], 'until the first look, every cell is measured');
        assert.deepStrictEqual(open.sizesToMeasure(['500K', '10000K'], first + 1), ['10000K'], 'after it, only what the gated cells need');
        const data = run(first, [1.1, 1, 1.1, 1]);
        const resolved = open.decide(first, data.base, data.head);
        assert.include(resolved, 'Theia browser (plugin), vscode.workspace.fs.readFile, 10000K: slower');
        const gatedResolved = resolved.filter(line => !line.endsWith('(not gated)'));
        assert.include(gatedResolved, 'Theia browser (plugin), vscode.workspace.fs.readFile, 10000K: slower');
        assert.strictEqual(open.openCount, 2 - gatedResolved.length, 'the open count is the gated cells\' alone');
        assert.deepStrictEqual(open.sizesToMeasure(['500K', '10000K'], first + 1), open.openCount > 0 ? ['10000K'] : [], 'no ungated cell keeps a size measured');
    });

    test('the comparison replays each family on its plan, and only a gated cell fails --check; a slower cell outside the gate is named, not failed', () => {
        const design = { ...sequentialDesign({ alpha: 0.05, noiseThreshold: 0.05 }, gate), maxPairs: 12, gate: [...gate] };
        const open = new OpenCells(design, cells);
        const decided = open.lookPairs.flatMap(pairs => open.decide(pairs, run12.base.slice(0, pairs), run12.head.slice(0, pairs)));
        const side = (which: 'base' | 'head', blocks: ResultsDocument[]): ResultsDocument => ({
            ...mergeRounds(open.truncate(blocks)),
            comparison: { id: 'compare-1', side: which, label: which, source: 'test', positions: blocks.map((_, pair) => 2 * pair + (which === 'base' ? 0 : 1)), sequential: design },
        });
        const comparison = compareRuns([side('base', run12.base)], [side('head', run12.head)]);
        const verdicts = Object.fromEntries(comparison.cells.map(cell => [`${cell.scenarioId} ${cell.target}`, `${cell.verdict}${cell.gated ? ' (gated)' : ''}`]));
        assert.deepStrictEqual(verdicts, {
            [`${PLUGIN_READ.id} 10000K`]: 'slower (gated)', [`${FILE_SERVICE.id} 10000K`]: 'no change (gated)',
            [`${DISK.id} 10000K`]: 'slower', [`${DISK.id} 500K`]: 'no change',
        });
        // The run's looks decided the same.
        assert.includeMembers(decided, ['Theia browser (plugin), vscode.workspace.fs.readFile, 10000K: slower',
            'Theia browser (extension), theia.backend.diskRead, 10000K: slower (not gated)']);
        const check = decideGate(comparison, undefined, []);
        assert.isFalse(check.passed);
        assert.deepStrictEqual(check.slowerCells.map(cell => cell.scenarioId), [PLUGIN_READ.id]);
        assert.match(check.message, /^Check failed: 1 of 2 gated \(of 4\) cells slower: .*vscode\.workspace\.fs\.readFile \| 10000K .* Not gated, reported only: .*theia\.backend\.diskRead \| 10000K slower/);
        // The gated cell unchanged: the check passes, the ungated slower cell still named.
        const calm = run(12, [1, 1, 1.1, 1]);
        const calmOpen = new OpenCells(design, cells);
        calmOpen.lookPairs.forEach(pairs => calmOpen.decide(pairs, calm.base.slice(0, pairs), calm.head.slice(0, pairs)));
        const calmSide = (which: 'base' | 'head', blocks: ResultsDocument[]): ResultsDocument => ({
            ...mergeRounds(calmOpen.truncate(blocks)),
            comparison: { id: 'compare-2', side: which, label: which, source: 'test', positions: blocks.map((_, pair) => 2 * pair + (which === 'base' ? 0 : 1)), sequential: design },
        });
        const passed = decideGate(compareRuns([calmSide('base', calm.base)], [calmSide('head', calm.head)]), undefined, []);
        assert.isTrue(passed.passed, passed.message);
        assert.match(passed.message, /^Check passed: no cell of 2 gated \(of 4\) is slower\. Not gated, reported only: .*diskRead \| 10000K slower/);
    });
});
