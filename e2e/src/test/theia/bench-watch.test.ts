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

suite('yarn bench --suite watch: a change\'s event and a burst of creations, through each watcher and its floor, in Theia and in code-server', () => {
    let directory: string;
    temporaryFolderForEachTest('fs-perf-bench-watch-test-', folder => {
        directory = folder;
    });

    test('every watcher of both extensions measured in Theia (extension and plugin) and code-server; the floors\' bursts count all 1000, the editors\' most, the excluded one fewer', async function () {
        this.timeout(20 * 60_000);
        const out = path.join(directory, 'run');
        const run = await runToEnd('yarn', ['-s', 'bench', '--suite', 'watch', '--iterations', '2', '--warmup', '1', '--precision', '0', '--out', out], 19 * 60_000);
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
    });
});
