import { CONFIDENCE_LEVEL } from '../stats/median-interval';
import { formatInterval } from '../stats/precision';
import { TOO_FEW_SAMPLES } from './blocks/numbers';
import { ComparisonReport } from './model/section-types';
import { medianCell } from './model/tables';

/** One entry of github-action-benchmark's `customSmallerIsBetter` format. */
export interface BenchmarkActionEntry {
    readonly name: string;
    readonly unit: string;
    readonly value: number;
    /** `± x`: the median's interval lies within value ± x (the larger of its two sides; intervals of timings are lopsided). */
    readonly range?: string;
    readonly extra?: string;
}

/**
 * Every measured median as a github-action-benchmark entry (what Theia's performance CI consumes). The
 * name (host label, scenario, size) is what the action tracks across runs, so it must stay stable; a measurement over an
 * emulated link ends it with ` over <profile>`, so it is tracked apart from the same cell over loopback. The range
 * is the median's 95% interval as `± x`; with too few samples for an interval there is none, and `extra` says why.
 */
export function toBenchmarkActionEntries(report: ComparisonReport): BenchmarkActionEntry[] {
    return report.measurements.map(({ hostLabel, measurement, network }) => {
        const { statistics, medianInterval: interval } = medianCell(measurement);
        const level = `${Math.round(CONFIDENCE_LEVEL * 100)}%`;
        return {
            name: `${hostLabel}: ${measurement.scenario.label} ${measurement.targetLabel}${network ? ` over ${network.name}` : ''}`,
            unit: 'ms',
            value: Number(statistics.medianMs.toFixed(4)),
            ...(interval ? { range: `± ${Number(Math.max(statistics.medianMs - interval.low, interval.high - statistics.medianMs).toPrecision(3))}` } : {}),
            extra: [
                `${statistics.count} samples`,
                interval ? `${level} interval of the median ${formatInterval(statistics.medianMs, interval)} ms` : `${TOO_FEW_SAMPLES}: no interval of the median`,
                `p95 ${statistics.p95Ms.toFixed(3)} ms`,
                `verified ${measurement.verification}`,
            ].join(', '),
        };
    });
}
