import { createHash } from 'crypto';
import { FixtureManifest } from '../measure/manifest';
import { FIXTURE_SIZES, fixtureFileName } from '../measure/sizes';

/** In-memory fixture bytes (a simple byte pattern per size) and their manifest, for runner tests. */
export function fakeFixtures(smallFileCount = 10): { manifest: FixtureManifest; bytesOf: (fileName: string) => Uint8Array } {
    const contents = new Map<string, Uint8Array>();
    const files: FixtureManifest['files'] = {};
    for (const size of FIXTURE_SIZES) {
        const name = fixtureFileName(size.label);
        const bytes = new Uint8Array(size.bytes).map((_, index) => (index * 31 + size.bytes) & 0xff);
        contents.set(name, bytes);
        files[name] = { sizeLabel: size.label, bytes: size.bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
    }
    const manifest: FixtureManifest = {
        schema: 'fs-perf-fixtures',
        schemaVersion: 1,
        generatorVersion: 1,
        seed: 1,
        content: 'random',
        files,
        smallFiles: { directory: 'small', count: smallFileCount, bytesPerFile: 16, sha256: '0'.repeat(64) },
    };
    return {
        manifest,
        bytesOf: fileName => {
            const bytes = contents.get(fileName);
            if (!bytes) {
                throw new Error(`no fake fixture ${fileName}`);
            }
            return bytes;
        },
    };
}
