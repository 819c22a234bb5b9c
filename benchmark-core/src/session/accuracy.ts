import { BenchmarkCancelledError } from '../errors';
import { formatRatioInterval, formatSupported } from '../stats/precision';
import { Interval } from '../stats/median-interval';
import { RatioEstimate, roundsEstimate } from '../stats/bootstrap';
import { HostInfo } from '../results/schema';
import { resultsFileName } from '../results/files';
import { Clock, pauseBeforeSample, runBenchmark, RunnerOptions } from '../measure/runner';
import { scenarioTargets } from '../measure/scenario-targets';
import { Scenario, ScenarioInfo, scenarioInfo, ScenarioTarget } from '../measure/scenario';
import { FixtureSize } from '../measure/sizes';
import { median } from '../stats/statistics';
import { renderTextTable } from '../report/text';
import { joinPath, WorkspaceFileAccess, writeFileAtomically } from './workspace-files';

/** One round of the accuracy check of one case: a bare loop and the harness, in the same host, one after the other. */
export interface AccuracyRound {
    /** Which ran first in this round (the order alternates, so neither always finds the caches the other left). */
    readonly first: 'bare' | 'harness';
    readonly bareMedianMs: number;
    readonly harnessMedianMs: number;
    /** harness / bare. */
    readonly ratio: number;
    /** The round's timed samples of each. */
    readonly bareSamplesMs: readonly number[];
    readonly harnessSamplesMs: readonly number[];
}

/**
 * The verdict on one case: `ok` (the harness's median within the tolerance of the bare loop's), `within noise`
 * (further apart, but the bare loop's median lies inside the harness's 95% interval, or the ratio's 95% interval
 * includes 1: no measurable difference), or the harness measurably slower or faster than the bare loop (either
 * means it does not measure just the call).
 */
export type AccuracyVerdict = 'ok' | 'within noise' | 'harness slower' | 'harness faster';

export interface AccuracyCase {
    readonly scenario: ScenarioInfo;
    readonly targetLabel: string;
    readonly rounds: readonly AccuracyRound[];
    /** Medians of every round's samples, pooled. */
    readonly bareMedianMs: number;
    readonly harnessMedianMs: number;
    /** The harness's pooled median's 95% interval, bootstrapped over rounds (see {@link roundsEstimate}). */
    readonly harnessIntervalMs: Interval;
    /** harness / bare of the pooled medians, with its 95% interval bootstrapped over the paired rounds. */
    readonly ratio: RatioEstimate;
    readonly verdict: AccuracyVerdict;
    readonly passed: boolean;
}

/**
 * What to check, as a run would measure it (`scenarios`, `manifest`, the `sizes` to check, from 500K up for the
 * issue's bar, `iterations` and `warmup` per bare loop and per harness run, the harness's `settle` step).
 */
export interface AccuracyOptions extends Pick<RunnerOptions, 'scenarios' | 'manifest' | 'sizes' | 'iterations' | 'warmup' | 'settle' | 'clock' | 'cancellation' | 'pauseMs'> {
    /** Alternations of bare loop and harness per case (default {@link DEFAULT_ACCURACY_ROUNDS}). */
    readonly rounds?: number;
    /** Largest accepted |ratio - 1| (default 0.05). */
    readonly tolerance?: number;
    readonly onProgress?: (message: string, done: number, total: number) => void;
}

/** Alternations of bare loop and harness per case: even, so each goes first equally often. */
export const DEFAULT_ACCURACY_ROUNDS = 4;

/**
 * Checks that the runner adds nothing measurable to a sample: for each scenario and size, alternates a bare loop
 * (`clock()` around one awaited call of the case's `runSample`, nothing else: no settle, no verification, no
 * progress) with the runner's own run of that case, in the same host, `rounds` times, the order swapped each
 * round. Alternating in one host matters: between separate runs the machine drifts more than any overhead. The
 * verdict compares the pooled samples (every round's), so drift during the check falls on both sides alike.
 */
export async function checkAccuracy(options: AccuracyOptions): Promise<AccuracyCase[]> {
    const rounds = options.rounds ?? DEFAULT_ACCURACY_ROUNDS;
    const iterations = options.iterations ?? 15;
    const warmup = options.warmup ?? 2;
    const tolerance = options.tolerance ?? 0.05;
    const clock = options.clock ?? ((): number => performance.now());
    const cases: { scenario: Scenario; size: FixtureSize; target: ScenarioTarget }[] = [];
    // A scenario run alone is a diagnostic with its own instrumentation (a trace), not a measurement to check here.
    const candidates = options.scenarios.filter(candidate => candidate.target === 'fixture' && !candidate.runsAlone);
    const available = await Promise.all(candidates.map(async candidate => (await candidate.unavailableReason?.()) === undefined));
    for (const scenario of candidates.filter((_, index) => available[index])) {
        for (const size of options.sizes) {
            cases.push({ scenario, size, target: scenarioTargets(scenario, options.manifest, [size])[0] });
        }
    }
    const harnessRun = async (scenario: Scenario, size: FixtureSize): Promise<readonly number[]> => (await runBenchmark({
        scenarios: [scenario], manifest: options.manifest, sizes: [size], iterations, warmup, clock, settle: options.settle,
        cancellation: options.cancellation, pauseMs: options.pauseMs,
    })).measurements[0].samplesMs;
    const results: AccuracyCase[] = [];
    let done = 0;
    for (const { scenario, size, target } of cases) {
        const caseRounds: AccuracyRound[] = [];
        for (let round = 0; round < rounds; round++) {
            if (options.cancellation?.isCancellationRequested) {
                throw new BenchmarkCancelledError();
            }
            options.onProgress?.(`${scenario.label} ${size.label}: round ${round + 1}/${rounds}`, done++, cases.length * rounds);
            const first = round % 2 === 0 ? 'bare' : 'harness';
            let bareMs: readonly number[];
            let harnessMs: readonly number[];
            if (first === 'bare') {
                bareMs = await bareLoop(scenario, target, warmup, iterations, clock, options.pauseMs);
                harnessMs = await harnessRun(scenario, size);
            } else {
                harnessMs = await harnessRun(scenario, size);
                bareMs = await bareLoop(scenario, target, warmup, iterations, clock, options.pauseMs);
            }
            caseRounds.push({
                first, bareMedianMs: median(bareMs), harnessMedianMs: median(harnessMs), ratio: median(harnessMs) / median(bareMs),
                bareSamplesMs: bareMs, harnessSamplesMs: harnessMs,
            });
        }
        results.push({ scenario: scenarioInfo(scenario), targetLabel: size.label, ...accuracyVerdict(caseRounds, tolerance) });
    }
    return results;
}

/**
 * The verdict on one case from its rounds: the pooled medians, the harness's interval and the ratio's bootstrapped
 * over the paired rounds (samples of one round share its machine state, so rounds are the independent units).
 */
export function accuracyVerdict(rounds: readonly AccuracyRound[], tolerance = 0.05): Omit<AccuracyCase, 'scenario' | 'targetLabel'> {
    const estimate = roundsEstimate(rounds.map(round => round.harnessSamplesMs), rounds.map(round => round.bareSamplesMs));
    const { ratio, numeratorInterval: harnessIntervalMs, denominatorMedian: bareMedianMs } = estimate;
    const insideHarnessInterval = harnessIntervalMs.low <= bareMedianMs && bareMedianMs <= harnessIntervalMs.high;
    const ratioIncludesOne = ratio.low <= 1 && 1 <= ratio.high;
    const verdict: AccuracyVerdict = Math.abs(ratio.ratio - 1) <= tolerance ? 'ok'
        : insideHarnessInterval || ratioIncludesOne ? 'within noise'
            : ratio.ratio > 1 ? 'harness slower' : 'harness faster';
    return {
        rounds, bareMedianMs, harnessMedianMs: estimate.numeratorMedian, harnessIntervalMs, ratio, verdict,
        passed: verdict === 'ok' || verdict === 'within noise',
    };
}

/**
 * `clock()` around one awaited call, nothing else; warm-up samples first, not kept. With a pause (the harness's, so
 * that both read after the same idle time), before each sample but the first the same idle wait as the harness's,
 * outside the clock readings.
 */
async function bareLoop(scenario: Scenario, target: ScenarioTarget, warmup: number, iterations: number, clock: Clock, pauseMs = 0): Promise<number[]> {
    const scenarioCase = await scenario.prepare(target);
    const samplesMs: number[] = [];
    let previousMs = 0;
    try {
        for (let index = 0; index < warmup + iterations; index++) {
            await pauseBeforeSample(pauseMs, previousMs);
            const started = clock();
            const output = await scenarioCase.runSample(index);
            const elapsed = clock() - started;
            previousMs = elapsed;
            if (index >= warmup) {
                samplesMs.push(output.reportedMs ?? elapsed);
            }
        }
    } finally {
        await scenarioCase.dispose?.();
    }
    return samplesMs;
}

/** The accuracy check as an Output table: per case, the pooled medians of bare loop and harness, the ratio with its interval, each round's ratio, the verdict. */
export function renderAccuracyText(cases: readonly AccuracyCase[], tolerance = 0.05): string {
    const rows = cases.map(result => [
        result.scenario.label,
        result.targetLabel,
        formatSupported(result.bareMedianMs),
        formatSupported(result.harnessMedianMs, result.harnessIntervalMs),
        formatRatioInterval(result.ratio),
        result.rounds.map(round => round.ratio.toFixed(2)).join(' '),
        result.verdict,
    ]);
    const failed = cases.filter(result => !result.passed).length;
    return `${renderTextTable([
        { header: 'Scenario', align: 'left' }, { header: 'Size', align: 'left' }, { header: 'Bare loop median ms', align: 'right' },
        { header: 'Harness median ms', align: 'right' }, { header: 'Harness / bare [95% CI]', align: 'right' },
        { header: 'Per round', align: 'left' }, { header: 'Verdict', align: 'left' },
    ], rows)}\n${failed === 0
        ? `Accuracy: the harness adds nothing measurable (every ratio within ${tolerance * 100}% or inside the noise).`
        : `Accuracy: ${failed} of ${cases.length} cases differ from the bare loop by more than ${tolerance * 100}% and more than the noise.`}`;
}

/** Folder, relative to a workspace root, the accuracy checks are written to (apart from the results files). */
export const ACCURACY_DIRECTORY = '.fs-perf/accuracy';

/** What an accuracy file holds (`schema: "fs-perf-accuracy"`). */
export interface AccuracyDocument {
    readonly schema: 'fs-perf-accuracy';
    readonly schemaVersion: 2;
    readonly tool: { readonly name: string; readonly version: string };
    readonly host: HostInfo;
    readonly finishedAt: string;
    /** The pause before each sample, bare loop and harness alike (`fsPerf.pause`; absent: none). */
    readonly pauseMs?: number;
    readonly cases: readonly AccuracyCase[];
}

/** Writes an accuracy check into {@link ACCURACY_DIRECTORY} atomically; returns its workspace-relative path. */
export async function writeAccuracyFile(files: WorkspaceFileAccess, content: Omit<AccuracyDocument, 'schema' | 'schemaVersion'>): Promise<string> {
    const document: AccuracyDocument = { schema: 'fs-perf-accuracy', schemaVersion: 2, ...content };
    await files.createDirectory(ACCURACY_DIRECTORY);
    const name = resultsFileName({ startedAt: content.finishedAt, host: content.host }).replace(/\.json$/, '_accuracy.json');
    const path = joinPath(ACCURACY_DIRECTORY, name);
    await writeFileAtomically(files, path, new TextEncoder().encode(JSON.stringify(document, undefined, 2) + '\n'), false);
    return path;
}
