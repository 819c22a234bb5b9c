import { assert } from 'chai';
import { createHash, randomBytes } from 'crypto';
import { sha256Hex } from '../measure/sha256';

suite('sha256Hex', () => {
    test('matches the FIPS 180-2 test vector for "abc"', async () => {
        assert.strictEqual(await sha256Hex(new TextEncoder().encode('abc')),
            'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    });

    test('matches Node crypto on random data, also through the fallback used without Web Crypto', async () => {
        const data = randomBytes(100_003);
        const expected = createHash('sha256').update(data).digest('hex');
        assert.strictEqual(await sha256Hex(data), expected);
        const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
        assert.isDefined(descriptor, 'Node 20 defines globalThis.crypto');
        Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true, writable: true });
        try {
            assert.isUndefined((globalThis as { crypto?: unknown }).crypto);
            assert.strictEqual(await sha256Hex(data), expected);
        } finally {
            Object.defineProperty(globalThis, 'crypto', descriptor!);
        }
    });
});
