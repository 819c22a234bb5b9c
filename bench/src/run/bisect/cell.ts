/**
 * The cell a bisect (and `--bisect-exit`) follows: a {@link CellKey} of Theia's browser app, given by `--cell` in the
 * report's words (`Theia browser (plugin), vscode.workspace.fs.readFile, 5K`, or `plugin, ...`), or by default the cell
 * that moved most between the endpoints. Found in a comparison by its key, never by its label.
 */
import {
    BisectRecordCell, CellChange, cellDisplayName, CellKey, FIXTURE_SIZE_LABELS, HostKey, hostKeyLabel, labelCell, parseCellKey, sameCell,
} from '@fs-perf/benchmark-core';
import { COMPARE_PLUGIN_SCENARIOS, COMPARE_THEIA_SCENARIOS } from '../compare-options';
import { WATCH_COUNT_SCENARIO, WATCHER_LOAD_VARIANTS } from '../watcher-load';

/** The hosts a bisect's steps measure: Theia's browser app, with the plugin's scenarios and the extension's. */
const BISECT_HOSTS: readonly [HostKey, readonly string[]][] = [
    [{ editor: 'theia', runtime: 'browser', extensionKind: 'plugin' }, COMPARE_PLUGIN_SCENARIOS],
    [{ editor: 'theia', runtime: 'browser', extensionKind: 'extension' }, COMPARE_THEIA_SCENARIOS],
];

/** Every cell a step of a bisect can measure: each scenario of a comparison in its host, at every fixture size. */
export function bisectCells(): CellKey[] {
    return BISECT_HOSTS.flatMap(([host, scenarios]) => scenarios.flatMap(scenarioId => FIXTURE_SIZE_LABELS.map(target => ({ host, scenarioId, target }))));
}

/** `host, scenario, size`, the host by its own label. */
export function bisectCellName(cell: CellKey): string {
    return cellDisplayName(labelCell(cell));
}

/** The host of a watch count: Theia's browser app, its server's processes (neither the plugin's nor the extension's). */
const WATCH_HOST: HostKey = { editor: 'theia', runtime: 'browser', extensionKind: 'extension' };
export const WATCH_HOST_LABEL = 'Theia browser';

/** Every watch count a bisect of `--suite watch` can follow: the watches of each opening of the tree. */
export function watchCells(): CellKey[] {
    return WATCHER_LOAD_VARIANTS.map(variant => ({ host: WATCH_HOST, scenarioId: WATCH_COUNT_SCENARIO, target: variant.name }));
}

/** Whether a cell is a watch count. */
export function isWatchCell(cell: Pick<CellKey, 'scenarioId'>): boolean {
    return cell.scenarioId === WATCH_COUNT_SCENARIO;
}

/** A watch count's name as `--cell` takes it: `Theia browser, inotify watches, node_modules excluded`. */
export function watchCellName(cell: Pick<CellKey, 'target'>): string {
    return `${WATCH_HOST_LABEL}, ${WATCH_COUNT_SCENARIO}, ${cell.target}`;
}

/**
 * `--cell`'s value in a bisect of `--suite watch`: `Theia browser, inotify watches, OPENING`; throws listing the
 * openings, and saying so when it is a cell of the reads.
 */
export function parseWatchCell(text: string): CellKey {
    const found = parseCellKey(text, watchCells(), () => WATCH_HOST_LABEL);
    if (!found) {
        const read = parseCellKey(text, bisectCells()) !== undefined;
        throw new Error(`--cell "${text}" is ${read ? 'a cell of the reads, and --suite watch follows' : 'not'} a watch count${read ? '' : ' a bisect of --suite watch follows'}: `
            + `give one of ${watchCells().map(cell => `"${watchCellName(cell)}"`).join(', ')}${read ? ' (or leave out --suite watch)' : ''}.`);
    }
    return found;
}

/**
 * `--cell`'s value: three comma-separated parts, the host as the report names it (or just `plugin` / `extension`), the
 * scenario id and the size; throws listing the valid cells otherwise.
 */
export function parseBisectCell(text: string): CellKey {
    const cells = bisectCells();
    const found = parseCellKey(text, cells);
    if (!found && parseCellKey(text, watchCells(), () => WATCH_HOST_LABEL)) {
        throw new Error(`--cell "${text}" is a watch count: a bisect follows it with --suite watch (add --suite watch).`);
    }
    if (!found) {
        const scenarios = [...new Set(cells.map(cell => `${hostKeyLabel(cell.host)}, ${cell.scenarioId}`))];
        throw new Error(`--cell "${text}" is not a cell a bisect measures: give "host, scenario, size", one of ${scenarios.map(name => `"${name}, SIZE"`).join(', ')}; `
            + `SIZE one of ${FIXTURE_SIZE_LABELS.join(', ')}.`);
    }
    return found;
}

/**
 * `--gate`'s value: `all`, or cells as `--cell` takes them, separated by `;`; throws naming the part that is no cell a
 * comparison of the reads measures, listing the valid ones.
 */
export function parseGateCells(text: string): CellKey[] | 'all' {
    if (text.trim().toLowerCase() === 'all') {
        return 'all';
    }
    const parts = text.split(';').map(part => part.trim()).filter(part => part !== '');
    if (parts.length === 0) {
        throw new Error('--gate needs at least one cell "host, scenario, size" (cells separated by ";"), or all.');
    }
    const cells = parts.map(part => {
        try {
            return parseBisectCell(part);
        } catch (error) {
            throw new Error((error as Error).message.replace(/^--cell/, '--gate').replace('a bisect measures', 'a comparison of the reads measures'));
        }
    });
    return cells.filter((cell, index) => cells.findIndex(other => sameCell(other, cell)) === index);
}

/**
 * The cell a bisect's record follows: its host as recorded, or, in a record written before the host was kept, the cell
 * its name gives as `--cell` would.
 */
export function recordedCell(cell: BisectRecordCell): CellKey {
    if (cell.host) {
        return { host: cell.host, scenarioId: cell.scenarioId, target: cell.target };
    }
    const found = parseCellKey(cellDisplayName(cell), bisectCells());
    if (!found) {
        throw new Error(`The bisect's record follows "${cellDisplayName(cell)}", which is not a cell a bisect measures: give its cell's host `
            + '("host": { "editor", "runtime", "extensionKind" }) in its bisect.json.');
    }
    return found;
}

/** The cell as a bisect's record keeps it: its key and the host's label as the report names it. */
export function cellToRecord(cell: CellKey & { readonly hostLabel?: string }): BisectRecordCell {
    return { host: cell.host, hostLabel: cell.hostLabel ?? hostKeyLabel(cell.host), scenarioId: cell.scenarioId, target: cell.target };
}

/** The comparison's cell that is `cell`. */
export function findCell<Cell extends CellKey>(cells: readonly Cell[], cell: CellKey): Cell | undefined {
    return cells.find(candidate => sameCell(candidate, cell));
}

/**
 * Without `--cell`: the cell that moved most the asked way between the endpoints, preferring a cell whose verdict says it
 * moved (the largest ratio among those), else the largest ratio of all (whose verdict then ends the search).
 */
export function mostMovedCell(cells: readonly CellChange[], direction: 'slower' | 'faster'): CellChange | undefined {
    const moved = (cell: CellChange): number => direction === 'slower' ? Math.log(cell.ratio.ratio) : -Math.log(cell.ratio.ratio);
    const byMove = [...cells].sort((a, b) => moved(b) - moved(a));
    return byMove.find(cell => cell.verdict === direction) ?? byMove[0];
}
