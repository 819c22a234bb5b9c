/**
 * The link floor of a tree scenario or a write burst (issue 39, `yarn bench --suite trees|writes --network`): a storm, a
 * walk or a burst is many small
 * calls, each a request that crosses the link and an answer that crosses it back, none carrying a file's bytes; calls made
 * one after another cannot take less than their count times each call's crossings times half the round trip. So a
 * sequential stat storm of 1000 files through a Theia plugin (4 crossings a call) over a 25 ms link costs at least 50 s.
 */
import { scenarioInfoById } from '../measure/scenario-catalog';
import { LinkCallRounds } from '../measure/tree-catalog';
import type { HostKey } from '../results/host-identity';
import { NetworkProfile } from '../results/schema';
import { crossingOf } from './wire-floor';

/** What a tree sample's calls are counted from: its own count, the tree's folders, the calls in flight. */
export interface TreeCallContext {
    /** The sample's count (`itemCount`: files stat-ed, entries listed). */
    readonly itemCount: number;
    /** The tree's folders (its root not counted), as its manifest says. */
    readonly treeFolders?: number;
    /** `treeConcurrency`: the calls in flight of an N-in-flight storm. */
    readonly concurrency?: number;
}

export interface LinkFloor {
    /** Calls one after another in a sample. */
    readonly rounds: number;
    /** Crossings of the link a call makes (both ways). */
    readonly crossingsPerCall: number;
    /** `rounds × crossingsPerCall × rtt / 2`, ms. */
    readonly floorMs: number;
    /** For N in flight: the calls of a round (`treeConcurrency`). */
    readonly inFlight?: number;
}

/** "1,000 calls one after another", or "63 rounds of 16 calls in flight". */
export function describeLinkRounds(floor: LinkFloor): string {
    const rounds = floor.rounds.toLocaleString('en-US');
    return floor.inFlight === undefined ? `${rounds} calls one after another` : `${rounds} rounds of ${floor.inFlight} calls in flight`;
}

/** Calls one after another: the items, the items over the calls in flight (rounded up), or every folder and the root. */
export function linkRounds(rounds: LinkCallRounds, context: TreeCallContext): number | undefined {
    switch (rounds) {
        case 'one-per-item':
            return context.itemCount;
        case 'one-per-concurrency-items':
            return context.concurrency === undefined ? undefined : Math.ceil(context.itemCount / context.concurrency);
        case 'one-per-folder':
            return context.treeFolders === undefined ? undefined : context.treeFolders + 1;
    }
}

/**
 * The link floor of a tree scenario in a host whose page is on the far side of the link (Theia's browser app, code-server),
 * or undefined: a scenario with no calls over the link (the bare-Node floors, find files), another host, or a count it
 * cannot know (a run that did not record the tree or the calls in flight).
 */
export function treeLinkFloor(scenarioId: string, host: Pick<HostKey, 'editor' | 'runtime'>, context: TreeCallContext,
    profile: Pick<NetworkProfile, 'rttMs'>): LinkFloor | undefined {
    const calls = scenarioInfoById(scenarioId)?.linkCalls;
    const steps = calls && (host.editor === 'theia' && host.runtime === 'browser' ? calls.steps.theiaBrowser
        : host.editor === 'vscode' && host.runtime === 'server' ? calls.steps.codeServer : undefined);
    if (!calls || !steps || steps === 'traced plugin read') {
        return undefined;
    }
    const rounds = linkRounds(calls.rounds, context);
    if (rounds === undefined) {
        return undefined;
    }
    const crossingsPerCall = steps.filter(step => crossingOf(step) !== undefined).length;
    return {
        rounds, crossingsPerCall, floorMs: rounds * crossingsPerCall * profile.rttMs / 2,
        ...calls.rounds === 'one-per-concurrency-items' ? { inFlight: context.concurrency } : {},
    };
}
