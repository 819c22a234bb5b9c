/**
 * Theia's preference API, from wherever the running release has it: `@theia/core/lib/common/preferences` since
 * Theia moved it there, `@theia/core/lib/browser/preferences` before (1.54.0 to 1.67.0 at least). The types are
 * the release this package compiles against; the values, and so the DI identifiers, are the running app's.
 * Both requires stay plain `require` calls in try/catch, which Theia's bundlers (webpack, esbuild) leave to run time.
 */
type PreferencesModule = typeof import('@theia/core/lib/common/preferences');

function loadPreferences(): PreferencesModule {
    try {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const common = require('@theia/core/lib/common/preferences') as Partial<PreferencesModule>;
        if (common.createPreferenceProxy && common.PreferenceService && common.PreferenceContribution) {
            return common as PreferencesModule;
        }
    } catch {
        // An older Theia: the browser module below.
    }
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('@theia/core/lib/browser/preferences') as PreferencesModule;
}

const preferences = loadPreferences();
export const createPreferenceProxy = preferences.createPreferenceProxy;
export const PreferenceContribution = preferences.PreferenceContribution;
export const PreferenceService = preferences.PreferenceService;
export type { PreferenceProxy, PreferenceSchema } from '@theia/core/lib/common/preferences';
// Interface and identifier share their names, as in Theia.
export type PreferenceService = import('@theia/core/lib/common/preferences').PreferenceService;
export type PreferenceContribution = import('@theia/core/lib/common/preferences').PreferenceContribution;
