import {
    CancellationSignal, BenchmarkCancelledError, FIXTURE_MANIFEST_FILE, FIXTURE_SIZES, FixtureManifest, FixtureSize,
    fixtureFileName, formatBytes, parseFixtureManifest, sha256Hex, SMALL_FILES_DIRECTORY, smallFileName,
} from '@fs-perf/benchmark-core';
import { DEFAULT_SEED, FixtureContent, GENERATOR_VERSION, generateFixtureBytes } from './content';

/**
 * Where fixtures go. Paths are relative to the fixtures folder and use `/`. The Node CLI implements it
 * with `fs`; an editor extension implements it with `workspace.fs` or Theia's `FileService`.
 */
export interface FixtureStore {
    /** Human-readable location for messages, e.g. the folder path. */
    readonly location: string;
    /** The file's bytes, or undefined when it does not exist. */
    readFile(path: string): Promise<Uint8Array | undefined>;
    /** Writes a whole file, replacing it; should be atomic where the store can manage it. */
    writeFile(path: string, data: Uint8Array): Promise<void>;
    /** Creates a folder and its parents; no error when it exists. */
    createDirectory(path: string): Promise<void>;
    /** Free space in bytes where the fixtures go, when the store can tell. */
    freeBytes?(): Promise<number | undefined>;
}

/** Thrown when the fixtures cannot be written (no space, no permission); nothing is left half-written. */
export class FixtureWriteError extends Error {
    constructor(message: string) {
        super(message);
        this.name = 'FixtureWriteError';
    }
}

export const DEFAULT_SMALL_FILE_COUNT = 1000;
export const DEFAULT_SMALL_FILE_BYTES = 256;
/** Space kept free beyond what the fixtures need, so generation never fills a disk to the brim. */
const DISK_HEADROOM_BYTES = 16 * 1024 * 1024;

export interface GenerateProgress {
    readonly done: number;
    readonly total: number;
    readonly message: string;
}

export interface GenerateOptions {
    readonly store: FixtureStore;
    /** Default: all six sizes. */
    readonly sizes?: readonly FixtureSize[];
    readonly seed?: number;
    readonly content?: FixtureContent;
    /** Files in the small-files set; 0 for none. Default 1000. */
    readonly smallFileCount?: number;
    /** Length of each small file in bytes. Default 256. */
    readonly smallFileBytes?: number;
    readonly onProgress?: (progress: GenerateProgress) => void;
    readonly cancellation?: CancellationSignal;
}

export interface GenerateReport {
    readonly manifest: FixtureManifest;
    /** Fixture files written because they were missing or wrong. */
    readonly written: string[];
    /** Fixture files that were already correct (verified by SHA-256). */
    readonly unchanged: string[];
    /** Of those written, the ones that existed with wrong content. */
    readonly repaired: string[];
    readonly smallFilesWritten: number;
    readonly smallFilesUnchanged: number;
    readonly manifestWritten: boolean;
    /** The generated trees asked for (in an editor: those of the settings when a tree scenario is chosen), and whether each was written. */
    readonly trees?: readonly { readonly size: string; readonly written: boolean }[];
}

interface PlannedFile {
    readonly path: string;
    readonly bytes: Uint8Array;
    readonly existed: boolean;
}

/** {@link GenerateOptions} with their defaults, checked. */
interface GenerateSettings {
    readonly sizes: readonly FixtureSize[];
    readonly seed: number;
    readonly content: FixtureContent;
    readonly smallFileCount: number;
    readonly smallFileBytes: number;
}

function generateSettings(options: GenerateOptions): GenerateSettings {
    const seed = options.seed ?? DEFAULT_SEED;
    const smallFileCount = options.smallFileCount ?? DEFAULT_SMALL_FILE_COUNT;
    const smallFileBytes = options.smallFileBytes ?? DEFAULT_SMALL_FILE_BYTES;
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
        throw new RangeError(`The seed must be a whole number from 0 to 4294967295, got ${seed}.`);
    }
    if (!Number.isInteger(smallFileCount) || smallFileCount < 0 || smallFileCount > 100000) {
        throw new RangeError(`The small-files count must be a whole number from 0 to 100000, got ${smallFileCount}.`);
    }
    if (!Number.isInteger(smallFileBytes) || smallFileBytes < 1 || smallFileBytes > 1024 * 1024) {
        throw new RangeError(`The small-file length must be from 1 byte to 1 MiB, got ${smallFileBytes}.`);
    }
    return { sizes: options.sizes ?? FIXTURE_SIZES, seed, content: options.content ?? 'random', smallFileCount, smallFileBytes };
}

/** Progress over the whole generation: each fixture (and the small-files set) is checked, then written or left alone; then the manifest. */
class GenerateProgressSteps {
    done = 0;
    readonly total: number;

    constructor(private readonly options: GenerateOptions, settings: GenerateSettings) {
        this.total = 2 * (settings.sizes.length + (settings.smallFileCount > 0 ? 1 : 0)) + 1;
    }

    /** Stops when cancelled, else reports `message` as the step now starting. */
    step(message: string): void {
        if (this.options.cancellation?.isCancellationRequested) {
            throw new BenchmarkCancelledError('Generating test files was cancelled; files already complete were kept.');
        }
        this.options.onProgress?.({ done: this.done, total: this.total, message });
    }

    finish(): void {
        this.done = this.total;
        this.options.onProgress?.({ done: this.done, total: this.total, message: 'Test files ready' });
    }
}

/**
 * Makes the fixture set idempotently: every expected file is generated in memory, existing files are
 * checked by SHA-256, and only missing or wrong ones are written, followed by the manifest.
 */
export async function generateFixtures(options: GenerateOptions): Promise<GenerateReport> {
    const { store } = options;
    const settings = generateSettings(options);
    const progress = new GenerateProgressSteps(options, settings);
    // Check everything first, so a lack of space is reported before anything is written.
    const fixtures = await checkFixtures(store, settings, progress);
    const small = await checkSmallFiles(store, settings, progress);
    const manifest: FixtureManifest = {
        schema: 'fs-perf-fixtures',
        schemaVersion: 1,
        generatorVersion: GENERATOR_VERSION,
        seed: settings.seed,
        content: settings.content,
        files: mergeFiles(await readExistingManifest(store), fixtures.files, settings.seed, settings.content),
        ...(small.smallFiles ? { smallFiles: small.smallFiles } : {}),
    };
    await checkFreeSpace(store, [...fixtures.planned, ...small.planned]);

    await guardWrite(store, () => store.createDirectory(''));
    progress.done += fixtures.unchanged.length;
    for (const file of fixtures.planned) {
        progress.step(`Writing ${file.path} (${formatBytes(file.bytes.byteLength)})`);
        await guardWrite(store, () => store.writeFile(file.path, file.bytes));
        progress.done++;
    }
    if (small.planned.length > 0) {
        progress.step(`Writing ${small.planned.length} small files`);
        await guardWrite(store, () => store.createDirectory(SMALL_FILES_DIRECTORY));
        await mapConcurrently(small.planned, file => guardWrite(store, () => store.writeFile(file.path, file.bytes)));
    }
    if (settings.smallFileCount > 0) {
        progress.done++;
    }
    const manifestWritten = await writeManifest(store, manifest, progress);
    progress.finish();
    return {
        manifest,
        written: fixtures.planned.map(file => file.path),
        unchanged: fixtures.unchanged,
        repaired: fixtures.planned.filter(file => file.existed).map(file => file.path),
        smallFilesWritten: small.planned.length,
        smallFilesUnchanged: small.unchanged,
        manifestWritten,
    };
}

interface FixtureChecks {
    readonly files: FixtureManifest['files'];
    readonly planned: PlannedFile[];
    readonly unchanged: string[];
}

/** Each fixture generated in memory and compared with the one in the store by SHA-256: its manifest entry, and whether to write it. */
async function checkFixtures(store: FixtureStore, settings: GenerateSettings, progress: GenerateProgressSteps): Promise<FixtureChecks> {
    const files: FixtureManifest['files'] = {};
    const planned: PlannedFile[] = [];
    const unchanged: string[] = [];
    for (const size of settings.sizes) {
        const fileName = fixtureFileName(size.label);
        progress.step(`Checking ${fileName}`);
        const expected = generateFixtureBytes(settings.seed, fileName, size.bytes, settings.content);
        const expectedHash = await sha256Hex(expected);
        files[fileName] = { sizeLabel: size.label, bytes: size.bytes, sha256: expectedHash };
        const existing = await readExisting(store, fileName);
        if (existing !== undefined && existing.byteLength === size.bytes && await sha256Hex(existing) === expectedHash) {
            unchanged.push(fileName);
        } else {
            planned.push({ path: fileName, bytes: expected, existed: existing !== undefined });
        }
        progress.done++;
    }
    return { files, planned, unchanged };
}

interface SmallFileChecks {
    /** The set's manifest entry; none for 0 files. */
    readonly smallFiles?: FixtureManifest['smallFiles'];
    readonly planned: PlannedFile[];
    readonly unchanged: number;
}

/** The small-files set compared byte for byte with the store's: its manifest entry, and the files to write. */
async function checkSmallFiles(store: FixtureStore, settings: GenerateSettings, progress: GenerateProgressSteps): Promise<SmallFileChecks> {
    const { seed, content, smallFileCount, smallFileBytes } = settings;
    if (smallFileCount === 0) {
        return { planned: [], unchanged: 0 };
    }
    progress.step(`Checking ${smallFileCount} small files`);
    const all = new Uint8Array(smallFileCount * smallFileBytes);
    const checks = await mapConcurrently(Array.from({ length: smallFileCount }, (_, index) => index), async index => {
        const path = `${SMALL_FILES_DIRECTORY}/${smallFileName(index)}`;
        const expected = generateFixtureBytes(seed, path, smallFileBytes, content);
        all.set(expected, index * smallFileBytes);
        const existing = await readExisting(store, path);
        return { path, bytes: expected, existed: existing !== undefined, correct: existing !== undefined && bytesEqual(existing, expected) };
    });
    const planned = checks.filter(check => !check.correct).map(check => ({ path: check.path, bytes: check.bytes, existed: check.existed }));
    const smallFiles = { directory: SMALL_FILES_DIRECTORY, count: smallFileCount, bytesPerFile: smallFileBytes, sha256: await sha256Hex(all) };
    progress.done++;
    return { smallFiles, planned, unchanged: checks.length - planned.length };
}

async function checkFreeSpace(store: FixtureStore, planned: readonly PlannedFile[]): Promise<void> {
    const needed = planned.reduce((sum, file) => sum + file.bytes.byteLength, 0);
    const free = await store.freeBytes?.();
    if (free !== undefined && needed + DISK_HEADROOM_BYTES > free) {
        throw new FixtureWriteError(`Not enough disk space in ${store.location}: the test files need ${formatBytes(needed)} `
            + `(plus ${formatBytes(DISK_HEADROOM_BYTES)} headroom) but only ${formatBytes(free)} is free. Free some space or choose another folder.`);
    }
}

/** Writes the manifest unless the store has it already, byte for byte; whether it wrote it. */
async function writeManifest(store: FixtureStore, manifest: FixtureManifest, progress: GenerateProgressSteps): Promise<boolean> {
    const manifestText = JSON.stringify(manifest, undefined, 2) + '\n';
    const existingManifest = await readExisting(store, FIXTURE_MANIFEST_FILE);
    const manifestWritten = existingManifest === undefined || new TextDecoder().decode(existingManifest) !== manifestText;
    if (manifestWritten) {
        progress.step(`Writing ${FIXTURE_MANIFEST_FILE}`);
        await guardWrite(store, () => store.writeFile(FIXTURE_MANIFEST_FILE, new TextEncoder().encode(manifestText)));
    }
    return manifestWritten;
}

/**
 * Keeps entries of sizes not generated this time when they were made with the same seed and content,
 * so `--sizes 1K` after a full run does not drop the other sizes from the manifest.
 */
function mergeFiles(previous: FixtureManifest | undefined, files: FixtureManifest['files'], seed: number,
    content: FixtureContent): FixtureManifest['files'] {
    if (!previous || previous.seed !== seed || previous.content !== content || previous.generatorVersion !== GENERATOR_VERSION) {
        return files;
    }
    const merged: FixtureManifest['files'] = {};
    for (const size of FIXTURE_SIZES) {
        const name = fixtureFileName(size.label);
        const entry = files[name] ?? previous.files[name];
        if (entry) {
            merged[name] = entry;
        }
    }
    return merged;
}

async function readExistingManifest(store: FixtureStore): Promise<FixtureManifest | undefined> {
    const bytes = await readExisting(store, FIXTURE_MANIFEST_FILE);
    if (bytes === undefined) {
        return undefined;
    }
    try {
        return parseFixtureManifest(new TextDecoder().decode(bytes));
    } catch {
        return undefined;
    }
}

async function readExisting(store: FixtureStore, path: string): Promise<Uint8Array | undefined> {
    try {
        return await store.readFile(path);
    } catch {
        // Unreadable counts as wrong: it is rewritten, and a real permission problem surfaces on write.
        return undefined;
    }
}

async function guardWrite(store: FixtureStore, write: () => Promise<void>): Promise<void> {
    try {
        await write();
    } catch (error) {
        if (error instanceof FixtureWriteError) {
            throw error;
        }
        throw new FixtureWriteError(`Cannot write test files to ${store.location}: ${(error as Error).message}`);
    }
}

/** Small files are latency-bound (an editor's file API is an RPC away): keep a few calls in flight. */
const SMALL_FILE_CONCURRENCY = 16;

async function mapConcurrently<T, R>(items: readonly T[], work: (item: T) => Promise<R>, concurrency = SMALL_FILE_CONCURRENCY): Promise<R[]> {
    const results: R[] = new Array(items.length);
    let next = 0;
    const worker = async (): Promise<void> => {
        while (next < items.length) {
            const index = next++;
            results[index] = await work(items[index]);
        }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
    return results;
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
    if (a.byteLength !== b.byteLength) {
        return false;
    }
    for (let index = 0; index < a.byteLength; index++) {
        if (a[index] !== b[index]) {
            return false;
        }
    }
    return true;
}
