import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
    DEFAULT_FIXTURES_FOLDER, parseResultsDocument, parseTreeSizeList, RESULTS_DIRECTORY, ResultsDocument, scenarioInfoById, SCENARIO_SETTING_KEYS, SETTING_KEYS, TreeSize,
} from '@fs-perf/benchmark-core';
import { generateFixtures, generateTrees } from '@fs-perf/test-files';
import { NodeFixtureStore } from '@fs-perf/test-files/lib/node';
import { DisposableCollection } from './disposable';
import { writeTempMarker } from './temp-marker';

export interface FixtureOptions {
    /** How many small files for the many-small-files scenarios (default: the generator's). */
    readonly smallFileCount?: number;
    /** The generated trees to write beside the fixtures (default: none). */
    readonly treeSizes?: readonly TreeSize[];
}

/** The trees the editors' settings make a run go over: `fsPerf.treeSizes` when either extension's scenarios include a tree's, else none. */
export function treeSizesOfSettings(settings: Readonly<Record<string, unknown>> = {}): TreeSize[] {
    const chosen = Object.values(SCENARIO_SETTING_KEYS).flatMap(key => Array.isArray(settings[key]) ? settings[key] as string[] : []);
    const sizes = settings[SETTING_KEYS.treeSizes];
    return chosen.some(id => scenarioInfoById(id)?.target === 'tree') && Array.isArray(sizes) ? parseTreeSizeList(sizes as string[]) : [];
}

/**
 * The folder an editor opens: a fresh one (with the fixture set in `.fs-perf/fixtures`, unless `fixtures`
 * is false), a folder the caller owns, or no folder at all.
 */
export type WorkspaceChoice =
    | { readonly fixtures?: FixtureOptions | false }
    | { readonly path: string }
    | 'none';

/** Creates `folder` with what `choice` asks for; returns the folder to open, or undefined for none. */
export async function prepareWorkspace(folder: string, choice: WorkspaceChoice = {}): Promise<string | undefined> {
    if (choice === 'none') {
        return undefined;
    }
    if ('path' in choice) {
        return choice.path;
    }
    await fs.mkdir(folder, { recursive: true });
    if (choice.fixtures !== false) {
        const fixtures = path.join(folder, ...DEFAULT_FIXTURES_FOLDER.split('/'));
        await generateFixtures({ store: new NodeFixtureStore(fixtures), smallFileCount: choice.fixtures?.smallFileCount });
        await generateTrees({ store: new NodeFixtureStore(fixtures), sizes: choice.fixtures?.treeSizes ?? [] });
    }
    return folder;
}

/** Temporary folders made and not removed yet, for a stop on Ctrl+C (which may end the process before their owner does). */
const liveTemporaryFolders = new Set<string>();

/**
 * A new folder in the OS temp folder (or in `parent`), removed when `toDispose` is disposed (or on Ctrl+C); it holds
 * only fs-perf's marker (`.fs-perf-temp.json`), by which `yarn clean --temp` removes it if this process is killed first.
 */
export async function temporaryFolder(prefix: string, toDispose: DisposableCollection, parent = os.tmpdir()): Promise<string> {
    const folder = await fs.mkdtemp(path.join(parent, prefix));
    writeTempMarker(folder, `yarn bench: ${prefix}`);
    liveTemporaryFolders.add(folder);
    toDispose.push(async () => {
        await fs.rm(folder, { recursive: true, force: true });
        liveTemporaryFolders.delete(folder);
    });
    return folder;
}

/** Removes every temporary folder not removed yet (a stop on a signal); returns those it could not remove. */
export async function removeLiveTemporaryFolders(): Promise<string[]> {
    const failed: string[] = [];
    for (const folder of [...liveTemporaryFolders]) {
        await fs.rm(folder, { recursive: true, force: true }).then(() => liveTemporaryFolders.delete(folder), () => failed.push(folder));
    }
    return failed;
}

/** Everything in a workspace's results folder, by name (a half-written file too; none yet: empty). */
export async function resultFiles(workspace: string): Promise<string[]> {
    return fs.readdir(path.join(workspace, ...RESULTS_DIRECTORY.split('/'))).catch(() => []);
}

/** Reads and validates a results file the extensions wrote on this machine. */
export async function readResultsFile(file: string): Promise<ResultsDocument> {
    return parseResultsDocument(await fs.readFile(file, 'utf8'), file);
}
