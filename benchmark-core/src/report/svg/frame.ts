export const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
export const DASHES = ['', '6 3', '2 3', '8 3 2 3'];
/** A floor's line: dashed, unlike any measured line of a chart of up to {@link PALETTE}'s length. */
export const FLOOR_DASH = '6 3';
export const FONT_SIZE = 11;
/** Wider than the average glyph of sans-serif fonts at {@link FONT_SIZE}, so estimated label widths are never short. */
const GLYPH_WIDTH = 0.65 * FONT_SIZE;
const LEGEND_ROW_HEIGHT = 18;
/** Legend swatch and the gap to its text. */
const LEGEND_KEY_WIDTH = 30;

/** Escapes text for XML and HTML, in element content and in quoted attributes. */
export function escapeXml(text: string): string {
    return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export const px = (value: number): string => value.toFixed(1);

export interface Frame {
    readonly width: number;
    readonly margin: { readonly left: number; readonly right: number; readonly top: number; readonly bottom: number };
    readonly plotWidth: number;
    readonly plotHeight: number;
}

/**
 * Where each legend entry goes: as many equal columns as the widest name allows (one column when a name is
 * wider than half the row), so no entry reaches into the next.
 */
function legendPositions(names: readonly string[], left: number, rowWidth: number, top: number): { x: number; y: number }[] {
    const entryWidth = LEGEND_KEY_WIDTH + Math.max(0, ...names.map(name => name.length * GLYPH_WIDTH)) + 16;
    const columns = Math.max(1, Math.floor(rowWidth / entryWidth));
    const columnWidth = rowWidth / columns;
    return names.map((_, index) => ({ x: left + (index % columns) * columnWidth, y: top + Math.floor(index / columns) * LEGEND_ROW_HEIGHT }));
}

export function legendHeight(names: readonly string[], rowWidth: number): number {
    const positions = legendPositions(names, 0, rowWidth, 0);
    return positions.length === 0 ? 0 : positions[positions.length - 1].y + LEGEND_ROW_HEIGHT;
}

/** The opening of a chart: the svg element, its title, an opaque background (readable on a dark page) and the heading. */
export function chartOpening(title: string, width: number, height: number, className: string): string[] {
    return [
        `<svg xmlns="http://www.w3.org/2000/svg" class="${className}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="${FONT_SIZE}" role="img">`,
        `<title>${escapeXml(title)}</title>`,
        `<rect class="background" width="${width}" height="${height}" fill="#fff"/>`,
        `<text x="${width / 2}" y="18" text-anchor="middle" font-size="14" font-weight="bold">${escapeXml(title)}</text>`,
    ];
}

/**
 * A log scale over the range of `values` (positive ones) with a little room at both ends, and where its grid
 * lines go: at 1, 2 and 5 times a power of ten, or at powers of ten alone when the range spans more than 2 decades.
 */
export function logYAxis(values: readonly number[], frame: Frame): { scale: (y: number) => number; ticks: number[] } {
    const log = Math.log10;
    const positive = values.filter(value => value > 0);
    const [low, high] = [log(Math.min(...positive)), log(Math.max(...positive))];
    const padding = Math.max((high - low) * 0.04, 0.05);
    const [yMin, yMax] = [low - padding, high + padding];
    const scale = (y: number): number => frame.margin.top + frame.plotHeight - ((log(y) - yMin) / (yMax - yMin)) * frame.plotHeight;
    const steps = yMax - yMin > 2 ? [1] : [1, 2, 5];
    const ticks: number[] = [];
    for (let decade = Math.floor(yMin); decade <= Math.ceil(yMax); decade++) {
        ticks.push(...steps.map(step => step * 10 ** decade).filter(tick => log(tick) >= yMin && log(tick) <= yMax));
    }
    // A narrow range (samples within a few percent) may hold no such line: label its ends instead.
    return { scale, ticks: ticks.length >= 2 ? ticks : [...new Set([low, high].map(end => Number((10 ** end).toPrecision(2))))] };
}

/** Grid lines with their labels, the plot's frame and the axis titles. */
export function axes(frame: Frame, yAxis: { scale: (y: number) => number; ticks: number[] }, xTitle: string, yTitle: string): string[] {
    const { margin, plotWidth, plotHeight, width } = frame;
    return [
        ...yAxis.ticks.flatMap(tick => {
            const y = yAxis.scale(tick);
            return [`<line x1="${margin.left}" y1="${px(y)}" x2="${width - margin.right}" y2="${px(y)}" stroke="#ddd"/>`,
                `<text x="${margin.left - 6}" y="${px(y + 4)}" text-anchor="end">${formatTick(tick)}</text>`];
        }),
        `<rect x="${margin.left}" y="${margin.top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="#999"/>`,
        `<text x="${margin.left + plotWidth / 2}" y="${margin.top + plotHeight + 34}" text-anchor="middle">${escapeXml(xTitle)}</text>`,
        `<text transform="translate(16 ${margin.top + plotHeight / 2}) rotate(-90)" text-anchor="middle">${escapeXml(yTitle)}</text>`,
    ];
}

/** A legend below the plot, entries as {@link legendPositions} places them across `rowWidth` from `left` (the plot's by default). */
export function legend(names: readonly string[], frame: Frame, key: (index: number, x: number, y: number) => string,
    left = frame.margin.left, rowWidth = frame.plotWidth): string[] {
    const top = frame.margin.top + frame.plotHeight + frame.margin.bottom;
    return ['<g class="legend">', ...legendPositions(names, left, rowWidth, top).flatMap(({ x, y }, index) =>
        [key(index, x, y), `<text x="${x + LEGEND_KEY_WIDTH}" y="${y + 4}">${escapeXml(names[index])}</text>`]), '</g>'];
}

export function frameOf(width: number, plotHeight: number): Frame {
    const margin = { left: 70, right: 30, top: 36, bottom: 48 };
    return { width, margin, plotWidth: width - margin.left - margin.right, plotHeight };
}

export function formatTick(value: number): string {
    return String(Number(value.toPrecision(2)));
}

/** Estimated width of a text at {@link FONT_SIZE}, px: never shorter than the text drawn. */
export function textWidth(text: string): number {
    return text.length * GLYPH_WIDTH;
}

/** Tick values from 0 to at least `max` at 1, 2 or 5 times a power of ten, about four steps. */
export function linearTicks(max: number): number[] {
    if (!(max > 0)) {
        return [0, 1];
    }
    const rough = max / 4;
    const power = 10 ** Math.floor(Math.log10(rough));
    const step = [1, 2, 5, 10].map(factor => factor * power).find(candidate => candidate >= rough)!;
    const ticks: number[] = [];
    for (let tick = 0; ticks.length === 0 || ticks[ticks.length - 1] < max; tick += step) {
        ticks.push(Number(tick.toPrecision(12)));
    }
    return ticks;
}
