import { Command, OptionValues } from 'commander';

/** The line that follows a refused command line: where the usage is, instead of the whole help (which pushes the reason off the screen). */
export function seeHelp(name: string): string {
    return `see \`${name} --help\``;
}

/**
 * Parses `argv` with a commander program (it is set to throw instead of exiting, and to follow a usage error with
 * {@link seeHelp}'s line, not the whole help): undefined when the command should run, else the exit code (0 after --help
 * or --version, 2 for a usage error, which commander has printed).
 */
export function parseCommandLine(program: Command, argv: readonly string[]): number | undefined {
    try {
        program.exitOverride().showHelpAfterError(seeHelp(program.name())).parse(argv, { from: 'user' });
        return undefined;
    } catch (error) {
        return (error as { exitCode?: number }).exitCode === 0 ? 0 : 2;
    }
}

/** The folder a user's relative paths are relative to: where they typed `yarn ...` (yarn runs scripts in the repository root). */
export function invocationFolder(): string {
    return process.env.INIT_CWD ?? process.cwd();
}

/** A CLI's `main`: parses the arguments with `program` (see {@link parseCommandLine}), then runs `action` with its options and arguments. */
export function commandMain<Options extends OptionValues>(program: Command, action: (options: Options, args: readonly string[]) => Promise<number>): (argv: readonly string[]) => Promise<number> {
    return async argv => parseCommandLine(program, argv) ?? action(program.opts<Options>(), program.args);
}

/** Runs a CLI's `main` with the process's arguments and sets the exit code it returns; an error is printed as `error: message` and exits 1. */
export function runCli(main: (argv: readonly string[]) => Promise<number>): void {
    main(process.argv.slice(2)).then(code => {
        process.exitCode = code;
    }, error => {
        console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
        process.exitCode = 1;
    });
}
