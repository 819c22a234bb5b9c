import { COUNT_PASS_QUIET_MS } from '../../measure/count-pass';
import { CountRange } from '../../measure/message-counts';
import { formatBytes } from '../../measure/sizes';
import { CountsSection } from '../model/section-types';
import { heading, paragraph, ReportBlock, table, TextGrid } from './block';
import { REPORT_HEADINGS } from './headings';

/** The headline of a count pass nobody observed: a palette run has no DevTools protocol to count with. */
export const COUNTS_NEED_HEADLESS_RUN = 'counts need the headless run (yarn bench)';

/** A range of counts: one number when exact, else `min–max`. */
export function formatCountRange(range: CountRange, unit?: (value: number) => string): string {
    const show = unit ?? String;
    return range.min === range.max ? show(range.min) : `${show(range.min)}–${show(range.max)}`;
}

/** A row per case and channel: messages and bytes each way, round trips, and the calls they were counted over. */
export function countsGrid(section: CountsSection): TextGrid {
    return {
        header: ['Host', 'Scenario', 'Size', 'Channel', 'Round trips', 'Page → server msgs', 'Server → page msgs', 'Page → server bytes', 'Server → page bytes', 'Calls'],
        align: ['left', 'left', 'left', 'left', 'right', 'right', 'right', 'right', 'right', 'right'],
        rows: section.rows.map(row => [row.hostLabel, row.scenario.label, row.targetLabel, row.ranges.channel, formatCountRange(row.ranges.roundTrips),
            formatCountRange(row.ranges.sentMessages), formatCountRange(row.ranges.receivedMessages), formatCountRange(row.ranges.sentBytes, formatBytes),
            formatCountRange(row.ranges.receivedBytes, formatBytes), String(row.calls)]),
    };
}

/** What the counts are, how they were attributed, and what varied. */
export function countsNote(section: CountsSection): string {
    return [
        'After its timed samples each case made a few more calls, untimed, each after a quiet gap (' + `${COUNT_PASS_QUIET_MS} ms by default); `
        + 'the headless run recorded the page\'s WebSocket messages through Chromium\'s DevTools protocol only during these calls and gave each message to the call whose window it fell in. '
        + 'A round trip is a page → server message answered, as the channel\'s next message, by a server → page one. '
        + 'A single number is exact over every call; "a–b" is the range over the calls, where the editor\'s own traffic (Theia\'s other services, heartbeats) landed in some: a measurement, not an exact count.',
        section.outside > 0 ? `${section.outside} messages fell in the quiet gaps between calls: the editor's own traffic, counted in no call.` : '',
        section.unobserved > 0 ? `${section.unobserved} case${section.unobserved === 1 ? '' : 's'} had a count pass nobody observed: ${COUNTS_NEED_HEADLESS_RUN}.` : '',
    ].filter(text => text.length > 0).join(' ');
}

export function countsBlocks(section: CountsSection): ReportBlock[] {
    return [heading(2, REPORT_HEADINGS.counts), ...(section.rows.length > 0 ? [table(countsGrid(section))] : []), paragraph(countsNote(section))];
}
