/** What a scenario is, as recorded in results and shown in tables. */
export interface ScenarioInfo {
    /** Stable id used in settings and results, e.g. `vscode.workspace.fs.readFile`. */
    readonly id: string;
    /** Short label for tables, e.g. `workspace.fs.readFile`. */
    readonly label: string;
    /** The API call that is timed, e.g. `vscode.workspace.fs.readFile(uri)`. */
    readonly api: string;
    /** What one sample reads or writes: a fixture file, the small-files set, or an in-memory buffer. */
    readonly target: ScenarioTargetKind;
    /** How the returned bytes can be checked: their content against the manifest, or only their length. */
    readonly verification: 'content' | 'length';
    /** A tree scenario: which of its manifest's counts one sample's entries must equal (not recorded: the target's `itemCount` is). */
    readonly treeCount?: TreeCount;
}

/**
 * What one sample over a tree returns, counted: every file (a stat storm), every file and folder (a walk), the `.ts` files
 * (find files), or the `.ts` files outside the dependency folder (find files excluding it).
 */
export type TreeCount = 'files' | 'entries' | 'ts-files' | 'ts-files-outside-dependencies';

/**
 * `fixture`: one case per fixture size, the file named in the manifest.
 * `small-files`: one case over the small-files set (stat, readDirectory).
 * `tree`: one case per generated tree size (`1k files`...), over the whole tree.
 * `burst`: one case of many small files created then deleted in an empty temporary folder (`100 files of 1K`).
 * `watch`: one case per kind of change (`create`, `change`, `delete`) of one small file in a watched temporary folder.
 * `watch-burst`: one case of many files created by a process outside the editor in a watched folder (`1000 creations`).
 */
export type ScenarioTargetKind = 'fixture' | 'small-files' | 'tree' | 'burst' | 'watch' | 'watch-burst';

/** What one watch latency case changes: a file created, its content changed, or the file deleted. */
export type WatchChangeKind = 'create' | 'change' | 'delete';

/** What one case of a scenario works on, with the expectations the runner verifies. */
export interface ScenarioTarget {
    /** Column label: a size label (`50K`) or `1000 files`. */
    readonly label: string;
    /** File name relative to the fixtures folder (`50K.bin`), or the small-files folder. */
    readonly fileName: string;
    /** Bytes one sample moves (fixture length, or length of one small file). */
    readonly bytes: number;
    /** Expected SHA-256 of the content, when the manifest has it. */
    readonly sha256?: string;
    /** Number of entries, for the small-files set and a tree (see {@link ScenarioInfo.treeCount}). */
    readonly itemCount?: number;
    /** A tree's manifest: its seed and size give the names a case prepares ({@link treeLayout}), its counts the expectations. */
    readonly tree?: TreeManifest;
    /** A tree's parallel storm: calls in flight (setting `fsPerf.treeConcurrency`). */
    readonly concurrency?: number;
    /** A burst of small writes: how many files of how many bytes each sample creates and deletes. */
    readonly burst?: WriteBurst;
    /** A watch latency case: the change each sample makes and waits for the event of. */
    readonly watchChange?: WatchChangeKind;
    /** A watch burst: the files each sample's child creates. */
    readonly watchBurst?: number;
}

/** What one timed call produced; the runner checks it outside the timed region. */
export interface SampleOutput {
    /** The bytes the call returned. Length checked on every sample, SHA-256 on the first and last. */
    readonly bytes?: Uint8Array;
    /** Number of bytes the call handled when it returns no bytes (a counted stream, a write, a stat size). */
    readonly byteCount?: number;
    /** Number of entries the call returned (readDirectory). */
    readonly itemCount?: number;
    /** Duration measured by the other side (e.g. the backend's own read), in ms; replaces the local clock. */
    readonly reportedMs?: number;
    /** A streamed read: how its chunks came. */
    readonly stream?: StreamTiming;
    /**
     * The runner's clock (`performance.now()`) when what the sample waits for happened (a watcher's event): replaces the
     * clock's second reading, so that what the sample does after it (waiting for a burst's count to settle) is not timed.
     */
    readonly endedAt?: number;
    /** A watch burst: the distinct created paths the watcher reported, against the files made (a short count is recorded, not an error). */
    readonly events?: { readonly received: number; readonly expected: number };
}

/** How a streamed read delivered: when its first chunk arrived and how many chunks there were. */
export interface StreamTiming {
    /** The runner's clock (`performance.now()`) when the first chunk arrived; one reading, the only extra work in the sample. */
    readonly firstChunkAt: number;
    readonly chunks: number;
}

import type { HopSamples, TimedSample } from './hops';
import type { TreeManifest } from './trees';
import type { WriteBurst } from './write-burst';

/** One prepared case of a scenario, e.g. `workspace.fs.readFile` of `50K.bin`. */
export interface ScenarioCase {
    /**
     * Runs one sample. The runner's clock brackets this call, so it must do exactly the awaited API call
     * being measured and nothing else (no hashing, no logging).
     * @param sampleIndex 0-based index over warm-up and timed samples of this case.
     */
    runSample(sampleIndex: number): Promise<SampleOutput>;
    /**
     * For scenarios whose call returns no bytes (writes): reads back what the last sample produced, so
     * the runner can check its content outside the timed region.
     */
    readBack?(): Promise<Uint8Array>;
    /**
     * For scenarios whose call leaves its result on disk (writes, a burst): what the last sample left there, looked at
     * after the clock's second reading (a write's size on disk, a burst's count less the files left in its folder); the
     * runner verifies its fields in place of the same fields `runSample` returned.
     */
    landed?(output: SampleOutput): Promise<SampleOutput>;
    /**
     * For a scenario that runs alone ({@link Scenario.runsAlone}): called once before the case's first sample (warm-up
     * included), outside any clock reading, e.g. to start a trace in the other processes.
     */
    begin?(): Promise<void>;
    /**
     * For a scenario that runs alone: called once after the case's last sample with its timed samples on the shared clock;
     * returns what the other processes recorded about each of them (e.g. the hops of the call).
     */
    end?(samples: readonly TimedSample[]): Promise<{ hops?: HopSamples } | undefined>;
    /** Cleans up after the last sample (e.g. removes written files, stops a trace); also called on failure and cancel. */
    dispose?(): Promise<void>;
}

/** A scenario: what is timed, and how to prepare one case of it. */
export interface Scenario extends ScenarioInfo {
    /**
     * Why this scenario cannot run in this host (e.g. "the extension host is not Node"), or undefined
     * when it can. A skipped scenario is recorded with its reason, never silently dropped.
     */
    unavailableReason?(): string | undefined | Promise<string | undefined>;
    /**
     * A diagnostic scenario whose cases run one at a time after all interleaved cases, between {@link ScenarioCase.begin}
     * and {@link ScenarioCase.end} (e.g. with a trace on, which must not touch the other cases' samples), sampled like any
     * case (warm-up, then timed samples toward the precision target). Gets no CPU pass.
     */
    readonly runsAlone?: boolean;
    /** Prepares one case; throws a {@link FixtureError} when the target is missing. */
    prepare(target: ScenarioTarget): Promise<ScenarioCase>;
}

/** Copies the recorded fields of a scenario (drops functions). */
export function scenarioInfo(scenario: ScenarioInfo): ScenarioInfo {
    return {
        id: scenario.id,
        label: scenario.label,
        api: scenario.api,
        target: scenario.target,
        verification: scenario.verification,
    };
}
