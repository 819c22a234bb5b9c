import { assert } from 'chai';
import { FIXTURE_SIZES, fixtureFileName, fixtureSize, formatBytes, orderSizes, parseSizeList } from '../measure/sizes';

suite('sizes', () => {
    test('the six sizes of the original suite, 1K = 1024 bytes', () => {
        assert.deepStrictEqual(FIXTURE_SIZES.map(size => [size.label, size.bytes]), [
            ['1K', 1024], ['5K', 5120], ['50K', 51200], ['500K', 512000], ['5000K', 5120000], ['10000K', 10240000],
        ]);
    });

    test('a size list is parsed case-insensitively, sorted, without duplicates', () => {
        assert.deepStrictEqual(parseSizeList(' 50k,1K,50K ').map(size => size.label), ['1K', '50K']);
        assert.deepStrictEqual(parseSizeList(['10000K', '5K']).map(size => size.label), ['5K', '10000K']);
    });

    test('an unknown or empty size list says which sizes exist', () => {
        assert.throws(() => parseSizeList('1K,3K'), /Unknown fixture size '3K': use one of 1K, 5K, 50K, 500K, 5000K, 10000K/);
        assert.throws(() => parseSizeList(' , '), /No fixture size given/);
        assert.throws(() => fixtureSize('1M'), /Unknown fixture size/);
    });

    test('sizes are visited in the requested order', () => {
        const sizes = parseSizeList('1K,500K,50K');
        assert.deepStrictEqual(orderSizes(sizes, 'descending').map(size => size.label), ['500K', '50K', '1K']);
        assert.deepStrictEqual(orderSizes([...sizes].reverse(), 'ascending').map(size => size.label), ['1K', '50K', '500K']);
    });

    test('file names and byte counts read as a person expects', () => {
        assert.strictEqual(fixtureFileName('5000K'), '5000K.bin');
        assert.strictEqual(formatBytes(512), '512 B');
        assert.strictEqual(formatBytes(5120), '5 KiB');
        assert.strictEqual(formatBytes(10240000), '9.8 MiB');
    });
});
