/** One fixture size. `K` means 1024 bytes, as in the original suite. */
export interface FixtureSize {
    /** Label a person reads, e.g. `50K`. */
    readonly label: string;
    /** Exact file length in bytes. */
    readonly bytes: number;
}

const KIB = 1024;

/** The sizes of the original suite, smallest first. */
export const FIXTURE_SIZES: readonly FixtureSize[] = Object.freeze([
    { label: '1K', bytes: 1 * KIB },
    { label: '5K', bytes: 5 * KIB },
    { label: '50K', bytes: 50 * KIB },
    { label: '500K', bytes: 500 * KIB },
    { label: '5000K', bytes: 5000 * KIB },
    { label: '10000K', bytes: 10000 * KIB },
]);

export const FIXTURE_SIZE_LABELS: readonly string[] = FIXTURE_SIZES.map(size => size.label);

/** Fixture file name for a size label, e.g. `5000K.bin`. */
export function fixtureFileName(sizeLabel: string): string {
    return `${sizeLabel}.bin`;
}

/** Looks up a size by its label (case-insensitive); throws an actionable error for an unknown one. */
export function fixtureSize(label: string): FixtureSize {
    const wanted = label.trim().toUpperCase();
    const size = FIXTURE_SIZES.find(candidate => candidate.label === wanted);
    if (!size) {
        throw new Error(`Unknown fixture size '${label}': use one of ${FIXTURE_SIZE_LABELS.join(', ')}.`);
    }
    return size;
}

/**
 * Where "large" fixtures start, bytes (500K): from there up a read moves enough bytes for per-byte figures (CPU per MB,
 * the accuracy check's ratios, a trace's hops) to stand out from the call's fixed costs.
 */
export const LARGE_FIXTURE_BYTES = fixtureSize('500K').bytes;

/**
 * Parses a size list such as `1K,50K` (or an array of labels) into sizes, smallest first, without duplicates.
 * An empty list is an error: a run of nothing is never what a user meant.
 */
export function parseSizeList(input: string | readonly string[]): FixtureSize[] {
    const labels = typeof input === 'string' ? input.split(',') : [...input];
    const trimmed = labels.map(label => label.trim()).filter(label => label.length > 0);
    if (trimmed.length === 0) {
        throw new Error(`No fixture size given: use one or more of ${FIXTURE_SIZE_LABELS.join(', ')}.`);
    }
    const chosen = new Set(trimmed.map(label => fixtureSize(label).label));
    return FIXTURE_SIZES.filter(size => chosen.has(size.label));
}

/**
 * Orders sizes as the runner visits them in a round: ascending, descending, or `shuffled`: every round visits the cases
 * in a new random order (the sizes themselves listed ascending), so that what one case leaves behind (garbage, a grown
 * heap, a busy process) lands on a different case each round instead of always on the same next one.
 */
export type SizeOrder = 'ascending' | 'descending' | 'shuffled';
export const SIZE_ORDERS: readonly SizeOrder[] = ['ascending', 'descending', 'shuffled'];

export function orderSizes<T extends { readonly bytes: number }>(sizes: readonly T[], order: SizeOrder): T[] {
    const sorted = [...sizes].sort((a, b) => a.bytes - b.bytes);
    return order === 'descending' ? sorted.reverse() : sorted;
}

/** Human-readable byte count, binary units (`10000 KiB`, `9.8 MiB`). */
export function formatBytes(bytes: number): string {
    if (bytes < KIB) {
        return `${bytes} B`;
    }
    if (bytes < KIB * KIB) {
        return `${trimNumber(bytes / KIB)} KiB`;
    }
    return `${trimNumber(bytes / (KIB * KIB))} MiB`;
}

function trimNumber(value: number): string {
    return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
