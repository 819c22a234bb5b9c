import { ScenarioInfo } from '../../measure/scenario';
import { SCENARIO_CATALOG } from '../../measure/scenario-catalog';
import { FIXTURE_SIZE_LABELS, fixtureSize, LARGE_FIXTURE_BYTES } from '../../measure/sizes';
import { eventsReceivedText } from '../../measure/watch-events';
import { editorRuntimeLabel, HostKey, hostKeyId, runtimeName, runtimeWord } from '../../results/host-identity';
import { measurementId, ReportMeasurement } from '../../results/measurements';
import { Measurement } from '../../results/schema';
import { differenceOfMedians, ratioOfMedians, REPORT_BOOTSTRAP } from '../../stats/bootstrap';
import { Interval, medianInterval, minimumSamplesForMedianInterval } from '../../stats/median-interval';
import { computeStatistics, median as medianOf, quantile } from '../../stats/statistics';
import { FactorCell, FactorTable, MedianCell, MedianTable, SeriesKey, StreamRow } from './types';

/** A measurement as a table cell: its statistics, the interval of its median and its 5th percentile, from its samples. */
export function medianCell(measurement: Measurement): MedianCell {
    return {
        statistics: measurement.statistics, measurement,
        medianInterval: medianInterval(measurement.samplesMs),
        p5Ms: quantile(measurement.samplesMs, 0.05),
    };
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

/** The streamed reads of a report (rows whose measurement has per-sample stream timings), host by host, smallest size first. */
export function streamRows(measurements: readonly ReportMeasurement[]): StreamRow[] {
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

/** Whether a target is a fixture size of 500K or more. */
export function isLargeSize(targetLabel: string): boolean {
    return FIXTURE_SIZE_LABELS.includes(targetLabel) && fixtureSize(targetLabel).bytes >= LARGE_FIXTURE_BYTES;
}

export function sizeOrder(targetLabel: string): number {
    return FIXTURE_SIZE_LABELS.indexOf(targetLabel);
}

/** Finds the measurement of a host, scenario and target among some measurements. */
export function measurementLookup(measurements: readonly ReportMeasurement[]): (host: HostKey, scenarioId: string, target: string) => Measurement | undefined {
    const byId = new Map(measurements.map(entry => [measurementId(entry.host, entry.measurement.scenario.id, entry.measurement.targetLabel), entry.measurement]));
    return (host, scenarioId, target) => byId.get(measurementId(host, scenarioId, target));
}

/** Each host of some measurements once, in order of appearance, with its label. */
export function hostsOf(measurements: readonly ReportMeasurement[]): { host: HostKey; hostLabel: string }[] {
    return [...new Map(measurements.map(({ host, hostLabel }) => [hostKeyId(host), { host, hostLabel }])).values()];
}

const theiaHosts = (runtime: 'browser' | 'electron'): { extension: HostKey; plugin: HostKey } => ({
    extension: { editor: 'theia', runtime, extensionKind: 'extension' },
    plugin: { editor: 'theia', runtime, extensionKind: 'plugin' },
});
const THEIA = { browser: theiaHosts('browser'), electron: theiaHosts('electron') };
const VSCODE_DESKTOP: HostKey = { editor: 'vscode', runtime: 'desktop', extensionKind: 'extension' };
const VSCODE_SERVER: HostKey = { editor: 'vscode', runtime: 'server', extensionKind: 'extension' };
export const READ_FILE = SCENARIO_CATALOG.vscodeReadFile.id;
export const WORKBENCH_READ = SCENARIO_CATALOG.vscodeReadFileWorkbench.id;
export const FILE_SERVICE = SCENARIO_CATALOG.theiaFileServiceReadFile.id;
const NODE_FS = SCENARIO_CATALOG.theiaNodeFsService.id;

export const series = (host: HostKey, scenarioId: string): SeriesKey => ({ host, scenarioId });

/** What the cells of a table of medians hold, for its title. */
const MEDIAN_UNIT = 'median ms [95% interval]';

/** The measurements of a report, looked up by series and size; builds tables that leave out rows (and tables) nobody measured. */
export class ReportTables {
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

export function defined<T>(values: readonly (T | undefined)[]): T[] {
    return values.filter((value): value is T => value !== undefined);
}

/** The original suite's tables: `workspace.fs.readFile` per host, the Theia extension per runtime, and where Theia's time goes. */
export function originalSuiteTables(tables: ReportTables): MedianTable[] {
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
export function factorTables(tables: ReportTables): FactorTable[] {
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
export function releaseTables(tables: ReportTables, releases: ReadonlyMap<HostKey['runtime'], readonly string[]>): { medians: MedianTable[]; factors: FactorTable[] } {
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
export function scenarioTables(tables: ReportTables): { scenario: ScenarioInfo; table: MedianTable }[] {
    return Object.values(SCENARIO_CATALOG).flatMap(scenario => {
        const rows = tables.measurements.filter(entry => entry.measurement.scenario.id === scenario.id);
        const hosts = [...new Map(rows.map(entry => [hostKeyId(entry.host), entry.host])).values()];
        const targets = [...new Set(rows.map(entry => entry.measurement.targetLabel))];
        // A watch burst's count, by host: a lost event is a finding, said with its times.
        const events = rows.filter(entry => entry.measurement.events)
            .map(entry => `; ${tables.label(entry.host)}: ${eventsReceivedText(entry.measurement.events!.received, entry.measurement.events!.expected)}`);
        const table = tables.medians(`scenario:${scenario.id}`, `${scenario.label} (${scenario.api}), ms${events.join('')}`, 'Host',
            hosts.map(host => ({ label: tables.label(host), series: series(host, scenario.id) })),
            scenario.target === 'fixture' ? tables.sizes.filter(size => targets.includes(size)) : targets);
        return table ? [{ scenario, table }] : [];
    });
}
