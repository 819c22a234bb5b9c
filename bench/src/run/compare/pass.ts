/**
 * One alternated pass of `yarn bench --compare`: blocks A B, B A, ..., one side at a time on fresh processes for every
 * block (`--restart-every 1`), or both sides up and restarted every `--restart-every` pairs; every block written to
 * `<folder>/blocks/` as it is measured. The run's first
 * pass measures every cell; a confirming pass (`--check`) measures again, on fresh processes, the sizes of the cells the
 * first called slower.
 */
import { promises as fs } from 'fs';
import * as path from 'path';
import { ComparisonSide } from '@fs-perf/benchmark-core';
import { waitForQuiet } from '../../util/processes';
import { CompareRunOptions } from '../compare-options';
import { alternatedOrder } from './block-order';
import { budgetDesign, budgetSpent, secondsLeft, secondsPerPair } from './budget-planner';
import { minutes } from './minutes';
import { OpenCells } from './open-cells';
import { RestartPolicy } from './restart-policy';
import { OpenSide, PreparedSide, runBlock } from './side';

/** Samples of the warm-up block after each start of a side (discarded with the block; no warm-up before them). */
const WARMUP_BLOCK_ITERATIONS = 1;

export function comparesBefore(pairs: number): string {
    return `The report compares the ${pairs === 1 ? 'pair' : `${pairs} pairs`} measured before it.`;
}

/** What a pass measures. */
export interface PassPlan {
    /** Sizes of the blocks (a confirming pass measures only those of the cells it confirms). */
    readonly sizes: readonly string[];
    /** Pairs, unless `budgetSeconds` samples until every cell is resolved. */
    readonly pairs: number;
    readonly budgetSeconds?: number;
    /** Where `blocks/` goes. */
    readonly folder: string;
    /** Prefix of the progress lines, e.g. `confirming ` (empty for the first pass). */
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
 * Measures one pass (see the module comment). A side that dies (or cannot start again) ends the pass, but the complete
 * pairs measured before it are kept and the failure returned: a build that crashes on a read is a finding, and what it
 * did until then is part of it. Both sides are stopped when the pass ends, also on failure.
 */
export async function measurePass(prepared: readonly PreparedSide[], options: CompareRunOptions, plan: PassPlan): Promise<PassResult> {
    const { log, compare } = options;
    const began = Date.now();
    await fs.mkdir(path.join(plan.folder, 'blocks'), { recursive: true });
    const open: OpenSide[] = prepared.map(side => ({ ...side, start: -1, blocks: [], positions: [], starts: [] }));
    const bySide = (which: ComparisonSide['side']): OpenSide => open.find(side => side.spec.side === which)!;
    const requested = RestartPolicy.of(compare);
    const policy = requested.forSides(open);
    if (requested.pairsPerStart > 0 && policy.pairsPerStart === 0) {
        log('  a side is a Theia at a URL, which this run did not start: neither side is restarted between pairs');
    }
    /** Starts one side's processes (its start `round`). */
    const startSide = async (side: OpenSide, round: number): Promise<void> => {
        log(`${plan.name}starting ${side.spec.label} (${side.source})${round > 0 ? `, start ${round + 1} of its processes` : ''}`);
        side.session = await side.open();
        side.start = round;
        if (side.where === 'remote') {
            // A Theia we did not start: its workspace may lack the test files (this checks them, and writes what is missing).
            log(`  ${side.spec.label}: ${await side.session.workbench.generateTestFiles('FS Perf: Generate Test Files (Theia FileService)', { timeoutMs: 10 * 60_000 })}`);
        }
    };
    /** Starts both sides' processes (start `round`, in its order); returns the seconds taken. */
    const startBoth = async (round: number): Promise<number> => {
        const began = Date.now();
        for (const which of policy.startOrder(round)) {
            await startSide(bySide(which), round);
        }
        return (Date.now() - began) / 1000;
    };
    const stopSide = async (side: OpenSide): Promise<void> => {
        const session = side.session;
        side.session = undefined;
        await session?.dispose().catch(error => log(`  ${side.spec.label}: stopping it failed: ${(error as Error).message}`));
    };
    let round = 0;
    /** Stops both sides' processes, the side started last first. */
    const stopBoth = async (): Promise<void> => {
        for (const side of policy.startOrder(round).reverse().map(bySide)) {
            await stopSide(side);
        }
    };
    /**
     * The warm-up block (the default; `--no-warmup-block` turns it off): after each start of a side, one untimed "Run All"
     * (one sample of every case), so the new processes load, compile and allocate before the block that counts, instead
     * of one more warm-up round inside it. Measured in docs/compare.md, "What each lever did".
     */
    const warmUp = async (side: OpenSide, sizes: readonly string[]): Promise<void> => {
        const started = Date.now();
        await runBlock(side, options, `${plan.name}warm-up block`, sizes, 0, WARMUP_BLOCK_ITERATIONS);
        log(`  ${side.spec.label}: warm-up block (not counted) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    };
    let failure: Error | undefined;
    let cells: OpenCells | undefined;
    try {
        let startSeconds = await startBoth(0);
        if (policy.startsEachBlock) {
            // Each side is started once before any block, so that one that cannot start is refused before anything is measured
            // (and both apps' files are read from disk once before a block); then each block starts its side afresh.
            await stopBoth();
            startSeconds = 0;
        }
        const budget = plan.budgetSeconds;
        /** Pairs the pass takes: fixed, or with a budget planned from the first pair's time (until then, one). */
        let plannedPairs = budget === undefined ? plan.pairs : 1;
        const timedStarted = Date.now();
        let position = 0;
        /** With both sides up, their warm-up blocks after the first start: a cost of the start, not of the first pair. */
        let firstWarmUpSeconds = 0;
        for (let pair = 1; pair <= plannedPairs; pair++) {
            if (policy.restartsBefore(pair)) {
                await stopBoth();
                round = policy.startOf(pair);
                await startBoth(round);
            }
            if (policy.warmsUpBothBefore(pair)) {
                const warmUpStarted = Date.now();
                for (const which of policy.startOrder(round)) {
                    await warmUp(bySide(which), cells ? cells.sizesToMeasure(plan.sizes) : plan.sizes);
                }
                if (pair === 1) {
                    firstWarmUpSeconds = (Date.now() - warmUpStarted) / 1000;
                }
            }
            const sizes = cells ? cells.sizesToMeasure(plan.sizes) : plan.sizes;
            const total = budget !== undefined && pair === 1 ? '1' : `${pair}/${plannedPairs}`;
            for (const which of alternatedOrder(pair).slice(-2)) {
                const side = bySide(which);
                if (policy.startsEachBlock) {
                    await startSide(side, policy.startOf(pair));
                    const quiet = await waitForQuiet();
                    if (quiet) {
                        log(`  ${side.spec.label}: ${quiet.quiet ? `the machine was quiet after ${quiet.seconds.toFixed(1)} s` : `the machine was not quiet after ${quiet.seconds.toFixed(0)} s; measuring all the same`}`);
                    }
                    if (policy.warmupBlock) {
                        await warmUp(side, sizes);
                    }
                }
                const blockStarted = Date.now();
                const firstOfStart = side.blocks.length === 0 || side.starts[side.starts.length - 1] !== side.start;
                const document = await runBlock(side, options, `${plan.name}pair ${total}`, sizes, options.warmup + policy.extraWarmupRounds(firstOfStart));
                side.blocks.push(document);
                side.positions.push(position);
                side.starts.push(side.start);
                await fs.writeFile(path.join(plan.folder, 'blocks', `${String(position + 1).padStart(2, '0')}-${side.spec.side}.json`), JSON.stringify(document, undefined, 2) + '\n');
                position++;
                if (policy.startsEachBlock) {
                    await stopSide(side);
                }
                const only = sizes.length < options.sizes.length ? `, ${sizes.join(', ')} only` : '';
                const left = budget !== undefined && pair === 1 ? '' : `; at most about ${minutes(secondsLeft((Date.now() - timedStarted) / 1000, position, 2 * plannedPairs))} left`;
                log(`  ${plan.name}block ${position}${budget !== undefined && pair === 1 ? '' : `/${2 * plannedPairs}`} (pair ${pair}, ${side.spec.label}${only}) `
                    + `in ${((Date.now() - blockStarted) / 1000).toFixed(1)} s${position < 2 * plannedPairs ? left : ''}`);
            }
            if (budget !== undefined && pair === 1) {
                const pairSeconds = secondsPerPair({ measured: (Date.now() - timedStarted) / 1000, warmUp: firstWarmUpSeconds, start: startSeconds }, policy.pairsPerStart);
                cells = new OpenCells(budgetDesign(budget, pairSeconds, compare));
                plannedPairs = cells.design.maxPairs;
                log(`  sampling until each cell is resolved within ${minutes(budget)}: a pair takes about ${pairSeconds.toFixed(0)} s`
                    + `${policy.pairsPerStart > 0 ? ' with its share of the restarts' : ''}, so at most `
                    + `${plannedPairs} pairs; cells are decided after ${cells.lookPairs.join(', ')} pairs (group-sequential, alpha ${compare.alpha} over all looks)`);
            }
            if (cells && budget !== undefined) {
                const resolved = cells.decide(pair, bySide('base').blocks, bySide('head').blocks);
                if (resolved.length > 0) {
                    log(`  look after ${pair} pairs: ${resolved.join('; ')}`);
                }
                const elapsed = (Date.now() - timedStarted) / 1000;
                if (cells.openCount === 0) {
                    log(`  every cell resolved after ${pair} pairs`);
                    break;
                }
                if (pair === plannedPairs) {
                    log(`  all ${plannedPairs} planned pairs taken: ${cells.openCount} of ${cells.count} cells stay open (inconclusive)`);
                    break;
                }
                if (budgetSpent(budget, elapsed, pair, cells.lookPairs[0])) {
                    log(`  the budget is spent after ${pair} pairs: ${cells.openCount} of ${cells.count} cells stay open (inconclusive)`);
                    break;
                }
                log(`  ${cells.openCount} of ${cells.count} cells open; ${minutes(budget - elapsed)} of the budget left`);
            }
        }
    } catch (error) {
        failure = error as Error;
        for (const side of open) {
            // A pair whose second block was never measured is left out.
            while (side.blocks.length > Math.min(...open.map(other => other.blocks.length))) {
                side.blocks.pop();
                side.positions.pop();
                side.starts.pop();
            }
        }
        if (open.some(side => side.blocks.length === 0)) {
            throw failure;
        }
        log(`  ${failure.message} ${comparesBefore(open[0].blocks.length)}`);
    } finally {
        await stopBoth();
    }
    return { sides: open, cells, failure, seconds: (Date.now() - began) / 1000 };
}
