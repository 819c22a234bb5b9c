import { assert } from 'chai';
import { promises as fs } from 'fs';
import * as path from 'path';
import { hostLabel, parseResultsDocument, ResultsDocument, SCENARIO_CATALOG, ScenarioCatalogEntry, WATCH_BURST_FILES, WATCH_CHANGE_KINDS, WATCH_SCENARIO_IDS } from '@fs-perf/benchmark-core';
import { runToEnd, temporaryFolderForEachTest } from '../session-helpers';

const CATALOG = Object.values(SCENARIO_CATALOG) as ScenarioCatalogEntry[];
/** The bursts made to miss: their folder lies in .fs-perf/, which the extension's files.watcherExclude default covers. */
const EXCLUDED: readonly string[] = [SCENARIO_CATALOG.vscodeWatchBurstExcluded.id, SCENARIO_CATALOG.theiaFileServiceWatchBurstExcluded.id];
/** The bare-Node floors: fs.watch on the folder, which counts every creation here. */
const FLOORS: readonly string[] = [SCENARIO_CATALOG.extensionHostNodeWatchBurst.id, SCENARIO_CATALOG.theiaBackendWatchBurst.id];

async function results(folder: string, name: string): Promise<ResultsDocument> {
    return parseResultsDocument(await fs.readFile(path.join(folder, 'results', name), 'utf8'), name);
}

/**
 * What watching the 1k tree cost the host's server: read in every opening, its file watcher holding watches for most of
 * the tree's folders with node_modules watched. In code-server the exclude set before it starts shows in the count (VS
 * Code's watcher prunes excluded folders, from the user's settings or the workspace's); Theia 1.74.1 keeps them
 * (docs/findings.md 9), which this does not assert, so a Theia that prunes passes.
 */
function watchesOfTheTree(name: string, document: ResultsDocument): void {
    const load = document.watcherLoad;
    assert.isDefined(load, `${name}: no watcher load`);
    assert.strictEqual(load!.tree, '1k');
    assert.deepStrictEqual(load!.variants.map(variant => variant.name),
        ['node_modules watched', 'node_modules excluded', 'node_modules excluded in the workspace', 'node_modules excluded while running']);
    assert.deepStrictEqual(load!.variants.map(variant => variant.settingsScope), ['user', 'user', 'workspace', 'user']);
    // Changed while running: the watches before the change were read once settled, with node_modules watched.
    const change = load!.variants[3].changedWhileRunning;
    assert.isDefined(change, `${name}: the change while running is recorded`);
    assert.isAbove(change!.watchesBefore, load!.dependencyFolders, `${name}: before the change, node_modules was watched`);
    const watches = load!.variants.map(variant => variant.processes.filter(process => process.role === 'file watcher').reduce((sum, process) => sum + process.inotifyWatches, 0));
    console.log(`      ${name}: the file watcher held ${watches.join(', ')} inotify watches (${load!.variants.map(variant => variant.name).join(', ')}; ${load!.folders} folders, ${load!.dependencyFolders} in node_modules)`);
    assert.isAbove(watches[0], load!.dependencyFolders, `${name}: the file watcher watches the tree`);
    for (const variant of load!.variants) {
        // CPU time comes in 10 ms steps: a small child (a shell) may show none; every process has memory, the watcher CPU too.
        assert.isTrue(variant.processes.every(process => process.rssKiB > 0), `${name} ${variant.name}: every process read`);
        assert.isTrue(variant.processes.filter(process => process.role === 'file watcher').every(process => process.cpuMs > 0), `${name} ${variant.name}: the watcher's CPU`);
        // The churn of node_modules ran in every opening, and the file watcher was read across it (a short-lived child may have ended).
        assert.isAtLeast(variant.churn?.files ?? 0, 100, `${name} ${variant.name}: the churn`);
        assert.isTrue(variant.processes.filter(process => process.role === 'file watcher').every(process => process.churnCpuMs !== undefined), `${name} ${variant.name}: CPU in the churn`);
        const churnCpu = variant.processes.reduce((sum, process) => sum + (process.churnCpuMs ?? 0), 0);
        console.log(`      ${name} ${variant.name}: ${variant.churn!.files} files created and deleted in node_modules, ${churnCpu} ms of the server's CPU`);
    }
    if (name.startsWith('vscode-server')) {
        // Watched, code-server's watcher gets 2 events a file of the churn: some CPU (its 10 ms steps) must show.
        const churnCpu = load!.variants.map(variant => variant.processes.filter(process => process.role === 'file watcher').reduce((sum, process) => sum + (process.churnCpuMs ?? 0), 0));
        assert.isAbove(churnCpu[0], 0, `${name}: code-server's watcher spent nothing on the churn it watches`);
    }
    if (name.startsWith('vscode-server')) {
        // Set before it starts, in the user's settings or the workspace's, the exclude shows in code-server's count. Written
        // while it runs, it did not within 60 s in a probe (docs/watching.md), so that opening is not asserted.
        // The workspace's opening has a .vscode folder more, which VS Code also watches for its settings (3 more in the 100k run).
        for (const index of [1, 2]) {
            assert.isAtMost(watches[index], watches[0] - load!.dependencyFolders + 4, `${name}: the exclude shows in the count (${load!.variants[index].name})`);
        }
    }
}

suite('yarn bench --suite watch: a change\'s event and a burst of creations, through each watcher and its floor, in Theia and in code-server', () => {
    let directory: string;
    temporaryFolderForEachTest('fs-perf-bench-watch-test-', folder => {
        directory = folder;
    });

    test('every watcher of both extensions measured in Theia (extension and plugin) and code-server; the floors\' bursts count all 1000, the editors\' most, the excluded one fewer', async function () {
        this.timeout(25 * 60_000);
        const out = path.join(directory, 'run');
        // The 1k tree for what watching costs the servers (100k by default): each host opens it twice more.
        const run = await runToEnd('yarn', ['-s', 'bench', '--suite', 'watch', '--iterations', '2', '--warmup', '1', '--precision', '0', '--watch-tree', '1k', '--out', out], 24 * 60_000);
        const transcript = `${run.stdout}\n${run.stderr}`;
        assert.strictEqual(run.code, 0, transcript);
        const excluded: number[] = [];
        const watched: number[] = [];
        const expected = new Map<string, string[]>([
            ['Theia browser (extension)', [...WATCH_SCENARIO_IDS.theia]],
            ['Theia browser (plugin)', [...WATCH_SCENARIO_IDS.vscode]],
            ['VS Code server', [...WATCH_SCENARIO_IDS.vscode]],
        ]);
        for (const name of ['theia-browser.json', 'vscode-server.json']) {
            const document = await results(out, name);
            watchesOfTheTree(name, document);
            for (const row of document.results) {
                const label = hostLabel(row.host ?? document.host);
                const where = `${label} ${row.scenario.id} ${row.targetLabel}`;
                const entry = CATALOG.find(candidate => candidate.id === row.scenario.id);
                assert.include(['watch', 'watch-burst'], String(entry?.target), `${label}: ${row.scenario.id} is not a watch, and the watch suite ran it`);
                assert.strictEqual(row.verification, 'count', where);
                assert.lengthOf(row.samplesMs, 2, where);
                assert.isTrue(row.samplesMs.every(ms => ms > 0), `${where}: ${row.samplesMs}`);
                if (entry!.target === 'watch') {
                    assert.include(WATCH_CHANGE_KINDS as readonly string[], row.targetLabel, where);
                    assert.isUndefined(row.events, where);
                } else {
                    assert.strictEqual(row.targetLabel, `${WATCH_BURST_FILES} creations`, where);
                    assert.strictEqual(row.events?.expected, WATCH_BURST_FILES, where);
                    const received = row.events!.received;
                    console.log(`      ${where}: events received ${received.join(', ')} of ${WATCH_BURST_FILES}`);
                    if (EXCLUDED.includes(row.scenario.id)) {
                        assert.isTrue(received.every(count => count < WATCH_BURST_FILES), `${where}: a watcher made to miss counted ${received}`);
                        excluded.push(...received);
                    } else if (FLOORS.includes(row.scenario.id)) {
                        assert.deepStrictEqual(received, [WATCH_BURST_FILES, WATCH_BURST_FILES], `${where}: events received of ${WATCH_BURST_FILES}`);
                    } else {
                        // An editor's watcher may lose events (a finding, recorded): most of the burst, and more than the excluded one.
                        assert.isTrue(received.every(count => count >= 0.9 * WATCH_BURST_FILES && count <= WATCH_BURST_FILES), `${where}: ${received}`);
                        watched.push(...received);
                    }
                }
                const cases = document.results.filter(other => hostLabel(other.host ?? document.host) === label && other.scenario.id === row.scenario.id).length;
                expected.set(label, (expected.get(label) ?? []).filter(id => id !== row.scenario.id || cases < (entry!.target === 'watch' ? WATCH_CHANGE_KINDS.length : 1)));
            }
        }
        assert.isAbove(Math.min(...watched), Math.max(...excluded), 'a watcher counts more than one made to miss');
        for (const [label, missing] of expected) {
            assert.deepStrictEqual(missing, [], `${label}: watchers not measured (for every kind of change)`);
        }
        const markdown = await fs.readFile(path.join(out, 'report.md'), 'utf8');
        assert.include(markdown, 'createFileSystemWatcher');
        assert.include(markdown, 'FileService.onDidFilesChange');
        assert.match(markdown, /events received \d+ (to \d+ )?of 1000/, 'each burst\'s count in the report');
        assert.include(markdown, '## Watching a big tree: the editor\'s processes');
        assert.match(markdown, /\| code-server [\d.]+ \| node_modules excluded \| file watcher \(PID \d+\) \| \d+ \|/);
    });
});
