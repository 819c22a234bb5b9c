import { CountDifference, formatCountRange } from '../../compare/count-differences';
import { COUNT_METRIC_LABELS } from '../../measure/message-counts';
import { TextGrid } from './block';

/** Every exact count that differs between the sides of a `--compare` run: cell, channel, count, both sides' ranges. */
export function pairedCountsGrid(differences: readonly CountDifference[], baseLabel: string, headLabel: string): TextGrid {
    return {
        header: ['Cell', 'Channel', 'Count', baseLabel, headLabel, 'Beyond the ranges'],
        align: ['left', 'left', 'left', 'right', 'right', 'left'],
        rows: differences.map(difference => [difference.cell, difference.channel, COUNT_METRIC_LABELS[difference.metric],
            formatCountRange(difference.base, difference.metric), formatCountRange(difference.head, difference.metric), difference.beyondRange ? 'yes' : 'no']),
    };
}

/** What the counts say in a sentence: equal everywhere, or how many differ and which `--check` can fail on. */
export function pairedCountsNote(differences: readonly CountDifference[]): string {
    const how = 'Messages, payload bytes and round trips per read over the page\'s WebSockets, from each side\'s count passes (docs/methodology.md, "Exact counts")';
    if (differences.length === 0) {
        return `${how}: every counted cell moved the same on both sides.`;
    }
    const beyond = differences.filter(difference => difference.beyondRange).length;
    return `${how}: ${differences.length} count${differences.length === 1 ? '' : 's'} differ; ${beyond} beyond the range the count varied over between `
        + 'reads of one side, which `--check` fails on for the counts `--check-counts` names (round trips by default).';
}
