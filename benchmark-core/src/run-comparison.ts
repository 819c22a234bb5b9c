import { collectRows } from './report';
import { ResultsDocument } from './results';
import { FIXTURE_SIZE_LABELS } from './sizes';
import { formatMilliseconds, renderTextTable } from './text-table';

/** One median measured in both runs. */
export interface MedianPair {
    readonly host: string;
    readonly scenarioId: string;
    readonly target: string;
    readonly baselineMs: number;
    readonly currentMs: number;
    /** (current - baseline) / baseline, in percent. */
    readonly changePercent: number;
    readonly withinTolerance: boolean;
}

export interface RunComparison {
    readonly tolerancePercent: number;
    /** Pairs whose target is a fixture size at least `minSize` (other targets, e.g. `1000 files`, are left out). */
    readonly pairs: MedianPair[];
    /** Host, scenario and target measured in one run only. */
    readonly unmatched: string[];
}

/**
 * Compares two runs median by median (same host label, scenario and size), for the sizes from `minSize`
 * up: how much each moved, and whether within `tolerancePercent` of the baseline.
 */
export function compareRuns(baseline: readonly ResultsDocument[], current: readonly ResultsDocument[], options: { minSize?: string; tolerancePercent?: number } = {}): RunComparison {
    const tolerancePercent = options.tolerancePercent ?? 10;
    const fromIndex = FIXTURE_SIZE_LABELS.indexOf(options.minSize ?? FIXTURE_SIZE_LABELS[0]);
    if (fromIndex < 0) {
        throw new Error(`Unknown size ${options.minSize}: use one of ${FIXTURE_SIZE_LABELS.join(', ')}.`);
    }
    const sizes = new Set<string>(FIXTURE_SIZE_LABELS.slice(fromIndex));
    const key = (host: string, scenarioId: string, target: string): string => `${host} | ${scenarioId} | ${target}`;
    const index = (documents: readonly ResultsDocument[]): Map<string, { host: string; scenarioId: string; target: string; medianMs: number }> => new Map(
        collectRows(documents).filter(row => sizes.has(row.measurement.targetLabel)).map(row => [
            key(row.hostLabel, row.measurement.scenario.id, row.measurement.targetLabel),
            { host: row.hostLabel, scenarioId: row.measurement.scenario.id, target: row.measurement.targetLabel, medianMs: row.measurement.statistics.medianMs },
        ]));
    const before = index(baseline);
    const after = index(current);
    const pairs: MedianPair[] = [];
    for (const [name, entry] of before) {
        const other = after.get(name);
        if (!other) {
            continue;
        }
        const changePercent = entry.medianMs === 0 ? (other.medianMs === 0 ? 0 : Infinity) : (other.medianMs - entry.medianMs) / entry.medianMs * 100;
        pairs.push({
            host: entry.host, scenarioId: entry.scenarioId, target: entry.target, baselineMs: entry.medianMs, currentMs: other.medianMs,
            changePercent, withinTolerance: Math.abs(changePercent) <= tolerancePercent,
        });
    }
    const unmatched = [...before.keys()].filter(name => !after.has(name)).concat([...after.keys()].filter(name => !before.has(name)));
    return { tolerancePercent, pairs, unmatched };
}

/** The comparison as a text table plus a summary line. */
export function renderRunComparison(comparison: RunComparison): string {
    const rows = comparison.pairs.map(pair => [
        pair.host, pair.scenarioId, pair.target, formatMilliseconds(pair.baselineMs), formatMilliseconds(pair.currentMs),
        `${pair.changePercent >= 0 ? '+' : ''}${pair.changePercent.toFixed(1)}%`, pair.withinTolerance ? 'yes' : 'NO',
    ]);
    const within = comparison.pairs.filter(pair => pair.withinTolerance).length;
    const lines = [
        renderTextTable([
            { header: 'Host', align: 'left' }, { header: 'Scenario', align: 'left' }, { header: 'Size', align: 'right' },
            { header: 'Baseline ms', align: 'right' }, { header: 'Current ms', align: 'right' }, { header: 'Change', align: 'right' },
            { header: `Within ${comparison.tolerancePercent}%`, align: 'left' },
        ], rows),
        `${within} of ${comparison.pairs.length} medians within ${comparison.tolerancePercent}% of the baseline.`,
    ];
    if (comparison.unmatched.length > 0) {
        lines.push(`Measured in one run only: ${comparison.unmatched.join('; ')}.`);
    }
    return lines.join('\n');
}
