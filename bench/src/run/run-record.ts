/**
 * What a run's `run.json` records of each host: measured, skipped or failed, and why, in the order the run measured them.
 * `yarn bench` writes it; the report of the run's folder reads it back, so that it says what the run's own report said
 * (its "Not measured" section, its hosts and links in the run's order), whoever writes it.
 */
import { promises as fs } from 'fs';
import * as path from 'path';
import { LOOPBACK, NotMeasuredHost } from '@fs-perf/benchmark-core';
import { BenchHost, BenchRun, benchRuns, benchTargets, NetworkChoice } from './bench-hosts';

/** One host over one link as `run.json` records it: `host` is its run's key (`theia-browser@dsl`). */
export interface HostOutcome {
    readonly host: string;
    readonly status: 'measured' | 'skipped' | 'failed';
    readonly seconds: number;
    readonly reason?: string;
    readonly resultsFile?: string;
}

/** The report's rows of the hosts not measured, in the order of `outcomes`, each named as its run names it. */
export function notMeasuredHosts(outcomes: readonly HostOutcome[], runs: readonly BenchRun[]): NotMeasuredHost[] {
    return outcomes.filter(outcome => outcome.status !== 'measured')
        .map(outcome => ({ host: runs.find(run => run.key === outcome.host)?.name ?? outcome.host, reason: `${outcome.status}: ${outcome.reason}` }));
}

/** What `yarn report` takes from a run folder's `run.json`: each host's outcome in the run's order, and the runs naming them. */
export interface RunRecord {
    readonly outcomes: readonly HostOutcome[];
    readonly runs: readonly BenchRun[];
}

const STATUSES: readonly HostOutcome['status'][] = ['measured', 'skipped', 'failed'];

function isObject(value: unknown): value is Record<string, unknown> {
    return typeof value === 'object' && Boolean(value) && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
    return Array.isArray(value) && value.every(item => typeof item === 'string');
}

/** The runs `options` (as run.json records them) made, for their names; none where it does not say (names fall back to keys). */
function recordedRuns(options: unknown): BenchRun[] {
    if (!isObject(options) || !isStringArray(options.hosts)) {
        return [];
    }
    const theiaVersions = isStringArray(options.theiaVersions) ? options.theiaVersions : undefined;
    // Runs before --network recorded no links: they measured over loopback alone.
    const networks: NetworkChoice[] = Array.isArray(options.networks)
        ? options.networks.filter((choice): choice is NetworkChoice => choice === LOOPBACK || (isObject(choice) && typeof choice.name === 'string'))
        : [LOOPBACK];
    return benchRuns(benchTargets({ hosts: options.hosts as BenchHost[], theiaVersions }), networks);
}

/** One entry of run.json's `hosts`, checked: the message says what is wrong where. */
function recordedOutcome(entry: unknown, where: string): HostOutcome {
    if (!isObject(entry) || typeof entry.host !== 'string' || !STATUSES.includes(entry.status as HostOutcome['status'])) {
        throw new Error(`${where} is not a host's record: it needs "host" (a string) and "status" (${STATUSES.join(', ')}).`);
    }
    for (const field of ['reason', 'resultsFile']) {
        if (entry[field] !== undefined && typeof entry[field] !== 'string') {
            throw new Error(`${where}.${field} must be a string.`);
        }
    }
    return entry as unknown as HostOutcome;
}

/**
 * A run folder's `run.json`, or undefined where there is none or it records no hosts (a `--compare` run's). A file that
 * is not JSON, or whose hosts are not records of hosts, is an error naming the file: a report that silently left out
 * what the run said it did not measure would not be the run's.
 */
export async function readRunRecord(folder: string): Promise<RunRecord | undefined> {
    const file = path.join(folder, 'run.json');
    const text = await fs.readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') {
            return undefined;
        }
        throw new Error(`${file} cannot be read: ${error.message}`);
    });
    if (text === undefined) {
        return undefined;
    }
    let record: unknown;
    try {
        record = JSON.parse(text);
    } catch (error) {
        throw new Error(`${file} is not valid JSON (${(error as Error).message}): restore the run's run.json, or move it out of the folder.`);
    }
    if (!isObject(record)) {
        throw new Error(`${file} is not a run's record: it holds no JSON object.`);
    }
    if (record.hosts === undefined) {
        return undefined;
    }
    if (!Array.isArray(record.hosts)) {
        throw new Error(`${file}: "hosts" must be a list of the run's hosts.`);
    }
    return { outcomes: record.hosts.map((entry, index) => recordedOutcome(entry, `${file}: hosts[${index}]`)), runs: recordedRuns(record.options) };
}
