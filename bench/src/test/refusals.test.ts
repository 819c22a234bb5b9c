import { assert } from 'chai';
import * as fs from 'fs';
import * as path from 'path';
import { checkCommandLine as checkAccuracy } from '../commands/accuracy';
import { checkCommandLine as checkBench } from '../commands/bench-arguments';
import { checkCommandLine as checkCompare } from '../commands/compare';
import { BENCH_FLAGS, benchFlags, longFlag } from '../run/bench-flags';
import { ACCURACY_FLAGS, COMPARE_COMMAND_FLAGS } from '../run/command-flags';
import { GIT_BISECT_EXIT } from '../run/compare/bisect-exit';
import { CommandFlag, FlagName, RUN_MODES } from '../run/option-table';
import { wholeNumberArgument } from '../run/option-parsers';
import { REPOSITORY_ROOT } from '../util/repository';
import { BISECT_FLAGS, MODE_ARGUMENTS, SAMPLE_CELL, SAMPLES } from './flag-samples';

/** A command with its option table and its parser: the check scripts/run-command.js asks before the build, and its main before the run. */
interface TableCommand {
    readonly name: string;
    readonly table: Readonly<Record<string, CommandFlag<unknown, never>>>;
    readonly check: (argv: readonly string[]) => number | undefined;
    /** Its positional arguments, after the flags tried. */
    readonly operands: readonly string[];
    /** What a flag needs before it, to be taken: its mode's flag, or a bisect. */
    context(name: string): string[];
}

const BENCH: TableCommand = {
    name: 'yarn bench', table: BENCH_FLAGS, check: checkBench, operands: [],
    context: name => {
        const entry = BENCH_FLAGS[name as FlagName];
        return entry.appliesOnlyWith ? SAMPLES.bisect : entry.modes.includes('plain') ? [] : MODE_ARGUMENTS[entry.modes[0]];
    },
};
const COMMANDS: readonly TableCommand[] = [
    BENCH,
    { name: 'yarn bench:compare', table: COMPARE_COMMAND_FLAGS, check: checkCompare, operands: ['base-run', 'head-run'], context: () => [] },
    { name: 'yarn bench:accuracy', table: ACCURACY_FLAGS, check: checkAccuracy, operands: [], context: () => [] },
];

/** The words of each range's refusal, by flag: the same flag refuses with the same words in every command. */
const RANGE_REFUSALS: Readonly<Record<string, string>> = {
    '--iterations': '--iterations must be a whole number from 1 to 1000.',
    '--warmup': '--warmup must be a whole number from 0 to 100.',
    '--precision': '--precision must be a percentage from 0 to 50.',
    '--rounds': '--rounds must be a whole number from 1 to 20.',
    '--cpu-throttle': '--cpu-throttle must be a rate from 1 (none) to 20.',
    '--pause': '--pause must be a whole number from 0 to 5000.',
    '--pairs': '--pairs must be a whole number from 2 to 100.',
    '--alpha': '--alpha must be between 0 and 1, e.g. 0.05.',
    '--noise-threshold': '--noise-threshold must be a percentage from 0 to 100.',
    '--tolerance': '--tolerance must be a percentage from 0 to 100.',
    '--budget': '--budget must be a number of minutes above 0 and at most 600, e.g. 15.',
    '--restart-every': '--restart-every must be a whole number from 0 to 100.',
};

/** The other values' refusals, by flag: a value refused and its words (each a choice or list its parser checks). */
const VALUE_REFUSALS: Readonly<Record<string, readonly [string, string][]>> = {
    '--hosts': [['emacs', 'unknown host emacs; use one or more of theia-browser, vscode-server, theia-electron, vscode-desktop.'],
        ['', 'unknown host (none); use one or more of theia-browser, vscode-server, theia-electron, vscode-desktop.']],
    '--sizes': [['7K', 'Unknown fixture size \'7K\': use one of 1K, 5K, 50K, 500K, 5000K, 10000K.']],
    '--theia-url': [['localhost:3000', 'localhost:3000 is not an http(s) URL.'], ['http://', 'http:// is not a URL (e.g. http://127.0.0.1:3000/#/path/to/workspace).']],
    '--theia-version': [['1.2.3', 'Theia 1.2.3 is older than 1.54.0, the oldest release the Theia extension supports (its RPC client needs '
        + 'ServiceConnectionProvider, which 1.43.0 lacks).'], [',', 'name at least one Theia release, e.g. 1.74.1.']],
    '--suite': [['forest', '--suite must be one of default, trees, writes, watch, got \'forest\'.']],
    '--tree-sizes': [['2k', '--tree-sizes: unknown tree size \'2k\': use 1k, 10k, 100k.'], [',', '--tree-sizes: name at least one tree (1k, 10k, 100k).']],
    '--watch-tree': [['3k', '--watch-tree must be one of 1k, 10k, 100k, none, got \'3k\'.']],
    '--network': [['moon', 'unknown network \'moon\': use loopback, lan, cable, dsl, or rtt=40ms,down=50mbit,up=10mbit.']],
    '--direction': [['sideways', '--direction must be slower or faster.']],
    '--check-counts': [['bogus', '--check-counts takes a comma-separated list of round-trips, messages, bytes (or none), got \'bogus\'.']],
    '--min-size': [['7K', 'Allowed choices are 1K, 5K, 50K, 500K, 5000K, 10000K.']],
};

/** `bench:accuracy`'s hosts are two of `yarn bench`'s: the same parser, its own choices. */
const ACCURACY_HOSTS_REFUSAL: [string, string] = ['theia-electron', 'unknown host theia-electron; use one or more of theia-browser, vscode-server.'];

/** Each mode's refusal of a flag its entry says it does not go with (`notWith`), by `flag with mode`. */
const MODE_REFUSALS: Readonly<Record<string, string>> = {
    'precision with compare': '--compare does not take --precision: the blocks have a fixed number of samples (--iterations).',
    'rounds with compare': '--compare does not take --rounds: it alternates the two sides in pairs of blocks instead (--pairs, --budget).',
    'cpuThrottle with compare': '--compare does not take --cpu-throttle: both sides\' pages run on the machine\'s own CPU.',
    'theiaUrl with compare': '--compare does not take --theia-url: give a running Theia as a side (a URL).',
    'theiaUrl with network': '--network puts its proxy in front of servers this run starts; leave out --theia-url (or --network).',
    'theiaUrl with theiaVersion': '--theia-version builds and starts its own apps; leave out --theia-url (or --theia-version).',
    'theiaVersion with compare': '--compare does not take --theia-version: give a release as a side (e.g. base=1.74.1).',
    'pause with theiaUrl': '--pause sets the pause of the apps this run starts; a Theia at --theia-url keeps its own (its fsPerf.pause setting): set it there, or leave out --pause.',
    'network with watch': '--suite watch is not measured over a link yet (the reads, --suite trees and --suite writes are); leave out --network (or --suite watch).',
    'compare with network': '--network puts its proxy in front of servers this run starts; leave out --compare (or --network).',
};

/** The refusal of each flag given alone in a run of none of its modes. */
const ONLY_WITH_REFUSALS: Readonly<Partial<Record<FlagName, string>>> = {
    theiaCache: '--theia-cache only applies with --theia-version or --compare.',
    force: '--force only applies with --theia-version or --compare.',
    treeSizes: '--tree-sizes only applies with --suite.',
    watchTree: '--watch-tree only applies with --suite.',
    // Its sample gives --cell, which applies with it.
    bisectExit: '--cell, --bisect-exit only apply with --compare.',
    pairs: '--pairs only applies with --compare.',
    alpha: '--alpha only applies with --compare.',
    noiseThreshold: '--noise-threshold only applies with --compare.',
    check: '--check only applies with --compare.',
    gate: '--gate only applies with --compare.',
    checkCounts: '--check-counts only applies with --compare.',
    budget: '--budget only applies with --compare.',
    restartEvery: '--restart-every only applies with --compare.',
    warmupBlock: '--no-warmup-block only applies with --compare.',
    duet: '--duet only applies with --compare.',
};

/** The refusal of the flags given without the flags they apply with (`appliesOnlyWith`), each alone and all together. */
const APPLIES_ONLY_WITH_REFUSALS: readonly [string[], string][] = [
    [['--cell', SAMPLE_CELL], '--cell only applies with --bisect (or --resume, or --compare with --bisect-exit).'],
    [['--direction', 'faster'], '--direction only applies with --bisect (or --resume, or --compare with --bisect-exit).'],
    [['--cell', SAMPLE_CELL, '--direction', 'faster'], '--cell and --direction only apply with --bisect (or --resume, or --compare with --bisect-exit).'],
];

const COMPARE = SAMPLES.compare;
const AT_A_URL = ['--compare', 'live=http://127.0.0.1:3000/', 'head=1.74.1'];
const TWO_URLS = ['--compare', 'http://127.0.0.1:3000/', 'http://127.0.0.1:3001/'];
const BISECT_EXIT = ['--bisect-exit', '--cell', SAMPLE_CELL];

/** Command lines refused with the same words. */
function alike(lines: string[][], refusal: string): [string[], string][] {
    return lines.map(line => [line, refusal]);
}

/** Every rule of every table, by `command: flag.rule`: command lines it refuses, with its words for each. */
const RULE_REFUSALS: Readonly<Record<string, readonly [string[], string][]>> = {
    'yarn bench: hosts.inComparison': [
        [[...COMPARE, '--hosts', 'vscode-server'], '--compare measures two Theia builds as the theia-browser host; leave out --hosts vscode-server (or give --hosts theia-browser).'],
        [[...SAMPLES.bisect, '--hosts', 'theia-browser,vscode-server'], '--compare measures two Theia builds as the theia-browser host; leave out --hosts '
            + 'theia-browser,vscode-server (or give --hosts theia-browser).'],
    ],
    'yarn bench: theiaUrl.withoutTheiaBrowser': [
        [['--hosts', 'vscode-server', ...SAMPLES.theiaUrl], '--theia-url measures the theia-browser host; add theia-browser to --hosts vscode-server.'],
    ],
    'yarn bench: theiaVersion.withoutTheiaBrowser': [
        [['--hosts', 'vscode-server', ...SAMPLES.theiaVersion], '--theia-version measures Theia releases as the theia-browser host; add theia-browser to --hosts vscode-server.'],
    ],
    'yarn bench: suite.watchInComparison': alike([[...COMPARE, '--suite', 'watch', '--pairs', '4'], [...SAMPLES.bisect, '--suite', 'watch', '--budget', '5'],
        [...COMPARE, '--suite', 'watch', '--duet'], [...COMPARE, '--suite', 'watch', '--restart-every', '2'], [...COMPARE, '--suite', 'watch', '--no-warmup-block'],
        [...COMPARE, '--suite', 'watch', '--check-counts', 'messages'], [...COMPARE, '--suite', 'watch', '--bisect-exit', '--cell', 'Theia browser, inotify watches, node_modules excluded']],
    '--compare --suite watch compares exact inotify watch counts (each side opens the tree once, again where a count differs), not alternated blocks: leave out '
            + '--pairs, --budget, --duet, --restart-every, --no-warmup-block, --check-counts and --bisect-exit.'),
    'yarn bench: suite.inBisect': [
        [[...SAMPLES.bisect, '--suite', 'trees'], 'a bisect follows a cell of the reads or a watch count; leave out --suite trees (a comparison of the trees of two builds is '
            + '--compare with --suite trees).'],
        [[...SAMPLES.resume, '--suite', 'writes'], 'a bisect follows a cell of the reads or a watch count; leave out --suite writes (a comparison of the writes of two builds '
            + 'is --compare with --suite writes).'],
        [[...COMPARE, ...BISECT_EXIT, '--suite', 'trees'], 'a bisect follows a cell of the reads or a watch count; leave out --suite trees (a comparison of the trees of two '
            + 'builds is --compare with --suite trees).'],
    ],
    'yarn bench: watchTree.noneInComparison': [[[...COMPARE, '--suite', 'watch', '--watch-tree', 'none'],
        '--compare --suite watch compares the watches each side holds on the --watch-tree tree: give 1k, 10k or 100k, not none.']],
    'yarn bench: suite.withUrlSide': [
        [[...AT_A_URL, '--suite', 'trees'], '--suite trees sets the scenarios and generates the trees of the apps a comparison starts, and live=http://127.0.0.1:3000/ '
            + 'is a Theia this run does not start: give a release, a folder of tarballs or a checkout (or leave out --suite).'],
        [[...TWO_URLS, '--suite', 'writes'], '--suite writes sets the scenarios of the apps a comparison starts, and http://127.0.0.1:3000/ and http://127.0.0.1:3001/ '
            + 'are Theias this run does not start: give a release, a folder of tarballs or a checkout (or leave out --suite).'],
        [[...AT_A_URL, '--suite', 'watch'], '--suite watch starts each side on the --watch-tree tree, and live=http://127.0.0.1:3000/ is a Theia this run does not start: '
            + 'give a release, a folder of tarballs or a checkout (or leave out --suite).'],
    ],
    'yarn bench: compare.withBisect': alike([[...COMPARE, ...SAMPLES.bisect], [...COMPARE, ...SAMPLES.resume]],
        '--bisect chooses the two sides of each step itself: give --compare or --bisect (or --resume), not both.'),
    'yarn bench: resume.withBisect': [[[...SAMPLES.resume, ...SAMPLES.bisect], '--resume goes on with the bisect its folder records: leave out --bisect.']],
    'yarn bench: bisectExit.withBisect': alike([[...SAMPLES.bisect, ...BISECT_EXIT], [...SAMPLES.resume, ...BISECT_EXIT]],
        '--bisect-exit makes one --compare a step of git bisect run, --bisect runs its own steps: give --compare or --bisect, not both.'),
    'yarn bench: bisectExit.withoutCell': [[[...COMPARE, '--bisect-exit'],
        '--bisect-exit needs --cell "host, scenario, size": the cell whose verdict is the exit code (e.g. --cell "plugin, vscode.workspace.fs.readFile, 5K").']],
    'yarn bench: bisectExit.sizesWithoutCell': [[[...COMPARE, ...BISECT_EXIT, '--sizes', '500K'],
        '--sizes 500K does not measure the --cell\'s size: add 5K (or leave out --sizes: --bisect-exit measures the cell\'s size).']],
    'yarn bench: gate.withBudget': [[[...COMPARE, '--gate', 'all', '--pairs', '4'],
        '--gate names the cells a budgeted run samples until resolved: it does not go with --pairs.']],
    'yarn bench: gate.withSuite': [[[...COMPARE, '--gate', 'all', '--suite', 'trees'], '--gate names cells of the reads; --suite trees gates on every cell it measures: leave out --gate.']],
    'yarn bench: gate.sizesWithoutGate': [[[...COMPARE, '--gate', 'plugin, vscode.workspace.fs.readFile, 10000K; extension, theia.FileService.readFile, 5000K', '--sizes', '500K,5000K'],
        '--sizes 500K,5000K does not measure every --gate cell\'s size: add 10000K (or leave out --sizes).']],
    'yarn bench: budget.withPairs': [[[...COMPARE, '--budget', '5', '--pairs', '4'],
        '--budget samples until every cell is resolved, --pairs takes a fixed number of pairs: give one of them.']],
    'yarn bench: duet.withUrlSide': [
        [[...AT_A_URL, '--duet'], '--duet starts both sides itself to pin their processes to a core each, and live=http://127.0.0.1:3000/ is a Theia this run does not '
            + 'start: give a release, a folder of tarballs or a checkout, or leave out --duet.'],
        [[...TWO_URLS, '--duet'], '--duet starts both sides itself to pin their processes to a core each, and http://127.0.0.1:3000/ and http://127.0.0.1:3001/ are '
            + 'Theias this run does not start: give a release, a folder of tarballs or a checkout, or leave out --duet.'],
    ],
    'yarn bench: duet.withRestartEvery': [[[...COMPARE, '--duet', '--restart-every', '2'], '--duet starts both sides afresh for every pair; leave out --restart-every 2 (or --duet).']],
    'yarn bench:compare: tolerance.withNoiseThreshold': alike([['--tolerance', '3', '--noise-threshold', '2'], ['--noise-threshold', '2', '--tolerance', '3']],
        'option \'--tolerance <percent>\' cannot be used with option \'--noise-threshold <percent>\''),
};

/** Values refused only with the rest of the command line (a side's folder, a bisect's range, the cell among its scenarios), by flag. */
const LATE_VALUE_REFUSALS: Readonly<Partial<Record<FlagName, readonly [string[], string][]>>> = {
    compare: [[['--compare', '1.74.1'], '--compare takes two sides, BASE and HEAD, not 1 (1.74.1).'],
        [['--compare', 'base=1.74.1', 'head=/nonexistent'], 'head side "head=/nonexistent" is neither a Theia release (e.g. 1.74.1), a URL, nor an existing folder (/nonexistent).']],
    bisect: [[['--bisect', '1.74.1..1.54.0'], '--bisect 1.74.1..1.54.0: GOOD must be an older release than BAD (GOOD..BAD, e.g. 1.54.0..1.74.1), not a newer one.']],
    cell: [[[...SAMPLES.bisect, '--cell', 'plugin, vscode.workspace.fs.readFile, 7K'], '--cell "plugin, vscode.workspace.fs.readFile, 7K" is not a cell a bisect measures: '
        + 'give "host, scenario, size", one of "Theia browser (plugin), vscode.workspace.fs.readFile, SIZE", "Theia browser (plugin), '
        + 'extension-host.fs.promises.readFile, SIZE", "Theia browser (extension), theia.FileService.readFile, SIZE", "Theia browser (extension), '
        + 'theia.backend.diskRead, SIZE", "Theia browser (extension), theia.rpc.transport, SIZE"; SIZE one of 1K, 5K, 50K, 500K, 5000K, 10000K.']],
    gate: [[[...COMPARE, '--gate', 'plugin, vscode.workspace.fs.readFile, 10000K; plugin, nope, 10000K'], '--gate "plugin, nope, 10000K" is not a cell a comparison of '
        + 'the reads measures: give "host, scenario, size", one of "Theia browser (plugin), vscode.workspace.fs.readFile, SIZE", "Theia browser (plugin), '
        + 'extension-host.fs.promises.readFile, SIZE", "Theia browser (extension), theia.FileService.readFile, SIZE", "Theia browser (extension), '
        + 'theia.backend.diskRead, SIZE", "Theia browser (extension), theia.rpc.transport, SIZE"; SIZE one of 1K, 5K, 50K, 500K, 5000K, 10000K.'],
    [[...COMPARE, '--gate', ' ; '], '--gate needs at least one cell "host, scenario, size" (cells separated by ";"), or all.']],
};

/** `check` on `argv` with what it printed to stderr. */
function parse(check: TableCommand['check'], argv: readonly string[]): { code: number | undefined; stderr: string } {
    let stderr = '';
    const write = process.stderr.write;
    const error = console.error;
    process.stderr.write = ((chunk: string) => {
        stderr += chunk;
        return true;
    }) as typeof process.stderr.write;
    console.error = (...parts: unknown[]) => {
        stderr += parts.join(' ') + '\n';
    };
    try {
        return { code: check(argv), stderr };
    } finally {
        process.stderr.write = write;
        console.error = error;
    }
}

/**
 * Asserts that `command` refuses `argv` with `refusal` alone, then where its help is, and the exit code of a refused
 * command line (128 under --bisect-exit, which git bisect run reads as "stop"): the check returns it, so neither the
 * build nor the run starts (scripts/run-command.js returns it before the build; the command's main, before the run).
 * In process only: a refusal that went missing must fail this test, not start a run.
 */
function assertRefused(command: TableCommand, argv: readonly string[], refusal: string): void {
    const { code, stderr } = parse(command.check, [...argv, ...command.operands]);
    const line = `${command.name} ${argv.join(' ')}`;
    assert.strictEqual(code, command === BENCH && argv.includes('--bisect-exit') ? GIT_BISECT_EXIT.stop : 2, `${line}: ${stderr}`);
    assert.strictEqual(stderr, `error: ${refusal}\nsee \`${command.name} --help\`\n`, line);
}

function assertTaken(command: TableCommand, argv: readonly string[]): void {
    const { code, stderr } = parse(command.check, [...argv, ...command.operands]);
    assert.isUndefined(code, `${command.name} ${argv.join(' ')}: ${stderr}`);
}

/** Commander's words for a value its parser refused. */
function valueRefusal(entry: CommandFlag<unknown, never>, text: string, words: string): string {
    return `option '${entry.flags}' argument '${text}' is invalid. ${words}`;
}

/** The numbers just inside and just outside a range's ends (a whole number's by 1). */
function rangeEnds(entry: CommandFlag<unknown, never>): { taken: number[]; refused: number[] } {
    const range = entry.range!;
    const step = entry.parse === wholeNumberArgument ? 1 : 0.5;
    return {
        taken: [range.minExcluded ? range.min + step / 10 : range.min, range.maxExcluded ? range.max - step / 10 : range.max],
        refused: [range.minExcluded ? range.min : range.min - step, range.maxExcluded ? range.max : range.max + step],
    };
}

suite('every refusal of the option tables (issue 53)', () => {
    test('every value a flag refuses: each range\'s ends taken and the numbers past them refused, each choice taken, every parser\'s refusal, with the same words in every command', () => {
        const tried = new Set<string>();
        for (const command of COMMANDS) {
            for (const [name, entry] of Object.entries(command.table)) {
                const flag = entry.flags.split(' ')[0];
                const context = command.context(name);
                if (entry.range) {
                    const { taken, refused } = rangeEnds(entry);
                    taken.forEach(value => assertTaken(command, [...context, flag, String(value)]));
                    for (const text of [...refused.map(String), '', 'abc']) {
                        assertRefused(command, [...context, flag, text], valueRefusal(entry, text, RANGE_REFUSALS[flag]));
                    }
                    tried.add(flag);
                    continue;
                }
                (entry.choices ?? []).forEach(text => assertTaken(command, [...context, flag, text]));
                if (entry.parse || entry.choices) {
                    const refusals = command.table === ACCURACY_FLAGS && name === 'hosts' ? [ACCURACY_HOSTS_REFUSAL] : VALUE_REFUSALS[flag];
                    assert.isDefined(refusals, `${command.name} ${flag}: its refusals are listed here`);
                    refusals.forEach(([text, words]) => assertRefused(command, [...context, flag, text], valueRefusal(entry, text, words)));
                    tried.add(flag);
                }
            }
        }
        assert.sameMembers([...tried], [...Object.keys(RANGE_REFUSALS), ...Object.keys(VALUE_REFUSALS)], 'every listed refusal belongs to a flag of a table');
        Object.values(LATE_VALUE_REFUSALS).flat().forEach(([argv, refusal]) => assertRefused(BENCH, argv, refusal));
        // The flags whose values the run parses with the rest of the command line (a bisect's builds) have their refusals here.
        assert.includeMembers(Object.keys(LATE_VALUE_REFUSALS), benchFlags().filter(([, entry]) => entry.alsoSets).map(([name]) => name));
    });

    test('every flag given in a kind of run it does not apply to, or without the flags it applies with: the mode\'s or the entry\'s refusal', () => {
        const notWith = benchFlags().flatMap(([name, entry]) => Object.keys(entry.notWith ?? {}).map(mode => ({ name, mode: mode as keyof typeof RUN_MODES })));
        assert.sameMembers(notWith.map(({ name, mode }) => `${name} with ${mode}`), Object.keys(MODE_REFUSALS));
        for (const { name, mode } of notWith) {
            assertRefused(BENCH, [...MODE_ARGUMENTS[mode], ...SAMPLES[name]], MODE_REFUSALS[`${name} with ${mode}`]);
        }
        // Every flag of some modes only, given in a plain run (the flags that ask for their mode themselves are always in it).
        const onlyWith = benchFlags().filter(([name, entry]) => !BISECT_FLAGS.includes(name) && !entry.modes.includes('plain')
            && !entry.modes.some(mode => mode !== 'plain' && RUN_MODES[mode].flag === longFlag(name)));
        assert.sameMembers(onlyWith.map(([name]) => name), Object.keys(ONLY_WITH_REFUSALS));
        onlyWith.forEach(([name]) => assertRefused(BENCH, SAMPLES[name], ONLY_WITH_REFUSALS[name]!));
        assert.sameMembers(benchFlags().filter(([, entry]) => entry.appliesOnlyWith).map(([name]) => longFlag(name)),
            APPLIES_ONLY_WITH_REFUSALS.filter(([argv]) => argv.length === 2).map(([argv]) => argv[0]));
        APPLIES_ONLY_WITH_REFUSALS.forEach(([argv, refusal]) => assertRefused(BENCH, argv, refusal));
    });

    test('every rule of every table (the flags a flag does not go with or needs): each flag it names tried, its words and exit code', () => {
        const rules = COMMANDS.flatMap(command => Object.entries(command.table).flatMap(([name, entry]) => Object.entries(entry.rules ?? {})
            .map(([rule, spec]) => ({ command, key: `${command.name}: ${name}.${rule}`, spec }))));
        assert.sameMembers(rules.map(({ key }) => key), Object.keys(RULE_REFUSALS));
        for (const { command, key, spec } of rules) {
            const lines = RULE_REFUSALS[key];
            const longFlags = (names: readonly string[]): string[] => names.map(name => command.table[name].flags.split(' ')[0]);
            // Each flag it does not go with, in one of its command lines; none of the flags it needs.
            for (const flag of longFlags(spec.conflictsWith ?? [])) {
                assert.isTrue(lines.some(([argv]) => argv.includes(flag)), `${key}: ${flag} tried`);
            }
            for (const flag of longFlags(spec.requires ?? [])) {
                assert.isTrue(lines.every(([argv]) => !argv.includes(flag)), `${key}: without ${flag}`);
            }
            lines.forEach(([argv, refusal]) => assertRefused(command, argv, refusal));
        }
    });

    test('commander\'s refusals are made from the tables only: no parser, choices or conflict of commander outside option-table.ts and option-parsers.ts', () => {
        const src = path.join(REPOSITORY_ROOT, 'bench', 'src');
        const sources = (fs.readdirSync(src, { recursive: true }) as string[]).filter(file => file.endsWith('.ts') && !file.startsWith(`test${path.sep}`));
        const makers = /InvalidArgumentError|\.argParser\(|\.choices\(|\.conflicts\(|\.implies\(|requiredOption\(|makeOptionMandatory\(/;
        const found = sources.filter(file => makers.test(fs.readFileSync(path.join(src, file), 'utf8'))).map(file => file.split(path.sep).join('/'));
        assert.sameMembers(found, ['run/option-table.ts', 'run/option-parsers.ts']);
    });
});
