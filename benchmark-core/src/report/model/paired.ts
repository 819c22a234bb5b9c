import { HostKey } from '../../results/host-identity';
import { ChangeVerdict } from '../../stats/change';
import {
    collectMeasurements, ComparisonReport, ComparisonReportOptions, HostEnvironment, hostEnvironments, hostKeysOf, hostLabelsOf, NotMeasuredHost, ReportSection,
} from './build';
import { ComparisonSide, ResultsDocument } from '../../results/schema';
import { CellChange, compareRuns, RunComparison, RunComparisonOptions, pairedSides, verdictCounts } from '../../compare/run-comparison';
import { SCENARIO_CATALOG, scenarioCatalogOrder, scenarioInfoById } from '../../measure/scenario-catalog';
import { FIXTURE_SIZE_LABELS } from '../../measure/sizes';
import { median } from '../../stats/statistics';

/** The two sides of one alternated run (`yarn bench --compare`), each side's documents and metadata. */
export interface ComparisonSides {
    readonly base: readonly ResultsDocument[];
    readonly head: readonly ResultsDocument[];
    readonly sides: { readonly base: ComparisonSide; readonly head: ComparisonSide };
}

/**
 * The documents split by side when every one of them is a side of the same comparison and both sides are there
 * ({@link pairedSides}); else undefined (an ordinary report).
 */
export function comparisonSidesOf(documents: readonly ResultsDocument[]): ComparisonSides | undefined {
    if (documents.length === 0 || documents.some(document => document.comparison === undefined)) {
        return undefined;
    }
    const base = documents.filter(document => document.comparison!.side === 'base');
    const head = documents.filter(document => document.comparison!.side === 'head');
    const sides = base.length > 0 && head.length > 0 ? pairedSides(base, head) : undefined;
    return sides && { base, head, sides };
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
    readonly verdict: ChangeVerdict;
}

/**
 * A forest plot: a row per cell, a dot at its ratio and a whisker for its interval, on a log axis around 1, with
 * the band of changes counted as noise (1 ± `noiseThreshold`).
 */
export interface ForestChart {
    readonly kind: 'forest';
    /** Names the standalone file: `chart-comparison.svg`. */
    readonly id: 'comparison';
    readonly title: string;
    readonly xTitle: string;
    /** Fraction (0.05 = 5%): the band is drawn from 1 − it to 1 + it. */
    readonly noiseThreshold: number;
    /** Confidence level of the intervals (1 − alpha). */
    readonly level: number;
    readonly rows: readonly ForestRow[];
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
}

/** What a person reads first of a paired comparison; every number is one of the comparison table's. */
export interface PairedHeadlineSection {
    readonly kind: 'paired-headline';
    readonly base: ComparisonSide;
    readonly head: ComparisonSide;
    /** Pairs of alternated blocks (the sides' blocks). */
    readonly pairs: number;
    readonly cells: number;
    readonly counts: Readonly<Record<ChangeVerdict, number>>;
    /** Fraction, as {@link RunComparison.noiseThreshold}. */
    readonly noiseThreshold: number;
    /** The slower or faster cell whose ratio is farthest from 1 (on the log scale); undefined when none is. */
    readonly largestChange: PairedComparisonRow | undefined;
    /** Median over the cells of their smallest detectable change (fraction); undefined without cells. */
    readonly medianSmallestDetectable: number | undefined;
    /** The plugin's `workspace.fs.readFile` and the extension's `FileService.readFile` at 5000K and 10000K, where compared. */
    readonly keyCells: readonly PairedComparisonRow[];
}

/** The cells a paired comparison's headline names with their smallest detectable change. */
const KEY_SCENARIOS: readonly { readonly scenarioId: string; readonly extensionKind: HostKey['extensionKind'] }[] = [
    { scenarioId: SCENARIO_CATALOG.vscodeReadFile.id, extensionKind: 'plugin' },
    { scenarioId: SCENARIO_CATALOG.theiaFileServiceReadFile.id, extensionKind: 'extension' },
];
const KEY_SIZES: readonly string[] = ['5000K', '10000K'];

/** The comparison of a report: every cell from 500K up, unless the report's options say otherwise. */
export const PAIRED_REPORT_COMPARISON: RunComparisonOptions = { minSize: '500K' };

function comparisonRows(comparison: RunComparison): PairedComparisonRow[] {
    return comparison.cells.map(cell => {
        const scenarioLabel = scenarioInfoById(cell.scenarioId)?.label ?? cell.scenarioId;
        return { label: `${cell.hostLabel} · ${scenarioLabel} · ${cell.target}`, scenarioLabel, cell };
    }).sort((a, b) => a.cell.hostLabel.localeCompare(b.cell.hostLabel) || scenarioCatalogOrder(a.cell.scenarioId) - scenarioCatalogOrder(b.cell.scenarioId)
        || FIXTURE_SIZE_LABELS.indexOf(a.cell.target) - FIXTURE_SIZE_LABELS.indexOf(b.cell.target));
}

/** The comparison section of two sides' documents, with its forest plot. */
export function pairedComparisonSection(sides: ComparisonSides, options: RunComparisonOptions = PAIRED_REPORT_COMPARISON): PairedComparisonSection {
    const comparison = compareRuns(sides.base, sides.head, options);
    const rows = comparisonRows(comparison);
    const { base, head } = sides.sides;
    return {
        kind: 'paired-comparison', base, head, comparison, rows,
        chart: {
            kind: 'forest', id: 'comparison', noiseThreshold: comparison.noiseThreshold, level: 1 - comparison.alpha,
            title: `${head.label} / ${base.label}: each cell's ratio and its ${Math.round((1 - comparison.alpha) * 100)}% interval`,
            xTitle: `ratio ${head.label} / ${base.label} (log scale; below 1: ${head.label} faster)`,
            rows: rows.map(({ label, cell }) => ({ label, ratio: cell.ratio.ratio, low: cell.ratio.low, high: cell.ratio.high, verdict: cell.verdict })),
        },
    };
}

/** The headline of a comparison section. */
export function pairedHeadlineSection(section: PairedComparisonSection): PairedHeadlineSection {
    const { comparison, rows } = section;
    const changed = rows.filter(row => row.cell.verdict === 'slower' || row.cell.verdict === 'faster');
    const distance = (row: PairedComparisonRow): number => Math.abs(Math.log(row.cell.ratio.ratio));
    const largestChange = changed.length > 0 ? changed.reduce((largest, row) => distance(row) > distance(largest) ? row : largest) : undefined;
    const keyCells = KEY_SCENARIOS.flatMap(({ scenarioId, extensionKind }) => rows.filter(row => row.cell.scenarioId === scenarioId
        && row.cell.host.extensionKind === extensionKind && KEY_SIZES.includes(row.cell.target)));
    return {
        kind: 'paired-headline', base: section.base, head: section.head, pairs: section.base.positions.length, cells: rows.length,
        counts: verdictCounts(comparison), noiseThreshold: comparison.noiseThreshold, largestChange,
        medianSmallestDetectable: rows.length > 0 ? median(rows.map(row => row.cell.smallestDetectable)) : undefined,
        keyCells,
    };
}

/**
 * The report of the two sides of one alternated run: the headline, the comparison, each side's environment (and
 * the hosts not measured). Its measurements are the head's, so a history chart follows what the change brings; the
 * per-host tables of an ordinary report are left out (both sides are the same hosts, so their rows would collide).
 */
export function pairedComparisonReport(sides: ComparisonSides, options: ComparisonReportOptions = {}): ComparisonReport {
    const section = pairedComparisonSection(sides, { ...PAIRED_REPORT_COMPARISON, ...options.comparison });
    const { base, head } = sides.sides;
    const headLabel = hostLabelsOf(sides.head);
    const sideEnvironments = (documents: readonly ResultsDocument[], side: ComparisonSide): HostEnvironment[] => {
        const label = hostLabelsOf(documents);
        return hostEnvironments(documents, key => `${side.label}: ${label(key)}`);
    };
    const notMeasured: readonly NotMeasuredHost[] = options.notMeasured ?? [];
    const sections: ReportSection[] = [
        pairedHeadlineSection(section),
        section,
        { kind: 'environments', hosts: [...sideEnvironments(sides.base, base), ...sideEnvironments(sides.head, head)] },
        ...(notMeasured.length > 0 ? [{ kind: 'not-measured' as const, hosts: notMeasured }] : []),
    ];
    const measured = new Set([...sides.base, ...sides.head].flatMap(document => document.results.map(row => row.targetLabel)));
    return {
        title: options.title ?? `FS Performance comparison: ${head.label} against ${base.label}`,
        sizes: FIXTURE_SIZE_LABELS.filter(size => measured.has(size)),
        hosts: hostKeysOf(sides.head).map(key => ({ key, label: headLabel(key) })),
        measurements: collectMeasurements(sides.head, headLabel),
        sections,
        charts: [section.chart],
    };
}
