import { z } from 'zod';
import { treeManifestSchema } from '../measure/trees';
import { watcherLoadSchema } from './watcher-load';

/**
 * Version of the results file format written; bump on any incompatible change. Version 2 adds the median's 95%
 * interval, the precision target and what settled the runtime before each sample; version 3 adds `comparison` (a
 * side of a `yarn bench --compare` run, its rows' `rounds` then being its blocks); version 4 adds `network` (the emulated
 * link a `yarn bench --network` run measured over); version 5 adds a comparison side's `sequential` design (cells sampled
 * until resolved); version 6 adds a comparison side's `starts` (which start of the side's processes measured each block);
 * version 7 adds a comparison side's `rule` (what its verdicts were decided with) and its sequential design's
 * `correction`; version 8 adds the `tree` target (a generated tree, issue 39) and the run's `trees` (their manifests); version 9
 * adds the `burst` target (many small files created then deleted, issue 39's writes); version 10 adds the `watch` and
 * `watch-burst` targets (file watching, issue 39) and a watch burst's `events`; version 11 adds `watcherLoad` (what
 * watching a big tree costs the editor's processes); version 12 adds a watcher load's `churn` (files created then deleted
 * in the dependency folder) and each process's `churnCpuMs`; version 13 adds a sequential design's `test`, `flagThreshold` and
 * `gate` (issue 54). Versions 1 to 12 are still read.
 */
export const RESULTS_SCHEMA_VERSION = 13;
export const RESULTS_SCHEMA_ID = 'fs-perf-results';

const nonEmpty = z.string().min(1);
const durationsMs = z.array(z.number().finite().nonnegative());

/** Which editor ran the measurement. `node` is a plain Node process (tests, core benchmarks). */
export const editorKindSchema = z.enum(['vscode', 'theia', 'node']);
/**
 * Where the measuring code ran: `desktop` (VS Code desktop), `server` (VS Code server / code-server,
 * extension host on the server, UI in a browser), `browser` (Theia browser app), `electron` (Theia
 * Electron app), `node` (no editor).
 */
export const runtimeKindSchema = z.enum(['desktop', 'server', 'browser', 'electron', 'node']);
/** `extension`: native to the editor (VS Code extension in VS Code, Theia extension in Theia); `plugin`: a VS Code extension in Theia. */
export const extensionKindSchema = z.enum(['extension', 'plugin', 'none']);

export const hostSchema = z.object({
    editor: editorKindSchema,
    /** Product name as the editor reports it, e.g. `Visual Studio Code`, `code-server`, `Theia Browser Example`. */
    editorName: nonEmpty,
    /** Editor version; for a plugin in Theia, Theia's version when known. */
    editorVersion: nonEmpty,
    runtime: runtimeKindSchema,
    extensionKind: extensionKindSchema,
    /** `vscode.version` where the VS Code API is used (in Theia: the supported API level, not a VS Code release). */
    apiVersion: z.string().optional(),
    /** How the bytes travel, e.g. `Theia RPC (msgpackr over WebSocket)`. */
    transport: z.string().optional(),
    /** Evidence the host identification used, e.g. `{ appHost: 'desktop', uiKind: 'Desktop' }`. */
    detectedFrom: z.record(z.string(), z.string()).optional(),
});

export const environmentSchema = z.object({
    os: z.object({ platform: nonEmpty, release: z.string().optional(), arch: z.string().optional() }).optional(),
    cpu: z.object({ model: nonEmpty, count: z.number().int().positive() }).optional(),
    /** Total memory of the machine, bytes. */
    memoryBytes: z.number().int().positive().optional(),
    /** Runtime versions: node, electron, chrome, v8, browser. */
    versions: z.record(z.string(), z.string()),
    userAgent: z.string().optional(),
});

export const settingsSchema = z.object({
    /** Timed samples per case; with a precision target, the least. */
    iterations: z.number().int().positive(),
    warmup: z.number().int().nonnegative(),
    sizes: z.array(nonEmpty),
    order: z.enum(['ascending', 'descending', 'shuffled']),
    scenarios: z.array(nonEmpty),
    /** (v2) Precision target each case sampled toward: the half-width of its median's 95% interval, percent of the median. */
    precisionPercent: z.number().positive().max(100).optional(),
    /** (v2) What ran before each sample, outside the timed region: `gc` (a full garbage collection) or `none`. */
    settle: z.enum(['gc', 'none']).optional(),
    /** (v6) Before each sample, an idle wait as long as the previous sample took, at most this many ms (setting `fsPerf.pause`); absent: none. */
    pauseMs: z.number().int().positive().optional(),
    /** (v2) Whether the cases were sampled in interleaved rounds rather than one after the other. */
    interleaved: z.boolean().optional(),
    /** (v2) Rounds merged into this document (`yarn bench --rounds`), the hosts alternated between them. */
    rounds: z.number().int().positive().optional(),
    /** (v2) Whether cases of 500K and up got a CPU pass after their timed samples (see a row's `cpu`). */
    cpuPass: z.boolean().optional(),
    /** (v8) The generated trees the tree scenarios went over, and the calls in flight of the parallel storms. */
    treeSizes: z.array(nonEmpty).optional(),
    treeConcurrency: z.number().int().positive().optional(),
});

export const statisticsSchema = z.object({
    count: z.number().int().positive(),
    medianMs: z.number().finite().nonnegative(),
    meanMs: z.number().finite().nonnegative(),
    standardDeviationMs: z.number().finite().nonnegative(),
    minMs: z.number().finite().nonnegative(),
    maxMs: z.number().finite().nonnegative(),
    p95Ms: z.number().finite().nonnegative(),
    madMs: z.number().finite().nonnegative(),
    megabytesPerSecond: z.number().finite().positive().optional(),
    /** (v2) Distribution-free 95% interval of the median (order statistics); absent below 6 samples. */
    medianIntervalMs: z.object({ low: z.number().finite().nonnegative(), high: z.number().finite().nonnegative() }).optional(),
});

export const scenarioInfoSchema = z.object({
    id: nonEmpty,
    label: nonEmpty,
    api: nonEmpty,
    target: z.enum(['fixture', 'small-files', 'tree', 'burst', 'watch', 'watch-burst']),
    verification: z.enum(['content', 'length']),
});

/** (v2) A case's CPU pass; (v7) each process's reading names its clock (nanosecond schedstat, Node's rusage, or /proc ticks). */
const caseCpu = z.object({
    calls: z.number().int().positive(),
    wallMs: z.number().finite().nonnegative(),
    processes: z.array(z.object({
        process: nonEmpty, cpuMs: z.number().finite().nonnegative(), clock: z.enum(['schedstat', 'rusage', 'ticks']).optional(),
    })),
});

const countSchema = z.number().int().nonnegative();

/** (v7, issue 37) What one call of a count pass moved over one channel (see measure/message-counts.ts). */
export const channelCountsSchema = z.object({
    channel: nonEmpty,
    sentMessages: countSchema,
    receivedMessages: countSchema,
    sentBytes: countSchema,
    receivedBytes: countSchema,
    roundTrips: countSchema,
});

/**
 * (v7, issue 37) A case's count pass, after all timed samples: each call's window on the clock all processes share (ms
 * since the epoch), the quiet gap before each call, and, where the headless driver observed the page's WebSockets
 * (`yarn bench`), per call the messages, bytes and round trips of each channel. Without `observed` (a run from the
 * palette) the counts need the headless run.
 */
export const rowCountsSchema = z.object({
    quietMs: z.number().finite().nonnegative(),
    windows: z.array(z.object({ start: z.number().finite(), end: z.number().finite() })).min(1),
    observed: z.object({
        /** What observed the messages, e.g. `Chromium DevTools protocol (Network.webSocketFrame*)`. */
        by: nonEmpty,
        perCall: z.array(z.array(channelCountsSchema)),
        /** Messages observed during the pass outside every call's window (in the quiet gaps): the editor's background traffic. */
        outside: countSchema,
    }).optional(),
}).refine(counts => counts.observed === undefined || counts.observed.perCall.length === counts.windows.length,
    { message: 'observed.perCall must have one entry per window', path: ['observed', 'perCall'] });

export const measurementSchema = z.object({
    scenario: scenarioInfoSchema,
    /** Column label: a size label (`50K`) or `1000 files`. */
    targetLabel: nonEmpty,
    fileName: nonEmpty,
    /** Bytes one sample moved. */
    bytes: z.number().int().nonnegative(),
    itemCount: z.number().int().positive().optional(),
    warmupMs: durationsMs,
    samplesMs: durationsMs.min(1),
    statistics: statisticsSchema,
    /** How the bytes were checked against the fixture manifest. */
    verification: z.enum(['sha256', 'length', 'count']),
    /** Durations measured by the other side (e.g. the backend's own read time) rather than the caller's clock. */
    reportedBySubject: z.boolean(),
    /** Where this row was measured, when not the document's host (Theia's "Run All" merges its plugin's rows). */
    host: hostSchema.optional(),
    /** (v2) With a precision target: whether the median's interval got within it. */
    reachedPrecision: z.boolean().optional(),
    /**
     * (v2) A streamed read, per timed sample in the order of `samplesMs`: ms from the call to the first chunk,
     * and the number of chunks.
     */
    stream: z.object({ firstChunkMs: durationsMs.min(1), chunks: z.array(z.number().int().nonnegative()).min(1) })
        .refine(stream => stream.firstChunkMs.length === stream.chunks.length, 'stream.firstChunkMs and stream.chunks must have one entry per timed sample')
        .optional(),
    /**
     * (v2) A row merged from several rounds (`yarn bench --rounds N`): how many of `samplesMs` each round took, in
     * order, so a comparison can take the rounds as its units.
     */
    rounds: z.array(z.number().int().positive()).min(1).optional(),
    /**
     * (v2) A scenario run alone with a trace (`vscode.workspace.fs.readFile.hops`): the hops of the call, by id in path
     * order, and per matched timed sample the ms of each (on the clock the machine's processes share; a hop can be
     * slightly negative when two processes' clocks disagree). `unmatched` counts samples some process had no record of.
     */
    hops: z.object({
        hops: z.array(nonEmpty).min(1),
        samplesMs: z.array(z.array(z.number().finite())),
        unmatched: z.number().int().nonnegative(),
    }).refine(hops => hops.samplesMs.every(sample => sample.length === hops.hops.length), 'each hops.samplesMs entry must have one value per hop')
        .optional(),
    /**
     * (v2) The case's CPU pass after the timed samples: its call repeated `calls` times over `wallMs`, untimed, and the
     * CPU time (user + system, ms) each process the host could see used meanwhile.
     */
    cpu: caseCpu.optional(),
    /**
     * (v7) A merged row's CPU pass of each round or block, in order (one per entry of `rounds`), when every one had a CPU
     * pass: what a `--compare` run pairs, block by block, as it pairs the samples.
     */
    cpuRounds: z.array(caseCpu).optional(),
    counts: rowCountsSchema.optional(),
    /**
     * (v10) A watch burst, per timed sample in the order of `samplesMs`: the distinct created paths the watcher reported,
     * against the files the child made (`expected`). A short count is a finding (events lost), not a failed sample.
     */
    events: z.object({ expected: z.number().int().positive(), received: z.array(countSchema).min(1) }).optional(),
}).refine(row => row.stream === undefined || row.stream.firstChunkMs.length === row.samplesMs.length,
    { message: 'stream must have one entry per timed sample', path: ['stream'] })
    .refine(row => row.events === undefined || (row.events.received.length === row.samplesMs.length && row.events.received.every(count => count <= row.events!.expected)),
        { message: 'events.received must have one count per timed sample, each at most events.expected', path: ['events'] })
    .refine(row => row.rounds === undefined || row.rounds.reduce((sum, count) => sum + count, 0) === row.samplesMs.length,
        { message: 'rounds must add up to the number of timed samples', path: ['rounds'] })
    .refine(row => row.cpuRounds === undefined || row.cpuRounds.length === (row.rounds ?? [row.samplesMs.length]).length,
        { message: 'cpuRounds must have one entry per round', path: ['cpuRounds'] });

/**
 * (v3) One side of a comparison of two builds measured alternately in one run (`yarn bench --compare BASE HEAD`). Its
 * rows are merged from the side's blocks: a row's `rounds` are the timed samples of each block, in block order, and
 * block `i` of the base was measured next to block `i` of the head (a pair).
 */
export const comparisonSideSchema = z.object({
    /** The comparison run, shared by both sides' documents. */
    id: nonEmpty,
    side: z.enum(['base', 'head']),
    /** The side's name in the report: `base` / `head`, or the user's label (e.g. `master`, `pr-1234`). */
    label: nonEmpty,
    /** What the side is, e.g. `Theia 1.74.1 from the registry`, `@theia/* tarballs in /path`, `the Theia at http://...`. */
    source: nonEmpty,
    /** Per block, in block order: its position in the run's sequence of blocks of both sides (0 first), e.g. A B B A: base 0, 3; head 1, 2. */
    positions: z.array(z.number().int().nonnegative()).min(1),
    /**
     * (v5) The cells were sampled until resolved (`--budget`): the group-sequential design every cell was looked at with
     * (see stats/sequential). A cell's rows then hold the pairs it took, the first of the run's pairs; a resolved cell
     * took no more.
     */
    sequential: z.object({
        alpha: z.number().gt(0).lt(1),
        noiseThreshold: z.number().nonnegative(),
        minPairs: z.number().int().min(6),
        lookEvery: z.number().int().positive(),
        maxPairs: z.number().int().min(6),
        /** (v7) The run's alpha shared across its cells by Holm at every look (stats/sequential-run.ts); absent: 5% a cell. */
        correction: z.enum(['holm']).optional(),
        /** (v13) How a look tests a cell's pairs (stats/paired.ts); absent: the exact signed-rank test. */
        test: z.enum(['signed-rank', 't']).optional(),
        /** (v13) How far a significant estimate must lie from 1 to flag (stats/verdict.ts); absent: the noise threshold. */
        flagThreshold: z.number().nonnegative().optional(),
        /**
         * (v13) The cells that gate (`--gate`), by their keys (results/cell-key.ts): they share the run's alpha by Holm,
         * the run samples until they are resolved, and only they can fail `--check`; the others share it among
         * themselves and are reported. Absent: every cell gates.
         */
        gate: z.array(nonEmpty).min(1).optional(),
    }).optional(),
    /**
     * (v6) Per block, in block order: which start of the side's processes (backend, plugin host, page) measured it, 0 the
     * first. `yarn bench --compare` restarts both sides between pairs (`--restart-every`), so that what one start of the
     * processes happens to get (memory layout, heap, JIT, core) varies from pair to pair instead of biasing the whole run.
     */
    starts: z.array(z.number().int().nonnegative()).min(1).optional(),
    /**
     * (v7) What the run decided its verdicts with (stats/verdict.ts), and from which size up it compared: a re-analysis
     * (`yarn report`, Show Report, `yarn bench:compare`) decides with it, not with its own defaults.
     */
    rule: z.object({
        alpha: z.number().gt(0).lt(1),
        noiseThreshold: z.number().nonnegative(),
        minSize: nonEmpty,
        /**
         * (v7, since issue 37) `--check` decided from the run's verdicts alone, every cell's from all its pairs. Absent in
         * the runs made before, whose `--check` measured the cells it found slower again in a confirming pass and failed
         * only on those slower again (recorded in their comparison.json, not in the results).
         */
        onePass: z.literal(true).optional(),
        /** (since issue 37's exact counts) The count groups `--check` gated on (`--check-counts`; absent: round trips, the default). */
        checkCounts: z.array(z.string().min(1)).optional(),
    }).optional(),
    /**
     * (v7, since issue 37's duet) Per block, in block order: the core the side's processes (backend, plugin host, browser)
     * were pinned to while both sides measured their blocks of a pair at the same time (`--duet`), the two sides on
     * different cores, swapped every pair. Absent: the sides' blocks were measured one after the other, unpinned.
     */
    cores: z.array(z.number().int().nonnegative()).min(1).optional(),
}).refine(side => side.starts === undefined || side.starts.length === side.positions.length,
    { message: 'starts must have one entry per block, as positions has', path: ['starts'] })
    .refine(side => side.cores === undefined || side.cores.length === side.positions.length,
        { message: 'cores must have one entry per block, as positions has', path: ['cores'] });

export const skippedSchema = z.object({
    scenario: scenarioInfoSchema,
    reason: nonEmpty,
    host: hostSchema.optional(),
});

export const networkProfileSchema = z.object({
    name: z.string().min(1),
    rttMs: z.number().finite().nonnegative(),
    downMbps: z.number().finite().positive(),
    upMbps: z.number().finite().positive(),
    jitterMs: z.number().finite().nonnegative(),
    source: z.string().min(1),
});

/** What the page measured through the emulated link before the host was measured under it. */
export const networkCheckSchema = z.object({
    /** Round trip the link added: the median of a tiny request's on an open connection, less the page's own round trip without the link, ms. */
    rttMs: z.number().finite().nonnegative(),
    /** The page's median round trip to a server beside it, without the link (the browser's own fetch machinery), ms. */
    directRttMs: z.number().finite().nonnegative(),
    /** Throughput of a download and an upload of `bytes` through the link, the round trip taken off, Mbit/s. */
    downMbps: z.number().finite().positive(),
    upMbps: z.number().finite().positive(),
    /** The same without the link, straight to the server: what this machine's browser reaches at most, Mbit/s. */
    directDownMbps: z.number().finite().positive(),
    directUpMbps: z.number().finite().positive(),
    bytes: z.number().int().positive(),
    /** Largest relative miss allowed (0.15: 15%). */
    tolerance: z.number().positive(),
    /** Every figure within the tolerance of the profile's. False only when the sole misses were bandwidths short of the profile's: the run then measured against the link as checked (its floors use the measured rates); any other miss refuses the run. */
    held: z.boolean(),
});

/**
 * (v4) The link a results file was measured over (`yarn bench --network`); absent: loopback. Written by the bench, which
 * measured the link through the proxy from the page before the host.
 */
export const networkConditionsSchema = z.object({
    profile: networkProfileSchema,
    /** The tool that emulated it, e.g. `toxiproxy 2.12.0`. */
    emulator: z.string().min(1),
    check: networkCheckSchema,
});

export type NetworkConditions = z.infer<typeof networkConditionsSchema>;
export type NetworkCheck = z.infer<typeof networkCheckSchema>;

export const resultsDocumentSchema = z.object({
    schema: z.literal(RESULTS_SCHEMA_ID),
    schemaVersion: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6), z.literal(7), z.literal(8), z.literal(9), z.literal(10), z.literal(11), z.literal(12), z.literal(RESULTS_SCHEMA_VERSION)]),
    /** The tool that wrote the file. */
    tool: z.object({ name: nonEmpty, version: nonEmpty }),
    runId: nonEmpty,
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime(),
    host: hostSchema,
    environment: environmentSchema,
    settings: settingsSchema,
    results: z.array(measurementSchema),
    skipped: z.array(skippedSchema),
    comparison: comparisonSideSchema.optional(),
    /** (v4) The emulated link between the page and the server this file was measured over; absent: loopback. */
    network: networkConditionsSchema.optional(),
    /** (v8) The generated trees the run's tree scenarios went over, as their manifests describe them. */
    trees: z.array(treeManifestSchema).optional(),
    /** (v11) What watching a big tree cost the editor's processes (`yarn bench --suite watch`). */
    watcherLoad: watcherLoadSchema.optional(),
}).superRefine((document, context) => {
    document.results.forEach((measurement, index) => {
        if (measurement.statistics.count !== measurement.samplesMs.length) {
            context.addIssue({
                code: 'custom',
                path: ['results', index, 'statistics', 'count'],
                message: `is ${measurement.statistics.count} but samplesMs has ${measurement.samplesMs.length} samples`,
            });
        }
    });
});

export type HostInfo = z.infer<typeof hostSchema>;
export type EnvironmentInfo = z.infer<typeof environmentSchema>;
export type RunSettings = z.infer<typeof settingsSchema>;
export type Measurement = z.infer<typeof measurementSchema>;
export type ResultsDocument = z.infer<typeof resultsDocumentSchema>;
export type ComparisonSide = z.infer<typeof comparisonSideSchema>;
export type RowCounts = z.infer<typeof rowCountsSchema>;

/**
 * The user's link between the page (the workbench in their browser) and the host's server (Theia's backend, code-server),
 * as `yarn bench --network` emulates it: a round trip and a bandwidth per direction. `down` is what the page receives
 * (server -> page), `up` what it sends (page -> server), usually the slower direction.
 */
export interface NetworkProfile {
    /** `lan`, `cable`, `dsl`, or the user's own name (`custom` by default). */
    readonly name: string;
    /** Round-trip time added by the link, ms (half each way). */
    readonly rttMs: number;
    /** Bandwidth server -> page, Mbit/s (10^6 bits). */
    readonly downMbps: number;
    /** Bandwidth page -> server, Mbit/s. */
    readonly upMbps: number;
    /** Jitter of each one-way delay, ± ms (0: none). */
    readonly jitterMs: number;
    /** Where its figures come from. */
    readonly source: string;
}
