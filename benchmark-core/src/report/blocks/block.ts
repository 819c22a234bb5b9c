import { ReportChart } from '../model/types';

/** The report as a document outline: what Markdown and HTML mark up, each in its own way. */
export type ReportBlock =
    | { readonly kind: 'heading'; readonly level: 1 | 2 | 3; readonly text: string }
    | { readonly kind: 'paragraph'; readonly text: string }
    /** A bulleted list of sentences. */
    | { readonly kind: 'list'; readonly items: readonly string[] }
    | { readonly kind: 'table'; readonly grid: TextGrid }
    /** Drawn in the HTML; the Markdown embeds those written as files. */
    | { readonly kind: 'charts'; readonly charts: readonly ReportChart[] };

export const heading = (level: 1 | 2 | 3, text: string): ReportBlock => ({ kind: 'heading', level, text });
export const table = (grid: TextGrid): ReportBlock => ({ kind: 'table', grid });
export const paragraph = (text: string): ReportBlock => ({ kind: 'paragraph', text });
export const charts = (...drawn: readonly ReportChart[]): ReportBlock => ({ kind: 'charts', charts: drawn });

export type ColumnAlign = 'left' | 'right';

/** A table as text cells, ready for markup. */
export interface TextGrid {
    readonly header: readonly string[];
    /** Numbers right, words left. */
    readonly align: readonly ColumnAlign[];
    readonly rows: readonly (readonly string[])[];
}
