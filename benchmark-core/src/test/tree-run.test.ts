import { assert } from 'chai';
import { FixtureError, VerificationError } from '../errors';
import { computeTreeLayout, runBenchmark, Scenario, SCENARIO_CATALOG, TREE_SIZES, treeManifestOf } from '../measure';
import { createResultsDocument } from '../results/document';
import { loadTreeManifests } from '../session/tree-files';
import { WorkspaceFileAccess } from '../session/workspace-files';

const [ONE_K] = TREE_SIZES;
const MANIFEST = treeManifestOf(1, ONE_K, computeTreeLayout(1, ONE_K));
const FIXTURES = { schema: 'fs-perf-fixtures' as const, schemaVersion: 1 as const, generatorVersion: 1, seed: 1, content: 'random' as const, files: {} };

/** A workspace whose files are a map and whose folders are the prefixes of their paths. */
function workspace(files: Record<string, string>): WorkspaceFileAccess {
    const bytes = (path: string): Uint8Array | undefined => path in files ? new TextEncoder().encode(files[path]) : undefined;
    return {
        location: 'memory:/w',
        readFile: async path => bytes(path),
        stat: async path => path in files ? { size: files[path].length, type: 'file' } : Object.keys(files).some(name => name.startsWith(`${path}/`))
            ? { size: 0, type: 'directory' } : undefined,
        writeFile: async () => undefined, rename: async () => undefined, delete: async () => undefined, createDirectory: async () => undefined,
        readDirectory: async () => undefined,
    };
}

/** The stat storm with a fake call that finds `found` files. */
function storm(found: number): Scenario {
    return { ...SCENARIO_CATALOG.vscodeTreeStat, prepare: async () => ({ runSample: async () => ({ itemCount: found }) }) };
}

suite('a run over a tree', () => {
    const manifestText = JSON.stringify(MANIFEST);
    const complete = { '.fs-perf/fixtures/trees/1k.json': manifestText, '.fs-perf/fixtures/trees/1k/src/a.ts': '' };

    test('its manifest is loaded and checked before anything is timed', async () => {
        assert.deepStrictEqual(await loadTreeManifests(workspace(complete), '.fs-perf/fixtures', [ONE_K]), [MANIFEST]);
    });

    test('a missing tree, a corrupt manifest or a missing folder is a clear error naming how to make the tree', async () => {
        const refusal = async (files: Record<string, string>): Promise<string> => {
            try {
                await loadTreeManifests(workspace(files), '.fs-perf/fixtures', [ONE_K]);
            } catch (error) {
                assert.instanceOf(error, FixtureError);
                return (error as Error).message;
            }
            return assert.fail('expected a refusal');
        };
        assert.match(await refusal({}), /^The 1k tree is missing in \.fs-perf\/fixtures\/trees\/1k of memory:\/w .*run 'FS Perf: Generate Test Files' with '1k' in the setting 'fsPerf.treeSizes' \(or `yarn fixtures --trees 1k`\)\.$/);
        assert.match(await refusal({ '.fs-perf/fixtures/trees/1k.json': '{' }), /not valid JSON/);
        assert.match(await refusal({ '.fs-perf/fixtures/trees/1k.json': manifestText }), /folder .*trees\/1k is missing though its manifest is there/);
    });

    test('each sample is verified by its count: the case records it, the results record the tree; a count short says the tree is damaged', async () => {
        const output = await runBenchmark({ scenarios: [storm(1000)], manifest: FIXTURES, sizes: [], trees: { trees: [MANIFEST] }, iterations: 3, warmup: 1 });
        assert.lengthOf(output.measurements, 1);
        assert.strictEqual(output.measurements[0].verification, 'count');
        assert.strictEqual(output.measurements[0].target.label, '1k files');
        const document = createResultsDocument({
            tool: { name: 't', version: '1' }, environment: { os: { platform: 'p', release: 'r', arch: 'a' }, memoryBytes: 1, versions: {} },
            host: { editor: 'node', editorName: 'n', editorVersion: '1', runtime: 'node', extensionKind: 'none', transport: 'in-process', detectedFrom: {} },
            settings: { iterations: 3, warmup: 1, sizes: [], order: 'ascending', scenarios: [SCENARIO_CATALOG.vscodeTreeStat.id], treeSizes: ['1k'], treeConcurrency: 16 },
            output, trees: [MANIFEST],
        });
        assert.strictEqual(document.results[0].itemCount, 1000);
        assert.deepStrictEqual(document.trees, [MANIFEST]);
        try {
            await runBenchmark({ scenarios: [storm(999)], manifest: FIXTURES, sizes: [], trees: { trees: [MANIFEST] }, iterations: 3, warmup: 1 });
            assert.fail('expected the count to be refused');
        } catch (error) {
            assert.instanceOf(error, VerificationError);
            assert.match((error as Error).message, /returned 999 entries, expected 1000: the tree is damaged; run .*--trees 1k/);
        }
    });
});
