/**
 * One colour per meaning across a whole report. Every chart of a report asks the same palette, built once from the
 * series names of all its charts, so a host, a path, a hop or a process has one colour wherever it is drawn, and no two
 * series of one chart share a colour or sit near in hue.
 *
 * The colours are Okabe and Ito's colour-blind-safe set (yellow left out: too light on white), led by four whose hues
 * lie far apart, then black and grey for floors (dashed lines: the least time something could take), then the set's
 * near-hue colours, used only where a chart has more series than the first six and never beside their near twin
 * where avoidable. Paul Tol's muted colours follow for reports with more meanings than that in one chart.
 */

/** Blue, orange, bluish green, reddish purple: hues at least 40° apart. */
const LEADING = ['#0072b2', '#e69f00', '#009e73', '#cc79a7'];
/** Without hue: for floors first, then for anything. */
const ACHROMATIC = ['#000000', '#777777'];
/** Okabe and Ito's near twins (vermillion beside orange, sky blue beside blue), then Tol's muted colours. */
const FURTHER = ['#d55e00', '#56b4e9', '#882255', '#117733', '#332288', '#999933', '#44aa99'];

/** Every colour the palette gives, in the order it tries them. */
export const PALETTE_COLORS: readonly string[] = [...LEADING, ...ACHROMATIC, ...FURTHER];

/** Pairs whose hues are near: never both in one chart while another colour is free. */
const NEAR: readonly (readonly [string, string])[] = [
    ['#0072b2', '#56b4e9'], ['#0072b2', '#332288'], ['#e69f00', '#d55e00'], ['#e69f00', '#999933'], ['#009e73', '#117733'],
    ['#009e73', '#44aa99'], ['#cc79a7', '#882255'],
];

/** Colours light enough that text inside them is drawn dark. */
const LIGHT_COLORS = new Set(['#e69f00', '#56b4e9', '#cc79a7', '#999933', '#44aa99']);

/** The colour of text drawn inside a shape of `fill`. */
export function textColorOn(fill: string): string {
    return LIGHT_COLORS.has(fill) ? '#000' : '#fff';
}

function near(a: string, b: string): boolean {
    return a === b || NEAR.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
}

/**
 * Names that mean the same thing in different charts, so they take one colour: a Theia plugin host's read and the
 * plugin host process; a Theia extension's read (`FileService.readFile`); VS Code's extension host; the backend's disk
 * read and the Theia backend process. The first matching rule gives a name its meaning.
 */
const MEANINGS: readonly { readonly meaning: string; readonly pattern: RegExp }[] = [
    { meaning: 'theia-plugin', pattern: /^(Theia\b[^:]*\(plugin\)|Theia plugin\b[^:]*|plugin workspace\.fs\.readFile|plugin host)$/i },
    { meaning: 'theia-extension', pattern: /^(Theia\b[^:]*\(extension\)|Theia extension\b[^:]*|FileService\.readFile|Browser \(FileService\))$/i },
    { meaning: 'vscode-extension-host', pattern: /^(VS Code\b[^:]*\(in the extension host\)|extension host)$/i },
    { meaning: 'vscode-workbench', pattern: /^VS Code\b[^:]*\(through the workbench\)$/i },
    { meaning: 'backend-disk', pattern: /^(backend disk read \(floor\)|disk read \(backend provider\)|Theia backend)$/i },
];

/** A name's meaning: shared with the names {@link MEANINGS} ties it to, else its own. */
export function meaningOf(name: string): string {
    return MEANINGS.find(rule => rule.pattern.test(name))?.meaning ?? `name:${name}`;
}

/** A series as a chart names it; a floor (dashed, or named one) prefers a colour without hue. */
export interface PaletteSeries {
    readonly name: string;
    readonly floor?: boolean;
}

/** Gives each series name its colour, the same in every chart of the report the palette was built for. */
export interface ReportPalette {
    color(name: string): string;
}

/**
 * The palette of a report whose charts draw `charts` (each chart's series). Names are coloured in the order they are
 * first drawn, each the first colour that neither another series of any chart it is drawn in has, nor is near in hue to
 * one of theirs (near only when nothing else is free); names of one meaning share a colour unless two of them are drawn
 * in one chart (then each after the first takes its own).
 */
export function reportPalette(charts: readonly (readonly PaletteSeries[])[]): ReportPalette {
    const nodeOf = new Map<string, string>();
    const owner = new Map<string, string>();
    for (const chart of charts) {
        const inChart = new Set<string>();
        for (const { name } of chart) {
            if (nodeOf.has(name)) {
                inChart.add(nodeOf.get(name)!);
                continue;
            }
            const meaning = meaningOf(name);
            const clash = inChart.has(meaning) || (owner.has(meaning) && chart.some(other => other.name === owner.get(meaning)));
            const node = clash ? `name:${name}` : meaning;
            owner.set(node, owner.get(node) ?? name);
            nodeOf.set(name, node);
            inChart.add(node);
        }
    }
    // A name tied to a meaning in one chart may meet another of that meaning in a later one: each after the first its own.
    for (const chart of charts) {
        const seen = new Set<string>();
        for (const { name } of chart) {
            const node = nodeOf.get(name)!;
            nodeOf.set(name, seen.has(node) ? `name:${name}` : node);
            seen.add(nodeOf.get(name)!);
        }
    }
    const neighbours = new Map<string, Set<string>>();
    const floors = new Set<string>();
    for (const chart of charts) {
        const nodes = chart.map(series => nodeOf.get(series.name)!);
        chart.forEach(series => (series.floor || /\bfloor\b/i.test(series.name)) && floors.add(nodeOf.get(series.name)!));
        for (const node of nodes) {
            const set = neighbours.get(node) ?? new Set<string>();
            nodes.filter(other => other !== node).forEach(other => set.add(other));
            neighbours.set(node, set);
        }
    }
    const colors = new Map<string, string>();
    for (const node of neighbours.keys()) {
        const taken = [...neighbours.get(node)!].flatMap(other => colors.has(other) ? [colors.get(other)!] : []);
        const order = floors.has(node) ? [...ACHROMATIC, ...LEADING, ...FURTHER] : PALETTE_COLORS;
        const color = order.find(candidate => !taken.some(other => near(candidate, other)))
            ?? order.find(candidate => !taken.includes(candidate))
            ?? order[colors.size % order.length];
        colors.set(node, color);
    }
    return {
        color: name => colors.get(nodeOf.get(name) ?? '') ?? reportPalette([...charts, [{ name }]]).color(name),
    };
}
