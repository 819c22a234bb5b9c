import { assert } from 'chai';
import { VerificationError } from '../errors';
import {
    burstCount, burstFileNames, burstRequestProblem, burstTarget, createThenDelete, fixtureSize, runBenchmark, Scenario, SCENARIO_CATALOG, scenarioTargets,
    sha256Hex, suiteScenarioIds, VSCODE_SCENARIO_IDS, THEIA_SCENARIO_IDS, WRITE_BURST, WRITE_SCENARIO_IDS, writeFolderName,
} from '../measure';
import { extensionSettingsSchema, SCENARIO_SETTING_KEYS } from '../settings/settings-schema';

const NO_FIXTURES = { schema: 'fs-perf-fixtures' as const, schemaVersion: 1 as const, generatorVersion: 1, seed: 1, content: 'random' as const, files: {} };
const ONE_K = fixtureSize('1K');

/** A folder in memory: a burst's files by name. `skip`: a name whose creation is lost (the break a test makes on purpose). */
function memoryFolder(skip?: string): { files: Map<string, Uint8Array>; create: (name: string) => Promise<void>; remove: (name: string) => Promise<boolean> } {
    const files = new Map<string, Uint8Array>();
    return {
        files,
        create: async name => {
            if (name !== skip) {
                files.set(name, new Uint8Array(WRITE_BURST.bytesPerFile));
            }
        },
        remove: async name => files.delete(name),
    };
}

/** The burst through `folder`, with its count checked against what is left in it after the clock (as the extensions do). */
function burstScenario(folder: ReturnType<typeof memoryFolder>, leaveBehind?: string): Scenario {
    const names = burstFileNames(WRITE_BURST);
    return {
        ...SCENARIO_CATALOG.vscodeWriteBurst,
        prepare: async () => ({
            runSample: async () => ({ itemCount: await createThenDelete(names, folder.create, async name => name !== leaveBehind && folder.remove(name)) }),
            landed: async output => ({ itemCount: burstCount(output.itemCount ?? 0, folder.files.size) }),
        }),
    };
}

suite('the writes (issue 39)', () => {
    test('--suite writes chooses every write of each extension; the default keeps workspace.fs.writeFile and none of the others', () => {
        assert.deepStrictEqual(WRITE_SCENARIO_IDS.vscode, ['vscode.workspace.fs.writeFile', 'extension-host.fs.promises.writeFile',
            'vscode.workspace.fs.writeFile.burst', 'extension-host.fs.promises.writeFile.burst']);
        assert.deepStrictEqual(WRITE_SCENARIO_IDS.theia, ['theia.FileService.writeFile', 'theia.backend.writeFile', 'theia.FileService.createFile.burst',
            'theia.backend.writeFile.burst']);
        assert.deepStrictEqual([...VSCODE_SCENARIO_IDS].filter(id => WRITE_SCENARIO_IDS.vscode.includes(id)), ['vscode.workspace.fs.writeFile']);
        assert.isEmpty([...THEIA_SCENARIO_IDS].filter(id => WRITE_SCENARIO_IDS.theia.includes(id)));
        for (const suiteName of ['vscode', 'theia'] as const) {
            const schema = extensionSettingsSchema(suiteName)[SCENARIO_SETTING_KEYS[suiteName]];
            assert.includeMembers(schema.items?.enum as string[], [...WRITE_SCENARIO_IDS[suiteName]], 'the setting may choose every write');
            assert.deepStrictEqual(schema.default, [...suiteScenarioIds(suiteName)]);
        }
    });

    test('each write says in its label how many files a burst is, and a burst case needs nothing from the manifest', () => {
        for (const entry of [SCENARIO_CATALOG.vscodeWriteBurst, SCENARIO_CATALOG.extensionHostNodeWriteBurst, SCENARIO_CATALOG.theiaFileServiceWriteBurst,
            SCENARIO_CATALOG.theiaBackendWriteBurst]) {
            assert.include(entry.label, '(100 files', entry.id);
            assert.deepStrictEqual(scenarioTargets(entry, NO_FIXTURES, []), [burstTarget()]);
        }
        assert.deepInclude(burstTarget(), { label: '100 files of 1K', itemCount: 100, bytes: 0, burst: { files: 100, bytesPerFile: 1024 } });
        assert.match(writeFolderName(1, () => 0.5), /^\.write-1-[0-9a-z]{6}$/);
        assert.notStrictEqual(writeFolderName(), writeFolderName());
    });

    test('a burst creates every file, then deletes each; its count is the deletes that found their file', async () => {
        const folder = memoryFolder();
        const seen: number[] = [];
        const names = burstFileNames({ files: 3, bytesPerFile: 1 });
        const created = async (name: string): Promise<void> => {
            await folder.create(name);
            seen.push(folder.files.size);
        };
        assert.strictEqual(await createThenDelete(names, created, folder.remove), 3);
        assert.deepStrictEqual(seen, [1, 2, 3], 'all created before any is deleted');
        assert.strictEqual(folder.files.size, 0);
        assert.deepStrictEqual(names, ['burst-00000.bin', 'burst-00001.bin', 'burst-00002.bin']);
    });

    test('a run of a burst is verified by its count; a file never made, or left behind, stops the run saying so', async () => {
        const output = await runBenchmark({ scenarios: [burstScenario(memoryFolder())], manifest: NO_FIXTURES, sizes: [], iterations: 3, warmup: 1 });
        assert.strictEqual(output.measurements[0].verification, 'count');
        assert.strictEqual(output.measurements[0].target.label, '100 files of 1K');
        // A file never made: its delete finds nothing (99). A file not deleted: 99 deletes, and one left in the folder (98).
        for (const broken of [burstScenario(memoryFolder('burst-00042.bin')), burstScenario(memoryFolder(), 'burst-00007.bin')]) {
            try {
                await runBenchmark({ scenarios: [broken], manifest: NO_FIXTURES, sizes: [], iterations: 3, warmup: 1 });
                assert.fail('expected the count to be refused');
            } catch (error) {
                assert.instanceOf(error, VerificationError);
                assert.match((error as Error).message, /returned 9[89] files, expected 100: a file of the burst was not there to delete, or was left behind/);
            }
        }
    });

    test('a write is verified by what landed, looked at after the clock: its time is not in the sample; a short or wrong file stops the run', async () => {
        const content = new Uint8Array(ONE_K.bytes).map((_, index) => index & 0xff);
        const manifest = { ...NO_FIXTURES, files: { '1K.bin': { sizeLabel: '1K', bytes: ONE_K.bytes, sha256: await sha256Hex(content) } } };
        let now = 0;
        const write = (landedBytes: Uint8Array): Scenario => {
            let disk: Uint8Array = new Uint8Array();
            return {
                ...SCENARIO_CATALOG.extensionHostNodeWriteFile,
                prepare: async () => ({
                    runSample: async () => {
                        now += 5;
                        disk = landedBytes;
                        return {};
                    },
                    landed: async () => {
                        now += 1000;
                        return { byteCount: disk.byteLength };
                    },
                    readBack: async () => disk,
                }),
            };
        };
        const output = await runBenchmark({ scenarios: [write(content)], manifest, sizes: [ONE_K], iterations: 3, warmup: 1, clock: () => now });
        assert.deepStrictEqual(output.measurements[0].samplesMs, [5, 5, 5]);
        assert.strictEqual(output.measurements[0].verification, 'sha256');
        const refusal = async (landed: Uint8Array): Promise<string> => {
            try {
                await runBenchmark({ scenarios: [write(landed)], manifest, sizes: [ONE_K], iterations: 3, warmup: 1, clock: () => now });
            } catch (error) {
                assert.instanceOf(error, VerificationError);
                return (error as Error).message;
            }
            return assert.fail('expected the write to be refused');
        };
        assert.match(await refusal(content.subarray(0, 1000)), /returned 1000 bytes, expected 1024/);
        assert.match(await refusal(new Uint8Array(ONE_K.bytes)), /does not match the fixture manifest/);
    });

    test('a burst request from another process is checked before anything touches the disk', () => {
        assert.isUndefined(burstRequestProblem(WRITE_BURST));
        for (const bad of [undefined, {}, { files: 0, bytesPerFile: 1 }, { files: 1.5, bytesPerFile: 1 }, { files: 10, bytesPerFile: -1 }, { files: 20_000, bytesPerFile: 1 }]) {
            assert.match(burstRequestProblem(bad) ?? '', /a burst is 1 to 10000 files of 0 to 1048576 bytes each/, JSON.stringify(bad));
        }
    });
});
