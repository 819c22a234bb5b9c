import { FixtureError } from '../errors';
import { FIXTURE_MANIFEST_FILE, FixtureManifest, GENERATE_FIXTURES_HINT, manifestEntryForSize, parseFixtureManifest } from '../measure/manifest';
import { RESULTS_DIRECTORY, resultsFileName, resultsFileNamesNewestFirst } from '../results/files';
import { ResultsDocument } from '../results/schema';
import { FixtureSize } from '../measure/sizes';

/**
 * The file operations the extensions need, over a workspace folder, with `/`-separated paths relative
 * to it. The VS Code extension implements it with `workspace.fs`, the Theia extension with `FileService`;
 * the logic below is written once against it.
 */
export interface WorkspaceFileAccess {
    /** Human-readable location of the workspace folder, for messages. */
    readonly location: string;
    /** The file's bytes, or undefined when it does not exist. */
    readFile(path: string): Promise<Uint8Array | undefined>;
    /** Size and kind, or undefined when nothing is there. */
    stat(path: string): Promise<{ size: number; type: 'file' | 'directory' } | undefined>;
    writeFile(path: string, data: Uint8Array): Promise<void>;
    rename(from: string, to: string, options: { overwrite: boolean }): Promise<void>;
    delete(path: string, options: { recursive: boolean }): Promise<void>;
    /** Creates a folder and its parents; no error when it exists. */
    createDirectory(path: string): Promise<void>;
    /** Names in a folder, or undefined when it does not exist. */
    readDirectory(path: string): Promise<string[] | undefined>;
    /** Free space in bytes, when the editor can tell. */
    freeBytes?(): Promise<number | undefined>;
}

export function joinPath(...parts: string[]): string {
    return parts.flatMap(part => part.split('/')).filter(part => part.length > 0 && part !== '.').join('/');
}

/** A unique hidden temporary name next to `path`. */
function temporaryPath(path: string): string {
    const slash = path.lastIndexOf('/');
    const name = path.slice(slash + 1);
    return `${path.slice(0, slash + 1)}.${name}.tmp-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Writes a whole file atomically: a temporary file first, renamed into place; nothing is left on failure. */
export async function writeFileAtomically(files: WorkspaceFileAccess, path: string, data: Uint8Array, overwrite = true): Promise<void> {
    const temporary = temporaryPath(path);
    await files.writeFile(temporary, data);
    try {
        await files.rename(temporary, path, { overwrite });
    } catch (error) {
        await files.delete(temporary, { recursive: false }).catch(() => undefined);
        throw error;
    }
}

/** Reads and validates the fixture manifest; a missing one is a {@link FixtureError} the caller offers to fix. */
export async function loadFixtureManifest(files: WorkspaceFileAccess, fixturesFolder: string): Promise<FixtureManifest> {
    const bytes = await files.readFile(joinPath(fixturesFolder, FIXTURE_MANIFEST_FILE));
    if (bytes === undefined) {
        throw new FixtureError(`The test files are missing in ${fixturesFolder} of ${files.location}: ${GENERATE_FIXTURES_HINT}.`, FIXTURE_MANIFEST_FILE);
    }
    return parseFixtureManifest(new TextDecoder().decode(bytes));
}

/**
 * Checks, before anything is timed, that every fixture a run needs is there with its manifest length,
 * so a missing 10000K file is reported at once rather than after the small sizes ran.
 */
export async function checkFixturesPresent(files: WorkspaceFileAccess, fixturesFolder: string, manifest: FixtureManifest,
    sizes: readonly FixtureSize[], needsSmallFiles: boolean): Promise<void> {
    for (const size of sizes) {
        const { fileName, entry } = manifestEntryForSize(manifest, size.label);
        const stat = await files.stat(joinPath(fixturesFolder, fileName));
        if (!stat || stat.type !== 'file') {
            throw new FixtureError(`Fixture ${fileName} is missing: ${GENERATE_FIXTURES_HINT}.`, fileName);
        }
        if (stat.size !== entry.bytes) {
            throw new FixtureError(`Fixture ${fileName} has ${stat.size} bytes, the manifest says ${entry.bytes}: ${GENERATE_FIXTURES_HINT}.`, fileName);
        }
    }
    if (needsSmallFiles) {
        if (!manifest.smallFiles) {
            throw new FixtureError(`The test files have no small-files set: ${GENERATE_FIXTURES_HINT}.`);
        }
        const stat = await files.stat(joinPath(fixturesFolder, manifest.smallFiles.directory));
        if (!stat || stat.type !== 'directory') {
            throw new FixtureError(`The small-files folder ${manifest.smallFiles.directory} is missing: ${GENERATE_FIXTURES_HINT}.`,
                manifest.smallFiles.directory);
        }
    }
}

/** Writes a results document into `.fs-perf/results/` atomically; returns its workspace-relative path. */
export async function writeResultsFile(files: WorkspaceFileAccess, document: ResultsDocument): Promise<string> {
    await files.createDirectory(RESULTS_DIRECTORY);
    await ignoreWorkspaceFolder(files, RESULTS_DIRECTORY);
    const path = joinPath(RESULTS_DIRECTORY, resultsFileName(document));
    await writeFileAtomically(files, path, new TextEncoder().encode(JSON.stringify(document, undefined, 2) + '\n'), false);
    return path;
}

/** The folder of the workspace fs-perf writes into (test files, results), and what its `.gitignore` holds. */
export const FS_PERF_FOLDER = '.fs-perf';
export const FS_PERF_GITIGNORE = '# Written by FS Perf (test files and results): nothing here is source.\n*\n';

/**
 * Gives `.fs-perf/` a `.gitignore` that ignores all of it, when `path` (a folder fs-perf just wrote) lies inside it and
 * it has none yet; a `.gitignore` the user put there is left alone. So generated files never show as changes in git.
 */
export async function ignoreWorkspaceFolder(files: WorkspaceFileAccess, path: string): Promise<void> {
    if (path !== FS_PERF_FOLDER && !path.startsWith(`${FS_PERF_FOLDER}/`)) {
        return;
    }
    const ignore = joinPath(FS_PERF_FOLDER, '.gitignore');
    if (await files.stat(ignore) === undefined) {
        await files.writeFile(ignore, new TextEncoder().encode(FS_PERF_GITIGNORE));
    }
}

/** Workspace-relative paths of the results files, newest first (by the start time in their names). */
export async function listResultsFiles(files: WorkspaceFileAccess): Promise<string[]> {
    return resultsFileNamesNewestFirst(await files.readDirectory(RESULTS_DIRECTORY) ?? []).map(name => joinPath(RESULTS_DIRECTORY, name));
}

/** Workspace-relative path of the newest results file, or undefined when there is none. */
export async function findNewestResultsFile(files: WorkspaceFileAccess): Promise<string | undefined> {
    return (await listResultsFiles(files))[0];
}
