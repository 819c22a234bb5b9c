import { PLUGIN_READ_HOPS } from '../measure/hops';
import { bytes, FRONTEND_READ, IN_HOST_READ, PathProcess, PathStep, PLUGIN_READ_STEPS, request, stepsOfHopTrace } from '../measure/path-steps';
import { SCENARIO_CATALOG } from '../measure/scenario-catalog';
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
 * The steps of a scenario in a host, where known: from the hop trace where the run recorded one for this host's plugin
 * read (`traceHops`), else the path the scenario takes. Undefined for a scenario whose path is not described here
 * (writes, stat, directories) or a host with no page on the far side of a link.
 */
export function pathSteps(scenarioId: string, host: Pick<HostKey, 'editor' | 'runtime' | 'extensionKind'>, traceHops?: readonly string[]): PathSteps | undefined {
    const inTheiaBrowser = host.editor === 'theia' && host.runtime === 'browser';
    const inCodeServer = host.editor === 'vscode' && host.runtime === 'server';
    if (!inTheiaBrowser && !inCodeServer) {
        return undefined;
    }
    const readFile = SCENARIO_CATALOG.vscodeReadFile.id;
    const tracedRead = SCENARIO_CATALOG.vscodeReadFileHops.id;
    if (inTheiaBrowser && (scenarioId === readFile || scenarioId === tracedRead)) {
        const traced = traceHops && stepsOfHopTrace(traceHops);
        return traced ? { steps: traced, from: 'hop trace' } : { steps: PLUGIN_READ_HOPS.map(hop => PLUGIN_READ_STEPS[hop.id]), from: 'scenario' };
    }
    const known: Record<string, readonly PathStep[] | undefined> = inTheiaBrowser ? {
        [SCENARIO_CATALOG.theiaFileServiceReadFile.id]: FRONTEND_READ,
        [SCENARIO_CATALOG.theiaFileServiceReadFileStream.id]: FRONTEND_READ,
        [SCENARIO_CATALOG.theiaNodeFsService.id]: FRONTEND_READ,
        [SCENARIO_CATALOG.theiaRpcTransport.id]: FRONTEND_READ,
        [SCENARIO_CATALOG.theiaHttpFetch.id]: FRONTEND_READ,
        // Timed in the backend: the frontend's request and answer are outside the clock readings.
        [SCENARIO_CATALOG.theiaDiskFloor.id]: [request('backend', 'disk'), bytes('disk', 'backend')],
        [SCENARIO_CATALOG.extensionHostNodeReadFile.id]: [request('plugin-host', 'disk'), bytes('disk', 'plugin-host')],
    } : {
        // VS Code's remote extension host reads a file: URI with its own disk provider, next to the disk, but each call waits for
        // one round trip to the workbench first (its $ensureActivation call): measured over lan, cable and dsl (docs/network-2026-11-25), the call takes the
        // link's round trip plus a few ms at every size, while the bytes stay in the host (10000K costs what 1K does).
        [readFile]: [request('extension-host', 'workbench'), request('workbench', 'extension-host'), ...IN_HOST_READ],
        [SCENARIO_CATALOG.extensionHostNodeReadFile.id]: IN_HOST_READ,
        // A vscode-remote: URI has no provider in the extension host: the workbench (in the page) reads it over its connection.
        [SCENARIO_CATALOG.vscodeReadFileWorkbench.id]: [request('extension-host', 'workbench'), request('workbench', 'backend'),
            bytes('backend', 'workbench'), bytes('workbench', 'extension-host')],
    };
    const steps = known[scenarioId];
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
