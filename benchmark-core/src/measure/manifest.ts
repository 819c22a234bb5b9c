import { z } from 'zod';
import { FixtureError } from '../errors';
import { describeZodError } from '../zod-errors';

/** Name of the manifest file inside a fixtures folder. */
export const FIXTURE_MANIFEST_FILE = 'manifest.json';
/** Sub-folder of a fixtures folder that holds the small-files set. */
export const SMALL_FILES_DIRECTORY = 'small';
/** Command a user runs to (re)create fixtures; named in every fixture error. */
export const GENERATE_FIXTURES_HINT = "run 'FS Perf: Generate Test Files' (or `yarn fixtures`)";

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'expected a lowercase hex SHA-256 (64 characters)');

export const fixtureFileEntrySchema = z.object({
    /** Size label, e.g. `50K`. */
    sizeLabel: z.string().min(1),
    /** Exact length in bytes. */
    bytes: z.number().int().nonnegative(),
    sha256: sha256Hex,
});

export const smallFilesEntrySchema = z.object({
    /** Folder relative to the fixtures folder. */
    directory: z.string().min(1),
    /** Number of files in it. */
    count: z.number().int().positive(),
    /** Length of each file in bytes. */
    bytesPerFile: z.number().int().positive(),
    /** SHA-256 of all files concatenated in index order (see {@link smallFileName}). */
    sha256: sha256Hex,
});

export const fixtureManifestSchema = z.object({
    schema: z.literal('fs-perf-fixtures'),
    schemaVersion: z.literal(1),
    /** Version of the content algorithm: a change of it changes bytes, so old fixtures are rewritten. */
    generatorVersion: z.number().int().positive(),
    /** PRNG seed (unsigned 32-bit). */
    seed: z.number().int().nonnegative().max(0xffffffff),
    content: z.enum(['random', 'text']),
    /** Fixture files by file name, e.g. `50K.bin`. */
    files: z.record(z.string(), fixtureFileEntrySchema),
    smallFiles: smallFilesEntrySchema.optional(),
});

export type FixtureFileEntry = z.infer<typeof fixtureFileEntrySchema>;
export type SmallFilesEntry = z.infer<typeof smallFilesEntrySchema>;
export type FixtureManifest = z.infer<typeof fixtureManifestSchema>;

/** Name of the small file at `index` (0-based) inside the small-files folder: `small-00042.bin`. */
export function smallFileName(index: number): string {
    return `small-${String(index).padStart(5, '0')}.bin`;
}

/** Parses manifest JSON text or an already parsed value; throws a {@link FixtureError} naming the bad field. */
export function parseFixtureManifest(input: string | unknown): FixtureManifest {
    let value: unknown = input;
    if (typeof input === 'string') {
        try {
            value = JSON.parse(input);
        } catch (error) {
            throw new FixtureError(`The fixture manifest is not valid JSON (${(error as Error).message}): ${GENERATE_FIXTURES_HINT}.`,
                FIXTURE_MANIFEST_FILE);
        }
    }
    const parsed = fixtureManifestSchema.safeParse(value);
    if (!parsed.success) {
        throw new FixtureError(`The fixture manifest is invalid: ${describeZodError(parsed.error)}. ${capitalize(GENERATE_FIXTURES_HINT)}.`,
            FIXTURE_MANIFEST_FILE);
    }
    return parsed.data;
}

/** The manifest entry of a fixture size; throws an actionable error when the manifest lacks it. */
export function manifestEntryForSize(manifest: FixtureManifest, sizeLabel: string): { fileName: string; entry: FixtureFileEntry } {
    for (const [fileName, entry] of Object.entries(manifest.files)) {
        if (entry.sizeLabel === sizeLabel) {
            return { fileName, entry };
        }
    }
    throw new FixtureError(`The fixture manifest has no ${sizeLabel} file: ${GENERATE_FIXTURES_HINT}.`);
}

function capitalize(text: string): string {
    return text.charAt(0).toUpperCase() + text.slice(1);
}
