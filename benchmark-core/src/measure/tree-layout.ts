import { seededRandom } from '../stats/bootstrap';
import { TREE_DEPENDENCY_FOLDER, TREE_GENERATOR_VERSION, TreeManifest, treeFolder, TreeSize } from './trees';

/** One file of a generated tree: its path relative to the tree's folder (`/`-separated) and its length in bytes. */
export interface TreeFile {
    readonly path: string;
    readonly bytes: number;
}

/** The names and lengths of a generated tree, folders parents first: a pure function of (seed, size), so every extension computes it alike. */
export interface TreeLayout {
    readonly folders: readonly string[];
    readonly files: readonly TreeFile[];
}

/** How one part of a tree branches: its depth (folders below the part's root), fan-out, files per folder and extensions. */
interface TreeShape {
    readonly minDepth: number;
    readonly maxDepth: number;
    readonly maxFanOut: number;
    readonly maxOwnFiles: number;
    readonly extensions: readonly (readonly [string, number])[];
}

/** A source tree: nested 3 to 6 deep, up to 20 sub-folders, mostly `.ts`. */
const SOURCE_SHAPE: TreeShape = { minDepth: 2, maxDepth: 5, maxFanOut: 20, maxOwnFiles: 20, extensions: [['.ts', 70], ['.json', 15], ['.md', 15]] };
/** A package's own folders below `node_modules/<name>/`. */
const PACKAGE_SHAPE: TreeShape = { minDepth: 0, maxDepth: 3, maxFanOut: 8, maxOwnFiles: 20, extensions: [['.js', 50], ['.d.ts', 20], ['.ts', 10], ['.json', 10], ['.md', 10]] };
/** Build output: shallower than the sources, scripts and their maps. */
const OUTPUT_SHAPE: TreeShape = { minDepth: 1, maxDepth: 4, maxFanOut: 12, maxOwnFiles: 20, extensions: [['.js', 60], ['.js.map', 40]] };

const WORDS = ['util', 'core', 'common', 'browser', 'node', 'service', 'model', 'view', 'widget', 'parser', 'index', 'types', 'config', 'client',
    'server', 'protocol', 'editor', 'file', 'tree', 'search', 'debug', 'event', 'stream', 'cache', 'worker', 'plugin', 'theme', 'layout',
    'command', 'store', 'api', 'markers'];

/** Shares of a tree's files: the dependencies hold most of them, as in a real workspace. */
const SHARES = { src: 0.2, '.git': 0.07, out: 0.03 } as const;
/** Files of about this many per package in the dependency folder. */
const FILES_PER_PACKAGE = 40;
/** Most files: 0.2 to 20 KB (log-uniform); a few (one in a thousand, at least two) 100 KB to 1 MB. */
const SMALL_BYTES = { min: 200, max: 20_000 } as const;
const LARGE_BYTES = { min: 100_000, max: 1_000_000 } as const;

/** Writes the folders and files of a tree as it is laid out, drawing every choice from one seeded stream. */
class LayoutBuilder {
    readonly folders: string[] = [];
    readonly files: TreeFile[] = [];
    private readonly random: () => number;

    constructor(seed: number, size: TreeSize) {
        this.random = seededRandom((seed ^ Math.imul(size.files, 0x9e3779b1)) >>> 0);
    }

    /** A whole number from `min` to `max`, inclusive. */
    integer(min: number, max: number): number {
        return min + Math.floor(this.random() * (max - min + 1));
    }

    logUniform(range: { readonly min: number; readonly max: number }): number {
        return Math.round(range.min * Math.pow(range.max / range.min, this.random()));
    }

    word(): string {
        return WORDS[this.integer(0, WORDS.length - 1)];
    }

    folder(path: string): string {
        this.folders.push(path);
        return path;
    }

    file(path: string, bytes = this.logUniform(SMALL_BYTES)): void {
        this.files.push({ path, bytes });
    }

    extension(shape: TreeShape): string {
        const total = shape.extensions.reduce((sum, [, weight]) => sum + weight, 0);
        let pick = this.random() * total;
        for (const [extension, weight] of shape.extensions) {
            pick -= weight;
            if (pick < 0) {
                return extension;
            }
        }
        return shape.extensions[0][0];
    }

    /** `budget` files in `folder` and new sub-folders below it, `depth` folders below the part's root. */
    fill(folder: string, budget: number, depth: number, shape: TreeShape): void {
        const leaf = depth >= shape.maxDepth || (depth >= shape.minDepth && budget <= shape.maxOwnFiles);
        const own = leaf ? budget : Math.min(budget, depth < shape.minDepth ? this.integer(0, 2) : this.integer(1, shape.maxOwnFiles));
        for (let index = 0; index < own; index++) {
            this.file(`${folder}/${this.word()}-${index}${this.extension(shape)}`);
        }
        const rest = budget - own;
        if (rest === 0) {
            return;
        }
        const children = Math.min(rest, this.integer(2, shape.maxFanOut));
        for (const [index, share] of this.split(rest, children).entries()) {
            if (share > 0) {
                this.fill(this.folder(`${folder}/${this.word()}-${index}`), share, depth + 1, shape);
            }
        }
    }

    /** `total` in `parts` shares of random weights, adding up exactly. */
    split(total: number, parts: number): number[] {
        const weights = Array.from({ length: parts }, () => 0.2 + this.random());
        const sum = weights.reduce((a, b) => a + b, 0);
        const shares = weights.map(weight => Math.floor(total * weight / sum));
        let left = total - shares.reduce((a, b) => a + b, 0);
        for (let index = 0; left > 0; index = (index + 1) % parts, left--) {
            shares[index]++;
        }
        return shares;
    }

    /** The dependency folder: packages of about {@link FILES_PER_PACKAGE} files, each with its package.json and README. */
    dependencies(budget: number): void {
        const root = this.folder(TREE_DEPENDENCY_FOLDER);
        const packages = Math.max(1, Math.round(budget / FILES_PER_PACKAGE));
        for (const [index, share] of this.split(budget, packages).entries()) {
            const name = this.folder(`${root}/${this.word()}-${this.word()}-${index}`);
            const own = Math.min(share, 2);
            if (own > 0) {
                this.file(`${name}/package.json`, this.integer(300, 3000));
            }
            if (own > 1) {
                this.file(`${name}/README.md`);
            }
            if (share > own) {
                this.fill(this.folder(`${name}/lib`), share - own, 0, PACKAGE_SHAPE);
            }
        }
    }

    /** A `.git`-like folder: loose objects in 2-hex-digit folders, as git keeps them. */
    gitObjects(budget: number): void {
        this.folder('.git');
        const objects = this.folder('.git/objects');
        const buckets = new Map<string, string>();
        for (let index = 0; index < budget; index++) {
            const hash = Array.from({ length: 5 }, () => this.integer(0, 0xffffffff).toString(16).padStart(8, '0')).join('');
            const bucket = hash.slice(0, 2);
            if (!buckets.has(bucket)) {
                buckets.set(bucket, this.folder(`${objects}/${bucket}`));
            }
            this.file(`${buckets.get(bucket)}/${hash.slice(2, 40)}`, this.logUniform({ min: 100, max: 8000 }));
        }
    }

    /** Makes a few files large: one in a thousand, at least two, outside `.git`. */
    enlargeSome(): void {
        const candidates = this.files.map((file, index) => ({ file, index })).filter(({ file }) => !file.path.startsWith('.git/'));
        for (let left = Math.max(2, Math.floor(this.files.length / 1000)); left > 0 && candidates.length > 0; left--) {
            const [{ index }] = candidates.splice(this.integer(0, candidates.length - 1), 1);
            this.files[index] = { path: this.files[index].path, bytes: this.logUniform(LARGE_BYTES) };
        }
    }
}

/** The layout of the `size` tree of `seed`: about a fifth sources, most of it dependencies, some `.git` objects and build output. */
export function computeTreeLayout(seed: number, size: TreeSize): TreeLayout {
    const builder = new LayoutBuilder(seed, size);
    const source = Math.round(size.files * SHARES.src);
    const git = Math.round(size.files * SHARES['.git']);
    const output = Math.round(size.files * SHARES.out);
    builder.fill(builder.folder('src'), source, 0, SOURCE_SHAPE);
    builder.dependencies(size.files - source - git - output);
    builder.gitObjects(git);
    builder.fill(builder.folder('out'), output, 0, OUTPUT_SHAPE);
    builder.enlargeSome();
    return { folders: builder.folders, files: builder.files };
}

const layouts = new Map<string, TreeLayout>();

/** {@link computeTreeLayout}, kept for the run: every scenario of a tree prepares its names from the same layout. */
export function treeLayout(seed: number, size: TreeSize): TreeLayout {
    const key = `${seed}/${size.label}`;
    let layout = layouts.get(key);
    if (!layout) {
        layout = computeTreeLayout(seed, size);
        layouts.set(key, layout);
    }
    return layout;
}

/** The manifest of a tree of this layout: its counts, as a run verifies them. */
export function treeManifestOf(seed: number, size: TreeSize, layout: TreeLayout): TreeManifest {
    const perFolder: Record<string, { files: number; folders: number; bytes: number }> = {};
    const top = (path: string): { files: number; folders: number; bytes: number } => {
        const name = path.split('/')[0];
        return perFolder[name] ??= { files: 0, folders: 0, bytes: 0 };
    };
    for (const folder of layout.folders) {
        if (folder.includes('/')) {
            top(folder).folders++;
        } else {
            top(folder);
        }
    }
    let bytes = 0;
    for (const file of layout.files) {
        const counts = top(file.path);
        counts.files++;
        counts.bytes += file.bytes;
        bytes += file.bytes;
    }
    const ts = layout.files.filter(file => file.path.endsWith('.ts'));
    return {
        schema: 'fs-perf-tree', schemaVersion: 1, generatorVersion: TREE_GENERATOR_VERSION, seed, size: size.label, folder: treeFolder(size.label),
        files: layout.files.length, folders: layout.folders.length, bytes,
        tsFiles: ts.length, tsFilesOutsideDependencies: ts.filter(file => !file.path.startsWith(`${TREE_DEPENDENCY_FOLDER}/`)).length,
        dependencyFolder: TREE_DEPENDENCY_FOLDER, perFolder,
    };
}
