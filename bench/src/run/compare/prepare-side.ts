/** One side of `--compare` made ready to start: its app built (a release, tarballs or a checkout) or its URL checked. */
import * as path from 'path';
import { HostSession } from '../../hosts/host-session';
import { checkTheiaReachable } from '../../hosts/theia-app';
import {
    defaultTheiaCache, ensureTheiaReleaseApp, installedVersion, packTheiaCheckout, planTheiaRelease, readTheiaTarballs, tarballsVersion, TheiaReleaseApp,
} from '../../hosts/theia-release';
import { SCENARIO_SETTING_KEYS, SETTING_KEYS } from '@fs-perf/benchmark-core';
import { COMPARE_DEFAULTS, CompareRunOptions, CompareSideSpec, compareSuiteScenarios } from '../compare-options';
import { PreparedSide } from './side';

/** Count passes a `--compare` side observes: "Run All" makes two a block (the Theia extension's, the plugin's), so its first 2 blocks. */
export const COMPARE_COUNTED_PASSES = 4;

/**
 * The settings of the apps a comparison starts: its CPU passes and pause, the cases visited in a new order each round, the
 * scenarios of its suite (or of the cell a bisect's step follows) and, for the trees, the trees their workspace gets.
 */
export function compareSideSettings(options: Pick<CompareRunOptions, 'compare' | 'cpuPass' | 'suite' | 'treeSizes'>): Record<string, unknown> {
    const scenarios = options.compare.scenarios ?? compareSuiteScenarios(options.suite);
    return {
        [SETTING_KEYS.cpuPass]: options.cpuPass, [SETTING_KEYS.cpuPassMs]: COMPARE_DEFAULTS.cpuPassMs, [SETTING_KEYS.order]: 'shuffled',
        [SETTING_KEYS.pause]: options.compare.pauseMs, [SCENARIO_SETTING_KEYS.vscode]: [...scenarios.plugin], [SCENARIO_SETTING_KEYS.theia]: [...scenarios.theia],
        ...options.suite === 'trees' ? { [SETTING_KEYS.treeSizes]: [...options.treeSizes ?? []] } : {},
    };
}

export async function prepareSide(spec: CompareSideSpec, options: CompareRunOptions, extension: () => Promise<string>): Promise<PreparedSide> {
    const { log } = options;
    const cache = options.theiaCache ?? defaultTheiaCache();
    if (spec.kind === 'url') {
        await checkTheiaReachable(spec.value, `Check the ${spec.side} side's URL: a running Theia with both fs-perf extensions and a folder open.`);
        return { spec, source: `the Theia at ${spec.value}`, where: 'remote', open: () => HostSession.remoteTheia(spec.value) };
    }
    let tarballFolder = spec.kind === 'tarballs' ? spec.value : undefined;
    if (spec.kind === 'checkout') {
        tarballFolder = await packTheiaCheckout(spec.value, path.join(cache, 'packs', `checkout-${spec.label}`), message => log(`  ${spec.label}: ${message}`));
    }
    const packed = tarballFolder ? await readTheiaTarballs(tarballFolder) : new Map();
    const version = tarballFolder ? tarballsVersion(packed) : spec.value;
    const plan = await planTheiaRelease(version, packed);
    // One app per label and what it is built from: an A/A run (the same release on both sides) gets two separate builds.
    const folderName = `compare-${spec.label}-${spec.kind === 'release' ? version : spec.kind}`;
    const app: TheiaReleaseApp = await ensureTheiaReleaseApp({ ...plan, folderName }, await extension(), {
        cache, force: options.force, log: message => log(`  ${spec.label}: ${message}`), outputPrefix: `    ${spec.label}| `, vsix: options.vsix,
    });
    const core = installedVersion(app.folder, '@theia/core');
    if (core !== version) {
        throw new Error(`the ${spec.label} app in ${app.folder} has @theia/core ${core ?? '(none)'}, not ${version}; run again with --force.`);
    }
    const source = spec.kind === 'release' ? plan.source ?? `Theia ${version} from the registry`
        : `${spec.kind === 'checkout' ? `the Theia checkout ${spec.value}, packed: ` : `tarballs in ${spec.value}: `}${plan.source}`;
    // The first blocks' count passes only: enough to see whether counts vary between fresh processes of identical code.
    const countBudget = { remaining: COMPARE_COUNTED_PASSES };
    return {
        spec, source, where: 'local',
        openOn: (workspace, settings) => HostSession.theiaBrowser({
            workspace: { path: workspace }, settings, appMain: app.main, pluginFolders: [app.plugins],
            onServerStarted: server => log(`  ${spec.label}: backend PID ${server.pid} at ${server.baseUrl}, workspace ${workspace}`),
        }),
        open: () => HostSession.theiaBrowser({
            counts: countBudget,
            // Shuffled: each round visits the cases in a new order, so one case's leftovers (the 10000K RPC transport's garbage
            // in the page) do not always land on the same next case (FileService.readFile of 500K, first in an ascending round).
            // The pause: what a read leaves behind settles before the next read's clock starts (`--pause`).
            settings: compareSideSettings(options),
            appMain: app.main,
            pluginFolders: [app.plugins],
            onServerStarted: (server, workspace) => log(`  ${spec.label}: backend PID ${server.pid} at ${server.baseUrl}, workspace ${workspace}`),
        }),
    };
}
