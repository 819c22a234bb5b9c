/**
 * The option table's shape: a flag's entry (its parser with the range or choices it takes, its default, the kinds of run
 * it applies with, the flags it does not go with or needs, each with its refusal, the field of the run's options and the
 * editor setting it becomes) and the helpers that make a commander option and a refusal of it. The help, every refusal,
 * the options `run.json` records and the settings handed to the editors come from the entries: `yarn bench`'s in
 * run-flags.ts and compare-flags.ts (bench-flags.ts puts them together), `bench:compare`'s and `bench:accuracy`'s in
 * command-flags.ts. A new flag is one entry, its value's type in {@link BenchFlagValues} and its field in `BenchOptions`.
 */
import { Option } from 'commander';
import { CellKey, DEFAULT_VERDICT_RULE, SETTING_KEYS } from '@fs-perf/benchmark-core';
import { BisectSeries } from './bisect/builds';
import { BenchHost, NetworkChoice } from './bench-hosts';
import { CompareOptions } from './compare-options';
import { NumberRange, ValueParser } from './option-parsers';
import { RunMode } from './run-modes';

export { NETWORK_DEFAULTS, RUN_MODES, RunMode, RunModeSpec, runModes } from './run-modes';

export interface BenchOptions {
    readonly hosts: BenchHost[];
    readonly iterations: number;
    readonly warmup: number;
    readonly sizes: string[];
    /** Precision target, percent of each median (0: exactly `iterations` samples). */
    readonly precision: number;
    /** Times each host is measured, the hosts alternated between rounds; their samples are merged. */
    readonly rounds: number;
    /** Chromium's CPU throttling rate for the pages (1: none), a slower client machine. */
    readonly cpuThrottle: number;
    /** CPU passes after the timed samples (setting `fsPerf.cpuPass`; a `--theia-url` Theia keeps its own setting). */
    readonly cpuPass: boolean;
    /**
     * Before each sample, an idle wait as long as the previous sample took, at most this many ms (setting `fsPerf.pause`;
     * absent: none). A comparison's is also its `compare.pauseMs`.
     */
    readonly pauseMs?: number;
    readonly out: string;
    readonly theiaUrl?: string;
    /** Theia releases to measure instead of browser-app, each as its own app built in `theiaCache`. */
    readonly theiaVersions?: string[];
    /** Where the release apps are built (default {@link defaultTheiaCache}). */
    readonly theiaCache?: string;
    /** Install and build the release apps again even where the cache has them. */
    readonly force?: boolean;
    /** `--compare BASE HEAD`: two Theia builds measured alternately in one run (see compare/index.ts; the sides as given: alternated.ts). */
    readonly compare?: CompareOptions;
    /** `--network`: the links every host is measured over, in turn within each round (default: loopback only). */
    readonly networks: NetworkChoice[];
    /** `--bisect`: the builds a bisect searches (its steps are comparisons, with the compare flags). */
    readonly bisectSeries?: BisectSeries;
    /** `--bisect`'s value as given. */
    readonly bisectText?: string;
    /** `--cell`: the cell a bisect follows (default: the one that moved most between the endpoints). */
    readonly bisectCell?: CellKey;
    readonly bisectDirection?: 'slower' | 'faster';
    /** `--resume`: the folder of a bisect to go on with. */
    readonly resume?: string;
    /** `--bisect-exit`: the comparison's exit code is `git bisect run`'s, from `--cell`'s verdict (set as `compare.bisectExit`). */
    readonly bisectExit?: boolean;
    /** `--suite trees`, `writes` or `watch`: the big-tree scenarios, the writes or file watching instead of the reads (default: the reads). */
    readonly suite: BenchSuite;
    /** `--tree-sizes`: the generated trees of `--suite trees` (none in another run). */
    readonly treeSizes?: string[];
    /** `--watch-tree`: the generated tree `--suite watch` opens to read what watching it costs the editor's processes ('none': not at all). */
    readonly watchTree?: string;
}

/** What a run measures: the reads and the rest of the default set, the big trees, the writes, or file watching (issue 39). */
export type BenchSuite = 'default' | 'trees' | 'writes' | 'watch';
export const BENCH_SUITES: readonly BenchSuite[] = ['default', 'trees', 'writes', 'watch'];

/** `--suite watch`'s tree opened for what watching it costs: the issue's 100k (about 40 s and 741 MB to generate, removed after). */
export const WATCH_TREE_DEFAULT = '100k';

/**
 * `--suite trees`: the big-tree scenarios of both extensions over the generated trees, each sample a whole storm, walk or
 * search (seconds at 10k files through an editor's API), so 6 timed samples (the fewest with a median interval) and one
 * warm-up, no precision target. Every option given on the command line wins.
 */
export const TREES_DEFAULTS = { iterations: 6, warmup: 1, precision: 0 } as const;

/** `yarn bench` samples on until every median is known within 5% (the editors' own default is off). */
export const DEFAULT_BENCH_PRECISION = 5;
/** Significance level of a comparison's verdicts, unless `--alpha` says otherwise: the verdict rule's. */
export const DEFAULT_ALPHA = DEFAULT_VERDICT_RULE.alpha;
/** A change smaller than this, percent, is "no change", unless `--noise-threshold` says otherwise: the verdict rule's. */
export const DEFAULT_NOISE_THRESHOLD_PERCENT = Math.round(DEFAULT_VERDICT_RULE.noiseThreshold * 10_000) / 100;

/** Each flag's value as the command line (or a default) gives it, by its table name; each entry parses to its own. */
export interface BenchFlagValues {
    readonly hosts: BenchHost[];
    readonly iterations: number;
    readonly warmup: number;
    readonly sizes: string[];
    readonly precision: number;
    readonly rounds: number;
    readonly cpuThrottle: number;
    readonly cpuPass: boolean;
    readonly out: string;
    readonly theiaUrl: string;
    readonly theiaVersion: string[];
    readonly theiaCache: string;
    readonly force: boolean;
    readonly pause: number;
    readonly suite: BenchSuite;
    readonly treeSizes: string[];
    readonly watchTree: string;
    readonly network: NetworkChoice[];
    readonly compare: string[];
    readonly bisect: string;
    readonly cell: string;
    readonly direction: string;
    readonly resume: string;
    readonly bisectExit: boolean;
    readonly pairs: number;
    readonly alpha: number;
    readonly noiseThreshold: number;
    readonly check: boolean;
    readonly gate: string;
    readonly checkCounts: string[];
    readonly budget: number;
    readonly restartEvery: number;
    readonly warmupBlock: boolean;
    readonly duet: boolean;
}

export type FlagName = keyof BenchFlagValues;
/** A flag's value as the command line (or a default) gives it. */
export type FlagValue<Name extends FlagName> = BenchFlagValues[Name];
export type FlagValues = Partial<BenchFlagValues>;

/** What a rule of a flag reads besides the values: which flags the command line gave, and the kinds of run they make. */
export interface RuleContext {
    /** Whether the command line gave the flag of this table name (rather than a default). */
    given(name: string): boolean;
    readonly modes: readonly RunMode[];
}

/** What a flag's value becomes in the run's options may depend on the rest of the command line. */
export interface FlagContext extends RuleContext {
    /** Where the user typed the command: relative paths are relative to it. */
    readonly base: string;
    /** The run's start, e.g. `2026-11-26T10-15-00Z`, for its default folder. */
    readonly stamp: string;
}

/** A field of {@link BenchOptions}, or `compare.<field>` of its {@link CompareOptions} (set in a comparison only). */
export type OptionField = keyof BenchOptions | `compare.${keyof CompareOptions}`;

/**
 * A refusal of a flag given with others (clap's `conflicts_with` and `requires`): the flag given, one of `conflictsWith`
 * given too (where named), none of `requires` (where named), and `when` holding of the values (where given) refuse the
 * command line with `refusal`.
 */
export interface FlagRule<Values = FlagValues> {
    readonly conflictsWith?: readonly (keyof Values & string)[];
    readonly requires?: readonly (keyof Values & string)[];
    /** A rule of values, not of flags alone, e.g. a side of --compare at a URL. */
    when?(values: Values, modes: readonly RunMode[]): boolean;
    /** The refusal, naming what was given. */
    readonly refusal: string | ((values: Values) => string);
}

/** The flags a flag applies with, beyond its modes (`--cell`: a bisect's), with the refusal of the flags given without them. */
export interface FlagRequirement {
    readonly flags: readonly FlagName[];
    /** The refusal of all the flags given without them, as the user types them (`--cell and --direction only apply with ...`). */
    refusal(flags: readonly string[]): string;
}

/** A flag of a command line: the shape every command's flags share. */
export interface CommandFlag<Value, Values = FlagValues> {
    /** Commander's flags, e.g. `--pairs <n>`; `--no-x` for what is on unless the flag is given. */
    readonly flags: string;
    /** The help's words; a flag of some modes of `yarn bench` only gets `with --compare: ` before them. */
    readonly description: string;
    /** The value of the command line's text, refusing what its range or choices do not take; none for a switch. */
    readonly parse?: ValueParser<Value>;
    readonly range?: NumberRange;
    /** The values it takes: its parser's, else commander's choices. */
    readonly choices?: readonly string[];
    readonly default?: Value;
    /** The help's words for the default where the value itself would not say it (`all`, a folder made at the start). */
    readonly defaultShown?: string;
    /** The flags it does not go with or needs, by name (the refusal test's list names them so). */
    readonly rules?: Readonly<Record<string, FlagRule<Values>>>;
}

/** A flag of `yarn bench`. */
export interface BenchFlag<Value> extends CommandFlag<Value> {
    /** Where a kind of run has a default of its own; the flag given still wins. */
    readonly modeDefaults?: Partial<Record<'compare' | 'network' | 'trees', Value>>;
    /** The modes it applies with (any one of them); given in a run of none of them, it is refused. */
    readonly modes: readonly RunMode[];
    /** The modes it does not apply with, each with the reason the refusal gives (see `RUN_MODES`). */
    readonly notWith?: Partial<Record<Exclude<RunMode, 'plain'>, string>>;
    /** The flags it applies with, beyond its modes; given without any of them it is refused, before the modes' refusals. */
    readonly appliesOnlyWith?: FlagRequirement;
    /** The fields of the run's options it becomes. */
    readonly fields: readonly OptionField[];
    /** Its value as those fields hold it, where that differs (a percentage as a fraction, a folder resolved). */
    toField?(value: Value | undefined, context: FlagContext): unknown;
    /** A field the run works with, made from the value, that `run.json` does not record (it records the value's own field). */
    readonly alsoSets?: { readonly field: keyof BenchOptions; value(value: Value, context: FlagContext): unknown };
    /** The editor setting it becomes (benchmark-core's SETTING_KEYS). */
    readonly setting?: typeof SETTING_KEYS[keyof typeof SETTING_KEYS];
}

/** Any run, with --compare or without (--network, --theia-version and --theia-url come with a plain run). */
export const EVERY_RUN: readonly RunMode[] = ['plain', 'compare'];
/** Any run without --compare, over a link or not, of releases or of a running Theia. */
export const PLAIN_RUNS: readonly RunMode[] = ['plain'];
export const COMPARE_ONLY: readonly RunMode[] = ['compare'];
/** Why --network refuses a flag that measures servers it does not start (--network's refusal words it: `--network <this>; leave out ...`). */
export const OWN_SERVERS = 'puts its proxy in front of servers this run starts';

/** Infers an entry's value type from its parser or default. */
export function flag<Value>(entry: BenchFlag<Value>): BenchFlag<Value> {
    return entry;
}

/** Another command's flag that is `yarn bench`'s: the same flag (unless renamed), parser, range and choices, in the command's words and defaults. */
export function sharedFlag<Value, Values = unknown>(entry: CommandFlag<Value>, own: Omit<CommandFlag<Value, Values>, 'flags' | 'parse' | 'range'> & { readonly flags?: string }): CommandFlag<Value, Values> {
    return { parse: entry.parse, range: entry.range, choices: entry.choices, ...own, flags: own.flags ?? entry.flags };
}

/**
 * An entry as a commander option: its parser given the entry's range and choices (else commander's choices), its
 * default with the help's words for it (`defaultWords`, the entry's own unless given).
 */
export function commandOption<Value, Values>(entry: CommandFlag<Value, Values>, description = entry.description, defaultWords = entry.defaultShown): Option {
    const option = new Option(entry.flags, description);
    const parse = entry.parse;
    if (parse) {
        option.argParser((text: string) => parse(text, { flag: option.long!, range: entry.range, choices: entry.choices }));
    } else if (entry.choices) {
        option.choices(entry.choices);
    }
    const takesValue = option.required || option.optional;
    if (takesValue && entry.default !== undefined) {
        option.default(entry.default, defaultWords);
    } else if (defaultWords !== undefined) {
        option.description += takesValue ? ` (default: ${defaultWords})` : ` (${defaultWords})`;
    }
    return option;
}

/** Whether the command line breaks `rule` of a flag it gave. */
function breaks<Values>(rule: FlagRule<Values>, values: Values, context: RuleContext): boolean {
    return (rule.conflictsWith === undefined || rule.conflictsWith.some(name => context.given(name)))
        && (rule.requires === undefined || !rule.requires.some(name => context.given(name)))
        && (rule.when === undefined || rule.when(values, context.modes));
}

/** The refusal of the first rule the command line breaks, in the table's order, or undefined. */
export function ruleRefusal<Values>(table: Readonly<Record<string, CommandFlag<unknown, Values>>>, values: Values, context: RuleContext): string | undefined {
    for (const [name, entry] of Object.entries(table)) {
        const broken = context.given(name) ? Object.values(entry.rules ?? {}).find(rule => breaks(rule, values, context)) : undefined;
        if (broken) {
            return typeof broken.refusal === 'string' ? broken.refusal : broken.refusal(values);
        }
    }
    return undefined;
}
