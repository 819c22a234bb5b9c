#!/usr/bin/env node
/**
 * `yarn bench`: measures every host this machine has, for real, and writes a comparison report.
 *
 * Sets up what is missing first (the browser app's bundle, the packaged extension, code-server), then,
 * one host after the other (they must not compete for the 2 cores):
 * - Theia browser app in headless Chromium: "FS Perf: Run All with Options..." from the palette (the
 *   Theia extension's scenarios, then the VS Code extension's as a plugin), or a Theia already running
 *   at `--theia-url`;
 * - VS Code (code-server + headless Chromium): "FS Perf: Run Benchmark" from the palette;
 * - Theia Electron app through Playwright's Electron support, where an Electron binary exists;
 * - desktop VS Code through @vscode/test-electron, where it can be had.
 * A host that cannot run here is listed with its reason, in the terminal and in the report.
 *
 * Output: a folder per run with `results/<host>.json` (raw results), `report.md`, `report.html`,
 * `benchmark-action.json` and `run.json` (what ran, how long it took, what was skipped and why).
 */
import { findElectronBinary } from '../hosts/theia-app';
import { hasDisplay } from '../hosts/vscode-desktop';
import { bench } from '../run/bench';
import { expectedDuration } from '../run/estimates';
import { benchRequest, checkBeforeStarting, machineEnvironment } from '../run/preflight';
import { log } from '../run/progress';
import { bisectExitLine, GIT_BISECT_EXIT } from '../run/compare/bisect-exit';
import { BenchOptions } from '../run/options';
import { parseBenchArgumentsForRun } from './bench-arguments';
import { invocationFolder, runCli } from './command-line';
import { stopOnSignals } from './stop-on-signals';

export { benchCommand, checkCommandLine, parseBenchArguments, parseBenchArgumentsForRun } from './bench-arguments';

async function main(argv: readonly string[]): Promise<number> {
    const options = parseBenchArgumentsForRun(argv, invocationFolder());
    if (typeof options === 'number') {
        return options;
    }
    if (!options.compare?.bisectExit) {
        return run(options, argv);
    }
    // For git bisect run, whatever goes wrong outside the comparison's own verdict and failures (compare/bisect-exit.ts) is
    // no verdict on the commit: it stops the bisect (exit 1, runCli's, would mark the commit bad).
    return run(options, argv).catch((error: Error) => {
        console.error(`error: ${error.message}`);
        console.error(bisectExitLine(GIT_BISECT_EXIT.stop, 'the run failed before the comparison could give a verdict'));
        return GIT_BISECT_EXIT.stop;
    });
}

async function run(options: BenchOptions, argv: readonly string[]): Promise<number> {
    // Before anything is built, installed or downloaded: what this run needs, each problem with its fix.
    const environment = machineEnvironment();
    const request = benchRequest(options, argv.some(argument => argument === '--hosts' || argument.startsWith('--hosts=')));
    if (!checkBeforeStarting(request, environment)) {
        return options.compare?.bisectExit ? GIT_BISECT_EXIT.stop : 1;
    }
    // What the expected time counts: not a desktop host without a display (skipped, or refused above where named), nor Theia's
    // Electron app where no Electron binary is installed (skipped at once).
    const desktop = (host: string): boolean => host === 'vscode-desktop' || host === 'theia-electron';
    const measured = options.hosts.filter(host => (request.hostsGiven || !desktop(host) || hasDisplay(environment.platform, environment.env))
        && (host !== 'theia-electron' || findElectronBinary() !== undefined));
    log(`expected: ${expectedDuration(options, measured)}`);
    log(`output folder: ${options.out}`);
    stopOnSignals(log);
    return bench(options);
}

if (require.main === module) {
    runCli(main);
}
