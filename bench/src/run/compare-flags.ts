/**
 * The entries of `yarn bench`'s option table (option-table.ts) of a comparison (`--compare BASE HEAD`) and of a bisect,
 * whose steps are comparisons: the sides, the bisect's builds and cell, the design (pairs or budget, restarts, duet) and
 * the verdict's settings. The flags of any run: run-flags.ts.
 */
import * as path from 'path';
import { DEFAULT_COUNT_CHECK } from '@fs-perf/benchmark-core';
import { notStartedWords, parseCompareSides, urlSideTexts } from './alternated';
import { parseBisectSeries } from './bisect/builds';
import { parseBisectCell, parseGateCells, parseWatchCell } from './bisect/cell';
import { COMPARE_DEFAULTS } from './compare-options';
import { COMPARE_ONLY, DEFAULT_ALPHA, DEFAULT_NOISE_THRESHOLD_PERCENT, flag, FlagRequirement, OWN_SERVERS } from './option-table';
import { countCheckArgument, levelArgument, minutesArgument, percentageArgument, wholeNumberArgument, wordChoiceArgument } from './option-parsers';

/** The size of `--cell`'s value (`5K` of "plugin, vscode.workspace.fs.readFile, 5K"), or undefined where it is no cell (refused later). */
function cellSize(text: string | undefined): string | undefined {
    try {
        return parseBisectCell(text ?? '').target;
    } catch {
        return undefined;
    }
}

/** The sizes of `--gate`'s cells (none for `all` or where it is no cell list: refused by its parser). */
function gateSizes(text: string | undefined): string[] {
    try {
        const cells = text === undefined ? 'all' : parseGateCells(text);
        return cells === 'all' ? [] : [...new Set(cells.map(cell => cell.target))];
    } catch {
        return [];
    }
}

/** Where --cell and --direction apply: a bisect, or a comparison whose exit code is a cell's verdict (not any comparison). */
const IN_A_BISECT: FlagRequirement = {
    flags: ['bisect', 'resume', 'bisectExit'],
    refusal: flags => `${flags.join(' and ')} only appl${flags.length === 1 ? 'ies' : 'y'} with --bisect (or --resume, or --compare with --bisect-exit).`,
};

/** The flags of a comparison and a bisect, in the help's order; each name is the flag's commander attribute name. */
export const COMPARE_FLAGS = {
    compare: flag<string[]>({
        flags: '--compare <sides...>', description: 'compare two Theia builds measured alternately in one run: BASE HEAD, each [label=]a release (1.74.1), a '
            + 'folder of @theia/* tarballs, a built Theia checkout, or the URL of a running Theia (see README, "Compare two builds of Theia")',
        modes: COMPARE_ONLY, notWith: { network: OWN_SERVERS }, fields: ['compare.sides'],
        // A bisect names its sides at each step.
        toField: (sides, context) => sides === undefined && (context.given('bisect') || context.given('resume')) ? undefined : parseCompareSides(sides ?? [], context.base),
        rules: {
            withBisect: {
                conflictsWith: ['bisect', 'resume'],
                refusal: '--bisect chooses the two sides of each step itself: give --compare or --bisect (or --resume), not both.',
            },
        },
    }),
    bisect: flag<string>({
        flags: '--bisect <builds>', description: 'find the build that moved a cell: GOOD..BAD (every published Theia release from GOOD to BAD, e.g. 1.54.0..1.74.1) '
            + 'or a=SRC,b=SRC,... (builds in order, each a release, a folder of @theia/* tarballs or a built Theia checkout); each step a --compare '
            + '(see docs/bisect.md)',
        modes: COMPARE_ONLY, fields: ['bisectText'],
        // Checked here, before anything is built: a bad range, the same release twice, fewer than 2 builds.
        alsoSets: { field: 'bisectSeries', value: (text, context) => parseBisectSeries(text, context.base) },
    }),
    cell: flag<string>({
        flags: '--cell <cell>', description: 'with --bisect: the cell to follow (with --bisect-exit: whose verdict is the exit code), "host, scenario, size" as the '
            + 'report names it (e.g. "Theia browser (plugin), vscode.workspace.fs.readFile, 5K")', defaultShown: 'the cell that moved most between the endpoints',
        modes: COMPARE_ONLY, appliesOnlyWith: IN_A_BISECT, fields: ['bisectCell'],
        // A bisect of --suite watch follows a watch count; the others a cell of the reads.
        toField: (text, context) => text === undefined ? undefined : context.modes.includes('watch') ? parseWatchCell(text) : parseBisectCell(text),
    }),
    direction: flag<string>({
        flags: '--direction <way>', description: 'with --bisect: the way the cell moved from GOOD to BAD (with --bisect-exit: the way that makes HEAD bad), slower or faster',
        parse: wordChoiceArgument, choices: ['slower', 'faster'], default: 'slower', modes: COMPARE_ONLY, appliesOnlyWith: IN_A_BISECT, fields: ['bisectDirection'],
    }),
    resume: flag<string>({
        flags: '--resume <dir>', description: 'go on with the bisect in this folder (its bisect.json): its finished steps are kept', modes: COMPARE_ONLY,
        fields: ['resume'], toField: (folder, context) => folder === undefined ? undefined : path.resolve(context.base, folder),
        rules: { withBisect: { conflictsWith: ['bisect'], refusal: '--resume goes on with the bisect its folder records: leave out --bisect.' } },
    }),
    bisectExit: flag<boolean>({
        flags: '--bisect-exit', description: 'exit codes for git bisect run, from --cell\'s verdict (HEAD the commit under test): 0 no change (or moved the other '
            + 'way), 1 moved the --direction way, 125 inconclusive or HEAD cannot be built, started or measured (git skips the commit), 128 a refused command '
            + 'line or a BASE that cannot be set up (git stops); see docs/bisect.md',
        default: false, modes: COMPARE_ONLY, fields: ['bisectExit'],
        rules: {
            withBisect: {
                conflictsWith: ['bisect', 'resume'],
                refusal: '--bisect-exit makes one --compare a step of git bisect run, --bisect runs its own steps: give --compare or --bisect, not both.',
            },
            withoutCell: {
                requires: ['cell'],
                refusal: '--bisect-exit needs --cell "host, scenario, size": the cell whose verdict is the exit code (e.g. --cell "plugin, vscode.workspace.fs.readFile, 5K").',
            },
            sizesWithoutCell: {
                conflictsWith: ['sizes'], when: values => cellSize(values.cell) !== undefined && !values.sizes!.includes(cellSize(values.cell)!),
                refusal: values => `--sizes ${values.sizes!.join(',')} does not measure the --cell's size: add ${cellSize(values.cell)} (or leave out --sizes: `
                    + '--bisect-exit measures the cell\'s size).',
            },
        },
    }),
    pairs: flag<number>({
        flags: '--pairs <n>', description: 'a fixed number of pairs of alternated blocks, instead of sampling until resolved (--budget)',
        parse: wholeNumberArgument, range: { min: 2, max: 100 }, modes: COMPARE_ONLY, fields: ['compare.pairs'],
        // Not a default to show: without --pairs the budget decides how many pairs are taken.
        toField: pairs => pairs ?? COMPARE_DEFAULTS.pairs,
    }),
    alpha: flag<number>({
        flags: '--alpha <p>', description: 'false-alarm rate of the whole run: with --budget shared by its cells (Holm) and spent over the looks; with --pairs, '
            + 'the level of p-values adjusted for the number of cells',
        parse: levelArgument, range: { min: 0, max: 1, minExcluded: true, maxExcluded: true, example: DEFAULT_ALPHA }, default: DEFAULT_ALPHA, modes: COMPARE_ONLY,
        fields: ['compare.alpha'],
    }),
    noiseThreshold: flag<number>({
        flags: '--noise-threshold <percent>', description: 'a change smaller than this is "no change"',
        // Up to 100: "faster" is a ratio below 1 minus the threshold.
        parse: percentageArgument, range: { min: 0, max: 100 }, default: DEFAULT_NOISE_THRESHOLD_PERCENT, modes: COMPARE_ONLY,
        fields: ['compare.noiseThreshold'], toField: percent => percent! / 100,
    }),
    gate: flag<string>({
        flags: '--gate <cells>', description: 'the cells that gate a run sampled until resolved, "host, scenario, size" as the report names them, separated by ";" '
            + '(e.g. "plugin, vscode.workspace.fs.readFile, 10000K"), or all: they share the run\'s alpha, the run samples until they are resolved, '
            + 'and only they fail --check; the others are measured and reported',
        defaultShown: 'the plugin\'s and FileService\'s 10000K reads (every cell where the run measures neither)', modes: COMPARE_ONLY, fields: ['compare.gate'],
        toField: text => text === undefined ? undefined : parseGateCells(text),
        rules: {
            withBudget: { conflictsWith: ['pairs'], refusal: '--gate names the cells a budgeted run samples until resolved: it does not go with --pairs.' },
            withSuite: {
                conflictsWith: ['suite'], when: values => values.suite !== undefined && values.suite !== 'default',
                refusal: values => `--gate names cells of the reads; --suite ${values.suite} gates on every cell it measures: leave out --gate.`,
            },
            sizesWithoutGate: {
                conflictsWith: ['sizes'], when: values => gateSizes(values.gate).some(size => !values.sizes!.includes(size)),
                refusal: values => `--sizes ${values.sizes!.join(',')} does not measure every --gate cell's size: add `
                    + `${gateSizes(values.gate).filter(size => !values.sizes!.includes(size)).join(',')} (or leave out --sizes).`,
            },
        },
    }),
    check: flag<boolean>({
        flags: '--check', description: 'exit 1 when a cell is slower: significant at the run\'s alpha, from all its pairs, and beyond the noise threshold',
        default: false, modes: COMPARE_ONLY, fields: ['compare.check'],
    }),
    checkCounts: flag<string[]>({
        flags: '--check-counts <groups>', description: 'which exact counts fail --check when they change beyond the range they varied over between '
            + 'reads of one side: a comma-separated list of round-trips, messages, bytes, or none',
        parse: countCheckArgument, default: [...DEFAULT_COUNT_CHECK], modes: COMPARE_ONLY, fields: ['compare.checkCounts'],
    }),
    budget: flag<number>({
        flags: '--budget <minutes>', description: 'sample until every cell is resolved (slower, faster, or no change within the noise threshold) or this many '
            + 'minutes of measuring are spent (--pairs takes a fixed number instead)',
        parse: minutesArgument, range: { min: 0, max: 600, minExcluded: true, example: 15 }, default: COMPARE_DEFAULTS.budgetMinutes, modes: COMPARE_ONLY,
        fields: ['compare.budgetSeconds'], toField: (minutes, context) => context.given('pairs') ? undefined : minutes! * 60,
        rules: {
            withPairs: { conflictsWith: ['pairs'], refusal: '--budget samples until every cell is resolved, --pairs takes a fixed number of pairs: give one of them.' },
        },
    }),
    restartEvery: flag<number>({
        flags: '--restart-every <pairs>', description: 'stop and start both sides\' processes (backend, plugin host, page) afresh every this many pairs, '
            + 'the side started first alternating; 0: one start for the whole run',
        parse: wholeNumberArgument, range: { min: 0, max: 100 }, default: COMPARE_DEFAULTS.restartEvery, modes: COMPARE_ONLY, fields: ['compare.restartEvery'],
    }),
    warmupBlock: flag<boolean>({
        flags: '--no-warmup-block', description: 'one more warm-up round in the first block after each start of a side, instead of an untimed block (one '
            + 'sample of every case) before it',
        default: COMPARE_DEFAULTS.warmupBlock, modes: COMPARE_ONLY, fields: ['compare.warmupBlock'],
    }),
    duet: flag<boolean>({
        flags: '--duet', description: 'both sides\' blocks of a pair at the same time on fresh processes, each side\'s processes (backend, plugin host, '
            + 'browser) pinned to a core of its own with taskset, the cores swapped every pair (duet benchmarking; needs 2 cores, taskset, and no side at a URL)',
        default: false, modes: COMPARE_ONLY, fields: ['compare.duet'],
        rules: {
            withUrlSide: {
                conflictsWith: ['compare'], when: values => urlSideTexts(values.compare).length > 0,
                refusal: values => `--duet starts both sides itself to pin their processes to a core each, and ${notStartedWords(urlSideTexts(values.compare))}: `
                    + 'give a release, a folder of tarballs or a checkout, or leave out --duet.',
            },
            withRestartEvery: {
                conflictsWith: ['restartEvery'],
                refusal: values => `--duet starts both sides afresh for every pair; leave out --restart-every ${values.restartEvery} (or --duet).`,
            },
        },
    }),
};
