/**
 * A burst of small writes (issue 39, "writes"): many small files created in an empty temporary folder, one after
 * another, then all deleted, one sample being the whole burst. The same count and bytes in every editor and floor.
 */

/** Files one burst creates and deletes. */
export const WRITE_BURST_FILES = 100;
/** Bytes of each file of a burst (1K). */
export const WRITE_BURST_BYTES_PER_FILE = 1024;

/** What one case of a burst scenario creates and deletes. */
export interface WriteBurst {
    readonly files: number;
    readonly bytesPerFile: number;
}

export const WRITE_BURST: WriteBurst = { files: WRITE_BURST_FILES, bytesPerFile: WRITE_BURST_BYTES_PER_FILE };

/** The burst's target label, e.g. `100 files of 1K`. */
export function burstTargetLabel(burst: WriteBurst = WRITE_BURST): string {
    return `${burst.files} files of ${burst.bytesPerFile % 1024 === 0 ? `${burst.bytesPerFile / 1024}K` : `${burst.bytesPerFile} B`}`;
}

/** Prefix of the temporary folders the writes make inside the fixtures folder (removed after each case). */
export const WRITE_FOLDER_PREFIX = '.write-';

/** A fresh temporary folder name for one case's writes, e.g. `.write-lk3x9a-4f2a1c`. */
export function writeFolderName(now: number = Date.now(), random: () => number = Math.random): string {
    return `${WRITE_FOLDER_PREFIX}${now.toString(36)}-${random().toString(36).slice(2, 8).padEnd(6, '0')}`;
}

/** Name of the burst's file at `index` (0-based): `burst-00042.bin`. */
export function burstFileName(index: number): string {
    return `burst-${String(index).padStart(5, '0')}.bin`;
}

/** The names of a burst's files, in the order they are created and deleted. */
export function burstFileNames(burst: WriteBurst = WRITE_BURST): string[] {
    return Array.from({ length: burst.files }, (_, index) => burstFileName(index));
}

/** The bytes each file of a burst gets: a fixed pattern (the burst's check is by count, not content). */
export function burstBytes(burst: WriteBurst = WRITE_BURST): Uint8Array {
    const bytes = new Uint8Array(burst.bytesPerFile);
    for (let index = 0; index < bytes.length; index++) {
        bytes[index] = (index * 31 + 7) & 0xff;
    }
    return bytes;
}

/** Most bytes one burst writes (its files times their size): 64 MiB, the largest single file fs-perf reads or writes. */
export const MAX_BURST_BYTES = 64 * 1024 * 1024;

/**
 * Checks a burst's shape as a caller across a process boundary sends it, so a malformed request is refused before
 * anything touches the disk; returns the reason, or undefined when it is sound.
 */
export function burstRequestProblem(burst: unknown): string | undefined {
    const { files, bytesPerFile } = (burst ?? {}) as Partial<WriteBurst>;
    if (!Number.isInteger(files) || files! < 1 || files! > 10_000 || !Number.isInteger(bytesPerFile) || bytesPerFile! < 0 || bytesPerFile! > 1024 * 1024) {
        return `a burst is 1 to 10000 files of 0 to 1048576 bytes each, got ${String(files).slice(0, 40)} files of ${String(bytesPerFile).slice(0, 40)} bytes`;
    }
    if (files! * bytesPerFile! > MAX_BURST_BYTES) {
        return `a burst writes at most ${MAX_BURST_BYTES / 1024 / 1024} MiB, got ${files} files of ${bytesPerFile} bytes`;
    }
    return undefined;
}

/**
 * One burst: `create` of every item, one after another, then `remove` of every item, one after another. `remove`
 * answers whether it found the item (a delete of a file that is not there fails in every API measured, so each
 * successful delete shows its file existed after the creations). Returns how many were found and deleted; the case checks
 * outside the clock readings that none are left. The loop is the sample: its clock brackets the whole burst.
 */
export async function createThenDelete<T>(items: readonly T[], create: (item: T) => Promise<unknown>, remove: (item: T) => Promise<boolean>): Promise<number> {
    for (const item of items) {
        await create(item);
    }
    let deleted = 0;
    for (const item of items) {
        if (await remove(item)) {
            deleted++;
        }
    }
    return deleted;
}

/**
 * What a burst's sample counted, checked against what was left in its folder after it (listed outside the clock
 * readings): the files found and deleted, less any left behind, so a file that was never made or never removed makes
 * the count fall short of the burst's.
 */
export function burstCount(deleted: number, leftInFolder: number): number {
    return deleted - leftInFolder;
}
