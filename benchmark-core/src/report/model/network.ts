import { SCENARIO_CATALOG, scenarioCatalogOrder } from '../../measure/scenario-catalog';
import { FIXTURE_SIZE_LABELS } from '../../measure/sizes';
import { describeNetworkProfile, linkAsChecked, networkCheckMisses } from '../../network/profiles';
import { pathSteps, wireFloor, WireFloor } from '../../network/wire-floor';
import { HostKey, hostKeyId } from '../../results/host-identity';
import { collectMeasurements, hostKeyerOf, ReportMeasurement } from '../../results/measurements';
import { NetworkProfile, ResultsDocument } from '../../results/schema';
import { chartSizes, medianSeriesOf } from './charts';
import { hopsSection } from './hops';
import { operationsSection } from './operations';
import { NetworkHeadline, NetworkSection } from './section-types';
import { factorCell, linkReadTable, medianCell } from './tables';
import { FloorChartSeries, MedianCell, MedianTable, NetworkCheckRow, SizeChart, WireFloorCell, WireFloorRow, WireFloorTable } from './types';

const READ_FILE = SCENARIO_CATALOG.vscodeReadFile.id;
const TRACED_READ = SCENARIO_CATALOG.vscodeReadFileHops.id;
const THEIA_BROWSER_PLUGIN: HostKey = { editor: 'theia', runtime: 'browser', extensionKind: 'plugin' };
const VSCODE_SERVER: HostKey = { editor: 'vscode', runtime: 'server', extensionKind: 'extension' };
/** A link's chart draws at most this many measured lines, besides the floor (seven lines in all can be told apart). */
const MAX_MEASURED_LINES = 6;

/** The path's floor at one size, and the measured median over it. */
function wireFloorCell(measured: MedianCell, floor: WireFloor): WireFloorCell {
    if (floor.floorMs <= 0) {
        return { measured, floor, measuredOverFloor: undefined, measuredOverFloorInterval: undefined };
    }
    const interval = measured.medianInterval;
    return {
        measured, floor, measuredOverFloor: measured.statistics.medianMs / floor.floorMs,
        measuredOverFloorInterval: interval && { low: interval.low / floor.floorMs, high: interval.high / floor.floorMs },
    };
}

/**
 * A row per measured path whose steps are known, host by host in order of appearance, scenarios in catalog order. A Theia
 * plugin's read takes its steps from the hop ids its host's traced read recorded, so its crossings are the trace's.
 */
function wireFloorTable(measurements: readonly ReportMeasurement[], profile: NetworkProfile): WireFloorTable {
    const columns = chartSizes(measurements.map(entry => entry.measurement.targetLabel));
    const paths = [...new Map(measurements.map(entry => [`${hostKeyId(entry.host)}|${entry.measurement.scenario.id}`, entry])).values()];
    const hostOrder = [...new Set(paths.map(entry => hostKeyId(entry.host)))];
    paths.sort((a, b) => hostOrder.indexOf(hostKeyId(a.host)) - hostOrder.indexOf(hostKeyId(b.host))
        || scenarioCatalogOrder(a.measurement.scenario.id) - scenarioCatalogOrder(b.measurement.scenario.id));
    const traceOf = (host: HostKey): readonly string[] | undefined => measurements.find(entry => hostKeyId(entry.host) === hostKeyId(host)
        && entry.measurement.scenario.id === TRACED_READ && entry.measurement.hops !== undefined)?.measurement.hops?.hops;
    const rows = paths.flatMap(({ host, hostLabel, measurement: { scenario } }): WireFloorRow[] => {
        const steps = pathSteps(scenario.id, host, traceOf(host));
        if (!steps) {
            return [];
        }
        const { crossingsDown, crossingsUp } = wireFloor(steps.steps, 0, profile);
        const cells = columns.map(size => {
            const entry = measurements.find(candidate => hostKeyId(candidate.host) === hostKeyId(host)
                && candidate.measurement.scenario.id === scenario.id && candidate.measurement.targetLabel === size);
            return entry && wireFloorCell(medianCell(entry.measurement), wireFloor(steps.steps, entry.measurement.bytes, entry.network ?? profile));
        });
        return [{ series: { host, scenarioId: scenario.id }, hostLabel, scenario, stepsFrom: steps.from, crossingsDown, crossingsUp, cells }];
    });
    return { columns, rows };
}

function isRow(row: WireFloorRow, host: HostKey, scenarioId: string): boolean {
    return hostKeyId(row.series.host) === hostKeyId(host) && row.series.scenarioId === scenarioId;
}

/** A safe file-name part of a profile's name (custom names are checked when given; a hand-edited file's may be anything). */
function chartIdPart(name: string): string {
    return name.replace(/[^a-z0-9-]+/gi, '-');
}

function networkChart(profile: NetworkProfile, paths: MedianTable | undefined, floors: WireFloorTable): SizeChart | undefined {
    const measured = paths ? medianSeriesOf(paths).slice(0, MAX_MEASURED_LINES) : [];
    const pluginRead = floors.rows.find(row => isRow(row, THEIA_BROWSER_PLUGIN, READ_FILE));
    const floorPoints = pluginRead ? pluginRead.cells.flatMap((cell, index) => cell && cell.floor.floorMs > 0
        ? [{ size: floors.columns[index], ms: cell.floor.floorMs }] : []) : [];
    const floor: FloorChartSeries[] = pluginRead && floorPoints.length > 0
        ? [{ kind: 'floor', label: `wire floor of ${pluginRead.hostLabel}: ${pluginRead.scenario.label}`, points: floorPoints }] : [];
    const series = [...measured, ...floor];
    if (series.length === 0) {
        return undefined;
    }
    const sizes = chartSizes(series.flatMap(line => line.points.map(point => point.size)));
    return {
        kind: 'lines', id: `network-${chartIdPart(profile.name)}`, placement: 'section', xTitle: 'file size', yTitle: 'median ms', sizes, series,
        title: `Over ${describeNetworkProfile(profile)}: median ms of each read, and the plugin read's wire floor (dashed; log scales)`,
    };
}

function networkSection(documents: readonly ResultsDocument[], label: (key: HostKey) => string): { section: NetworkSection; measurements: ReportMeasurement[] } {
    const profile = documents[0].network!.profile;
    const keyOf = hostKeyerOf(documents);
    // Each file's floors are those of its link as checked: the profile, or the rates measured where the proxy fell short.
    const linkOf = new Map(documents.flatMap(document => [document.host, ...document.results.map(measurement => measurement.host ?? document.host)]
        .map(host => [hostKeyId(keyOf(host)), linkAsChecked(document.network!)] as const)));
    const measurements = collectMeasurements(documents, label).map(entry => ({ ...entry, network: linkOf.get(hostKeyId(entry.host)) ?? profile }));
    const checks = documents.map(({ host, network }): NetworkCheckRow => ({
        hostLabel: label(keyOf(host)), check: network!.check, misses: networkCheckMisses(profile, network!.check, network!.check.tolerance),
    }));
    const title = `Over ${profile.name}: an extension's read in every host`;
    const floors = wireFloorTable(measurements, profile);
    const hops = hopsSection(measurements);
    const id = chartIdPart(profile.name);
    const operations = operationsSection(measurements);
    const section: NetworkSection = {
        kind: 'network', profile, emulators: [...new Set(documents.map(document => document.network!.emulator))], checks,
        ...operations ? { operations: { ...operations, answers: operations.answers.map(answer => answer.chart
            ? { ...answer, chart: { ...answer.chart, id: `${answer.chart.id}-${id}`, title: `${answer.chart.title}, over ${profile.name}` } } : answer) } } : {},
        reads: linkReadTable(measurements, label, `network-reads-${id}`, title), floors,
        hops: hops && { ...hops, chart: { ...hops.chart, id: `hops-${id}`, title: `${hops.chart.title}, over ${profile.name}` } },
        chart: networkChart(profile, linkReadTable(measurements, label, `network-chart-${id}`, title, true), floors),
    };
    return { section, measurements };
}

/** The headline's link: see {@link NetworkHeadline}; undefined where no link has a Theia plugin's read with a floor. */
function networkHeadline(sections: readonly NetworkSection[]): NetworkHeadline | undefined {
    const candidates = sections.flatMap(section => {
        const row = section.floors.rows.find(candidate => isRow(candidate, THEIA_BROWSER_PLUGIN, READ_FILE));
        return row ? row.cells.flatMap((cell, index) => cell && cell.floor.floorMs > 0 ? [{ section, row, size: section.floors.columns[index], cell }] : []) : [];
    });
    if (candidates.length === 0) {
        return undefined;
    }
    const largestSize = Math.max(...candidates.map(candidate => FIXTURE_SIZE_LABELS.indexOf(candidate.size)));
    const [slowest] = candidates.filter(candidate => FIXTURE_SIZE_LABELS.indexOf(candidate.size) === largestSize)
        .sort((a, b) => b.cell.floor.floorMs - a.cell.floor.floorMs || a.section.profile.upMbps - b.section.profile.upMbps);
    const { section, row, size, cell } = slowest;
    const column = section.floors.columns.indexOf(size);
    const against = (scenarioId: string): NetworkHeadline['vscode'] => {
        const vscodeRow = section.floors.rows.find(candidate => isRow(candidate, VSCODE_SERVER, scenarioId));
        const vscodeCell = vscodeRow?.cells[column];
        return vscodeRow && vscodeCell ? { hostLabel: vscodeRow.hostLabel, factor: factorCell(cell.measured.measurement, vscodeCell.measured.measurement) } : undefined;
    };
    const links = sections.map(link => {
        const pluginRow = link.floors.rows.find(candidate => isRow(candidate, THEIA_BROWSER_PLUGIN, READ_FILE));
        return { profile: link.profile, plugin: pluginRow?.cells[link.floors.columns.indexOf(size)] };
    });
    return {
        profile: section.profile, size, pluginLabel: row.hostLabel, plugin: cell,
        vscode: against(READ_FILE), vscodeWorkbench: against(SCENARIO_CATALOG.vscodeReadFileWorkbench.id), links,
    };
}

/**
 * The part of a report that the files measured over emulated links make: a section per profile, in the order the
 * profiles first appear, each from its own files alone (a host measured over several links keeps each link's rows
 * apart); their measurements, each with its link; and the headline's sentence.
 */
export function networkReport(documents: readonly ResultsDocument[], label: (key: HostKey) => string): {
    sections: NetworkSection[]; measurements: ReportMeasurement[]; headline: NetworkHeadline | undefined;
} {
    const byProfile = new Map<string, ResultsDocument[]>();
    for (const document of documents.filter(candidate => candidate.network !== undefined)) {
        const name = document.network!.profile.name;
        byProfile.set(name, [...byProfile.get(name) ?? [], document]);
    }
    const built = [...byProfile.values()].map(profileDocuments => networkSection(profileDocuments, label));
    const sections = built.map(entry => entry.section);
    const headline = networkHeadline(sections);
    // The headline's factors in a table of the link's section, beside the reads they compare.
    const factorRows = headline ? [
        ...(headline.vscode ? [{ label: `${headline.pluginLabel} / ${headline.vscode.hostLabel}`, cell: headline.vscode.factor }] : []),
        ...(headline.vscodeWorkbench ? [{ label: `${headline.pluginLabel} / ${headline.vscodeWorkbench.hostLabel} through the workbench (like for like)`, cell: headline.vscodeWorkbench.factor }] : []),
    ] : [];
    return {
        sections: sections.map(section => headline && factorRows.length > 0 && section.profile.name === headline.profile.name
            ? { ...section, headlineFactors: { size: headline.size, rows: factorRows } } : section),
        measurements: built.flatMap(entry => entry.measurements), headline,
    };
}
