import { assert } from 'chai';
import { compareRuns } from '../compare/run-comparison';
import { SCENARIO_CATALOG } from '../measure/scenario-catalog';
import { CellKey, cellDisplayName, cellKeyId, labelCell, parseCellKey, rowCellKey, sameCell } from '../results/cell-key';
import { HostKey, hostKeyLabel } from '../results/host-identity';
import { collectMeasurements } from '../results/measurements';
import { sampleRun } from './results-builders';

const PLUGIN: HostKey = { editor: 'theia', runtime: 'browser', extensionKind: 'plugin' };
const EXTENSION: HostKey = { editor: 'theia', runtime: 'browser', extensionKind: 'extension' };
const SERVER: HostKey = { editor: 'vscode', runtime: 'server', extensionKind: 'extension' };
const READ = SCENARIO_CATALOG.vscodeReadFile.id;
const FILE_SERVICE = SCENARIO_CATALOG.theiaFileServiceReadFile.id;

/** The cells a bisect can follow, in short: each host's scenario at 5K and 10000K. */
const CANDIDATES: CellKey[] = [[PLUGIN, READ], [EXTENSION, FILE_SERVICE]].flatMap(([host, scenarioId]) =>
    ['5K', '10000K'].map(target => ({ host: host as HostKey, scenarioId: scenarioId as string, target })));

/** A label function as a later release of fs-perf might print the hosts. */
const renamed = (host: HostKey): string => `${host.editor === 'theia' ? 'Eclipse Theia' : 'Code'} · ${host.runtime} · ${host.extensionKind}`;

suite('cell key: one identity per cell', () => {
    test('the key is the host\'s identity, the scenario and the target; the display name is the host\'s label, the scenario and the target', () => {
        const cell: CellKey = { host: PLUGIN, scenarioId: READ, target: '5K' };
        assert.strictEqual(cellKeyId(cell), 'theia/browser/plugin|vscode.workspace.fs.readFile|5K');
        assert.strictEqual(cellDisplayName(labelCell(cell)), 'Theia browser (plugin), vscode.workspace.fs.readFile, 5K');
        assert.strictEqual(cellDisplayName(labelCell(cell, renamed)), 'Eclipse Theia · browser · plugin, vscode.workspace.fs.readFile, 5K');
        // A label, the estimates of a comparison: nothing but the key tells cells apart.
        assert.isTrue(sameCell(cell, { ...labelCell(cell, renamed), verdict: 'slower' } as CellKey));
        assert.isFalse(sameCell(cell, { ...cell, host: EXTENSION }));
        assert.isFalse(sameCell(cell, { ...cell, host: { ...PLUGIN, release: '1.60.2' } }));
    });

    test('parsing: the display name of every cell gives the cell back; the host by its extension kind alone, trimmed and in any case', () => {
        for (const cell of CANDIDATES) {
            assert.deepStrictEqual(parseCellKey(cellDisplayName(labelCell(cell)), CANDIDATES), cell);
        }
        const short = parseCellKey(' plugin ,VSCODE.workspace.fs.readFile,5k', CANDIDATES);
        assert.deepStrictEqual(short, { host: PLUGIN, scenarioId: READ, target: '5K' });
        assert.deepStrictEqual(parseCellKey('extension, theia.fileService.readFile, 10000K', CANDIDATES), { host: EXTENSION, scenarioId: FILE_SERVICE, target: '10000K' });
        for (const text of ['plugin, vscode.workspace.fs.readFile', 'plugin, workspace.fs.readFile, 5K', 'extension, vscode.workspace.fs.readFile, 5K',
            'plugin, vscode.workspace.fs.readFile, 500K', 'browser, vscode.workspace.fs.readFile, 5K', 'Theia browser, vscode.workspace.fs.readFile, 5K', '']) {
            assert.isUndefined(parseCellKey(text, CANDIDATES), text);
        }
    });

    test('an extension kind that names two hosts\' cells names neither; their labels tell them apart', () => {
        const both: CellKey[] = [{ host: EXTENSION, scenarioId: READ, target: '5K' }, { host: SERVER, scenarioId: READ, target: '5K' }];
        assert.isUndefined(parseCellKey(`extension, ${READ}, 5K`, both));
        assert.deepStrictEqual(parseCellKey(`VS Code server, ${READ}, 5K`, both), both[1]);
        assert.deepStrictEqual(parseCellKey(`${hostKeyLabel(EXTENSION)}, ${READ}, 5K`, both), both[0]);
    });

    test('a renamed host label changes no key: the new name and the extension kind give the same cell', () => {
        const cell: CellKey = { host: PLUGIN, scenarioId: READ, target: '10000K' };
        const byNewName = parseCellKey(cellDisplayName(labelCell(cell, renamed)), CANDIDATES, renamed);
        assert.deepStrictEqual(byNewName, cell);
        assert.strictEqual(cellKeyId(parseCellKey(`plugin, ${READ}, 10000K`, CANDIDATES, renamed)!), cellKeyId(cell));
        // The old name names nothing once the hosts are called otherwise (a record keeps its host's identity for that).
        assert.isUndefined(parseCellKey(cellDisplayName(labelCell(cell)), CANDIDATES, renamed));
    });

    test('a results file\'s rows, the report\'s measurements and a comparison\'s cells are keyed alike', () => {
        const run = sampleRun();
        const rows = run.flatMap(document => document.results.map(row => cellKeyId(rowCellKey(document, row))));
        assert.include(rows, 'theia/browser/plugin|vscode.workspace.fs.readFile|10000K', 'a merged plugin row is the plugin\'s cell');
        assert.include(rows, 'theia/browser/extension|theia.FileService.readFile|10000K');
        assert.deepStrictEqual(collectMeasurements(run).map(entry => cellKeyId({ host: entry.host, scenarioId: entry.measurement.scenario.id, target: entry.measurement.targetLabel })), rows);
        const comparison = compareRuns(run, run, { minSize: '1K' });
        assert.isAbove(comparison.cells.length, 0);
        assert.includeMembers(rows, comparison.cells.map(cellKeyId));
    });
});
