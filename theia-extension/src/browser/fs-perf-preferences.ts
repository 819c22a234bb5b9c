import { interfaces } from '@theia/core/shared/inversify';
import { createPreferenceProxy, PreferenceContribution, PreferenceProxy, PreferenceSchema, PreferenceService } from './preferences-compat';
import { extensionSettingsSchema, SCENARIO_SETTING_KEYS, SETTING_KEYS, SETTINGS_TITLE, SizeOrder } from '@fs-perf/benchmark-core';

/**
 * The same settings as the VS Code extension's `contributes.configuration` (both come from benchmark-core's
 * schema; when both are loaded the first registered schema of a key wins), with Theia's own scenario list.
 */
export const fsPerfPreferenceSchema: PreferenceSchema = {
    title: SETTINGS_TITLE,
    properties: extensionSettingsSchema('theia') as PreferenceSchema['properties'],
};

export interface FsPerfConfiguration {
    [SETTING_KEYS.iterations]: number;
    [SETTING_KEYS.warmup]: number;
    [SETTING_KEYS.sizes]: string[];
    [SETTING_KEYS.order]: SizeOrder;
    [SETTING_KEYS.fixturesFolder]: string;
    [SETTING_KEYS.precision]: number;
    [SETTING_KEYS.cpuPass]: boolean;
    [SETTING_KEYS.cpuPassMs]: number;
    [SETTING_KEYS.pause]: number;
    [SCENARIO_SETTING_KEYS.theia]: string[];
}

export const FsPerfPreferenceContribution = Symbol('FsPerfPreferenceContribution');
export const FsPerfPreferences = Symbol('FsPerfPreferences');
export type FsPerfPreferences = PreferenceProxy<FsPerfConfiguration>;

export function bindFsPerfPreferences(bind: interfaces.Bind): void {
    bind(FsPerfPreferences).toDynamicValue(ctx =>
        createPreferenceProxy<FsPerfConfiguration>(ctx.container.get<PreferenceService>(PreferenceService), fsPerfPreferenceSchema)).inSingletonScope();
    bind(FsPerfPreferenceContribution).toConstantValue({ schema: fsPerfPreferenceSchema });
    bind(PreferenceContribution).toService(FsPerfPreferenceContribution);
}
