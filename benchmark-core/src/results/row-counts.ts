import { attributeFrames, ChannelRanges, countRanges, CountWindow, ObservedFrame } from '../measure/message-counts';
import { validateResultsDocument } from './document';
import { ResultsDocument, RowCounts } from './schema';

/** What observed the messages the driver counts, as recorded in `counts.observed.by`. */
export const CDP_COUNT_OBSERVER = 'Chromium DevTools protocol (Network.webSocketFrameSent/Received)';

/**
 * The count passes of two blocks (or rounds) of one cell, joined: windows one after the other, and the observed calls
 * too when both blocks were observed (else none: a half-observed cell would understate its range).
 */
export function mergeRowCounts(a: RowCounts | undefined, b: RowCounts | undefined): RowCounts | undefined {
    if (!a || !b) {
        return a ?? b;
    }
    return {
        quietMs: Math.min(a.quietMs, b.quietMs),
        windows: [...a.windows, ...b.windows],
        ...(a.observed && b.observed ? {
            observed: { by: a.observed.by, perCall: [...a.observed.perCall, ...b.observed.perCall], outside: a.observed.outside + b.observed.outside },
        } : {}),
    };
}

/**
 * A results document with the messages `frames` gives each count window of its rows (see {@link attributeFrames}: a
 * frame counts for the window it falls in, up to half the quiet gap after the window's end). Rows without a count pass
 * stay as they are, and so do rows with a window outside every one of `periods` (when given: the times the observer
 * recorded), whose messages nobody saw. `by` names the observer.
 */
export function withObservedCounts(document: ResultsDocument, frames: readonly ObservedFrame[], periods?: readonly CountWindow[], by = CDP_COUNT_OBSERVER): ResultsDocument {
    const observed = (window: CountWindow): boolean => !periods || periods.some(period => window.start >= period.start && window.end <= period.end);
    const results = document.results.map(row => {
        if (!row.counts || !row.counts.windows.every(observed)) {
            return row;
        }
        const attributed = attributeFrames(frames, row.counts.windows, row.counts.quietMs / 2);
        // Frames outside the windows but during this row's pass: from the first window's gap to the last's.
        const passStart = row.counts.windows[0].start - row.counts.quietMs;
        const passEnd = row.counts.windows[row.counts.windows.length - 1].end + row.counts.quietMs;
        const inPass = frames.filter(frame => frame.at >= passStart && frame.at <= passEnd).length;
        const counted = attributed.perCall.reduce((sum, call) => sum + call.reduce((calls, channel) => calls + channel.sentMessages + channel.receivedMessages, 0), 0);
        return { ...row, counts: { ...row.counts, observed: { by, perCall: attributed.perCall, outside: inPass - counted } } };
    });
    return validateResultsDocument({ ...document, results }, 'The results document with its observed counts');
}

/** A row's ranges per channel and over all channels (undefined: no count pass, or not observed). */
export function rowCountRanges(row: { readonly counts?: RowCounts }): ChannelRanges[] | undefined {
    const observed = row.counts?.observed;
    return observed ? countRanges(observed.perCall) : undefined;
}
