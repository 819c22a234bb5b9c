import * as assert from 'assert';
import * as vscode from 'vscode';
import { FIXTURE_SIZE_LABELS, parseResultsDocument, RESULTS_DIRECTORY, SCENARIO_CATALOG, VSCODE_SCENARIO_IDS } from '@fs-perf/benchmark-core';
import { repositoryRoot } from '@fs-perf/benchmark-core/lib/test/repository';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { RemoveOutcome, ReportOutcome, RunOutcome, VscodeGenerateOutcome as GenerateOutcome } from '../../benchmark-controller';
import type { FsPerfApi } from '../../extension';

// fs-perf's marker of its temporary folders, which `yarn clean --temp` reads (the one writer, plain Node in scripts/).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { writeTempMarker } = require(path.join(repositoryRoot(), 'scripts', 'temp-marker.js')) as { writeTempMarker(folder: string, purpose: string): void };

const EXTENSION_ID = 'fs-perf.fs-perf-vscode';
/** The committed bisect run folder under docs/ (issue 38's planted series, cited by README and docs/bisect.md). */
const COMMITTED_BISECT = 'bisect-2026-11-27-xeon-planted-plugin-16';

function workspaceFolder(): vscode.Uri {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test host opens a workspace folder');
    return folder.uri;
}

const fixturesFolder = (): vscode.Uri => vscode.Uri.joinPath(workspaceFolder(), '.fs-perf', 'fixtures');
const resultsFolder = (): vscode.Uri => vscode.Uri.joinPath(workspaceFolder(), ...RESULTS_DIRECTORY.split('/'));

async function resultFiles(): Promise<string[]> {
    try {
        return (await vscode.workspace.fs.readDirectory(resultsFolder())).map(([name]) => name).sort();
    } catch {
        return [];
    }
}

async function api(): Promise<FsPerfApi> {
    const extension = vscode.extensions.getExtension<FsPerfApi>(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is installed`);
    return extension.activate();
}

suite('FS Perf extension in a real VS Code extension host', () => {
    suiteSetup(async () => {
        await api();
    });

    test('"Generate Test Files" writes six fixtures and the manifest through workspace.fs, and is idempotent', async () => {
        const first = await vscode.commands.executeCommand<GenerateOutcome>('fsPerf.generateTestFiles');
        assert.strictEqual(first.status, 'completed', JSON.stringify(first));
        const expected = [1024, 5120, 51200, 512000, 5120000, 10240000];
        for (const [index, label] of FIXTURE_SIZE_LABELS.entries()) {
            const stat = await vscode.workspace.fs.stat(vscode.Uri.joinPath(fixturesFolder(), `${label}.bin`));
            assert.strictEqual(stat.size, expected[index], label);
        }
        const second = await vscode.commands.executeCommand<GenerateOutcome>('fsPerf.generateTestFiles');
        assert.strictEqual(second.status, 'completed');
        assert.deepStrictEqual(second.status === 'completed' && second.report.written, []);
        assert.strictEqual(second.status === 'completed' && second.report.unchanged.length, 6);
    });

    test('"Run Benchmark" measures every scenario at all six sizes, verified, into a valid results file', async () => {
        const before = await resultFiles();
        const outcome = await vscode.commands.executeCommand<RunOutcome>('fsPerf.run', { iterations: 3, warmup: 1 });
        assert.strictEqual(outcome.status, 'completed', JSON.stringify(outcome));
        assert.ok(outcome.status === 'completed' && outcome.resultsUri);
        const after = await resultFiles();
        assert.strictEqual(after.length, before.length + 1);
        const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.parse(outcome.resultsUri!)));
        const document = parseResultsDocument(text, outcome.resultsUri);
        assert.strictEqual(document.host.editor, 'vscode');
        assert.deepStrictEqual(document.settings.scenarios, [...VSCODE_SCENARIO_IDS]);
        // In a remote extension host (code-server) VS Code's read through the workbench is measured; elsewhere skipped with its reason.
        const remote = vscode.env.remoteName !== undefined;
        const throughWorkbench = remote ? [SCENARIO_CATALOG.vscodeReadFileWorkbench.id] : [];
        for (const id of [SCENARIO_CATALOG.vscodeReadFile.id, ...throughWorkbench, SCENARIO_CATALOG.vscodeWriteFile.id, SCENARIO_CATALOG.extensionHostNodeReadFile.id]) {
            const rows = document.results.filter(row => row.scenario.id === id);
            assert.deepStrictEqual(rows.map(row => row.targetLabel), [...FIXTURE_SIZE_LABELS], id);
            for (const row of rows) {
                assert.strictEqual(row.verification, 'sha256', `${id} ${row.targetLabel}`);
                assert.strictEqual(row.samplesMs.length, 3);
                assert.strictEqual(row.warmupMs.length, 1);
                assert.ok(row.statistics.medianMs > 0, `${id} ${row.targetLabel} median ${row.statistics.medianMs}`);
            }
        }
        const stat = document.results.find(row => row.scenario.id === SCENARIO_CATALOG.vscodeStat.id);
        const readDirectory = document.results.find(row => row.scenario.id === SCENARIO_CATALOG.vscodeReadDirectory.id);
        assert.strictEqual(stat?.verification, 'length');
        assert.strictEqual(readDirectory?.verification, 'count');
        assert.strictEqual(readDirectory?.itemCount, 1000);
        // The traced read needs the Theia extension's trace: skipped here, with the reason.
        assert.deepStrictEqual(document.skipped.map(entry => entry.scenario.id),
            [...remote ? [] : [SCENARIO_CATALOG.vscodeReadFileWorkbench.id], SCENARIO_CATALOG.vscodeReadFileHops.id]);
        assert.match(document.skipped.find(entry => entry.scenario.id === SCENARIO_CATALOG.vscodeReadFileHops.id)!.reason, /no read trace in this editor/);
        // CPU passes at 500K and up: the extension host itself and the process that started it, read by the extension.
        const parent = remote ? 'VS Code server' : 'VS Code main process';
        for (const row of document.results.filter(candidate => candidate.scenario.target === 'fixture' && candidate.bytes >= 512000)) {
            const seen = row.cpu?.processes.map(entry => entry.process) ?? [];
            const expected = process.platform === 'linux' ? ['extension host', parent] : ['extension host'];
            assert.ok(expected.every(name => seen.includes(name)), `${row.scenario.id} ${row.targetLabel}: CPU of ${JSON.stringify(seen)}, expected ${expected.join(', ')}`);
        }
        const ownCpu = document.results.find(row => row.scenario.id === SCENARIO_CATALOG.vscodeReadFile.id && row.targetLabel === '10000K')!
            .cpu!.processes.find(entry => entry.process === 'extension host')!.cpuMs;
        assert.ok(ownCpu > 0, `the extension host works during its own read of 10000K (${ownCpu} ms)`);
        const leftovers = (await vscode.workspace.fs.readDirectory(fixturesFolder())).filter(([name]) => name.startsWith('.write-') || name.includes('.tmp'));
        assert.deepStrictEqual(leftovers, [], 'the write scenario removes its temporary folder');
    });

    test('the Output channel shows the header and one table per scenario', async () => {
        const output = (await api()).outputText();
        assert.match(output, /FS Performance: VS Code/);
        assert.match(output, /workspace\.fs\.readFile: vscode\.workspace\.fs\.readFile\(uri\)\nSize\s+Bytes\s+n\s+Median ms/);
        assert.match(output, /\n10000K\s+10240000\s+3\s+\d/);
        assert.match(output, /workspace\.fs\.readDirectory: .*\n.*\n.*\n1000 files\s+256\s+3\s/);
        assert.match(output, /Results: .*\.fs-perf[\\/]results[\\/].*\.json/);
    });

    test('"Run File Read Benchmark" runs workspace.fs.readFile only', async () => {
        const outcome = await vscode.commands.executeCommand<RunOutcome>('fsPerf.runFileRead', { iterations: 2, warmup: 0, sizes: ['1K', '50K'] });
        assert.strictEqual(outcome.status, 'completed', JSON.stringify(outcome));
        const document = outcome.status === 'completed' ? outcome.document : undefined;
        assert.deepStrictEqual(document?.results.map(row => `${row.scenario.id} ${row.targetLabel}`),
            ['vscode.workspace.fs.readFile 1K', 'vscode.workspace.fs.readFile 50K']);
    });

    test('a corrupted fixture stops the run, names the file, and writes no results file', async () => {
        const file = vscode.Uri.joinPath(fixturesFolder(), '500K.bin');
        const bytes = await vscode.workspace.fs.readFile(file);
        const corrupted = bytes.slice();
        corrupted[1000] ^= 0xff;
        await vscode.workspace.fs.writeFile(file, corrupted);
        const before = await resultFiles();
        const outcome = await vscode.commands.executeCommand<RunOutcome>('fsPerf.runFileRead', { iterations: 2, warmup: 0 });
        assert.strictEqual(outcome.status, 'failed');
        assert.match(outcome.status === 'failed' ? outcome.message : '', /500K\.bin does not match the fixture manifest/);
        assert.strictEqual(outcome.status === 'failed' && outcome.fileName, '500K.bin');
        assert.deepStrictEqual(await resultFiles(), before);
        assert.match((await api()).outputText(), /Run stopped: 500K\.bin does not match .* No results were written\./);
        const repaired = await vscode.commands.executeCommand<GenerateOutcome>('fsPerf.generateTestFiles');
        assert.deepStrictEqual(repaired.status === 'completed' && repaired.report.repaired, ['500K.bin']);
    });

    test('a missing fixture is reported before anything is timed', async () => {
        await vscode.workspace.fs.delete(vscode.Uri.joinPath(fixturesFolder(), '5000K.bin'));
        const before = await resultFiles();
        const outcome = await vscode.commands.executeCommand<RunOutcome>('fsPerf.runFileRead', { iterations: 1, warmup: 0 });
        assert.strictEqual(outcome.status, 'failed');
        assert.match(outcome.status === 'failed' ? outcome.message : '', /Fixture 5000K\.bin is missing: run 'FS Perf: Generate Test Files'/);
        assert.deepStrictEqual(await resultFiles(), before);
        const regenerated = await vscode.commands.executeCommand<GenerateOutcome>('fsPerf.generateTestFiles');
        assert.deepStrictEqual(regenerated.status === 'completed' && regenerated.report.written, ['5000K.bin']);
    });

    test('a second run while one is going is refused with a message', async () => {
        const first = vscode.commands.executeCommand<RunOutcome>('fsPerf.runFileRead', { iterations: 20, warmup: 0, sizes: ['10000K'] });
        try {
            const second = await vscode.commands.executeCommand<RunOutcome>('fsPerf.run', { iterations: 1, warmup: 0 });
            assert.strictEqual(second.status, 'refused');
            assert.match(second.status === 'refused' ? second.message : '', /FS Perf is already running a benchmark: wait for it/);
            const generate = await vscode.commands.executeCommand<GenerateOutcome>('fsPerf.generateTestFiles');
            assert.strictEqual(generate.status, 'refused', 'generating test files during a run is refused too');
        } finally {
            assert.strictEqual((await first).status, 'completed');
        }
    });

    test('invalid settings are reported by name and nothing runs', async () => {
        const configuration = vscode.workspace.getConfiguration('fsPerf');
        await configuration.update('iterations', 0, vscode.ConfigurationTarget.Workspace);
        await configuration.update('fixturesFolder', '../elsewhere', vscode.ConfigurationTarget.Workspace);
        try {
            const before = await resultFiles();
            const outcome = await vscode.commands.executeCommand<RunOutcome>('fsPerf.run');
            assert.strictEqual(outcome.status, 'failed');
            const message = outcome.status === 'failed' ? outcome.message : '';
            assert.match(message, /'fsPerf\.iterations' must be a whole number from 1 to 1000 \(it is 0\)/);
            assert.match(message, /'fsPerf\.fixturesFolder': '\.\.\/elsewhere' leads outside the workspace/);
            assert.deepStrictEqual(await resultFiles(), before);
        } finally {
            await configuration.update('iterations', undefined, vscode.ConfigurationTarget.Workspace);
            await configuration.update('fixturesFolder', undefined, vscode.ConfigurationTarget.Workspace);
        }
    });

    test('"Open Last Results" opens the newest results file', async () => {
        const newest = (await resultFiles()).filter(name => name.endsWith('.json')).at(-1);
        assert.ok(newest);
        const opened = await vscode.commands.executeCommand<vscode.Uri | undefined>('fsPerf.openLastResults');
        assert.ok(opened);
        assert.strictEqual(opened.path.split('/').at(-1), newest);
        assert.strictEqual(vscode.window.activeTextEditor?.document.uri.toString(), opened.toString());
    });

    test('file watching and search leave out .fs-perf/, next to the editor\'s own defaults', () => {
        for (const [section, key, pattern, editorDefault] of [
            ['files', 'watcherExclude', '**/.fs-perf/**', '**/.git/objects/**'], ['search', 'exclude', '**/.fs-perf', '**/node_modules']] as const) {
            const value = vscode.workspace.getConfiguration(section).inspect<Record<string, boolean>>(key)?.defaultValue ?? {};
            assert.strictEqual(value[pattern], true, `${section}.${key}: ${JSON.stringify(value)}`);
            assert.strictEqual(value[editorDefault], true, `${section}.${key} keeps ${editorDefault}: ${JSON.stringify(value)}`);
        }
    });

    test('"Show Report from Folder" shows a --compare run folder where it lies (base and head), copying nothing into the workspace', async () => {
        const before = await resultFiles();
        // The test data's --compare run: its results/ and one of its blocks/.
        const runFolder = path.join(repositoryRoot(), 'e2e', 'test-data', 'runs', 'compare');
        const outcome = await vscode.commands.executeCommand<ReportOutcome>('fsPerf.showRunFolderReport', runFolder);
        assert.strictEqual(outcome.status, 'shown', JSON.stringify(outcome));
        assert.deepStrictEqual(outcome.status === 'shown' && outcome.files, ['results/base.json', 'results/head.json']);
        assert.deepStrictEqual(await resultFiles(), before);
        const empty = await vscode.commands.executeCommand<ReportOutcome>('fsPerf.showRunFolderReport', path.join(runFolder, 'blocks'));
        assert.strictEqual(empty.status, 'refused');
        assert.match(empty.status === 'refused' ? empty.message : '', /blocks holds no results files \(results\/\*\.json\)/);
    });

    test('"Show Report from Folder" on a bisect\'s run folder (the committed planted series) shows its answer from bisect.json', async () => {
        const before = await resultFiles();
        const runFolder = path.join(repositoryRoot(), 'docs', COMMITTED_BISECT);
        const outcome = await vscode.commands.executeCommand<ReportOutcome>('fsPerf.showRunFolderReport', runFolder);
        assert.strictEqual(outcome.status, 'shown', JSON.stringify(outcome));
        assert.deepStrictEqual(outcome.status === 'shown' && outcome.files, ['bisect.json']);
        assert.match(outcome.status === 'shown' ? outcome.title : '', /^Bisect: Theia browser \(plugin\), vscode\.workspace\.fs\.readFile, 10000K \(slower\), b0\.\.b5$/);
        assert.deepStrictEqual(await resultFiles(), before);
    });

    test('"Remove Test Files" is refused while a run is going, naming the run, and removes nothing', async () => {
        const run = vscode.commands.executeCommand<RunOutcome>('fsPerf.runFileRead', { iterations: 20, warmup: 0, sizes: ['10000K'] });
        try {
            const removal = await vscode.commands.executeCommand<RemoveOutcome>('fsPerf.removeTestFiles', { confirm: false });
            assert.deepStrictEqual(removal, {
                status: 'refused',
                message: 'FS Perf cannot remove the test files while it is running a benchmark: wait for it to finish or cancel it from its notification.',
            });
        } finally {
            assert.strictEqual((await run).status, 'completed');
        }
        assert.strictEqual((await vscode.workspace.fs.stat(vscode.Uri.joinPath(fixturesFolder(), '10000K.bin'))).size, 10240000);
    });

    test('"Remove Test Files" removes .fs-perf/ through workspace.fs, counts what it held, and leaves a linked folder outside untouched', async function () {
        if (workspaceFolder().scheme !== 'file') {
            this.skip();
        }
        const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'fs-perf-outside-'));
        writeTempMarker(outside, 'test');
        fs.writeFileSync(path.join(outside, 'keep.txt'), 'not ours');
        fs.symlinkSync(outside, path.join(fixturesFolder().fsPath, 'linked'));
        const source = vscode.Uri.joinPath(workspaceFolder(), 'keep-me.txt');
        await vscode.workspace.fs.writeFile(source, new TextEncoder().encode('a file of the workspace'));
        try {
            const outcome = await vscode.commands.executeCommand<RemoveOutcome>('fsPerf.removeTestFiles', { confirm: false });
            assert.strictEqual(outcome.status, 'removed', JSON.stringify(outcome));
            const inventory = outcome.status === 'removed' ? outcome.inventory : undefined;
            // Six fixtures, the manifest, 1000 small files, the .gitignore, and at least one results file; the link is not followed.
            assert.ok(inventory && inventory.files >= 1009, JSON.stringify(inventory));
            assert.strictEqual(inventory?.links, 1);
            // The fixtures (15,929,344 bytes), the small files (1000 x 256) and the results files.
            assert.ok(inventory && inventory.bytes > 16_185_344 && inventory.bytes < 40_000_000, `${inventory?.bytes} bytes`);
            await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(vscode.Uri.joinPath(workspaceFolder(), '.fs-perf'))), /FileNotFound|ENOENT|nonexistent/i);
            assert.strictEqual(fs.readFileSync(path.join(outside, 'keep.txt'), 'utf8'), 'not ours');
            assert.strictEqual(new TextDecoder().decode(await vscode.workspace.fs.readFile(source)), 'a file of the workspace');
            assert.match((await api()).outputText(), /Removed .*\.fs-perf: \d{1,3}(,\d{3})* files \(\d+\.\d+ MB\)/);
            const again = await vscode.commands.executeCommand<RemoveOutcome>('fsPerf.removeTestFiles', { confirm: false });
            assert.strictEqual(again.status, 'refused');
            assert.match(again.status === 'refused' ? again.message : '', /there is nothing to remove: .*\.fs-perf does not exist/);
        } finally {
            fs.rmSync(outside, { recursive: true, force: true });
            await vscode.workspace.fs.delete(source);
        }
    });
});
