import { collectMeasurements, hostKeysOf, hostLabelsOf, theiaReleasesOf } from '../../results/measurements';
import { ResultsDocument } from '../../results/schema';
import { REPORT_BOOTSTRAP } from '../../stats/bootstrap';
import { chartSizes, distributionChart, reportCharts } from './charts';
import { countsSection } from './counts';
import { cpuSection } from './cpu';
import { linkEnvironments, precisionSections } from './environments';
import { headlineSection, reportTitle } from './headline';
import { hopsSection, vscodePartsSection } from './hops';
import { networkReport } from './network';
import { isOperationScenario, operationsSection } from './operations';
import { watcherLoadSection } from './watcher-load';
import { comparisonSidesOf, pairedComparisonReport } from './paired';
import { ComparisonReport, ComparisonReportOptions, ReportSection } from './section-types';
import { defined, factorTables, originalSuiteTables, releaseTables, ReportTables, scenarioTables, streamRows } from './tables';

export { REPORT_BOOTSTRAP };

/** The sections of one kind, e.g. `reportSections(report, 'factors')`. */
export function reportSections<K extends ReportSection['kind']>(report: ComparisonReport, kind: K): Extract<ReportSection, { kind: K }>[] {
    return report.sections.filter((section): section is Extract<ReportSection, { kind: K }> => section.kind === kind);
}

export const DEFAULT_REPORT_TITLE = 'FS Performance report';

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
    const counts = countsSection(tables.measurements);
    const operations = operationsSection(tables.measurements);
    const watcherLoad = watcherLoadSection(loopback);
    const headline = headlineSection(tables.measurements, factors, hops, cpu, streams, links.headline, label, operations, links.sections, watcherLoad);
    const suiteTables = originalSuiteTables(tables);
    const sections: ReportSection[] = [
        ...defined([headline]),
        ...[...releases.medians, ...suiteTables].map(table => ({ kind: 'medians' as const, table })),
        ...(factors.length > 0 ? [{ kind: 'factors' as const, tables: factors }] : []),
        ...(scenarios.length > 0 ? [{
            kind: 'scenarios' as const, tables: scenarios.map(entry => entry.table), distributions: scenarios.map(entry => distributionChart(entry.table)),
        }] : []),
        ...defined([operations, watcherLoad]),
        ...(streams.length > 0 ? [{ kind: 'streaming' as const, rows: streams }] : []),
        ...defined([hops, vscodeParts, cpu, counts]),
        ...precisionSections(loopback, label),
        ...links.sections,
        { kind: 'environments', hosts: linkEnvironments(loopback, documents, label) },
        ...(notMeasured.length > 0 ? [{ kind: 'not-measured' as const, hosts: notMeasured }] : []),
    ];
    const measurements = [...tables.measurements, ...links.measurements];
    return {
        title: options.title ?? reportTitle(links.sections.length > 0 ? `network run over ${links.sections.map(section => section.profile.name).join(', ')}`
            : releases.medians.length > 0 ? 'Theia releases'
                : documents.length > 0 && documents.every(document => document.settings.pauseMs) ? 'run with a pause before each sample'
                    : operations && tables.measurements.every(entry => isOperationScenario(entry.measurement.scenario.id)) ? 'file operations' : 'default run', documents),
        sizes: chartSizes(measurements.map(entry => entry.measurement.targetLabel)),
        hosts: hostKeysOf(documents).map(key => ({ key, label: label(key) })),
        measurements,
        sections,
        // The bar charts are drawn with their sections, and written as files like the others.
        charts: [...reportCharts(suiteTables, factors, streams, releases.medians), ...defined([hops?.chart, cpu?.chart]),
            ...links.sections.flatMap(section => defined([section.chart, section.hops?.chart, ...(section.operations?.answers ?? []).map(answer => answer.chart)])),
            ...defined((operations?.answers ?? []).map(answer => answer.chart)), ...defined([watcherLoad?.chart])],
    };
}
