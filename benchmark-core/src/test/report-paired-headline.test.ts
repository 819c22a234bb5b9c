import { assert } from 'chai';
import { CountDifference } from '../compare/count-differences';
import { CellChange, ComparisonCell, RunComparison } from '../compare/run-comparison';
import { SCENARIO_CATALOG, ScenarioCatalogEntry, ScenarioCatalogKey } from '../measure/scenario-catalog';
import { pairedHeadlineSentences, pairedKeyFigures } from '../report/blocks/paired-headline';
import { formatChangeRatio } from '../report/blocks/numbers';
import { crossesRpc } from '../report/model/headline';
import { movedPaths, pathComponentsOf, sharedComponents } from '../report/model/moved-paths';
import { pairedHeadlineSection } from '../report/model/paired';
import { PairedHeadlineSection } from '../report/model/section-types';
import { PairedComparisonRow } from '../report/model/types';
import { HostKey, hostKeyLabel } from '../results/host-identity';
import { ComparisonSide } from '../results/schema';
import { Verdict } from '../stats/verdict';

const PLUGIN: HostKey = { editor: 'theia', runtime: 'browser', extensionKind: 'plugin' };
const EXTENSION: HostKey = { editor: 'theia', runtime: 'browser', extensionKind: 'extension' };
const VSCODE_SERVER: HostKey = { editor: 'vscode', runtime: 'server', extensionKind: 'extension' };

/** One cell of a comparison as the model holds it: its verdict, its ratio [low, high] and the base's median, ms. */
function row(host: HostKey, scenario: ScenarioCatalogKey, target: string, verdict: Verdict, [ratio, low, high]: readonly [number, number, number],
    baseMs: number): PairedComparisonRow {
    const { id, label } = SCENARIO_CATALOG[scenario];
    const place: ComparisonCell = { host, hostLabel: hostKeyLabel(host), scenarioId: id, target };
    const cell: CellChange = {
        ...place, unit: 'pairs', verdict, ratio: { ratio, low, high }, pValue: 0.01, adjustedPValue: 0.01, smallestDetectable: 0.1,
        baseline: { medianMs: baseMs, intervalMs: undefined, sampleCount: 30 }, current: { medianMs: baseMs * ratio, intervalMs: undefined, sampleCount: 30 },
    };
    return { label: `${place.hostLabel} · ${label} · ${target}`, scenarioLabel: label, cell };
}

/** A side of a run made since issue 37 (its check decided in one pass), or before it with `onePass` false. */
const side = (which: 'base' | 'head', source: string, onePass = true): ComparisonSide => ({
    id: 'compare-1', side: which, label: which === 'base' ? 'base' : 'planted', source, positions: [0, 3],
    rule: { alpha: 0.05, noiseThreshold: 0.05, minSize: '500K', ...(onePass ? { onePass: true as const } : {}) },
});

/** The headline of a comparison of these rows (in the comparison table's order), the head a tarball unless `sameSource`; `onePass` false: a run made before issue 37. */
function headline(rows: readonly PairedComparisonRow[], sameSource = false, onePass = true,
    counts?: { differences: readonly CountDifference[]; checkCounts?: string[] }): PairedHeadlineSection {
    const comparison: RunComparison = { alpha: 0.05, noiseThreshold: 0.05, minSize: '500K', cells: rows.map(entry => entry.cell), baselineOnly: [], currentOnly: [] };
    const gated = (entry: ComparisonSide): ComparisonSide => counts?.checkCounts ? { ...entry, rule: { ...entry.rule!, checkCounts: counts.checkCounts } } : entry;
    const base = gated(side('base', 'Theia 1.74.1 from the registry', onePass));
    const head = gated(side('head', sameSource ? base.source : '@theia/core from tarballs', onePass));
    return pairedHeadlineSection({
        kind: 'paired-comparison', base, head, comparison, rows, ...(counts ? { countDifferences: counts.differences } : {}),
        chart: { kind: 'forest', id: 'comparison', placement: 'section', title: '', xTitle: '', noiseThreshold: 0.05, level: 0.95, rows: [] },
    });
}

const UNDECIDED = [1.02, 0.9, 1.15] as const;
const SAME = [1, 0.98, 1.02] as const;

/**
 * The run the headline once folded into one story: the plugin's read slower at every size, FileService's at 5000K only
 * (at 500K and 10000K no change), the RPC transport undecided, the backend's disk read no change, the plugin host's
 * in-host read undecided. The medians are the committed runs' (ms).
 */
function twoPaths(): PairedComparisonRow[] {
    return [
        row(EXTENSION, 'theiaFileServiceReadFile', '500K', 'no change', SAME, 10),
        row(EXTENSION, 'theiaFileServiceReadFile', '5000K', 'slower', [1.3, 1.1, 1.5], 50),
        row(EXTENSION, 'theiaFileServiceReadFile', '10000K', 'no change', [1.01, 0.99, 1.03], 120),
        ...['500K', '5000K', '10000K'].map(size => row(EXTENSION, 'theiaDiskFloor', size, 'no change', SAME, 1)),
        ...['500K', '5000K', '10000K'].map(size => row(EXTENSION, 'theiaRpcTransport', size, 'inconclusive', UNDECIDED, 40)),
        row(PLUGIN, 'vscodeReadFile', '500K', 'slower', [1.12, 1.04, 1.19], 22),
        row(PLUGIN, 'vscodeReadFile', '5000K', 'slower', [1.1, 1.05, 1.15], 220),
        row(PLUGIN, 'vscodeReadFile', '10000K', 'slower', [1.08, 1.03, 1.13], 520),
        ...['500K', '5000K', '10000K'].map(size => row(PLUGIN, 'extensionHostNodeReadFile', size, 'inconclusive', UNDECIDED, 2)),
    ];
}

suite('the headline of a comparison: what --check decides, and which paths moved', () => {
    test('the catalog\'s paths: the plugin\'s read passes through FileService\'s whole path and the plugin API\'s handler; the floors through one part each', () => {
        const fileService = pathComponentsOf(EXTENSION, SCENARIO_CATALOG.theiaFileServiceReadFile.id)!;
        const plugin = pathComponentsOf(PLUGIN, SCENARIO_CATALOG.vscodeReadFile.id)!;
        assert.deepStrictEqual(fileService, ['theia-file-service', 'theia-rpc', 'theia-backend-provider', 'theia-backend-disk']);
        assert.deepStrictEqual(plugin.filter(component => !fileService.includes(component)), ['theia-plugin-rpc', 'theia-plugin-handler']);
        assert.deepStrictEqual(pathComponentsOf(EXTENSION, SCENARIO_CATALOG.theiaDiskFloor.id), ['theia-backend-disk']);
        assert.deepStrictEqual(pathComponentsOf(EXTENSION, SCENARIO_CATALOG.theiaRpcTransport.id), ['theia-rpc']);
        assert.deepStrictEqual(pathComponentsOf(PLUGIN, SCENARIO_CATALOG.extensionHostNodeReadFile.id), ['theia-plugin-host-fs']);
        assert.deepStrictEqual(pathComponentsOf(VSCODE_SERVER, SCENARIO_CATALOG.vscodeReadFile.id), ['vscode-extension-host-rpc', 'vscode-extension-host-disk']);
        assert.isUndefined(pathComponentsOf(VSCODE_SERVER, SCENARIO_CATALOG.theiaFileServiceReadFile.id), 'a Theia scenario has no VS Code path');
        // Every scenario of the catalog has its path in an editor that runs it, never an empty one.
        for (const entry of Object.values<ScenarioCatalogEntry>(SCENARIO_CATALOG)) {
            const { theia, vscode } = entry.components;
            assert.isTrue(theia !== undefined || vscode !== undefined, entry.id);
            assert.isTrue([theia, vscode].every(components => components === undefined || components.length > 0), entry.id);
        }
    });

    test('crossesRpc: the reads through the frontend or the plugin host cross Theia\'s RPC; the floors, an HTTP fetch and VS Code do not', () => {
        const crossing = (host: HostKey, scenario: ScenarioCatalogKey): boolean => crossesRpc({ host, scenarioId: SCENARIO_CATALOG[scenario].id });
        assert.isTrue(crossing(PLUGIN, 'vscodeReadFile'));
        assert.isTrue(crossing(EXTENSION, 'theiaFileServiceReadFile'));
        assert.isTrue(crossing(EXTENSION, 'theiaRpcTransport'));
        assert.isFalse(crossing(EXTENSION, 'theiaDiskFloor'));
        assert.isFalse(crossing(PLUGIN, 'extensionHostNodeReadFile'));
        assert.isFalse(crossing(EXTENSION, 'theiaHttpFetch'));
        assert.isFalse(crossing(VSCODE_SERVER, 'vscodeReadFile'), 'VS Code has no Theia RPC');
        assert.include(pairedKeyFigures(headline(twoPaths())), 'Crossing Theia\'s RPC (FileService.readFile, RPC transport (in-memory buffer), workspace.fs.readFile), '
            + '9 cells: 4 slower, 0 faster, 2 no change, 3 inconclusive.');
    });

    test('--check fails: its first sentence names each slower path with its sizes and ratios, whenever the run was made', () => {
        const rows = twoPaths();
        const section = headline(rows);
        assert.isFalse(section.checkPassed);
        const ratio = (path: number): string => formatChangeRatio(rows[path].cell.ratio);
        const [first, second] = pairedHeadlineSentences(section);
        assert.strictEqual(first, `--check fails: Theia browser (extension) · FileService.readFile is slower at 5000K ${ratio(1)}; Theia browser (plugin) · `
            + `workspace.fs.readFile is slower at 500K ${ratio(9)}, 5000K ${ratio(10)}, 10000K ${ratio(11)}.`);
        assert.strictEqual(first, '--check fails: Theia browser (extension) · FileService.readFile is slower at 5000K 1.3 [1.1, 1.5]; Theia browser (plugin) · '
            + 'workspace.fs.readFile is slower at 500K 1.12 [1.04, 1.19], 5000K 1.10 [1.05, 1.15], 10000K 1.08 [1.03, 1.13].');
        assert.notInclude(second, 'confirming pass', 'a run made since issue 37 decides its check from these verdicts');
        // A run made before issue 37 (no `onePass`) reads the same: no run kept under docs/ or in the test data made a
        // confirming pass, and the note that said one did went with those runs.
        assert.deepStrictEqual(pairedHeadlineSentences(headline(rows, false, false)), pairedHeadlineSentences(section));
    });

    test('--check passes: no cell is slower, and the faster cells are named with their ratios', () => {
        const rows = [
            row(EXTENSION, 'theiaDiskFloor', '5000K', 'faster', [0.5, 0.3, 0.9], 1),
            row(EXTENSION, 'theiaDiskFloor', '10000K', 'inconclusive', UNDECIDED, 2),
            row(EXTENSION, 'theiaRpcTransport', '5000K', 'faster', [0.8, 0.7, 0.9], 40),
        ];
        const section = headline(rows);
        assert.isTrue(section.checkPassed);
        const sentences = pairedHeadlineSentences(section);
        assert.strictEqual(sentences[0], '--check passes: no cell of 3 is slower (2 faster: Theia browser (extension) · backend disk read (floor) at 5000K 0.5 [0.3, 0.9]; '
            + 'Theia browser (extension) · RPC transport (in-memory buffer) at 5000K 0.8 [0.7, 0.9]).');
        assert.notInclude(sentences.join(' '), 'fresh processes', 'nothing for a confirming pass to measure');
        assert.strictEqual(pairedHeadlineSentences(headline([rows[1]]))[0], '--check passes: no cell of 1 is slower.');
        assert.isTrue(headline([rows[1]]).checkPassed);
        assert.isFalse(headline([row(EXTENSION, 'theiaDiskFloor', '5000K', 'slower', [1.5, 1.1, 1.9], 1)]).checkPassed, 'one slower cell fails it');
    });

    test('--check fails on an exact count alone: the headline says which count changed, on which path and sizes, once over all channels; a count it does not gate on is not named', () => {
        const rows = ['500K', '5000K'].map(size => row(PLUGIN, 'vscodeReadFile', size, 'inconclusive', UNDECIDED, 300));
        const cell = (size: string): string => `Theia browser (plugin) | vscode.workspace.fs.readFile | ${size}`;
        const differences: CountDifference[] = ['500K', '5000K'].flatMap(size => ['/socket.io/', 'all channels'].flatMap(channel => [
            { cell: cell(size), channel, metric: 'roundTrips' as const, base: { min: 1, max: 1 }, head: { min: 2, max: 2 }, beyondRange: true },
            { cell: cell(size), channel, metric: 'sentMessages' as const, base: { min: 8, max: 8 }, head: { min: 10, max: 10 }, beyondRange: true },
        ]));
        const section = headline(rows, false, true, { differences });
        assert.isFalse(section.checkPassed, 'a round trip more fails --check by default, with every cell inconclusive on time');
        assert.lengthOf(section.failingCounts, 4, 'round trips on both channels, at both sizes');
        assert.strictEqual(pairedHeadlineSentences(section)[0],
            '--check fails: exact counts changed: round trips 1 → 2 on Theia browser (plugin) | vscode.workspace.fs.readFile at 500K, 5000K.');
        const messages = headline(rows, false, true, { differences, checkCounts: ['messages'] });
        assert.strictEqual(pairedHeadlineSentences(messages)[0],
            '--check fails: exact counts changed: page → server messages 8 → 10 on Theia browser (plugin) | vscode.workspace.fs.readFile at 500K, 5000K.',
            'the run gated on messages (its rule says so): those fail it, round trips do not');
        const none = headline(rows, false, true, { differences, checkCounts: [] });
        assert.isTrue(none.checkPassed);
        assert.strictEqual(pairedHeadlineSentences(none)[0], '--check passes: no cell of 2 is slower, and no exact count it gates on changed.');
    });

    test('two paths that share FileService, the RPC and the disk, and not the plugin API\'s handler: named apart, and FileService\'s own cells rule out one change', () => {
        const rows = twoPaths();
        const section = headline(rows);
        assert.deepStrictEqual(section.moved.map(path => [path.name, path.cells.map(entry => entry.cell.target)]), [
            ['Theia browser (extension) · FileService.readFile', ['5000K']],
            ['Theia browser (plugin) · workspace.fs.readFile', ['500K', '5000K', '10000K']],
        ]);
        const sentences = pairedHeadlineSentences(section);
        assert.strictEqual(sentences[1], 'Two paths moved: Theia browser (extension) · FileService.readFile (5000K slower) and Theia browser (plugin) · '
            + 'workspace.fs.readFile (500K, 5000K, 10000K slower).');
        assert.strictEqual(sentences[2], 'They share FileService, the frontend–backend RPC, the backend\'s file system provider and the backend\'s disk access; '
            + 'Theia browser (plugin) · workspace.fs.readFile also passes through the plugin host–backend RPC and the plugin API\'s frontend handler (FileSystemMainImpl).');
        assert.strictEqual(sentences[3], 'A change in FileService, the frontend–backend RPC, the backend\'s file system provider or the backend\'s disk access would '
            + 'also have moved Theia browser (extension) · FileService.readFile at 500K, 10000K (no change): they are separate findings, not one change.');
        assert.notInclude(sentences.join(' '), 'cross Theia\'s RPC', 'never one story for every flagged cell');
    });

    test('a "no change" cell rules a part out only at a moved cell\'s size, and only where its interval allows fewer milliseconds than the move', () => {
        const rows = twoPaths();
        const shared = (changed: readonly PairedComparisonRow[]): string[] | undefined =>
            sharedComponents(movedPaths(changed), changed)?.ruledOutBy.map(entry => `${entry.name}: ${entry.cells.map(cell => cell.cell.target).join(', ')}`);
        assert.deepStrictEqual(shared(rows), ['Theia browser (extension) · FileService.readFile: 500K, 10000K']);
        // FileService as slow as the plugin's read: its "no change" allows 3% of 600 ms, more than the plugin's read moved at least at 10000K.
        const slowFileService = rows.map(entry => entry.cell.scenarioId === SCENARIO_CATALOG.theiaFileServiceReadFile.id && entry.cell.target !== '5000K'
            ? row(EXTENSION, 'theiaFileServiceReadFile', entry.cell.target, 'no change', [1.01, 0.99, 1.03], entry.cell.target === '500K' ? 100 : 600) : entry);
        assert.deepStrictEqual(shared(slowFileService), ['Theia browser (extension) · backend disk read (floor): 500K, 5000K, 10000K']);
        const sentences = pairedHeadlineSentences(headline(slowFileService));
        assert.strictEqual(sentences[3], 'A change in the backend\'s disk access would also have moved Theia browser (extension) · backend disk read (floor) at 500K, 5000K, '
            + '10000K (no change); one change in FileService, the frontend–backend RPC or the backend\'s file system provider is not ruled out.');
    });

    test('two paths sharing only the RPC, nothing there decided: one change in it is not ruled out', () => {
        const rows = [
            ...twoPaths().filter(entry => entry.cell.scenarioId !== SCENARIO_CATALOG.theiaFileServiceReadFile.id && entry.cell.scenarioId !== SCENARIO_CATALOG.theiaRpcTransport.id),
            row(EXTENSION, 'theiaRpcTransport', '5000K', 'slower', [1.4, 1.1, 1.7], 41),
        ];
        const sentences = pairedHeadlineSentences(headline(rows));
        assert.include(sentences, 'They share the frontend–backend RPC; Theia browser (plugin) · workspace.fs.readFile also passes through the plugin host–backend RPC, '
            + 'the plugin API\'s frontend handler (FileSystemMainImpl), FileService, the backend\'s file system provider and the backend\'s disk access.');
        assert.include(sentences, 'No cell through it was decided no change, so one change there is not ruled out.');
        const opposite = rows.map(entry => entry.cell.scenarioId === SCENARIO_CATALOG.theiaRpcTransport.id
            ? row(EXTENSION, 'theiaRpcTransport', '5000K', 'faster', [0.8, 0.7, 0.9], 41) : entry);
        assert.include(pairedHeadlineSentences(headline(opposite)),
            'They moved in opposite directions, and one change in what they share would move them the same way: separate findings.');
    });

    test('paths that share nothing: separate findings', () => {
        const rows = [
            row(PLUGIN, 'extensionHostNodeReadFile', '5000K', 'slower', [1.3, 1.1, 1.5], 2),
            row(EXTENSION, 'theiaRpcTransport', '5000K', 'slower', [1.4, 1.1, 1.7], 41),
        ];
        assert.include(pairedHeadlineSentences(headline(rows)), 'They share no part of their paths: separate findings.');
    });

    test('one path moved: named with its sizes and the parts it passes through, and the parts a "no change" cell rules out', () => {
        const rows = twoPaths().filter(entry => entry.cell.scenarioId !== SCENARIO_CATALOG.vscodeReadFile.id);
        const sentences = pairedHeadlineSentences(headline(rows));
        assert.strictEqual(sentences[0], '--check fails: Theia browser (extension) · FileService.readFile is slower at 5000K 1.3 [1.1, 1.5].');
        assert.strictEqual(sentences[1], 'One path moved: Theia browser (extension) · FileService.readFile (5000K slower).');
        assert.strictEqual(sentences[2], 'It passes through FileService, the frontend–backend RPC, the backend\'s file system provider and the backend\'s disk access; '
            + 'a change in the backend\'s disk access would also have moved Theia browser (extension) · backend disk read (floor) at 5000K (no change).');
        assert.notInclude(sentences.join(' '), 'paths moved');
    });

    test('A/A: the check first, then whether it raised a false alarm as a sentence of its own, and no story of paths', () => {
        const rows = twoPaths();
        const sentences = pairedHeadlineSentences(headline(rows, true));
        assert.match(sentences[0], /^--check fails: Theia browser \(extension\) · FileService\.readFile is slower at 5000K /);
        assert.strictEqual(sentences[1], '4 false alarms: planted and base run the same Theia 1.74.1 from the registry, yet 4 of 15 cells were called slower or faster '
            + '(FileService.readFile, workspace.fs.readFile).');
        assert.notInclude(sentences.join(' '), 'paths moved');
        const quiet = pairedHeadlineSentences(headline(rows.map(entry => entry.cell.verdict === 'slower' ? row(entry.cell.host, 'theiaDiskFloor', entry.cell.target,
            'inconclusive', UNDECIDED, 1) : entry), true));
        assert.deepStrictEqual(quiet.slice(0, 2), ['--check passes: no cell of 15 is slower.',
            'No false alarm: planted and base run the same Theia 1.74.1 from the registry, and none of 15 cells was called slower or faster.']);
    });
});
