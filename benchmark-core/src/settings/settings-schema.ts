import { DEFAULT_ITERATIONS, DEFAULT_WARMUP, ITERATIONS_RANGE, WARMUP_RANGE } from '../measure/runner';
import { SCENARIO_CATALOG, ScenarioCatalogEntry, ScenarioSuite, suiteScenarioIds } from '../measure/scenario-catalog';
import { DEFAULT_TREE_CONCURRENCY, TREE_CONCURRENCY_RANGE } from '../measure/tree-walks';
import { DEFAULT_TREE_SIZE_LABELS, TREE_SIZE_LABELS } from '../measure/trees';
import { CPU_PASS_MS_RANGE, DEFAULT_CPU_PASS_MS, DEFAULT_FIXTURES_FOLDER, PAUSE_RANGE, PRECISION_RANGE, SETTING_KEYS } from './settings';
import { FIXTURE_SIZE_LABELS, SIZE_ORDERS } from '../measure/sizes';

/** Title of the settings section in both editors. */
export const SETTINGS_TITLE = 'FS Perf';

/** The setting that lists the scenarios a suite runs (each extension has its own list). */
export const SCENARIO_SETTING_KEYS = {
    vscode: 'fsPerf.scenarios',
    theia: 'fsPerf.theia.scenarios',
} as const satisfies Record<ScenarioSuite, string>;

/** The command whose scenarios a suite's scenario setting chooses, for the setting's description. */
const SCENARIO_SETTING_COMMAND: Readonly<Record<ScenarioSuite, string>> = Object.freeze({
    vscode: '"Run Benchmark"',
    theia: '"FS Perf: Run Theia Benchmark"',
});

/** The part of JSON Schema the settings use; both VS Code's `contributes.configuration` and Theia's preference schema accept it. */
export interface SettingSchema {
    readonly type: 'integer' | 'number' | 'string' | 'array' | 'boolean';
    readonly default: unknown;
    readonly description: string;
    readonly minimum?: number;
    readonly maximum?: number;
    readonly enum?: readonly string[];
    readonly items?: { readonly type: 'string'; readonly enum: readonly string[]; readonly enumDescriptions?: readonly string[] };
    readonly uniqueItems?: boolean;
    readonly minItems?: number;
}

/**
 * Every setting of one extension, with types, bounds, defaults and descriptions: the one source of both the
 * VS Code extension's `contributes.configuration` (written into its package.json by its build) and the
 * Theia extension's preference schema.
 */
export function extensionSettingsSchema(suite: ScenarioSuite): Record<string, SettingSchema> {
    const scenarios = Object.values<ScenarioCatalogEntry>(SCENARIO_CATALOG).filter(scenario => scenario.suite === suite);
    const ids = scenarios.map(scenario => scenario.id);
    const properties: Record<string, SettingSchema> = {
        [SETTING_KEYS.iterations]: {
            type: 'integer', default: DEFAULT_ITERATIONS, minimum: ITERATIONS_RANGE.min, maximum: ITERATIONS_RANGE.max,
            description: 'Timed samples per scenario and size.',
        },
        [SETTING_KEYS.warmup]: {
            type: 'integer', default: DEFAULT_WARMUP, minimum: WARMUP_RANGE.min, maximum: WARMUP_RANGE.max,
            description: 'Warm-up samples per scenario and size, run before the timed ones and reported apart.',
        },
        [SETTING_KEYS.sizes]: {
            type: 'array', items: { type: 'string', enum: [...FIXTURE_SIZE_LABELS] }, uniqueItems: true, minItems: 1,
            default: [...FIXTURE_SIZE_LABELS], description: 'Fixture sizes to measure (K = 1024 bytes).',
        },
        [SETTING_KEYS.order]: {
            type: 'string', enum: [...SIZE_ORDERS], default: 'ascending',
            description: 'Order in which each round visits the cases: by size ascending or descending, or shuffled afresh every round (what one case leaves behind, such as garbage, then lands on a different case each round).',
        },
        [SCENARIO_SETTING_KEYS[suite]]: {
            type: 'array',
            items: { type: 'string', enum: ids, enumDescriptions: scenarios.map(scenario => scenario.description) },
            uniqueItems: true, minItems: 1, default: [...suiteScenarioIds(suite)],
            description: `Scenarios ${SCENARIO_SETTING_COMMAND[suite]} measures. The big-tree scenarios (a stat storm, a walk, find files over the `
                + 'generated trees of \'fsPerf.treeSizes\'), most writes (the bare-Node floors of writeFile, and the bursts of small files created then '
                + 'deleted) and file watching (a change\'s event, a burst of creations counted) are not in the default: add them here.',
        },
        [SETTING_KEYS.treeSizes]: {
            type: 'array', items: { type: 'string', enum: [...TREE_SIZE_LABELS] }, uniqueItems: true,
            default: [...DEFAULT_TREE_SIZE_LABELS],
            description: 'Generated trees the big-tree scenarios go over (1k, 10k or 100k files; 100k takes much longer), one case each; '
                + 'Generate Test Files writes them.',
        },
        [SETTING_KEYS.treeConcurrency]: {
            type: 'integer', default: DEFAULT_TREE_CONCURRENCY, minimum: TREE_CONCURRENCY_RANGE.min, maximum: TREE_CONCURRENCY_RANGE.max,
            description: 'Calls in flight in the stat storms that keep several calls going (N in flight).',
        },
        [SETTING_KEYS.fixturesFolder]: {
            type: 'string', default: DEFAULT_FIXTURES_FOLDER, description: 'Folder of the test files, relative to the first workspace folder.',
        },
        [SETTING_KEYS.precision]: {
            type: 'number', default: 0, minimum: PRECISION_RANGE.min, maximum: PRECISION_RANGE.max,
            description: 'Precision target, percent: each case samples on past the timed samples until the 95% interval of its median is '
                + 'within this percentage of it (or its time budget is spent). 0 takes exactly the timed samples.',
        },
        [SETTING_KEYS.cpuPass]: {
            type: 'boolean', default: true,
            description: 'After the timed samples, repeat each call of 500K and up for about a second, untimed, between two readings of the CPU time '
                + 'of the processes the extension can see, and report CPU ms per MB moved per process.',
        },
        [SETTING_KEYS.cpuPassMs]: {
            type: 'integer', default: DEFAULT_CPU_PASS_MS, minimum: CPU_PASS_MS_RANGE.min, maximum: CPU_PASS_MS_RANGE.max,
            description: 'How long each CPU pass repeats its call, milliseconds (at least 3 calls). CPU time is read in nanoseconds where Linux '
                + 'keeps schedstat, so a short pass is enough; `yarn bench --compare` uses 250.',
        },
        [SETTING_KEYS.pause]: {
            type: 'integer', default: 0, minimum: PAUSE_RANGE.min, maximum: PAUSE_RANGE.max,
            description: 'Before each sample, wait idle as long as the previous sample took, at most this many milliseconds, outside the timed region, '
                + 'so that what one read leaves behind (garbage, background work in the backend or plugin host) settles before the next read. 0: no pause.',
        },
    };
    return properties;
}
