import { medianHalfWidth } from '../stats/median-interval';
import { CaseCpu } from './cpu';
import { HopSamples, TimedSample } from './hops';
import { Scenario, ScenarioCase, ScenarioInfo, ScenarioTarget } from './scenario';
import { VerificationLevel } from './verify';

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
    /** `cpu`: the case's CPU pass (its call repeated, untimed, between two readings of the processes' CPU time). */
    readonly phase: 'warm-up' | 'timed' | 'cpu';
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
