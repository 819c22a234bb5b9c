/**
 * A `yarn bench` command line made a run with the option table (option-table.ts): the commander options and their help,
 * the refusals of flags that do not apply or do not go together, the defaults of each kind of run, then the run's options;
 * and what the run hands on from the table: the settings of the apps it starts and the options `run.json` records.
 */
import { Option } from 'commander';
import { LOOPBACK } from '@fs-perf/benchmark-core';
import { parseBisectSeries } from './bisect/builds';
import { CompareOptions, followedCellScenarios } from './compare-options';
import {
    BENCH_FLAGS, BenchFlag, benchFlags, BenchOptions, FlagContext, FlagName, FlagValues, OptionField, RUN_MODES, RunMode, runModes,
} from './option-table';
import { RUN_CHECKS } from './run-checks';

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

/** Whether the flag takes a value (`--out <dir>`), rather than being a switch (`--check`, `--no-cpu-pass`). */
function takesValue(option: Option): boolean {
    return option.required || option.optional;
}

/** The help's words for an entry's default: the plain run's, then each mode's own where the flag applies there and it differs. */
function defaultWords(entry: BenchFlag<unknown>, option: Option): string | undefined {
    const own = Object.entries(entry.modeDefaults ?? {})
        .filter(([mode, value]) => entry.notWith?.[mode as Exclude<RunMode, 'plain'>] === undefined && shown(value) !== shown(entry.default))
        .map(([mode, value]) => ({ flag: RUN_MODES[mode as Exclude<RunMode, 'plain'>].flag, value }));
    if (!takesValue(option)) {
        // A switch: only `--no-x` has a default worth saying, where a mode turns it off.
        const off = own.filter(({ value }) => value === false).map(({ flag }) => flag);
        return option.negate && off.length > 0 ? `the default with ${off.join(' and ')}` : undefined;
    }
    const plain = entry.defaultShown ?? (entry.default === undefined ? undefined : shown(entry.default));
    return plain === undefined ? undefined : [plain, ...own.map(({ flag, value }) => `with ${flag}: ${shown(value)}`)].join('; ');
}

/** The table as commander options, in its order: each with its parser, and its help from its entry (modes and defaults). */
export function benchCommandOptions(): Option[] {
    return benchFlags().map(([, entry]) => {
        const option = new Option(entry.flags, entry.description);
        // `with --compare: ` before the words of a flag of some modes only (not before the flag that asks for the mode).
        // A bisect's flags ask for the comparison mode themselves (its steps are comparisons).
        const modes = BISECT_FLAGS.includes(option.long!) ? [] : entry.modes.filter(mode => mode === 'plain' || RUN_MODES[mode].flag !== option.long);
        option.description = `${modes.length === 0 || modes.includes('plain') ? '' : `with ${modeFlags(modes)}: `}${entry.description}`;
        if (entry.parse) {
            option.argParser(entry.parse);
        }
        const defaults = defaultWords(entry, option);
        if (defaults !== undefined && takesValue(option) && entry.default !== undefined) {
            option.default(entry.default, defaults);
        } else if (defaults !== undefined) {
            option.description += takesValue(option) ? ` (default: ${defaults})` : ` (${defaults})`;
        }
        return option;
    });
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

/** The flag as the user types it, e.g. `--no-warmup-block`. */
export function longFlag(name: FlagName): string {
    return new Option(BENCH_FLAGS[name].flags).long!;
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
    // The table's fields are BenchOptions' (OptionField is checked against it); their values, each entry's type.
    return { ...options, ...comparing ? { compare } : {} } as unknown as BenchOptions;
}

/**
 * A run's options from its parsed command line (commander's values): flags that do not apply to the run or do not go
 * together are refused (the reason on stderr, exit code 2), then each kind of run's defaults are applied. `given(name)`:
 * whether the command line gave that flag; relative paths are resolved against `base`.
 */
export function benchOptions(raw: FlagValues, given: (name: FlagName) => boolean, base: string): BenchOptions | number {
    const modes = runModes({ compare: raw.compare, networks: raw.network ?? [LOOPBACK], theiaVersions: raw.theiaVersion, theiaUrl: raw.theiaUrl, bisect: raw.bisect, resume: raw.resume, suite: raw.suite });
    // A bisect's own flags name --bisect (or --bisect-exit), not the comparison mode its steps run in.
    const bisectOnly = (['cell', 'direction'] as const).filter(name => given(name) && !given('bisect') && !given('resume') && !given('bisectExit'));
    const refusal = bisectOnly.length > 0
        ? `${bisectOnly.map(longFlag).join(' and ')} only appl${bisectOnly.length === 1 ? 'ies' : 'y'} with --bisect (or --resume, or --compare with --bisect-exit).`
        : modeRefusal(benchFlags().map(([name]) => name).filter(given), modes);
    if (refusal !== undefined) {
        console.error(`error: ${refusal}`);
        return 2;
    }
    const values = flagValues(raw, given, modes);
    const context: FlagContext = { base, stamp: new Date().toISOString().replace(/[:.]/g, '-').replace(/-\d+Z$/, 'Z'), modes, given };
    const check = RUN_CHECKS.find(candidate => candidate.refuses(values, context));
    if (check) {
        console.error(`error: ${check.refusal(values)}`);
        return 2;
    }
    try {
        const options = optionsOf(values, context);
        if (options.bisectExit) {
            return withBisectExit(options, given('sizes'));
        }
        // The series is checked here, before anything is built: a bad range, the same release twice, fewer than 2 builds.
        return values.bisect === undefined ? options : { ...options, bisectSeries: parseBisectSeries(values.bisect, base) };
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
    // Only the cell decides the exit code: it is measured with one floor beside it, so the run's alpha is shared by 2 cells, not 5.
    return { ...options, sizes: sizesGiven ? options.sizes : [exit.cell.target], compare: { ...options.compare!, bisectExit: exit, scenarios: followedCellScenarios(exit.cell) } };
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
