/**
 * `--duet`: both sides' blocks of a pair measured at the same time, each side's processes pinned to a core of its own
 * (Bulej et al., ICPE 2020, "Duet benchmarking"), so a pair's ratio comes from two blocks that saw the same machine.
 * Which core each side gets in a pair (swapped every pair, so a faster core lands on each side as often), which
 * processes are a side's (its backend's process group and descendants: plugin host, ripgrep...; its browser's: the
 * browser, renderer, GPU and utility processes), and pinning them all with taskset. The driver (this process) stays
 * unpinned: it is idle while the blocks run.
 */
import { ComparisonSide } from '@fs-perf/benchmark-core';
import { HostSession } from '../../hosts/host-session';
import { descendantsOf, processGroupMembers } from '../../util/processes';
import { ObservedAffinity, observedAffinity, ownAllowedCores, pinProcess } from '../../util/affinity';

/** The two cores of a duet run, the first two this process may run on. */
export type DuetCores = readonly [number, number];

/** The core of each side in pair `pair` (1 the first): the base on the first core in odd pairs, on the second in even ones. */
export function duetCores(pair: number, cores: DuetCores): Record<ComparisonSide['side'], number> {
    return pair % 2 === 1 ? { base: cores[0], head: cores[1] } : { base: cores[1], head: cores[0] };
}

/** The two cores of a duet on a machine whose process may run on `allowed`; a one-line reason where there are fewer than 2. */
export function chooseDuetCores(allowed: readonly number[] | undefined): DuetCores | string {
    if (allowed === undefined) {
        return '--duet pins each side to a core of its own through Linux\'s /proc and taskset, and this is no Linux: leave out --duet.';
    }
    return allowed.length >= 2 ? [allowed[0], allowed[1]]
        : `--duet pins each side to a core of its own, and this process may run on ${allowed.length} core (${allowed.join(',')}): give it 2 or more `
            + '(a container\'s --cpus or cpuset), or leave out --duet.';
}

/** What a duet run needs of the machine: its two cores, and a way to pin a side's processes to one of them. */
export interface DuetMachine {
    readonly cores: DuetCores;
    /** Pins every process of the side's session to `core`; returns the affinity each was observed to have afterwards. */
    pin(session: HostSession, core: number): Promise<ObservedAffinity[]>;
    /** The affinity of every process of the side's session now, pinning nothing. */
    observe(session: HostSession): Promise<ObservedAffinity[]>;
}

/**
 * The processes of a side's session: its backend's process group and every descendant (the plugin host, whatever they
 * spawned), and its browser's (browser, renderer, GPU, utility), never this process or its own group.
 */
export async function sessionProcessIds(session: HostSession): Promise<number[]> {
    const roots = [session.server.pid, ...session.browser.groupId === undefined ? [] : [session.browser.groupId]];
    const ownGroup = process.pid;
    const found = new Set<number>();
    for (const root of roots.filter(pid => pid !== ownGroup)) {
        for (const pid of [...await processGroupMembers(root), ...await descendantsOf(root)]) {
            found.add(pid);
        }
    }
    found.delete(process.pid);
    return [...found].sort((a, b) => a - b);
}

/** The affinity of every process of `session` as /proc says it now (those that ended meanwhile left out). */
export async function observeSession(session: HostSession): Promise<ObservedAffinity[]> {
    const observed = await Promise.all((await sessionProcessIds(session)).map(observedAffinity));
    return observed.filter((entry): entry is ObservedAffinity => entry !== undefined);
}

/** Pins every process of `session` to `core` with taskset, reads each one's affinity back, and fails where one is not on it alone. */
export async function pinSession(session: HostSession, core: number): Promise<ObservedAffinity[]> {
    await Promise.all((await sessionProcessIds(session)).map(pid => pinProcess(pid, core)));
    const observed = await observeSession(session);
    const stray = observed.filter(entry => entry.allowed !== String(core));
    if (stray.length > 0) {
        throw new Error(`pinning to cpu${core} did not hold: ${stray.map(entry => `PID ${entry.pid} (${entry.name}) may run on ${entry.allowed}`).join('; ')}.`);
    }
    return observed;
}

/** The real machine: the first two cores this process may run on, pinned with taskset. */
export async function tasksetMachine(): Promise<DuetMachine> {
    const cores = chooseDuetCores(await ownAllowedCores());
    if (typeof cores === 'string') {
        throw new Error(cores);
    }
    return { cores, pin: pinSession, observe: observeSession };
}
