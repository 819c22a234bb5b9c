/**
 * The preflight every command that starts hosts runs before any build, install or download: it checks only what the
 * requested run needs (Node, Chromium, a display, code-server's platform, Go for Toxiproxy) and names the fix for each
 * problem, all at once. Pure functions over an injectable {@link PreflightEnvironment}, so each refusal is testable without
 * changing the machine; {@link machineEnvironment} is the real one.
 */
import { spawnSync } from 'child_process';
import { existsSync, readFileSync } from 'fs';
import { LOOPBACK } from '@fs-perf/benchmark-core';
import { ChromiumLookup, findChromium, MACHINE_CHROMIUM_LOOKUP } from '../hosts/chromium';
import { CODE_SERVER_NODE_MAJOR, CODE_SERVER_VERSION } from '../hosts/code-server';
import { hasDisplay, NO_DISPLAY } from '../hosts/vscode-desktop';
import { TOXIPROXY_INSTALL_SCRIPT, TOXIPROXY_MINIMUM_GO } from '../link/toxiproxy';
import { parseCpuList } from '../util/affinity';
import { chooseDuetCores } from './compare/duet';
import { BenchHost } from './bench-hosts';
import { BenchOptions } from './option-table';

/** The oldest Node any part of fs-perf runs on (package.json `engines`, scripts/install-prerequisites.sh). */
export const MINIMUM_NODE_MAJOR = 20;
/** The newest Node major fs-perf was tried on (the Theia hosts); newer ones get a warning, not a refusal. */
export const NEWEST_TRIED_NODE_MAJOR = 22;

/** What the preflight looks at: the machine by default, anything in tests. */
export interface PreflightEnvironment extends ChromiumLookup {
    /** `process.version`, e.g. `v20.20.2`. */
    readonly nodeVersion: string;
    readonly platform: NodeJS.Platform;
    /** Path of an executable on PATH, like `which`; undefined where there is none. */
    which(command: string): string | undefined;
    /** A command's standard output where it exits 0, else undefined. */
    commandOutput(command: string, args: readonly string[]): string | undefined;
    /** The cores this process may run on (`nproc`'s count), undefined off Linux. */
    allowedCores(): number[] | undefined;
}

/** What a run needs checked. */
export interface PreflightRequest {
    readonly hosts: readonly BenchHost[];
    /** Whether the user named the hosts (then a host that cannot run is refused; else a desktop host without a display is skipped). */
    readonly hostsGiven: boolean;
    /** Whether an emulated link was asked for (`--network` other than loopback): Toxiproxy, or Go to build it. */
    readonly network: boolean;
    /** Whether `--compare --duet` was asked for: 2 cores to pin the sides to, and taskset to pin them with. */
    readonly duet?: boolean;
}

export interface PreflightResult {
    /** Each a reason the run cannot start, naming the fix. */
    readonly problems: string[];
    /** Things the user should know that do not stop the run. */
    readonly notes: string[];
}

function output(command: string, args: readonly string[]): string | undefined {
    const result = spawnSync(command, args, { encoding: 'utf8', timeout: 10_000 });
    return result.status === 0 ? result.stdout : undefined;
}

/** The real machine. */
export function machineEnvironment(): PreflightEnvironment {
    return {
        ...MACHINE_CHROMIUM_LOOKUP,
        nodeVersion: process.version,
        platform: process.platform,
        exists: existsSync,
        which: command => output('sh', ['-c', 'command -v "$1"', 'sh', command])?.trim() || undefined,
        commandOutput: output,
        allowedCores: () => {
            try {
                return parseCpuList(/^Cpus_allowed_list:\s*(.*)$/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '');
            } catch {
                return undefined;
            }
        },
    };
}

function nodeMajor(version: string): number {
    return Number(/^v?(\d+)/.exec(version)?.[1] ?? 0);
}

/** `--hosts` without `left`, for a message that says how to run without it (undefined where nothing would be left). */
function hostsWithout(hosts: readonly BenchHost[], left: readonly BenchHost[]): string | undefined {
    const rest = hosts.filter(host => !left.includes(host));
    return rest.length > 0 ? `--hosts ${rest.join(',')}` : undefined;
}

/** Node: 20 or newer for anything; exactly 20 for the vscode-server host (code-server 4.100.3 installs on no other). */
export function nodeProblems(request: PreflightRequest, environment: Pick<PreflightEnvironment, 'nodeVersion'>): PreflightResult {
    const major = nodeMajor(environment.nodeVersion);
    if (major < MINIMUM_NODE_MAJOR) {
        return { problems: [`Node ${environment.nodeVersion} is too old: fs-perf needs Node ${MINIMUM_NODE_MAJOR} (e.g. \`nvm install ${MINIMUM_NODE_MAJOR}\`), then \`yarn\` again.`], notes: [] };
    }
    if (request.hosts.includes('vscode-server') && major !== CODE_SERVER_NODE_MAJOR) {
        const without = hostsWithout(request.hosts, ['vscode-server']);
        return {
            problems: [`the vscode-server host needs Node ${CODE_SERVER_NODE_MAJOR}: code-server ${CODE_SERVER_VERSION} (VS Code 1.100.3) installs on no other, and this is Node ${environment.nodeVersion}. `
                + `Use Node ${CODE_SERVER_NODE_MAJOR} (e.g. \`nvm install ${CODE_SERVER_NODE_MAJOR} && nvm use ${CODE_SERVER_NODE_MAJOR}\`, then \`yarn\` again)`
                + `${without ? `, or leave that host out: ${without}` : ''}.`],
            notes: [],
        };
    }
    return major > NEWEST_TRIED_NODE_MAJOR
        ? { problems: [], notes: [`Node ${environment.nodeVersion} is untested: fs-perf runs every host on Node ${MINIMUM_NODE_MAJOR}, and the Theia hosts on Node ${NEWEST_TRIED_NODE_MAJOR}.`] }
        : { problems: [], notes: [] };
}

/** Chromium, for the hosts whose page it shows (theia-browser, vscode-server). */
export function chromiumProblems(request: PreflightRequest, environment: ChromiumLookup): PreflightResult {
    if (!request.hosts.some(host => host === 'theia-browser' || host === 'vscode-server')) {
        return { problems: [], notes: [] };
    }
    const found = findChromium(environment);
    return { problems: 'problem' in found ? [`Chromium: ${found.problem}`] : [], notes: [] };
}

/** code-server's installer is Linux only. */
export function platformProblems(request: PreflightRequest, environment: Pick<PreflightEnvironment, 'platform'>): PreflightResult {
    if (!request.hosts.includes('vscode-server') || environment.platform === 'linux') {
        return { problems: [], notes: [] };
    }
    const without = hostsWithout(request.hosts, ['vscode-server']);
    return {
        problems: [`the vscode-server host runs code-server, which scripts/install-code-server.sh installs on Linux only, and this is ${environment.platform}`
            + `${without ? `: leave that host out (${without}), or run fs-perf on Linux (e.g. in a Debian 12 container)` : ': run fs-perf on Linux (e.g. in a Debian 12 container)'}.`],
        notes: [],
    };
}

/** A display for the desktop hosts' windows: refused where the user named such a host, else the host is skipped (said here). */
export function displayProblems(request: PreflightRequest, environment: Pick<PreflightEnvironment, 'platform' | 'env'>): PreflightResult {
    const desktop = request.hosts.filter(host => host === 'vscode-desktop' || host === 'theia-electron');
    if (desktop.length === 0 || hasDisplay(environment.platform, environment.env)) {
        return { problems: [], notes: [] };
    }
    if (request.hostsGiven) {
        const without = hostsWithout(request.hosts, desktop);
        return { problems: [`${desktop.join(' and ')}: ${NO_DISPLAY}${without ? `; or leave ${desktop.length > 1 ? 'them' : 'it'} out: ${without}` : ''}.`], notes: [] };
    }
    return { problems: [], notes: [`${desktop.join(' and ')} will be skipped: ${NO_DISPLAY}.`] };
}

/** Toxiproxy for `--network`: installed already, or Go 1.22+ on PATH to build it. */
export function networkProblems(request: PreflightRequest, environment: Pick<PreflightEnvironment, 'which' | 'commandOutput'>): PreflightResult {
    if (!request.network || environment.commandOutput('bash', [TOXIPROXY_INSTALL_SCRIPT, '--print-bin']) !== undefined) {
        return { problems: [], notes: [] };
    }
    const minimum = `Go ${TOXIPROXY_MINIMUM_GO.major}.${TOXIPROXY_MINIMUM_GO.minor}`;
    const why = `--network emulates its links with Toxiproxy, which scripts/install-toxiproxy.sh builds with ${minimum} or newer`;
    const fix = 'install Go from https://go.dev/dl/ (Debian 12\'s golang-go is 1.19, too old) and put its bin folder on PATH (e.g. PATH=/usr/local/go/bin:$PATH), or leave out --network.';
    const go = environment.which('go');
    if (!go) {
        return { problems: [`${why}, and there is no \`go\` on PATH: ${fix}`], notes: [] };
    }
    const version = /go(\d+)\.(\d+)/.exec(environment.commandOutput(go, ['version']) ?? '');
    const tooOld = version && (Number(version[1]) < TOXIPROXY_MINIMUM_GO.major
        || (Number(version[1]) === TOXIPROXY_MINIMUM_GO.major && Number(version[2]) < TOXIPROXY_MINIMUM_GO.minor));
    return tooOld ? { problems: [`${why}, and ${go} is Go ${version[1]}.${version[2]}: ${fix}`], notes: [] }
        : { problems: [], notes: ['Toxiproxy is not installed yet: it is built with Go first (about a minute).'] };
}

/** `--duet`: two cores this process may run on (one for each side), and util-linux's taskset to pin the sides with. */
export function duetProblems(request: PreflightRequest, environment: Pick<PreflightEnvironment, 'which' | 'allowedCores'>): PreflightResult {
    if (!request.duet) {
        return { problems: [], notes: [] };
    }
    const cores = chooseDuetCores(environment.allowedCores());
    const taskset = environment.which('taskset') === undefined
        ? ['--duet pins each side\'s processes to its core with taskset, and there is no `taskset` on PATH: install util-linux (e.g. `apt-get install util-linux`), or leave out --duet.']
        : [];
    return { problems: [...typeof cores === 'string' ? [cores] : [], ...taskset], notes: [] };
}

/** Every check the request needs, in the order a user would fix them. */
export function preflight(request: PreflightRequest, environment: PreflightEnvironment): PreflightResult {
    const results = [nodeProblems, platformProblems, chromiumProblems, displayProblems, networkProblems, duetProblems].map(check => check(request, environment));
    return { problems: results.flatMap(result => result.problems), notes: results.flatMap(result => result.notes) };
}

/** The preflight request of a `yarn bench` run (`hostsGiven`: whether `--hosts` was on the command line). */
export function benchRequest(options: Pick<BenchOptions, 'hosts' | 'networks' | 'compare'>, hostsGiven: boolean): PreflightRequest {
    return { hosts: options.hosts, hostsGiven, network: options.networks.some(choice => choice !== LOOPBACK), duet: options.compare?.duet === true };
}

/**
 * Runs the preflight and prints its result: the problems on stderr (then false: do not start), the notes on stdout.
 * `environment` defaults to the real machine.
 */
export function checkBeforeStarting(request: PreflightRequest, environment: PreflightEnvironment = machineEnvironment()): boolean {
    const { problems, notes } = preflight(request, environment);
    notes.forEach(note => console.log(`note: ${note}`));
    if (problems.length > 0) {
        console.error(`error: this run cannot start here (nothing was built or downloaded):\n${problems.map(problem => `  - ${problem}`).join('\n')}`);
        return false;
    }
    return true;
}
