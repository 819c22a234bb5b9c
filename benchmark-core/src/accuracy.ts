import { BenchmarkCancelledError } from './errors';
import { formatSupported, Interval, medianInterval } from './intervals';
import { FixtureManifest } from './manifest';
import { HostInfo, resultsFileName } from './results';
import { CancellationSignal, Clock, runBenchmark, scenarioTargets } from './runner';
import { Scenario, ScenarioInfo, scenarioInfo, ScenarioTarget } from './scenario';
import { FixtureSize } from './sizes';
import { median } from './statistics';
import { renderTextTable } from './text-table';
import { joinPath, WorkspaceFileAccess, writeFileAtomically } from './workspace-files';

/** One round of the accuracy check of one case: a bare loop, then the harness, in the same host, one after the other. */
export interface AccuracyRound {
    readonly bareMedianMs: number;
    readonly harnessMedianMs: number;
    readonly harnessIntervalMs?: Interval;
    /** harness / bare. */
    readonly ratio: number;
}

export interface AccuracyCase {
    readonly scenario: ScenarioInfo;
    readonly targetLabel: string;
    readonly rounds: readonly AccuracyRound[];
    /** Median of the rounds' ratios. */
    readonly ratio: number;
    /**
     * Whether the harness measures the call and nothing of its own: the median ratio within the tolerance, or
     * (noise larger than the tolerance) the bare loop's median inside the harness's interval in most rounds.
     */
    readonly passed: boolean;
}

export interface AccuracyOptions {
    readonly scenarios: readonly Scenario[];
    readonly manifest: FixtureManifest;
    /** Sizes to check; the issue's bar is every size from 500K up. */
    readonly sizes: readonly FixtureSize[];
    /** Alternations of bare loop and harness per case (default 3). */
    readonly rounds?: number;
    /** Timed samples of the bare loop and of the harness in each round (default 15). */
    readonly iterations?: number;
    /** Warm-up samples before each (default 2). */
    readonly warmup?: number;
    /** Largest accepted |ratio - 1| (default 0.05). */
    readonly tolerance?: number;
    /** The harness's settle step, as the real runs use it. */
    readonly settle?: () => void | Promise<void>;
    readonly clock?: Clock;
    readonly cancellation?: CancellationSignal;
    readonly onProgress?: (message: string, done: number, total: number) => void;
}

/**
 * Checks that the runner adds nothing measurable to a sample: for each scenario and size, alternates a bare loop
 * (`clock()` around one awaited call of the case's `runSample`, nothing else: no settle, no verification, no
 * progress) with the runner's own run of that case, in the same host, `rounds` times. Alternating in one host
 * matters: between separate runs the machine drifts more than any overhead.
 */
export async function checkAccuracy(options: AccuracyOptions): Promise<AccuracyCase[]> {
    const rounds = options.rounds ?? 3;
    const iterations = options.iterations ?? 15;
    const warmup = options.warmup ?? 2;
    const tolerance = options.tolerance ?? 0.05;
    const clock = options.clock ?? ((): number => performance.now());
    const cases: { scenario: Scenario; size: FixtureSize; target: ScenarioTarget }[] = [];
    for (const scenario of options.scenarios.filter(candidate => candidate.target === 'fixture' && candidate.unavailableReason?.() === undefined)) {
        for (const size of options.sizes) {
            cases.push({ scenario, size, target: scenarioTargets(scenario, options.manifest, [size])[0] });
        }
    }
    const results: AccuracyCase[] = [];
    let done = 0;
    for (const { scenario, size, target } of cases) {
        const caseRounds: AccuracyRound[] = [];
        for (let round = 0; round < rounds; round++) {
            if (options.cancellation?.isCancellationRequested) {
                throw new BenchmarkCancelledError();
            }
            options.onProgress?.(`${scenario.label} ${size.label}: round ${round + 1}/${rounds}`, done++, cases.length * rounds);
            const bareMs = await bareLoop(scenario, target, warmup, iterations, clock);
            const harness = await runBenchmark({
                scenarios: [scenario], manifest: options.manifest, sizes: [size], iterations, warmup, clock, settle: options.settle,
                cancellation: options.cancellation,
            });
            const samplesMs = harness.measurements[0].samplesMs;
            const bareMedianMs = median(bareMs);
            const harnessMedianMs = median(samplesMs);
            caseRounds.push({ bareMedianMs, harnessMedianMs, harnessIntervalMs: medianInterval(samplesMs), ratio: harnessMedianMs / bareMedianMs });
        }
        const ratio = median(caseRounds.map(round => round.ratio));
        const insideInterval = caseRounds.filter(round => round.harnessIntervalMs
            && round.harnessIntervalMs.low <= round.bareMedianMs && round.bareMedianMs <= round.harnessIntervalMs.high).length;
        results.push({
            scenario: scenarioInfo(scenario), targetLabel: size.label, rounds: caseRounds, ratio,
            passed: Math.abs(ratio - 1) <= tolerance || insideInterval * 2 > rounds,
        });
    }
    return results;
}

/** `clock()` around one awaited call, nothing else; warm-up samples first, not kept. */
async function bareLoop(scenario: Scenario, target: ScenarioTarget, warmup: number, iterations: number, clock: Clock): Promise<number[]> {
    const scenarioCase = await scenario.prepare(target);
    const samplesMs: number[] = [];
    try {
        for (let index = 0; index < warmup + iterations; index++) {
            const started = clock();
            const output = await scenarioCase.runSample(index);
            const elapsed = clock() - started;
            if (index >= warmup) {
                samplesMs.push(output.reportedMs ?? elapsed);
            }
        }
    } finally {
        await scenarioCase.dispose?.();
    }
    return samplesMs;
}

/** The accuracy check as an Output table: per case, each round's bare and harness medians, the ratio, the verdict. */
export function renderAccuracyText(cases: readonly AccuracyCase[], tolerance = 0.05): string {
    const rows = cases.map(result => [
        result.scenario.label,
        result.targetLabel,
        result.rounds.map(round => formatSupported(round.bareMedianMs)).join(' / '),
        result.rounds.map(round => formatSupported(round.harnessMedianMs, round.harnessIntervalMs)).join(' / '),
        result.ratio.toFixed(2),
        result.passed ? 'ok' : 'OVERHEAD',
    ]);
    const failed = cases.filter(result => !result.passed).length;
    return `${renderTextTable([
        { header: 'Scenario', align: 'left' }, { header: 'Size', align: 'left' }, { header: 'Bare loop median ms', align: 'right' },
        { header: 'Harness median ms', align: 'right' }, { header: 'Ratio', align: 'right' }, { header: 'Verdict', align: 'left' },
    ], rows)}\n${failed === 0
        ? `Accuracy: the harness adds nothing measurable (every ratio within ${tolerance * 100}% or inside the noise).`
        : `Accuracy: ${failed} of ${cases.length} cases differ from the bare loop by more than ${tolerance * 100}% and more than the noise.`}`;
}

/** Folder, relative to a workspace root, the accuracy checks are written to (apart from the results files). */
export const ACCURACY_DIRECTORY = '.fs-perf/accuracy';

/** What an accuracy file holds (`schema: "fs-perf-accuracy"`). */
export interface AccuracyDocument {
    readonly schema: 'fs-perf-accuracy';
    readonly schemaVersion: 1;
    readonly tool: { readonly name: string; readonly version: string };
    readonly host: HostInfo;
    readonly finishedAt: string;
    readonly cases: readonly AccuracyCase[];
}

/** Writes an accuracy check into {@link ACCURACY_DIRECTORY} atomically; returns its workspace-relative path. */
export async function writeAccuracyFile(files: WorkspaceFileAccess, content: Omit<AccuracyDocument, 'schema' | 'schemaVersion'>): Promise<string> {
    const document: AccuracyDocument = { schema: 'fs-perf-accuracy', schemaVersion: 1, ...content };
    await files.createDirectory(ACCURACY_DIRECTORY);
    const name = resultsFileName({ startedAt: content.finishedAt, host: content.host }).replace(/\.json$/, '_accuracy.json');
    const path = joinPath(ACCURACY_DIRECTORY, name);
    await writeFileAtomically(files, path, new TextEncoder().encode(JSON.stringify(document, undefined, 2) + '\n'), false);
    return path;
}
