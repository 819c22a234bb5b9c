import { HostInfo, Measurement, ResultsDocument } from '../results/schema';
import { validateResultsDocument } from '../results/document';
import { ScenarioInfo } from '../measure/scenario';
import { SCENARIO_CATALOG } from '../measure/scenario-catalog';
import { fixtureSize } from '../measure/sizes';
import { computeStatistics } from '../stats/statistics';

export const vscodeServer: HostInfo = { editor: 'vscode', editorName: 'code-server', editorVersion: '1.100.3', runtime: 'server', extensionKind: 'extension' };
export const theiaBrowser: HostInfo = { editor: 'theia', editorName: 'Theia', editorVersion: '1.74.1', runtime: 'browser', extensionKind: 'extension' };
export const theiaBrowserPlugin: HostInfo = { ...theiaBrowser, extensionKind: 'plugin' };

/**
 * A measurement of a fixture size (or of `1000 files` for a small-files scenario) with samples around
 * `medianMs`, so its median is exactly `medianMs`; measured by `host` when given (a merged row).
 */
export function measurement(scenario: ScenarioInfo, target: string, medianMs: number, host?: HostInfo): Measurement {
    return measurementOfSamples(scenario, target, [medianMs * 0.9, medianMs, medianMs * 1.1], host);
}

/** A measurement of these timed samples (ms), as {@link measurement}. */
export function measurementOfSamples(scenario: ScenarioInfo, target: string, samples: readonly number[], host?: HostInfo): Measurement {
    const bytes = scenario.target === 'fixture' ? fixtureSize(target).bytes : 0;
    return {
        scenario: { ...scenario }, targetLabel: target, fileName: scenario.target === 'fixture' ? `${target}.bin` : 'small', bytes,
        warmupMs: [], samplesMs: [...samples], statistics: computeStatistics(samples, bytes),
        verification: scenario.verification === 'content' ? 'sha256' : 'length', reportedBySubject: false,
        ...(host ? { host } : {}),
    };
}

/** `workspace.fs.readFile` medians per size, e.g. `{ '500K': 10 }`. */
export function readFileMedians(medians: Record<string, number>): Measurement[] {
    return Object.entries(medians).map(([size, medianMs]) => measurement(SCENARIO_CATALOG.vscodeReadFile, size, medianMs));
}

/** A valid results document of one host. */
export function resultsDocument(host: HostInfo, results: Measurement[]): ResultsDocument {
    const now = new Date().toISOString();
    return validateResultsDocument({
        schema: 'fs-perf-results', schemaVersion: 1, tool: { name: 'test', version: '0' }, runId: 'run', startedAt: now, finishedAt: now,
        host, environment: { versions: { node: '20' }, cpu: { model: 'Test CPU', count: 2 } },
        settings: { iterations: 3, warmup: 0, sizes: [...new Set(results.map(row => row.targetLabel))], order: 'ascending', scenarios: [] },
        results, skipped: [],
    });
}

/** A small run: VS Code server, and a Theia browser file with the plugin's rows merged in (some sizes missing on purpose). */
export function sampleRun(): ResultsDocument[] {
    const catalog = SCENARIO_CATALOG;
    return [
        resultsDocument(vscodeServer, [measurement(catalog.vscodeReadFile, '1K', 2), measurement(catalog.vscodeReadFile, '10000K', 10),
            measurement(catalog.vscodeStat, '1000 files', 3)]),
        resultsDocument(theiaBrowser, [
            measurement(catalog.theiaFileServiceReadFile, '1K', 4), measurement(catalog.theiaFileServiceReadFile, '10000K', 250),
            measurement(catalog.theiaNodeFsService, '1K', 2), measurement(catalog.theiaNodeFsService, '10000K', 200),
            measurement(catalog.theiaDiskFloor, '10000K', 2),
            // measured by one host at one size only
            measurement(catalog.theiaHttpFetch, '10000K', 60),
            // the plugin's rows, merged into the Theia extension's file by "Run All"
            measurement(catalog.vscodeReadFile, '1K', 8, theiaBrowserPlugin), measurement(catalog.vscodeReadFile, '10000K', 500, theiaBrowserPlugin),
        ]),
    ];
}
