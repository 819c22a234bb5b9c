import { BenchmarkCancelledError, FixtureError, VerificationError } from './errors';
import { FixtureManifest, GENERATE_FIXTURES_HINT, manifestEntryForSize, SMALL_FILES_DIRECTORY } from './manifest';
import { Scenario, ScenarioCase, ScenarioInfo, scenarioInfo, ScenarioTarget, SampleOutput } from './scenario';
import { sha256Hex } from './sha256';
import { FixtureSize, orderSizes, SizeOrder } from './sizes';
import { computeStatistics, SampleStatistics } from './statistics';

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
    readonly phase: 'warm-up' | 'timed';
    /** 1-based index within the phase. */
    readonly sample: number;
    /** Samples in this phase. */
    readonly samplesInPhase: number;
}

export interface RunnerOptions {
    readonly scenarios: readonly Scenario[];
    readonly manifest: FixtureManifest;
    /** Fixture sizes to run fixture scenarios at. */
    readonly sizes: readonly FixtureSize[];
    /** Timed samples per case (default 15). */
    readonly iterations?: number;
    /** Warm-up samples per case, run first and kept apart (default 2). */
    readonly warmup?: number;
    /** Order sizes are visited in (default ascending). */
    readonly order?: SizeOrder;
    readonly clock?: Clock;
    readonly cancellation?: CancellationSignal;
    readonly onProgress?: (progress: RunnerProgress) => void;
}

/** How the bytes of a case were checked. */
export type VerificationLevel = 'sha256' | 'length' | 'count';

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

/** The targets of one scenario, in visiting order, with expectations from the manifest. */
export function scenarioTargets(scenario: ScenarioInfo, manifest: FixtureManifest, sizes: readonly FixtureSize[],
    order: SizeOrder = 'ascending'): ScenarioTarget[] {
    if (scenario.target === 'small-files') {
        const small = manifest.smallFiles;
        if (!small) {
            throw new FixtureError(`The fixture manifest has no small-files set, which ${scenario.label} needs: ${GENERATE_FIXTURES_HINT}.`,
                SMALL_FILES_DIRECTORY);
        }
        return [{
            label: `${small.count} files`,
            fileName: small.directory,
            bytes: small.bytesPerFile,
            itemCount: small.count,
        }];
    }
    return orderSizes(sizes, order).map(size => {
        const { fileName, entry } = manifestEntryForSize(manifest, size.label);
        if (entry.bytes !== size.bytes) {
            throw new FixtureError(`The manifest says ${fileName} has ${entry.bytes} bytes, but ${size.label} is ${size.bytes}: ${GENERATE_FIXTURES_HINT}.`,
                fileName);
        }
        return { label: size.label, fileName, bytes: entry.bytes, sha256: entry.sha256 };
    });
}

/**
 * Runs every available scenario at every target: warm-up samples, then timed samples, each timed around
 * exactly one call of {@link ScenarioCase.runSample}. Verification happens outside the timed region.
 * Throws {@link BenchmarkCancelledError} when cancelled and {@link VerificationError} on wrong bytes;
 * either way no partial output is returned.
 */
export async function runBenchmark(options: RunnerOptions): Promise<RunnerOutput> {
    const iterations = options.iterations ?? DEFAULT_ITERATIONS;
    const warmup = options.warmup ?? DEFAULT_WARMUP;
    checkCount('Iterations', iterations, ITERATIONS_RANGE);
    checkCount('Warm-up samples', warmup, WARMUP_RANGE);
    const clock = options.clock ?? defaultClock;
    const cancellation = options.cancellation;
    const startedAt = new Date().toISOString();

    const skipped: SkippedScenario[] = [];
    const plan: { scenario: Scenario; targets: ScenarioTarget[] }[] = [];
    for (const scenario of options.scenarios) {
        const reason = scenario.unavailableReason?.();
        if (reason !== undefined) {
            skipped.push({ scenario: scenarioInfo(scenario), reason });
            continue;
        }
        plan.push({ scenario, targets: scenarioTargets(scenario, options.manifest, options.sizes, options.order) });
    }

    const samplesPerCase = warmup + iterations;
    const total = plan.reduce((sum, entry) => sum + entry.targets.length * samplesPerCase, 0);
    let done = 0;
    const measurements: CaseMeasurement[] = [];

    const throwIfCancelled = (): void => {
        if (cancellation?.isCancellationRequested) {
            throw new BenchmarkCancelledError();
        }
    };

    for (const { scenario, targets } of plan) {
        for (const target of targets) {
            throwIfCancelled();
            const scenarioCase = await scenario.prepare(target);
            try {
                const warmupMs: number[] = [];
                const samplesMs: number[] = [];
                let reportedBySubject = false;
                let verification: VerificationLevel = 'length';
                for (let index = 0; index < samplesPerCase; index++) {
                    throwIfCancelled();
                    const isWarmup = index < warmup;
                    options.onProgress?.({
                        done, total, scenario, target,
                        phase: isWarmup ? 'warm-up' : 'timed',
                        sample: isWarmup ? index + 1 : index - warmup + 1,
                        samplesInPhase: isWarmup ? warmup : iterations,
                    });
                    const started = clock();
                    const output = await scenarioCase.runSample(index);
                    const elapsed = clock() - started;
                    const checkContent = index === 0 || index === warmup || index === samplesPerCase - 1;
                    verification = await verifySample(scenario, scenarioCase, target, output, checkContent);
                    const durationMs = output.reportedMs ?? elapsed;
                    reportedBySubject ||= output.reportedMs !== undefined;
                    (isWarmup ? warmupMs : samplesMs).push(durationMs);
                    done++;
                }
                measurements.push({
                    scenario: scenarioInfo(scenario),
                    target,
                    warmupMs,
                    samplesMs,
                    statistics: computeStatistics(samplesMs, scenario.target === 'fixture' ? target.bytes : 0),
                    verification,
                    reportedBySubject,
                });
            } finally {
                await scenarioCase.dispose?.();
            }
        }
    }
    throwIfCancelled();
    return { measurements, skipped, startedAt, finishedAt: new Date().toISOString() };
}

async function verifySample(scenario: Scenario, scenarioCase: ScenarioCase, target: ScenarioTarget, output: SampleOutput,
    checkContent: boolean): Promise<VerificationLevel> {
    const where = `${scenario.label} of ${target.fileName}`;
    if (target.itemCount !== undefined && output.itemCount !== undefined) {
        if (output.itemCount !== target.itemCount) {
            throw new VerificationError(`${where} returned ${output.itemCount} entries, expected ${target.itemCount}: ${GENERATE_FIXTURES_HINT}.`,
                target.fileName);
        }
        return 'count';
    }
    let bytes = output.bytes;
    const length = bytes?.byteLength ?? output.byteCount;
    if (length === undefined) {
        throw new VerificationError(`${where} returned nothing the runner can verify (no bytes, byte count or entry count).`, target.fileName);
    }
    if (length !== target.bytes) {
        throw new VerificationError(`${where} returned ${length} bytes, expected ${target.bytes}: the fixture is damaged; ${GENERATE_FIXTURES_HINT}.`,
            target.fileName);
    }
    if (scenario.verification !== 'content' || target.sha256 === undefined) {
        return 'length';
    }
    if (checkContent) {
        bytes ??= await scenarioCase.readBack?.();
        if (bytes === undefined) {
            throw new VerificationError(`${where} returned no bytes and cannot read them back, so its content cannot be verified.`, target.fileName);
        }
        const actual = await sha256Hex(bytes);
        if (actual !== target.sha256) {
            throw new VerificationError(`${target.fileName} does not match the fixture manifest (SHA-256 ${actual.slice(0, 12)}…, expected ${target.sha256.slice(0, 12)}…): the fixture is corrupt; ${GENERATE_FIXTURES_HINT}.`,
                target.fileName);
        }
    }
    return 'sha256';
}
