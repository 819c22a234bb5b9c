import { ScenarioCase } from './scenario';
import { TREE_SIZES, TreeManifest } from './trees';
import { treeLayout } from './tree-layout';

/** Calls in flight in a stat storm's parallel form unless the setting `fsPerf.treeConcurrency` says otherwise. */
export const DEFAULT_TREE_CONCURRENCY = 16;
/** Bounds of `fsPerf.treeConcurrency`. */
export const TREE_CONCURRENCY_RANGE = { min: 1, max: 256 } as const;

/** The paths of a tree's files relative to its folder, as its manifest's seed and size lay them out (computed once per run). */
export function treeFilePaths(tree: Pick<TreeManifest, 'seed' | 'size'>): readonly string[] {
    const size = TREE_SIZES.find(candidate => candidate.label === tree.size);
    if (!size) {
        throw new RangeError(`There is no tree of size '${tree.size}': the sizes are ${TREE_SIZES.map(candidate => candidate.label).join(', ')}.`);
    }
    return treeLayout(tree.seed, size).files.map(file => file.path);
}

/**
 * A stat storm, one call after another: `stat` of every item; how many of them are files. The loop is the sample: its
 * clock brackets the whole storm.
 */
export async function statOneAfterAnother<T>(items: readonly T[], stat: (item: T) => Promise<boolean>): Promise<number> {
    let files = 0;
    for (const item of items) {
        if (await stat(item)) {
            files++;
        }
    }
    return files;
}

/** A stat storm with `concurrency` calls in flight (a bounded pool, each worker taking the next item); how many are files. */
export async function statInFlight<T>(items: readonly T[], stat: (item: T) => Promise<boolean>, concurrency: number): Promise<number> {
    let next = 0;
    let files = 0;
    const worker = async (): Promise<void> => {
        while (next < items.length) {
            if (await stat(items[next++])) {
                files++;
            }
        }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
    return files;
}

/** An entry a walk's listing returns: the child to list further when it is a folder. */
export interface WalkEntry<T> {
    readonly child: T;
    readonly directory: boolean;
}

/**
 * A walk: `list` of the root, then of every folder found, one listing after another (depth first, as a person's code
 * walks a tree); how many entries (files and folders, the root not counted) it listed.
 */
export async function walkDown<T>(root: T, list: (folder: T) => Promise<readonly WalkEntry<T>[]>): Promise<number> {
    let entries = 0;
    const pending: T[] = [root];
    while (pending.length > 0) {
        const children = await list(pending.pop()!);
        entries += children.length;
        for (let index = children.length - 1; index >= 0; index--) {
            if (children[index].directory) {
                pending.push(children[index].child);
            }
        }
    }
    return entries;
}

/** A tree case whose sample is `count(input)` (a storm, walk or search prepared over `input`), its result the entries the runner checks. */
export function countingCase<T>(input: T, count: (input: T) => Promise<number>): ScenarioCase {
    return { runSample: async () => ({ itemCount: await count(input) }) };
}
