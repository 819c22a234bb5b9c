/**
 * A `yarn bench` command line made a run with the option table (bench-flags.ts, its entries' shape in option-table.ts):
 * the commander options and their help, the refusals of flags that do not apply or do not go together, the defaults of
 * each kind of run, then the run's options; and what the run hands on from the table: the settings of the apps it
 * starts and the options `run.json` records.
 */
import { Option } from 'commander';
import { LOOPBACK } from '@fs-perf/benchmark-core';
import { BENCH_FLAGS, benchFlags, COMPARE_HELP_GROUP, isCompareFlag, longFlag } from './bench-flags';
import { CompareOptions, followedCellScenarios } from './compare-options';
import {
    BenchFlag, BenchOptions, commandOption, FlagContext, FlagName, FlagValues, OptionField, RUN_MODES, RunMode, runModes, ruleRefusal,
} from './option-table';

// The run's parts that bench.ts, measure-host.ts and progress.ts take from here.
export { BenchHost, BenchTarget, HOST_NAMES, NetworkChoice } from './bench-hosts';
export { BenchOptions } from './option-table';

function shown(value: unknown): string {
    return Array.isArray(value) ? value.join(',') : String(value);
}

/** The modes an entry names as the ones it applies with or is refused in, as their flags: `--theia-version or --compare`. */
function modeFlags(modes: readonly RunMode[]): string {
    return modes.map(mode => mode === 'plain' ? 'a run without --compare' : RUN_MODES[mode].flag).join(' or ');
}

const BISECT_FLAGS = ['--bisect', '--cell', '--direction', '--resume'];

/** The help's words for an entry's default: the plain run's, then each mode's own where the flag applies there and it differs. */
function defaultWords(entry: BenchFlag<unknown>): string | undefined {
    const option = new Option(entry.flags);
    const own = Object.entries(entry.modeDefaults ?? {})
        .filter(([mode, value]) => entry.notWith?.[mode as Exclude<RunMode, 'plain'>] === undefined && shown(value) !== shown(entry.default))
        .map(([mode, value]) => ({ flag: RUN_MODES[mode as Exclude<RunMode, 'plain'>].flag, value }));
    if (!option.required && !option.optional) {
        // A switch: only `--no-x` has a default worth saying, where a mode turns it off.
        const off = own.filter(({ value }) => value === false).map(({ flag }) => flag);
        return option.negate && off.length > 0 ? `the default with ${off.join(' and ')}` : undefined;
    }
    const plain = entry.defaultShown ?? (entry.default === undefined ? undefined : shown(entry.default));
    return plain === undefined ? undefined : [plain, ...own.map(({ flag, value }) => `with ${flag}: ${shown(value)}`)].join('; ');
}

/**
 * The table as commander options, in its order: each with its parser, and its help from its entry (modes and defaults);
 * a comparison's and a bisect's under their own heading.
 */
export function benchCommandOptions(): Option[] {
    return benchFlags().map(([name, entry]) => {
        // `with --compare: ` before the words of a flag of some modes only (not before the flag that asks for the mode).
        // A bisect's flags ask for the comparison mode themselves (its steps are comparisons).
        const long = longFlag(name);
        const modes = BISECT_FLAGS.includes(long) ? [] : entry.modes.filter(mode => mode === 'plain' || RUN_MODES[mode].flag !== long);
        const option = commandOption(entry, `${modes.length === 0 || modes.includes('plain') ? '' : `with ${modeFlags(modes)}: `}${entry.description}`, defaultWords(entry));
        return isCompareFlag(name) ? option.helpGroup(COMPARE_HELP_GROUP) : option;
    });
}

/** The flags `given` without any of the flags they apply with (their entries' `appliesOnlyWith`), named in one refusal. */
function requirementRefusal(given: readonly FlagName[]): string | undefined {
    const unmet = given.filter(name => BENCH_FLAGS[name].appliesOnlyWith?.flags.some(other => given.includes(other)) === false);
    const requirement = unmet.length === 0 ? undefined : BENCH_FLAGS[unmet[0]].appliesOnlyWith!;
    return requirement?.refusal(unmet.filter(name => BENCH_FLAGS[name].appliesOnlyWith === requirement).map(longFlag));
}

/**
 * Why the flags `given` cannot run in `modes`, or undefined: first a mode's refusal of the flags it does not take (in
 * {@link RUN_MODES}' order), then the flags that apply only with a mode the run is not.
 */
export function modeRefusal(given: readonly FlagName[], modes: readonly RunMode[]): string | undefined {
    for (const [mode, spec] of Object.entries(RUN_MODES) as [Exclude<RunMode, 'plain'>, typeof RUN_MODES[keyof typeof RUN_MODES]][]) {
        const refused = modes.includes(mode) ? given.filter(name => BENCH_FLAGS[name].notWith?.[mode] !== undefined) : [];
        if (refused.length > 0) {
            return spec.refusal(refused.map(name => longFlag(name)), refused.map(name => BENCH_FLAGS[name].notWith![mode]!));
        }
    }
    const misplaced = given.filter(name => !BENCH_FLAGS[name].modes.some(mode => modes.includes(mode)));
    if (misplaced.length === 0) {
        return undefined;
    }
    const alike = misplaced.filter(name => shown(BENCH_FLAGS[name].modes) === shown(BENCH_FLAGS[misplaced[0]].modes));
    return `${alike.map(name => longFlag(name)).join(', ')} only appl${alike.length === 1 ? 'ies' : 'y'} with ${modeFlags(BENCH_FLAGS[misplaced[0]].modes)}.`;
}

/** Each flag's value: given on the command line, else the default of the run's first mode that has one, else the table's. */
function flagValues(raw: FlagValues, given: (name: FlagName) => boolean, modes: readonly RunMode[]): FlagValues {
    const values: Record<string, unknown> = {};
    for (const [name, entry] of benchFlags()) {
        const modeDefault = modes.map(mode => (entry.modeDefaults as Partial<Record<RunMode, unknown>> | undefined)?.[mode]).find(value => value !== undefined);
        values[name] = given(name) ? raw[name] : modeDefault ?? raw[name] ?? entry.default;
    }
    return values as FlagValues;
}

/** The run's options from the flags' values: each entry's value put into its fields (a comparison's only in a comparison). */
function optionsOf(values: FlagValues, context: FlagContext): BenchOptions {
    const options: Record<string, unknown> = {};
    const compare: Record<string, unknown> = {};
    const comparing = context.modes.includes('compare');
    for (const [name, entry] of benchFlags()) {
        const fields = entry.fields.filter(field => comparing || !field.startsWith('compare.'));
        const value = fields.length > 0 && entry.toField ? entry.toField(values[name], context) : values[name];
        for (const field of fields) {
            const [first, second] = field.split('.');
            if (second === undefined) {
                options[first] = value;
            } else {
                compare[second] = value;
            }
        }
    }
    for (const [name, entry] of benchFlags()) {
        if (entry.alsoSets && values[name] !== undefined) {
            options[entry.alsoSets.field] = entry.alsoSets.value(values[name], context);
        }
    }
    // The table's fields are BenchOptions' (OptionField is checked against it); their values, each entry's type.
    return { ...options, ...comparing ? { compare } : {} } as unknown as BenchOptions;
}

/**
 * A run's options from its parsed command line (commander's values): flags that do not apply to the run or do not go
 * together are refused, each with its entry's words (the reason on stderr, exit code 2): the flags a flag applies with,
 * then the modes, then the entries' rules; then each kind of run's defaults are applied. `given(name)`: whether the
 * command line gave that flag; relative paths are resolved against `base`.
 */
export function benchOptions(raw: FlagValues, given: (name: FlagName) => boolean, base: string): BenchOptions | number {
    const modes = runModes({ compare: raw.compare, networks: raw.network ?? [LOOPBACK], theiaVersions: raw.theiaVersion, theiaUrl: raw.theiaUrl, bisect: raw.bisect, resume: raw.resume, suite: raw.suite });
    const context: FlagContext = { base, stamp: new Date().toISOString().replace(/[:.]/g, '-').replace(/-\d+Z$/, 'Z'), modes, given };
    const values = flagValues(raw, given, modes);
    const givenFlags = benchFlags().map(([name]) => name).filter(given);
    const refusal = requirementRefusal(givenFlags) ?? modeRefusal(givenFlags, modes) ?? ruleRefusal(BENCH_FLAGS, values, context);
    if (refusal !== undefined) {
        console.error(`error: ${refusal}`);
        return 2;
    }
    try {
        const options = optionsOf(values, context);
        return options.bisectExit ? withBisectExit(options, given('sizes')) : options;
    } catch (error) {
        // What a value alone does not show, e.g. a side of --compare that is neither a release, a folder nor a URL.
        console.error(`error: ${(error as Error).message}`);
        return 2;
    }
}

/**
 * A `--bisect-exit` comparison: the cell and direction its exit code is decided by (`compare.bisectExit`), and, unless
 * `--sizes` is given, only the cell's size measured (as a bisect's steps after the endpoints).
 */
function withBisectExit(options: BenchOptions, sizesGiven: boolean): BenchOptions {
    const exit = { cell: options.bisectCell!, direction: options.bisectDirection ?? 'slower' };
    // Only the cell decides the exit code: it is measured with one floor beside it, and it alone gates, keeping the run's whole alpha.
    return {
        ...options, sizes: sizesGiven ? options.sizes : [exit.cell.target],
        compare: { ...options.compare!, bisectExit: exit, scenarios: followedCellScenarios(exit.cell), gate: [exit.cell] },
    };
}

/** Reads a field of the run's options (see {@link OptionField}). */
export function optionField(options: BenchOptions, field: OptionField): unknown {
    const [first, second] = field.split('.') as [keyof BenchOptions, keyof CompareOptions | undefined];
    return second === undefined ? options[first] : options.compare?.[second];
}

/**
 * The settings of the apps a run starts: each flag's setting from the table (where the run has a value: `--pause` only when
 * asked for), then those of its modes (an emulated link's scenarios; else each extension's own defaults).
 */
export function runSettings(options: BenchOptions): Record<string, unknown> {
    const settings: Record<string, unknown> = {};
    for (const [, entry] of benchFlags()) {
        const value = entry.setting === undefined ? undefined : optionField(options, entry.fields[0]);
        if (entry.setting !== undefined && value !== undefined) {
            settings[entry.setting] = value;
        }
    }
    for (const mode of runModes(options)) {
        for (const [key, value] of Object.entries(mode === 'plain' ? {} : RUN_MODES[mode].settings ?? {})) {
            settings[key] = Array.isArray(value) ? [...value] : value;
        }
    }
    return settings;
}

/** The options `run.json` records: every field a flag of the table becomes, but the run's folder (which holds run.json). */
export function recordedOptions(options: BenchOptions): Record<string, unknown> {
    const record: Record<string, unknown> = {};
    for (const [name, entry] of benchFlags()) {
        if (name === 'out') {
            continue;
        }
        for (const field of entry.fields) {
            const [first, second] = field.split('.');
            const value = optionField(options, field);
            if (second === undefined) {
                record[first] = value;
            } else if (options.compare) {
                record[first] = { ...record[first] as object, [second]: value };
            }
        }
    }
    return record;
}
