import { z } from 'zod';
import { FixtureError } from '../errors';
import { describeZodError } from '../zod-errors';

/** Sub-folder of a fixtures folder that holds the generated trees: `trees/1k/` and its manifest `trees/1k.json`. */
export const TREES_DIRECTORY = 'trees';
/** Version of the tree layout and content algorithm; bump on any change to the names or bytes of a (seed, size) tree. */
export const TREE_GENERATOR_VERSION = 1;
/** The folder of a tree that holds the dependencies (most of its files), as a real workspace's `node_modules`. */
export const TREE_DEPENDENCY_FOLDER = 'node_modules';

/** A generated tree's size: its label (`1k`) and its number of files. */
export interface TreeSize {
    readonly label: string;
    readonly files: number;
}

/** Every tree size, smallest first. */
export const TREE_SIZES: readonly TreeSize[] = [
    { label: '1k', files: 1_000 },
    { label: '10k', files: 10_000 },
    { label: '100k', files: 100_000 },
];
export const TREE_SIZE_LABELS: readonly string[] = TREE_SIZES.map(size => size.label);
/** The tree sizes measured unless a run asks for others: 100k is opt-in, it takes much longer. */
export const DEFAULT_TREE_SIZE_LABELS: readonly string[] = ['1k', '10k'];

/** Command a user runs to (re)create the trees; named in every tree error. */
export function generateTreesHint(label: string): string {
    return `run 'FS Perf: Generate Test Files' with '${label}' in the setting 'fsPerf.treeSizes' (or \`yarn fixtures --trees ${label}\`)`;
}

/** Parses a list of tree size labels (`1k`, `10k`, `100k`), in size order, no repeats; throws naming the bad one. */
export function parseTreeSizeList(labels: readonly string[]): TreeSize[] {
    const unknown = labels.filter(label => !TREE_SIZE_LABELS.includes(label.trim()));
    if (unknown.length > 0) {
        throw new RangeError(`unknown tree size ${unknown.map(label => `'${label}'`).join(', ')}: use ${TREE_SIZE_LABELS.join(', ')}.`);
    }
    const wanted = new Set(labels.map(label => label.trim()));
    return TREE_SIZES.filter(size => wanted.has(size.label));
}

/** The workspace-relative folder of a tree inside the fixtures folder, e.g. `trees/1k`. */
export function treeFolder(label: string): string {
    return `${TREES_DIRECTORY}/${label}`;
}

/** The manifest of a tree, next to its folder so that no walk of the tree lists it: `trees/1k.json`. */
export function treeManifestFile(label: string): string {
    return `${TREES_DIRECTORY}/${label}.json`;
}

const count = z.number().int().nonnegative();

/** Files and folders below one top-level folder of a tree (the folder itself not counted). */
const folderCountsSchema = z.object({ files: count, folders: count, bytes: count });

/**
 * What a generated tree holds, as its generator wrote it (the last file written, so a tree with a manifest is complete).
 * The run records it, and every storm, walk and search is verified against its counts.
 */
export const treeManifestSchema = z.object({
    schema: z.literal('fs-perf-tree'),
    schemaVersion: z.literal(1),
    generatorVersion: z.number().int().positive(),
    seed: z.number().int().nonnegative().max(0xffffffff),
    /** Size label, e.g. `10k`. */
    size: z.string().min(1),
    /** Folder relative to the fixtures folder, e.g. `trees/10k`. */
    folder: z.string().min(1),
    files: z.number().int().positive(),
    /** Folders below the tree's folder (it not counted). */
    folders: count,
    bytes: count,
    /** `.ts` files (`.d.ts` included) in the whole tree, and outside its dependency folder. */
    tsFiles: count,
    tsFilesOutsideDependencies: count,
    dependencyFolder: z.string().min(1),
    /** Per top-level folder (`src`, `node_modules`, `.git`, `out`): its files, folders and bytes. */
    perFolder: z.record(z.string(), folderCountsSchema),
    /** ms the generation took, where it was written (informational). */
    generatedInMs: z.number().finite().nonnegative().optional(),
});

export type TreeManifest = z.infer<typeof treeManifestSchema>;

/** Parses a tree manifest's JSON text; throws a {@link FixtureError} that says how to make it again. */
export function parseTreeManifest(text: string, label: string): TreeManifest {
    const file = treeManifestFile(label);
    let value: unknown;
    try {
        value = JSON.parse(text);
    } catch (error) {
        throw new FixtureError(`The manifest of the ${label} tree (${file}) is not valid JSON (${(error as Error).message}): ${generateTreesHint(label)}.`, file);
    }
    const parsed = treeManifestSchema.safeParse(value);
    if (!parsed.success) {
        throw new FixtureError(`The manifest of the ${label} tree (${file}) is invalid: ${describeZodError(parsed.error)}; ${generateTreesHint(label)}.`, file);
    }
    const manifest = parsed.data;
    if (manifest.size !== label || manifest.folder !== treeFolder(label) || manifest.generatorVersion !== TREE_GENERATOR_VERSION) {
        throw new FixtureError(`The manifest of the ${label} tree (${file}) describes another tree (size ${manifest.size}, folder ${manifest.folder}, `
            + `generator ${manifest.generatorVersion}, this one makes ${TREE_GENERATOR_VERSION}): ${generateTreesHint(label)}.`, file);
    }
    return manifest;
}

/** The column label of a tree's cases: `1k files`. */
export function treeTargetLabel(label: string): string {
    return `${label} files`;
}
