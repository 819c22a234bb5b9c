import { NetworkCheck, NetworkConditions, NetworkProfile } from '../results/schema';

/** No link in between: the page and the server on one machine, over loopback (every run before `--network`). */
export const LOOPBACK = 'loopback';

/**
 * The named profiles. The bandwidths are the United States regulator's two broadband benchmarks, which a reader
 * recognises: 25/3 Mbit/s (2015 to 2024, what DSL lines typically give) and 100/20 Mbit/s (from March 2024, what cable
 * gives). The round trips are within the idle latencies the FCC's Measuring Broadband America reports show for those
 * technologies (cable about 15-30 ms, DSL about 25-60 ms), not one figure copied from them.
 */
export const NETWORK_PROFILES: Readonly<Record<'lan' | 'cable' | 'dsl', NetworkProfile>> = {
    lan: {
        name: 'lan', rttMs: 1, downMbps: 100, upMbps: 100, jitterMs: 0,
        source: 'Fast Ethernet (100BASE-TX) or a typical office Wi-Fi link in one building: 100 Mbit/s each way, a round trip of about 1 ms '
            + '(Gigabit is common too, but a 2-core machine\'s browser and proxy do not reach 1 Gbit/s through the emulation: ask for it with '
            + 'rtt=1ms,down=1gbit,up=1gbit and the check says whether this machine can)',
    },
    cable: {
        name: 'cable', rttMs: 25, downMbps: 100, upMbps: 20, jitterMs: 0,
        source: "the FCC's fixed broadband benchmark since 2024 (100/20 Mbit/s, 2024 Section 706 Report); 25 ms, a cable round trip "
            + 'to a nearby data centre (Measuring Broadband America)',
    },
    dsl: {
        name: 'dsl', rttMs: 50, downMbps: 25, upMbps: 3, jitterMs: 0,
        source: "the FCC's fixed broadband benchmark of 2015-2024 (25/3 Mbit/s), typical of DSL; 50 ms, a DSL round trip "
            + 'to a nearby data centre (Measuring Broadband America)',
    },
};

/** A profile name of a results file's link (`loopback` without one). */
export function networkNameOf(document: { readonly network?: NetworkConditions }): string {
    return document.network?.profile.name ?? LOOPBACK;
}

export const NETWORK_LIMITS = {
    rttMs: { min: 0, max: 2000 },
    mbps: { min: 0.1, max: 10_000 },
    jitterMs: { min: 0, max: 1000 },
} as const;

const CUSTOM_KEYS = ['name', 'rtt', 'down', 'up', 'jitter'] as const;
type CustomKey = typeof CUSTOM_KEYS[number];

function parseDuration(key: string, text: string): number {
    const match = /^(\d+(?:\.\d+)?)\s*(ms|s)?$/i.exec(text.trim());
    if (!match) {
        throw new Error(`${key}=${text}: give a duration such as 40ms or 0.04s.`);
    }
    return Number(match[1]) * (match[2]?.toLowerCase() === 's' ? 1000 : 1);
}

const BANDWIDTH_UNITS: Record<string, number> = { kbit: 1e-3, kbps: 1e-3, mbit: 1, mbps: 1, gbit: 1000, gbps: 1000 };

function parseBandwidth(key: string, text: string): number {
    const match = /^(\d+(?:\.\d+)?)\s*([kmg]b(?:it|ps)(?:\/s)?)?$/i.exec(text.trim());
    if (!match) {
        throw new Error(`${key}=${text}: give a bandwidth such as 50mbit, 500kbit or 1gbit.`);
    }
    const unit = (match[2] ?? 'mbit').toLowerCase().replace('/s', '');
    return Number(match[1]) * BANDWIDTH_UNITS[unit];
}

function within(key: string, value: number, range: { min: number; max: number }, unit: string): number {
    if (value < range.min || value > range.max) {
        throw new Error(`${key} must be from ${range.min} to ${range.max} ${unit} (got ${value} ${unit}).`);
    }
    return value;
}

function customProfile(fields: ReadonlyMap<CustomKey, string>): NetworkProfile {
    const missing = (['rtt', 'down', 'up'] as const).filter(key => !fields.has(key));
    if (missing.length > 0) {
        throw new Error(`a custom network needs rtt, down and up (missing ${missing.join(', ')}), e.g. rtt=40ms,down=50mbit,up=10mbit.`);
    }
    const name = fields.get('name') ?? 'custom';
    if (!/^[a-z0-9][a-z0-9-]*$/i.test(name)) {
        throw new Error(`name=${name}: use letters, digits and dashes.`);
    }
    const rttMs = within('rtt', parseDuration('rtt', fields.get('rtt')!), NETWORK_LIMITS.rttMs, 'ms');
    const downMbps = within('down', parseBandwidth('down', fields.get('down')!), NETWORK_LIMITS.mbps, 'Mbit/s');
    const upMbps = within('up', parseBandwidth('up', fields.get('up')!), NETWORK_LIMITS.mbps, 'Mbit/s');
    const jitterMs = fields.has('jitter') ? within('jitter', parseDuration('jitter', fields.get('jitter')!), NETWORK_LIMITS.jitterMs, 'ms') : 0;
    if (jitterMs > rttMs / 2) {
        throw new Error(`jitter=${jitterMs}ms is more than half the round trip (${rttMs} ms): a one-way delay cannot go below 0.`);
    }
    return { name, rttMs, downMbps, upMbps, jitterMs, source: 'given on the command line' };
}

/**
 * `--network` text: comma-separated profile names (`loopback`, `lan`, `cable`, `dsl`) and custom links, each a run of
 * `key=value` items: `rtt=40ms,down=50mbit,up=10mbit` (optionally `name=office`, `jitter=5ms`). A key seen again
 * starts the next custom link. Returns the profiles in the order given, `loopback` as {@link LOOPBACK}; throws an
 * error naming the item it could not take.
 */
export function parseNetworkList(text: string): (NetworkProfile | typeof LOOPBACK)[] {
    const items = text.split(',').map(item => item.trim()).filter(item => item.length > 0);
    if (items.length === 0) {
        throw new Error(`name at least one network: ${[LOOPBACK, ...Object.keys(NETWORK_PROFILES)].join(', ')}, or rtt=40ms,down=50mbit,up=10mbit.`);
    }
    const chosen: (NetworkProfile | typeof LOOPBACK)[] = [];
    let custom: Map<CustomKey, string> | undefined;
    const finishCustom = (): void => {
        if (custom) {
            chosen.push(customProfile(custom));
            custom = undefined;
        }
    };
    for (const item of items) {
        const equals = item.indexOf('=');
        if (equals < 0) {
            finishCustom();
            const name = item.toLowerCase();
            if (name === LOOPBACK) {
                chosen.push(LOOPBACK);
            } else if (Object.prototype.hasOwnProperty.call(NETWORK_PROFILES, name)) {
                chosen.push(NETWORK_PROFILES[name as keyof typeof NETWORK_PROFILES]);
            } else {
                throw new Error(`unknown network '${item}': use ${[LOOPBACK, ...Object.keys(NETWORK_PROFILES)].join(', ')}, or rtt=40ms,down=50mbit,up=10mbit.`);
            }
            continue;
        }
        const key = item.slice(0, equals).trim().toLowerCase() as CustomKey;
        const value = item.slice(equals + 1).trim();
        if (!CUSTOM_KEYS.includes(key)) {
            throw new Error(`unknown network setting '${item.slice(0, equals)}' in '${item}': use ${CUSTOM_KEYS.join(', ')}.`);
        }
        if (custom?.has(key)) {
            finishCustom();
        }
        custom ??= new Map();
        custom.set(key, value);
    }
    finishCustom();
    const names = chosen.map(profile => profile === LOOPBACK ? LOOPBACK : profile.name);
    const repeated = names.find((name, index) => names.indexOf(name) !== index);
    if (repeated) {
        throw new Error(`network '${repeated}' is named twice${repeated === 'custom' ? ': give each custom link a name=' : ''}.`);
    }
    return chosen;
}

/** A profile in one line: `dsl (50 ms RTT, 25 Mbit/s down, 3 Mbit/s up)`. */
export function describeNetworkProfile(profile: NetworkProfile): string {
    const jitter = profile.jitterMs > 0 ? ` ±${profile.jitterMs} ms jitter,` : '';
    return `${profile.name} (${profile.rttMs} ms RTT,${jitter} ${profile.downMbps} Mbit/s down, ${profile.upMbps} Mbit/s up)`;
}

/** Toxiproxy's streams: `downstream` carries the server's bytes to the page, `upstream` the page's to the server. */
export interface ToxicDefinition {
    readonly name: string;
    readonly type: 'latency' | 'bandwidth';
    readonly stream: 'downstream' | 'upstream';
    readonly attributes: Readonly<Record<string, number>>;
}

/**
 * Toxiproxy toxics that make a proxy behave like `profile`: half the round trip as latency each way (whole ms, the odd
 * one downstream), then the bandwidth of each direction (Toxiproxy's rate is in KB/s of 1000 bytes). Latency comes first
 * so a chunk's delay is not absorbed by the time it waits for bandwidth.
 */
export function toxicsFor(profile: NetworkProfile): ToxicDefinition[] {
    const down = Math.ceil(profile.rttMs / 2);
    const up = Math.round(profile.rttMs) - down;
    const rate = (mbps: number): number => Math.max(1, Math.round(mbps * 1e6 / 8 / 1000));
    return [
        { name: 'latency-down', type: 'latency', stream: 'downstream', attributes: { latency: down, jitter: Math.round(profile.jitterMs) } },
        { name: 'latency-up', type: 'latency', stream: 'upstream', attributes: { latency: Math.max(0, up), jitter: Math.round(profile.jitterMs) } },
        { name: 'bandwidth-down', type: 'bandwidth', stream: 'downstream', attributes: { rate: rate(profile.downMbps) } },
        { name: 'bandwidth-up', type: 'bandwidth', stream: 'upstream', attributes: { rate: rate(profile.upMbps) } },
    ];
}

/** How far a measured figure may be from the profile's before the run refuses the profile. */
export const NETWORK_CHECK_TOLERANCE = 0.15;

/**
 * The emulation check's verdict: which figures missed the profile by more than the tolerance (empty: it holds). A bandwidth
 * above what the page reaches without the link (`directDownMbps`, `directUpMbps`: this machine's browser and loopback are
 * the limit, not the link) holds when the link gives at least that, less the tolerance.
 */
export function networkCheckMisses(profile: NetworkProfile, measured: Pick<NetworkCheck, 'rttMs' | 'downMbps' | 'upMbps'>
    & Partial<Pick<NetworkCheck, 'directDownMbps' | 'directUpMbps'>>, tolerance = NETWORK_CHECK_TOLERANCE): string[] {
    const misses: string[] = [];
    if (Math.abs(measured.rttMs - profile.rttMs) > rttBand(profile, tolerance)) {
        misses.push(`round trip ${round(measured.rttMs)} ms, not ${profile.rttMs} ms ±${tolerance * 100}%`);
    }
    for (const { direction, actual, reachable, expected } of bandwidthMisses(profile, measured, tolerance)) {
        misses.push(`${direction === 'down' ? 'download' : 'upload'} ${round(actual)} Mbit/s, not ${round(reachable)} Mbit/s ±${tolerance * 100}%`
            + `${reachable < expected ? ` (the most this machine reaches without the link; the profile says ${expected})` : ''}`);
    }
    return misses;
}

/** How far a checked round trip may be from the profile's: the tolerance, but 1.5 ms at least (Toxiproxy's timers add up to a millisecond each way). */
function rttBand(profile: NetworkProfile, tolerance: number): number {
    return Math.max(profile.rttMs * tolerance, 1.5);
}

interface BandwidthMiss {
    readonly direction: 'down' | 'up';
    readonly actual: number;
    /** The profile's bandwidth, or what this machine reaches without the link where that is less. */
    readonly reachable: number;
    readonly expected: number;
}

function bandwidthMisses(profile: NetworkProfile, measured: Pick<NetworkCheck, 'downMbps' | 'upMbps'> & Partial<Pick<NetworkCheck, 'directDownMbps' | 'directUpMbps'>>,
    tolerance: number): BandwidthMiss[] {
    const directions = [
        { direction: 'down' as const, actual: measured.downMbps, expected: profile.downMbps, machine: measured.directDownMbps },
        { direction: 'up' as const, actual: measured.upMbps, expected: profile.upMbps, machine: measured.directUpMbps },
    ];
    return directions.flatMap(({ direction, actual, expected, machine }) => {
        const reachable = machine !== undefined && machine < expected ? machine : expected;
        const held = Math.abs(actual - expected) / expected <= tolerance || (reachable < expected && actual >= reachable * (1 - tolerance));
        return held ? [] : [{ direction, actual, reachable, expected }];
    });
}

/**
 * How much longer than the profile's band a checked round trip may be and still be measured as checked: a busy 2-core
 * machine's proxy and browser add a few milliseconds to every request (CI of 2026-11-28, AMD EPYC: 24 ms on a 20 ms
 * link while code-server started). More than that is not the profile's link, and a run refuses it.
 */
export const BUSY_ROUND_TRIP_SLACK_MS = 10;

/** What a check measured slower than the profile: a longer round trip, a lower bandwidth. */
export type LinkShortfall = 'rtt' | 'down' | 'up';

/**
 * The figures a check measured slower than the link should be (by more than the tolerance), when that is all it missed:
 * the machine's proxy could not hold the profile (a bandwidth it could not carry, a round trip a busy machine lengthened
 * by at most {@link BUSY_ROUND_TRIP_SLACK_MS}), but the link was otherwise the profile's. Empty when the check held, and
 * undefined when it missed anything else (a round trip or a bandwidth faster than the profile's: the toxics did not act;
 * a round trip far longer: another link), which a run refuses.
 */
export function linkShortfalls(profile: NetworkProfile, check: NetworkCheck): LinkShortfall[] | undefined {
    const slowerOnly = { ...check, rttMs: Math.min(check.rttMs, profile.rttMs), downMbps: Math.max(check.downMbps, profile.downMbps), upMbps: Math.max(check.upMbps, profile.upMbps) };
    if (networkCheckMisses(profile, slowerOnly, check.tolerance).length > 0) {
        return undefined;
    }
    const rttExcess = check.rttMs - profile.rttMs - rttBand(profile, check.tolerance);
    const rttMissed = rttExcess > 0;
    if (rttExcess > BUSY_ROUND_TRIP_SLACK_MS) {
        return undefined;
    }
    const misses = bandwidthMisses(profile, check, check.tolerance);
    if (!misses.every(miss => miss.actual < miss.reachable)) {
        return undefined;
    }
    return [...rttMissed ? ['rtt' as const] : [], ...misses.map(miss => miss.direction)];
}

/**
 * The link a results file's floors are computed for: its profile, except each figure the check measured slower than it
 * (see {@link linkShortfalls}), which is the figure measured. The run measured against the link as checked, so its
 * floor must be that link's.
 */
export function linkAsChecked(conditions: NetworkConditions): NetworkProfile {
    const { profile, check } = conditions;
    const short = check.held ? [] : linkShortfalls(profile, check) ?? [];
    return {
        ...profile,
        rttMs: short.includes('rtt') ? Math.max(profile.rttMs, check.rttMs) : profile.rttMs,
        downMbps: short.includes('down') ? Math.min(profile.downMbps, check.downMbps) : profile.downMbps,
        upMbps: short.includes('up') ? Math.min(profile.upMbps, check.upMbps) : profile.upMbps,
    };
}

/** The bandwidths of a check that this machine could not reach without the link: there the machine, not the link, was the limit. */
export function machineLimitedDirections(profile: NetworkProfile, check: Pick<NetworkCheck, 'directDownMbps' | 'directUpMbps'>): ('down' | 'up')[] {
    return [...(check.directDownMbps < profile.downMbps ? ['down' as const] : []), ...(check.directUpMbps < profile.upMbps ? ['up' as const] : [])];
}

function round(value: number): number {
    return value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
}
