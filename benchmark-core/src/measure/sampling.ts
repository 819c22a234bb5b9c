import { BenchmarkCancelledError } from '../errors';
import { seededRandom } from '../stats/bootstrap';
import { medianHalfWidth } from '../stats/median-interval';
import { CaseCpu } from './cpu';
import { CaseCountWindows } from './count-pass';
import { HopSamples, TimedSample } from './hops';
import { Scenario, ScenarioCase, ScenarioInfo, ScenarioTarget } from './scenario';
import { VerificationLevel, verifySample } from './verify';

/** A monotonic clock in milliseconds. */
export type Clock = () => number;

/** Anything that can say a run should stop: a VS Code/Theia CancellationToken, or {@link fromAbortSignal}. */
export interface CancellationSignal {
    readonly isCancellationRequested: boolean;
}

export function fromAbortSignal(signal: AbortSignal): CancellationSignal {
    return {
        get isCancellationRequested(): boolean {
            return signal.aborted;
        },
    };
}

export interface RunnerProgress {
    /** Samples done so far over the whole run (warm-up included). */
    readonly done: number;
    /** Samples the whole run will take. */
    readonly total: number;
    readonly scenario: ScenarioInfo;
    readonly target: ScenarioTarget;
    /** `counts`: the case's count pass (a few untimed calls between quiet gaps); `cpu`: the case's CPU pass (its call repeated, untimed, between two readings of the processes' CPU time). */
    readonly phase: 'warm-up' | 'timed' | 'cpu' | 'counts';
    /** 1-based index within the phase. */
    readonly sample: number;
    /** Samples in this phase. */
    readonly samplesInPhase: number;
}

/** Per timed sample of a streamed read: time to the first chunk (ms, from the same clock reading as the sample) and chunks. */
export interface StreamSamples {
    readonly firstChunkMs: number[];
    readonly chunks: number[];
}

/** One scenario at one target while it is measured. */
export interface RunningCase {
    readonly scenario: Scenario;
    readonly target: ScenarioTarget;
    readonly scenarioCase: ScenarioCase;
    readonly warmupMs: number[];
    readonly samplesMs: number[];
    verification: VerificationLevel;
    reportedBySubject: boolean;
    /** Time spent sampling this case, ms. */
    spentMs: number;
    done: boolean;
    reachedPrecision?: boolean;
    stream?: StreamSamples;
    /** Timed samples on the shared clock, kept for a scenario run alone. */
    readonly timed: TimedSample[];
    hops?: HopSamples;
    cpu?: CaseCpu;
    counts?: CaseCountWindows;
    /** A watch burst, per timed sample: the distinct created paths the watcher reported, and the files made. */
    events?: { readonly expected: number; readonly received: number[] };
}

/** What sampling the cases takes from the run's options, with their defaults applied. */
export interface SamplingSettings {
    readonly iterations: number;
    readonly warmup: number;
    /** Relative half-width of the median's interval to reach; undefined: exactly `iterations` samples. */
    readonly precision?: number;
    readonly maxIterations: number;
    readonly caseBudgetMs: number;
    readonly progressIntervalMs: number;
    readonly pauseMs: number;
    readonly clock: Clock;
    readonly epochOf: (reading: number) => number;
    /** Each round in its own random order, drawn from `seed`. */
    readonly shuffleRounds: boolean;
    readonly seed?: number;
    readonly settle?: () => void | Promise<void>;
    readonly onProgress?: (progress: RunnerProgress) => void;
    readonly cancellation?: CancellationSignal;
}

export function throwIfCancelled(cancellation: CancellationSignal | undefined): void {
    if (cancellation?.isCancellationRequested) {
        throw new BenchmarkCancelledError();
    }
}

/**
 * The pause before a sample: an idle wait as long as the previous sample took (`previousMs`; none before the first),
 * at most `pauseMs`. Whether it waited.
 */
export async function pauseBeforeSample(pauseMs: number, previousMs: number): Promise<boolean> {
    if (!(pauseMs > 0 && previousMs > 0)) {
        return false;
    }
    await new Promise(resolve => setTimeout(resolve, Math.min(pauseMs, previousMs)));
    return true;
}

/** Ends a case that has its samples: all it was asked for, or (with a precision target) enough, or its budget. */
export function finishIfDone(running: RunningCase, precision: number | undefined, maxIterations: number, caseBudgetMs: number): void {
    if (precision === undefined) {
        running.done = true;
        return;
    }
    const halfWidth = medianHalfWidth(running.samplesMs);
    running.reachedPrecision = halfWidth !== undefined && halfWidth <= precision;
    running.done = running.reachedPrecision || running.samplesMs.length >= maxIterations || running.spentMs >= caseBudgetMs;
}

/** A copy of `items` in a random order (Fisher-Yates). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index--) {
        const other = Math.floor(random() * (index + 1));
        [copy[index], copy[other]] = [copy[other], copy[index]];
    }
    return copy;
}

/** Takes the samples of cases in rounds, and counts them for progress over the whole run. */
export class CaseSampler {
    done = 0;
    private lastReport = Number.NEGATIVE_INFINITY;
    private previousMs = 0;
    // `shuffled`: each round's own random order of the cases, drawn before the round (not between samples).
    private readonly random: () => number;

    constructor(private readonly settings: SamplingSettings, public total: number) {
        this.random = seededRandom(settings.seed ?? Date.now());
    }

    /** Warm-up rounds, then timed rounds until every case of `group` is done. */
    async sampleInRounds(group: readonly RunningCase[]): Promise<void> {
        const { warmup, iterations, precision, maxIterations, caseBudgetMs } = this.settings;
        for (let round = 0; round < warmup; round++) {
            for (const running of this.inRoundOrder(group)) {
                await this.sample(running, true);
            }
        }
        for (let round = 0; group.some(running => !running.done); round++) {
            for (const running of this.inRoundOrder(group.filter(candidate => !candidate.done))) {
                await this.sample(running, false);
                if (round + 1 >= iterations) {
                    finishIfDone(running, precision, maxIterations, caseBudgetMs);
                    if (!running.done) {
                        this.total++;
                    }
                }
            }
        }
    }

    private inRoundOrder(group: readonly RunningCase[]): readonly RunningCase[] {
        return this.settings.shuffleRounds ? shuffled(group, this.random) : group;
    }

    private async sample(running: RunningCase, isWarmup: boolean): Promise<void> {
        const { clock, warmup, iterations } = this.settings;
        throwIfCancelled(this.settings.cancellation);
        await this.settings.settle?.();
        if (await pauseBeforeSample(this.settings.pauseMs, this.previousMs)) {
            throwIfCancelled(this.settings.cancellation);
        }
        const index = running.warmupMs.length + running.samplesMs.length;
        const started = clock();
        const output = await running.scenarioCase.runSample(index);
        const ended = clock();
        // A watcher's sample ends at its event (`endedAt`), before what it does after it (a burst's count settling).
        const elapsed = (output.endedAt ?? ended) - started;
        this.previousMs = elapsed;
        // Content (SHA-256) on the first warm-up, the first timed and the last of the asked-for samples; length on all.
        const checkContent = index === 0 || index === warmup || index === warmup + iterations - 1;
        // What a write left on disk, looked at after the clock's second reading, is what gets verified.
        const verified = running.scenarioCase.landed ? { ...output, ...await running.scenarioCase.landed(output) } : output;
        running.verification = await verifySample(running.scenario, running.scenarioCase, running.target, verified, checkContent);
        running.reportedBySubject ||= output.reportedMs !== undefined;
        (isWarmup ? running.warmupMs : running.samplesMs).push(output.reportedMs ?? elapsed);
        if (output.events && !isWarmup) {
            running.events ??= { expected: output.events.expected, received: [] };
            running.events.received.push(output.events.received);
        }
        if (output.stream && !isWarmup) {
            running.stream ??= { firstChunkMs: [], chunks: [] };
            running.stream.firstChunkMs.push(Math.max(0, output.stream.firstChunkAt - started));
            running.stream.chunks.push(output.stream.chunks);
        }
        if (running.scenario.runsAlone && !isWarmup) {
            running.timed.push({ startedAt: this.settings.epochOf(started), durationMs: elapsed });
        }
        running.spentMs += elapsed;
        this.done++;
        this.reportProgress(running, isWarmup);
    }

    private reportProgress(running: RunningCase, isWarmup: boolean): void {
        const now = this.settings.clock();
        if (this.settings.onProgress && (now - this.lastReport >= this.settings.progressIntervalMs || this.done === this.total)) {
            this.lastReport = now;
            this.settings.onProgress({
                done: this.done, total: this.total, scenario: running.scenario, target: running.target,
                phase: isWarmup ? 'warm-up' : 'timed',
                sample: isWarmup ? running.warmupMs.length : running.samplesMs.length,
                samplesInPhase: isWarmup ? this.settings.warmup : Math.max(this.settings.iterations, running.samplesMs.length),
            });
        }
    }
}
