/**
 * The kinds of run `yarn bench` makes (a comparison, over a link, of releases, of a Theia at a URL, of the trees, of the
 * writes, of file watching), each
 * with the flag that asks for it, how it words a refusal, and the settings it hands the editors; and the defaults a run
 * over a link starts from. The option table (option-table.ts) says which flags apply in which.
 */
import { LOOPBACK, SCENARIO_CATALOG, SCENARIO_SETTING_KEYS, SETTING_KEYS, TREE_SCENARIO_IDS, WATCH_SCENARIO_IDS, WRITE_SCENARIO_IDS } from '@fs-perf/benchmark-core';
import { NetworkChoice } from './bench-hosts';
import { COMPARE_PLUGIN_SCENARIOS, COMPARE_THEIA_SCENARIOS } from './compare-options';

/**
 * Under an emulated link every byte of a read crosses a slow wire, so a run with `--network` measures fewer things by
 * default: the reads a cloud IDE's users wait on (a plugin's read, traced and not, VS Code's read in its extension host and
 * through its workbench, the in-host Node fs that avoids the page, Theia's FileService, its backend's disk read and an HTTP
 * fetch of the same bytes), 6 timed samples (the fewest with a median interval) and one warm-up, no precision target,
 * no CPU passes. Every option given on the command line wins.
 */
export const NETWORK_DEFAULTS = {
    iterations: 6,
    warmup: 1,
    precision: 0,
    scenarios: {
        vscode: [SCENARIO_CATALOG.vscodeReadFile.id, SCENARIO_CATALOG.vscodeReadFileWorkbench.id, SCENARIO_CATALOG.vscodeReadFileHops.id,
            SCENARIO_CATALOG.extensionHostNodeReadFile.id],
        theia: [SCENARIO_CATALOG.theiaFileServiceReadFile.id, SCENARIO_CATALOG.theiaDiskFloor.id, SCENARIO_CATALOG.theiaHttpFetch.id],
    },
} as const;

/**
 * The kinds of run a flag can apply with: a run without `--compare` (`plain`), a comparison (`--compare`), and what
 * `--network` (over an emulated link), `--theia-version` and `--theia-url` make of a plain run.
 */
export type RunMode = 'plain' | 'compare' | 'network' | 'theiaVersion' | 'theiaUrl' | 'trees' | 'writes' | 'watch';

/** A kind of run a flag asks for: the flag, how it words a refusal, and the settings it gives the apps beyond its flags'. */
export interface RunModeSpec {
    readonly flag: string;
    /** The refusal of `flags` given in such a run, each from its entry's reason for this mode. */
    refusal(flags: readonly string[], reasons: readonly string[]): string;
    readonly settings?: Readonly<Record<string, unknown>>;
}

/** `--x why; leave out --y (or --x).`: a mode that starts its own servers, against a flag that needs otherwise. */
function leaveOut(modeFlag: string): RunModeSpec['refusal'] {
    return (flags, reasons) => `${modeFlag} ${reasons[0]}; leave out ${flags.join(', ')} (or ${modeFlag}).`;
}

/** The modes a flag asks for, in the order their refusals are checked (a plain run is what none of them is). */
export const RUN_MODES: Readonly<Record<Exclude<RunMode, 'plain'>, RunModeSpec>> = {
    compare: {
        flag: '--compare',
        refusal: (flags, reasons) => `--compare does not take ${flags.join(', ')}: ${[...new Set(reasons)].join('; ')}.`,
        // Shuffled: each round visits the cases in a new order, so one case's leftovers (the 10000K RPC transport's garbage in
        // the page) do not always land on the same next case.
        settings: {
            [SETTING_KEYS.order]: 'shuffled', [SCENARIO_SETTING_KEYS.vscode]: COMPARE_PLUGIN_SCENARIOS, [SCENARIO_SETTING_KEYS.theia]: COMPARE_THEIA_SCENARIOS,
        },
    },
    network: {
        flag: '--network', refusal: leaveOut('--network'),
        settings: { [SCENARIO_SETTING_KEYS.vscode]: NETWORK_DEFAULTS.scenarios.vscode, [SCENARIO_SETTING_KEYS.theia]: NETWORK_DEFAULTS.scenarios.theia },
    },
    theiaVersion: { flag: '--theia-version', refusal: leaveOut('--theia-version') },
    trees: {
        flag: '--suite', refusal: leaveOut('--suite trees'),
        settings: { [SCENARIO_SETTING_KEYS.vscode]: TREE_SCENARIO_IDS.vscode, [SCENARIO_SETTING_KEYS.theia]: TREE_SCENARIO_IDS.theia },
    },
    writes: {
        flag: '--suite', refusal: leaveOut('--suite writes'),
        settings: { [SCENARIO_SETTING_KEYS.vscode]: WRITE_SCENARIO_IDS.vscode, [SCENARIO_SETTING_KEYS.theia]: WRITE_SCENARIO_IDS.theia },
    },
    watch: {
        flag: '--suite', refusal: leaveOut('--suite watch'),
        settings: { [SCENARIO_SETTING_KEYS.vscode]: WATCH_SCENARIO_IDS.vscode, [SCENARIO_SETTING_KEYS.theia]: WATCH_SCENARIO_IDS.theia },
    },
    // A flag refused with --theia-url says the whole of why in its reason: what the Theia there keeps of its own.
    theiaUrl: { flag: '--theia-url', refusal: (flags, reasons) => flags.map((flag, index) => `${flag} ${reasons[index]}`).join(' ') },
};

/** The modes of a run from the flags that ask for them (a `--network` of loopback alone emulates no link). */
export function runModes(run: { readonly compare?: unknown; readonly networks: readonly NetworkChoice[]; readonly theiaVersions?: unknown;
    readonly theiaUrl?: unknown; readonly bisect?: unknown; readonly resume?: unknown; readonly suite?: unknown }): RunMode[] {
    // A bisect is a chain of comparisons: every flag of --compare applies to its steps.
    return [
        run.compare === undefined && run.bisect === undefined && run.resume === undefined ? 'plain' : 'compare',
        ...run.networks.some(choice => choice !== LOOPBACK) ? ['network' as const] : [],
        ...run.theiaVersions === undefined ? [] : ['theiaVersion' as const],
        ...run.theiaUrl === undefined ? [] : ['theiaUrl' as const],
        ...run.suite === 'trees' ? ['trees' as const] : [],
        ...run.suite === 'writes' ? ['writes' as const] : [],
        ...run.suite === 'watch' ? ['watch' as const] : [],
    ];
}
