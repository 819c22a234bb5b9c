#!/usr/bin/env node
/**
 * `yarn bench:accuracy`: does the harness measure the API and nothing of its own? In each host, through the
 * command palette like a person, runs the extensions' "Check Accuracy" (bare loops of the same calls alternated
 * with the harness, in the same host and page), collects the checks and prints every ratio. Exits 1 when a case
 * shows overhead beyond 5% and beyond the noise.
 */
import { Command } from 'commander';
import { promises as fs } from 'fs';
import * as path from 'path';
import { AccuracyDocument, formatRatioInterval, formatSupported, hostLabel, renderTextTable, SETTING_KEYS } from '@fs-perf/benchmark-core';
import { ensureCodeServer } from '../hosts/code-server';
import { HostSession } from '../hosts/host-session';
import { ACCURACY_FLAGS, ACCURACY_HOSTS } from '../run/command-flags';
import { checkBeforeStarting } from '../run/preflight';
import { ensureTheiaApp, ensureVsix, VSIX } from '../run/prepare';
import { invocationFolder, parseTableCommandLine, runCli, tableCommand } from './command-line';
import { stopOnSignals } from './stop-on-signals';

type AccuracyHost = typeof ACCURACY_HOSTS[number];

/** The checks each host runs: the Theia extension's and the VS Code extension's (a plugin in Theia). */
const CHECKS: Record<AccuracyHost, readonly string[]> = {
    'theia-browser': ['FS Perf: Check Accuracy of the Theia Benchmark (harness vs bare loop)', 'FS Perf: Check Accuracy (harness vs bare loop)'],
    'vscode-server': ['FS Perf: Check Accuracy (harness vs bare loop)'],
};

interface AccuracyOptions {
    readonly hosts: AccuracyHost[];
    readonly iterations: number;
    readonly warmup: number;
    readonly sizes: string[];
    /** `--pause`: the pause before each sample, bare loop and harness alike (0 or absent: none). */
    readonly pause?: number;
    readonly out?: string;
}

const started = Date.now();
function log(message: string): void {
    console.log(`[accuracy ${Math.round((Date.now() - started) / 1000)} s] ${message}`);
}

async function checkHost(host: AccuracyHost, options: AccuracyOptions): Promise<AccuracyDocument[]> {
    const settings = { [SETTING_KEYS.iterations]: options.iterations, [SETTING_KEYS.warmup]: options.warmup, [SETTING_KEYS.sizes]: options.sizes,
        ...options.pause ? { [SETTING_KEYS.pause]: options.pause } : {} };
    const session = host === 'theia-browser'
        ? await HostSession.theiaBrowser({ settings })
        : await HostSession.codeServer({ vsix: VSIX, settings });
    try {
        const documents: AccuracyDocument[] = [];
        for (const title of CHECKS[host]) {
            log(`${host}: ${title}`);
            let last = '';
            const file = await session.workbench.runToCompletion(title, {
                timeoutMs: 60 * 60_000,
                onProgress: text => {
                    if (text !== last) {
                        last = text;
                        log(`  ${host}: ${text.replace(/\s+/g, ' ').trim()}`);
                    }
                },
            });
            documents.push(JSON.parse(await fs.readFile(file, 'utf8')) as AccuracyDocument);
        }
        return documents;
    } finally {
        await session.dispose();
    }
}

async function accuracy(options: AccuracyOptions): Promise<number> {
    const documents: AccuracyDocument[] = [];
    if (options.pause) {
        log(`a pause before each sample, bare loop and harness alike, as long as the previous sample, at most ${options.pause} ms`);
    }
    for (const host of options.hosts) {
        if (host === 'vscode-server') {
            ensureVsix();
            log(`code-server: ${ensureCodeServer()}`);
        } else {
            ensureTheiaApp('browser-app');
        }
        documents.push(...await checkHost(host, options));
    }
    const cases = documents.flatMap(document => document.cases.map(result => ({ host: hostLabel(document.host), result })));
    console.log(renderTextTable([
        { header: 'Host', align: 'left' }, { header: 'Scenario', align: 'left' }, { header: 'Size', align: 'left' },
        { header: 'Bare ms', align: 'right' }, { header: 'Harness ms [95% CI]', align: 'right' },
        { header: 'Harness / bare [95% CI]', align: 'right' }, { header: 'Per round', align: 'left' }, { header: 'Verdict', align: 'left' },
    ], cases.map(({ host, result }) => [
        host, result.scenario.label, result.targetLabel, formatSupported(result.bareMedianMs),
        formatSupported(result.harnessMedianMs, result.harnessIntervalMs), formatRatioInterval(result.ratio),
        result.rounds.map(round => round.ratio.toFixed(2)).join(' '), result.verdict,
    ])));
    if (options.out) {
        await fs.mkdir(options.out, { recursive: true });
        for (const document of documents) {
            const name = `${hostLabel(document.host).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.json`;
            await fs.writeFile(path.join(options.out, name), JSON.stringify(document, undefined, 2) + '\n');
        }
        log(`accuracy files written to ${options.out}`);
    }
    const failed = cases.filter(({ result }) => !result.passed);
    log(failed.length === 0 ? `the harness adds nothing measurable in ${cases.length} cases`
        : `${failed.length} of ${cases.length} cases differ from the bare loop: ${failed.map(({ host, result }) => `${host} ${result.scenario.label} ${result.targetLabel} (${result.verdict})`).join('; ')}`);
    return failed.length === 0 ? 0 : 1;
}

/** `yarn bench:accuracy`'s commander program: its flags from its option table (run/command-flags.ts). */
function accuracyCommand(): Command {
    return tableCommand(new Command()
        .name('yarn bench:accuracy')
        .description('In each host, alternate bare loops of the measured calls with the harness ("Check Accuracy") and print the ratios.'), ACCURACY_FLAGS);
}

/** What scripts/run-command.js asks before it builds anything: the exit code when the command line is refused or asks only for --help, else undefined. */
export function checkCommandLine(argv: readonly string[]): number | undefined {
    return parseTableCommandLine(accuracyCommand(), ACCURACY_FLAGS, argv);
}

async function main(argv: readonly string[]): Promise<number> {
    const program = accuracyCommand();
    const exitCode = parseTableCommandLine(program, ACCURACY_FLAGS, argv);
    if (exitCode !== undefined) {
        return exitCode;
    }
    const raw = program.opts<AccuracyOptions>();
    if (!checkBeforeStarting({ hosts: raw.hosts, hostsGiven: program.getOptionValueSource('hosts') === 'cli', network: false })) {
        return 1;
    }
    stopOnSignals(log);
    return accuracy({ ...raw, out: raw.out && path.resolve(invocationFolder(), raw.out) });
}

if (require.main === module) {
    runCli(main);
}
