import { assert } from 'chai';
import { createHash } from 'crypto';
import * as fsSync from 'fs';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { FIXTURE_SIZES, fixtureFileName, parseFixtureManifest, parseSizeList, smallFileName } from '@fs-perf/benchmark-core';
import { FixtureStore, FixtureWriteError, generateFixtures, GenerateProgress } from '../generator';
import { NodeFixtureStore } from '../node/node-fixture-store';
import { TEMP_MARKER, writeTempMarker } from './temp-marker';

async function temporaryDirectory(): Promise<string> {
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-fixtures-'));
    writeTempMarker(directory, 'test');
    return directory;
}

function sha256(bytes: Uint8Array): string {
    return createHash('sha256').update(bytes).digest('hex');
}

async function snapshot(directory: string): Promise<Map<string, string>> {
    const result = new Map<string, string>();
    const walk = async (relative: string): Promise<void> => {
        for (const entry of await fs.readdir(path.join(directory, relative), { withFileTypes: true })) {
            const child = path.join(relative, entry.name);
            if (child === TEMP_MARKER) {
                continue;
            }
            if (entry.isDirectory()) {
                await walk(child);
            } else {
                result.set(child, sha256(await fs.readFile(path.join(directory, child))));
            }
        }
    };
    await walk('');
    return result;
}

/** An in-memory store, like an editor extension's `workspace.fs` adapter: nothing touches the disk. */
class MemoryStore implements FixtureStore {
    readonly location = 'memory';
    readonly files = new Map<string, Uint8Array>();
    readonly directories = new Set<string>();
    writes = 0;
    async readFile(filePath: string): Promise<Uint8Array | undefined> {
        return this.files.get(filePath);
    }
    async writeFile(filePath: string, data: Uint8Array): Promise<void> {
        this.writes++;
        this.files.set(filePath, data.slice());
    }
    async createDirectory(directory: string): Promise<void> {
        this.directories.add(directory);
    }
}

suite('generateFixtures', function (): void {
    let directory: string;

    setup(async () => {
        directory = await temporaryDirectory();
    });

    teardown(async () => {
        await fs.rm(directory, { recursive: true, force: true });
    });

    test('writes six files of exactly 1024 ... 10240000 bytes whose manifest hashes match', async () => {
        const report = await generateFixtures({ store: new NodeFixtureStore(directory) });
        const manifest = parseFixtureManifest(await fs.readFile(path.join(directory, 'manifest.json'), 'utf8'));
        assert.deepStrictEqual(report.written, FIXTURE_SIZES.map(size => fixtureFileName(size.label)));
        for (const size of FIXTURE_SIZES) {
            const name = fixtureFileName(size.label);
            const bytes = await fs.readFile(path.join(directory, name));
            assert.strictEqual(bytes.length, size.bytes, name);
            assert.strictEqual(manifest.files[name].bytes, size.bytes);
            assert.strictEqual(manifest.files[name].sha256, sha256(bytes), name);
        }
        assert.deepStrictEqual([manifest.seed, manifest.generatorVersion, manifest.content], [20220426, 1, 'random']);
    });

    test('makes a small-files set whose manifest hash covers every file', async () => {
        await generateFixtures({ store: new NodeFixtureStore(directory), sizes: parseSizeList('1K'), smallFileCount: 50, smallFileBytes: 64 });
        const manifest = parseFixtureManifest(await fs.readFile(path.join(directory, 'manifest.json'), 'utf8'));
        const names = (await fs.readdir(path.join(directory, 'small'))).sort();
        assert.strictEqual(names.length, 50);
        assert.strictEqual(names[49], smallFileName(49));
        const all = Buffer.concat(await Promise.all(names.map(name => fs.readFile(path.join(directory, 'small', name)))));
        assert.strictEqual(all.length, 50 * 64);
        assert.strictEqual(manifest.smallFiles?.sha256, sha256(all));
        assert.strictEqual(manifest.smallFiles?.count, 50);
    });

    test('a second run is byte-identical and writes nothing', async () => {
        const store = new NodeFixtureStore(directory);
        await generateFixtures({ store, smallFileCount: 20 });
        const before = await snapshot(directory);
        const report = await generateFixtures({ store, smallFileCount: 20 });
        assert.deepStrictEqual(report.written, []);
        assert.strictEqual(report.unchanged.length, 6);
        assert.strictEqual(report.smallFilesWritten, 0);
        assert.isFalse(report.manifestWritten);
        assert.deepStrictEqual(await snapshot(directory), before);
    });

    test('two folders generated apart are identical (deterministic across runs)', async () => {
        const other = await temporaryDirectory();
        try {
            await generateFixtures({ store: new NodeFixtureStore(directory), sizes: parseSizeList('1K,50K'), smallFileCount: 5 });
            await generateFixtures({ store: new NodeFixtureStore(other), sizes: parseSizeList('1K,50K'), smallFileCount: 5 });
            assert.deepStrictEqual(await snapshot(other), await snapshot(directory));
        } finally {
            await fs.rm(other, { recursive: true, force: true });
        }
    });

    test('a corrupted file (same length) and a deleted file are detected and rewritten', async () => {
        const store = new NodeFixtureStore(directory);
        await generateFixtures({ store, smallFileCount: 10 });
        const before = await snapshot(directory);
        const corrupt = path.join(directory, '500K.bin');
        const bytes = await fs.readFile(corrupt);
        bytes[12345] ^= 0xff;
        await fs.writeFile(corrupt, bytes);
        await fs.rm(path.join(directory, '5K.bin'));
        await fs.writeFile(path.join(directory, 'small', smallFileName(3)), 'x');
        const report = await generateFixtures({ store, smallFileCount: 10 });
        assert.deepStrictEqual(report.written, ['5K.bin', '500K.bin']);
        assert.deepStrictEqual(report.repaired, ['500K.bin']);
        assert.strictEqual(report.smallFilesWritten, 1);
        assert.deepStrictEqual(await snapshot(directory), before);
    });

    test('generating some sizes keeps the other sizes in the manifest', async () => {
        const store = new NodeFixtureStore(directory);
        await generateFixtures({ store, smallFileCount: 0 });
        await generateFixtures({ store, sizes: parseSizeList('1K'), smallFileCount: 0 });
        const manifest = parseFixtureManifest(await fs.readFile(path.join(directory, 'manifest.json'), 'utf8'));
        assert.strictEqual(Object.keys(manifest.files).length, 6);
        assert.isUndefined(manifest.smallFiles);
    });

    test('a folder whose path runs through a file gives an actionable error', async () => {
        const blocker = path.join(directory, 'not-a-folder');
        await fs.writeFile(blocker, 'x');
        const error = await generateFixtures({ store: new NodeFixtureStore(path.join(blocker, 'fixtures')), sizes: parseSizeList('1K') })
            .then(() => undefined, caught => caught);
        assert.instanceOf(error, FixtureWriteError);
        assert.match((error as Error).message, /part of that path is a file, not a folder\. Choose another folder \(--out DIR\)/);
    });

    test('a permission error on write names the file and what to do', async () => {
        class ReadOnlyStore extends NodeFixtureStore {
            override async writeFile(relativePath: string): Promise<void> {
                throw this.explain(Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' }), this.resolve(relativePath));
            }
        }
        const error = await generateFixtures({ store: new ReadOnlyStore(directory), sizes: parseSizeList('1K') }).then(() => undefined, caught => caught);
        assert.match((error as Error).message, /Cannot write .*1K\.bin: permission denied\. Choose a folder you can write to/);
    });

    test('a write that fails after its temporary file exists (a folder in the way of the rename) leaves no temporary file', async () => {
        // The rename of the written temporary file onto 1K.bin fails: a non-empty folder has that name.
        await fs.mkdir(path.join(directory, '1K.bin'));
        await fs.writeFile(path.join(directory, '1K.bin', 'keep.txt'), 'x');
        // Records, at the rename, whether the temporary file was there: the failure comes after it was written.
        const renamed: Array<{ from: string; existed: boolean }> = [];
        const rename = fs.rename;
        fs.rename = async (from, to) => {
            renamed.push({ from: String(from), existed: fsSync.existsSync(from) });
            return rename(from, to);
        };
        let error: unknown;
        try {
            error = await generateFixtures({ store: new NodeFixtureStore(directory), sizes: parseSizeList('1K'), smallFileCount: 0 })
                .then(() => undefined, caught => caught);
        } finally {
            fs.rename = rename;
        }
        assert.instanceOf(error, FixtureWriteError);
        assert.match((error as Error).message, /Cannot write .*1K\.bin: a folder of that name is in the way\. Move it or choose another folder \(--out DIR\)/);
        assert.lengthOf(renamed, 1);
        assert.match(path.basename(renamed[0].from), /^1K\.bin\.tmp-/);
        assert.isTrue(renamed[0].existed, 'the temporary file existed when the rename failed');
        assert.deepStrictEqual((await fs.readdir(directory)).filter(name => name !== TEMP_MARKER), ['1K.bin']);
        assert.deepStrictEqual(await fs.readdir(path.join(directory, '1K.bin')), ['keep.txt']);
    });

    test('not enough disk space is reported before anything is written', async () => {
        class SmallDisk extends NodeFixtureStore {
            override async freeBytes(): Promise<number> {
                return 4 * 1024 * 1024;
            }
        }
        const error = await generateFixtures({ store: new SmallDisk(directory) }).then(() => undefined, caught => caught);
        assert.instanceOf(error, FixtureWriteError);
        assert.match((error as Error).message, /Not enough disk space in .*: the test files need 15\.\d MiB .* only 4 MiB is free/);
        assert.deepStrictEqual((await fs.readdir(directory)).filter(name => name !== TEMP_MARKER), []);
    });

    test('the real free space of the disk is known to the Node store', async () => {
        const free = await new NodeFixtureStore(path.join(directory, 'does', 'not', 'exist')).freeBytes();
        assert.isAbove(free ?? 0, 0);
    });

    test('an injected store (as an editor extension provides) gets the same files, with progress', async () => {
        const memory = new MemoryStore();
        const progress: GenerateProgress[] = [];
        await generateFixtures({ store: memory, sizes: parseSizeList('1K,5K'), smallFileCount: 3, onProgress: event => progress.push(event) });
        await generateFixtures({ store: new NodeFixtureStore(directory), sizes: parseSizeList('1K,5K'), smallFileCount: 3 });
        const onDisk = await snapshot(directory);
        assert.deepStrictEqual(new Map([...memory.files].map(([name, bytes]) => [path.join(...name.split('/')), sha256(bytes)])), onDisk);
        assert.strictEqual(progress.at(-1)?.done, progress.at(-1)?.total);
        assert.isTrue(progress.every((event, index) => index === 0 || event.done >= progress[index - 1].done), 'progress never goes back');
    });

    test('cancellation stops before writing', async () => {
        const memory = new MemoryStore();
        const error = await generateFixtures({ store: memory, cancellation: { isCancellationRequested: true } }).then(() => undefined, caught => caught);
        assert.match((error as Error).message, /cancelled/);
        assert.strictEqual(memory.writes, 0);
    });

    test('bad options are rejected with the allowed range', async () => {
        const memory = new MemoryStore();
        for (const [options, pattern] of [
            [{ seed: -1 }, /seed must be a whole number from 0 to 4294967295/],
            [{ smallFileCount: 1.5 }, /small-files count/],
            [{ smallFileBytes: 0 }, /small-file length/],
        ] as const) {
            const error = await generateFixtures({ store: memory, ...options }).then(() => undefined, caught => caught);
            assert.match((error as Error).message, pattern);
        }
    });
});
