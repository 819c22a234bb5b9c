import { PreferenceSchema } from '@theia/core/lib/common/preferences/preference-schema';
import { DEFAULT_FIXTURES_FOLDER, DEFAULT_ITERATIONS, DEFAULT_WARMUP, FIXTURE_SIZE_LABELS, ITERATIONS_RANGE, SETTING_KEYS, THEIA_SCENARIO_IDS, WARMUP_RANGE } from '@fs-perf/benchmark-core';

/** The Theia extension's own scenario list (the VS Code extension's `fsPerf.scenarios` lists other scenarios). */
export const THEIA_SCENARIOS_PREFERENCE = 'fsPerf.theia.scenarios';

/**
 * The same settings as the VS Code extension's `contributes.configuration` (when both are loaded, the
 * first registered schema of a key wins; both have the same types and defaults), plus Theia's scenarios.
 */
export const fsPerfPreferenceSchema: PreferenceSchema = {
    title: 'FS Perf',
    properties: {
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
            type: 'string', enum: ['ascending', 'descending'], default: 'ascending', description: 'Order in which sizes are measured.',
        },
        [SETTING_KEYS.fixturesFolder]: {
            type: 'string', default: DEFAULT_FIXTURES_FOLDER, description: 'Folder of the test files, relative to the first workspace folder.',
        },
        [THEIA_SCENARIOS_PREFERENCE]: {
            type: 'array', items: { type: 'string', enum: [...THEIA_SCENARIO_IDS] }, uniqueItems: true, minItems: 1,
            default: [...THEIA_SCENARIO_IDS], description: 'Scenarios "FS Perf: Run Theia Benchmark" measures.',
        },
    },
};
