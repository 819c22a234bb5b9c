/**
 * The option tables of `yarn bench:compare` and `yarn bench:accuracy`: the flags they share with `yarn bench` are its
 * entries (the same parser, range and choices, so the same refusals), in each command's own words and defaults.
 */
import { DEFAULT_ITERATIONS, DEFAULT_WARMUP, FIXTURE_SIZE_LABELS } from '@fs-perf/benchmark-core';
import { COMPARE_FLAGS } from './compare-flags';
import { CommandFlag, DEFAULT_ALPHA, DEFAULT_NOISE_THRESHOLD_PERCENT, sharedFlag } from './option-table';
import { RUN_FLAGS } from './run-flags';

/** `yarn bench:compare`'s flags' values, by their commander attribute names. */
export interface CompareCommandValues {
    readonly minSize: string;
    readonly alpha: number;
    readonly noiseThreshold?: number;
    readonly tolerance?: number;
    readonly check?: boolean;
    readonly json?: boolean;
}

/** `yarn bench:compare`'s flags, in the help's order. */
export const COMPARE_COMMAND_FLAGS: { readonly [Name in keyof CompareCommandValues]-?: CommandFlag<NonNullable<CompareCommandValues[Name]>, CompareCommandValues> } = {
    minSize: {
        flags: '--min-size <size>', description: `smallest fixture size compared (${FIXTURE_SIZE_LABELS.join(', ')})`, choices: FIXTURE_SIZE_LABELS, default: '500K',
    },
    alpha: sharedFlag(COMPARE_FLAGS.alpha, { description: 'significance level of the Mann-Whitney test, its p-values adjusted for the number of cells', default: DEFAULT_ALPHA }),
    // No default value: --tolerance stands in for it where given.
    noiseThreshold: sharedFlag(COMPARE_FLAGS.noiseThreshold, {
        description: 'change that counts as noise: "no change" needs the ratio\'s interval within it, "slower" or "faster" a ratio beyond it',
        defaultShown: `${DEFAULT_NOISE_THRESHOLD_PERCENT}`,
    }),
    tolerance: sharedFlag(COMPARE_FLAGS.noiseThreshold, {
        flags: '--tolerance <percent>', description: 'deprecated: sets --noise-threshold',
        // Commander's words, as when commander refused it.
        rules: { withNoiseThreshold: { conflictsWith: ['noiseThreshold'], refusal: 'option \'--tolerance <percent>\' cannot be used with option \'--noise-threshold <percent>\'' } },
    }),
    check: {
        flags: '--check', description: 'exit 1 when a cell is slower (significant and beyond the noise threshold), or, where each side is one results file with exact '
            + 'counts, when a count it gates on (round trips, or the groups a --compare run recorded) changed beyond its range; inconclusive cells never fail it',
    },
    json: { flags: '--json', description: 'print the comparison as JSON instead of the table' },
};

/** The hosts `yarn bench:accuracy` checks: the two whose extensions have a "Check Accuracy" command. */
export const ACCURACY_HOSTS = ['theia-browser', 'vscode-server'] as const;

/** `yarn bench:accuracy`'s flags, in the help's order. */
export const ACCURACY_FLAGS = {
    hosts: sharedFlag(RUN_FLAGS.hosts, { description: `comma-separated hosts (${ACCURACY_HOSTS.join(', ')})`, choices: ACCURACY_HOSTS, default: [...ACCURACY_HOSTS], defaultShown: 'both' }),
    iterations: sharedFlag(RUN_FLAGS.iterations, { description: 'samples of each bare loop and each harness run', default: DEFAULT_ITERATIONS }),
    warmup: sharedFlag(RUN_FLAGS.warmup, { description: 'warm-up samples before each', default: DEFAULT_WARMUP }),
    sizes: sharedFlag(RUN_FLAGS.sizes, { description: 'sizes from 500K up', default: ['500K', '5000K', '10000K'], defaultShown: '500K,5000K,10000K' }),
    pause: sharedFlag(RUN_FLAGS.pause, {
        description: 'before each sample of the bare loops and the harness alike, wait idle as long as the previous sample took, at most this long: checks '
            + 'the harness as `yarn bench --pause` runs it (default 0: no pause)',
    }),
    out: sharedFlag(RUN_FLAGS.out, { description: 'also write the accuracy files there' }),
};
