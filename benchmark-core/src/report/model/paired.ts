import { sidesCountDifferences } from '../../compare/count-differences';
import { checkCountGroups, decideGate } from '../../compare/gate';
import { compareRuns, pairedSides, RunComparison, RunComparisonOptions, verdictCounts } from '../../compare/run-comparison';
import { SCENARIO_CATALOG, scenarioCatalogOrder, scenarioInfoById } from '../../measure/scenario-catalog';
import { FIXTURE_SIZE_LABELS } from '../../measure/sizes';
import { HostKey, hostKeyId } from '../../results/host-identity';
import { collectMeasurements, hostKeyerOf, hostKeysOf, hostLabelsOf } from '../../results/measurements';
import { ComparisonSide, Measurement, ResultsDocument } from '../../results/schema';
import { blocksOf } from '../../results/rounds';
import { noiseBudget } from '../../stats/noise-budget';
import { median } from '../../stats/statistics';
import { DEFAULT_VERDICT_RULE } from '../../stats/verdict';
import { hostEnvironments } from './environments';
import { reportTitle, rpcGroups } from './headline';
import { movedPaths, sharedComponents } from './moved-paths';
import { operationTargetOrder } from './operations';
import { ComparisonReport, ComparisonReportOptions, NoiseBudgetSection, PairedComparisonSection, PairedHeadlineSection, ReportSection } from './section-types';
import { ComparisonSides, HostEnvironment, NoiseBudgetRow, NotMeasuredHost, PairedComparisonRow } from './types';

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
        || operationTargetOrder(a.cell.target) - operationTargetOrder(b.cell.target));
}

/**
 * The noise budget of each key cell (the headline's: the plugin's and FileService's reads at 5000K and 10000K) that both
 * sides measured in the same number of blocks: from the blocks' samples and which side each pair measured first.
 */
export function noiseBudgetSection(sides: ComparisonSides, noiseThreshold = DEFAULT_VERDICT_RULE.noiseThreshold, gateShare?: number): NoiseBudgetSection {
    const { base, head } = sides.sides;
    const headFirst = head.positions.map((position, index) => position < base.positions[index]);
    const label = hostLabelsOf(sides.head);
    const keyOf = hostKeyerOf(sides.head);
    const rowsOf = (documents: readonly ResultsDocument[]): { host: HostKey; row: Measurement }[] =>
        documents.flatMap(document => document.results.map(row => ({ host: keyOf(row.host ?? document.host), row })));
    const headRows = rowsOf(sides.head);
    const rows = rowsOf(sides.base).flatMap(({ host, row }): NoiseBudgetRow[] => {
        const key = KEY_SCENARIOS.find(candidate => candidate.scenarioId === row.scenario.id && candidate.extensionKind === host.extensionKind);
        const other = headRows.find(entry => hostKeyId(entry.host) === hostKeyId(host) && entry.row.scenario.id === row.scenario.id
            && entry.row.targetLabel === row.targetLabel);
        if (!key || !KEY_SIZES.includes(row.targetLabel) || !other || row.rounds?.length !== headFirst.length
            || other.row.rounds?.length !== headFirst.length) {
            return [];
        }
        return [{
            hostLabel: label(host), scenarioLabel: row.scenario.label, target: row.targetLabel,
            budget: noiseBudget(blocksOf(row.samplesMs, row.rounds), blocksOf(other.row.samplesMs, other.row.rounds), headFirst, base.starts),
        }];
    });
    return { kind: 'noise-budget', rows, noiseThreshold, ...(gateShare === undefined ? {} : { gateShare }) };
}

/** A gated cell's share of the run's alpha, for runs since issue 54 (their design records its test); else undefined. */
function gateShareOf(comparison: RunComparison): number | undefined {
    if (comparison.paired?.base.sequential?.test === undefined) {
        return undefined;
    }
    const gated = comparison.cells.filter(cell => cell.gated !== false).length;
    return comparison.alpha / Math.max(1, gated);
}

/** The comparison section of two sides' documents, with its forest plot. */
export function pairedComparisonSection(sides: ComparisonSides, options: RunComparisonOptions = PAIRED_REPORT_COMPARISON): PairedComparisonSection {
    const comparison = compareRuns(sides.base, sides.head, options);
    const rows = comparisonRows(comparison);
    const { base, head } = sides.sides;
    const differences = sidesCountDifferences(sides.base, sides.head);
    return {
        kind: 'paired-comparison', base, head, comparison, rows, ...(differences ? { countDifferences: differences } : {}),
        chart: {
            kind: 'forest', id: 'comparison', placement: 'section', noiseThreshold: comparison.noiseThreshold, level: 1 - comparison.alpha,
            title: `${head.label} / ${base.label}: each cell's ratio and its ${Math.round((1 - comparison.alpha) * 100)}% interval`,
            xTitle: `ratio ${head.label} / ${base.label} (log scale; below 1: ${head.label} faster)`,
            rows: rows.map(({ label, cell }) => ({ label, ratio: cell.ratio.ratio, low: cell.ratio.low, high: cell.ratio.high, verdict: cell.verdict })),
        },
    };
}

/** What `--check` decides on the section's verdicts and exact counts (compare/gate.ts), as the run decided it. */
function gateOf(section: PairedComparisonSection): Pick<PairedHeadlineSection, 'checkPassed' | 'failingCounts' | 'countsCompared' | 'slowerProcesses' | 'gatedCells'> {
    const gate = decideGate(section.comparison, section.countDifferences, checkCountGroups(section.base));
    const gated = section.comparison.cells.some(cell => cell.gated === false) ? section.comparison.cells.filter(cell => cell.gated).length : undefined;
    return {
        checkPassed: gate.passed, failingCounts: gate.failingCounts, countsCompared: section.countDifferences !== undefined,
        ...(gate.slowerProcesses.length > 0 ? { slowerProcesses: gate.slowerProcesses } : {}), ...(gated !== undefined ? { gatedCells: gated } : {}),
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
    const moved = movedPaths(rows);
    return {
        kind: 'paired-headline', base: section.base, head: section.head, pairs: section.base.positions.length, cells: rows.length,
        counts: verdictCounts(comparison), noiseThreshold: comparison.noiseThreshold, largestChange,
        medianSmallestDetectable: rows.length > 0 ? median(rows.map(row => row.cell.smallestDetectable)) : undefined,
        keyCells, rpc: rpcGroups(rows), ...gateOf(section),
        moved, shared: sharedComponents(moved, rows),
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
        noiseBudgetSection(sides, section.comparison.noiseThreshold, gateShareOf(section.comparison)),
        { kind: 'environments', hosts: [...sideEnvironments(sides.base, base), ...sideEnvironments(sides.head, head)] },
        ...(notMeasured.length > 0 ? [{ kind: 'not-measured' as const, hosts: notMeasured }] : []),
    ];
    const measured = new Set([...sides.base, ...sides.head].flatMap(document => document.results.map(row => row.targetLabel)));
    return {
        title: options.title ?? reportTitle(`comparison of ${head.label} against ${base.label}`, [...sides.base, ...sides.head]),
        sizes: FIXTURE_SIZE_LABELS.filter(size => measured.has(size)),
        hosts: hostKeysOf(sides.head).map(key => ({ key, label: headLabel(key) })),
        measurements: collectMeasurements(sides.head, headLabel),
        sections,
        charts: [section.chart],
    };
}
