import { assert } from 'chai';
import { createHash } from 'crypto';
import { deflateRawSync } from 'zlib';
import { generateFixtureBytes } from '../content';
import { Xoshiro128 } from '../prng';

suite('fixture content', () => {
    test('matches an independent xoshiro128** reference (known answer for 1K.bin)', () => {
        // Computed with a separate Python implementation of splitmix32 + xoshiro128** (little-endian words).
        const bytes = generateFixtureBytes(20220426, '1K.bin', 1024);
        assert.strictEqual(createHash('sha256').update(bytes).digest('hex'),
            '477a4ccc0f87d2a917dea76cdc3a20a124a0c24801b1d3372ca867076ad757b8');
    });

    test('is deterministic, and differs by seed and by file', () => {
        const a = generateFixtureBytes(7, '5K.bin', 5120);
        assert.deepStrictEqual(generateFixtureBytes(7, '5K.bin', 5120), a);
        assert.notDeepEqual(generateFixtureBytes(8, '5K.bin', 5120), a);
        assert.notDeepEqual(generateFixtureBytes(7, '50K.bin', 5120), a);
    });

    test('a length that is not a multiple of 4 is filled completely and is a prefix of the longer stream', () => {
        const longer = new Xoshiro128(3).fill(new Uint8Array(12));
        const shorter = new Xoshiro128(3).fill(new Uint8Array(11));
        assert.deepStrictEqual(Array.from(shorter), Array.from(longer.subarray(0, 11)));
    });

    test('random content is incompressible', () => {
        const bytes = generateFixtureBytes(1, '500K.bin', 512000);
        const compressed = deflateRawSync(bytes, { level: 9 });
        assert.isAbove(compressed.length / bytes.length, 0.99);
    });

    test('text content is printable ASCII in 80-column lines', () => {
        const text = Buffer.from(generateFixtureBytes(1, '5K.bin', 5120, 'text')).toString('latin1');
        assert.match(text, /^[A-Za-z0-9+/\n]+$/);
        const lines = text.split('\n');
        assert.strictEqual(lines[0].length, 79);
        assert.strictEqual(lines.length, 5120 / 80 + 1, 'every line ends with a newline');
        assert.strictEqual(lines.at(-1), '');
    });
});
