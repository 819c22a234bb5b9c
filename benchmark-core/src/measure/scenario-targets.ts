import { FixtureError } from '../errors';
import { FixtureManifest, GENERATE_FIXTURES_HINT, manifestEntryForSize, SMALL_FILES_DIRECTORY } from './manifest';
import { ScenarioInfo, ScenarioTarget } from './scenario';
import { FixtureSize, orderSizes, SizeOrder } from './sizes';

/** The targets of one scenario, in visiting order, with expectations from the manifest. */
export function scenarioTargets(scenario: ScenarioInfo, manifest: FixtureManifest, sizes: readonly FixtureSize[],
    order: SizeOrder = 'ascending'): ScenarioTarget[] {
    if (scenario.target === 'small-files') {
        const small = manifest.smallFiles;
        if (!small) {
            throw new FixtureError(`The fixture manifest has no small-files set, which ${scenario.label} needs: ${GENERATE_FIXTURES_HINT}.`,
                SMALL_FILES_DIRECTORY);
        }
        return [{
            label: `${small.count} files`,
            fileName: small.directory,
            bytes: small.bytesPerFile,
            itemCount: small.count,
        }];
    }
    return orderSizes(sizes, order).map(size => {
        const { fileName, entry } = manifestEntryForSize(manifest, size.label);
        if (entry.bytes !== size.bytes) {
            throw new FixtureError(`The manifest says ${fileName} has ${entry.bytes} bytes, but ${size.label} is ${size.bytes}: ${GENERATE_FIXTURES_HINT}.`,
                fileName);
        }
        return { label: size.label, fileName, bytes: entry.bytes, sha256: entry.sha256 };
    });
}
