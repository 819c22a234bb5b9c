/**
 * A pass of `--compare --duet` (duet.ts): every pair on fresh processes of both sides, started one after the other, each
 * side's processes pinned to its own core (swapped every pair), both sides' warm-up blocks at once, one wait for a quiet
 * machine, the pinning done again (the plugin hosts and whatever else started since), then both sides' blocks at once.
 * A pair is complete when both blocks are; only then are they written to `blocks/`, with the pair's record (each side's
 * core, when its block ran, every process's affinity before and after it) in `duet/`.
 */
import { ResultsDocument } from '@fs-perf/benchmark-core';
import { ObservedAffinity } from '../../util/affinity';
import { waitForQuiet } from '../../util/processes';
import { CompareRunOptions } from '../compare-options';
import { minutes } from '../format';
import { pairOrder } from './block-order';
import { secondsLeft } from './budget-planner';
import { DuetMachine, duetCores } from './duet';
import { Pass, PassPlan } from './pass';
import { DuetBlockRecord, writeDuetPair } from './run-files';
import { firstBlockOfStart, OpenSide, PreparedSide, runBlock } from './side';

/** Runs both promises to their end (neither is left running while the pass stops the sides), then throws the first failure. */
async function both<T>(first: Promise<T>, second: Promise<T>): Promise<[T, T]> {
    const [a, b] = await Promise.allSettled([first, second]);
    if (a.status === 'rejected') {
        throw a.reason;
    }
    if (b.status === 'rejected') {
        throw b.reason;
    }
    return [a.value, b.value];
}

/** A side's block of a duet pair, as measured. */
interface DuetBlock {
    readonly document: ResultsDocument;
    readonly record: DuetBlockRecord;
}

export class DuetPass extends Pass {
    constructor(prepared: readonly PreparedSide[], options: CompareRunOptions, plan: PassPlan, protected readonly machine: DuetMachine) {
        super(prepared, options, plan);
    }

    /** The first start of both sides also pins them, so a machine where pinning fails is refused before anything is measured. */
    protected override async checkStarted(): Promise<void> {
        await this.pinBoth(1);
    }

    /** Pins both sides' processes to their cores of pair `pair`; the affinity observed, by side. */
    protected async pinBoth(pair: number): Promise<Record<'base' | 'head', ObservedAffinity[]>> {
        const cores = duetCores(pair, this.machine.cores);
        const [base, head] = await both(this.machine.pin(this.side('base').session!, cores.base), this.machine.pin(this.side('head').session!, cores.head));
        return { base, head };
    }

    protected override async measurePair(pair: number): Promise<void> {
        const sizes = this.sizesOfNextPair(pair);
        const cores = duetCores(pair, this.machine.cores);
        await this.startBoth(this.policy.startOf(pair));
        await this.pinBoth(pair);
        if (this.policy.warmupBlock) {
            await both(this.warmUp(this.side('base'), sizes), this.warmUp(this.side('head'), sizes));
        }
        const quiet = await waitForQuiet();
        if (quiet) {
            this.log(`  ${quiet.quiet ? `the machine was quiet after ${quiet.seconds.toFixed(1)} s` : `the machine was not quiet after ${quiet.seconds.toFixed(0)} s; measuring all the same`}`);
        }
        // Again, outside any timed sample: processes started since the first pinning (the plugin host starts with the page) are pinned too.
        const pinned = await this.pinBoth(pair);
        const started = Date.now();
        const unplanned = this.plan.budgetSeconds !== undefined && pair === 1;
        const what = `${this.plan.name}pair ${unplanned ? '1' : `${pair}/${this.plannedPairs}`}`;
        const [base, head] = await both(this.duetBlock(this.side('base'), `${what} on cpu${cores.base}`, sizes, pinned.base, cores.base),
            this.duetBlock(this.side('head'), `${what} on cpu${cores.head}`, sizes, pinned.head, cores.head));
        const seconds = (Date.now() - started) / 1000;
        const blocks = { base, head };
        for (const which of pairOrder(pair)) {
            await this.record(this.side(which), blocks[which].document, cores[which]);
        }
        await writeDuetPair(this.plan.folder, pair, { base: base.record, head: head.record });
        await this.stopBoth();
        this.logPair(pair, what, seconds, blocks);
    }

    /** One side's block of the pair on `core`, with when it ran and its processes' affinity just before and right after it. */
    protected async duetBlock(side: OpenSide, what: string, sizes: readonly string[], before: ObservedAffinity[], core: number): Promise<DuetBlock> {
        const began = new Date();
        const document = await runBlock(side, this.options, what, sizes, this.options.warmup + this.policy.extraWarmupRounds(firstBlockOfStart(side)));
        const ended = new Date();
        const after = await this.machine.observe(side.session!);
        return {
            document,
            record: { label: side.spec.label, core, began: began.toISOString(), ended: ended.toISOString(), seconds: (ended.getTime() - began.getTime()) / 1000, before, after },
        };
    }

    /** `pair 3/10: base on cpu0, head on cpu1, both blocks in 41.0 s (...); at most about 5 min left`. */
    protected logPair(pair: number, what: string, seconds: number, blocks: Record<'base' | 'head', DuetBlock>): void {
        const planned = 2 * this.plannedPairs;
        const unplanned = this.plan.budgetSeconds !== undefined && pair === 1;
        const left = unplanned || this.position >= planned ? ''
            : `; at most about ${minutes(secondsLeft((Date.now() - this.timedStarted) / 1000, this.position, planned))} left`;
        const sides = (['base', 'head'] as const).map(which => blocks[which].record);
        this.log(`  ${what}: ${sides.map(side => `${side.label} on cpu${side.core}`).join(', ')}, both blocks in ${seconds.toFixed(1)} s `
            + `(${sides.map(side => `${side.label} ${side.seconds.toFixed(1)} s`).join(', ')})${left}`);
    }
}
