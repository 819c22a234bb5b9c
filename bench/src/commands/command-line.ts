import { Command, OptionValues } from 'commander';
import { CommandFlag, commandOption, ruleRefusal } from '../run/option-table';

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

/**
 * A command made from its option table: `program` with an option of each entry, in the table's order (a command of one
 * table only: `yarn bench`'s modes are options.ts's).
 */
export function tableCommand<Values>(program: Command, table: Readonly<Record<string, CommandFlag<unknown, Values>>>): Command {
    Object.values(table).forEach(entry => program.addOption(commandOption(entry)));
    return program;
}

/**
 * {@link parseCommandLine} of a command made with {@link tableCommand}, then the table's rules: a flag given with one it
 * does not go with is refused (its rule's words, then {@link seeHelp}'s line, exit code 2).
 */
export function parseTableCommandLine<Values>(program: Command, table: Readonly<Record<string, CommandFlag<unknown, Values>>>, argv: readonly string[]): number | undefined {
    const exitCode = parseCommandLine(program, argv);
    const refusal = exitCode === undefined
        ? ruleRefusal(table, program.opts<Values & OptionValues>(), { given: name => program.getOptionValueSource(name) === 'cli', modes: [] })
        : undefined;
    if (refusal !== undefined) {
        console.error(`error: ${refusal}`);
        console.error(seeHelp(program.name()));
        return 2;
    }
    return exitCode;
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
