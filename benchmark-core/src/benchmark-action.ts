import { ComparisonReport } from './report-model';

/** One entry of github-action-benchmark's `customSmallerIsBetter` format. */
export interface BenchmarkActionEntry {
    readonly name: string;
    readonly unit: string;
    readonly value: number;
    readonly range?: string;
    readonly extra?: string;
}

/**
 * Every measured median as a github-action-benchmark entry (what Theia's performance CI consumes). The
 * name (host label, scenario, size) is what the action tracks across runs, so it must stay stable.
 */
export function toBenchmarkActionEntries(report: ComparisonReport): BenchmarkActionEntry[] {
    return report.measurements.map(({ hostLabel, measurement }) => ({
        name: `${hostLabel}: ${measurement.scenario.label} ${measurement.targetLabel}`,
        unit: 'ms',
        value: Number(measurement.statistics.medianMs.toFixed(4)),
        range: `± ${measurement.statistics.madMs.toFixed(4)} (MAD)`,
        extra: `${measurement.statistics.count} samples, p95 ${measurement.statistics.p95Ms.toFixed(3)} ms, verified ${measurement.verification}`,
    }));
}
