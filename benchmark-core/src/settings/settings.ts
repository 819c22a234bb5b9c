import { DEFAULT_ITERATIONS, DEFAULT_WARMUP, ITERATIONS_RANGE, WARMUP_RANGE } from '../measure/runner';
import { FIXTURE_SIZE_LABELS, FixtureSize, parseSizeList, SIZE_ORDERS, SizeOrder } from '../measure/sizes';
import { DEFAULT_TREE_CONCURRENCY, TREE_CONCURRENCY_RANGE } from '../measure/tree-walks';
import { DEFAULT_TREE_SIZE_LABELS, parseTreeSizeList, TreeSize } from '../measure/trees';

/** Default fixtures folder, relative to the first workspace folder. */
export const DEFAULT_FIXTURES_FOLDER = '.fs-perf/fixtures';

/** Setting keys shared by the VS Code extension (`contributes.configuration`) and Theia's preferences. */
export const SETTING_KEYS = {
    iterations: 'fsPerf.iterations',
    warmup: 'fsPerf.warmup',
    sizes: 'fsPerf.sizes',
    order: 'fsPerf.order',
    fixturesFolder: 'fsPerf.fixturesFolder',
    precision: 'fsPerf.precision',
    cpuPass: 'fsPerf.cpuPass',
    cpuPassMs: 'fsPerf.cpuPassMs',
    pause: 'fsPerf.pause',
    treeSizes: 'fsPerf.treeSizes',
    treeConcurrency: 'fsPerf.treeConcurrency',
} as const;

/** Bounds of the pause before each sample, ms; 0 turns it off. */
export const PAUSE_RANGE = { min: 0, max: 5000 } as const;

/** Bounds of a CPU pass's length, ms (0: its 3 calls only). */
export const CPU_PASS_MS_RANGE = { min: 0, max: 10000 } as const;

/** A CPU pass's length when no setting says. */
export const DEFAULT_CPU_PASS_MS = 1000;

/** Bounds of the precision target, percent; 0 turns it off. */
export const PRECISION_RANGE = { min: 0, max: 50 } as const;

/** Validated settings of one run. */
export interface BenchmarkSettings {
    readonly iterations: number;
    readonly warmup: number;
    readonly sizes: FixtureSize[];
    readonly order: SizeOrder;
    /** Scenario ids to run, in run order. */
    readonly scenarios: string[];
    /** Relative to the first workspace folder, `/`-separated, never leaving it. */
    readonly fixturesFolder: string;
    /** Precision target, percent of the median (the half-width of its 95% interval); undefined: exactly `iterations` samples. */
    readonly precisionPercent?: number;
    /** Whether cases of 500K and up get a CPU pass after the timed samples (CPU time per process, per MB moved). */
    readonly cpuPass: boolean;
    /** How long a CPU pass repeats its call, ms (at least 3 calls). */
    readonly cpuPassMs: number;
    /** Before each sample, an idle wait as long as the previous sample took, at most this many ms (0: none). */
    readonly pauseMs: number;
    /** The generated trees the tree scenarios go over, smallest first. */
    readonly treeSizes: TreeSize[];
    /** Calls in flight in the parallel stat storms. */
    readonly treeConcurrency: number;
}

/** Raw values as read from the editor's configuration; anything may be wrong in them. */
export interface RawBenchmarkSettings {
    readonly iterations?: unknown;
    readonly warmup?: unknown;
    readonly sizes?: unknown;
    readonly order?: unknown;
    readonly scenarios?: unknown;
    readonly fixturesFolder?: unknown;
    readonly precision?: unknown;
    readonly cpuPass?: unknown;
    readonly cpuPassMs?: unknown;
    readonly pause?: unknown;
    readonly treeSizes?: unknown;
    readonly treeConcurrency?: unknown;
}

/** Thrown for invalid settings; lists every problem with the setting key, so the user can fix them at once. */
export class SettingsError extends Error {
    constructor(readonly problems: readonly string[]) {
        super(`Invalid FS Perf settings: ${problems.join(' ')}`);
        this.name = 'SettingsError';
    }
}

/**
 * Validates settings, filling defaults for missing values. `scenarioKey`, `availableScenarios` and `defaultScenarios`
 * (what runs when the setting says nothing; default: all available) are the caller's (the VS Code extension and the
 * Theia extension run different scenarios).
 */
export function validateBenchmarkSettings(raw: RawBenchmarkSettings, scenarioKey: string, availableScenarios: readonly string[],
    defaultScenarios: readonly string[] = availableScenarios): BenchmarkSettings {
    // Each setting adds its problems here and falls back to its default, so one error lists every problem.
    const problems: string[] = [];
    const iterations = countSetting(problems, SETTING_KEYS.iterations, raw.iterations, DEFAULT_ITERATIONS, ITERATIONS_RANGE);
    const warmup = countSetting(problems, SETTING_KEYS.warmup, raw.warmup, DEFAULT_WARMUP, WARMUP_RANGE);
    const sizes = sizesSetting(problems, raw.sizes);
    const order = orderSetting(problems, raw.order);
    const scenarios = scenariosSetting(problems, raw.scenarios, scenarioKey, availableScenarios, defaultScenarios);
    const fixturesFolder = fixturesFolderSetting(problems, raw.fixturesFolder);
    const precisionPercent = precisionSetting(problems, raw.precision);
    const cpuPass = cpuPassSetting(problems, raw.cpuPass);
    const cpuPassMs = countSetting(problems, SETTING_KEYS.cpuPassMs, raw.cpuPassMs, DEFAULT_CPU_PASS_MS, CPU_PASS_MS_RANGE);
    const pauseMs = countSetting(problems, SETTING_KEYS.pause, raw.pause, 0, PAUSE_RANGE);
    const treeSizes = treeSizesSetting(problems, raw.treeSizes);
    const treeConcurrency = countSetting(problems, SETTING_KEYS.treeConcurrency, raw.treeConcurrency, DEFAULT_TREE_CONCURRENCY, TREE_CONCURRENCY_RANGE);
    if (problems.length > 0) {
        throw new SettingsError(problems);
    }
    return {
        iterations, warmup, sizes, order, scenarios, fixturesFolder, ...(precisionPercent === undefined ? {} : { precisionPercent }), cpuPass, cpuPassMs, pauseMs,
        treeSizes, treeConcurrency,
    };
}

function countSetting(problems: string[], key: string, value: unknown, fallback: number, range: { min: number; max: number }): number {
    if (value === undefined) {
        return fallback;
    }
    if (typeof value !== 'number' || !Number.isInteger(value) || value < range.min || value > range.max) {
        problems.push(`'${key}' must be a whole number from ${range.min} to ${range.max} (it is ${JSON.stringify(value)}).`);
        return fallback;
    }
    return value;
}

function sizesSetting(problems: string[], value: unknown): FixtureSize[] {
    if (value === undefined) {
        return parseSizeList(FIXTURE_SIZE_LABELS);
    }
    if (!Array.isArray(value) || value.some(size => typeof size !== 'string')) {
        problems.push(`'${SETTING_KEYS.sizes}' must be a list of sizes such as ["1K", "50K"].`);
        return parseSizeList(FIXTURE_SIZE_LABELS);
    }
    try {
        return parseSizeList(value as string[]);
    } catch (error) {
        problems.push(`'${SETTING_KEYS.sizes}': ${(error as Error).message}`);
        return parseSizeList(FIXTURE_SIZE_LABELS);
    }
}

function orderSetting(problems: string[], value: unknown): SizeOrder {
    if (value === undefined) {
        return 'ascending';
    }
    if (SIZE_ORDERS.includes(value as SizeOrder)) {
        return value as SizeOrder;
    }
    problems.push(`'${SETTING_KEYS.order}' must be "ascending", "descending" or "shuffled" (it is ${JSON.stringify(value)}).`);
    return 'ascending';
}

/** The generated trees to go over: a list of tree sizes (`1k`, `10k`, `100k`); none is allowed (a run without tree scenarios). */
function treeSizesSetting(problems: string[], value: unknown): TreeSize[] {
    const fallback = (): TreeSize[] => parseTreeSizeList(DEFAULT_TREE_SIZE_LABELS);
    if (value === undefined) {
        return fallback();
    }
    if (!Array.isArray(value) || value.some(size => typeof size !== 'string')) {
        problems.push(`'${SETTING_KEYS.treeSizes}' must be a list of tree sizes such as ["1k", "10k"].`);
        return fallback();
    }
    try {
        return parseTreeSizeList(value as string[]);
    } catch (error) {
        problems.push(`'${SETTING_KEYS.treeSizes}': ${(error as Error).message}`);
        return fallback();
    }
}

/** The chosen scenario ids in the caller's run order. */
function scenariosSetting(problems: string[], value: unknown, scenarioKey: string, availableScenarios: readonly string[],
    defaultScenarios: readonly string[]): string[] {
    if (value === undefined) {
        return [...defaultScenarios];
    }
    if (!Array.isArray(value) || value.some(id => typeof id !== 'string')) {
        problems.push(`'${scenarioKey}' must be a list of scenario ids.`);
        return [...defaultScenarios];
    }
    const unknown = value.filter(id => !availableScenarios.includes(id));
    if (unknown.length > 0) {
        problems.push(`'${scenarioKey}' has unknown scenario ${unknown.map(id => `'${id}'`).join(', ')}: use ${availableScenarios.join(', ')}.`);
    } else if (value.length === 0) {
        problems.push(`'${scenarioKey}' is empty: choose at least one of ${availableScenarios.join(', ')}.`);
    } else {
        return availableScenarios.filter(id => (value as string[]).includes(id));
    }
    return [...defaultScenarios];
}

function fixturesFolderSetting(problems: string[], value: unknown): string {
    if (value === undefined || value === '') {
        return DEFAULT_FIXTURES_FOLDER;
    }
    if (typeof value !== 'string') {
        problems.push(`'${SETTING_KEYS.fixturesFolder}' must be a folder path relative to the workspace.`);
        return DEFAULT_FIXTURES_FOLDER;
    }
    try {
        return normalizeWorkspaceRelativePath(value);
    } catch (error) {
        problems.push(`'${SETTING_KEYS.fixturesFolder}': ${(error as Error).message}`);
        return DEFAULT_FIXTURES_FOLDER;
    }
}

/** The precision target in percent; undefined when off (0 or not set). */
function precisionSetting(problems: string[], value: unknown): number | undefined {
    if (value === undefined || value === 0) {
        return undefined;
    }
    if (typeof value !== 'number' || !Number.isFinite(value) || value < PRECISION_RANGE.min || value > PRECISION_RANGE.max) {
        problems.push(`'${SETTING_KEYS.precision}' must be a percentage from ${PRECISION_RANGE.min} (off) to ${PRECISION_RANGE.max} (it is ${JSON.stringify(value)}).`);
        return undefined;
    }
    return value;
}

function cpuPassSetting(problems: string[], value: unknown): boolean {
    if (value === undefined) {
        return true;
    }
    if (typeof value !== 'boolean') {
        problems.push(`'${SETTING_KEYS.cpuPass}' must be true or false (it is ${JSON.stringify(value)}).`);
        return true;
    }
    return value;
}

/**
 * Normalizes a path relative to a workspace folder to `a/b` form. Rejects absolute paths, drive letters,
 * NUL bytes and `..` that would leave the folder.
 */
export function normalizeWorkspaceRelativePath(input: string): string {
    if (input.includes('\0')) {
        throw new Error('the path contains a NUL byte.');
    }
    const slashed = input.trim().replace(/\\/g, '/');
    if (slashed.startsWith('/') || /^[a-zA-Z]:/.test(slashed) || /^[a-z][a-z0-9+.-]*:\/\//i.test(slashed)) {
        throw new Error(`'${input}' is not relative: give a folder inside the workspace, such as '${DEFAULT_FIXTURES_FOLDER}'.`);
    }
    const parts: string[] = [];
    for (const part of slashed.split('/')) {
        if (part === '' || part === '.') {
            continue;
        }
        if (part === '..') {
            if (parts.length === 0) {
                throw new Error(`'${input}' leads outside the workspace: give a folder inside it.`);
            }
            parts.pop();
            continue;
        }
        parts.push(part);
    }
    if (parts.length === 0) {
        throw new Error(`'${input}' is the workspace folder itself: give a sub-folder such as '${DEFAULT_FIXTURES_FOLDER}'.`);
    }
    return parts.join('/');
}
