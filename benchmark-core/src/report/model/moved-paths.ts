/**
 * Which paths a comparison's slower and faster cells lie on, and what those paths share: so that the headline names
 * each path that moved and never folds cells of paths a change could not have touched together into one story.
 */
import { CellChange } from '../../compare/run-comparison';
import { PathComponent } from '../../measure/path-components';
import { scenarioInfoById } from '../../measure/scenario-catalog';
import { HostKey } from '../../results/host-identity';
import { MovedPath, SharedComponents } from './section-types';
import { PairedComparisonRow } from './types';

/** The parts a host's scenario passes through, from the catalog; undefined for an editor or scenario it does not describe. */
export function pathComponentsOf(host: HostKey, scenarioId: string): readonly PathComponent[] | undefined {
    const components = scenarioInfoById(scenarioId)?.components;
    return host.editor === 'theia' ? components?.theia : host.editor === 'vscode' ? components?.vscode : undefined;
}

const isMoved = (row: PairedComparisonRow): boolean => row.cell.verdict === 'slower' || row.cell.verdict === 'faster';
const pathName = (row: PairedComparisonRow): string => `${row.cell.hostLabel} · ${row.scenarioLabel}`;

/** Rows grouped by path (host and scenario), in the rows' order. */
function byPath(rows: readonly PairedComparisonRow[]): Map<string, PairedComparisonRow[]> {
    const paths = new Map<string, PairedComparisonRow[]>();
    for (const row of rows) {
        paths.set(pathName(row), [...paths.get(pathName(row)) ?? [], row]);
    }
    return paths;
}

/** The paths with a slower or faster cell, in the rows' order (the comparison table's), each with those cells. */
export function movedPaths(rows: readonly PairedComparisonRow[]): MovedPath[] {
    return [...byPath(rows.filter(isMoved))].map(([name, cells]) => ({ name, components: pathComponentsOf(cells[0].cell.host, cells[0].cell.scenarioId), cells }));
}

/**
 * The milliseconds a cell's interval puts the change at least at in its verdict's direction (a slower cell's lower bound
 * over 1 times its base median), or at most for a "no change" cell (its upper bound, for a slower one; its lower bound,
 * for a faster one).
 */
function changeMs(cell: CellChange, direction: 'slower' | 'faster', bound: 'least' | 'most'): number {
    const { low, high } = cell.ratio;
    const ratio = direction === 'slower' ? (bound === 'least' ? low : high) - 1 : 1 - (bound === 'least' ? high : low);
    return ratio * cell.baseline.medianMs;
}

/**
 * Whether a "no change" cell rules out, as a cause of a moved cell, the parts the two share: the same size, and its
 * interval allows less change, in milliseconds, than the moved cell moved at least (the same part at the same size would
 * have added the same milliseconds to both).
 */
function rulesOut(unchanged: CellChange, moved: CellChange): boolean {
    const direction = moved.verdict === 'slower' ? 'slower' : 'faster';
    return unchanged.verdict === 'no change' && unchanged.target === moved.target && changeMs(unchanged, direction, 'most') < changeMs(moved, direction, 'least');
}

/**
 * What every moved path passes through (one path's: all of it), and the paths decided "no change" at a moved cell's size
 * that rule parts of it out as one cause of every move, the path that rules out most first; undefined where no path
 * moved or one the catalog does not describe did.
 */
export function sharedComponents(moved: readonly MovedPath[], rows: readonly PairedComparisonRow[]): SharedComponents | undefined {
    if (moved.length === 0 || moved.some(path => path.components === undefined)) {
        return undefined;
    }
    const components = moved[0].components!.filter(component => moved.every(path => path.components!.includes(component)));
    const movedCells = moved.flatMap(path => path.cells.map(row => row.cell));
    const candidates = [...byPath(rows)].flatMap(([name, pathRows]) => {
        const through = pathComponentsOf(pathRows[0].cell.host, pathRows[0].cell.scenarioId) ?? [];
        const cells = pathRows.filter(row => movedCells.some(cell => rulesOut(row.cell, cell)));
        return cells.length > 0 ? [{ name, cells, components: components.filter(component => through.includes(component)) }] : [];
    });
    const ruledOutBy: SharedComponents['ruledOutBy'][number][] = [];
    const covered = new Set<PathComponent>();
    for (;;) {
        const fresh = candidates.map(candidate => ({ ...candidate, components: candidate.components.filter(component => !covered.has(component)) }))
            .reduce<typeof candidates[number] | undefined>((best, candidate) => candidate.components.length > (best?.components.length ?? 0) ? candidate : best, undefined);
        if (!fresh) {
            return { components, ruledOutBy };
        }
        ruledOutBy.push(fresh);
        fresh.components.forEach(component => covered.add(component));
    }
}
