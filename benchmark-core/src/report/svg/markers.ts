import { escapeXml, px } from './frame';

/** How many marker shapes there are: a line's points wear one, so lines that meet can still be told apart. */
export const MARKER_COUNT = 5;

/** The points of a marker's shape around (0, 0), radius about 4 px: circle (none), square, triangle, diamond, triangle down. */
const SHAPES: readonly (readonly [number, number][] | undefined)[] = [
    undefined,
    [[-3.5, -3.5], [3.5, -3.5], [3.5, 3.5], [-3.5, 3.5]],
    [[0, -4.5], [4, 3], [-4, 3]],
    [[0, -4.5], [4.5, 0], [0, 4.5], [-4.5, 0]],
    [[0, 4.5], [4, -3], [-4, -3]],
];

/** A marker of shape `shape` at (x, y) in `color`, carrying its series' name (`data-series`) and a tooltip. */
export function marker(shape: number, x: number, y: number, color: string, series: string, tooltip: string): string {
    const points = SHAPES[shape % SHAPES.length];
    const data = `fill="${color}" data-series="${escapeXml(series)}"><title>${escapeXml(tooltip)}</title>`;
    return points === undefined
        ? `<circle class="marker" cx="${px(x)}" cy="${px(y)}" r="3.5" ${data}</circle>`
        : `<polygon class="marker" points="${points.map(([dx, dy]) => `${px(x + dx)},${px(y + dy)}`).join(' ')}" ${data}</polygon>`;
}
