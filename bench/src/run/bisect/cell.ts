/**
 * The cell a bisect follows, in the report's words: `host, scenario, size` (e.g. `Theia browser (plugin),
 * vscode.workspace.fs.readFile, 5K`), or by default the cell that moved most between the endpoints.
 */
import { CellChange, FIXTURE_SIZE_LABELS } from '@fs-perf/benchmark-core';
import { COMPARE_PLUGIN_SCENARIOS, COMPARE_THEIA_SCENARIOS } from '../compare-options';

export interface BisectCell {
    /** As the report names the host, e.g. `Theia browser (plugin)`. */
    readonly hostLabel: string;
    readonly scenarioId: string;
    /** A fixture size label, e.g. `5K`. */
    readonly target: string;
}

/** Every cell a step of a bisect can measure: each scenario of a comparison in its host, at every fixture size. */
export function bisectCells(): BisectCell[] {
    const hosts: [string, readonly string[]][] = [['Theia browser (plugin)', COMPARE_PLUGIN_SCENARIOS], ['Theia browser (extension)', COMPARE_THEIA_SCENARIOS]];
    return hosts.flatMap(([hostLabel, scenarios]) => scenarios.flatMap(scenarioId => FIXTURE_SIZE_LABELS.map(target => ({ hostLabel, scenarioId, target }))));
}

/** `host, scenario, size`. */
export function bisectCellName(cell: BisectCell): string {
    return `${cell.hostLabel}, ${cell.scenarioId}, ${cell.target}`;
}

const normal = (text: string): string => text.trim().toLowerCase();

/**
 * `--cell`'s value: three comma-separated parts, the host as the report names it (or just `plugin` / `extension`), the
 * scenario id and the size; throws listing the valid cells otherwise.
 */
export function parseBisectCell(text: string): BisectCell {
    const parts = text.split(',').map(normal);
    const cells = bisectCells();
    const found = parts.length === 3 ? cells.find(cell => (normal(cell.hostLabel) === parts[0] || normal(cell.hostLabel).endsWith(`(${parts[0]})`))
        && normal(cell.scenarioId) === parts[1] && normal(cell.target) === parts[2]) : undefined;
    if (!found) {
        const scenarios = [...new Set(cells.map(cell => `${cell.hostLabel}, ${cell.scenarioId}`))];
        throw new Error(`--cell "${text}" is not a cell a bisect measures: give "host, scenario, size", one of ${scenarios.map(name => `"${name}, SIZE"`).join(', ')}; `
            + `SIZE one of ${FIXTURE_SIZE_LABELS.join(', ')}.`);
    }
    return found;
}

/** The comparison's cell that is `cell`. */
export function findCell<Cell extends BisectCell>(cells: readonly Cell[], cell: BisectCell): Cell | undefined {
    return cells.find(candidate => candidate.hostLabel === cell.hostLabel && candidate.scenarioId === cell.scenarioId && candidate.target === cell.target);
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
