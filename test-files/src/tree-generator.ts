import {
    BenchmarkCancelledError, CancellationSignal, computeTreeLayout, formatBytes, parseTreeManifest, treeFolder, TreeLayout, TreeManifest,
    treeManifestFile, treeManifestOf, TreeSize, TREES_DIRECTORY,
} from '@fs-perf/benchmark-core';
import { DEFAULT_SEED, generateFixtureBytes } from './content';
import { FixtureStore, FixtureWriteError } from './generator';
import { fnv1a32 } from './prng';

/** A {@link FixtureStore} that can also remove a folder and all it holds (a tree of another seed is cleared before it is written). */
export interface TreeStore extends FixtureStore {
    removeDirectory?(path: string): Promise<void>;
    /**
     * Writes a file straight to its name, not atomically: a tree is whole only once its manifest is written (last), so its
     * files need no temporary name each, which would double the file system's work for 100k files.
     */
    writeNewFile?(path: string, data: Uint8Array): Promise<void>;
}

/** Files written at once: enough to keep the disk (or an editor's file API, an RPC away) busy, few enough for memory and descriptors. */
export const TREE_WRITE_CONCURRENCY = 32;
/** Length of the text every tree file's bytes are cut from: more than the largest file (1 MB). */
const TEXT_POOL_BYTES = 2_200_000;
const HEADROOM_BYTES = 64 * 1024 * 1024;

export interface GenerateTreesOptions {
    readonly store: TreeStore;
    readonly sizes: readonly TreeSize[];
    readonly seed?: number;
    /** Files written at once (default {@link TREE_WRITE_CONCURRENCY}). */
    readonly concurrency?: number;
    readonly onProgress?: (message: string, done: number, total: number) => void;
    readonly cancellation?: CancellationSignal;
    /** The clock of `generatedInMs` (default `performance.now()`). */
    readonly clock?: () => number;
}

/** One tree: written, or already there as its manifest says. */
export interface TreeReport {
    readonly size: string;
    readonly manifest: TreeManifest;
    readonly written: boolean;
}

/** The text a tree's files are cut from, made once per seed. */
function textPool(seed: number): Uint8Array {
    return generateFixtureBytes(seed, 'tree-text-pool', TEXT_POOL_BYTES, 'text');
}

/** The bytes of one tree file: a first line naming it, then text cut from the pool where its name says. Same (seed, path, length): same bytes. */
export function treeFileBytes(pool: Uint8Array, path: string, length: number): Uint8Array {
    const bytes = new Uint8Array(length);
    const offset = fnv1a32(path) % (pool.length - length);
    bytes.set(pool.subarray(offset, offset + length));
    bytes.set(new TextEncoder().encode(`// ${path}\n`).subarray(0, length));
    return bytes;
}

/**
 * Writes the generated trees of `sizes` into the store's `trees/` folder, idempotently: a tree whose manifest says it is
 * this generator's tree of this seed is left alone; any other is removed (where the store can) and written again, its
 * files `concurrency` at a time, its manifest last, so a tree with a manifest is whole.
 */
export async function generateTrees(options: GenerateTreesOptions): Promise<TreeReport[]> {
    const seed = options.seed ?? DEFAULT_SEED;
    const clock = options.clock ?? (() => performance.now());
    const reports: TreeReport[] = [];
    for (const size of options.sizes) {
        const layout = computeTreeLayout(seed, size);
        const expected = treeManifestOf(seed, size, layout);
        const existing = await readManifest(options.store, size.label);
        if (existing && sameTree(existing, expected)) {
            reports.push({ size: size.label, manifest: existing, written: false });
            continue;
        }
        const started = clock();
        await writeTree(options, size, layout, seed, expected.bytes);
        const manifest: TreeManifest = { ...expected, generatedInMs: Math.round(clock() - started) };
        await guard(options.store, () => options.store.writeFile(treeManifestFile(size.label), new TextEncoder().encode(JSON.stringify(manifest, undefined, 2) + '\n')));
        reports.push({ size: size.label, manifest, written: true });
    }
    return reports;
}

async function writeTree(options: GenerateTreesOptions, size: TreeSize, layout: TreeLayout, seed: number, bytes: number): Promise<void> {
    const { store } = options;
    const free = await store.freeBytes?.();
    if (free !== undefined && bytes + HEADROOM_BYTES > free) {
        throw new FixtureWriteError(`Not enough disk space in ${store.location} for the ${size.label} tree: it needs ${formatBytes(bytes)} `
            + `(plus ${formatBytes(HEADROOM_BYTES)} headroom) but only ${formatBytes(free)} is free. Free some space or leave out ${size.label}.`);
    }
    const folder = treeFolder(size.label);
    await guard(store, () => store.removeDirectory?.(folder) ?? Promise.resolve());
    await guard(store, () => store.createDirectory(folder));
    for (const child of layout.folders) {
        await guard(store, () => store.createDirectory(`${folder}/${child}`));
    }
    const pool = textPool(seed);
    const total = layout.files.length;
    let done = 0;
    await inPool(layout.files, options.concurrency ?? TREE_WRITE_CONCURRENCY, async file => {
        if (options.cancellation?.isCancellationRequested) {
            throw new BenchmarkCancelledError(`Generating the ${size.label} tree was cancelled; it has no manifest, so the next generation writes it again.`);
        }
        const bytes = treeFileBytes(pool, file.path, file.bytes);
        await guard(store, () => (store.writeNewFile ?? store.writeFile).call(store, `${folder}/${file.path}`, bytes));
        if (++done % 500 === 0 || done === total) {
            options.onProgress?.(`Writing the ${size.label} tree (${done} of ${total} files)`, done, total);
        }
    });
}

/** Whether an existing manifest describes the tree this generator makes (same seed, version and counts). */
function sameTree(existing: TreeManifest, expected: TreeManifest): boolean {
    return existing.seed === expected.seed && existing.files === expected.files && existing.folders === expected.folders && existing.bytes === expected.bytes
        && existing.tsFiles === expected.tsFiles && existing.tsFilesOutsideDependencies === expected.tsFilesOutsideDependencies;
}

async function readManifest(store: FixtureStore, label: string): Promise<TreeManifest | undefined> {
    try {
        const bytes = await store.readFile(treeManifestFile(label));
        return bytes === undefined ? undefined : parseTreeManifest(new TextDecoder().decode(bytes), label);
    } catch {
        // Unreadable or another tree's: written again.
        return undefined;
    }
}

async function guard(store: FixtureStore, write: () => Promise<void>): Promise<void> {
    try {
        await write();
    } catch (error) {
        if (error instanceof FixtureWriteError || error instanceof BenchmarkCancelledError) {
            throw error;
        }
        throw new FixtureWriteError(`Cannot write the trees to ${store.location}/${TREES_DIRECTORY}: ${(error as Error).message}`);
    }
}

/** `work` of every item, at most `concurrency` at once; the first failure stops the others from starting more. */
async function inPool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
    let next = 0;
    let failed = false;
    const worker = async (): Promise<void> => {
        while (!failed && next < items.length) {
            try {
                await work(items[next++]);
            } catch (error) {
                failed = true;
                throw error;
            }
        }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
}
