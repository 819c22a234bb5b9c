import { assert } from 'chai';
import { FixtureError } from '../errors';
import { manifestEntryForSize, parseFixtureManifest, smallFileName } from '../measure/manifest';
import { fakeFixtures } from './fake-fixtures';

suite('fixture manifest', () => {
    test('a valid manifest parses from text', () => {
        const { manifest } = fakeFixtures();
        assert.deepStrictEqual(parseFixtureManifest(JSON.stringify(manifest)), manifest);
        assert.strictEqual(manifestEntryForSize(manifest, '50K').fileName, '50K.bin');
    });

    test('corrupt JSON or a bad field is a FixtureError that tells how to regenerate', () => {
        assert.throws(() => parseFixtureManifest('{ nope'), FixtureError, /not valid JSON.*Generate Test Files/);
        const { manifest } = fakeFixtures();
        const bad = JSON.parse(JSON.stringify(manifest));
        bad.files['1K.bin'].sha256 = 'xyz';
        assert.throws(() => parseFixtureManifest(bad), /files\.1K\.bin\.sha256: expected a lowercase hex SHA-256/);
    });

    test('small file names are zero-padded so they sort', () => {
        assert.strictEqual(smallFileName(42), 'small-00042.bin');
    });
});
