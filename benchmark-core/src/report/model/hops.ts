import { PLUGIN_READ_HOPS } from '../../measure/hops';
import { formatAtPlace, formatSupported } from '../../stats/precision';
import { SCENARIO_CATALOG } from '../../measure/scenario-catalog';
import { FIXTURE_SIZE_LABELS } from '../../measure/sizes';
import { hostKeyId } from '../../results/host-identity';
import { ReportMeasurement } from '../../results/measurements';
import { Measurement } from '../../results/schema';
import { HopsSection, VscodePartsSection } from './section-types';
import { hostsOf, isLargeSize, measurementLookup, medianCell, READ_FILE, sizeOrder, WORKBENCH_READ } from './tables';
import { HopColumn, HopRow, StackedBar, VscodePartsRow } from './types';

/**
 * The hops of the typical samples: each hop's mean over the middle half of the samples ranked by their total (the 25th to
 * 75th percentile; all of them below 4 samples). Unlike hop medians, these add up exactly, to the mean total of those
 * samples, which lies close to the median total; a hop's own median would not (medians of skewed parts do not add up).
 */
export function middleHalfHops(samplesMs: readonly (readonly number[])[]): { hops: number[]; totalMs: number } | undefined {
    if (samplesMs.length === 0) {
        return undefined;
    }
    const ranked = [...samplesMs].map(sample => ({ sample, total: sample.reduce((sum, ms) => sum + ms, 0) })).sort((a, b) => a.total - b.total);
    const middle = ranked.length < 4 ? ranked : ranked.slice(Math.floor(ranked.length / 4), Math.ceil((3 * ranked.length) / 4));
    const hops = middle[0].sample.map((_, index) => middle.reduce((sum, entry) => sum + entry.sample[index], 0) / middle.length);
    return { hops, totalMs: hops.reduce((sum, ms) => sum + ms, 0) };
}

/**
 * The smallest hop the shared clock resolves, ms: a hop is a difference of two processes' readings, and a browser page's
 * `performance.now()` is coarsened to 0.1 ms. A smaller hop (or one below 0, where two processes' clocks disagree) is
 * shown as below resolution and left out of the shares.
 */
export const HOP_RESOLUTION_MS = 0.1;

/**
 * A hop as the hop table and the hops chart print it: below 0 its value and that it is the clocks' error (the two
 * processes' clocks disagree by about that much; they are not aligned, so such a hop is measurement error, not time),
 * below the clock's resolution `<0.1`, else undefined (the table prints the value with its share).
 */
export function leftOutHopText(ms: number): string | undefined {
    return ms < 0 ? `${formatSupported(ms)} (clock error)` : ms < HOP_RESOLUTION_MS ? `<${formatAtPlace(HOP_RESOLUTION_MS, -1)}` : undefined;
}

/** The hop sections' column of a hop id: its label from {@link PLUGIN_READ_HOPS}, else the id itself. */
function hopColumn(id: string): HopColumn {
    return { id, label: PLUGIN_READ_HOPS.find(hop => hop.id === id)?.label ?? id };
}

function hopRow(entry: ReportMeasurement, hops: readonly HopColumn[], untraced: Measurement | undefined): HopRow {
    const { host, hostLabel, measurement } = entry;
    const recorded = measurement.hops!;
    const matched = recorded.samplesMs.length;
    const typical = middleHalfHops(recorded.samplesMs);
    const values = new Map(recorded.hops.map((id, index) => [id, typical?.hops[index]]));
    const sumOfHopsMs = typical?.totalMs;
    // Shares are of the hops the clocks resolve, so they lie between 0 and 100% and add up to 100%.
    const resolvedMs = (typical?.hops ?? []).filter(ms => ms >= HOP_RESOLUTION_MS).reduce((sum, ms) => sum + ms, 0);
    const tracedMs = measurement.statistics.medianMs;
    const untracedMs = untraced?.statistics.medianMs;
    const restMs = sumOfHopsMs === undefined ? undefined : tracedMs - sumOfHopsMs;
    return {
        host, hostLabel, targetLabel: measurement.targetLabel,
        hops: hops.map(({ id }) => {
            const ms = values.get(id);
            return ms === undefined ? undefined : { ms, share: ms >= HOP_RESOLUTION_MS && resolvedMs > 0 ? ms / resolvedMs : undefined };
        }),
        sumOfHopsMs, traced: medianCell(measurement), restMs,
        restShare: restMs === undefined || !tracedMs ? undefined : restMs / tracedMs,
        untraced: untraced && medianCell(untraced),
        tracedOverUntraced: untracedMs ? tracedMs / untracedMs : undefined,
        matched, unmatched: recorded.unmatched,
    };
}

/** The hops of the traced plugin reads of some measurements (rows with `hops`), or undefined without any. */
export function hopsSection(measurements: readonly ReportMeasurement[]): HopsSection | undefined {
    const traced = measurements.filter(entry => entry.measurement.hops !== undefined);
    if (traced.length === 0) {
        return undefined;
    }
    const ids = [...new Set(traced.flatMap(entry => entry.measurement.hops!.hops))];
    const pathOrder = (id: string): number => {
        const index = PLUGIN_READ_HOPS.findIndex(hop => hop.id === id);
        return index < 0 ? PLUGIN_READ_HOPS.length : index;
    };
    const hops = ids.sort((a, b) => pathOrder(a) - pathOrder(b)).map(hopColumn);
    const find = measurementLookup(measurements);
    const hosts = hostsOf(traced).sort((a, b) => a.hostLabel.localeCompare(b.hostLabel)).map(({ host, hostLabel }) => ({
        host, hostLabel,
        rows: traced.filter(entry => hostKeyId(entry.host) === hostKeyId(host))
            .sort((a, b) => sizeOrder(a.measurement.targetLabel) - sizeOrder(b.measurement.targetLabel))
            .map(entry => hopRow(entry, hops, find(host, READ_FILE, entry.measurement.targetLabel))),
    }));
    const largeRests = hosts.flatMap(({ rows }) => rows.filter(row => isLargeSize(row.targetLabel) && row.restShare !== undefined).map(row => Math.abs(row.restShare!)));
    const traceEffects = hosts.flatMap(({ rows }) => rows.filter(row => isLargeSize(row.targetLabel) && row.tracedOverUntraced !== undefined)
        .map(row => Math.abs(row.tracedOverUntraced! - 1)));
    const oneHost = hosts.length === 1;
    const bars = hosts.flatMap(({ hostLabel, rows }) => rows.filter(row => row.sumOfHopsMs !== undefined).map((row): StackedBar => ({
        label: oneHost ? row.targetLabel : `${hostLabel}, ${row.targetLabel}`,
        values: row.hops.map(hop => hop?.ms),
        texts: row.hops.map(hop => hop && leftOutHopText(hop.ms)),
        resolution: HOP_RESOLUTION_MS,
    })));
    return {
        kind: 'hops', hops, hosts,
        largestLargeRestShare: largeRests.length > 0 ? Math.max(...largeRests) : undefined,
        largestLargeTraceEffect: traceEffects.length > 0 ? Math.max(...traceEffects) : undefined,
        chart: {
            kind: 'stacked-bars', id: 'hops', placement: 'section', scale: 'share', unit: 'ms',
            title: `Where a plugin's read spends its time${oneHost ? `, ${hosts[0].hostLabel}` : ''}: each hop's share of the typical call`,
            xTitle: 'share of the call (the middle half of the samples; total ms at the end of each bar)',
            segments: hops.map(hop => hop.label), bars,
        },
    };
}

/**
 * VS Code's read from its parts (differences of medians of one host, never a trace): for each VS Code host that measured
 * readFile and the in-host floor at 1K and at sizes of 500K and up. Undefined where none did.
 */
export function vscodePartsSection(measurements: readonly ReportMeasurement[]): VscodePartsSection | undefined {
    const find = measurementLookup(measurements);
    const floorId = SCENARIO_CATALOG.extensionHostNodeReadFile.id;
    const rows = hostsOf(measurements).filter(({ host }) => host.editor === 'vscode').flatMap(({ host, hostLabel }): VscodePartsRow[] => {
        const [readFile1K, floor1K, workbench1K] = [READ_FILE, floorId, WORKBENCH_READ].map(id => find(host, id, '1K'));
        if (!readFile1K || !floor1K) {
            return [];
        }
        const roundTripMs = readFile1K.statistics.medianMs - floor1K.statistics.medianMs;
        return FIXTURE_SIZE_LABELS.filter(isLargeSize).flatMap((size): VscodePartsRow[] => {
            const [readFile, floor, workbench] = [READ_FILE, floorId, WORKBENCH_READ].map(id => find(host, id, size));
            if (!readFile || !floor) {
                return [];
            }
            return [{
                host, hostLabel, targetLabel: size, readFile: medianCell(readFile), floor: medianCell(floor), roundTripMs,
                restMs: readFile.statistics.medianMs - floor.statistics.medianMs - roundTripMs,
                workbench: workbench && workbench1K ? {
                    read: medianCell(workbench), roundTripMs: workbench1K.statistics.medianMs,
                    restMs: workbench.statistics.medianMs - workbench1K.statistics.medianMs,
                } : undefined,
            }];
        });
    });
    return rows.length > 0 ? { kind: 'vscode-parts', rows } : undefined;
}
