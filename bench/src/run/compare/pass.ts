/**
 * One alternated pass of `yarn bench --compare`: blocks A B, B A, ... (block-order.ts), the sides started and stopped as
 * the restart policy says (restart-policy.ts), with `--budget` until every cell is resolved or the time is spent
 * (budget-planner.ts, open-cells.ts); every block written to `<folder>/blocks/` as it is measured. A run is one pass:
 * a cell that looks changed early is checked by more pairs on fresh processes within it, and decided from all of them.
 */
import { CellKey, cellDisplayName, cellKeyId, ComparisonSide, labelCell, ResultsDocument } from '@fs-perf/benchmark-core';
import { waitForQuiet } from '../../util/processes';
import { CompareOptions, CompareRunOptions, DEFAULT_GATE } from '../compare-options';
import { minutes } from '../format';
import { pairOrder } from './block-order';
import { BudgetSchedule, secondsLeft } from './budget-planner';
import { OpenCells, pairedCells } from './open-cells';
import { RestartPolicy } from './restart-policy';
import { makeBlocksFolder, writeBlock } from './run-files';
import { addBlock, firstBlockOfStart, keepCompletePairs, OpenSide, openSide, PreparedSide, runBlock, startSide, stopSide } from './side';

/** Samples of the warm-up block after each start of a side (discarded with the block; no warm-up before them). */
const WARMUP_BLOCK_ITERATIONS = 1;

export function comparesBefore(pairs: number): string {
    return `The report compares the ${pairs === 1 ? 'pair' : `${pairs} pairs`} measured before it.`;
}

/** What a pass measures. */
export interface PassPlan {
    /** Sizes of the blocks. */
    readonly sizes: readonly string[];
    /** Pairs, unless `budgetSeconds` samples until every cell is resolved. */
    readonly pairs: number;
    readonly budgetSeconds?: number;
    /** Where `blocks/` goes. */
    readonly folder: string;
    /** Prefix of the progress lines (empty for the run's pass). */
    readonly name: string;
}

/** A pass measured: each side with its blocks, the sequential design's state, and the failure that ended it early. */
export interface PassResult {
    readonly sides: readonly OpenSide[];
    readonly cells?: OpenCells;
    readonly failure?: Error;
    readonly seconds: number;
}

/**
 * A pass being measured: its sides, when they start, and what its budget has planned so far. A side that dies (or cannot
 * start again) ends the pass, but the complete pairs measured before it are kept and the failure returned: a build that
 * crashes on a read is a finding, and what it did until then is part of it. Both sides are stopped when the pass ends,
 * also on failure. Here a pair's blocks run one after the other; with `--duet`, at once (duet-pass.ts).
 */
export class Pass {
    protected readonly began = Date.now();
    protected readonly sides: OpenSide[];
    protected readonly policy: RestartPolicy;
    protected readonly log: (message: string) => void;
    protected cells: OpenCells | undefined;
    /** Pairs the pass takes: fixed, or with a budget planned from the first pair's time (until then, one). */
    protected plannedPairs: number;
    /** With a budget: its plan, and when it ends the pass. */
    protected schedule: BudgetSchedule | undefined;
    /** With a budget: the cells both sides measured in the first pair, by key. */
    protected runCells: ReturnType<typeof pairedCells> | undefined;
    /** The start of both sides' processes that is up (with one start per block, only the check start's). */
    protected start = 0;
    /** Blocks measured so far, so the next block's position in the pass. */
    protected position = 0;
    /** When the pass's first start was done: the budget counts from here. */
    protected timedStarted = 0;
    /** Both sides' first start, when it also measures the first pair. */
    protected startSeconds = 0;
    /** With both sides up, their warm-up blocks after the first start: a cost of the start, not of the first pair. */
    protected firstWarmUpSeconds = 0;

    constructor(prepared: readonly PreparedSide[], protected readonly options: CompareRunOptions, protected readonly plan: PassPlan) {
        this.log = options.log;
        this.sides = prepared.map(openSide);
        const requested = RestartPolicy.of(options.compare);
        this.policy = requested.forSides(this.sides);
        if (requested.pairsPerStart > 0 && this.policy.pairsPerStart === 0) {
            this.log('  a side is a Theia at a URL, which this run did not start: neither side is restarted between pairs');
        }
        this.plannedPairs = plan.budgetSeconds === undefined ? plan.pairs : 1;
    }

    async measure(): Promise<PassResult> {
        await makeBlocksFolder(this.plan.folder);
        let failure: Error | undefined;
        try {
            await this.startFirst();
            for (let pair = 1; pair <= this.plannedPairs; pair++) {
                const pairStarted = Date.now();
                await this.measurePair(pair);
                if (this.plan.budgetSeconds !== undefined && this.budgetEnds(pair, this.plan.budgetSeconds, (Date.now() - pairStarted) / 1000)) {
                    break;
                }
            }
        } catch (error) {
            failure = error as Error;
            keepCompletePairs(this.sides);
            if (this.sides.some(side => side.blocks.length === 0)) {
                throw failure;
            }
            this.log(`  ${failure.message} ${comparesBefore(this.sides[0].blocks.length)}`);
        } finally {
            await this.stopBoth();
        }
        return { sides: this.sides, cells: this.cells, failure, seconds: (Date.now() - this.began) / 1000 };
    }

    protected side(which: ComparisonSide['side']): OpenSide {
        return this.sides.find(side => side.spec.side === which)!;
    }

    /** Starts both sides, so that one that cannot start is refused before anything is measured. */
    protected async startFirst(): Promise<void> {
        this.startSeconds = await this.startBoth(0);
        await this.checkStarted();
        if (this.policy.startsEachBlock) {
            // Each side is started once before any block (and both apps' files are read from disk once before a block);
            // then each block starts its side afresh.
            await this.stopBoth();
            this.startSeconds = 0;
        }
        this.timedStarted = Date.now();
    }

    /** After both sides' first start, before anything is measured: what a pass checks of them (nothing here). */
    protected async checkStarted(): Promise<void> {
        // Nothing beyond their start.
    }

    /** The sizes the next pair measures: with a budget, those with a cell still open. */
    protected sizesOfNextPair(pair: number): readonly string[] {
        return this.cells ? this.cells.sizesToMeasure(this.plan.sizes, pair) : this.plan.sizes;
    }

    /** A block measured: kept with its side (with the core it was pinned to, in a duet) and written to `blocks/` at its position. */
    protected async record(side: OpenSide, document: ResultsDocument, core?: number): Promise<void> {
        addBlock(side, document, this.position, core);
        await writeBlock(this.plan.folder, this.position, side, document);
        this.position++;
    }

    /** Starts both sides' processes (start `start`, in its order); returns the seconds taken. */
    protected async startBoth(start: number): Promise<number> {
        const began = Date.now();
        this.start = start;
        for (const which of this.policy.startOrder(start)) {
            await startSide(this.side(which), start, this.log, this.plan.name);
        }
        return (Date.now() - began) / 1000;
    }

    /** Stops both sides' processes, the side started last first. */
    protected async stopBoth(): Promise<void> {
        for (const which of this.policy.startOrder(this.start).reverse()) {
            await stopSide(this.side(which), this.log);
        }
    }

    /**
     * The warm-up block (the default; `--no-warmup-block` turns it off): after each start of a side, one untimed "Run All"
     * (one sample of every case), so the new processes load, compile and allocate before the block that counts, instead
     * of one more warm-up round inside it. Measured in docs/compare-design.md, "What each lever did".
     */
    protected async warmUp(side: OpenSide, sizes: readonly string[]): Promise<void> {
        const started = Date.now();
        await runBlock(side, this.options, `${this.plan.name}warm-up block`, sizes, 0, WARMUP_BLOCK_ITERATIONS);
        this.log(`  ${side.spec.label}: warm-up block (not counted) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }

    /** One pair: both sides restarted and warmed up first when the policy says so, then its two blocks in their order. */
    protected async measurePair(pair: number): Promise<void> {
        const sizes = this.sizesOfNextPair(pair);
        if (this.policy.restartsBefore(pair)) {
            await this.stopBoth();
            await this.startBoth(this.policy.startOf(pair));
        }
        if (this.policy.warmsUpBothBefore(pair)) {
            const warmUpStarted = Date.now();
            for (const which of this.policy.startOrder(this.start)) {
                await this.warmUp(this.side(which), sizes);
            }
            if (pair === 1) {
                this.firstWarmUpSeconds = (Date.now() - warmUpStarted) / 1000;
            }
        }
        for (const which of pairOrder(pair)) {
            await this.measureBlock(this.side(which), pair, sizes);
        }
    }

    /** One block of pair `pair`, on its own start of the side when the policy starts each block afresh. */
    protected async measureBlock(side: OpenSide, pair: number, sizes: readonly string[]): Promise<void> {
        if (this.policy.startsEachBlock) {
            await this.startForBlock(side, pair, sizes);
        }
        const blockStarted = Date.now();
        const unplanned = this.plan.budgetSeconds !== undefined && pair === 1;
        const document = await runBlock(side, this.options, `${this.plan.name}pair ${unplanned ? '1' : `${pair}/${this.plannedPairs}`}`, sizes,
            this.options.warmup + this.policy.extraWarmupRounds(firstBlockOfStart(side)));
        await this.record(side, document);
        if (this.policy.startsEachBlock) {
            await stopSide(side, this.log);
        }
        const planned = 2 * this.plannedPairs;
        const only = sizes.length < this.plan.sizes.length ? `, ${sizes.join(', ')} only` : '';
        const left = unplanned || this.position >= planned ? ''
            : `; at most about ${minutes(secondsLeft((Date.now() - this.timedStarted) / 1000, this.position, planned))} left`;
        this.log(`  ${this.plan.name}block ${this.position}${unplanned ? '' : `/${planned}`} (pair ${pair}, ${side.spec.label}${only}) `
            + `in ${((Date.now() - blockStarted) / 1000).toFixed(1)} s${left}`);
    }

    /** With a start per block: the side started just before its block, once the machine is quiet again, and warmed up. */
    protected async startForBlock(side: OpenSide, pair: number, sizes: readonly string[]): Promise<void> {
        await startSide(side, this.policy.startOf(pair), this.log, this.plan.name);
        const quiet = await waitForQuiet();
        if (quiet) {
            this.log(`  ${side.spec.label}: ${quiet.quiet ? `the machine was quiet after ${quiet.seconds.toFixed(1)} s` : `the machine was not quiet after ${quiet.seconds.toFixed(0)} s; measuring all the same`}`);
        }
        if (this.policy.warmupBlock) {
            await this.warmUp(side, sizes);
        }
    }

    /**
     * With a budget: plans the pass after its first pair and plans it again after each pair until its first look (the pair
     * cost then the median of the pairs so far; no look has spent any alpha yet, so the design may still change), decides
     * the cells due a look, and ends the pass only at a look (budget-planner.ts, {@link BudgetSchedule}). Whether the pass ends here.
     */
    protected budgetEnds(pair: number, budget: number, pairSeconds: number): boolean {
        // The run's cells are those both sides measured in the first pair; the gate is resolved from them once.
        const run = this.runCells ??= pairedCells(this.side('base').blocks[0], this.side('head').blocks[0]);
        if (!this.schedule) {
            const gate = gateOf(this.options.compare.gate, run);
            this.schedule = new BudgetSchedule(budget, this.options.compare, this.policy.pairsPerStart, gate?.length ?? run.size, gate);
        }
        const schedule = this.schedule;
        const taken = pair === 1 ? { measured: (Date.now() - this.timedStarted) / 1000, warmUp: this.firstWarmUpSeconds, start: this.startSeconds } : pairSeconds;
        if (schedule.pairMeasured(pair, taken, (Date.now() - this.timedStarted) / 1000)) {
            this.planned(schedule, run);
        }
        const cells = this.cells!;
        const resolved = cells.decide(pair, this.side('base').blocks, this.side('head').blocks);
        if (resolved.length > 0) {
            this.log(`  look after ${pair} pairs: ${resolved.join('; ')}`);
        }
        const elapsed = (Date.now() - this.timedStarted) / 1000;
        const end = schedule.endsAfter(pair, elapsed, cells.openCount);
        if (end === 'resolved') {
            this.log(`  every ${cells.gated ? 'gated ' : ''}cell resolved after ${pair} pairs`);
        } else if (end === 'all planned') {
            this.log(`  all ${this.plannedPairs} planned pairs taken: ${cells.openCount} of ${cells.count} cells stay open (inconclusive)`);
        } else if (end === 'budget') {
            const next = schedule.lookPairs[schedule.lookPairs.indexOf(pair) + 1];
            this.log(`  the budget is spent after ${pair} pairs (the next look, after ${next}, would end past it at about `
                + `${schedule.pairSeconds.toFixed(0)} s a pair): ${cells.openCount} of ${cells.count} cells stay open (inconclusive)`);
        } else {
            this.log(`  ${cells.openCount} of ${cells.count} cells open; ${elapsed <= budget ? `${minutes(budget - elapsed)} of the budget left`
                : `${minutes(elapsed - budget)} over the budget, taking the pairs to the next look`}`);
        }
        return end !== undefined;
    }

    /** The schedule planned (again): the cells open under its design, and the plan in words. */
    protected planned(schedule: BudgetSchedule, run: ReturnType<typeof pairedCells>): void {
        const { compare } = this.options;
        const planned = schedule.design!;
        const again = this.cells !== undefined;
        this.cells = new OpenCells(planned.design, run);
        this.plannedPairs = planned.design.maxPairs;
        const pairSeconds = schedule.pairSeconds;
        const looks = `cells are decided after ${this.cells.lookPairs.join(', ')} pairs`;
        if (again) {
            this.log(`  planned again from the median pair, about ${pairSeconds.toFixed(0)} s: at most ${this.plannedPairs} pairs; ${looks}`);
            return;
        }
        if (this.cells.gated) {
            const names = [...run].filter(([key]) => planned.design.gate!.includes(key)).map(([, cell]) => cellDisplayName(labelCell(cell)));
            this.log(`  gated (--gate): ${names.join('; ')}; the other ${run.size - names.length} cells are measured and reported, never fail --check`);
        }
        this.log(`  sampling until each ${this.cells.gated ? 'gated ' : ''}cell is resolved within ${minutes(schedule.budgetSeconds)}: a pair takes about ${pairSeconds.toFixed(0)} s`
            + `${this.policy.pairsPerStart > 0 ? ' with its share of the restarts' : ''}, so at most ${this.plannedPairs} pairs`
            + `${planned.overBudget ? ` (the budget allows fewer, but ${this.cells.count} cells need ${planned.fewestPairs} pairs to decide any of them, `
                + `so the run takes about ${minutes(planned.fewestPairs * pairSeconds)})` : ''}; ${looks} `
            + `(group-sequential, alpha ${compare.alpha} for the whole run, shared by its ${this.cells.count} ${this.cells.gated ? 'gated ' : ''}cells by Holm); `
            + 'planned again from the median pair until the first look');
    }
}

/**
 * The keys of the cells that gate a run whose first pair measured `run`: `--gate`'s cells (each must be measured, else the
 * run stops naming it), none for `all` (every cell gates), or by default those of {@link DEFAULT_GATE} the run measures
 * (none of them: every cell gates). Undefined: every cell gates.
 */
export function gateOf(gate: CompareOptions['gate'], run: ReadonlyMap<string, CellKey>): string[] | undefined {
    if (gate === 'all') {
        return undefined;
    }
    const keys = (gate ?? DEFAULT_GATE).map(cellKeyId);
    const missing = (gate ?? []).filter(cell => !run.has(cellKeyId(cell)));
    if (missing.length > 0) {
        throw new Error(`--gate ${missing.map(cell => `"${cellDisplayName(labelCell(cell))}"`).join(', ')}: not measured by this run (its scenario or size is `
            + `not among the run's); the run measures ${[...run.values()].map(cell => `"${cellDisplayName(labelCell(cell))}"`).join(', ')}.`);
    }
    const measured = keys.filter(key => run.has(key));
    return measured.length === 0 || measured.length === run.size ? undefined : measured;
}
