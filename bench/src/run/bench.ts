/**
 * A `yarn bench` run: every host set up first, then measured one after the other (they must not compete for the 2
 * cores), in rounds and over each link; the results files, the report and `run.json` written into the run's folder.
 */
import { promises as fs } from 'fs';
import * as path from 'path';
import { describeNetworkProfile, LOOPBACK, mergeRounds, NetworkProfile, renderHeadlineText, ResultsDocument } from '@fs-perf/benchmark-core';
import { chromiumAvailable } from '../hosts/chromium';
import { checkTheiaReachable } from '../hosts/theia-app';
import { planTheiaRelease, TheiaReleasePlan } from '../hosts/theia-release';
import { ensureToxiproxy } from '../link/toxiproxy';
import { linkAsCheckedNote } from '../link/check';
import { benchBisect } from './bisect-run';
import { benchCompare } from './compare';
import { benchWatchCompare } from './compare/watch-comparison';
import { BenchRun, benchRuns, benchTargets } from './bench-hosts';
import { Measure, prepareHost } from './measure-host';
import { BenchHost, BenchOptions, BenchTarget, HOST_NAMES, recordedOptions } from './options';
import { WATCH_TREE_DEFAULT } from './option-table';
import { machineRecord } from '../util/machine';
import { ensureVsix, VSIX } from './prepare';
import { describeSampling, log, progressPrinter, runSeconds } from './progress';
import { writeReport } from './report-files';
import { HostOutcome, notMeasuredHosts } from './run-record';

/** Runs `yarn bench` with `options` (or its `--compare`); the exit code: 1 when a host failed or none was measured. */
export async function bench(options: BenchOptions): Promise<number> {
    const chromiumProblem = await chromiumAvailable();
    if (chromiumProblem && options.hosts.some(host => host === 'theia-browser' || host === 'vscode-server')) {
        throw new Error(`${chromiumProblem}; run scripts/install-prerequisites.sh.`);
    }
    if (options.compare) {
        ensureVsix();
        const run = {
            compare: options.compare, iterations: options.iterations, warmup: options.warmup, sizes: options.sizes, cpuPass: options.cpuPass, out: options.out,
            // --suite watch compares the watches of the --watch-tree tree, not blocks (compare/watch-comparison.ts).
            suite: options.suite === 'watch' ? undefined : options.suite, treeSizes: options.treeSizes,
            ...options.suite === 'watch' ? { watchTree: options.watchTree ?? WATCH_TREE_DEFAULT } : {},
            theiaCache: options.theiaCache, force: options.force, vsix: VSIX, log, progress: progressPrinter,
        };
        if (options.bisectSeries || options.resume) {
            return benchBisect({ seriesText: options.bisectText, series: options.bisectSeries, cell: options.bisectCell, direction: options.bisectDirection ?? 'slower',
                resume: options.resume }, run);
        }
        return run.watchTree ? benchWatchCompare({ ...run, watchTree: run.watchTree }) : benchCompare(run);
    }
    if (options.theiaUrl) {
        await checkTheiaReachable(options.theiaUrl, 'Check the URL, or leave out --theia-url to start the browser app here.');
    }
    await fs.mkdir(path.join(options.out, 'results'), { recursive: true });
    const links = options.networks.filter((choice): choice is NetworkProfile => choice !== LOOPBACK);
    log(`measuring ${options.hosts.join(', ')} at ${options.sizes.join(', ')}: ${describeSampling(options)}`
        + `${options.rounds > 1 ? `, in ${options.rounds} rounds` : ''}${options.cpuThrottle > 1 ? `, pages' CPU throttled ${options.cpuThrottle}x` : ''}`
        + `${links.length > 0 ? `, over ${options.networks.map(choice => choice === LOOPBACK ? LOOPBACK : describeNetworkProfile(choice)).join(', ')}` : ''}; output in ${options.out}`);
    const targets = benchTargets(options);
    const outcomes = new Map<string, HostOutcome>();
    const prepared = await prepareTargets(targets, options, outcomes);
    // One measurement per host and link; a host measured over a link is `<host>@<link>` (its results file too).
    const runs = benchRuns(targets, options.networks);
    skipRunsOverLinks(runs, outcomes, links.length > 0);
    const measured = await measureRounds(runs, prepared, outcomes, options);
    await writeResultsFiles(measured, outcomes, options);
    return reportRun(runs, outcomes, options);
}

/** A host that failed: logged, and its outcome recorded. */
function recordFailure(outcomes: Map<string, HostOutcome>, host: string, error: unknown): void {
    const reason = (error as Error).message ?? String(error);
    log(`  ${host}: FAILED: ${reason}`);
    outcomes.set(host, { host, status: 'failed', seconds: 0, reason });
}

/** Every host set up first (builds, installs), so the rounds that follow only measure; what cannot be is recorded in `outcomes`. */
async function prepareTargets(targets: readonly BenchTarget[], options: BenchOptions, outcomes: Map<string, HostOutcome>): Promise<Map<string, Measure>> {
    // Every Theia release is checked against the registry before anything is installed.
    const plans = new Map<string, TheiaReleasePlan>();
    for (const version of options.theiaVersions ?? []) {
        plans.set(version, await planTheiaRelease(version));
    }
    const prepared = new Map<string, Measure>();
    for (const target of targets) {
        log(`${target.name}${target.host === 'theia-browser' && options.theiaUrl ? ` at ${options.theiaUrl}` : ''}`);
        try {
            const preparation = await prepareHost(target, options, plans);
            if ('skip' in preparation) {
                log(`  ${target.id}: SKIPPED: ${preparation.skip}`);
                outcomes.set(target.id, { host: target.id, status: 'skipped', seconds: 0, reason: preparation.skip });
            } else {
                prepared.set(target.id, preparation.run);
            }
        } catch (error) {
            recordFailure(outcomes, target.id, error);
        }
    }
    return prepared;
}

/** The runs over a link that cannot be measured, recorded as skipped with the reason (no Toxiproxy, no page across a link, no host). */
function skipRunsOverLinks(runs: readonly BenchRun[], outcomes: Map<string, HostOutcome>, overLinks: boolean): void {
    let noLinks: string | undefined;
    if (overLinks) {
        try {
            log(`Toxiproxy: ${ensureToxiproxy()}`);
        } catch (error) {
            noLinks = (error as Error).message;
        }
    }
    for (const run of runs) {
        // Over a link, a host that has no page across one is skipped for that first, whatever else kept it from running.
        const skip = run.network === LOOPBACK ? outcomes.get(run.target.id)?.reason
            : linkSkipReason(run.target.host) ?? outcomes.get(run.target.id)?.reason ?? noLinks;
        if (run.key !== run.target.id && skip) {
            log(`  ${run.key}: SKIPPED: ${skip}`);
            outcomes.set(run.key, { host: run.key, status: 'skipped', seconds: 0, reason: skip });
        }
    }
}

/** Each run's documents, one a round, and the seconds it took in all. */
interface MeasuredRuns {
    readonly rounds: Map<string, ResultsDocument[]>;
    readonly spent: Map<string, number>;
}

/** Measures every run that has no outcome yet, round after round (each round's documents in `rounds/` when there are several). */
async function measureRounds(runs: readonly BenchRun[], prepared: Map<string, Measure>, outcomes: Map<string, HostOutcome>, options: BenchOptions): Promise<MeasuredRuns> {
    const rounds = new Map<string, ResultsDocument[]>();
    const spent = new Map<string, number>();
    for (let round = 1; round <= options.rounds; round++) {
        if (options.rounds > 1) {
            log(`round ${round} of ${options.rounds}`);
        }
        for (const run of runs) {
            const measure = prepared.get(run.target.id);
            if (!measure || outcomes.has(run.key)) {
                continue;
            }
            const host = run.key;
            if (run.network !== LOOPBACK) {
                log(`${run.target.name} over ${describeNetworkProfile(run.network)}`);
            }
            const hostStarted = Date.now();
            try {
                const document = await measure(run.network === LOOPBACK ? undefined : run.network);
                rounds.set(host, [...rounds.get(host) ?? [], document]);
                if (options.rounds > 1) {
                    await fs.mkdir(path.join(options.out, 'rounds'), { recursive: true });
                    await fs.writeFile(path.join(options.out, 'rounds', `${host}-${round}.json`), JSON.stringify(document, undefined, 2) + '\n');
                }
                const linkNote = document.network && linkAsCheckedNote(document.network);
                if (linkNote) {
                    log(`  ${host}: ${linkNote}`);
                }
                log(`  ${host}: ${document.results.length} result rows in ${((Date.now() - hostStarted) / 1000).toFixed(1)} s`);
            } catch (error) {
                recordFailure(outcomes, host, error);
            } finally {
                spent.set(host, (spent.get(host) ?? 0) + (Date.now() - hostStarted) / 1000);
            }
        }
    }
    return { rounds, spent };
}

/** Each run's rounds merged into `results/<host>.json`; a run that failed in any round keeps only its time. */
async function writeResultsFiles({ rounds, spent }: MeasuredRuns, outcomes: Map<string, HostOutcome>, options: BenchOptions): Promise<void> {
    for (const [host, documents] of rounds) {
        const seconds = Math.round((spent.get(host) ?? 0) * 10) / 10;
        if (outcomes.get(host)?.status === 'failed') {
            outcomes.set(host, { ...outcomes.get(host)!, seconds });
            continue;
        }
        const resultsFile = path.join(options.out, 'results', `${host}.json`);
        await fs.writeFile(resultsFile, JSON.stringify(documents.length > 1 ? mergeRounds(documents) : documents[0], undefined, 2) + '\n');
        outcomes.set(host, { host, status: 'measured', seconds, resultsFile });
        log(`  ${host}: ${options.rounds > 1 ? `${documents.length} rounds merged, ` : ''}${seconds} s -> ${path.relative(options.out, resultsFile)}`);
    }
}

/** The report of the hosts measured, `run.json` and the last line; returns the exit code. */
async function reportRun(runs: readonly BenchRun[], outcomes: Map<string, HostOutcome>, options: BenchOptions): Promise<number> {
    const ordered = runs.map(run => outcomes.get(run.key)).filter((outcome): outcome is HostOutcome => outcome !== undefined);
    const measured = ordered.filter(outcome => outcome.status === 'measured');
    const notMeasured = notMeasuredHosts(ordered, runs);
    const measureSeconds = runSeconds();
    let reportSeconds: number | undefined;
    let reportFailure: Error | undefined;
    if (measured.length > 0) {
        const reportStarted = performance.now();
        try {
            // The files in the order they were measured, so the links' sections come in the order given.
            const written = await writeReport(measured.map(outcome => outcome.resultsFile!), options.out, { notMeasured },
                report => console.log(`\n${renderHeadlineText(report)}\n`));
            reportSeconds = (performance.now() - reportStarted) / 1000;
            log(`report written in ${reportSeconds.toFixed(2)} s: ${written.map(file => path.relative(options.out, file)).join(', ')} in ${options.out}`);
        } catch (error) {
            // The measurements are kept, and run.json still written: `yarn report` renders the results again once fixed.
            reportFailure = error as Error;
        }
    }
    await fs.writeFile(path.join(options.out, 'run.json'), JSON.stringify({
        options: recordedOptions(options), machine: machineRecord(),
        hosts: ordered.map(outcome => ({ ...outcome, resultsFile: outcome.resultsFile && path.relative(options.out, outcome.resultsFile) })),
        seconds: Math.round(measureSeconds * 10) / 10, reportSeconds, ...reportFailure ? { reportError: reportFailure.message } : {},
    }, undefined, 2) + '\n');
    if (reportFailure) {
        console.error(`error: the report could not be written: ${reportFailure.message} The results and run.json are kept in ${options.out}; `
            + `\`yarn report ${path.join(options.out, 'results', '*.json')} --out ${options.out}\` renders them again.`);
        return 1;
    }
    log(`done in ${measureSeconds.toFixed(1)} s: ${ordered.map(outcome => `${outcome.host} ${outcome.status}${outcome.status === 'measured' ? ` (${outcome.seconds} s)` : ''}`).join(', ')}`);
    if (measured.length === 0) {
        console.error('error: no host was measured; see the reasons above.');
        return 1;
    }
    return ordered.some(outcome => outcome.status === 'failed') ? 1 : 0;
}

/** Why a host cannot be measured over an emulated link (undefined: it can). */
export function linkSkipReason(host: BenchHost): string | undefined {
    return host === 'theia-browser' || host === 'vscode-server' ? undefined
        : `${HOST_NAMES[host]} has no page on the far side of a network: its window runs beside its backend, so there is no user link to emulate`;
}
