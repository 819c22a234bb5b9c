// benchmark-core's surface: the names the extensions, the bench, the fixture generator and the end-to-end tests use,
// grouped by concern, lowest folder first. Everything else stays inside its folder (benchmark-core's own tests import the
// folders). src/test/surface.test.ts holds this list: a name added here is added there too, and must be used outside.

// Errors a user can act on.
export { BenchmarkCancelledError, FixtureError } from './errors';

// Statistics: a sample's summary and the interval texts the editors print.
export { computeStatistics, median, pairRatios, formatRatioInterval, formatSupported } from './stats';
// The verdict rule and the sequential design a comparison runs to.
export { DEFAULT_VERDICT_RULE, sequentialLooks, decideLook, fewestPairsToDecide, gateFamilies, planSequentialRun } from './stats';
export type { Verdict, SequentialRunDesign, SequentialRunPlan } from './stats';

// Scenarios: the contract an editor implements and the catalog of ids, suites and targets.
export {
    SCENARIO_CATALOG, THEIA_SCENARIO_IDS, VSCODE_SCENARIO_IDS, TREE_SCENARIO_IDS, WRITE_SCENARIO_IDS, WATCH_SCENARIO_IDS,
    scenarioInfoById, selectScenarios, suiteScenarioIds, treeItemCount,
} from './measure';
export type {
    ScenarioCatalogEntry, ScenarioImplementations, ScenarioInfo, ScenarioCase, ScenarioTarget, SampleOutput, WatchChangeKind,
    CancellationSignal,
} from './measure';
// Sampling: how many samples a case takes.
export { DEFAULT_ITERATIONS, DEFAULT_WARMUP, ITERATIONS_RANGE, WARMUP_RANGE, countProblem } from './measure';
// Fixtures: sizes, file names, the manifest and its hashes.
export {
    FIXTURE_SIZES, FIXTURE_SIZE_LABELS, fixtureFileName, fixtureSize, formatBytes, parseSizeList,
    FIXTURE_MANIFEST_FILE, GENERATE_FIXTURES_HINT, SMALL_FILES_DIRECTORY, parseFixtureManifest, smallFileName, sha256Hex,
} from './measure';
export type { FixtureSize, SizeOrder, FixtureManifest } from './measure';
// Trees: their sizes, layout and manifest, and the walks timed over them.
export {
    TREE_SIZES, TREE_SIZE_LABELS, DEFAULT_TREE_SIZE_LABELS, TREES_DIRECTORY, TREE_DEPENDENCY_FOLDER, parseTreeManifest,
    parseTreeSizeList, treeFolder, treeManifestFile, treeTargetLabel, computeTreeLayout, treeManifestOf,
    DEFAULT_TREE_CONCURRENCY, TREE_CONCURRENCY_RANGE, countingCase, statInFlight, statOneAfterAnother, treeFilePaths, walkDown,
} from './measure';
export type { TreeManifest, TreeSize, TreeLayout, WalkEntry } from './measure';
// Writes: the burst of files a write scenario creates and deletes.
export {
    WRITE_BURST, burstBytes, burstCount, burstFileNames, burstRequestProblem, burstTargetLabel, createThenDelete, writeFolderName,
} from './measure';
export type { WriteBurst } from './measure';
// Watching: the events a watch scenario waits for and its two cases.
export {
    WATCH_BURST_FILES, WATCH_CHANGE_KINDS, WatchEvents, watchBurstFileName, watchFolderName, watchBurstCase, watchLatencyCase,
} from './measure';
// Hops: the timestamps of a plugin read at each process it crosses.
export { CLOCK_SLACK_MS, MethodTrace, PLUGIN_READ_HOPS, TRACE_COMMANDS, pluginReadHops } from './measure';
export type { ReadTrace, TraceSpan } from './measure';
// CPU: per-process CPU time from /proc.
export { CPU_PIDS_FILE_VARIABLE, listedProcessesCpu, ownCpuReading, procStatCpuMs, readProcCpu } from './measure';
export type { CpuProbe, ProcFiles, ProcessCpuReading } from './measure';
// Message counts: the channels counted and the observer that counts them.
export { ALL_CHANNELS, countRanges, COUNT_OBSERVER_URL_VARIABLE, httpCountObserver } from './measure';
export type { CountWindow, ObservedFrame } from './measure';

// Settings: the editors' settings, their schema and ranges.
export {
    SETTING_KEYS, SCENARIO_SETTING_KEYS, SETTINGS_TITLE, extensionSettingsSchema, DEFAULT_FIXTURES_FOLDER, PAUSE_RANGE,
    PRECISION_RANGE,
} from './settings';
export type { BenchmarkSettings, SettingSchema } from './settings';

// Results: the versioned document a run writes.
export type {
    ResultsDocument, Measurement, EnvironmentInfo, HostInfo, ComparisonSide, NetworkCheck, NetworkConditions, NetworkProfile,
    WatcherLoad, WatcherLoadProcess, WatcherLoadVariant,
} from './results';
// Reading, validating and merging results documents, and their files.
export {
    parseResultsDocument, validateResultsDocument, mergeResultsDocuments, mergeRounds, withObservedCounts, compareReleases,
    RESULTS_DIRECTORY, resultsFileName,
} from './results';
// Cells and hosts: one identity each, with its display name and parser.
export { cellDisplayName, cellKeyId, labelCell, parseCellKey, rowCellKey, sameCell, editorDescription, hostKeyLabel, hostLabel } from './results';
export type { CellKey, HostKey } from './results';

// Network: the link profiles a run emulates and the wire floor it is checked against.
export {
    LOOPBACK, NETWORK_PROFILES, NETWORK_CHECK_TOLERANCE, describeNetworkProfile, linkAsChecked, linkShortfalls,
    networkCheckMisses, parseNetworkList, toxicsFor, pathSteps, wireFloor,
} from './network';

// Comparison of two runs: verdicts per cell, exact count differences and the gate.
export {
    compareRuns, verdictCounts, DEFAULT_COUNT_CHECK, parseCountCheck, renderCountDifferences, sidesCountDifferences,
    checkCountGroups, decideGate, DUET_DESIGN,
} from './compare';
export type { RunComparison, CellChange, ComparisonCheck } from './compare';
// Bisect: a chain of comparisons over releases or builds.
export { planBisect, runBisect } from './compare';
export type { BisectAnswer, BisectDesign, BisectOracle, BisectRequest, BisectVerdict } from './compare';

// Report: one model and its renderers (text, Markdown and HTML files).
export {
    buildComparisonReport, reportSections, renderReportFiles, renderReportHtml, renderRunComparison, renderHeadlineText,
    renderResultsText, renderTextTable,
} from './report';
export type { ComparisonReport, ComparisonReportOptions, NotMeasuredHost } from './report';
// A bisect's record and its answer's report.
export {
    BISECT_FILE, bisectAnswerSentence, bisectChartSvg, bisectRecordProblem, renderBisectHtml, renderBisectMarkdown,
} from './report';
export type { BisectRecord, BisectRecordCell, RecordedStep } from './report';

// Session: the workflow both extensions run over their editor's front end.
export { BenchmarkSession, DEFAULT_ACCURACY_ROUNDS } from './session';
export type {
    RunDefinition, EditorFrontEnd, RunOptions, RunOutcome, ReportOutcome, AccuracyOutcome, AccuracyDocument, GenerateOutcome,
    FixtureGenerator, ProgressReporter, ResultsFileChoice, SessionAction,
} from './session';
// Workspace files: atomic writes and the newest results file.
export { findNewestResultsFile, joinPath, writeFileAtomically } from './session';
export type { WorkspaceFileAccess } from './session';
// The lines a run prints to the Output panel, which the bench reads back.
export { OUTPUT_CHANNEL_NAME, OutputMarkers, parseRunEnd, runStoppedLine } from './session';
export type { RunEnd } from './session';
// Removing the generated test files.
export type { FolderEntry, RemovableWorkspace, RemoveOutcome, RemoveTestFilesOptions } from './session';
