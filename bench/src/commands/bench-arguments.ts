/**
 * `yarn bench`'s command line, apart from the run (bench.ts): light to load, so scripts/run-command.js can refuse a bad
 * option with it before anything is built.
 */
import { Command } from 'commander';
import { FlagName, FlagValues } from '../run/option-table';
import { GIT_BISECT_EXIT } from '../run/compare/bisect-exit';
import { benchCommandOptions, benchOptions, BenchOptions } from '../run/options';
import { invocationFolder, parseCommandLine, seeHelp } from './command-line';

/** `yarn bench`'s commander program: its flags from the option table. */
export function benchCommand(): Command {
    const program = new Command()
        .name('yarn bench')
        .description('Measure every host on this machine (Theia browser app, VS Code in code-server, Theia Electron, desktop VS Code) and write a comparison report.');
    benchCommandOptions().forEach(option => program.addOption(option));
    return program;
}

/** `yarn bench`'s command line: the run's options, or the exit code when it should not run (after --help, or a usage error it printed). */
export function parseBenchArguments(argv: readonly string[], base: string): BenchOptions | number {
    const program = benchCommand();
    const exitCode = parseCommandLine(program, argv);
    if (exitCode !== undefined) {
        return exitCode;
    }
    const options = benchOptions(program.opts<FlagValues>(), (name: FlagName) => program.getOptionValueSource(name) === 'cli', base);
    if (typeof options === 'number') {
        // benchOptions printed why the flags do not go together.
        console.error(seeHelp(program.name()));
    }
    return options;
}

/**
 * `yarn bench`'s command line, with a refusal's exit code 2 as 128 under `--bisect-exit`: `git bisect run` would take 2
 * for "this commit is bad"; 128 stops the bisect instead (the command line is wrong whatever the commit).
 */
export function parseBenchArgumentsForRun(argv: readonly string[], base: string): BenchOptions | number {
    const options = parseBenchArguments(argv, base);
    return options === 2 && argv.includes('--bisect-exit') ? GIT_BISECT_EXIT.stop : options;
}

/**
 * What scripts/run-command.js asks before it builds anything: the exit code when `yarn bench`'s command line is refused
 * (its reason printed) or asks only for --help, else undefined (the run may start).
 */
export function checkCommandLine(argv: readonly string[]): number | undefined {
    const options = parseBenchArgumentsForRun(argv, invocationFolder());
    return typeof options === 'number' ? options : undefined;
}
