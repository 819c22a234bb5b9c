import { assert } from 'chai';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { computeTreeLayout, parseTreeManifest, TREE_SIZES, treeManifestFile } from '@fs-perf/benchmark-core';
import { FixtureWriteError } from '../generator';
import { NodeFixtureStore } from '../node/node-fixture-store';
import { generateTrees } from '../tree-generator';
import { TEMP_MARKER, writeTempMarker } from './temp-marker';

const ONE_K = TREE_SIZES[0];

/** Every file below `folder` with its bytes, and every folder, relative and `/`-separated. */
async function listTree(folder: string): Promise<{ files: Map<string, Buffer>; folders: string[] }> {
    const files = new Map<string, Buffer>();
    const folders: string[] = [];
    for (const entry of await fs.readdir(folder, { withFileTypes: true, recursive: true })) {
        const relative = path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
        if (entry.isDirectory()) {
            folders.push(relative);
        } else {
            files.set(relative, await fs.readFile(path.join(entry.parentPath, entry.name)));
        }
    }
    return { files, folders };
}

suite('tree generator', () => {
    let directory: string;
    setup(async () => {
        directory = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-trees-'));
        writeTempMarker(directory, 'test');
    });
    teardown(async () => {
        await fs.rm(directory, { recursive: true, force: true });
    });

    test('writes the 1k tree as laid out, described by its manifest (files, folders, bytes, .ts counts), the manifest last', async () => {
        const [report] = await generateTrees({ store: new NodeFixtureStore(directory), sizes: [ONE_K] });
        assert.isTrue(report.written);
        const { files, folders } = await listTree(path.join(directory, 'trees', '1k'));
        const manifest = parseTreeManifest(await fs.readFile(path.join(directory, treeManifestFile('1k')), 'utf8'), '1k');
        assert.strictEqual(files.size, 1000);
        assert.strictEqual(manifest.files, files.size);
        assert.strictEqual(manifest.folders, folders.length);
        assert.strictEqual(manifest.bytes, [...files.values()].reduce((sum, bytes) => sum + bytes.byteLength, 0));
        assert.strictEqual(manifest.tsFiles, [...files.keys()].filter(name => name.endsWith('.ts')).length);
        assert.strictEqual(manifest.tsFilesOutsideDependencies, [...files.keys()].filter(name => name.endsWith('.ts') && !name.startsWith('node_modules/')).length);
        assert.strictEqual(manifest.perFolder.node_modules.files, [...files.keys()].filter(name => name.startsWith('node_modules/')).length);
        const layout = computeTreeLayout(manifest.seed, ONE_K);
        assert.sameMembers([...files.keys()], layout.files.map(file => file.path));
        const first = layout.files[0];
        assert.match(files.get(first.path)!.toString('latin1'), new RegExp(`^// ${first.path.replace(/[.]/g, '\\.')}\\n`));
        assert.isNumber(manifest.generatedInMs);
    });

    test('the same seed gives the same bytes; a second generation finds the tree and writes nothing', async () => {
        const other = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-trees-'));
        writeTempMarker(other, 'test');
        try {
            await generateTrees({ store: new NodeFixtureStore(directory), sizes: [ONE_K], concurrency: 4 });
            await generateTrees({ store: new NodeFixtureStore(other), sizes: [ONE_K], concurrency: 64 });
            const a = await listTree(path.join(directory, 'trees', '1k'));
            const b = await listTree(path.join(other, 'trees', '1k'));
            assert.deepStrictEqual(a.files, b.files);
            const [again] = await generateTrees({ store: new NodeFixtureStore(directory), sizes: [ONE_K] });
            assert.isFalse(again.written);
        } finally {
            await fs.rm(other, { recursive: true, force: true });
        }
    });

    test('a tree of another seed or a damaged manifest is removed and written again, stray files gone', async () => {
        await generateTrees({ store: new NodeFixtureStore(directory), sizes: [ONE_K], seed: 7 });
        await fs.writeFile(path.join(directory, 'trees', '1k', 'stray.ts'), 'x');
        const [report] = await generateTrees({ store: new NodeFixtureStore(directory), sizes: [ONE_K] });
        assert.isTrue(report.written);
        const { files } = await listTree(path.join(directory, 'trees', '1k'));
        assert.strictEqual(files.size, 1000);
        assert.isFalse(files.has('stray.ts'));
        await fs.writeFile(path.join(directory, treeManifestFile('1k')), '{"oops"');
        assert.isTrue((await generateTrees({ store: new NodeFixtureStore(directory), sizes: [ONE_K] }))[0].written);
    });

    test('not enough space is refused before anything is written', async () => {
        const store = new NodeFixtureStore(directory);
        store.freeBytes = async () => 1024;
        try {
            await generateTrees({ store, sizes: [ONE_K] });
            assert.fail('expected a refusal');
        } catch (error) {
            assert.instanceOf(error, FixtureWriteError);
            assert.match((error as Error).message, /Not enough disk space .* for the 1k tree/);
        }
        assert.deepStrictEqual((await fs.readdir(directory)).filter(name => name !== TEMP_MARKER), []);
    });
});
