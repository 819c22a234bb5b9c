import { ScenarioInfo } from '../../measure/scenario';
import { SCENARIO_CATALOG } from '../../measure/scenario-catalog';
import { FIXTURE_SIZE_LABELS } from '../../measure/sizes';
import { treeLinkFloor } from '../../network/link-floor';
import { HostKey, hostKeyId } from '../../results/host-identity';
import { ReportMeasurement } from '../../results/measurements';
import { treeCpuTable } from './cpu';
import { factorCell, hostsOf, measurementLookup, medianCell } from './tables';
import { LinkFloorCell, OperationAnswer, OperationLikeForLike, OperationQuestion, OperationRow, OperationsSection } from './section-types';
import { FactorChartSeries, MedianCell, SizeChart } from './types';

export type { OperationAnswer, OperationLikeForLike, OperationQuestion, OperationRow, OperationsSection };

const C = SCENARIO_CATALOG;
const FLOOR = 'its bare-Node floor';

/** The questions in report order; each pair is measured on one host (a VS Code API scenario and its extension host's floor). */
export const OPERATION_QUESTIONS: readonly OperationQuestion[] = [
    {
        id: 'stat-storm', title: 'Stat storm: every file of the tree, one call after another', against: FLOOR,
        pairs: [{ api: C.vscodeTreeStat, floor: C.extensionHostNodeTreeStat }, { api: C.theiaTreeStat, floor: C.theiaBackendTreeStat }],
    },
    {
        id: 'stat-storm-in-flight', title: 'Stat storm: every file of the tree, N calls in flight', against: FLOOR,
        pairs: [{ api: C.vscodeTreeStatParallel, floor: C.extensionHostNodeTreeStatParallel }, { api: C.theiaTreeStatParallel, floor: C.theiaBackendTreeStatParallel }],
    },
    {
        id: 'walk', title: 'Walk: the whole tree listed, folder after folder', against: FLOOR,
        pairs: [{ api: C.vscodeTreeWalk, floor: C.extensionHostNodeTreeWalk }, { api: C.theiaTreeWalk, floor: C.theiaBackendTreeWalk }],
    },
    {
        id: 'find-files', title: 'Find files: every .ts file of the tree, and what excluding its dependency folder saves', against: 'the search excluding node_modules',
        pairs: [{ api: C.vscodeFindFiles, floor: C.vscodeFindFilesExclude }, { api: C.theiaFindFiles, floor: C.theiaFindFilesExclude }],
    },
    {
        id: 'write', title: 'Writes: writeFile of each size', against: FLOOR,
        pairs: [{ api: C.vscodeWriteFile, floor: C.extensionHostNodeWriteFile }, { api: C.theiaFileServiceWriteFile, floor: C.theiaBackendWriteFile }],
    },
    {
        id: 'write-burst', title: 'A burst of small files: created one after another, then deleted', against: FLOOR,
        pairs: [{ api: C.vscodeWriteBurst, floor: C.extensionHostNodeWriteBurst }, { api: C.theiaFileServiceWriteBurst, floor: C.theiaBackendWriteBurst }],
    },
    {
        id: 'watch', title: 'Watching: from a change on disk, made by another process, to the event', against: FLOOR,
        pairs: [{ api: C.vscodeWatch, floor: C.extensionHostNodeWatch }, { api: C.theiaFileServiceWatch, floor: C.theiaBackendWatch }],
    },
    {
        id: 'watch-burst', title: 'Watching a burst: from the request to the last creation event', against: FLOOR,
        pairs: [{ api: C.vscodeWatchBurst, floor: C.extensionHostNodeWatchBurst }, { api: C.theiaFileServiceWatchBurst, floor: C.theiaBackendWatchBurst }],
    },
];

/** Whether a scenario is one side of an operation's question, or one of the watch suite's bursts made to miss (a run of the trees, writes or watch suite measures only these). */
export function isOperationScenario(scenarioId: string): boolean {
    return scenarioId === C.vscodeWatchBurstExcluded.id || scenarioId === C.theiaFileServiceWatchBurstExcluded.id
        || OPERATION_QUESTIONS.some(question => question.pairs.some(pair => pair.api.id === scenarioId || pair.floor.id === scenarioId));
}

/** Targets in the order a reader expects: fixture sizes by size, trees by their count of files (`1k files` before `10k files`). */
export function operationTargetOrder(label: string): number {
    const fixture = FIXTURE_SIZE_LABELS.indexOf(label);
    if (fixture >= 0) {
        return fixture;
    }
    const count = /^(\d+(?:\.\d+)?)\s*([kKmM]?)/.exec(label);
    if (!count) {
        return Number.MAX_SAFE_INTEGER;
    }
    const scale = { '': 1, k: 1e3, m: 1e6 }[count[2].toLowerCase() as '' | 'k' | 'm'];
    return FIXTURE_SIZE_LABELS.length + Number(count[1]) * scale;
}

/**
 * Each question some measurement answers, with a row per host that measured both paths of a pair, the like-for-like
 * factors of an API measured in two hosts, and one chart; undefined where the measurements answer none.
 */
export function operationsSection(measurements: readonly ReportMeasurement[]): OperationsSection | undefined {
    const lookup = measurementLookup(measurements);
    const answers = OPERATION_QUESTIONS.flatMap((question): OperationAnswer[] => {
        const ids = new Set(question.pairs.flatMap(pair => [pair.api.id, pair.floor.id]));
        const own = measurements.filter(entry => ids.has(entry.measurement.scenario.id));
        const columns = [...new Set(own.map(entry => entry.measurement.targetLabel))].sort((a, b) => operationTargetOrder(a) - operationTargetOrder(b));
        const cellsOf = (host: HostKey, scenario: ScenarioInfo): (MedianCell | undefined)[] =>
            columns.map(column => { const found = lookup(host, scenario.id, column); return found && medianCell(found); });
        const rows = question.pairs.flatMap(pair => hostsOf(own.filter(entry => entry.measurement.scenario.id === pair.api.id)).flatMap(({ host, hostLabel }): OperationRow[] => {
            const apiCells = cellsOf(host, pair.api);
            const floorCells = cellsOf(host, pair.floor);
            // Only a host that measured both paths answers the question (a default run's writeFile alone has no floor to set it against).
            const linkFloors = columns.map(column => linkFloorCell(own.find(entry => hostKeyId(entry.host) === hostKeyId(host)
                && entry.measurement.scenario.id === pair.api.id && entry.measurement.targetLabel === column)));
            return floorCells.some(cell => cell !== undefined) ? [{
                host, hostLabel, api: pair.api, floor: pair.floor, apiCells, floorCells,
                factors: apiCells.map((cell, index) => cell && floorCells[index] && factorCell(cell.measurement, floorCells[index]!.measurement)),
                ...linkFloors.some(cell => cell !== undefined) ? { linkFloors } : {},
            }] : [];
        }));
        if (rows.length === 0) {
            return [];
        }
        return [{ question, columns, rows, likeForLike: likeForLikeOf(rows), chart: operationChart(question, columns, rows) }];
    });
    const cpu = treeCpuTable(measurements, operationTargetOrder);
    return answers.length > 0 ? { kind: 'operations', answers, ...cpu ? { cpu } : {} } : undefined;
}

/** Over an emulated link, a tree API's link floor and its median over it; undefined over loopback or for a path with no calls over the link. */
function linkFloorCell(entry: ReportMeasurement | undefined): LinkFloorCell | undefined {
    if (!entry?.network) {
        return undefined;
    }
    const { measurement } = entry;
    const floor = treeLinkFloor(measurement.scenario.id, entry.host,
        { itemCount: measurement.itemCount ?? 0, treeFolders: entry.treeFolders, concurrency: entry.treeConcurrency }, entry.network);
    if (!floor || floor.floorMs <= 0 || measurement.itemCount === undefined) {
        return undefined;
    }
    const interval = measurement.statistics.medianIntervalMs;
    return {
        floor, measuredOverFloor: measurement.statistics.medianMs / floor.floorMs,
        ...interval ? { measuredOverFloorInterval: { low: interval.low / floor.floorMs, high: interval.high / floor.floorMs } } : {},
    };
}

/** Every two hosts that measured the same API path: a Theia host over a VS Code one (as the read's factors put it), else the later over the first. */
function likeForLikeOf(rows: readonly OperationRow[]): OperationLikeForLike[] {
    return rows.flatMap((first, index) => rows.slice(index + 1)
        .filter(other => other.api.id === first.api.id && hostKeyId(other.host) !== hostKeyId(first.host))
        .map((other): OperationLikeForLike => {
            const [numerator, denominator] = first.host.editor === 'theia' && other.host.editor !== 'theia' ? [first, other] : [other, first];
            return {
                api: first.api, numeratorLabel: numerator.hostLabel, denominatorLabel: denominator.hostLabel,
                factors: numerator.apiCells.map((cell, column) => {
                    const other = denominator.apiCells[column];
                    return cell && other && factorCell(cell.measurement, other.measurement);
                }),
            };
        }));
}

/** A dot per host and target: the API's time over its second path, with the interval; 1 marks "the same". */
function operationChart(question: OperationQuestion, columns: readonly string[], rows: readonly OperationRow[]): SizeChart | undefined {
    const series = rows.map((row): FactorChartSeries => ({
        kind: 'factor', label: `${row.hostLabel}: ${row.api.label}`, factorTableId: `operations-${question.id}`,
        points: row.factors.flatMap((cell, index) => cell?.factor === undefined ? [] : [{ size: columns[index], cell: { ...cell, factor: cell.factor } }]),
    })).filter(line => line.points.length > 0);
    return series.length === 0 ? undefined : {
        kind: 'lines', id: `operations-${question.id}`, placement: 'section', display: 'dots',
        title: `${question.title}: each API's time over ${question.against}`, xTitle: '', yTitle: `factor: the API's time over ${question.against}, 1 = the same`,
        sizes: columns.filter(column => series.some(line => line.points.some(point => point.size === column))), series,
    };
}
