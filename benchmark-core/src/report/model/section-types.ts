import { CountDifference } from '../../compare/count-differences';
import type { SlowerProcess } from '../../compare/cpu-comparison';
import { ChannelRanges } from '../../measure/message-counts';
import { RunComparison, RunComparisonOptions } from '../../compare/run-comparison';
import { PathComponent } from '../../measure/path-components';
import type { LinkFloor } from '../../network/link-floor';
import { ScenarioInfo } from '../../measure/scenario';
import { HostKey } from '../../results/host-identity';
import { ReportMeasurement } from '../../results/measurements';
import { ComparisonSide, NetworkProfile } from '../../results/schema';
import { Verdict } from '../../stats/verdict';
import { TreeCpuTable } from './tree-cpu-types';
import { WatcherLoad } from '../../results/watcher-load';
import { CpuRow, DistributionChart, FactorCell, FactorTable, FileChart, ForestChart, HopColumn, HopRow, HostEnvironment, MedianCell, MedianTable, NetworkCheckRow, NoiseBudgetRow, NotMeasuredHost, PairedComparisonRow, PrecisionMiss, ReportHost, SizeChart, StackedBarChart, StreamRow, VscodePartsRow, WireFloorCell, WireFloorTable } from './types';

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
    /** Every chart written as a file, whether it opens the report or a section holds it (its `placement`). */
    readonly charts: readonly FileChart[];
}

export type ReportSection =
    /** The findings a person reads first; the report's first section when there is any. */
    | HeadlineSection
    /** A comparison report's (two sides of one `yarn bench --compare` run) first section, and its comparison. */
    | PairedHeadlineSection
    | PairedComparisonSection
    | NoiseBudgetSection
    /** The original suite's tables and the decomposition: one heading each. */
    | { readonly kind: 'medians'; readonly table: MedianTable }
    | { readonly kind: 'factors'; readonly tables: readonly FactorTable[] }
    /** One table per scenario with every host that measured it, and one strip plot of each table's samples. */
    | { readonly kind: 'scenarios'; readonly tables: readonly MedianTable[]; readonly distributions: readonly DistributionChart[] }
    /** Streamed reads: time to the first chunk beside the whole read, per host and size. */
    | { readonly kind: 'streaming'; readonly rows: readonly StreamRow[] }
    | HopsSection
    | VscodePartsSection
    | CpuSection
    | CountsSection
    /** Stat storms, walks, finding files and writes (issue 39): each API against a second path on its host, a question each. */
    | OperationsSection
    /** One per emulated link the results files were measured over (`yarn bench --network`), in order of appearance. */
    | NetworkSection
    /** With a precision target: how many cells reached it, and the ones that did not. */
    | { readonly kind: 'precision'; readonly cells: number; readonly missed: readonly PrecisionMiss[] }
    | { readonly kind: 'environments'; readonly hosts: readonly HostEnvironment[] }
    | { readonly kind: 'not-measured'; readonly hosts: readonly NotMeasuredHost[] }
    | WatcherLoadSection;

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

export interface VscodePartsSection {
    readonly kind: 'vscode-parts';
    readonly rows: readonly VscodePartsRow[];
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

export interface ComparisonReportOptions {
    readonly title?: string;
    readonly notMeasured?: readonly NotMeasuredHost[];
    /** For the two sides of one alternated run: how they are compared (default: every cell from 500K up, alpha 0.05, ±5%). */
    readonly comparison?: RunComparisonOptions;
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
    readonly factors: readonly HeadlineFactor[];
    readonly hops: readonly { readonly hostLabel: string; readonly hops: readonly HopColumn[]; readonly row: HopRow }[];
    readonly cpu: readonly { readonly processes: readonly string[]; readonly row: CpuRow }[];
    readonly stream: StreamRow | undefined;
    /** With results over emulated links: the plugin's read against VS Code server's on the slowest link, at the largest size. */
    readonly network?: NetworkHeadline;
    /** With stat storms, walks, searches or writes: each question at the largest target any of its hosts has a factor for. */
    readonly operations?: readonly OperationFinding[];
    /** With storms and walks over emulated links: each question over each link, at its largest target, each API against its link floor. */
    readonly linkOperations?: readonly LinkOperationFinding[];
    /** With a watch run's watcher load: what watching its tree cost each editor's server, a sentence each. */
    readonly watcherLoad?: WatcherLoadSection;
}

/** One question over one link at one target: each API's median and its link floor there. */
export interface LinkOperationFinding {
    readonly profile: NetworkProfile;
    readonly question: OperationQuestion;
    readonly target: string;
    readonly rows: readonly { readonly hostLabel: string; readonly api: ScenarioInfo; readonly median: MedianCell; readonly link: LinkFloorCell }[];
}

/** One question of the operations at one target: every host's factor there, the API's time over its second path. */
export interface OperationFinding {
    readonly question: OperationQuestion;
    readonly target: string;
    readonly rows: readonly { readonly hostLabel: string; readonly api: ScenarioInfo; readonly cell: FactorCell }[];
}

/** A factor the headline names, at the largest size both sides measured, with what both sides are called. */
export interface HeadlineFactor {
    readonly table: FactorTable;
    readonly size: string;
    readonly cell: FactorCell;
    readonly numeratorLabel: string;
    readonly denominatorLabel: string;
}

/** The comparison of two sides measured alternately: a row per cell from 500K up, and the forest plot of their ratios. */
export interface PairedComparisonSection {
    readonly kind: 'paired-comparison';
    readonly base: ComparisonSide;
    readonly head: ComparisonSide;
    /** {@link compareRuns} of the base's documents against the head's; `cells` in its own (the base's) order. */
    readonly comparison: RunComparison;
    /** One per cell of `comparison`, by host, scenario (catalog order) and size. */
    readonly rows: readonly PairedComparisonRow[];
    readonly chart: ForestChart;
    /**
     * The exact counts (messages, bytes, round trips per read) that differ between the sides, every one; an empty list
     * when every counted cell moved the same; undefined when no cell was counted on both sides.
     */
    readonly countDifferences?: readonly CountDifference[];
}

/**
 * Where a paired comparison's noise comes from, for the cells the headline names (the plugin's and FileService's reads
 * at 5000K and 10000K): the variance of their pair ratios split into samples, blocks and position ({@link noiseBudget}).
 */
export interface NoiseBudgetSection {
    readonly kind: 'noise-budget';
    readonly rows: readonly NoiseBudgetRow[];
    /** The comparison's noise threshold (0.05: ±5%), for the pairs each cell needs to say "no change". */
    readonly noiseThreshold: number;
    /**
     * Runs since issue 54: a gated cell's share of the run's alpha (alpha / gated cells), at which the pairs for the
     * threshold are counted, with the pairs to catch a change of the threshold in 80% of runs beside them.
     */
    readonly gateShare?: number;
}

/** What a person reads first of a paired comparison; every number is one of the comparison table's. */
export interface PairedHeadlineSection {
    readonly kind: 'paired-headline';
    readonly base: ComparisonSide;
    readonly head: ComparisonSide;
    /** Pairs of alternated blocks (the sides' blocks). */
    readonly pairs: number;
    readonly cells: number;
    readonly counts: Readonly<Record<Verdict, number>>;
    /** Fraction, as {@link RunComparison.noiseThreshold}. */
    readonly noiseThreshold: number;
    /** The slower or faster cell whose ratio is farthest from 1 (on the log scale); undefined when none is. */
    readonly largestChange: PairedComparisonRow | undefined;
    /** Median over the cells of their smallest detectable change (fraction); undefined without cells. */
    readonly medianSmallestDetectable: number | undefined;
    /** The plugin's `workspace.fs.readFile` and the extension's `FileService.readFile` at 5000K and 10000K, where compared. */
    readonly keyCells: readonly PairedComparisonRow[];
    /** Every row, split by whether its path crosses Theia's RPC (see `crossesRpc`). */
    readonly rpc?: { readonly crossing: readonly PairedComparisonRow[]; readonly off: readonly PairedComparisonRow[] };
    /** Whether `--check` passes (compare/gate.ts: it fails when a cell is slower, or a gated exact count changed beyond its ranges). */
    readonly checkPassed: boolean;
    /** The exact counts that fail `--check`: of the groups the run gated on, beyond the range each side's count varied over. */
    readonly failingCounts: readonly CountDifference[];
    /** Whether both sides' exact counts were observed and compared. */
    readonly countsCompared: boolean;
    /** A gated cell's processes whose CPU per read is slower (runs since issue 54): they fail `--check` too. */
    readonly slowerProcesses?: readonly SlowerProcess[];
    /** With a gate (`--gate`): how many cells gate; only they can fail `--check`. */
    readonly gatedCells?: number;
    /** The paths (host and scenario) with a slower or faster cell, in the comparison table's order. */
    readonly moved: readonly MovedPath[];
    /** What every moved path passes through, and which of it cells decided "no change" rule out; undefined where none moved or one is not described. */
    readonly shared: SharedComponents | undefined;
}

/** A path (a host's scenario) with a slower or faster cell. */
export interface MovedPath {
    /** `Theia browser (plugin) · workspace.fs.readFile`. */
    readonly name: string;
    /** The parts it passes through (the catalog's `components`); undefined where the catalog does not describe it. */
    readonly components: readonly PathComponent[] | undefined;
    /** Its slower and faster cells, smallest size first. */
    readonly cells: readonly PairedComparisonRow[];
}

/**
 * The parts every moved path passes through (one path's: all of its), and the paths decided "no change" that rule some
 * of them out: a cell through such a part, at a size where a moved cell moved by more milliseconds than that cell's
 * interval allows it, shows that the part did not change that much there.
 */
export interface SharedComponents {
    readonly components: readonly PathComponent[];
    /** Each path that rules out parts the ones before it did not: its cells that do, and those parts. */
    readonly ruledOutBy: readonly { readonly name: string; readonly cells: readonly PairedComparisonRow[]; readonly components: readonly PathComponent[] }[];
}

/** The results files measured over one emulated link (`yarn bench --network`): what the link was, and how each host's read fared over it. */
export interface NetworkSection {
    readonly kind: 'network';
    /** The first file's profile (a profile's name stands for its figures within one run). */
    readonly profile: NetworkProfile;
    /** The tools that emulated it, once each. */
    readonly emulators: readonly string[];
    /** One per results file, in the files' order. */
    readonly checks: readonly NetworkCheckRow[];
    /** The like-for-like reads and each host's in-host fs read over this link; undefined where none was measured. */
    readonly reads: MedianTable | undefined;
    readonly floors: WireFloorTable;
    /** The traced plugin reads over this link, where any: where the time beyond the floor goes. */
    readonly hops: HopsSection | undefined;
    /** `network-<profile>`: median ms of each read path against size, and the plugin read's wire floor. */
    readonly chart: SizeChart | undefined;
    /** The tree scenarios measured over this link, each API against its floor and its link floor (`--suite trees --network`). */
    readonly operations?: OperationsSection;
    /** On the headline's link: the factors its sentence gives (the plugin's read over VS Code's), so a table shows them. */
    readonly headlineFactors?: { readonly size: string; readonly rows: readonly { readonly label: string; readonly cell: FactorCell }[] };
}

/**
 * The headline's sentence about the links: on the slowest link (the largest wire floor of the Theia plugin's read at the
 * largest size it was read over a link; of equal floors, the slowest upload), the plugin's read against VS Code server's.
 */
export interface NetworkHeadline {
    readonly profile: NetworkProfile;
    readonly size: string;
    readonly pluginLabel: string;
    /** The plugin's `workspace.fs.readFile` with its floor. */
    readonly plugin: WireFloorCell;
    /** VS Code server's `workspace.fs.readFile` over the same link at the same size, where measured. */
    readonly vscode: { readonly hostLabel: string; readonly factor: FactorCell } | undefined;
    /** VS Code server's read through its workbench over the same link at the same size (like for like), where measured. */
    readonly vscodeWorkbench?: { readonly hostLabel: string; readonly factor: FactorCell };
    /** Every link of the run, in order, with the plugin's read at the same size where measured. */
    readonly links?: readonly { readonly profile: NetworkProfile; readonly plugin: WireFloorCell | undefined }[];
}

/** One case's exact counts over one channel (or over all of them): each metric's range over the count pass's calls. */
export interface CountsRow {
    readonly hostLabel: string;
    readonly scenario: ScenarioInfo;
    readonly targetLabel: string;
    readonly calls: number;
    readonly ranges: ChannelRanges;
}

/** "Messages per read": the observed count passes, and how many cases had a count pass nobody observed (a palette run). */
export interface CountsSection {
    readonly kind: 'counts';
    readonly rows: readonly CountsRow[];
    /** Cases with count windows but no observed messages: their counts need the headless run. */
    readonly unobserved: number;
    /** Messages seen in the quiet gaps between calls, over all observed cases: the editor's own traffic. */
    readonly outside: number;
}

/**
 * One question a user asks of the file operations beyond reads (issue 39: stat storms, walks, finding files, writes):
 * what an editor's API costs, set against a second path on the same host that does the same work (its bare-Node floor,
 * or for finding files, the same search with the dependency folder excluded).
 */
export interface OperationQuestion {
    readonly id: string;
    readonly title: string;
    /** What the second path of every pair is, for the factor's column: `its bare-Node floor`. */
    readonly against: string;
    readonly pairs: readonly { readonly api: ScenarioInfo; readonly floor: ScenarioInfo }[];
}

/** One host's API path and its second path, at every target of the question. */
export interface OperationRow {
    readonly host: HostKey;
    readonly hostLabel: string;
    readonly api: ScenarioInfo;
    readonly floor: ScenarioInfo;
    /** One per column of the question; undefined where the path was not measured at that target. */
    readonly apiCells: readonly (MedianCell | undefined)[];
    readonly floorCells: readonly (MedianCell | undefined)[];
    /** The API's time over the second path's, per column. */
    readonly factors: readonly (FactorCell | undefined)[];
    /** Over an emulated link, the API's link floor per column (its calls' crossings times half the round trip); undefined otherwise. */
    readonly linkFloors?: readonly (LinkFloorCell | undefined)[];
}

/** A tree API's link floor at one target, and its measured median over it (with the median's interval over the floor). */
export interface LinkFloorCell {
    readonly floor: LinkFloor;
    readonly measuredOverFloor: number;
    readonly measuredOverFloorInterval?: { readonly low: number; readonly high: number };
}

/** Like for like: one API scenario in two hosts (a Theia plugin's `workspace.fs.stat` storm against code-server's). */
export interface OperationLikeForLike {
    readonly api: ScenarioInfo;
    readonly numeratorLabel: string;
    readonly denominatorLabel: string;
    readonly factors: readonly (FactorCell | undefined)[];
}

export interface OperationAnswer {
    readonly question: OperationQuestion;
    /** The targets measured (tree sizes, fixture sizes, the burst), smallest first. */
    readonly columns: readonly string[];
    readonly rows: readonly OperationRow[];
    readonly likeForLike: readonly OperationLikeForLike[];
    /** The factor of every row per target, drawn in the question's section; undefined where no row has one. */
    readonly chart: SizeChart | undefined;
}

export interface OperationsSection {
    readonly kind: 'operations';
    readonly answers: readonly OperationAnswer[];
    /** The storms in flight that had a CPU pass: where their calls spend CPU, per process. */
    readonly cpu?: TreeCpuTable;
}

/** One editor's openings of the tree: its label (`Theia 1.74.1 (browser)`, `code-server 4.100.3`) and what each cost. */
export interface WatcherLoadHost {
    readonly editorLabel: string;
    readonly load: WatcherLoad;
}

/** "Watching a big tree": each editor's server opened on a generated tree, its node_modules watched and excluded. */
export interface WatcherLoadSection {
    readonly kind: 'watcher-load';
    readonly hosts: readonly WatcherLoadHost[];
    /** A bar per editor and exclude, a segment per process role: the inotify watches each held. */
    readonly chart: StackedBarChart;
}
