/** The Output view's rendered rows, and the lines of the channel they show: Monaco wraps a long line into several rows. */

/** One line of the Output view, as the channel holds it (its wrapped rows joined). */
export interface OutputLine {
    readonly text: string;
    /** Where its first row is drawn, px from the top of the channel's text: tells repeated lines apart. */
    readonly top: number;
}

/** One rendered row of the Output view's editor. */
export interface OutputRow {
    readonly text: string;
    readonly top: number;
}

/** Monaco's default `wordWrapBreakAfterCharacters` / `wordWrapBreakBeforeCharacters` (their ASCII part). */
const BREAK_AFTER = new Set(' \t})]?|/&.,;');
const BREAK_BEFORE = new Set('([{+');

/** Length of what Monaco keeps together at the start of `text`: up to its first wrap opportunity. */
function firstWrapUnit(text: string): number {
    for (let index = 1; index < text.length; index++) {
        const previous = text[index - 1];
        const character = text[index];
        if (character !== ' ' && ((BREAK_AFTER.has(previous) && !BREAK_AFTER.has(character)) || (!BREAK_BEFORE.has(previous) && BREAK_BEFORE.has(character)))) {
            return index;
        }
    }
    return text.length;
}

/**
 * Joins the rows Monaco wrapped a long line into (the Output views wrap at the view's width) back into
 * lines. A row continues on the next one when Monaco could not have fitted the next row's first unbreakable
 * piece onto it, which is why it wrapped there. A line that really ends that close to the edge would be
 * joined with the next one too; fs-perf's own lines are either wrapped or shorter by far. Continuation
 * rows carry the line's indentation again (`wrappingIndent: 'same'`), which is removed.
 */
export function joinWrappedRows(rows: readonly OutputRow[], wrappingColumn: number | undefined): OutputLine[] {
    const lines: { text: string; top: number; lastRow: string; indent: number }[] = [];
    for (const row of rows) {
        const line = lines.at(-1);
        const rest = line ? row.text.slice(Math.min(line.indent, row.text.length - row.text.trimStart().length)) : row.text;
        if (line && wrappingColumn !== undefined && rest.length > 0 && line.lastRow.length + firstWrapUnit(rest) > wrappingColumn) {
            line.text += rest;
            line.lastRow = row.text;
        } else {
            lines.push({ text: row.text, top: row.top, lastRow: row.text, indent: row.text.length - row.text.trimStart().length });
        }
    }
    return lines.map(({ text, top }) => ({ text, top }));
}
