import { CancellationSignal } from '../measure/runner';
import { SizeOrder } from '../measure/sizes';
import { TreeSize } from '../measure/trees';
import { ResultsDocument } from '../results/schema';
import { AccuracyCase } from './accuracy';
import { WorkspaceFileAccess } from './workspace-files';

/** The workspace folder an editor hands the session: its files, and how to name them. */
export interface SessionWorkspace extends WorkspaceFileAccess {
    /** The editor's URI string of a workspace-relative path (what a command returns to its caller). */
    uriOf(path: string): string;
    /** How a workspace-relative path is shown to a person: a local path where it has one, else the URI. */
    describe(path: string): string;
}

/** A button on a message: its label, and what clicking it does. */
export interface SessionAction {
    readonly label: string;
    run(): void;
}

/** Progress of a long task, as the editor shows it. */
export interface ProgressReporter {
    report(message: string, done: number, total: number): void;
}

/**
 * What an editor gives the session: the one small interface each extension implements (VS Code with its
 * `window` and `workspace` API, Theia with its services). Everything else of a run is written once, here.
 */
export interface EditorFrontEnd<W extends SessionWorkspace = SessionWorkspace> {
    /** Name of the editor, for the Output header ("Visual Studio Code", "Theia Browser Example"). */
    readonly editorName: string;
    /** A line in the "FS Performance" Output channel. */
    appendLine(line: string): void;
    /** Shows the Output channel without taking the focus. */
    showOutput(): void;
    /** A message to the person, with buttons; the session does not wait for a click. */
    notify(severity: 'info' | 'warning' | 'error', message: string, ...actions: SessionAction[]): void;
    /** Runs `task` under a progress notification titled `title` with a Cancel button. */
    withProgress<T>(title: string, task: (progress: ProgressReporter, cancellation: CancellationSignal) => Promise<T>): Promise<T>;
    /** The first workspace folder, or undefined when no folder is open. */
    workspace(): Promise<W | undefined>;
    /** A setting's value as configured (the default where none is set), unvalidated. */
    readSetting(key: string): unknown;
    /** The commands the session's messages offer. */
    readonly actions: {
        readonly openFolder: SessionAction;
        readonly generateTestFiles: SessionAction;
        readonly openSettings?: SessionAction;
    };
    /** Asks in a modal dialog; true only when `action` was chosen. "Remove Test Files" needs it. */
    confirm?(message: string, detail: string, action: string): Promise<boolean>;
    /** Logs an unexpected failure for developers (the person already got a message). */
    logError?(message: string, error: unknown): void;
    /**
     * Asks which results files to show together ("Show Report"), each a choice with the newest picked already;
     * undefined when the person cancels. Without it, the newest file is shown.
     */
    pickResultsFiles?(choices: readonly ResultsFileChoice[]): Promise<readonly string[] | undefined>;
    /**
     * A folder outside the workspace as files to read, e.g. a run folder of `yarn bench`: the one of the URI string, or
     * one the person picks (undefined when cancelled). "Show Report from Folder" needs it.
     */
    runFolder?(uri?: string): Promise<W | undefined>;
    /** Shows a report page (self-contained HTML, no script) in the editor, e.g. in a webview; "Show Report" needs it. */
    showReport?(title: string, html: string): void | Promise<void>;
    /** The button that runs this editor's "Show Report" command on these workspace-relative results files (offered after a run). */
    showReportAction?(paths: readonly string[]): SessionAction;
}

/** A results file offered by "Show Report". */
export interface ResultsFileChoice {
    /** Workspace-relative path. */
    readonly path: string;
    /** The file name. */
    readonly label: string;
    /** Host and start time, when the file could be read. */
    readonly description: string;
    readonly picked: boolean;
}

/** What "Show Report" returns to its caller. */
export type ReportOutcome =
    | { readonly status: 'shown'; readonly files: readonly string[]; readonly title: string }
    | { readonly status: 'cancelled' }
    | { readonly status: 'failed'; readonly message: string }
    | { readonly status: 'refused'; readonly message: string };

/** Overrides of the settings for one run, from a caller of a command; the palette passes none. */
export interface RunOptions {
    readonly scenarios?: string[];
    readonly sizes?: string[];
    readonly iterations?: number;
    readonly warmup?: number;
    readonly order?: SizeOrder;
    /** Precision target, percent (overrides `fsPerf.precision`): sample each case on until its median's 95% interval is within it. */
    readonly precisionPercent?: number;
    /** CPU passes after the timed samples (overrides `fsPerf.cpuPass`). */
    readonly cpuPass?: boolean;
    /** Pause before each sample, ms, at most as long as the previous sample (overrides `fsPerf.pause`; 0: none). */
    readonly pauseMs?: number;
    /** Generated trees the tree scenarios go over (overrides `fsPerf.treeSizes`). */
    readonly treeSizes?: string[];
    /** Calls in flight in the parallel stat storms (overrides `fsPerf.treeConcurrency`). */
    readonly treeConcurrency?: number;
    /** Write a results file (default true); Theia's "Run All" merges the plugin's document into its own. */
    readonly writeResults?: boolean;
}

/** What a run command returns to its caller, in both editors. */
export type RunOutcome =
    | { readonly status: 'completed'; readonly document: ResultsDocument; readonly resultsUri?: string }
    | { readonly status: 'cancelled' }
    | { readonly status: 'failed'; readonly message: string; readonly fileName?: string }
    | { readonly status: 'refused'; readonly message: string };

/** What "Check Accuracy" returns to its caller. */
export type AccuracyOutcome =
    | { readonly status: 'completed'; readonly cases: readonly AccuracyCase[]; readonly resultsUri: string }
    | { readonly status: 'cancelled' }
    | { readonly status: 'failed'; readonly message: string; readonly fileName?: string }
    | { readonly status: 'refused'; readonly message: string };

/** What "Generate Test Files" reports, as test-files' generator returns it. */
export interface GenerateSummary {
    readonly written: readonly string[];
    readonly repaired: readonly string[];
    readonly unchanged: readonly string[];
    readonly smallFilesWritten: number;
    readonly smallFilesUnchanged: number;
    /** The generated trees asked for, and whether each was written (else it was there already). */
    readonly trees?: readonly { readonly size: string; readonly written: boolean }[];
}

/** Writes (or repairs) the test files into a workspace folder: test-files' `generateWorkspaceFixtures`. */
export type FixtureGenerator<R extends GenerateSummary = GenerateSummary> = (options: {
    files: WorkspaceFileAccess;
    fixturesFolder: string;
    cancellation: CancellationSignal;
    onProgress: (message: string, done: number, total: number) => void;
    /** The generated trees to write too (the settings' `fsPerf.treeSizes` when a tree scenario is chosen; default none). */
    treeSizes?: readonly TreeSize[];
}) => Promise<R>;

export type GenerateOutcome<R extends GenerateSummary = GenerateSummary> =
    | { readonly status: 'completed'; readonly report: R; readonly folder: string }
    | { readonly status: 'cancelled' }
    | { readonly status: 'failed'; readonly message: string }
    | { readonly status: 'refused'; readonly message: string };
