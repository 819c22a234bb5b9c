/**
 * What a run's `run.json` records of each host: measured, skipped or failed, and why. `yarn bench` writes it, and the
 * report's "Not measured" section comes from it.
 */
import { NotMeasuredHost } from '@fs-perf/benchmark-core';
import { BenchRun } from './bench-hosts';

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
