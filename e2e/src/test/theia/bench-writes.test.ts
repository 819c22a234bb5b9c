import { assert } from 'chai';
import { promises as fs } from 'fs';
import * as path from 'path';
import { hostLabel, linkAsChecked, parseResultsDocument, ResultsDocument, SCENARIO_CATALOG, ScenarioCatalogEntry, WRITE_BURST, WRITE_SCENARIO_IDS } from '@fs-perf/benchmark-core';
import { runToEnd, temporaryFolderForEachTest } from '../session-helpers';

const CATALOG = Object.values(SCENARIO_CATALOG) as ScenarioCatalogEntry[];
const SIZES = ['1K', '10000K'];

async function results(folder: string, name: string): Promise<ResultsDocument> {
    return parseResultsDocument(await fs.readFile(path.join(folder, 'results', name), 'utf8'), name);
}

suite('yarn bench --suite writes: writeFile of each size and a burst of small files, through each API and its floor, in Theia and in code-server', () => {
    let directory: string;
    temporaryFolderForEachTest('fs-perf-bench-writes-test-', folder => {
        directory = folder;
    });

    test('every write of both extensions measured in Theia (extension and plugin) and code-server, each sample verified by what landed', async function () {
        this.timeout(20 * 60_000);
        const out = path.join(directory, 'run');
        const run = await runToEnd('yarn', ['-s', 'bench', '--suite', 'writes', '--sizes', SIZES.join(','), '--iterations', '2', '--warmup', '1', '--precision', '0',
            '--out', out], 19 * 60_000);
        const transcript = `${run.stdout}\n${run.stderr}`;
        assert.strictEqual(run.code, 0, transcript);
        const expected = new Map<string, string[]>([
            ['Theia browser (extension)', [...WRITE_SCENARIO_IDS.theia]],
            ['Theia browser (plugin)', [...WRITE_SCENARIO_IDS.vscode]],
            ['VS Code server', [...WRITE_SCENARIO_IDS.vscode]],
        ]);
        for (const name of ['theia-browser.json', 'vscode-server.json']) {
            const document = await results(out, name);
            assert.isUndefined(document.trees, `${name}: no tree in a run of the writes`);
            for (const row of document.results) {
                const label = hostLabel(row.host ?? document.host);
                const entry = CATALOG.find(candidate => candidate.id === row.scenario.id);
                assert.isDefined(entry?.writes, `${label}: ${row.scenario.id} is not a write, and the writes suite ran it`);
                // Each row's verification is what its catalog entry promises: sha256 of what landed (readBack), its length, or the burst's count.
                assert.strictEqual(row.verification, entry!.verifiedAs, `${label} ${row.scenario.id} ${row.targetLabel}: verified as`);
                if (entry!.target === 'burst') {
                    assert.strictEqual(row.targetLabel, `${WRITE_BURST.files} files of 1K`);
                    assert.strictEqual(row.itemCount, WRITE_BURST.files, `${label} ${row.scenario.id}: files created and deleted in a sample`);
                } else {
                    assert.include(SIZES, row.targetLabel, `${label} ${row.scenario.id}`);
                }
                assert.lengthOf(row.samplesMs, 2, `${label} ${row.scenario.id}`);
                assert.isTrue(row.samplesMs.every(ms => ms > 0), `${label} ${row.scenario.id}: ${row.samplesMs}`);
                expected.set(label, (expected.get(label) ?? []).filter(id => id !== row.scenario.id
                    || document.results.filter(other => hostLabel(other.host ?? document.host) === label && other.scenario.id === id).length
                        < (entry!.target === 'burst' ? 1 : SIZES.length)));
            }
        }
        for (const [label, missing] of expected) {
            assert.deepStrictEqual(missing, [], `${label}: writes not measured (at every size)`);
        }
        const markdown = await fs.readFile(path.join(out, 'report.md'), 'utf8');
        assert.include(markdown, `| ${WRITE_BURST.files} files of 1K |`);
        assert.include(markdown, 'FileService.writeFile');
    });

    // A link of 20 ms and 20 Mbit/s each way (what the proxy holds on a busy 2-core machine; see the trees' test).
    test('over a link (20 ms): each writeFile against its wire floor, each burst against its link floor; the results name the link', async function () {
        this.timeout(15 * 60_000);
        const out = path.join(directory, 'run');
        const run = await runToEnd('yarn', ['-s', 'bench', '--suite', 'writes', '--network', 'name=writes20ms,rtt=20ms,down=20mbit,up=20mbit', '--sizes', '1K,500K',
            '--iterations', '1', '--warmup', '0', '--precision', '0', '--out', out], 14 * 60_000);
        const transcript = `${run.stdout}\n${run.stderr}`;
        assert.strictEqual(run.code, 0, transcript);
        for (const name of ['theia-browser@writes20ms.json', 'vscode-server@writes20ms.json']) {
            const document = await results(out, name);
            assert.strictEqual(document.network?.profile.name, 'writes20ms', name);
            assert.includeMembers(document.results.map(row => row.scenario.id), [SCENARIO_CATALOG.vscodeWriteFile.id, SCENARIO_CATALOG.vscodeWriteBurst.id], name);
        }
        const markdown = await fs.readFile(path.join(out, 'report.md'), 'utf8');
        // The wire floor of each write path: the plugin's bytes cross twice, FileService's once, code-server's not at all.
        assert.match(markdown, /\| Theia browser \(plugin\): workspace\.fs\.writeFile \| 2 \/ 2 \| scenario \| wire floor, ms \|/);
        assert.match(markdown, /\| Theia browser \(extension\): FileService\.writeFile \| 1 \/ 1 \| scenario \| wire floor, ms \|/);
        // Each floor is the link's as checked: 20 ms, or the round trip the check measured where a busy machine lengthened it.
        const rttOf = async (name: string): Promise<number> => linkAsChecked((await results(out, name)).network!).rttMs;
        const floors = (pattern: string): number[] => {
            const row = new RegExp(pattern).exec(markdown);
            assert.isNotNull(row, pattern);
            return row!.slice(1).map(Number);
        };
        const vscodeRtt = await rttOf('vscode-server@writes20ms.json');
        const theiaRtt = await rttOf('theia-browser@writes20ms.json');
        for (const floor of floors('\\| VS Code server: workspace\\.fs\\.writeFile \\| 1 \\/ 1 \\| scenario \\| wire floor, ms \\| ([\\d.]+) \\| ([\\d.]+) \\|')) {
            assert.approximately(floor, vscodeRtt, vscodeRtt * 0.01, 'code-server\'s write: one round trip, no bytes over the link');
        }
        // A burst of 100 files: a write and a delete call each, one after another.
        const [pluginBurst] = floors('\\| Theia browser \\(plugin\\) \\| link floor: calls one after another × 8 crossings × half the round trip, ms \\| (\\d+) \\(100 calls one after another\\) \\|');
        assert.approximately(pluginBurst, 100 * 8 * theiaRtt / 2, 100 * 8 * theiaRtt / 2 * 0.01);
        const [vscodeBurst] = floors('\\| VS Code server \\| link floor: calls one after another × 4 crossings × half the round trip, ms \\| (\\d+) \\(100 calls one after another\\) \\|');
        assert.approximately(vscodeBurst, 100 * 4 * vscodeRtt / 2, 100 * 4 * vscodeRtt / 2 * 0.01);
    });
});
