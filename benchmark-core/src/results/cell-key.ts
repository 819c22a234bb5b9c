/**
 * One identity per cell: a cell of a run or a comparison is one scenario at one target in one host, the host by its
 * identity ({@link HostKey}), never by its label. The run's looks (`--budget`), the comparison's replay of them, a bisect
 * and `--bisect-exit` all key cells by {@link cellKeyId}; labels are only printed ({@link cellDisplayName}) and read back
 * from what a user typed by {@link parseCellKey}, which compares whole names derived from each candidate's key.
 */
import { hostKey, HostKey, hostKeyId, hostKeyLabel } from './host-identity';
import type { Measurement, ResultsDocument } from './schema';

/** What identifies a cell: its host, its scenario and its target. */
export interface CellKey {
    readonly host: HostKey;
    readonly scenarioId: string;
    /** A fixture size label (`5K`), a tree's (`1k files`) or the write burst's. */
    readonly target: string;
}

/** A cell with its host as a report names it (`Theia browser (plugin)`): a comparison's cells, a bisect's record. */
export interface LabelledCell {
    readonly hostLabel: string;
    readonly scenarioId: string;
    readonly target: string;
}

/** A map key for a cell (`theia/browser/plugin|vscode.workspace.fs.readFile|5K`); for lookups only, never shown. */
export function cellKeyId(cell: CellKey): string {
    return `${hostKeyId(cell.host)}|${cell.scenarioId}|${cell.target}`;
}

export function sameCell(a: CellKey, b: CellKey): boolean {
    return cellKeyId(a) === cellKeyId(b);
}

/** Only what identifies `cell` (a comparison's cell carries its label and its estimates too). */
function cellKeyOf(cell: CellKey): CellKey {
    return { host: cell.host, scenarioId: cell.scenarioId, target: cell.target };
}

/** The cell of a results document's row: the row's own host (a plugin row of Theia's "Run All" merge), else the document's. */
export function rowCellKey(document: ResultsDocument, row: Measurement, keyOf: (host: ResultsDocument['host']) => HostKey = hostKey): CellKey {
    return { host: keyOf(row.host ?? document.host), scenarioId: row.scenario.id, target: row.targetLabel };
}

/** `cell` with its host's label, by default the host's own ({@link hostKeyLabel}). */
export function labelCell(cell: CellKey, label: (host: HostKey) => string = hostKeyLabel): CellKey & LabelledCell {
    return { host: cell.host, hostLabel: label(cell.host), scenarioId: cell.scenarioId, target: cell.target };
}

/**
 * `host, scenario, size` (`Theia browser (plugin), vscode.workspace.fs.readFile, 5K`): how a bisect names its cell and
 * how `--cell` is typed, so that a name printed can be given back.
 */
export function cellDisplayName(cell: LabelledCell): string {
    return `${cell.hostLabel}, ${cell.scenarioId}, ${cell.target}`;
}

const normal = (text: string): string => text.trim().toLowerCase();

/**
 * The cell `text` means among `candidates` (the cells that can be asked for): `host, scenario, size` in the report's
 * words, the host by its label or by its extension kind alone (`plugin`, `extension`), each part trimmed and in any case.
 * Undefined when no candidate, or more than one, is meant. `label` names the hosts as the report does.
 */
export function parseCellKey(text: string, candidates: readonly CellKey[], label: (host: HostKey) => string = hostKeyLabel): CellKey | undefined {
    const parts = text.split(',').map(normal);
    if (parts.length !== 3) {
        return undefined;
    }
    const [host, scenarioId, target] = parts;
    const meant = candidates.filter(cell => (normal(label(cell.host)) === host || cell.host.extensionKind === host)
        && normal(cell.scenarioId) === scenarioId && normal(cell.target) === target);
    const distinct = new Map(meant.map(cell => [cellKeyId(cell), cell]));
    return distinct.size === 1 ? cellKeyOf([...distinct.values()][0]) : undefined;
}
