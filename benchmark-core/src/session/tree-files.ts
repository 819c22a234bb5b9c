import { FixtureError } from '../errors';
import { generateTreesHint, parseTreeManifest, treeFolder, TreeManifest, treeManifestFile, TreeSize } from '../measure/trees';
import { joinPath, WorkspaceFileAccess } from './workspace-files';

/**
 * The manifests of the generated trees a run goes over, each checked before anything is timed: there, valid, made by
 * this generator, and its folder there. A missing or corrupt tree is a {@link FixtureError} that says how to make it again.
 */
export async function loadTreeManifests(files: WorkspaceFileAccess, fixturesFolder: string, sizes: readonly TreeSize[]): Promise<TreeManifest[]> {
    const manifests: TreeManifest[] = [];
    for (const size of sizes) {
        const manifestPath = joinPath(fixturesFolder, treeManifestFile(size.label));
        const bytes = await files.readFile(manifestPath);
        if (bytes === undefined) {
            throw new FixtureError(`The ${size.label} tree is missing in ${joinPath(fixturesFolder, treeFolder(size.label))} of ${files.location} `
                + `(no ${treeManifestFile(size.label)}): ${generateTreesHint(size.label)}.`, treeManifestFile(size.label));
        }
        const manifest = parseTreeManifest(new TextDecoder().decode(bytes), size.label);
        if (manifest.files !== size.files) {
            throw new FixtureError(`The manifest of the ${size.label} tree says ${manifest.files} files, not ${size.files}: ${generateTreesHint(size.label)}.`,
                treeManifestFile(size.label));
        }
        const folder = await files.stat(joinPath(fixturesFolder, manifest.folder));
        if (folder?.type !== 'directory') {
            throw new FixtureError(`The ${size.label} tree's folder ${joinPath(fixturesFolder, manifest.folder)} is missing though its manifest is there: `
                + `${generateTreesHint(size.label)}.`, manifest.folder);
        }
        manifests.push(manifest);
    }
    return manifests;
}
