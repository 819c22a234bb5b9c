import { computeStatistics, SampleStatistics } from '../stats/statistics';
import { CaseCpu, CpuProbe } from './cpu';
import { cpuPass } from './cpu-pass';
import { CaseCountWindows, COUNT_PASS_CALLS, COUNT_PASS_QUIET_MS, countPass, CountObserver } from './count-pass';
import { HopSamples } from './hops';
import { FixtureManifest } from './manifest';
import { Scenario, scenarioInfo, ScenarioInfo, ScenarioTarget } from './scenario';
import { scenarioInfoById } from './scenario-catalog';
import { scenarioTargets, TreeRunOptions } from './scenario-targets';
import { CancellationSignal, CaseSampler, Clock, RunnerProgress, RunningCase, SamplingSettings, StreamSamples, throwIfCancelled } from './sampling';
import { FixtureSize, LARGE_FIXTURE_BYTES, orderSizes, SizeOrder } from './sizes';
import { TREE_SIZE_LABELS, treeTargetLabel } from './trees';
import { VerificationLevel } from './verify';

// The runner's public names stay importable from here, where its options and output are.
export { fromAbortSignal, pauseBeforeSample } from './sampling';
export type { CancellationSignal, Clock, RunnerProgress, StreamSamples } from './sampling';

export interface RunnerOptions {
    readonly scenarios: readonly Scenario[];
    readonly manifest: FixtureManifest;
    /** Fixture sizes to run fixture scenarios at. */
    readonly sizes: readonly FixtureSize[];
    /** The generated trees to run tree scenarios over (their manifests), one case each, and the parallel storms' calls in flight. */
    readonly trees?: TreeRunOptions;
    /** Timed samples per case (default 15); with {@link precision}, the least. */
    readonly iterations?: number;
    /** Warm-up samples per case, run first and kept apart (default 2). */
    readonly warmup?: number;
    /** Order sizes are visited in, within each round (default ascending). */
    readonly order?: SizeOrder;
    /** Seed of the `shuffled` order's random numbers (default: the clock's time), for a repeatable order. */
    readonly seed?: number;
    /** The clock of the samples (default `performance.now()`). */
    readonly clock?: Clock;
    readonly cancellation?: CancellationSignal;
    /** Progress, reported after a sample (never between its clock readings), at most every {@link progressIntervalMs}. */
    readonly onProgress?: (progress: RunnerProgress) => void;
    /** Least time between two progress reports, ms (default 250; 0 reports every sample). */
    readonly progressIntervalMs?: number;
    /** Runs before every sample, outside the timed region, e.g. a garbage collection, so that samples start alike. */
    readonly settle?: () => void | Promise<void>;
    /**
     * Before every sample but the first, after {@link settle}, an idle wait as long as the previous sample took, at most
     * this many ms (default 0: none): what one read leaves behind (garbage, background work in the processes on its path)
     * then settles before the next read's clock starts instead of landing in it.
     */
    readonly pauseMs?: number;
    /**
     * Relative half-width of the 95% interval of each case's median to reach, e.g. 0.05: a case keeps sampling
     * past `iterations` until it gets there, has {@link maxIterations} samples, or has used {@link caseBudgetMs}.
     */
    readonly precision?: number;
    /** Most timed samples of a case when sampling for precision (default 10 x iterations, at most 1000). */
    readonly maxIterations?: number;
    /** Time one case may take while sampling for precision, ms (default 15 000: a default `yarn bench` then takes about 6 minutes here). */
    readonly caseBudgetMs?: number;
    /**
     * Reads the CPU time of the processes the host can see. With it, every fixture case of at least {@link cpuMinBytes}
     * gets a CPU pass after all timed samples: its call repeated for {@link cpuPassMs} (at least 3 calls) between two
     * readings. The pass is not timed per call and changes no sample.
     */
    readonly cpuProbe?: CpuProbe;
    /** Smallest fixture that gets a CPU pass, bytes (default 500K: below it a call moves too little for CPU per MB to mean much). */
    readonly cpuMinBytes?: number;
    /** Least duration of a CPU pass, ms (default 1000; the kernel counts CPU time in 10 ms ticks). */
    readonly cpuPassMs?: number;
    /**
     * Converts a reading of {@link clock} to ms on the clock all processes of the machine share, for matching other
     * processes' records to samples (default `performance.timeOrigin + reading`).
     */
    readonly epochOf?: (reading: number) => number;
    /**
     * With it, every case run in rounds gets a count pass after all timed samples (and CPU passes): `calls` calls
     * (default 3), each between quiet gaps of `quietMs` (default 100), their windows recorded on the shared clock, with
     * the `observer` (the headless driver's) recording the page's messages from before the first to after the last.
     */
    readonly countPass?: { readonly calls?: number; readonly quietMs?: number; readonly observer?: CountObserver };
}

/** One scenario at one target, measured and verified. Durations in ms. */
export interface CaseMeasurement {
    readonly scenario: ScenarioInfo;
    readonly target: ScenarioTarget;
    readonly warmupMs: number[];
    readonly samplesMs: number[];
    readonly statistics: SampleStatistics;
    readonly verification: VerificationLevel;
    /** True when at least one sample's duration came from the other side ({@link SampleOutput.reportedMs}). */
    readonly reportedBySubject: boolean;
    /** With a precision target: whether the 95% interval of the median got within it. */
    readonly reachedPrecision?: boolean;
    /** A streamed read, per timed sample: ms from the call to its first chunk, and its number of chunks. */
    readonly stream?: StreamSamples;
    /** A scenario run alone with a trace: per matched timed sample, the ms of each hop of the call. */
    readonly hops?: HopSamples;
    /** The case's CPU pass: CPU used by each process the host can see. */
    readonly cpu?: CaseCpu;
    /** The case's count pass: its calls' windows on the shared clock, for the observer's messages to be counted in. */
    readonly counts?: CaseCountWindows;
    /** A watch burst, per timed sample: the distinct created paths the watcher reported, against the files made. */
    readonly events?: { readonly expected: number; readonly received: readonly number[] };
}

export interface SkippedScenario {
    readonly scenario: ScenarioInfo;
    readonly reason: string;
}

export interface RunnerOutput {
    readonly measurements: CaseMeasurement[];
    readonly skipped: SkippedScenario[];
    /** ISO timestamps. */
    readonly startedAt: string;
    readonly finishedAt: string;
}

export const DEFAULT_ITERATIONS = 15;
export const DEFAULT_WARMUP = 2;
/** Bounds of the iteration and warm-up settings (also used by the editors' settings validation). */
export const ITERATIONS_RANGE = { min: 1, max: 1000 } as const;
export const WARMUP_RANGE = { min: 0, max: 100 } as const;

function defaultClock(): number {
    return performance.now();
}

/** Why `value` is not a valid count in `range` (a sentence naming `name`), or undefined when it is. */
export function countProblem(name: string, value: number, range: { min: number; max: number }): string | undefined {
    return Number.isInteger(value) && value >= range.min && value <= range.max ? undefined : `${name} must be a whole number from ${range.min} to ${range.max}, got ${value}.`;
}

function checkCount(name: string, value: number, range: { min: number; max: number }): void {
    const problem = countProblem(name, value, range);
    if (problem) {
        throw new RangeError(problem);
    }
}


/** {@link RunnerOptions} with their defaults, checked. */
function samplingSettings(options: RunnerOptions): SamplingSettings {
    const iterations = options.iterations ?? DEFAULT_ITERATIONS;
    const warmup = options.warmup ?? DEFAULT_WARMUP;
    checkCount('Iterations', iterations, ITERATIONS_RANGE);
    checkCount('Warm-up samples', warmup, WARMUP_RANGE);
    const precision = options.precision;
    if (precision !== undefined && !(precision > 0 && precision < 1)) {
        throw new RangeError(`The precision target must be a fraction between 0 and 1 (e.g. 0.05 for 5%), got ${precision}.`);
    }
    return {
        iterations,
        warmup,
        precision,
        maxIterations: precision === undefined ? iterations : Math.max(iterations, options.maxIterations ?? Math.min(10 * iterations, ITERATIONS_RANGE.max)),
        caseBudgetMs: options.caseBudgetMs ?? 15_000,
        progressIntervalMs: options.progressIntervalMs ?? 250,
        pauseMs: options.pauseMs ?? 0,
        clock: options.clock ?? defaultClock,
        epochOf: options.epochOf ?? ((reading: number) => performance.timeOrigin + reading),
        shuffleRounds: options.order === 'shuffled',
        seed: options.seed,
        settle: options.settle,
        onProgress: options.onProgress,
        cancellation: options.cancellation,
    };
}

/** Every case of the available scenarios, size by size (every scenario at a size one after the other), and the scenarios skipped. */
async function planCases(options: RunnerOptions): Promise<{ plan: { scenario: Scenario; target: ScenarioTarget }[]; skipped: SkippedScenario[] }> {
    const skipped: SkippedScenario[] = [];
    const plan: { scenario: Scenario; target: ScenarioTarget }[] = [];
    for (const scenario of options.scenarios) {
        const reason = await scenario.unavailableReason?.();
        if (reason !== undefined) {
            skipped.push({ scenario: scenarioInfo(scenario), reason });
            continue;
        }
        plan.push(...scenarioTargets(scenario, options.manifest, options.sizes, options.order, options.trees).map(target => ({ scenario, target })));
    }
    // Tree cases after the fixture sizes, smallest tree first.
    const sizeRank = new Map([...orderSizes(options.sizes, options.order ?? 'ascending').map(size => size.label), ...TREE_SIZE_LABELS.map(treeTargetLabel)]
        .map((label, index) => [label, index]));
    plan.sort((a, b) => (sizeRank.get(a.target.label) ?? -1) - (sizeRank.get(b.target.label) ?? -1));
    return { plan, skipped };
}

/**
 * Runs every available scenario at every target, interleaved: all cases are prepared, then each round takes one
 * sample of every case still running (warm-up rounds first), so a drift of the machine spreads over all of them
 * instead of landing on whichever case ran at the time. Each sample is timed around exactly one call of
 * {@link ScenarioCase.runSample}; settling, verification and progress happen outside the clock readings. Scenarios that
 * run alone ({@link Scenario.runsAlone}) follow, one case at a time; then, with a {@link RunnerOptions.cpuProbe}, the
 * CPU passes.
 * Throws {@link BenchmarkCancelledError} when cancelled and {@link VerificationError} on wrong bytes; either way no
 * partial output is returned.
 */
export async function runBenchmark(options: RunnerOptions): Promise<RunnerOutput> {
    const settings = samplingSettings(options);
    const startedAt = new Date().toISOString();
    const { plan, skipped } = await planCases(options);
    const cases: RunningCase[] = [];
    try {
        for (const { scenario, target } of plan) {
            throwIfCancelled(options.cancellation);
            cases.push({
                scenario, target, scenarioCase: await scenario.prepare(target),
                warmupMs: [], samplesMs: [], verification: 'length', reportedBySubject: false, spentMs: 0, done: false, timed: [],
            });
        }
        const sampler = new CaseSampler(settings, plan.length * (settings.warmup + settings.iterations));
        const interleaved = cases.filter(running => !running.scenario.runsAlone);
        await sampler.sampleInRounds(interleaved);
        for (const running of cases.filter(candidate => candidate.scenario.runsAlone)) {
            throwIfCancelled(options.cancellation);
            await running.scenarioCase.begin?.();
            await sampler.sampleInRounds([running]);
            const detail = await running.scenarioCase.end?.(running.timed);
            running.hops = detail?.hops;
        }
        if (options.cpuProbe) {
            await cpuPasses(interleaved, options, options.cpuProbe, sampler);
        }
        if (options.countPass) {
            await countPasses(interleaved, options, settings.epochOf, sampler);
        }
        throwIfCancelled(options.cancellation);
        return { measurements: cases.map(caseMeasurement), skipped, startedAt, finishedAt: new Date().toISOString() };
    } finally {
        for (const running of cases) {
            await running.scenarioCase.dispose?.();
        }
    }
}

/**
 * The CPU pass of every fixture case of at least {@link RunnerOptions.cpuMinBytes}, and of every tree case the catalog
 * counts per item (the storms in flight; one call a pass at least, each call being a whole storm), after all timed samples.
 */
async function cpuPasses(interleaved: readonly RunningCase[], options: RunnerOptions, probe: CpuProbe, sampler: CaseSampler): Promise<void> {
    const cpuMinBytes = options.cpuMinBytes ?? LARGE_FIXTURE_BYTES;
    const checkCancelled = (): void => throwIfCancelled(options.cancellation);
    const perItem = (running: RunningCase): boolean => running.scenario.target === 'tree' && scenarioInfoById(running.scenario.id)?.cpuPerItem === true;
    for (const running of interleaved.filter(candidate => (candidate.scenario.target === 'fixture' && candidate.target.bytes >= cpuMinBytes) || perItem(candidate))) {
        checkCancelled();
        options.onProgress?.({ done: sampler.done, total: sampler.total, scenario: running.scenario, target: running.target, phase: 'cpu', sample: 1, samplesInPhase: 1 });
        running.cpu = await cpuPass(running.scenarioCase, running.warmupMs.length + running.samplesMs.length, probe, options.cpuPassMs ?? 1000, checkCancelled,
            perItem(running) ? 1 : undefined);
    }
}

/** The count pass of every case run in rounds, after all timed samples and CPU passes, with the observer on only meanwhile. */
async function countPasses(interleaved: readonly RunningCase[], options: RunnerOptions, epochOf: (reading: number) => number, sampler: CaseSampler): Promise<void> {
    const { calls = COUNT_PASS_CALLS, quietMs = COUNT_PASS_QUIET_MS, observer } = options.countPass ?? {};
    const checkCancelled = (): void => throwIfCancelled(options.cancellation);
    const clock = options.clock ?? defaultClock;
    if (observer && !await observer.begin()) {
        return;
    }
    try {
        // A tree's call is a whole storm or walk: its messages are thousands, and three more calls would take minutes.
        // A watch sample's file is made ready after the one before (landed), which a count pass does not call.
        for (const running of interleaved.filter(candidate => !['tree', 'watch', 'watch-burst'].includes(candidate.scenario.target))) {
            checkCancelled();
            options.onProgress?.({ done: sampler.done, total: sampler.total, scenario: running.scenario, target: running.target, phase: 'counts', sample: 1, samplesInPhase: 1 });
            const firstIndex = running.warmupMs.length + running.samplesMs.length + (running.cpu?.calls ?? 0);
            running.counts = await countPass(running.scenarioCase, firstIndex, calls, quietMs, () => epochOf(clock()), checkCancelled);
        }
    } finally {
        await observer?.end();
    }
}

function caseMeasurement(running: RunningCase): CaseMeasurement {
    return {
        scenario: scenarioInfo(running.scenario),
        target: running.target,
        warmupMs: running.warmupMs,
        samplesMs: running.samplesMs,
        statistics: computeStatistics(running.samplesMs, running.scenario.target === 'fixture' ? running.target.bytes : 0),
        verification: running.verification,
        reportedBySubject: running.reportedBySubject,
        ...(running.reachedPrecision === undefined ? {} : { reachedPrecision: running.reachedPrecision }),
        ...(running.stream ? { stream: running.stream } : {}),
        ...(running.hops ? { hops: running.hops } : {}),
        ...(running.cpu ? { cpu: running.cpu } : {}),
        ...(running.counts ? { counts: running.counts } : {}),
        ...(running.events ? { events: running.events } : {}),
    };
}
