import { COUNT_METRIC_LABELS, CountMetric, CountRange } from '../measure/message-counts';
import { formatBytes } from '../measure/sizes';
import { hostLabel } from '../results/host-identity';
import { rowCountRanges } from '../results/row-counts';
import { ResultsDocument } from '../results/schema';

/** The groups of counts `--check-counts` names, and the metrics each gates. */
export const COUNT_CHECK_GROUPS: Record<string, readonly CountMetric[]> = {
    'round-trips': ['roundTrips'],
    messages: ['sentMessages', 'receivedMessages'],
    bytes: ['sentBytes', 'receivedBytes'],
};
export type CountCheckGroup = keyof typeof COUNT_CHECK_GROUPS;
/** What `--check` gates on by default: round trips, which the editors' background traffic rarely moves. */
export const DEFAULT_COUNT_CHECK: readonly string[] = ['round-trips'];

/** `--check-counts messages,round-trips`: the groups, checked; a name it does not know is refused with the ones it does. */
export function parseCountCheck(text: string): string[] {
    const groups = text.split(',').map(part => part.trim()).filter(part => part.length > 0);
    const unknown = groups.filter(group => !(group in COUNT_CHECK_GROUPS));
    if (unknown.length > 0 || groups.length === 0) {
        throw new Error(`--check-counts takes a comma-separated list of ${Object.keys(COUNT_CHECK_GROUPS).join(', ')} (or none), got '${text}'.`);
    }
    return groups;
}

/** A count of one cell and channel that is not the same on both sides. */
export interface CountDifference {
    /** `Theia browser (plugin) | workspace.fs.readFile | 10000K`, as the verdicts name cells. */
    readonly cell: string;
    readonly channel: string;
    readonly metric: CountMetric;
    /** Each side's range over its count calls (all its observed blocks). */
    readonly base: CountRange;
    readonly head: CountRange;
    /** The ranges do not overlap: the difference exceeds what the count varied by between reads of identical code. */
    readonly beyondRange: boolean;
}

const isBytes = (metric: CountMetric): boolean => metric === 'sentBytes' || metric === 'receivedBytes';

/** Every count that differs between the two sides' rows of the same cell (channels and the total over all of them). */
export function countDifferences(base: ResultsDocument, head: ResultsDocument): CountDifference[] {
    const differences: CountDifference[] = [];
    for (const headRow of head.results) {
        const baseRow = base.results.find(row => row.scenario.id === headRow.scenario.id && row.targetLabel === headRow.targetLabel
            && hostLabel(row.host ?? base.host) === hostLabel(headRow.host ?? head.host));
        const headRanges = rowCountRanges(headRow);
        const baseRanges = baseRow && rowCountRanges(baseRow);
        if (!headRanges || !baseRanges) {
            continue;
        }
        const cell = `${hostLabel(headRow.host ?? head.host)} | ${headRow.scenario.label} | ${headRow.targetLabel}`;
        const zero = { min: 0, max: 0 };
        for (const channel of new Set([...baseRanges, ...headRanges].map(ranges => ranges.channel))) {
            const baseChannel = baseRanges.find(ranges => ranges.channel === channel);
            const headChannel = headRanges.find(ranges => ranges.channel === channel);
            for (const metric of Object.keys(COUNT_METRIC_LABELS) as CountMetric[]) {
                const before = baseChannel?.[metric] ?? zero;
                const after = headChannel?.[metric] ?? zero;
                if (before.min !== after.min || before.max !== after.max) {
                    differences.push({ cell, channel, metric, base: before, head: after, beyondRange: after.min > before.max || after.max < before.min });
                }
            }
        }
    }
    return differences;
}

/**
 * Every count that differs between two sides, where each side is one document that observed its counts (an alternated
 * run's merged side, or the results of one `yarn bench` run); else undefined: nothing to compare, nor to gate on.
 */
export function sidesCountDifferences(base: readonly ResultsDocument[], head: readonly ResultsDocument[]): CountDifference[] | undefined {
    const counted = (documents: readonly ResultsDocument[]): boolean => documents.length === 1 && documents[0].results.some(row => row.counts?.observed);
    return counted(base) && counted(head) ? countDifferences(base[0], head[0]) : undefined;
}

/** A count's range as text: `3`, `3–4`, or sizes for bytes (`4.9 MiB`). */
export function formatCountRange(range: CountRange, metric: CountMetric): string {
    const show = (value: number): string => isBytes(metric) ? formatBytes(value) : String(value);
    return range.min === range.max ? show(range.min) : `${show(range.min)}–${show(range.max)}`;
}

/** `Theia browser (plugin) | workspace.fs.readFile | 10000K, /socket.io/: page → server messages 3 → 4 (+1)`; bytes as `+10.2 MB`. */
export function describeCountDifference(difference: CountDifference): string {
    const { base, head, metric } = difference;
    const change = head.min - base.min;
    const delta = base.min === base.max && head.min === head.max
        ? ` (${change >= 0 ? '+' : '−'}${isBytes(metric) ? formatBytes(Math.abs(change)) : Math.abs(change)})` : difference.beyondRange ? '' : ', within the ranges';
    return `${difference.cell}, ${difference.channel}: ${COUNT_METRIC_LABELS[metric]} ${formatCountRange(base, metric)} → ${formatCountRange(head, metric)}${delta}`;
}

/** The differences `--check` fails on: of a gated metric, and beyond the range the count varied over on each side. */
export function gatingCountDifferences(differences: readonly CountDifference[], groups: readonly string[]): CountDifference[] {
    const gated = new Set(groups.flatMap(group => COUNT_CHECK_GROUPS[group] ?? []));
    return differences.filter(difference => difference.beyondRange && gated.has(difference.metric));
}

/**
 * The counts' part of comparison.txt: every difference, exactly, those that fail `--check` marked; or that the counts are
 * equal; or that no cell was counted on both sides.
 */
export function renderCountDifferences(base: ResultsDocument, head: ResultsDocument, groups: readonly string[]): { text: string; failing: CountDifference[] } {
    const counted = head.results.filter(row => row.counts?.observed).length > 0 && base.results.filter(row => row.counts?.observed).length > 0;
    if (!counted) {
        return { text: '\nExact counts: none observed on both sides (counts need the headless run).\n', failing: [] };
    }
    const differences = countDifferences(base, head);
    const failing = gatingCountDifferences(differences, groups);
    const gate = groups.length > 0 ? `--check gates on ${groups.join(', ')}` : '--check gates on no count';
    if (differences.length === 0) {
        return { text: `\nExact counts: every counted cell moved the same messages, bytes and round trips on both sides (${gate}).\n`, failing };
    }
    const lines = differences.map(difference => `  ${failing.includes(difference) ? '✗' : '·'} ${describeCountDifference(difference)}`);
    return { text: `\nExact counts that differ (${gate}; ✗ fails it: beyond the range the count varied over between reads of the same side):\n${lines.join('\n')}\n`, failing };
}
