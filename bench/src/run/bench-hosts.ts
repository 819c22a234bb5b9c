/** The hosts `yarn bench` measures, in the order it measures them, and their names in the terminal and the report. */
import { LOOPBACK, NetworkProfile } from '@fs-perf/benchmark-core';

export const BENCH_HOSTS = ['theia-browser', 'vscode-server', 'theia-electron', 'vscode-desktop'] as const;
export type BenchHost = typeof BENCH_HOSTS[number];

export const HOST_NAMES: Record<BenchHost, string> = {
    'theia-browser': 'Theia browser app (extension + plugin)',
    'vscode-server': 'VS Code server (code-server)',
    'theia-electron': 'Theia Electron app (extension + plugin)',
    'vscode-desktop': 'VS Code desktop',
};

/** A link `--network` measures over, or loopback (no emulated link). */
export type NetworkChoice = NetworkProfile | typeof LOOPBACK;

/** One thing measured: a host, or for `--theia-version` one Theia release as the theia-browser host. */
export interface BenchTarget {
    /** Results file name and log prefix: the host, or `theia-browser-<version>`. */
    readonly id: string;
    readonly host: BenchHost;
    readonly name: string;
    readonly theiaVersion?: string;
}

/** One host over one link: `key` names its results file (`theia-browser`, `theia-browser@dsl`). */
export interface BenchRun {
    readonly key: string;
    readonly name: string;
    readonly target: BenchTarget;
    readonly network: NetworkChoice;
}

/** Every target over every link, hosts within links (the order a round measures them in). */
export function benchRuns(targets: readonly BenchTarget[], networks: readonly NetworkChoice[]): BenchRun[] {
    return networks.flatMap(network => targets.map(target => network === LOOPBACK
        ? { key: target.id, name: target.name, target, network }
        : { key: `${target.id}@${network.name}`, name: `${target.name} over ${network.name}`, target, network }));
}

/** The hosts to measure; with `--theia-version`, one theia-browser target per release in browser-app's place. */
export function benchTargets(options: { readonly hosts: readonly BenchHost[]; readonly theiaVersions?: readonly string[] }): BenchTarget[] {
    return options.hosts.flatMap((host): BenchTarget[] => host === 'theia-browser' && options.theiaVersions?.length
        ? options.theiaVersions.map(version => ({ id: `theia-browser-${version}`, host, name: `Theia ${version} browser app (extension + plugin)`, theiaVersion: version }))
        : [{ id: host, host, name: HOST_NAMES[host] }]);
}
