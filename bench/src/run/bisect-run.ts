/**
 * `yarn bench --bisect`: the search of benchmark-core's compare/bisect.ts, each step a `yarn bench --compare` of two builds
 * (compare/comparison.ts, the same gate) into `steps/NN-<base>-vs-<head>/` of the run's folder; `bisect.json` written after
 * every step, the answer (bisect.json, report.md, report.html) at the end.
 */
import { existsSync, promises as fs } from 'fs';
import * as path from 'path';
import { BisectOracle, BisectRequest, BisectVerdict, CellKey, cellDisplayName, DEFAULT_VERDICT_RULE, median, planBisect, RunComparison, runBisect } from '@fs-perf/benchmark-core';
import { defaultTheiaCache, planTheiaRelease } from '../hosts/theia-release';
import { runCollected } from '../hosts/theia-release/commands';
import { benchCompare } from './compare';
import { CompareOptions, CompareRunOptions, CompareSideSpec, followedCellScenarios } from './compare-options';
import { minutes } from './format';
import { compareCellCount, compareMeasuringSeconds } from './estimates';
import { BisectBuild, BisectSeries, ReleaseRegistry, resolveReleases } from './bisect/builds';
import { cellToRecord, findCell, isWatchCell, mostMovedCell, recordedCell, WATCH_HOST_LABEL, watchCellName, watchCells } from './bisect/cell';
import { runWatchComparison, WatchCountCell } from './compare/watch-comparison';
import { WATCHER_LOAD_VARIANTS } from './watcher-load';
import { describeBisectPlan } from './bisect/plan';
import { BisectRecord, readBisectRecord, RecordedStep, writeBisectRecord } from './bisect/record';
import { releaseNotes, stepsMachine, writeBisectAnswer } from './bisect/answer';

/** What `--bisect`, `--cell`, `--direction` and `--resume` asked. */
export interface BisectRunRequest {
    readonly seriesText?: string;
    readonly series?: BisectSeries;
    readonly cell?: CellKey;
    readonly direction: 'slower' | 'faster';
    readonly resume?: string;
}

/** The registry as `--theia-version` asks it: `npm view @theia/core versions`, and a release's plan (every package at that version). */
export const NPM_REGISTRY: ReleaseRegistry = {
    published: async () => JSON.parse(await runCollected('npm', ['view', '@theia/core', 'versions', '--json'], { cwd: process.cwd() })) as string[],
    incomplete: async version => planTheiaRelease(version).then(() => undefined, (error: Error) => error.message),
};

/** The series' builds, in range order; a release range asks the registry. Refuses fewer than 2 before any long work. */
export async function bisectBuilds(series: BisectSeries, registry: ReleaseRegistry, log: (message: string) => void): Promise<BisectBuild[]> {
    const builds = series.kind === 'builds' ? [...series.builds] : await resolveReleases(series.good, series.bad, registry, log);
    planBisect(builds.length, DEFAULT_VERDICT_RULE.alpha);
    return builds;
}

/**
 * Minutes a step of a watch bisect takes on the project's 2-core VM: each opening of each side (a start, the watches
 * settling, the idle window and the churn) and the tree's generation; a second round where a count differed doubles it.
 */
export function watchStepMinutes(watchTree: string): number {
    const opening = watchTree === '100k' ? 0.8 : 0.4;
    return 2 * WATCHER_LOAD_VARIANTS.length * opening + (watchTree === '100k' ? 0.7 : 0.1);
}

/** Without `--cell`: the opening whose count moved most the asked way between the endpoints, one that changed first. */
export function mostMovedCount(cells: readonly WatchCountCell[], direction: 'slower' | 'faster'): WatchCountCell | undefined {
    const moved = (cell: WatchCountCell): number => (direction === 'slower' ? 1 : -1) * (median(cell.head) - median(cell.base));
    const byMove = cells.filter(cell => cell.base.length > 0 && cell.head.length > 0).sort((a, b) => moved(b) - moved(a));
    return byMove.find(cell => cell.verdict === direction) ?? byMove[0];
}

function sideOf(build: BisectBuild, side: CompareSideSpec['side']): CompareSideSpec {
    return { side, label: build.name, kind: build.kind, value: build.value };
}

/** The folder of a step, relative to the run's: `steps/03-1.60.2-vs-1.64.0`. */
function stepFolder(request: BisectRequest, builds: readonly BisectBuild[]): string {
    return path.join('steps', `${String(request.number).padStart(2, '0')}-${builds[request.base].name}-vs-${builds[request.head].name}`);
}

/** A bisect being run: its record, and the compare run each step makes. */
class BisectRun {
    constructor(protected readonly record: BisectRecord, protected readonly options: CompareRunOptions, protected readonly started = Date.now()) {}

    /** The step's comparison, its cell's verdict read off what it wrote; the cell chosen at the endpoints when not given. */
    readonly oracle: BisectOracle = async request => {
        const { builds } = this.record;
        const folder = stepFolder(request, builds);
        if (this.options.watchTree) {
            return this.watchStep(request, folder, this.options.watchTree);
        }
        const [lo, hi] = request.range;
        this.options.log(`bisect step ${request.number} (${request.role}): ${builds[request.head].name} against ${builds[request.base].name}; `
            + `range left ${builds[lo].name}..${builds[hi].name} (${hi - lo + 1} builds); ${minutes((Date.now() - this.started) / 1000)} so far`);
        const stepStarted = Date.now();
        const cell = this.record.cell && recordedCell(this.record.cell);
        // A known cell: the step measures it and one floor, and only the cell gates (it keeps the step's whole alpha); else every cell, to choose one.
        const compare: CompareOptions = {
            ...this.options.compare, sides: [sideOf(builds[request.base], 'base'), sideOf(builds[request.head], 'head')], alpha: request.alpha, check: false,
            ...cell ? { scenarios: followedCellScenarios(cell), gate: [cell] } : { gate: 'all' as const },
        };
        const out = path.join(this.options.out, folder);
        const code = await benchCompare({ ...this.options, compare, out, sizes: cell ? [cell.target] : this.options.sizes });
        const comparison = JSON.parse(await fs.readFile(path.join(out, 'comparison.json'), 'utf8')) as RunComparison;
        if (code !== 0) {
            throw new Error(`step ${request.number} (${builds[request.head].name} against ${builds[request.base].name}) ended early: see ${path.join(out, 'run.json')}.`);
        }
        const changed = cell ? findCell(comparison.cells, cell) : mostMovedCell(comparison.cells, this.record.direction);
        if (!changed) {
            throw new Error(`step ${request.number} measured no ${this.record.cell ? cellDisplayName(this.record.cell) : 'cell'} (see ${out}).`);
        }
        if (!cell) {
            this.record.cell = cellToRecord(changed);
            this.options.log(`  the cell that moved most between the endpoints: ${cellDisplayName(this.record.cell)} (${changed.verdict}, ${changed.ratio.ratio.toFixed(3)})`);
        }
        const verdict: BisectVerdict & { seconds: number } = {
            verdict: changed.verdict, ratio: changed.ratio.ratio, low: changed.ratio.low, high: changed.ratio.high,
            ...changed.pairRatios ? { pairs: changed.pairRatios.length } : {}, seconds: (Date.now() - stepStarted) / 1000,
        };
        const step: RecordedStep = { ...request, ...verdict, baseMedianMs: changed.baseline.medianMs, headMedianMs: changed.current.medianMs, folder };
        delete (step as { alpha?: number }).alpha;
        delete (step as { range?: unknown }).range;
        this.record.steps.push(step);
        this.record.seconds += verdict.seconds;
        await writeBisectRecord(this.options.out, this.record);
        this.options.log(`  step ${request.number}: ${builds[request.head].name} ${verdict.verdict} against ${builds[request.base].name}, `
            + `${verdict.ratio.toFixed(3)} [${verdict.low.toFixed(3)}, ${verdict.high.toFixed(3)}] in ${minutes(verdict.seconds)}`);
        return verdict;
    };

    /** A step of a bisect of a watch count: a watch comparison (compare/watch-comparison.ts), its followed opening's readings the verdict. */
    protected async watchStep(request: BisectRequest, folder: string, watchTree: string): Promise<BisectVerdict> {
        const { builds } = this.record;
        const [lo, hi] = request.range;
        this.options.log(`bisect step ${request.number} (${request.role}): the inotify watches of ${builds[request.head].name} against ${builds[request.base].name}; `
            + `range left ${builds[lo].name}..${builds[hi].name} (${hi - lo + 1} builds); ${minutes((Date.now() - this.started) / 1000)} so far`);
        const compare: CompareOptions = { ...this.options.compare, sides: [sideOf(builds[request.base], 'base'), sideOf(builds[request.head], 'head')], check: false };
        const { cells, seconds } = await runWatchComparison({ ...this.options, compare, out: path.join(this.options.out, folder), watchTree });
        const followed = this.record.cell ? cells.find(cell => cell.variant === this.record.cell!.target) : mostMovedCount(cells, this.record.direction);
        if (!followed) {
            throw new Error(`step ${request.number} read no ${this.record.cell ? watchCellName(this.record.cell) : 'watch count'} (see ${path.join(this.options.out, folder)}).`);
        }
        if (!this.record.cell) {
            this.record.cell = { ...cellToRecord(watchCells().find(cell => cell.target === followed.variant)!), hostLabel: WATCH_HOST_LABEL };
            this.options.log(`  the count that moved most between the endpoints: ${watchCellName({ target: followed.variant })} (${followed.head.join('/')} against ${followed.base.join('/')})`);
        }
        const verdict: BisectVerdict & { seconds: number } = { verdict: followed.verdict, ratio: followed.ratio, low: followed.ratio, high: followed.ratio, seconds };
        const step: RecordedStep = {
            ...request, ...verdict, baseMedianMs: median(followed.base), headMedianMs: median(followed.head), folder,
        };
        delete (step as { alpha?: number }).alpha;
        delete (step as { range?: unknown }).range;
        this.record.steps.push(step);
        this.record.seconds += seconds;
        await writeBisectRecord(this.options.out, this.record);
        this.options.log(`  step ${request.number}: ${builds[request.head].name} held ${followed.head.join('/')} watches against ${followed.base.join('/')} in `
            + `${builds[request.base].name} (${followed.verdict === 'slower' ? 'more' : followed.verdict === 'faster' ? 'fewer' : followed.verdict}) in ${minutes(seconds)}`);
        return verdict;
    }

    async run(): Promise<number> {
        const done = [...this.record.steps];
        const answer = await runBisect(this.record.builds.length, this.oracle, { alpha: this.record.design.alpha, direction: this.record.direction }, done);
        this.record.answer = answer;
        this.record.releaseNotes = releaseNotes(this.record.builds, answer);
        this.record.machine = await stepsMachine(this.options.out, this.record);
        await writeBisectRecord(this.options.out, this.record);
        const text = await writeBisectAnswer(this.options.out, this.record);
        console.log(text);
        return answer.outcome === 'failed' ? 1 : 0;
    }
}

/** The record a new bisect starts with, or the one `--resume` goes on from. */
async function startRecord(request: BisectRunRequest, options: CompareRunOptions, registry: ReleaseRegistry): Promise<BisectRecord> {
    if (request.resume) {
        const record = await readBisectRecord(request.resume);
        if (Boolean(record.countUnit) !== Boolean(options.watchTree)) {
            throw new Error(record.countUnit ? `--resume ${request.resume}: this bisect follows a watch count; resume it with --suite watch.`
                : `--resume ${request.resume}: this bisect follows a cell of the reads; resume it without --suite watch.`);
        }
        options.log(`resuming the bisect in ${request.resume}: ${record.steps.length} step${record.steps.length === 1 ? '' : 's'} finished`);
        return { ...record, answer: undefined };
    }
    const builds = await bisectBuilds(request.series!, registry, options.log);
    return {
        kind: 'fs-perf bisect', series: request.seriesText ?? '', builds, direction: request.direction,
        ...request.cell ? { cell: isWatchCell(request.cell) ? { ...cellToRecord(request.cell), hostLabel: WATCH_HOST_LABEL } : cellToRecord(request.cell) } : {},
        ...options.watchTree ? { countUnit: 'inotify watches' } : {},
        design: planBisect(builds.length, options.compare.alpha), noiseThreshold: options.compare.noiseThreshold, steps: [], started: new Date().toISOString(), seconds: 0,
    };
}

/** Runs (or resumes) a bisect; the exit code: 1 when a step failed (its finished steps kept), else 0, whatever the answer. */
export async function benchBisect(request: BisectRunRequest, options: CompareRunOptions, registry: ReleaseRegistry = NPM_REGISTRY): Promise<number> {
    const record = await startRecord(request, options, registry);
    const out = request.resume ?? options.out;
    const cache = options.theiaCache ?? defaultTheiaCache();
    const cached = new Set(record.builds.filter(build => existsSync(path.join(cache, `compare-${build.name}-${build.kind === 'release' ? build.value : build.kind}`))).map(build => build.name));
    // A step at the search's alpha needs more pairs than a plain --compare (the floor of the fewest pairs that can decide
    // at that alpha); the starts and the warm-up blocks around it take about 3 minutes more.
    const stepCells = (): number => record.cell ? compareCellCount({ scenarios: followedCellScenarios(recordedCell(record.cell)) }, 1) : compareCellCount({}, options.sizes.length);
    const stepMinutes = options.watchTree ? watchStepMinutes(options.watchTree)
        : compareMeasuringSeconds({ ...options.compare, alpha: record.design.stepAlpha }, options.iterations, stepCells()).seconds / 60 + 3;
    describeBisectPlan({ builds: record.builds, design: record.design, cached, stepMinutes }).forEach(line => options.log(line));
    const way = options.watchTree ? (record.direction === 'slower' ? 'more watches' : 'fewer watches') : record.direction;
    options.log(`cell: ${record.cell ? cellDisplayName(record.cell) : 'the one that moved most between the endpoints'}, looking for ${way}; output in ${out}`);
    await writeBisectRecord(out, record);
    return new BisectRun(record, { ...options, out }).run();
}
