import { NoiseBudget } from '../../stats/noise-budget';
import { CellChange } from '../../compare/run-comparison';
import { ScenarioInfo } from '../../measure/scenario';
import { PathSteps, WireFloor } from '../../network/wire-floor';
import { HostKey } from '../../results/host-identity';
import { ComparisonSide, EnvironmentInfo, HostInfo, Measurement, NetworkCheck, ResultsDocument, RunSettings } from '../../results/schema';
import { Verdict } from '../../stats/verdict';
import { Interval } from '../../stats/median-interval';
import { SampleStatistics } from '../../stats/statistics';

export interface ReportHost {
    readonly key: HostKey;
    readonly label: string;
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
    /** The fewest and the most timed samples a cell of this host's file took (a precision target takes more than `settings.iterations`). */
    readonly samplesTaken?: { readonly min: number; readonly max: number };
}

/** A host a run wanted but could not measure, e.g. no Electron binary. */
export interface NotMeasuredHost {
    /** How the run names the host, e.g. `VS Code desktop`. */
    readonly host: string;
    readonly reason: string;
}

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

/** A hop of a traced read, as a column: its id and what a person reads. */
export interface HopColumn {
    readonly id: string;
    readonly label: string;
}

/** One hop of a traced read at one size: its mean over the middle half of the matched samples (see {@link middleHalfHops}). */
export interface HopPart {
    /** ms; below 0 only when two processes' clocks disagree by more than the hop took. */
    readonly ms: number;
    /** `ms` over the sum of the row's hops the clock resolves; undefined for a hop below resolution (`HOP_RESOLUTION_MS`). */
    readonly share: number | undefined;
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
    /** What one CPU clock tick (`/proc`'s 10 ms) over the pass comes to per MB: the smallest CPU per MB the pass can tell from 0. */
    readonly resolutionMsPerMegabyte: number;
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

/**
 * Where a report draws a chart. `opening`: among the charts after the headline. `section`: in the section that holds it,
 * after that section's tables, so the chart sits beside the numbers it draws.
 */
export type ChartPlacement = 'opening' | 'section';

/** What every chart of a report has, whatever its kind. */
export interface ChartBase {
    /** Unique within a report; a chart written as a file is named `chart-<id>.svg`. */
    readonly id: string;
    readonly title: string;
    readonly placement: ChartPlacement;
}

/** A chart over fixture sizes. */
export interface SizeChart extends ChartBase {
    readonly kind: 'lines';
    readonly xTitle: string;
    readonly yTitle: string;
    /** The x axis: the sizes with a point, smallest first. */
    readonly sizes: readonly string[];
    readonly series: readonly (MedianChartSeries | FactorChartSeries | FloorChartSeries)[];
    /** `dots`: a dot per series and size with its interval and its value printed, grouped by size (the original suite's table as a chart); else lines. */
    readonly display?: 'lines' | 'dots';
}

/** One bar of a {@link StackedBarChart}: a value per segment, undefined where the bar has none. */
export interface StackedBar {
    readonly label: string;
    readonly values: readonly (number | undefined)[];
    /** Each value as the bar's table prints it, where that differs from its plain digits (`<0.010`, `-0.886 (clock error)`). */
    readonly texts?: readonly (string | undefined)[];
    /**
     * Values below this are below the clock's resolution (a hop shorter than `HOP_RESOLUTION_MS`, or below 0 where two
     * processes' clocks disagree): named in the bar's label, not drawn, and left out of a `share` chart's shares, as the hop
     * table leaves them out of its shares. Undefined: every value above 0 counts.
     */
    readonly resolution?: number;
}

/** Horizontal bars split into segments, the same segments in the same order in every bar; drawn with the section that holds it. */
export interface StackedBarChart extends ChartBase {
    readonly kind: 'stacked-bars';
    /** `hops-<profile>`: the traced reads over an emulated link. */
    readonly id: 'hops' | 'cpu' | 'watcher-load' | `hops-${string}`;
    readonly xTitle: string;
    /** `share`: every bar drawn as 100% of its total; `value`: every bar on one scale from 0. */
    readonly scale: 'share' | 'value';
    /** Unit of the values, e.g. `ms`, `ms/MB`. */
    readonly unit: string;
    /** Segment names in stacking order: the legend. */
    readonly segments: readonly string[];
    readonly bars: readonly StackedBar[];
}

/** The two sides of one alternated run (`yarn bench --compare`), each side's documents and metadata. */
export interface ComparisonSides {
    readonly base: readonly ResultsDocument[];
    readonly head: readonly ResultsDocument[];
    readonly sides: { readonly base: ComparisonSide; readonly head: ComparisonSide };
}

/** A cell of a paired comparison as the table and the forest plot show it. */
export interface PairedComparisonRow {
    /** `Theia browser (plugin) · workspace.fs.readFile · 10000K`: the forest plot's row label. */
    readonly label: string;
    /** The scenario's short label, e.g. `workspace.fs.readFile` (its id where the catalog does not know it). */
    readonly scenarioLabel: string;
    readonly cell: CellChange;
}

/** One row of a {@link ForestChart}: a cell's ratio (head / base) with its interval, and its verdict (the dot's colour). */
export interface ForestRow {
    readonly label: string;
    readonly ratio: number;
    readonly low: number;
    readonly high: number;
    readonly verdict: Verdict;
}

/**
 * A forest plot: a row per cell, a dot at its ratio and a whisker for its interval, on a log axis around 1, with
 * the band of changes counted as noise (1 ± `noiseThreshold`).
 */
export interface ForestChart extends ChartBase {
    readonly kind: 'forest';
    readonly id: 'comparison';
    readonly xTitle: string;
    /** Fraction (0.05 = 5%): the band is drawn from 1 − it to 1 + it. */
    readonly noiseThreshold: number;
    /** Confidence level of the intervals (1 − alpha). */
    readonly level: number;
    readonly rows: readonly ForestRow[];
}

/**
 * Every sample of a per-scenario table: a group per column (size), a strip of dots per row (host), the median and its
 * interval. Drawn in the HTML page only, not a file of its own: in the Markdown, the table above it gives the spread in
 * numbers.
 */
export interface DistributionChart extends ChartBase {
    readonly kind: 'distribution';
    readonly xTitle: string;
    readonly yTitle: string;
    readonly table: MedianTable;
}

/**
 * Every kind of chart: each is drawn by its renderer (a kind without one does not compile) where its placement says. A
 * forest plot only in a comparison report (the two sides of one alternated run).
 */
export type ReportChart = SizeChart | StackedBarChart | ForestChart | DistributionChart;

/** A chart the report also writes as a file of its own (`chart-<id>.svg`), which its Markdown embeds. */
export type FileChart = Exclude<ReportChart, DistributionChart>;

/** What the emulation check of one results file measured through the link, against the profile's figures. */
export interface NetworkCheckRow {
    /** The file's host (a Theia browser app's file is its extension's). */
    readonly hostLabel: string;
    readonly check: NetworkCheck;
    /** The figures beyond the check's tolerance of the profile's ({@link networkCheckMisses}); empty when every one is within it. */
    readonly misses: readonly string[];
}

/** One path at one size over a link: the measured median beside the least time the link allows for what the path carries. */
export interface WireFloorCell {
    readonly measured: MedianCell;
    readonly floor: WireFloor;
    /** Measured median / floor; undefined where the floor is 0 (a path that never crosses the link). */
    readonly measuredOverFloor: number | undefined;
    /** The median's 95% interval divided by the floor; undefined without a ratio or with too few samples for an interval. */
    readonly measuredOverFloorInterval: Interval | undefined;
}

/** A path (one scenario in one host) whose steps are known ({@link pathSteps}), at every size of its section. */
export interface WireFloorRow {
    readonly series: SeriesKey;
    readonly hostLabel: string;
    readonly scenario: ScenarioInfo;
    /** Whether the steps are the run's hop trace or the path the scenario is known to take. */
    readonly stepsFrom: PathSteps['from'];
    /** Crossings of the link each way, whatever the size. */
    readonly crossingsDown: number;
    readonly crossingsUp: number;
    /** One per {@link WireFloorTable.columns}; undefined where the path was not measured at that size. */
    readonly cells: readonly (WireFloorCell | undefined)[];
}

export interface WireFloorTable {
    readonly columns: readonly string[];
    readonly rows: readonly WireFloorRow[];
}

/** One cell's noise budget in a paired comparison. */
export interface NoiseBudgetRow {
    readonly hostLabel: string;
    readonly scenarioLabel: string;
    readonly target: string;
    readonly budget: NoiseBudget;
}
