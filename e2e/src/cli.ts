import { Command } from 'commander';

/**
 * Parses `argv` with a commander program (it is set to throw instead of exiting, and to show the help after
 * a usage error): undefined when the command should run, else the exit code (0 after --help or --version,
 * 2 for a usage error, which commander has printed).
 */
export function parseCommandLine(program: Command, argv: readonly string[]): number | undefined {
    program.exitOverride().showHelpAfterError();
    try {
        program.parse(argv, { from: 'user' });
        return undefined;
    } catch (error) {
        return (error as { exitCode?: number }).exitCode === 0 ? 0 : 2;
    }
}

/** Runs a CLI's `main` with the process's arguments and sets the exit code it returns; an unexpected error exits 1. */
export function runCli(main: (argv: readonly string[]) => Promise<number>): void {
    main(process.argv.slice(2)).then(code => {
        process.exitCode = code;
    }, error => {
        console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
        process.exitCode = 1;
    });
}
