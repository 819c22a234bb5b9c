import { cpuMsPerMegabyte } from '../../measure/cpu';
import { differenceOfMedians, REPORT_BOOTSTRAP, ratioOfMedians } from '../../stats/bootstrap';
import { Interval, medianHalfWidth, medianInterval, minimumSamplesForMedianInterval } from '../../stats/median-interval';
import { PLUGIN_READ_HOPS } from '../../measure/hops';
import { distinctHostLabels, editorRuntimeLabel, hostKey, HostKey, hostKeyId, runtimeName, runtimeWord } from '../../results/host-identity';
import type { NetworkProfile } from '../../network/profiles';
import { networkReport, NetworkHeadline, NetworkSection } from './network';
import { comparisonSidesOf, ForestChart, pairedComparisonReport, PairedComparisonSection, PairedHeadlineSection } from './paired';
import { EnvironmentInfo, HostInfo, Measurement, ResultsDocument, RunSettings } from '../../results/schema';
import { RunComparisonOptions } from '../../compare/run-comparison';
import { ScenarioInfo } from '../../measure/scenario';
import { SCENARIO_CATALOG, scenarioCatalogOrder } from '../../measure/scenario-catalog';
import { FIXTURE_SIZE_LABELS, fixtureSize } from '../../measure/sizes';
import { computeStatistics, median as medianOf, quantile, SampleStatistics } from '../../stats/statistics';

/**
 * The comparison report as data: built once from results files, rendered by every output (Markdown,
 * HTML, chart SVGs, github-action-benchmark entries). Rows are keyed by host identity and scenario,
 * columns by size; cells hold statistics, never formatted text.
 */
export interface ComparisonReport {
    readonly title: string;
    /** Fixture sizes measured by anyone, smallest first. */
    readonly sizes: readonly string[];
    /** Every host in the results files, each with a label no other host in this report has. */
    readonly hosts: readonly ReportHost[];
    /**
     * Every measurement, one per link, host, scenario and target (a later file wins), in the files' order: those over
     * loopback first, then each emulated link's ({@link ReportMeasurement.network}).
     */
    readonly measurements: readonly ReportMeasurement[];
    /** In reading order; every renderer renders every kind. */
    readonly sections: readonly ReportSection[];
    readonly charts: readonly ReportChart[];
}

export interface ReportHost {
    readonly key: HostKey;
    readonly label: string;
}

/** One measurement with the host it was measured in (the row's own host, else its file's). */
export interface ReportMeasurement {
    readonly host: HostKey;
    /** {@link ComparisonReport.hosts}' label of `host`. */
    readonly hostLabel: string;
    /** The host as its results file describes it (product, version, transport). */
    readonly hostInfo: HostInfo;
    readonly measurement: Measurement;
    /** The emulated link its results file was measured over (`yarn bench --network`); undefined over loopback. */
    readonly network?: NetworkProfile;
}

/** What a table row or a chart line shows: one scenario measured in one host. */
export interface SeriesKey {
    readonly host: HostKey;
    readonly scenarioId: string;
}

/** The measurement behind one median; renderers format it. */
export interface MedianCell {
    readonly statistics: SampleStatistics;
    readonly measurement: Measurement;
    /** 95% interval of the median from the samples' order statistics; undefined with too few samples (fewer than 6). */
    readonly medianInterval: Interval | undefined;
    /** 5th percentile of the samples, ms (R-7, as the statistics' p95). */
    readonly p5Ms: number;
}

/** A measurement as a table cell: its statistics, the interval of its median and its 5th percentile, from its samples. */
export function medianCell(measurement: Measurement): MedianCell {
    return {
        statistics: measurement.statistics, measurement,
        medianInterval: medianInterval(measurement.samplesMs),
        p5Ms: quantile(measurement.samplesMs, 0.05),
    };
}

export { REPORT_BOOTSTRAP };

export interface MedianRow {
    readonly label: string;
    readonly series: SeriesKey;
    /** One per column of the table; undefined where the series was not measured. */
    readonly cells: readonly (MedianCell | undefined)[];
}

/** Medians of some series: rows are series, columns are sizes (or another target such as `1000 files`). */
export interface MedianTable {
    /** Stable within a report, e.g. `read-file`, `decomposition-browser`, `scenario:theia.http.fetch`. */
    readonly id: string;
    readonly title: string;
    /** Header of the first column. */
    readonly rowHeader: string;
    readonly columns: readonly string[];
    readonly rows: readonly MedianRow[];
}

/**
 * Two medians of one size compared, as the original suite's factor tables did, with 95% bootstrap intervals
 * (seeded: {@link REPORT_BOOTSTRAP}); the intervals are undefined when a side has fewer than 6 samples.
 */
export interface FactorCell {
    readonly numerator: SampleStatistics;
    readonly denominator: SampleStatistics;
    /** Numerator median minus denominator median, ms. */
    readonly differenceMs: number;
    readonly differenceInterval: Interval | undefined;
    /** Numerator median / denominator median; undefined when the denominator's median is 0. */
    readonly factor: number | undefined;
    readonly factorInterval: Interval | undefined;
    /** The factor's interval includes 1: the samples cannot tell the two apart. False when there is no interval. */
    readonly noMeasurableDifference: boolean;
}

/** Two measurements of one size compared: difference and factor of the medians, each with its interval. */
export function factorCell(numerator: Measurement, denominator: Measurement): FactorCell {
    const top = numerator.statistics;
    const bottom = denominator.statistics;
    const factor = bottom.medianMs === 0 ? undefined : top.medianMs / bottom.medianMs;
    const enough = [numerator, denominator].every(side => side.samplesMs.length >= minimumSamplesForMedianInterval());
    const differenceInterval = enough ? intervalOf(differenceOfMedians(numerator.samplesMs, denominator.samplesMs, REPORT_BOOTSTRAP)) : undefined;
    const factorInterval = enough && factor !== undefined ? intervalOf(ratioOfMedians(numerator.samplesMs, denominator.samplesMs, REPORT_BOOTSTRAP)) : undefined;
    return {
        numerator: top, denominator: bottom, differenceMs: top.medianMs - bottom.medianMs, differenceInterval, factor, factorInterval,
        noMeasurableDifference: factorInterval !== undefined && factorInterval.low <= 1 && factorInterval.high >= 1,
    };
}

function intervalOf({ low, high }: Interval): Interval {
    return { low, high };
}

/** "A vs B" per size. */
export interface FactorTable {
    readonly id: string;
    readonly title: string;
    readonly numerator: SeriesKey;
    readonly denominator: SeriesKey;
    readonly columns: readonly string[];
    /** One per column; undefined where either side was not measured. */
    readonly cells: readonly (FactorCell | undefined)[];
}

/** The machine and settings one host's results file recorded. */
export interface HostEnvironment {
    readonly host: HostKey;
    readonly label: string;
    readonly hostInfo: HostInfo;
    readonly environment: EnvironmentInfo;
    readonly settings: RunSettings;
    readonly startedAt: string;
}

/** A host a run wanted but could not measure, e.g. no Electron binary. */
export interface NotMeasuredHost {
    /** How the run names the host, e.g. `VS Code desktop`. */
    readonly host: string;
    readonly reason: string;
}

export type ReportSection =
    /** The findings a person reads first; the report's first section when there is any. */
    | HeadlineSection
    /** A comparison report's (two sides of one `yarn bench --compare` run) first section, and its comparison. */
    | PairedHeadlineSection
    | PairedComparisonSection
    /** The original suite's tables and the decomposition: one heading each. */
    | { readonly kind: 'medians'; readonly table: MedianTable }
    | { readonly kind: 'factors'; readonly tables: readonly FactorTable[] }
    /** One table per scenario with every host that measured it. */
    | { readonly kind: 'scenarios'; readonly tables: readonly MedianTable[] }
    /** Streamed reads: time to the first chunk beside the whole read, per host and size. */
    | { readonly kind: 'streaming'; readonly rows: readonly StreamRow[] }
    | HopsSection
    | VscodePartsSection
    | CpuSection
    /** One per emulated link the results files were measured over (`yarn bench --network`), in order of appearance. */
    | NetworkSection
    /** With a precision target: how many cells reached it, and the ones that did not. */
    | { readonly kind: 'precision'; readonly cells: number; readonly missed: readonly PrecisionMiss[] }
    | { readonly kind: 'environments'; readonly hosts: readonly HostEnvironment[] }
    | { readonly kind: 'not-measured'; readonly hosts: readonly NotMeasuredHost[] };

/** A streamed read at one size in one host: when its first chunk came, against the whole read. */
export interface StreamRow {
    readonly host: HostKey;
    readonly hostLabel: string;
    readonly scenario: ScenarioInfo;
    readonly targetLabel: string;
    /** Time from the call to the first chunk, over the timed samples. */
    readonly firstChunk: MedianCell;
    /** The whole read (the row's own samples). */
    readonly whole: MedianCell;
    /** Median over the samples of first chunk / whole read: 1 means the first chunk came only at the end. */
    readonly firstChunkShare: number;
    /** Median number of chunks. */
    readonly chunks: number;
}

/** The streamed reads of a report (rows whose measurement has per-sample stream timings), host by host, smallest size first. */
function streamRows(measurements: readonly ReportMeasurement[]): StreamRow[] {
    return measurements.flatMap(({ host, hostLabel, measurement }): StreamRow[] => {
        const stream = measurement.stream;
        if (!stream) {
            return [];
        }
        const firstChunk: Measurement = { ...measurement, samplesMs: stream.firstChunkMs, statistics: computeStatistics(stream.firstChunkMs) };
        return [{
            host, hostLabel, scenario: measurement.scenario, targetLabel: measurement.targetLabel,
            firstChunk: medianCell(firstChunk), whole: medianCell(measurement),
            firstChunkShare: medianOf(stream.firstChunkMs.map((ms, index) => measurement.samplesMs[index] > 0 ? Math.min(1, ms / measurement.samplesMs[index]) : 1)),
            chunks: medianOf(stream.chunks),
        }];
    }).sort((a, b) => a.hostLabel.localeCompare(b.hostLabel) || FIXTURE_SIZE_LABELS.indexOf(a.targetLabel as never) - FIXTURE_SIZE_LABELS.indexOf(b.targetLabel as never));
}

/** The smallest fixture size whose reads move enough bytes for a trace's or a CPU pass's figures to mean something, bytes. */
const LARGE_SIZE_BYTES = fixtureSize('500K').bytes;

/** Whether a target is a fixture size of 500K or more. */
export function isLargeSize(targetLabel: string): boolean {
    return FIXTURE_SIZE_LABELS.includes(targetLabel) && fixtureSize(targetLabel).bytes >= LARGE_SIZE_BYTES;
}

function sizeOrder(targetLabel: string): number {
    return FIXTURE_SIZE_LABELS.indexOf(targetLabel);
}

/** Finds the measurement of a host, scenario and target among some measurements. */
function measurementLookup(measurements: readonly ReportMeasurement[]): (host: HostKey, scenarioId: string, target: string) => Measurement | undefined {
    const byId = new Map(measurements.map(entry => [measurementId(entry.host, entry.measurement.scenario.id, entry.measurement.targetLabel), entry.measurement]));
    return (host, scenarioId, target) => byId.get(measurementId(host, scenarioId, target));
}

/** Each host of some measurements once, in order of appearance, with its label. */
function hostsOf(measurements: readonly ReportMeasurement[]): { host: HostKey; hostLabel: string }[] {
    return [...new Map(measurements.map(({ host, hostLabel }) => [hostKeyId(host), { host, hostLabel }])).values()];
}

/** A hop of a traced read, as a column: its id and what a person reads. */
export interface HopColumn {
    readonly id: string;
    readonly label: string;
}

/** One hop of a traced read at one size: its mean over the middle half of the matched samples (see {@link middleHalfHops}). */
export interface HopPart {
    /** ms; below 0 only when two processes' clocks disagree by more than the hop took. */
    readonly ms: number;
    /** `ms` over the row's sum of hops (0 when that sum is 0). */
    readonly share: number;
}

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

/** A plugin's traced read at one size in one host, beside the untraced read of the same host and size. */
export interface HopRow {
    readonly host: HostKey;
    readonly hostLabel: string;
    readonly targetLabel: string;
    /** One per {@link HopsSection.hops}; undefined where the row has no such hop or no matched sample. */
    readonly hops: readonly (HopPart | undefined)[];
    /** Sum of the hops (the mean total of the middle half of the samples), ms; undefined without a matched sample. */
    readonly sumOfHopsMs: number | undefined;
    /** The traced read itself (the plugin's clock around each traced call): the measured call the hops split. */
    readonly traced: MedianCell;
    /** Traced median minus the sum of hops, ms: the median of the totals minus the mean of their middle half. */
    readonly restMs: number | undefined;
    /** `restMs` over the traced median. */
    readonly restShare: number | undefined;
    /** The untraced `workspace.fs.readFile` of the same host and size, measured with the other cases. */
    readonly untraced: MedianCell | undefined;
    /** Traced median over untraced median: the trace's own cost, and that the traced read ran alone after the other cases. */
    readonly tracedOverUntraced: number | undefined;
    /** Timed samples every process had a record of (the ones split into hops), and the ones some process had none of. */
    readonly matched: number;
    readonly unmatched: number;
}

/** Where a Theia plugin's `workspace.fs.readFile` spends its time: per host, a row per traced size. */
export interface HopsSection {
    readonly kind: 'hops';
    /** Every hop of any row, in path order. */
    readonly hops: readonly HopColumn[];
    readonly hosts: readonly { readonly host: HostKey; readonly hostLabel: string; readonly rows: readonly HopRow[] }[];
    /** The largest |rest| over the traced median at 500K and up, over every host; undefined where no such size has a matched sample. */
    readonly largestLargeRestShare: number | undefined;
    /** The largest |traced / untraced − 1| at 500K and up; undefined where no such size has both reads. */
    readonly largestLargeTraceEffect: number | undefined;
    readonly chart: StackedBarChart;
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
    const tracedMs = measurement.statistics.medianMs;
    const untracedMs = untraced?.statistics.medianMs;
    const restMs = sumOfHopsMs === undefined ? undefined : tracedMs - sumOfHopsMs;
    return {
        host, hostLabel, targetLabel: measurement.targetLabel,
        hops: hops.map(({ id }) => {
            const ms = values.get(id);
            return ms === undefined ? undefined : { ms, share: sumOfHopsMs ? ms / sumOfHopsMs : 0 };
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
    })));
    return {
        kind: 'hops', hops, hosts,
        largestLargeRestShare: largeRests.length > 0 ? Math.max(...largeRests) : undefined,
        largestLargeTraceEffect: traceEffects.length > 0 ? Math.max(...traceEffects) : undefined,
        chart: {
            kind: 'stacked-bars', id: 'hops', scale: 'share', unit: 'ms',
            title: `Where a plugin's read spends its time${oneHost ? `, ${hosts[0].hostLabel}` : ''}: each hop's share of the typical call`,
            xTitle: 'share of the call (the middle half of the samples; total ms at the end of each bar)',
            segments: hops.map(hop => hop.label), bars,
        },
    };
}

/** VS Code's `workspace.fs.readFile` at one size, taken apart with medians of other reads of the same host. */
export interface VscodePartsRow {
    readonly host: HostKey;
    readonly hostLabel: string;
    readonly targetLabel: string;
    readonly readFile: MedianCell;
    /** `fs.promises.readFile` in the extension host at this size: the in-host floor. */
    readonly floor: MedianCell;
    /** readFile's 1K median minus the floor's 1K median, ms: the `$ensureActivation` round trip every read pays. */
    readonly roundTripMs: number;
    /** readFile minus floor minus round trip, ms. */
    readonly restMs: number;
    /** The read of the same file through the workbench, where measured at this size and at 1K. */
    readonly workbench: {
        readonly read: MedianCell;
        /** Its 1K median, ms: the round trip to the workbench. */
        readonly roundTripMs: number;
        /** Its median minus that round trip, ms. */
        readonly restMs: number;
    } | undefined;
}

export interface VscodePartsSection {
    readonly kind: 'vscode-parts';
    readonly rows: readonly VscodePartsRow[];
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

/** A case's CPU pass: CPU ms each process used per MB moved (MB = 10^6 bytes). */
export interface CpuRow {
    readonly host: HostKey;
    readonly hostLabel: string;
    readonly scenario: ScenarioInfo;
    readonly targetLabel: string;
    readonly calls: number;
    /** MB the pass moved: calls × bytes per call / 10^6. */
    readonly megabytes: number;
    /** The pass's wall-clock ms per MB. */
    readonly wallMsPerMegabyte: number;
    /** One per {@link CpuSection.processes}; undefined where this host did not see that process. */
    readonly cpuMsPerMegabyte: readonly (number | undefined)[];
}

export interface CpuSection {
    readonly kind: 'cpu';
    /** Every process any row saw, in order of appearance. */
    readonly processes: readonly string[];
    /** Host by host, scenario by scenario (catalog order), smallest size first. */
    readonly rows: readonly CpuRow[];
    /** The processes each host saw. */
    readonly hosts: readonly { readonly hostLabel: string; readonly processes: readonly string[] }[];
    /** At the largest size with a CPU pass: a bar per host and scenario, a segment per process. */
    readonly chart: StackedBarChart;
}

/** The CPU passes of some measurements (rows of 500K and up with `cpu`), or undefined without any. */
export function cpuSection(measurements: readonly ReportMeasurement[]): CpuSection | undefined {
    const passes = measurements.filter(entry => entry.measurement.cpu !== undefined && isLargeSize(entry.measurement.targetLabel) && entry.measurement.bytes > 0)
        .sort((a, b) => a.hostLabel.localeCompare(b.hostLabel) || scenarioCatalogOrder(a.measurement.scenario.id) - scenarioCatalogOrder(b.measurement.scenario.id)
            || sizeOrder(a.measurement.targetLabel) - sizeOrder(b.measurement.targetLabel));
    if (passes.length === 0) {
        return undefined;
    }
    const processes = [...new Set(passes.flatMap(entry => entry.measurement.cpu!.processes.map(reading => reading.process)))];
    const rows = passes.map(({ host, hostLabel, measurement }): CpuRow => {
        const cpu = measurement.cpu!;
        const perMegabyte = new Map(cpuMsPerMegabyte(cpu, measurement.bytes).map(entry => [entry.process, entry.msPerMegabyte]));
        const megabytes = (cpu.calls * measurement.bytes) / 1e6;
        return {
            host, hostLabel, scenario: measurement.scenario, targetLabel: measurement.targetLabel, calls: cpu.calls, megabytes,
            wallMsPerMegabyte: cpu.wallMs / megabytes, cpuMsPerMegabyte: processes.map(process => perMegabyte.get(process)),
        };
    });
    const hosts = hostsOf(passes).map(({ host, hostLabel }) => ({
        hostLabel,
        processes: processes.filter(process => passes.some(entry => hostKeyId(entry.host) === hostKeyId(host)
            && entry.measurement.cpu!.processes.some(reading => reading.process === process))),
    }));
    const largest = FIXTURE_SIZE_LABELS.filter(size => rows.some(row => row.targetLabel === size)).at(-1)!;
    return {
        kind: 'cpu', processes, rows, hosts,
        chart: {
            kind: 'stacked-bars', id: 'cpu', scale: 'value', unit: 'ms/MB',
            title: `CPU per MB moved at ${largest}, by process`, xTitle: 'CPU ms per MB (10^6 bytes)', segments: processes,
            bars: rows.filter(row => row.targetLabel === largest).map(row => ({ label: `${row.hostLabel}: ${row.scenario.label}`, values: row.cpuMsPerMegabyte })),
        },
    };
}

/** A cell whose median's interval did not get within the run's precision target (its time budget ran out). */
export interface PrecisionMiss {
    readonly hostLabel: string;
    readonly scenario: ScenarioInfo;
    readonly targetLabel: string;
    readonly samples: number;
    /** The run's target, percent of the median. */
    readonly targetPercent: number;
    /** Where the interval's half-width got, percent of the median; undefined with too few samples for one. */
    readonly halfWidthPercent: number | undefined;
}

/** The sections of one kind, e.g. `reportSections(report, 'factors')`. */
export function reportSections<K extends ReportSection['kind']>(report: ComparisonReport, kind: K): Extract<ReportSection, { kind: K }>[] {
    return report.sections.filter((section): section is Extract<ReportSection, { kind: K }> => section.kind === kind);
}

export interface MedianChartSeries {
    readonly kind: 'median';
    readonly label: string;
    readonly series: SeriesKey;
    readonly points: readonly { readonly size: string; readonly cell: MedianCell }[];
}

export interface FactorChartSeries {
    readonly kind: 'factor';
    readonly label: string;
    /** The {@link FactorTable} this line draws. */
    readonly factorTableId: string;
    /** Sizes with a factor only. */
    readonly points: readonly { readonly size: string; readonly cell: FactorCell & { readonly factor: number } }[];
}

/** A line of plain numbers, no samples behind them: the least time something could take (drawn dashed). */
export interface FloorChartSeries {
    readonly kind: 'floor';
    readonly label: string;
    readonly points: readonly { readonly size: string; readonly ms: number }[];
}

/** A chart over fixture sizes. */
export interface SizeChart {
    readonly kind: 'lines';
    /**
     * Names the chart file (`chart-<id>.svg`): `medians`, `theia-extension`, `decomposition-browser`, `factors`, `first-chunk`,
     * `network-<profile>` (a link's section).
     */
    readonly id: string;
    readonly title: string;
    readonly xTitle: string;
    readonly yTitle: string;
    /** The x axis: the sizes with a point, smallest first. */
    readonly sizes: readonly string[];
    readonly series: readonly (MedianChartSeries | FactorChartSeries | FloorChartSeries)[];
    /** `grouped-bars`: a group of bars per size, a bar per series (the original suite's table as a chart); else lines. */
    readonly display?: 'lines' | 'grouped-bars';
}

/** One bar of a {@link StackedBarChart}: a value per segment, undefined where the bar has none. */
export interface StackedBar {
    readonly label: string;
    readonly values: readonly (number | undefined)[];
}

/** Horizontal bars split into segments, the same segments in the same order in every bar; drawn with the section that holds it. */
export interface StackedBarChart {
    readonly kind: 'stacked-bars';
    /** Names the standalone file: `chart-<id>.svg` (`hops-<profile>`: the traced reads over an emulated link). */
    readonly id: 'hops' | 'cpu' | `hops-${string}`;
    readonly title: string;
    readonly xTitle: string;
    /** `share`: every bar drawn as 100% of its total; `value`: every bar on one scale from 0. */
    readonly scale: 'share' | 'value';
    /** Unit of the values, e.g. `ms`, `ms/MB`. */
    readonly unit: string;
    /** Segment names in stacking order: the legend. */
    readonly segments: readonly string[];
    readonly bars: readonly StackedBar[];
}

/** A forest plot only in a comparison report (the two sides of one alternated run). */
export type ReportChart = SizeChart | StackedBarChart | ForestChart;

export interface ComparisonReportOptions {
    readonly title?: string;
    readonly notMeasured?: readonly NotMeasuredHost[];
    /** For the two sides of one alternated run: how they are compared (default: every cell from 500K up, alpha 0.05, ±5%). */
    readonly comparison?: RunComparisonOptions;
}

export const DEFAULT_REPORT_TITLE = 'FS Performance report';

/** Every Theia release some results files measured, per runtime, oldest first. */
export function theiaReleasesOf(documents: readonly ResultsDocument[]): Map<HostKey['runtime'], string[]> {
    const releases = new Map<HostKey['runtime'], Set<string>>();
    for (const host of documents.flatMap(document => [document.host, ...document.results.map(row => row.host ?? document.host)])) {
        if (host.editor === 'theia' && host.editorVersion !== 'unknown') {
            releases.set(host.runtime, (releases.get(host.runtime) ?? new Set()).add(host.editorVersion));
        }
    }
    return new Map([...releases].map(([runtime, versions]) => [runtime, [...versions].sort(compareReleases)]));
}

/** Release versions in order (1.54.0 < 1.60.2 < 1.74.1). */
export function compareReleases(a: string, b: string): number {
    const [x, y] = [a, b].map(version => version.split('.').map(Number));
    for (let index = 0; index < Math.max(x.length, y.length); index++) {
        const difference = (x[index] ?? 0) - (y[index] ?? 0);
        if (difference !== 0 && !Number.isNaN(difference)) {
            return difference;
        }
    }
    return a.localeCompare(b);
}

/**
 * The host key of a results file's host: {@link hostKey}, plus the release where the files measured several Theia
 * releases of one runtime and this is not the newest (which keeps the plain key every table looks up).
 */
export function hostKeyerOf(documents: readonly ResultsDocument[]): (host: HostInfo) => HostKey {
    const releases = theiaReleasesOf(documents);
    return host => {
        const versions = host.editor === 'theia' ? releases.get(host.runtime) ?? [] : [];
        return versions.length > 1 && host.editorVersion !== versions[versions.length - 1] && versions.includes(host.editorVersion)
            ? { ...hostKey(host), release: host.editorVersion }
            : hostKey(host);
    };
}

/** Every host of some results files (the files' hosts and their rows' own), once each, in order of appearance. */
export function hostKeysOf(documents: readonly ResultsDocument[]): HostKey[] {
    const keyOf = hostKeyerOf(documents);
    const hosts = documents.flatMap(document => [document.host, ...document.results.map(row => row.host ?? document.host)]).map(keyOf);
    return [...new Map(hosts.map(host => [hostKeyId(host), host])).values()];
}

/** Labels for every host of some results files, telling each apart; with several Theia releases, each Theia label names its release. */
export function hostLabelsOf(documents: readonly ResultsDocument[]): (key: HostKey) => string {
    const releases = theiaReleasesOf(documents);
    return distinctHostLabels(hostKeysOf(documents), key => {
        const versions = key.editor === 'theia' ? releases.get(key.runtime) ?? [] : [];
        return versions.length > 1 ? versions[versions.length - 1] : undefined;
    });
}

function measurementId(host: HostKey, scenarioId: string, target: string): string {
    return `${hostKeyId(host)}|${scenarioId}|${target}`;
}

/**
 * Every measurement of some results files, keyed by host identity, scenario and target: a later file
 * wins over an earlier one for the same key, in the earlier one's place.
 */
export function collectMeasurements(documents: readonly ResultsDocument[], label = hostLabelsOf(documents)): ReportMeasurement[] {
    const byId = new Map<string, ReportMeasurement>();
    const keyOf = hostKeyerOf(documents);
    for (const document of documents) {
        for (const measurement of document.results) {
            const hostInfo = measurement.host ?? document.host;
            const host = keyOf(hostInfo);
            byId.set(measurementId(host, measurement.scenario.id, measurement.targetLabel), { host, hostLabel: label(host), hostInfo, measurement });
        }
    }
    return [...byId.values()];
}

const theiaHosts = (runtime: 'browser' | 'electron'): { extension: HostKey; plugin: HostKey } => ({
    extension: { editor: 'theia', runtime, extensionKind: 'extension' },
    plugin: { editor: 'theia', runtime, extensionKind: 'plugin' },
});
const THEIA = { browser: theiaHosts('browser'), electron: theiaHosts('electron') };
const VSCODE_DESKTOP: HostKey = { editor: 'vscode', runtime: 'desktop', extensionKind: 'extension' };
const VSCODE_SERVER: HostKey = { editor: 'vscode', runtime: 'server', extensionKind: 'extension' };
const READ_FILE = SCENARIO_CATALOG.vscodeReadFile.id;
const WORKBENCH_READ = SCENARIO_CATALOG.vscodeReadFileWorkbench.id;
const FILE_SERVICE = SCENARIO_CATALOG.theiaFileServiceReadFile.id;
const NODE_FS = SCENARIO_CATALOG.theiaNodeFsService.id;

const series = (host: HostKey, scenarioId: string): SeriesKey => ({ host, scenarioId });

/** What the cells of a table of medians hold, for its title. */
const MEDIAN_UNIT = 'median ms [95% interval]';

/** The measurements of a report, looked up by series and size; builds tables that leave out rows (and tables) nobody measured. */
class ReportTables {
    /** Fixture sizes measured by anyone, smallest first: the columns of the summary and factor tables. */
    readonly sizes: string[];
    private readonly byId: Map<string, ReportMeasurement>;

    constructor(readonly measurements: readonly ReportMeasurement[], readonly label: (key: HostKey) => string) {
        this.byId = new Map(measurements.map(entry => [measurementId(entry.host, entry.measurement.scenario.id, entry.measurement.targetLabel), entry]));
        this.sizes = FIXTURE_SIZE_LABELS.filter(size => measurements.some(entry => entry.measurement.targetLabel === size));
    }

    measured(host: HostKey): boolean {
        return this.measurements.some(entry => hostKeyId(entry.host) === hostKeyId(host));
    }

    cell(of: SeriesKey, target: string): MedianCell | undefined {
        const measurement = this.byId.get(measurementId(of.host, of.scenarioId, target))?.measurement;
        return measurement && medianCell(measurement);
    }

    medians(id: string, title: string, rowHeader: string, rows: readonly { label: string; series: SeriesKey }[], columns: readonly string[] = this.sizes): MedianTable | undefined {
        const measuredRows = rows
            .map(row => ({ ...row, cells: columns.map(column => this.cell(row.series, column)) }))
            .filter(row => row.cells.some(cell => cell !== undefined));
        return measuredRows.length > 0 ? { id, title, rowHeader, columns, rows: measuredRows } : undefined;
    }

    factor(id: string, title: string, numerator: SeriesKey, denominator: SeriesKey): FactorTable | undefined {
        const cells = this.sizes.map((size): FactorCell | undefined => {
            const top = this.cell(numerator, size)?.measurement;
            const bottom = this.cell(denominator, size)?.measurement;
            return top && bottom && factorCell(top, bottom);
        });
        return cells.some(cell => cell !== undefined) ? { id, title, numerator, denominator, columns: this.sizes, cells } : undefined;
    }
}

function defined<T>(values: readonly (T | undefined)[]): T[] {
    return values.filter((value): value is T => value !== undefined);
}

/** The original suite's tables: `workspace.fs.readFile` per host, the Theia extension per runtime, and where Theia's time goes. */
function originalSuiteTables(tables: ReportTables): MedianTable[] {
    const streamed = SCENARIO_CATALOG.theiaFileServiceReadFileStream.id;
    return defined([
        tables.medians('read-file', `VS Code extension / plugin: ${SCENARIO_CATALOG.vscodeReadFile.label}, ${MEDIAN_UNIT}`, 'Host',
            [VSCODE_DESKTOP, VSCODE_SERVER, THEIA.electron.plugin, THEIA.browser.plugin].map(host => ({ label: tables.label(host), series: series(host, READ_FILE) }))),
        // Only where VS Code's read through the workbench was measured: otherwise it would repeat the table above.
        tables.measurements.some(entry => entry.measurement.scenario.id === WORKBENCH_READ)
            ? tables.medians('like-for-like', `Like for like: an extension's read that leaves its host, ${MEDIAN_UNIT}`, 'Host (path)', likeForLikeRows(tables.label))
            : undefined,
        tables.medians('theia-extension', `Theia extension, ${MEDIAN_UNIT}`, 'Runtime (path)',
            ([[FILE_SERVICE, 'FileService'], [streamed, 'FileService stream'], [NODE_FS, 'Node FS']] as const).flatMap(([scenarioId, path]) =>
                [THEIA.electron.extension, THEIA.browser.extension].map(host => ({ label: `${runtimeName(host)} (${path})`, series: series(host, scenarioId) })))),
        ...[THEIA.browser, THEIA.electron].map(({ extension, plugin }) => tables.medians(`decomposition-${extension.runtime}`,
            `Where the time goes, ${editorRuntimeLabel(extension)}: ${MEDIAN_UNIT}`, 'Read path', [
                { label: 'Backend disk read (floor)', series: series(extension, SCENARIO_CATALOG.theiaDiskFloor.id) },
                { label: 'RPC transport of an in-memory buffer', series: series(extension, SCENARIO_CATALOG.theiaRpcTransport.id) },
                { label: 'HTTP fetch (wire floor)', series: series(extension, SCENARIO_CATALOG.theiaHttpFetch.id) },
                { label: 'Node fs service (RPC)', series: series(extension, NODE_FS) },
                { label: 'FileService.readFile', series: series(extension, FILE_SERVICE) },
                { label: 'Plugin workspace.fs.readFile', series: series(plugin, READ_FILE) },
            ])),
    ]);
}

/** VS Code server's read through its workbench and in its extension host, and each Theia runtime's plugin read. */
function likeForLikeRows(label: (key: HostKey) => string): { label: string; series: SeriesKey }[] {
    return [
        { label: `${label(VSCODE_SERVER)} (through the workbench)`, series: series(VSCODE_SERVER, WORKBENCH_READ) },
        { label: `${label(VSCODE_SERVER)} (in the extension host)`, series: series(VSCODE_SERVER, READ_FILE) },
        ...[THEIA.electron.plugin, THEIA.browser.plugin].map(host => ({ label: label(host), series: series(host, READ_FILE) })),
    ];
}

/**
 * The reads of one emulated link's measurements: the like-for-like rows and each host's own fs read (the in-host floor),
 * as a table; with `fileService`, Theia's `FileService.readFile` too (the link's chart draws it beside them).
 */
export function linkReadTable(measurements: readonly ReportMeasurement[], label: (key: HostKey) => string, id: string, title: string,
    fileService = false): MedianTable | undefined {
    const tables = new ReportTables(measurements, label);
    const inHost = SCENARIO_CATALOG.extensionHostNodeReadFile.id;
    return tables.medians(id, `${title}, ${MEDIAN_UNIT}`, 'Host (path)', [
        ...likeForLikeRows(label),
        { label: `${label(VSCODE_SERVER)}: fs.promises.readFile in the extension host`, series: series(VSCODE_SERVER, inHost) },
        { label: `${label(THEIA.browser.plugin)}: fs.promises.readFile in the plugin host`, series: series(THEIA.browser.plugin, inHost) },
        ...(fileService ? [{ label: `${label(THEIA.browser.extension)}: FileService.readFile`, series: series(THEIA.browser.extension, FILE_SERVICE) }] : []),
    ]);
}

/** "A vs B" as the original suite compared them; VS Code means desktop VS Code where measured, else VS Code server. */
function factorTables(tables: ReportTables): FactorTable[] {
    const { label } = tables;
    const vscode = tables.measured(VSCODE_DESKTOP) ? VSCODE_DESKTOP : VSCODE_SERVER;
    const { browser, electron } = THEIA;
    return defined([
        ...[browser, electron].map(({ plugin }) => tables.factor(`plugin-vs-vscode-${plugin.runtime}`, `${label(plugin)} vs ${label(vscode)}`,
            series(plugin, READ_FILE), series(vscode, READ_FILE))),
        ...[browser, electron].map(({ plugin }) => tables.factor(`plugin-vs-vscode-workbench-${plugin.runtime}`,
            `${label(plugin)} vs ${label(VSCODE_SERVER)} through the workbench (like for like)`, series(plugin, READ_FILE), series(VSCODE_SERVER, WORKBENCH_READ))),
        tables.factor('vscode-workbench-vs-extension-host', `${label(VSCODE_SERVER)}: through the workbench vs in the extension host`,
            series(VSCODE_SERVER, WORKBENCH_READ), series(VSCODE_SERVER, READ_FILE)),
        tables.factor('plugin-browser-vs-electron', `${editorRuntimeLabel(browser.plugin)} vs ${runtimeName(electron.plugin)} (plugin)`,
            series(browser.plugin, READ_FILE), series(electron.plugin, READ_FILE)),
        tables.factor('file-service-browser-vs-electron', `${editorRuntimeLabel(browser.extension)} vs ${runtimeName(electron.extension)} (FileService)`,
            series(browser.extension, FILE_SERVICE), series(electron.extension, FILE_SERVICE)),
        ...[browser, electron].map(({ extension }) => tables.factor(`file-service-vs-node-fs-${extension.runtime}`,
            `${editorRuntimeLabel(extension)}: FileService vs Node FS`, series(extension, FILE_SERVICE), series(extension, NODE_FS))),
        ...[browser, electron].map(({ extension, plugin }) => tables.factor(`plugin-vs-extension-${plugin.runtime}`,
            `${editorRuntimeLabel(plugin)}: plugin vs extension (readFile vs FileService.readFile)`, series(plugin, READ_FILE), series(extension, FILE_SERVICE))),
        tables.factor('file-service-vs-vscode', `${editorRuntimeLabel(browser.extension)} (FileService) vs ${label(vscode)} (readFile)`,
            series(browser.extension, FILE_SERVICE), series(vscode, READ_FILE)),
    ]);
}

/**
 * Where the results measured several Theia releases of one runtime (`yarn bench --theia-version`): a row per release
 * for the plugin's `workspace.fs.readFile` and the extension's `FileService.readFile`, and every older release
 * against the newest (above 1: the older release was slower).
 */
function releaseTables(tables: ReportTables, releases: ReadonlyMap<HostKey['runtime'], readonly string[]>): { medians: MedianTable[]; factors: FactorTable[] } {
    const medians: MedianTable[] = [];
    const factors: FactorTable[] = [];
    for (const runtime of ['browser', 'electron'] as const) {
        const versions = releases.get(runtime) ?? [];
        if (versions.length < 2) {
            continue;
        }
        const newest = versions[versions.length - 1];
        const keyOf = (version: string, kind: 'plugin' | 'extension'): HostKey => version === newest ? THEIA[runtime][kind] : { ...THEIA[runtime][kind], release: version };
        const runtimeLabel = editorRuntimeLabel(THEIA[runtime].plugin);
        for (const [kind, scenarioId, what] of [['plugin', READ_FILE, `plugin ${SCENARIO_CATALOG.vscodeReadFile.label}`],
            ['extension', FILE_SERVICE, `extension ${SCENARIO_CATALOG.theiaFileServiceReadFile.label}`]] as const) {
            const table = tables.medians(`releases-${kind}-${runtime}`, `Theia releases, ${runtimeLabel}: ${what}, ${MEDIAN_UNIT}`, 'Release',
                versions.map(version => ({ label: version, series: series(keyOf(version, kind), scenarioId) })));
            if (table) {
                medians.push(table);
            }
            factors.push(...defined(versions.slice(0, -1).map(version => tables.factor(`release-${kind}-${runtime}-${version}`,
                `Theia ${version} vs ${newest} (${runtimeWord(THEIA[runtime].plugin)}): ${what}`, series(keyOf(version, kind), scenarioId), series(keyOf(newest, kind), scenarioId)))));
        }
    }
    return { medians, factors };
}

/** One table per scenario of the catalog, in its order, with every host that measured it (first seen first). */
function scenarioTables(tables: ReportTables): { scenario: ScenarioInfo; table: MedianTable }[] {
    return Object.values(SCENARIO_CATALOG).flatMap(scenario => {
        const rows = tables.measurements.filter(entry => entry.measurement.scenario.id === scenario.id);
        const hosts = [...new Map(rows.map(entry => [hostKeyId(entry.host), entry.host])).values()];
        const targets = [...new Set(rows.map(entry => entry.measurement.targetLabel))];
        const table = tables.medians(`scenario:${scenario.id}`, `${scenario.label} (${scenario.api}), ms`, 'Host',
            hosts.map(host => ({ label: tables.label(host), series: series(host, scenario.id) })),
            scenario.target === 'fixture' ? tables.sizes.filter(size => targets.includes(size)) : targets);
        return table ? [{ scenario, table }] : [];
    });
}

/**
 * For the cells measured with a precision target (each file's own), whether all their samples got the median's
 * interval within it, asked anew (merged rounds have more samples than any one run).
 */
function precisionSections(documents: readonly ResultsDocument[], label: (key: HostKey) => string): ReportSection[] {
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
        environments.set(hostKeyId(host), {
            host, label: label(host), hostInfo: document.host, environment: document.environment, settings: document.settings, startedAt: document.startedAt,
        });
    }
    return [...environments.values()];
}

/**
 * What a person reads first, each at the largest size it has: the plugin's read against VS Code's (in its extension
 * host, and through its workbench: like for like), where a traced plugin read spends its time, which process spends
 * the CPU of a plugin's read, and when a stream's first chunk comes. Every number is one of a table's below.
 */
export interface HeadlineSection {
    readonly kind: 'headline';
    /** A plugin's or extension's `workspace.fs.readFile` and Theia's `FileService.readFile` at the largest size measured, per host. */
    readonly medians: readonly { readonly scenario: ScenarioInfo; readonly size: string; readonly cells: readonly { readonly hostLabel: string; readonly cell: MedianCell }[] }[];
    readonly factors: readonly { readonly table: FactorTable; readonly size: string; readonly cell: FactorCell }[];
    readonly hops: readonly { readonly hostLabel: string; readonly hops: readonly HopColumn[]; readonly row: HopRow }[];
    readonly cpu: readonly { readonly processes: readonly string[]; readonly row: CpuRow }[];
    readonly stream: StreamRow | undefined;
    /** With results over emulated links: the plugin's read against VS Code server's on the slowest link, at the largest size. */
    readonly network?: NetworkHeadline;
}

/** The largest size with a value, and the value. */
function largest<T>(entries: readonly { size: string; value: T | undefined }[]): { size: string; value: T } | undefined {
    const present = entries.filter((entry): entry is { size: string; value: T } => entry.value !== undefined);
    return present.sort((a, b) => sizeOrder(b.size) - sizeOrder(a.size))[0];
}

const HEADLINE_FACTORS = /^(plugin-vs-vscode(-workbench)?-|vscode-workbench-vs-extension-host$|plugin-vs-extension-)/;
/** Theia releases against the newest: in the headline too, charted with the release tables. */
const RELEASE_FACTORS = /^release-/;

function headlineMedians(measurements: readonly ReportMeasurement[]): HeadlineSection['medians'] {
    return [READ_FILE, FILE_SERVICE].flatMap(scenarioId => {
        const rows = measurements.filter(entry => entry.measurement.scenario.id === scenarioId);
        const size = largest(rows.map(entry => ({ size: entry.measurement.targetLabel, value: entry })))?.size;
        const atSize = rows.filter(entry => entry.measurement.targetLabel === size);
        return size && atSize.length > 0 ? [{
            scenario: atSize[0].measurement.scenario, size,
            cells: atSize.map(entry => ({ hostLabel: entry.hostLabel, cell: medianCell(entry.measurement) })),
        }] : [];
    });
}

function headlineSection(measurements: readonly ReportMeasurement[], factors: readonly FactorTable[], hops: HopsSection | undefined,
    cpu: CpuSection | undefined, streams: readonly StreamRow[], network: NetworkHeadline | undefined): HeadlineSection | undefined {
    const medians = headlineMedians(measurements);
    const factorFindings = factors.filter(table => HEADLINE_FACTORS.test(table.id) || RELEASE_FACTORS.test(table.id)).flatMap(table => {
        const found = largest(table.columns.map((size, index) => ({ size, value: table.cells[index]?.factor === undefined ? undefined : table.cells[index] })));
        return found ? [{ table, size: found.size, cell: found.value }] : [];
    });
    const hopFindings = (hops?.hosts ?? []).flatMap(({ hostLabel, rows }) => {
        const found = largest(rows.map(row => ({ size: row.targetLabel, value: row.sumOfHopsMs === undefined ? undefined : row })));
        return found ? [{ hostLabel, hops: hops!.hops, row: found.value }] : [];
    });
    const cpuRows = (cpu?.rows ?? []).filter(row => row.scenario.id === READ_FILE);
    const cpuFindings = [...new Set(cpuRows.map(row => row.hostLabel))].flatMap(hostLabel => {
        const found = largest(cpuRows.filter(row => row.hostLabel === hostLabel).map(row => ({ size: row.targetLabel, value: row })));
        return found ? [{ processes: cpu!.processes, row: found.value }] : [];
    });
    const stream = largest(streams.map(row => ({ size: row.targetLabel, value: row })))?.value;
    if (medians.length + factorFindings.length + hopFindings.length + cpuFindings.length === 0 && !stream && !network) {
        return undefined;
    }
    // Only a report with emulated links has the field, so one without is what it always was.
    return { kind: 'headline', medians, factors: factorFindings, hops: hopFindings, cpu: cpuFindings, stream, ...(network ? { network } : {}) };
}

/**
 * The comparison the original suite made by hand, from any set of results files: the plugin/extension
 * `workspace.fs.readFile` table, the Theia extension table, the decomposition of where Theia's time goes,
 * factor tables, one table per scenario with every host that measured it, where a traced plugin read spends its
 * time, VS Code's read from its parts, the CPU per MB of the CPU passes, each host's environment, the hosts that were
 * not measured, and the charts. Hosts, sizes and sections nobody measured are left out. The two sides of one alternated
 * run (`yarn bench --compare`: every document has a `comparison`, base and head) make a comparison report instead
 * ({@link pairedComparisonReport}). Files measured over an emulated link (`yarn bench --network`, a `network` each) would
 * collide with the loopback files of the same hosts: everything above is built from the loopback files alone, and each
 * link gets a section of its own ({@link networkReport}) and a sentence in the headline.
 */
export function buildComparisonReport(documents: readonly ResultsDocument[], options: ComparisonReportOptions = {}): ComparisonReport {
    const sides = comparisonSidesOf(documents);
    if (sides) {
        return pairedComparisonReport(sides, options);
    }
    const label = hostLabelsOf(documents);
    const loopback = documents.filter(document => document.network === undefined);
    const links = networkReport(documents.filter(document => document.network !== undefined), label);
    const tables = new ReportTables(collectMeasurements(loopback, label), label);
    const releases = releaseTables(tables, theiaReleasesOf(loopback));
    const factors = [...releases.factors, ...factorTables(tables)];
    const scenarios = scenarioTables(tables);
    const notMeasured = [...options.notMeasured ?? []];
    const streams = streamRows(tables.measurements);
    const hops = hopsSection(tables.measurements);
    const vscodeParts = vscodePartsSection(tables.measurements);
    const cpu = cpuSection(tables.measurements);
    const headline = headlineSection(tables.measurements, factors, hops, cpu, streams, links.headline);
    const suiteTables = originalSuiteTables(tables);
    const sections: ReportSection[] = [
        ...defined([headline]),
        ...[...releases.medians, ...suiteTables].map(table => ({ kind: 'medians' as const, table })),
        ...(factors.length > 0 ? [{ kind: 'factors' as const, tables: factors }] : []),
        ...(scenarios.length > 0 ? [{ kind: 'scenarios' as const, tables: scenarios.map(entry => entry.table) }] : []),
        ...(streams.length > 0 ? [{ kind: 'streaming' as const, rows: streams }] : []),
        ...defined([hops, vscodeParts, cpu]),
        ...precisionSections(loopback, label),
        ...links.sections,
        { kind: 'environments', hosts: linkEnvironments(loopback, documents, label) },
        ...(notMeasured.length > 0 ? [{ kind: 'not-measured' as const, hosts: notMeasured }] : []),
    ];
    const measurements = [...tables.measurements, ...links.measurements];
    return {
        title: options.title ?? DEFAULT_REPORT_TITLE,
        sizes: chartSizes(measurements.map(entry => entry.measurement.targetLabel)),
        hosts: hostKeysOf(documents).map(key => ({ key, label: label(key) })),
        measurements,
        sections,
        // The bar charts are drawn with their sections, and written as files like the others.
        charts: [...reportCharts(suiteTables, factors, streams, releases.medians), ...defined([hops?.chart, cpu?.chart]),
            ...links.sections.flatMap(section => defined([section.chart, section.hops?.chart]))],
    };
}

/** The hosts' environments as their loopback files recorded them, then those of hosts measured only over an emulated link. */
function linkEnvironments(loopback: readonly ResultsDocument[], documents: readonly ResultsDocument[], label: (key: HostKey) => string): HostEnvironment[] {
    const environments = hostEnvironments(loopback, label);
    const seen = new Set(environments.map(environment => hostKeyId(environment.host)));
    return [...environments, ...hostEnvironments(documents, label).filter(environment => !seen.has(hostKeyId(environment.host)))];
}

/** The fixture sizes among some targets, smallest first. */
export function chartSizes(sizes: Iterable<string>): string[] {
    const present = new Set(sizes);
    return FIXTURE_SIZE_LABELS.filter(size => present.has(size));
}

/** A line per row of a table of medians over sizes, its measured cells as points; rows without any are left out. */
export function medianSeriesOf(table: MedianTable): MedianChartSeries[] {
    return table.rows.map((row): MedianChartSeries => ({
        kind: 'median', label: row.label, series: row.series,
        points: defined(row.cells.map((cell, index) => cell && { size: table.columns[index], cell })),
    })).filter(line => line.points.length > 0);
}

/**
 * One chart per table of the original suite (a handful of lines each, so every line can be told apart): the plugin's
 * and the extension's read in every host (like for like where VS Code's read through the workbench was measured:
 * `medians`), the Theia extension's paths, and where the time goes per Theia runtime; then the headline's factors and
 * the streamed reads.
 */
function reportCharts(suiteTables: readonly MedianTable[], factorTables: readonly FactorTable[], streams: readonly StreamRow[],
    releaseMedians: readonly MedianTable[] = []): SizeChart[] {
    const charts: SizeChart[] = [];
    const readTable = suiteTables.find(table => table.id === 'like-for-like') ?? suiteTables.find(table => table.id === 'read-file');
    const chartOf = (table: MedianTable, id: string, title: string, display: SizeChart['display'] = 'lines'): void => {
        const series = medianSeriesOf(table);
        if (series.length > 0) {
            charts.push({
                kind: 'lines', id, title, xTitle: 'file size', yTitle: 'median ms',
                sizes: chartSizes(series.flatMap(line => line.points.map(point => point.size))), series, display,
            });
        }
    };
    if (readTable) {
        chartOf(readTable, 'medians', `${SCENARIO_CATALOG.vscodeReadFile.label}: an extension's or plugin's read, median ms and its interval (log scale)`, 'grouped-bars');
    }
    // A bar per release (at most 6 asked for in one run is the chart's limit: the newest six are drawn).
    for (const table of releaseMedians) {
        chartOf({ ...table, rows: table.rows.slice(-6) }, table.id, `${table.title.replace(/, median ms \[95% interval\]$/, '')}: median ms and its interval per release (log scale)`, 'grouped-bars');
    }
    for (const table of suiteTables.filter(candidate => candidate.id === 'theia-extension' || candidate.id.startsWith('decomposition-'))) {
        chartOf(table, table.id, `${table.title.replace(/[,:] median ms \[95% interval\]$/, '')}, median ms (log scales)`);
    }
    const factorSeries = factorTables.filter(table => HEADLINE_FACTORS.test(table.id)).map((table): FactorChartSeries => ({
        kind: 'factor', label: table.title, factorTableId: table.id,
        points: table.cells.flatMap((cell, index) => cell?.factor === undefined ? [] : [{ size: table.columns[index], cell: { ...cell, factor: cell.factor } }]),
    }));
    if (factorSeries.length > 0) {
        charts.push({
            kind: 'lines', id: 'factors', title: 'Factors vs file size (log scales)', xTitle: 'file size', yTitle: 'factor (first / second)',
            sizes: chartSizes(factorSeries.flatMap(line => line.points.map(point => point.size))), series: factorSeries,
        });
    }
    // Per streamed path: its first chunk and its whole read, so the gap between the lines is the time streaming could save.
    const streamSeries = [...new Map(streams.map(row => [`${hostKeyId(row.host)}|${row.scenario.id}`, row])).values()].flatMap(({ host, hostLabel, scenario }) => {
        const rows = streams.filter(row => hostKeyId(row.host) === hostKeyId(host) && row.scenario.id === scenario.id);
        return (['firstChunk', 'whole'] as const).map((which): MedianChartSeries => ({
            kind: 'median', label: `${hostLabel}: ${scenario.label}, ${which === 'firstChunk' ? 'first chunk' : 'whole read'}`,
            series: { host, scenarioId: scenario.id }, points: rows.map(row => ({ size: row.targetLabel, cell: row[which] })),
        }));
    });
    if (streamSeries.length > 0) {
        charts.push({
            kind: 'lines', id: 'first-chunk', title: 'Streamed read: time to the first chunk and to the end (log scales)', xTitle: 'file size', yTitle: 'median ms',
            sizes: chartSizes(streamSeries.flatMap(line => line.points.map(point => point.size))), series: streamSeries,
        });
    }
    return charts;
}
