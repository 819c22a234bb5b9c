/** Most series one plot draws, so each can be told apart; more are drawn in further panels. */
export const MAX_SERIES = 6;
/** A floor's line: dashed, unlike every measured line. */
export const FLOOR_DASH = '6 3';
/** The chart's title: bold, this size. */
const TITLE_FONT_SIZE = 14;
/** Wider than the average bold glyph at {@link TITLE_FONT_SIZE} (Chromium's sans-serif: 8.0 px), so a title is never wrapped too late. */
const TITLE_GLYPH_WIDTH = 0.65 * TITLE_FONT_SIZE;
const TITLE_LINE_HEIGHT = 18;
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

/** A title broken into lines at spaces, each no wider than `width` (a word wider than that alone on its line). */
export function titleLines(title: string, width: number): string[] {
    const perLine = Math.max(1, Math.floor(width / TITLE_GLYPH_WIDTH));
    const lines: string[] = [];
    for (const word of title.split(/\s+/).filter(part => part.length > 0)) {
        const last = lines.length - 1;
        if (last >= 0 && lines[last].length + 1 + word.length <= perLine) {
            lines[last] += ` ${word}`;
        } else {
            lines.push(word);
        }
    }
    return lines;
}

/**
 * The opening of a chart: the svg element, its title, an opaque background (readable on a dark page) and the heading,
 * wrapped to the chart's width; the body that follows is moved down by the heading's extra lines (`height` is the
 * body's, with one heading line), so every chart ends with {@link CHART_CLOSING}.
 */
export function chartOpening(title: string, width: number, height: number, className: string): string[] {
    const lines = titleLines(title, width - 24);
    const extra = (lines.length - 1) * TITLE_LINE_HEIGHT;
    const total = height + extra;
    return [
        `<svg xmlns="http://www.w3.org/2000/svg" class="${className}" width="${width}" height="${total}" viewBox="0 0 ${width} ${total}" font-family="sans-serif" font-size="${FONT_SIZE}" role="img">`,
        `<title>${escapeXml(title)}</title>`,
        `<rect class="background" width="${width}" height="${total}" fill="#fff"/>`,
        `<text class="chart-title" text-anchor="middle" font-size="${TITLE_FONT_SIZE}" font-weight="bold">${lines.map((line, index) =>
            `<tspan x="${width / 2}" y="${18 + index * TITLE_LINE_HEIGHT}">${escapeXml(line)}</tspan>`).join('')}</text>`,
        `<g transform="translate(0 ${extra})">`,
    ];
}

/** The end of every chart begun with {@link chartOpening}. */
export const CHART_CLOSING = '</g>\n</svg>';

/**
 * A log scale over the range of `values` (positive ones) from the 1-2-5 tick below the least to the one above the
 * greatest, widened where needed so that at least {@link MIN_TICKS} ticks from {@link logTicks} lie on it.
 */
export function logYAxis(values: readonly number[], frame: Frame): { scale: (y: number) => number; ticks: number[] } {
    const log = Math.log10;
    const positive = values.filter(value => value > 0);
    const [low, high] = [log(Math.min(...positive)), log(Math.max(...positive))];
    // From the 1-2-5 tick at or below the least value to the one at or above the greatest: labelled at both ends.
    const [bottom, top] = [10 ** low, 10 ** high];
    const steps = ticksWithin(bottom / 10, top * 10, [1, 2, 5]);
    const ends = [[...steps].reverse().find(tick => tick <= bottom * (1 + 1e-9)) ?? bottom, steps.find(tick => tick >= top * (1 - 1e-9)) ?? top];
    const padding = ends[0] === ends[1] ? 0.05 : 0;
    const { ticks, low: yMin, high: yMax } = logTicks(ends[0] / 10 ** padding, ends[1] * 10 ** padding, frame.plotHeight, Y_TICK_GAP);
    const scale = (y: number): number => frame.margin.top + frame.plotHeight - ((log(y) - log(yMin)) / (log(yMax) - log(yMin))) * frame.plotHeight;
    return { scale, ticks };
}

/** Grid lines with their labels, the plot's frame and the axis titles. */
export function axes(frame: Frame, yAxis: { scale: (y: number) => number; ticks: number[] }, xTitle: string, yTitle: string): string[] {
    const { margin, plotWidth, plotHeight, width } = frame;
    return [
        '<g class="axis axis-y" data-scale="log">',
        ...yAxis.ticks.flatMap(tick => {
            const y = yAxis.scale(tick);
            return [`<line x1="${margin.left}" y1="${px(y)}" x2="${width - margin.right}" y2="${px(y)}" stroke="#ddd"/>`,
                `<text class="tick" x="${margin.left - 6}" y="${px(y + 4)}" text-anchor="end">${formatTick(tick)}</text>`];
        }),
        '</g>',
        `<rect class="plot-frame" x="${margin.left}" y="${margin.top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="#999"/>`,
        `<text x="${margin.left + plotWidth / 2}" y="${margin.top + plotHeight + 34}" text-anchor="middle">${escapeXml(xTitle)}</text>`,
        `<text transform="translate(16 ${margin.top + plotHeight / 2}) rotate(-90)" text-anchor="middle">${escapeXml(yTitle)}</text>`,
    ];
}

/** A legend below the plot, entries as {@link legendPositions} places them across `rowWidth` from `left` (the plot's by default). */
export function legend(names: readonly string[], frame: Frame, key: (index: number, x: number, y: number) => string,
    left = frame.margin.left, rowWidth = frame.plotWidth): string[] {
    const top = frame.margin.top + frame.plotHeight + frame.margin.bottom;
    return ['<g class="legend">', ...legendPositions(names, left, rowWidth, top).flatMap(({ x, y }, index) =>
        [key(index, x, y).replace(/^<(\w+) /, '<$1 class="legend-key" '), `<text x="${x + LEGEND_KEY_WIDTH}" y="${y + 4}">${escapeXml(names[index])}</text>`]), '</g>'];
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

/** Fewest labelled ticks on an axis of numbers. */
export const MIN_TICKS = 4;
/** Closest two tick labels of a y axis, px (a line of text and room). */
const Y_TICK_GAP = 18;
/** Closest two tick labels of an x axis, px: room for a label such as `1000` and a gap. */
export const X_TICK_GAP = 40;
/** Steps within a decade in the order tried: 1-2-5, powers of ten alone where 1-2-5 labels would crowd, denser where both are too few. */
const LOG_STEPS = [[1, 2, 5], [1], [1, 1.5, 2, 3, 5, 7]];

function ticksWithin(low: number, high: number, steps: readonly number[]): number[] {
    const ticks: number[] = [];
    for (let decade = Math.floor(Math.log10(low)) - 1; decade <= Math.ceil(Math.log10(high)); decade++) {
        ticks.push(...steps.map(step => Number((step * 10 ** decade).toPrecision(6))).filter(tick => tick >= low * (1 - 1e-9) && tick <= high * (1 + 1e-9)));
    }
    return ticks;
}

/**
 * Where ticks go on a log axis from `low` to `high` (both above 0) `lengthPx` long: the first of 1-2-5 steps, powers of ten
 * or 1-1.5-2-3-5-7 steps that puts at least {@link MIN_TICKS} ticks on it at least `minGapPx` apart. Where none does, the
 * axis is widened to the neighbouring 1-2-5 ticks until it holds {@link MIN_TICKS}: the returned `low` and `high` are
 * the axis' ends.
 */
export function logTicks(low: number, high: number, lengthPx: number, minGapPx = X_TICK_GAP): { ticks: number[]; low: number; high: number } {
    let [axisLow, axisHigh] = [low, high];
    for (let widened = 0; widened < 8; widened++, [axisLow, axisHigh] = widen(axisLow, axisHigh)) {
        const pxPerDecade = lengthPx / Math.max(Math.log10(axisHigh) - Math.log10(axisLow), 1e-9);
        for (const steps of LOG_STEPS) {
            const ticks = ticksWithin(axisLow, axisHigh, steps);
            const closestPx = Math.min(...ticks.slice(1).map((tick, index) => Math.log10(tick / ticks[index]) * pxPerDecade));
            if (ticks.length >= MIN_TICKS && closestPx >= minGapPx) {
                return { ticks, low: axisLow, high: axisHigh };
            }
        }
    }
    // An axis too short for four labels apart: powers of ten over the widened range.
    return { ticks: ticksWithin(axisLow, axisHigh, [1]), low: axisLow, high: axisHigh };
}

/** A log axis widened to the next 1-2-5 tick beyond each end. */
function widen(low: number, high: number): [number, number] {
    const next = (value: number, up: boolean): number => {
        const all = ticksWithin(value / 20, value * 20, [1, 2, 5]);
        return up ? all.find(tick => tick > value * (1 + 1e-9))! : [...all].reverse().find(tick => tick < value * (1 - 1e-9))!;
    };
    return [next(low, false), next(high, true)];
}

/** Tick values from 0 to at least `max` at 1, 2 or 5 times a power of ten: the widest such step that still gives {@link MIN_TICKS} ticks. */
export function linearTicks(max: number): number[] {
    if (!(max > 0)) {
        return [0, 1, 2, 3];
    }
    const most = max / (MIN_TICKS - 1);
    const power = 10 ** Math.floor(Math.log10(most));
    const step = [5, 2, 1].map(factor => factor * power).find(candidate => candidate <= most * (1 + 1e-9))!;
    const ticks: number[] = [];
    for (let tick = 0; ticks.length < MIN_TICKS || ticks[ticks.length - 1] < max; tick += step) {
        ticks.push(Number(tick.toPrecision(12)));
    }
    return ticks;
}
