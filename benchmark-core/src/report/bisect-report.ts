/**
 * The answer of a bisect as a person reads it: the sentence, the table of steps, the chart of medians per tested build,
 * as `report.md` and `report.html` of the run (written by `yarn bench --bisect`) and as "Show Report from Folder" in
 * both editors (read from the run's `bisect.json`). Pure: one record in, text out.
 */
import { BisectAnswer, BisectDesign, BisectDirection, BisectStep, resolvableChange } from '../compare/bisect';
import { cellDisplayName, LabelledCell } from '../results/cell-key';
import { HostKey } from '../results/host-identity';
import { escapeXml } from './svg/frame';
import { renderLineChartSvg } from './svg/line';
import { htmlTable, ReportHtmlOptions, reportPage } from './html';

/** A build of the series: its name in the answer, its kind (`release`, `tarballs`, `checkout`) and what it is built from. */
export interface BisectRecordBuild {
    readonly name: string;
    readonly kind: string;
    readonly value: string;
}

/** The cell a bisect follows: its host's identity (absent in records written before it was kept) and the report's words. */
export interface BisectRecordCell extends LabelledCell {
    readonly host?: HostKey;
}

/** A finished step with the cell's median of each build in it, and its folder (relative to the run's). */
export interface RecordedStep extends BisectStep {
    readonly baseMedianMs?: number;
    readonly headMedianMs?: number;
    readonly folder: string;
}

/** `bisect.json`: what a bisect asked, its steps as they finish, and its answer. */
export interface BisectRecord {
    readonly kind: 'fs-perf bisect';
    /** `--bisect`'s value. */
    readonly series: string;
    readonly builds: readonly BisectRecordBuild[];
    /** Unset until the endpoints chose it, when `--cell` was not given. */
    cell?: BisectRecordCell;
    readonly direction: BisectDirection;
    readonly design: BisectDesign;
    readonly noiseThreshold: number;
    readonly steps: RecordedStep[];
    answer?: BisectAnswer;
    /** For two adjacent releases: what differs between them and where their notes are (written with the answer). */
    releaseNotes?: string[];
    /** The machine the steps ran on, as `run.json` names it. */
    machine?: string;
    /**
     * A bisect of an exact count (`--suite watch`: `inotify watches`): each step's medians are the count's readings, its
     * ratio theirs, and a step's verdict a change where the builds' readings do not meet; absent: of a timed cell.
     */
    readonly countUnit?: string;
    readonly started: string;
    seconds: number;
}

export const BISECT_FILE = 'bisect.json';

/** Why `value` (a parsed `bisect.json`) is not a bisect's record, or undefined when it is one. */
export function bisectRecordProblem(value: unknown): string | undefined {
    const record = value as Partial<BisectRecord> | undefined;
    if (typeof record !== 'object' || !record || record.kind !== 'fs-perf bisect') {
        return 'it is not a bisect\'s record (its "kind" is not "fs-perf bisect")';
    }
    if (!Array.isArray(record.builds) || record.builds.length < 2 || !record.builds.every(build => typeof build?.name === 'string')) {
        return 'its "builds" are not a list of at least 2 named builds';
    }
    const count = record.builds.length;
    const index = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0 && (value as number) < count;
    if (!Array.isArray(record.steps) || !record.steps.every(step => index(step?.base) && index(step?.head) && Number.isFinite(step?.ratio))) {
        return `its "steps" are not a list of comparisons between its ${count} builds`;
    }
    if (typeof record.design?.alpha !== 'number' || typeof record.design?.maxComparisons !== 'number') {
        return 'it has no "design" (alpha, maxComparisons)';
    }
    return undefined;
}

const ratioText = (step: { ratio: number; low: number; high: number }): string => `${step.ratio.toFixed(3)} [${step.low.toFixed(3)}, ${step.high.toFixed(3)}]`;
const percent = (fraction: number): string => `±${Math.round(fraction * 100)}%`;

/** The answer in one paragraph: what moved the cell, or why no build is named, or that the bisect has not ended. */
export function bisectAnswerSentence(record: BisectRecord): string {
    const answer = record.answer;
    const name = (index: number): string => record.builds[index].name;
    const cell = record.cell ? cellDisplayName(record.cell) : 'the cell';
    if (!answer) {
        return `The bisect has not ended: ${record.steps.length} step${record.steps.length === 1 ? '' : 's'} finished; yarn bench --resume on this folder goes on from them.`;
    }
    const evidence = answer.evidence;
    if (record.countUnit && evidence) {
        const counted = countAnswerSentence(record, answer, cell);
        if (counted) {
            return counted;
        }
    }
    switch (answer.outcome) {
        case 'found':
            return `${name(answer.firstMoved!)} is the first build where ${cell} is ${record.direction}; ${name(answer.lastUnmoved!)} is the last where it is not. `
                + `Ratio ${ratioText(evidence!)} (${name(evidence!.head)} against ${name(evidence!.base)}, step ${evidence!.number}).`;
        case 'no change':
            return `No change of ${cell} between ${name(0)} and ${name(record.builds.length - 1)}: ${ratioText(evidence!)}, within the ±${Math.round(record.noiseThreshold * 100)}% threshold. Nothing to bisect.`;
        case 'opposite':
            return `${cell} is not ${record.direction} from ${name(0)} to ${name(record.builds.length - 1)} but the other way: ${ratioText(evidence!)}. Nothing to bisect (see --direction).`;
        case 'cannot tell':
            return `Cannot tell: the change of ${cell} lies between ${name(answer.range[0])} and ${name(answer.range[1])}, below what this machine resolved `
                + `(${percent(resolvableChange(evidence!))} in step ${evidence!.number}: ${ratioText(evidence!)}). No build is named.`;
        default:
            return `The bisect stopped: ${answer.failure}. The ${answer.steps.length} finished step${answer.steps.length === 1 ? ' is' : 's are'} kept; --resume goes on from them.`;
    }
}

/** The answer of a bisect of a count, in its unit (undefined where the timed words apply: a failure). */
function countAnswerSentence(record: BisectRecord, answer: BisectAnswer, cell: string): string | undefined {
    const name = (index: number): string => record.builds[index].name;
    const evidence = answer.evidence!;
    const step = record.steps.find(each => each.number === evidence.number);
    const counts = step?.baseMedianMs !== undefined && step.headMedianMs !== undefined
        ? `${step.headMedianMs} ${record.countUnit} in ${name(evidence.head)} against ${step.baseMedianMs} in ${name(evidence.base)}, step ${evidence.number}` : `step ${evidence.number}`;
    const way = record.direction === 'slower' ? 'more' : 'fewer';
    switch (answer.outcome) {
        case 'found':
            return `${name(answer.firstMoved!)} is the first build with ${way} ${record.countUnit} in ${cell}; ${name(answer.lastUnmoved!)} is the last without (${counts}).`;
        case 'no change':
            return `No build changed ${cell} between ${name(0)} and ${name(record.builds.length - 1)}: the same count (${counts}). Nothing to bisect.`;
        case 'opposite':
            return `${cell} has not ${way} ${record.countUnit} from ${name(0)} to ${name(record.builds.length - 1)} but ${way === 'more' ? 'fewer' : 'more'} (${counts}). `
                + 'Nothing to bisect (see --direction).';
        case 'cannot tell':
            return `Cannot tell: ${cell} varied within a build between ${name(answer.range[0])} and ${name(answer.range[1])} (${counts}), so the readings meet. No build is named.`;
        default:
            return undefined;
    }
}

const STEP_HEADER = ['Step', 'Role', 'Base', 'Head', 'Verdict', 'Ratio [interval]', 'Pairs', 'Base median (ms)', 'Head median (ms)', 'Time', 'Folder'];
const STEP_NUMERIC = new Set(['Step', 'Pairs', 'Base median (ms)', 'Head median (ms)', 'Time']);

/** The steps' header: a count's bisect names its unit where a timed one has the medians in ms. */
function stepHeader(record: BisectRecord): string[] {
    return record.countUnit ? STEP_HEADER.map(column => column.replace(/median \(ms\)$/, `(${record.countUnit})`)) : STEP_HEADER;
}

const numeric = (column: string): boolean => STEP_NUMERIC.has(column) || /^(Base|Head) \(/.test(column);

/** Each step as a row of {@link STEP_HEADER}. */
export function bisectStepRows(record: BisectRecord): string[][] {
    const name = (index: number): string => record.builds[index].name;
    const median = (value: number | undefined): string => value === undefined ? '' : record.countUnit ? String(value) : value.toFixed(1);
    return record.steps.map(step => [String(step.number), step.role, name(step.base), name(step.head), step.verdict, ratioText(step), String(step.pairs ?? ''),
        median(step.baseMedianMs), median(step.headMedianMs), step.seconds === undefined ? '' : `${Math.round(step.seconds / 60)} min`, step.folder]);
}

/** The cell's median per tested build (a build tested in several steps: the median of its last step), by build index. */
function testedMedians(record: BisectRecord): Map<number, number> {
    const medians = new Map<number, number>();
    for (const step of record.steps) {
        if (step.baseMedianMs !== undefined) {
            medians.set(step.base, step.baseMedianMs);
        }
        if (step.headMedianMs !== undefined) {
            medians.set(step.head, step.headMedianMs);
        }
    }
    return medians;
}

/**
 * The chart: the cell's median per tested build, on an axis of every build of the series in range order, evenly spaced
 * (a build's place in the series, not a quantity); the builds not tested keep their place and label, without a point.
 */
export function bisectChartSvg(record: BisectRecord): string | undefined {
    const medians = testedMedians(record);
    if (medians.size === 0 || !record.cell) {
        return undefined;
    }
    const tested = [...medians.keys()].sort((a, b) => a - b);
    const untested = record.builds.length - tested.length;
    return renderLineChartSvg({
        title: `${cellDisplayName(record.cell)}: ${record.countUnit ?? 'median'} per tested build`,
        xTitle: `build, in range order (${tested.length} of ${record.builds.length} tested${untested > 0 ? '; the others have no point' : ''})`,
        yTitle: record.countUnit ? `${record.countUnit} (log axis)` : 'median (ms, log axis)',
        xScale: 'linear',
        series: [{
            name: 'tested build', points: tested.map(index => ({
                x: index + 1, y: Math.max(1, medians.get(index)!),
                text: `${record.builds[index].name}: ${record.countUnit ? `${medians.get(index)} ${record.countUnit}` : `${medians.get(index)!.toFixed(1)} ms`}`,
            })),
        }],
        xLabels: new Map(record.builds.map((build, index) => [index + 1, build.name])),
    });
}

function designSentence(record: BisectRecord): string {
    const { design } = record;
    const took = record.seconds > 0 ? ` in ${Math.round(record.seconds / 60)} min (each step with its set-up)` : '';
    if (record.countUnit) {
        return `${record.builds.length} builds, ${record.steps.length} comparison${record.steps.length === 1 ? '' : 's'} (at most ${design.maxComparisons})${took}, each of an `
            + 'exact count: one reading of each build, a second of both where they differed, a change where their readings do not meet. The "Base" and "Head" columns are '
            + `each build's ${record.countUnit} (the median of its readings), the ratio theirs.`;
    }
    return `${record.builds.length} builds, ${record.steps.length} comparison${record.steps.length === 1 ? '' : 's'} (at most ${design.maxComparisons})${took}, each at alpha `
        + `${design.stepAlpha.toPrecision(2)}: the run's ${design.alpha} split over the comparisons a search can make. The medians are each step's own `
        + '(steps run at different times; compare ratios, not medians across steps).';
}

/** The title both pages carry. */
export function bisectTitle(record: BisectRecord): string {
    return `Bisect: ${record.cell ? cellDisplayName(record.cell) : 'no cell chosen'} (${record.direction}), ${record.builds[0].name}..${record.builds[record.builds.length - 1].name}`;
}

const markdownCell = (text: string): string => text.replace(/\|/g, '\\|');

/** `report.md`: with `chartFile`, the chart as an image of that name beside it. */
export function renderBisectMarkdown(record: BisectRecord, chartFile?: string): string {
    const rows = bisectStepRows(record).map(row => row.map((cell, column) => column === row.length - 1 ? `[${cell}](${cell}/report.md)` : markdownCell(cell)));
    return [
        `# ${bisectTitle(record)}`, '',
        bisectAnswerSentence(record), '',
        ...(record.releaseNotes ?? []).flatMap(note => [note, '']),
        ...record.machine ? [`Machine: ${record.machine}.`, ''] : [],
        designSentence(record), '',
        `| ${stepHeader(record).join(' | ')} |`,
        `|${stepHeader(record).map(column => numeric(column) ? '---:' : '---').join('|')}|`,
        ...rows.map(row => `| ${row.join(' | ')} |`), '',
        ...chartFile ? [`![median per tested build](${chartFile})`, ''] : [],
    ].join('\n');
}

/** The page: the answer first, the release notes' links, the steps' table, the chart inline. */
export function renderBisectHtml(record: BisectRecord, options: ReportHtmlOptions = {}): string {
    const link = (text: string): string => escapeXml(text).replace(/(https:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
    const chart = bisectChartSvg(record);
    const body = [
        `<h1>${escapeXml(bisectTitle(record))}</h1>`,
        `<p class="answer">${escapeXml(bisectAnswerSentence(record))}</p>`,
        ...(record.releaseNotes ?? []).map(note => `<p>${link(note)}</p>`),
        ...record.machine ? [`<p>Machine: ${escapeXml(record.machine)}.</p>`] : [],
        `<p>${escapeXml(designSentence(record))}</p>`,
        htmlTable({ header: stepHeader(record), align: stepHeader(record).map(column => numeric(column) ? 'right' : 'left'), rows: bisectStepRows(record) }),
        ...chart ? [`<figure>${chart}</figure>`] : [],
    ];
    return reportPage(bisectTitle(record), body.join('\n'), options, '\np.answer { font-weight: bold; }');
}
