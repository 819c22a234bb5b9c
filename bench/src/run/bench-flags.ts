/** `yarn bench`'s option table: the flags of any run (run-flags.ts), then a comparison's and a bisect's (compare-flags.ts). */
import { Option } from 'commander';
import { COMPARE_FLAGS } from './compare-flags';
import { BenchFlag, FlagName, FlagValue } from './option-table';
import { RUN_FLAGS } from './run-flags';

/** Every flag of `yarn bench`, in the help's order, each parsing to its {@link FlagValue}. */
export const BENCH_FLAGS: { readonly [Name in FlagName]: BenchFlag<FlagValue<Name>> } = { ...RUN_FLAGS, ...COMPARE_FLAGS };

/** The help's heading of a comparison's and a bisect's flags (the others stand under commander's `Options:`). */
export const COMPARE_HELP_GROUP = 'Comparison and bisect options (--compare, --bisect):';

/** The table's entries with their names, in its order. */
export function benchFlags(): [FlagName, BenchFlag<unknown>][] {
    return Object.entries(BENCH_FLAGS) as [FlagName, BenchFlag<unknown>][];
}

/** Whether the flag is a comparison's or a bisect's (compare-flags.ts). */
export function isCompareFlag(name: FlagName): boolean {
    return Object.hasOwn(COMPARE_FLAGS, name);
}

/** The flag as the user types it, e.g. `--no-warmup-block`. */
export function longFlag(name: FlagName): string {
    return new Option(BENCH_FLAGS[name].flags).long!;
}
