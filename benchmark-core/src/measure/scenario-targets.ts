import { FixtureError } from '../errors';
import { FixtureManifest, GENERATE_FIXTURES_HINT, manifestEntryForSize, SMALL_FILES_DIRECTORY } from './manifest';
import { ScenarioInfo, ScenarioTarget } from './scenario';
import { FixtureSize, orderSizes, SizeOrder } from './sizes';
import { TreeCount } from './scenario';
import { DEFAULT_TREE_CONCURRENCY } from './tree-walks';
import { generateTreesHint, TREE_SIZE_LABELS, TreeManifest, treeTargetLabel } from './trees';
import { WATCH_BURST_FILES, WATCH_CHANGE_KINDS, watchBurstLabel } from './watch-events';
import { burstTargetLabel, WRITE_BURST, WriteBurst } from './write-burst';

/** The targets of one scenario, in visiting order, with expectations from the manifest. */
export function scenarioTargets(scenario: ScenarioInfo, manifest: FixtureManifest, sizes: readonly FixtureSize[],
    order: SizeOrder = 'ascending', trees: TreeRunOptions = {}): ScenarioTarget[] {
    if (scenario.target === 'tree') {
        return treeTargets(scenario, trees);
    }
    if (scenario.target === 'burst') {
        return [burstTarget()];
    }
    if (scenario.target === 'watch') {
        return WATCH_CHANGE_KINDS.map(change => ({ label: change, fileName: change, bytes: 0, itemCount: 1, watchChange: change }));
    }
    if (scenario.target === 'watch-burst') {
        return [{ label: watchBurstLabel(), fileName: watchBurstLabel(), bytes: 0, watchBurst: WATCH_BURST_FILES }];
    }
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

/** The number of entries one sample over `tree` returns, by what the scenario counts. */
export function treeItemCount(tree: TreeManifest, count: TreeCount): number {
    switch (count) {
        case 'files': return tree.files;
        case 'entries': return tree.files + tree.folders;
        case 'ts-files': return tree.tsFiles;
        case 'ts-files-outside-dependencies': return tree.tsFilesOutsideDependencies;
    }
}

/** The trees of a run and how its parallel storms go over them. */
export interface TreeRunOptions {
    /** The manifests of the generated trees, one case each. */
    readonly trees?: readonly TreeManifest[];
    /** Calls in flight in a parallel storm (default {@link DEFAULT_TREE_CONCURRENCY}). */
    readonly concurrency?: number;
}

/** One target per tree of the run, smallest first: the tree's folder, and the count of entries a sample returns. */
function treeTargets(scenario: ScenarioInfo, { trees = [], concurrency = DEFAULT_TREE_CONCURRENCY }: TreeRunOptions): ScenarioTarget[] {
    if (!scenario.treeCount) {
        throw new Error(`The tree scenario ${scenario.id} does not say what its samples count (treeCount).`);
    }
    if (trees.length === 0) {
        throw new FixtureError(`${scenario.label} needs a generated tree, and the run has none: ${generateTreesHint(TREE_SIZE_LABELS[0])}.`);
    }
    const rank = (tree: TreeManifest): number => TREE_SIZE_LABELS.indexOf(tree.size);
    return [...trees].sort((a, b) => rank(a) - rank(b)).map(tree => ({
        label: treeTargetLabel(tree.size),
        fileName: tree.folder,
        bytes: 0,
        itemCount: treeItemCount(tree, scenario.treeCount!),
        tree,
        concurrency,
    }));
}

/**
 * The one case of a burst scenario: its files are made in a temporary folder of the case's own (named when it is
 * prepared), so it needs nothing from the manifest; a sample's count is the burst's files.
 */
export function burstTarget(burst: WriteBurst = WRITE_BURST): ScenarioTarget {
    return { label: burstTargetLabel(burst), fileName: burstTargetLabel(burst), bytes: 0, itemCount: burst.files, burst };
}
