import { HostKey, hostKeyId } from '../../results/host-identity';
import { hostKeyerOf, measurementId } from '../../results/measurements';
import { ResultsDocument } from '../../results/schema';
import { medianHalfWidth } from '../../stats/median-interval';
import { ReportSection } from './section-types';
import { HostEnvironment, PrecisionMiss } from './types';

/**
 * For the cells measured with a precision target (each file's own), whether all their samples got the median's
 * interval within it, asked anew (merged rounds have more samples than any one run).
 */
export function precisionSections(documents: readonly ResultsDocument[], label: (key: HostKey) => string): ReportSection[] {
    const cells = new Map<string, PrecisionMiss | undefined>();
    const keyOf = hostKeyerOf(documents);
    for (const document of documents) {
        const targetPercent = document.settings.precisionPercent;
        if (targetPercent === undefined) {
            continue;
        }
        for (const measurement of document.results) {
            const host = keyOf(measurement.host ?? document.host);
            const halfWidth = medianHalfWidth(measurement.samplesMs);
            const reached = halfWidth !== undefined && halfWidth * 100 <= targetPercent;
            cells.set(measurementId(host, measurement.scenario.id, measurement.targetLabel), reached ? undefined : {
                hostLabel: label(host), scenario: measurement.scenario, targetLabel: measurement.targetLabel, samples: measurement.samplesMs.length,
                targetPercent, halfWidthPercent: halfWidth === undefined ? undefined : halfWidth * 100,
            });
        }
    }
    if (cells.size === 0) {
        return [];
    }
    return [{ kind: 'precision', cells: cells.size, missed: [...cells.values()].filter((miss): miss is PrecisionMiss => miss !== undefined) }];
}

/** One environment per host of a results file; a later file of the same host wins, in the earlier one's place. */
export function hostEnvironments(documents: readonly ResultsDocument[], label: (key: HostKey) => string): HostEnvironment[] {
    const environments = new Map<string, HostEnvironment>();
    const keyOf = hostKeyerOf(documents);
    for (const document of documents) {
        const host = keyOf(document.host);
        const counts = document.results.map(row => row.samplesMs.length);
        environments.set(hostKeyId(host), {
            host, label: label(host), hostInfo: document.host, environment: document.environment, settings: document.settings, startedAt: document.startedAt,
            ...(counts.length > 0 ? { samplesTaken: { min: Math.min(...counts), max: Math.max(...counts) } } : {}),
        });
    }
    return [...environments.values()];
}

/** The hosts' environments as their loopback files recorded them, then those of hosts measured only over an emulated link. */
export function linkEnvironments(loopback: readonly ResultsDocument[], documents: readonly ResultsDocument[], label: (key: HostKey) => string): HostEnvironment[] {
    const environments = hostEnvironments(loopback, label);
    const seen = new Set(environments.map(environment => hostKeyId(environment.host)));
    return [...environments, ...hostEnvironments(documents, label).filter(environment => !seen.has(hostKeyId(environment.host)))];
}
