import { PLUGIN_READ_HOPS } from '../measure/hops';
import { PathProcess, PathStep, PLUGIN_READ_STEPS, stepsOfHopTrace } from '../measure/path-steps';
import { scenarioInfoById } from '../measure/scenario-catalog';
import type { HostKey } from '../results/host-identity';
import { NetworkProfile } from '../results/schema';

/** Where a process of a path runs: next to the disk (the data centre), or on the user's machine. */
export type LinkSide = 'server' | 'client';

/** Where each process runs when the page is in a browser on the far side of the link (Theia browser app, code-server). */
const BROWSER_PLACEMENT: Record<PathProcess, LinkSide> = {
    'plugin-host': 'server', 'extension-host': 'server', frontend: 'client', workbench: 'client', backend: 'server', disk: 'server',
};

/** Where the steps come from: a hop trace the run recorded, or the path the scenario is known to take. */
export interface PathSteps {
    readonly steps: readonly PathStep[];
    readonly from: 'hop trace' | 'scenario';
}

/**
 * The steps of a scenario in a host, as its catalog entry gives them: for a traced plugin read, those of the hop trace where
 * the run recorded one for this host (`traceHops`). Undefined for a scenario the catalog does not know or gives no steps in
 * this host, and for a host with no page on the far side of a link.
 */
export function pathSteps(scenarioId: string, host: Pick<HostKey, 'editor' | 'runtime' | 'extensionKind'>, traceHops?: readonly string[]): PathSteps | undefined {
    const wireSteps = scenarioInfoById(scenarioId)?.wireSteps;
    if (wireSteps === undefined || wireSteps === 'none') {
        return undefined;
    }
    const steps = host.editor === 'theia' && host.runtime === 'browser' ? wireSteps.theiaBrowser
        : host.editor === 'vscode' && host.runtime === 'server' ? wireSteps.codeServer : undefined;
    if (steps === 'traced plugin read') {
        const traced = traceHops && stepsOfHopTrace(traceHops);
        return traced ? { steps: traced, from: 'hop trace' } : { steps: PLUGIN_READ_HOPS.map(hop => PLUGIN_READ_STEPS[hop.id]), from: 'scenario' };
    }
    return steps && { steps, from: 'scenario' };
}

/** A step's crossing of the link, if it crosses: `down` to the page, `up` from it. */
export function crossingOf(step: PathStep): 'down' | 'up' | undefined {
    const from = BROWSER_PLACEMENT[step.from];
    const to = BROWSER_PLACEMENT[step.to];
    return from === to ? undefined : to === 'client' ? 'down' : 'up';
}

/** The least time a path allows over a link, and what it is made of. */
export interface WireFloor {
    /** Crossings of the link each way. */
    readonly crossingsDown: number;
    readonly crossingsUp: number;
    /** Bytes of the file carried each way (requests are counted as 0 bytes). */
    readonly bytesDown: number;
    readonly bytesUp: number;
    /** Half a round trip per crossing, ms. */
    readonly latencyMs: number;
    /** The bytes at each direction's bandwidth, ms. */
    readonly transferMs: number;
    /** `latencyMs + transferMs`: 0 for a path that never crosses the link. */
    readonly floorMs: number;
}

/**
 * The wire floor of a path moving `fileBytes` over `profile`: per crossing, half the round trip, plus the bytes each
 * direction must carry at its bandwidth. Ignores what a real TCP adds (handshakes, slow start, headers): the least
 * physics allows, so a path's measured time over it says how close the path gets to its link.
 */
export function wireFloor(steps: readonly PathStep[], fileBytes: number, profile: Pick<NetworkProfile, 'rttMs' | 'downMbps' | 'upMbps'>): WireFloor {
    let crossingsDown = 0;
    let crossingsUp = 0;
    let bytesDown = 0;
    let bytesUp = 0;
    for (const step of steps) {
        const crossing = crossingOf(step);
        const carried = step.carries === 'bytes' ? fileBytes : 0;
        if (crossing === 'down') {
            crossingsDown++;
            bytesDown += carried;
        } else if (crossing === 'up') {
            crossingsUp++;
            bytesUp += carried;
        }
    }
    const latencyMs = (crossingsDown + crossingsUp) * profile.rttMs / 2;
    const transferMs = bytesDown * 8 / (profile.downMbps * 1e6) * 1000 + bytesUp * 8 / (profile.upMbps * 1e6) * 1000;
    return { crossingsDown, crossingsUp, bytesDown, bytesUp, latencyMs, transferMs, floorMs: latencyMs + transferMs };
}
