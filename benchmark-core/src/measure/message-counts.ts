/**
 * Exact counts of a read: the messages and bytes that crossed each channel the headless driver can observe (the page's
 * WebSockets to its server, through Chromium's DevTools protocol) during each call of a case's count pass, and the
 * round trips among them. The calls run in windows on the clock all processes share (ms since the epoch), each between
 * quiet gaps, so that every frame observed during the pass belongs to at most one call.
 */
import { CLOCK_SLACK_MS } from './hops';

/** One call of a count pass on the shared clock: from just before the call to just after it returned, ms since the epoch. */
export interface CountWindow {
    readonly start: number;
    readonly end: number;
}

/** `sent`: page -> server; `received`: server -> page. */
export type FrameDirection = 'sent' | 'received';

/** A WebSocket message the driver saw the page send or receive. */
export interface ObservedFrame {
    /** The socket's name: the path of its URL (`/socket.io/`), with `#2`, `#3` for later sockets of the same path. */
    readonly channel: string;
    readonly direction: FrameDirection;
    /** Payload bytes (a text message's UTF-8 bytes, a binary message's bytes). */
    readonly bytes: number;
    /** When the page sent or received it, on the shared clock (ms since the epoch). */
    readonly at: number;
}

/** What one call moved over one channel. */
export interface ChannelCounts {
    readonly channel: string;
    /** Messages page -> server. */
    readonly sentMessages: number;
    /** Messages server -> page. */
    readonly receivedMessages: number;
    readonly sentBytes: number;
    readonly receivedBytes: number;
    /** Page -> server messages answered: each followed, as the channel's next message in the window, by a server -> page one. */
    readonly roundTrips: number;
}

/** The counts of a channel, by name, in the order they are reported and compared. */
export const COUNT_METRICS = ['roundTrips', 'sentMessages', 'receivedMessages', 'sentBytes', 'receivedBytes'] as const;
export type CountMetric = (typeof COUNT_METRICS)[number];

/** How a metric reads in a sentence ("3 -> 4 page -> server messages"). */
export const COUNT_METRIC_LABELS: Record<CountMetric, string> = {
    roundTrips: 'round trips',
    sentMessages: 'page → server messages',
    receivedMessages: 'server → page messages',
    sentBytes: 'page → server bytes',
    receivedBytes: 'server → page bytes',
};

/**
 * Slack before a window's start, ms: the page's and the extension's clocks are each the system clock at their process's
 * start, so they can disagree by a little (as for the read trace).
 */
export const COUNT_SLACK_BEFORE_MS = CLOCK_SLACK_MS;

/**
 * Round trips among a channel's messages in time order: the page -> server messages whose next message is a
 * server -> page one. Consecutive messages the same way count once (a request sent in two messages and answered is one
 * round trip); a page -> server message nothing answered inside the window is none.
 */
export function countRoundTrips(directions: readonly FrameDirection[]): number {
    let roundTrips = 0;
    for (let index = 1; index < directions.length; index++) {
        if (directions[index - 1] === 'sent' && directions[index] === 'received') {
            roundTrips++;
        }
    }
    return roundTrips;
}

/** The counts of `frames` per channel (channels in order of their first frame), round trips over each channel's own messages. */
export function countFrames(frames: readonly ObservedFrame[]): ChannelCounts[] {
    const byChannel = new Map<string, ObservedFrame[]>();
    for (const frame of [...frames].sort((a, b) => a.at - b.at)) {
        const list = byChannel.get(frame.channel);
        if (list) {
            // Pushed, not copied: a window of 100,000s of messages would otherwise take quadratic time.
            list.push(frame);
        } else {
            byChannel.set(frame.channel, [frame]);
        }
    }
    return [...byChannel].map(([channel, list]) => {
        const sent = list.filter(frame => frame.direction === 'sent');
        const received = list.filter(frame => frame.direction === 'received');
        return {
            channel,
            sentMessages: sent.length,
            receivedMessages: received.length,
            sentBytes: sent.reduce((sum, frame) => sum + frame.bytes, 0),
            receivedBytes: received.reduce((sum, frame) => sum + frame.bytes, 0),
            roundTrips: countRoundTrips(list.map(frame => frame.direction)),
        };
    });
}

/** Frames of a count pass given to its calls: per window, its counts; and how many frames fell in no window. */
export interface AttributedCounts {
    readonly perCall: ChannelCounts[][];
    /** Frames observed during the pass outside every window (in the quiet gaps): the editor's background traffic. */
    readonly outside: number;
}

/**
 * Gives each frame to the window it falls in: from {@link COUNT_SLACK_BEFORE_MS} before the window's start to
 * `slackAfterMs` after its end (half the quiet gap: a frame's time can only be late, by the observer's delay, never
 * early, and the next call starts a whole gap later). Windows must not overlap once widened, or a frame could be
 * claimed twice: that throws.
 */
export function attributeFrames(frames: readonly ObservedFrame[], windows: readonly CountWindow[], slackAfterMs: number): AttributedCounts {
    const widened = windows.map(window => ({ start: window.start - COUNT_SLACK_BEFORE_MS, end: window.end + slackAfterMs }));
    const ordered = [...widened].sort((a, b) => a.start - b.start);
    for (let index = 1; index < ordered.length; index++) {
        if (ordered[index].start <= ordered[index - 1].end) {
            throw new Error(`Count windows overlap once widened by ${slackAfterMs} ms: the quiet gap between calls is too short to tell their messages apart.`);
        }
    }
    const inWindow = widened.map(() => [] as ObservedFrame[]);
    let outside = 0;
    for (const frame of frames) {
        const index = widened.findIndex(window => frame.at >= window.start && frame.at <= window.end);
        if (index < 0) {
            outside++;
        } else {
            inWindow[index].push(frame);
        }
    }
    return { perCall: inWindow.map(countFrames), outside };
}

/** A metric's smallest and largest value over the calls (and blocks) of one case: equal when the count is exact. */
export interface CountRange {
    readonly min: number;
    readonly max: number;
}

/** One channel's (or the total's, channel `all`) range of each metric over a case's calls. */
export type ChannelRanges = { readonly channel: string } & { readonly [M in CountMetric]: CountRange };

/** The name of the sum over all channels. */
export const ALL_CHANNELS = 'all channels';

function zeroCounts(channel: string): ChannelCounts {
    return { channel, sentMessages: 0, receivedMessages: 0, sentBytes: 0, receivedBytes: 0, roundTrips: 0 };
}

/** A call's counts summed over its channels. */
export function totalCounts(call: readonly ChannelCounts[]): ChannelCounts {
    return call.reduce((sum, counts) => {
        const next: Record<string, number | string> = { channel: ALL_CHANNELS };
        for (const metric of COUNT_METRICS) {
            next[metric] = sum[metric] + counts[metric];
        }
        return next as unknown as ChannelCounts;
    }, zeroCounts(ALL_CHANNELS));
}

/**
 * Per channel seen in any call (a call that did not use it counts 0 there), then over all channels, each metric's range
 * over the calls.
 */
export function countRanges(perCall: readonly (readonly ChannelCounts[])[]): ChannelRanges[] {
    const channels = [...new Set(perCall.flatMap(call => call.map(counts => counts.channel)))];
    const rangeOf = (values: number[]): CountRange => ({ min: Math.min(...values), max: Math.max(...values) });
    const ranges = (channel: string, pick: (call: readonly ChannelCounts[]) => ChannelCounts): ChannelRanges => {
        const calls = perCall.map(pick);
        const entry: Record<string, unknown> = { channel };
        for (const metric of COUNT_METRICS) {
            entry[metric] = rangeOf(calls.map(counts => counts[metric]));
        }
        return entry as ChannelRanges;
    };
    if (perCall.length === 0) {
        return [];
    }
    return [
        ...channels.map(channel => ranges(channel, call => call.find(counts => counts.channel === channel) ?? zeroCounts(channel))),
        ranges(ALL_CHANNELS, totalCounts),
    ];
}
