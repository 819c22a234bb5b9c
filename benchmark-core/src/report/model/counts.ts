import { ALL_CHANNELS } from '../../measure/message-counts';
import { scenarioCatalogOrder } from '../../measure/scenario-catalog';
import { rowCountRanges } from '../../results/row-counts';
import { ReportMeasurement } from '../../results/measurements';
import { CountsSection } from './section-types';
import { sizeOrder } from './tables';

/** The counts of some measurements, or undefined when none had a count pass. */
export function countsSection(measurements: readonly ReportMeasurement[]): CountsSection | undefined {
    const withPass = measurements.filter(entry => entry.measurement.counts !== undefined)
        .sort((a, b) => a.hostLabel.localeCompare(b.hostLabel) || scenarioCatalogOrder(a.measurement.scenario.id) - scenarioCatalogOrder(b.measurement.scenario.id)
            || sizeOrder(a.measurement.targetLabel) - sizeOrder(b.measurement.targetLabel));
    if (withPass.length === 0) {
        return undefined;
    }
    const rows = withPass.flatMap(({ hostLabel, measurement }) => {
        const ranges = rowCountRanges(measurement) ?? [];
        // One channel: its row is the total; several: each, then the total.
        const shown = ranges.length === 2 ? ranges.slice(0, 1) : ranges;
        return shown.map(channel => ({ hostLabel, scenario: measurement.scenario, targetLabel: measurement.targetLabel, calls: measurement.counts!.windows.length, ranges: channel }));
    });
    return {
        kind: 'counts', rows,
        unobserved: withPass.filter(entry => !entry.measurement.counts!.observed).length,
        outside: withPass.reduce((sum, entry) => sum + (entry.measurement.counts!.observed?.outside ?? 0), 0),
    };
}

export { ALL_CHANNELS };
