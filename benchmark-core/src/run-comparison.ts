import { HostKey, hostKeyId } from './host-identity';
import { collectMeasurements, hostLabelsOf, ReportMeasurement } from './report-model';
import { ResultsDocument } from './results';
import { FIXTURE_SIZE_LABELS } from './sizes';
import { formatMilliseconds, renderTextTable } from './text-table';

/** One median measured in both runs. */
export interface MedianPair {
    readonly host: HostKey;
    readonly hostLabel: string;
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
 * Compares two runs median by median (same host, scenario and size), for the sizes from `minSize`
 * up: how much each moved, and whether within `tolerancePercent` of the baseline.
 */
export function compareRuns(baseline: readonly ResultsDocument[], current: readonly ResultsDocument[], options: { minSize?: string; tolerancePercent?: number } = {}): RunComparison {
    const tolerancePercent = options.tolerancePercent ?? 10;
    const fromIndex = FIXTURE_SIZE_LABELS.indexOf(options.minSize ?? FIXTURE_SIZE_LABELS[0]);
    if (fromIndex < 0) {
        throw new Error(`Unknown size ${options.minSize}: use one of ${FIXTURE_SIZE_LABELS.join(', ')}.`);
    }
    const sizes = new Set<string>(FIXTURE_SIZE_LABELS.slice(fromIndex));
    // Both runs' hosts labelled together, so a label names the same host on both sides.
    const label = hostLabelsOf([...baseline, ...current]);
    const index = (documents: readonly ResultsDocument[]): Map<string, ReportMeasurement> => new Map(
        collectMeasurements(documents, label).filter(entry => sizes.has(entry.measurement.targetLabel)).map(entry => [
            `${hostKeyId(entry.host)}|${entry.measurement.scenario.id}|${entry.measurement.targetLabel}`, entry,
        ]));
    const before = index(baseline);
    const after = index(current);
    const pairs: MedianPair[] = [];
    for (const [id, entry] of before) {
        const other = after.get(id);
        if (!other) {
            continue;
        }
        const baselineMs = entry.measurement.statistics.medianMs;
        const currentMs = other.measurement.statistics.medianMs;
        const changePercent = baselineMs === 0 ? (currentMs === 0 ? 0 : Infinity) : (currentMs - baselineMs) / baselineMs * 100;
        pairs.push({
            host: entry.host, hostLabel: entry.hostLabel, scenarioId: entry.measurement.scenario.id, target: entry.measurement.targetLabel, baselineMs, currentMs,
            changePercent, withinTolerance: Math.abs(changePercent) <= tolerancePercent,
        });
    }
    const describe = (entry: ReportMeasurement): string => `${entry.hostLabel} | ${entry.measurement.scenario.id} | ${entry.measurement.targetLabel}`;
    const unmatched = [...before].filter(([id]) => !after.has(id)).concat([...after].filter(([id]) => !before.has(id))).map(([, entry]) => describe(entry));
    return { tolerancePercent, pairs, unmatched };
}

/** The comparison as a text table plus a summary line. */
export function renderRunComparison(comparison: RunComparison): string {
    const rows = comparison.pairs.map(pair => [
        pair.hostLabel, pair.scenarioId, pair.target, formatMilliseconds(pair.baselineMs), formatMilliseconds(pair.currentMs),
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
