import { hostLabel } from './host-identity';
import { HostInfo, Measurement, ResultsDocument } from './results';
import { SCENARIO_CATALOG } from './scenario-catalog';
import { FIXTURE_SIZE_LABELS } from './sizes';
import { formatMilliseconds } from './text-table';

/** One measured row with the host it was measured in (a row's own host, else its document's). */
export interface ReportRow {
    readonly host: HostInfo;
    readonly hostLabel: string;
    readonly measurement: Measurement;
}

/** A table of medians: rows are series (host and scenario), columns are sizes. Undefined = not measured. */
export interface MedianTable {
    readonly title: string;
    /** `summary`: the original suite's tables and the decomposition; `scenario`: one per scenario, every host. */
    readonly section: 'summary' | 'scenario';
    /** Header of the first column. */
    readonly rowHeader: string;
    readonly columns: string[];
    readonly rows: { label: string; values: (number | undefined)[] }[];
}

/** "A vs B": per size, the time difference (A - B, ms) and the factor (A / B), as the original suite's tables. */
export interface FactorTable {
    readonly title: string;
    readonly columns: string[];
    readonly difference: (number | undefined)[];
    readonly factor: (number | undefined)[];
}

export interface ComparisonReport {
    readonly medianTables: MedianTable[];
    readonly factorTables: FactorTable[];
    readonly hosts: { label: string; document: ResultsDocument }[];
    readonly rows: ReportRow[];
    /** Hosts a run wanted but could not measure, with the reason (e.g. no Electron binary). */
    readonly notMeasured: NotMeasuredHost[];
}

export interface NotMeasuredHost {
    readonly host: string;
    readonly reason: string;
}

export interface ComparisonReportOptions {
    readonly notMeasured?: readonly NotMeasuredHost[];
}

/** All rows of some result files; later files win when the same host measured the same scenario and size. */
export function collectRows(documents: readonly ResultsDocument[]): ReportRow[] {
    const byKey = new Map<string, ReportRow>();
    for (const document of documents) {
        for (const measurement of document.results) {
            const host = measurement.host ?? document.host;
            const label = hostLabel(host);
            byKey.set(`${label}|${measurement.scenario.id}|${measurement.targetLabel}`, { host, hostLabel: label, measurement });
        }
    }
    return [...byKey.values()];
}

function sizeColumns(rows: readonly ReportRow[]): string[] {
    const present = new Set(rows.map(row => row.measurement.targetLabel));
    return FIXTURE_SIZE_LABELS.filter(size => present.has(size));
}

function medianOf(rows: readonly ReportRow[], hostLabelValue: string, scenarioId: string, size: string): number | undefined {
    return rows.find(row => row.hostLabel === hostLabelValue && row.measurement.scenario.id === scenarioId && row.measurement.targetLabel === size)
        ?.measurement.statistics.medianMs;
}

interface Series {
    readonly label: string;
    readonly host: string;
    readonly scenarioId: string;
}

function seriesTable(title: string, series: readonly Series[], rows: readonly ReportRow[], columns: string[],
    section: MedianTable['section'] = 'summary', rowHeader = 'Host'): MedianTable | undefined {
    const tableRows = series
        .map(entry => ({ label: entry.label, values: columns.map(size => medianOf(rows, entry.host, entry.scenarioId, size)) }))
        .filter(row => row.values.some(value => value !== undefined));
    return tableRows.length > 0 ? { title, section, rowHeader, columns, rows: tableRows } : undefined;
}

function factorTable(title: string, a: Series, b: Series, rows: readonly ReportRow[], columns: string[]): FactorTable | undefined {
    const left = columns.map(size => medianOf(rows, a.host, a.scenarioId, size));
    const right = columns.map(size => medianOf(rows, b.host, b.scenarioId, size));
    if (!left.some((value, index) => value !== undefined && right[index] !== undefined)) {
        return undefined;
    }
    return {
        title,
        columns,
        difference: left.map((value, index) => value !== undefined && right[index] !== undefined ? value - right[index]! : undefined),
        factor: left.map((value, index) => value !== undefined && right[index] ? value / right[index]! : undefined),
    };
}

const HOSTS = {
    vscodeDesktop: 'VS Code',
    vscodeServer: 'VS Code server',
    theiaBrowserPlugin: 'Theia browser (plugin)',
    theiaElectronPlugin: 'Theia Electron (plugin)',
    theiaBrowser: 'Theia browser (extension)',
    theiaElectron: 'Theia Electron (extension)',
};

/**
 * The comparison the original suite made by hand: the plugin/extension `workspace.fs.readFile` table,
 * the Theia extension table, factor tables, the decomposition of where Theia's time goes, and one
 * table per scenario with every host that measured it. Hosts or sizes nobody measured are left out.
 */
export function buildComparisonReport(documents: readonly ResultsDocument[], options: ComparisonReportOptions = {}): ComparisonReport {
    const rows = collectRows(documents);
    const columns = sizeColumns(rows);
    const hostLabels = new Set(rows.map(row => row.hostLabel));
    const vscode = hostLabels.has(HOSTS.vscodeDesktop) ? HOSTS.vscodeDesktop : HOSTS.vscodeServer;
    const readFile = SCENARIO_CATALOG.vscodeReadFile.id;
    const fileService = SCENARIO_CATALOG.theiaFileServiceReadFile.id;
    const nodeFs = SCENARIO_CATALOG.theiaNodeFsService.id;

    const medianTables: MedianTable[] = [];
    const push = (table: MedianTable | undefined): void => {
        if (table) {
            medianTables.push(table);
        }
    };
    push(seriesTable('VS Code extension / plugin: workspace.fs.readFile, median ms', [
        { label: 'VS Code', host: HOSTS.vscodeDesktop, scenarioId: readFile },
        { label: 'VS Code server (code-server)', host: HOSTS.vscodeServer, scenarioId: readFile },
        { label: 'Theia Electron (plugin)', host: HOSTS.theiaElectronPlugin, scenarioId: readFile },
        { label: 'Theia browser (plugin)', host: HOSTS.theiaBrowserPlugin, scenarioId: readFile },
    ], rows, columns));
    push(seriesTable('Theia extension, median ms', [
        { label: 'Electron (FileService)', host: HOSTS.theiaElectron, scenarioId: fileService },
        { label: 'Browser (FileService)', host: HOSTS.theiaBrowser, scenarioId: fileService },
        { label: 'Electron (FileService stream)', host: HOSTS.theiaElectron, scenarioId: SCENARIO_CATALOG.theiaFileServiceReadFileStream.id },
        { label: 'Browser (FileService stream)', host: HOSTS.theiaBrowser, scenarioId: SCENARIO_CATALOG.theiaFileServiceReadFileStream.id },
        { label: 'Electron (Node FS)', host: HOSTS.theiaElectron, scenarioId: nodeFs },
        { label: 'Browser (Node FS)', host: HOSTS.theiaBrowser, scenarioId: nodeFs },
    ], rows, columns, 'summary', 'Runtime (path)'));
    for (const [runtime, host] of [['browser', HOSTS.theiaBrowser], ['Electron', HOSTS.theiaElectron]] as const) {
        push(seriesTable(`Where the time goes, Theia ${runtime}: median ms`, [
            { label: 'Backend disk read (floor)', host, scenarioId: SCENARIO_CATALOG.theiaDiskFloor.id },
            { label: 'RPC transport of an in-memory buffer', host, scenarioId: SCENARIO_CATALOG.theiaRpcTransport.id },
            { label: 'HTTP fetch (wire floor)', host, scenarioId: SCENARIO_CATALOG.theiaHttpFetch.id },
            { label: 'Node fs service (RPC)', host, scenarioId: nodeFs },
            { label: 'FileService.readFile', host, scenarioId: fileService },
            { label: 'Plugin workspace.fs.readFile', host: runtime === 'browser' ? HOSTS.theiaBrowserPlugin : HOSTS.theiaElectronPlugin, scenarioId: readFile },
        ], rows, columns, 'summary', 'Read path'));
    }

    const factorTables: FactorTable[] = [];
    const pushFactor = (table: FactorTable | undefined): void => {
        if (table) {
            factorTables.push(table);
        }
    };
    const series = (host: string, scenarioId: string): Series => ({ label: host, host, scenarioId });
    pushFactor(factorTable(`Theia browser (plugin) vs ${vscode}`, series(HOSTS.theiaBrowserPlugin, readFile), series(vscode, readFile), rows, columns));
    pushFactor(factorTable(`Theia Electron (plugin) vs ${vscode}`, series(HOSTS.theiaElectronPlugin, readFile), series(vscode, readFile), rows, columns));
    pushFactor(factorTable('Theia browser vs Electron (plugin)', series(HOSTS.theiaBrowserPlugin, readFile), series(HOSTS.theiaElectronPlugin, readFile), rows, columns));
    pushFactor(factorTable('Theia browser vs Electron (FileService)', series(HOSTS.theiaBrowser, fileService), series(HOSTS.theiaElectron, fileService), rows, columns));
    pushFactor(factorTable('Theia browser: FileService vs Node FS', series(HOSTS.theiaBrowser, fileService), series(HOSTS.theiaBrowser, nodeFs), rows, columns));
    pushFactor(factorTable('Theia Electron: FileService vs Node FS', series(HOSTS.theiaElectron, fileService), series(HOSTS.theiaElectron, nodeFs), rows, columns));
    pushFactor(factorTable('Theia browser: plugin vs extension (readFile vs FileService.readFile)', series(HOSTS.theiaBrowserPlugin, readFile), series(HOSTS.theiaBrowser, fileService), rows, columns));
    pushFactor(factorTable('Theia Electron: plugin vs extension (readFile vs FileService.readFile)', series(HOSTS.theiaElectronPlugin, readFile), series(HOSTS.theiaElectron, fileService), rows, columns));
    pushFactor(factorTable(`Theia browser (FileService) vs ${vscode} (readFile)`, series(HOSTS.theiaBrowser, fileService), series(vscode, readFile), rows, columns));

    // One table per scenario with every host that measured it, in catalog order.
    for (const scenario of Object.values(SCENARIO_CATALOG)) {
        const scenarioRows = rows.filter(row => row.measurement.scenario.id === scenario.id);
        const hosts = [...new Set(scenarioRows.map(row => row.hostLabel))];
        const targets = [...new Set(scenarioRows.map(row => row.measurement.targetLabel))];
        const targetColumns = scenario.target === 'fixture' ? columns.filter(size => targets.includes(size)) : targets;
        push(seriesTable(`${scenario.label} (${scenario.api}), median ms`, hosts.map(host => ({ label: host, host, scenarioId: scenario.id })), rows,
            targetColumns, 'scenario'));
    }

    const hosts = new Map<string, ResultsDocument>();
    for (const document of documents) {
        hosts.set(hostLabel(document.host), document);
    }
    return { medianTables, factorTables, hosts: [...hosts].map(([label, document]) => ({ label, document })), rows, notMeasured: [...options.notMeasured ?? []] };
}

function cell(value: number | undefined, format: (value: number) => string): string {
    return value === undefined ? '–' : format(value);
}

/** The report as Markdown: median tables, factor tables, and the environment of each host. */
export function renderReportMarkdown(report: ComparisonReport, title = 'FS Performance report'): string {
    const lines = [`# ${title}`, ''];
    const table = (header: string[], body: string[][]): void => {
        lines.push(`| ${header.join(' | ')} |`, `|${header.map((_, index) => index === 0 ? '---' : '---:').join('|')}|`);
        body.forEach(row => lines.push(`| ${row.join(' | ')} |`));
        lines.push('');
    };
    const scenarioTables = report.medianTables.filter(median => median.section === 'scenario');
    for (const median of report.medianTables.filter(candidate => candidate.section === 'summary')) {
        lines.push(`## ${median.title}`, '');
        table([median.rowHeader, ...median.columns], median.rows.map(row => [row.label, ...row.values.map(value => cell(value, formatMilliseconds))]));
    }
    if (report.factorTables.length > 0) {
        lines.push('## Factors', '', 'Time: difference of the medians in ms (first minus second). Factor: first divided by second.', '');
        for (const factor of report.factorTables) {
            lines.push(`### ${factor.title}`, '');
            table(['', ...factor.columns], [
                ['Time', ...factor.difference.map(value => cell(value, formatMilliseconds))],
                ['Factor', ...factor.factor.map(value => cell(value, v => v.toFixed(2)))],
            ]);
        }
    }
    if (scenarioTables.length > 0) {
        lines.push('## Every scenario', '');
        for (const median of scenarioTables) {
            lines.push(`### ${median.title}`, '');
            table(['Host', ...median.columns], median.rows.map(row => [row.label, ...row.values.map(value => cell(value, formatMilliseconds))]));
        }
    }
    lines.push('## Hosts', '');
    table(['Host', 'Editor', 'Runtime', 'OS', 'CPU', 'Memory', 'Versions', 'Samples'], report.hosts.map(({ label, document }) => {
        const environment = document.environment;
        return [
            label,
            `${document.host.editorName} ${document.host.editorVersion}`,
            `${document.host.runtime}${document.host.transport ? `, ${document.host.transport}` : ''}`,
            environment.os ? `${environment.os.platform} ${environment.os.release ?? ''}`.trim() : '–',
            environment.cpu ? `${environment.cpu.model} × ${environment.cpu.count}` : '–',
            environment.memoryBytes ? `${(environment.memoryBytes / 2 ** 30).toFixed(1)} GiB` : '–',
            Object.entries(environment.versions).map(([name, version]) => `${name} ${version}`).join(', ') || '–',
            `${document.settings.iterations} + ${document.settings.warmup} warm-up, ${document.startedAt}`,
        ];
    }));
    if (report.notMeasured.length > 0) {
        lines.push('## Not measured', '');
        table(['Host', 'Reason'], report.notMeasured.map(({ host, reason }) => [host, reason.replace(/\|/g, '/')]));
    }
    return lines.join('\n');
}

/** One entry of github-action-benchmark's `customSmallerIsBetter` format. */
export interface BenchmarkActionEntry {
    readonly name: string;
    readonly unit: string;
    readonly value: number;
    readonly range?: string;
    readonly extra?: string;
}

/** Every measured median as a github-action-benchmark entry (what Theia's performance CI consumes). */
export function toBenchmarkActionEntries(report: ComparisonReport): BenchmarkActionEntry[] {
    return report.rows.map(row => ({
        name: `${row.hostLabel}: ${row.measurement.scenario.label} ${row.measurement.targetLabel}`,
        unit: 'ms',
        value: Number(row.measurement.statistics.medianMs.toFixed(4)),
        range: `± ${row.measurement.statistics.madMs.toFixed(4)} (MAD)`,
        extra: `${row.measurement.statistics.count} samples, p95 ${row.measurement.statistics.p95Ms.toFixed(3)} ms, verified ${row.measurement.verification}`,
    }));
}
