import { Xoshiro128, fnv1a32 } from './prng';

/** Version of the content algorithm; bump on any change to the bytes generated for a (seed, file) pair. */
export const GENERATOR_VERSION = 1;
/** Default PRNG seed: fixtures made anywhere with the defaults are byte-identical. */
export const DEFAULT_SEED = 20220426;

/**
 * `random`: uniformly random bytes, incompressible, so no transport compression can flatter a result.
 * `text`: printable ASCII (base64 alphabet) in 80-column lines, for text-oriented APIs; it compresses to
 * about 3/4, which a reader should keep in mind.
 */
export type FixtureContent = 'random' | 'text';
export const FIXTURE_CONTENTS: readonly FixtureContent[] = ['random', 'text'];

const TEXT_ALPHABET = new TextEncoder().encode('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');
const TEXT_LINE_LENGTH = 80;
const NEWLINE = 0x0a;

/** The bytes of one fixture file; the same (seed, key, length, content) always gives the same bytes. */
export function generateFixtureBytes(seed: number, fileKey: string, length: number, content: FixtureContent = 'random'): Uint8Array {
    const random = new Xoshiro128((seed ^ fnv1a32(fileKey)) >>> 0);
    const bytes = random.fill(new Uint8Array(length));
    if (content === 'text') {
        for (let index = 0; index < bytes.length; index++) {
            bytes[index] = (index + 1) % TEXT_LINE_LENGTH === 0 ? NEWLINE : TEXT_ALPHABET[bytes[index] & 63];
        }
    }
    return bytes;
}
