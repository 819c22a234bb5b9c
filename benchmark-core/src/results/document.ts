import { ResultsValidationError } from '../errors';
import { CaseMeasurement, RunnerOutput, SkippedScenario } from '../measure/runner';
import { TreeManifest } from '../measure/trees';
import { describeZodError } from '../zod-errors';
import { EnvironmentInfo, HostInfo, Measurement, RESULTS_SCHEMA_ID, RESULTS_SCHEMA_VERSION, ResultsDocument, resultsDocumentSchema, RunSettings } from './schema';

/**
 * Validates a parsed results file. Throws a {@link ResultsValidationError} whose message names the first
 * bad fields, e.g. `results[2].statistics.medianMs: Invalid input: expected number, received string`.
 */
export function validateResultsDocument(value: unknown, source = 'results file'): ResultsDocument {
    if (typeof value === 'object' && value && 'schemaVersion' in value) {
        const version = (value as { schemaVersion: unknown }).schemaVersion;
        if (typeof version === 'number' && version > RESULTS_SCHEMA_VERSION) {
            throw new ResultsValidationError(`${source} has schemaVersion ${version}, newer than this tool reads (${RESULTS_SCHEMA_VERSION}): update fs-perf.`);
        }
    }
    const parsed = resultsDocumentSchema.safeParse(value);
    if (!parsed.success) {
        throw new ResultsValidationError(`${source} is not a valid fs-perf results file: ${describeZodError(parsed.error)}`);
    }
    return parsed.data;
}

/** Parses and validates results JSON text. */
export function parseResultsDocument(text: string, source = 'results file'): ResultsDocument {
    let value: unknown;
    try {
        value = JSON.parse(text);
    } catch (error) {
        throw new ResultsValidationError(`${source} is not valid JSON: ${(error as Error).message}`);
    }
    return validateResultsDocument(value, source);
}

export function toMeasurement(measurement: CaseMeasurement): Measurement {
    return {
        scenario: { ...measurement.scenario },
        targetLabel: measurement.target.label,
        fileName: measurement.target.fileName,
        bytes: measurement.target.bytes,
        ...(measurement.target.itemCount === undefined ? {} : { itemCount: measurement.target.itemCount }),
        warmupMs: [...measurement.warmupMs],
        samplesMs: [...measurement.samplesMs],
        statistics: { ...measurement.statistics },
        verification: measurement.verification,
        reportedBySubject: measurement.reportedBySubject,
        ...(measurement.reachedPrecision === undefined ? {} : { reachedPrecision: measurement.reachedPrecision }),
        ...(measurement.stream ? { stream: { firstChunkMs: [...measurement.stream.firstChunkMs], chunks: [...measurement.stream.chunks] } } : {}),
        ...(measurement.hops ? { hops: { hops: [...measurement.hops.hops], samplesMs: measurement.hops.samplesMs.map(sample => [...sample]), unmatched: measurement.hops.unmatched } } : {}),
        ...(measurement.cpu ? { cpu: { calls: measurement.cpu.calls, wallMs: measurement.cpu.wallMs, processes: measurement.cpu.processes.map(entry => ({ ...entry })) } } : {}),
        ...(measurement.counts ? { counts: { quietMs: measurement.counts.quietMs, windows: measurement.counts.windows.map(window => ({ ...window })) } } : {}),
        ...(measurement.events ? { events: { expected: measurement.events.expected, received: [...measurement.events.received] } } : {}),
    };
}

export interface ResultsDocumentInput {
    readonly tool: { name: string; version: string };
    readonly host: HostInfo;
    readonly environment: EnvironmentInfo;
    readonly settings: RunSettings;
    readonly output: RunnerOutput | { measurements: CaseMeasurement[]; skipped: SkippedScenario[]; startedAt: string; finishedAt: string };
    /** Defaults to a random id. */
    readonly runId?: string;
    /** The manifests of the trees the run went over. */
    readonly trees?: readonly TreeManifest[];
}

/** Builds a results document from a runner output and validates it, so nothing malformed is ever written. */
export function createResultsDocument(input: ResultsDocumentInput): ResultsDocument {
    const document = {
        schema: RESULTS_SCHEMA_ID,
        schemaVersion: RESULTS_SCHEMA_VERSION,
        tool: input.tool,
        runId: input.runId ?? randomRunId(),
        startedAt: input.output.startedAt,
        finishedAt: input.output.finishedAt,
        host: input.host,
        environment: input.environment,
        settings: input.settings,
        results: input.output.measurements.map(toMeasurement),
        skipped: input.output.skipped.map(skipped => ({ scenario: { ...skipped.scenario }, reason: skipped.reason })),
        ...(input.trees && input.trees.length > 0 ? { trees: input.trees.map(tree => ({ ...tree, perFolder: { ...tree.perFolder } })) } : {}),
    };
    return validateResultsDocument(document, 'The new results document');
}

function randomRunId(): string {
    const cryptoObject = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
    if (cryptoObject?.randomUUID) {
        return cryptoObject.randomUUID();
    }
    return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Merges rows measured by another host into a document (Theia's "Run All": the plugin's rows join the
 * extension's), each row keeping the host it was measured in. Validated like any document.
 */
export function mergeResultsDocuments(primary: ResultsDocument, other: ResultsDocument): ResultsDocument {
    const withHost = <T extends { host?: HostInfo }>(row: T): T => ({ ...row, host: row.host ?? other.host });
    return validateResultsDocument({
        ...primary,
        finishedAt: other.finishedAt > primary.finishedAt ? other.finishedAt : primary.finishedAt,
        settings: { ...primary.settings, scenarios: [...primary.settings.scenarios, ...other.settings.scenarios] },
        results: [...primary.results, ...other.results.map(withHost)],
        skipped: [...primary.skipped, ...other.skipped.map(withHost)],
    }, 'The merged results document');
}
