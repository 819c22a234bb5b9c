/**
 * The comparison run of `yarn bench --compare`: both sides set up, then a pass of alternated blocks (pass.ts), each side's
 * blocks merged, the verdicts and the report written; with `--check`, the exit code says whether a cell was slower, each
 * cell decided from all its pairs with the run's false-alarm rate held at alpha (see open-cells.ts).
 */
import * as path from 'path';
import { ComparisonCheck, DEFAULT_COUNT_CHECK, compareRuns, DUET_DESIGN, RunComparison } from '@fs-perf/benchmark-core';
import { defaultTheiaCache, packTheiaExtension } from '../../hosts/theia-release';
import { compareBlockTargets, CompareRunOptions } from '../compare-options';
import { minutes } from '../format';
import { bisectExitOf, bisectFailureExit } from './bisect-exit';
import { measurePass } from './measure-pass';
import { comparesBefore } from './pass';
import { prepareSide } from './prepare-side';
import { RestartPolicy } from './restart-policy';
import { checkWithCounts, writeComparison, writeComparisonReport, writeRunRecord, writeSides } from './run-files';
import { PreparedSide } from './side';

/**
 * Runs the comparison: sets up both sides (one after the other), then measures them ({@link measureComparison}).
 * Returns the exit code: with `check`, 1 when a cell is slower.
 */
export async function benchCompare(options: CompareRunOptions): Promise<number> {
    const { log, compare } = options;
    const started = Date.now();
    const [baseSpec, headSpec] = compare.sides;
    const policy = RestartPolicy.of(compare);
    log(`comparing ${headSpec.label} (${headSpec.kind} ${headSpec.value}) with ${baseSpec.label} (${baseSpec.kind} ${baseSpec.value}): `
        + `${compare.budgetSeconds === undefined ? `${compare.pairs} pairs` : `pairs until every gated cell is resolved or ${minutes(compare.budgetSeconds)} are spent`} of ${compare.duet ? '' : 'alternated '}blocks of ${options.iterations} samples + ${options.warmup} warm-up `
        + `${policy.describeWarmUp()} ${describeTargets(options)}, ${compare.duet ? `${DUET_DESIGN}, on fresh processes every pair` : policy.describeStarts()}`
        + `${compare.pauseMs > 0 ? `, a pause before each sample as long as the previous sample, at most ${compare.pauseMs} ms` : ''}; output in ${options.out}`);
    let packed: Promise<string> | undefined;
    const extension = (): Promise<string> => packed ??= (async () => {
        log('packing the Theia extension (npm pack in theia-extension/) for the apps');
        return packTheiaExtension(path.join(options.theiaCache ?? defaultTheiaCache(), 'packs'));
    })();
    // Set up one after the other (never two Theia builds at once), before anything is measured.
    const prepared: PreparedSide[] = [];
    for (const spec of compare.sides) {
        log(`setting up ${spec.label}`);
        try {
            prepared.push(await prepareSide(spec, options, extension));
        } catch (error) {
            if (!compare.bisectExit) {
                throw error;
            }
            // For git bisect run: a commit whose build fails is skipped; a base that cannot be set up stops the bisect.
            return exitWith(bisectFailureExit(spec.side, error as Error));
        }
    }
    return measureComparison(prepared, options, started);
}

/**
 * Measures two prepared sides alternately (pass.ts) and writes `results/<base|head>.json`, `blocks/`,
 * `comparison.txt` and `comparison.json` (the verdicts and what `--check` decides), the report and `run.json`. `started`:
 * when the run began (its set-up included). Returns the exit code: 1 when a side failed, or with `check` when a cell is slower.
 */
export async function measureComparison(prepared: readonly PreparedSide[], options: CompareRunOptions, started: number): Promise<number> {
    const { log, compare } = options;
    const setupSeconds = (Date.now() - started) / 1000;
    // `onePass`: the check is these verdicts' (runs made before it was recorded confirmed a slower cell in a second pass).
    const checkCounts = [...(compare.checkCounts ?? DEFAULT_COUNT_CHECK)];
    const comparisonOptions = { minSize: options.sizes[0], alpha: compare.alpha, noiseThreshold: compare.noiseThreshold, onePass: true as const, checkCounts };
    const plan = { sizes: compareBlockTargets(options), pairs: compare.pairs, budgetSeconds: compare.budgetSeconds, folder: options.out, name: '' };
    // A pass that measured no pair throws (a side that cannot start); for git bisect run that commit is skipped.
    const pass = compare.bisectExit ? await measurePass(prepared, options, plan).catch((error: Error) => error) : await measurePass(prepared, options, plan);
    if (pass instanceof Error) {
        return exitWith(bisectFailureExit('either', pass));
    }
    const pairsTaken = pass.sides[0].blocks.length;
    const comparisonId = `compare-${new Date(started).toISOString()}`;
    const sides = await writeSides(pass.sides, pass.cells, options.out, comparisonId, comparisonOptions);
    const record = (failure: Error | undefined): Promise<void> =>
        writeRunRecord(options, prepared, pairsTaken, { seconds: (Date.now() - started) / 1000, setupSeconds, measureSeconds: pass.seconds }, failure);
    const analyse = async (): Promise<{ comparison: RunComparison; check: Pick<ComparisonCheck, 'passed' | 'message'>; text: string; written: string[] }> => {
        const comparison = compareRuns([sides.base], [sides.head], comparisonOptions);
        const { check, countsText } = checkWithCounts(comparison, sides, checkCounts);
        const text = await writeComparison(options.out, comparison, { check }, countsText);
        return { comparison, check, text, written: await writeComparisonReport(options.out, comparisonOptions, sides, pass.failure ? { pairs: pairsTaken, started } : undefined) };
    };
    // The pairs are kept (results/, blocks/); run.json says the comparison failed, so no reader takes the folder for a verdict.
    const { comparison, check, text, written } = await analyse().catch(async (error: Error) => {
        await record(new Error(`the comparison of the ${pairsTaken} pairs failed: ${error.message}`));
        throw error;
    });
    const seconds = (Date.now() - started) / 1000;
    await record(pass.failure);
    console.log(text);
    log(`report written: ${written.map(file => path.relative(options.out, file)).filter(name => !name.startsWith('chart-')).join(', ')} in ${options.out}`);
    log(`done in ${minutes(seconds)} (set-up ${minutes(setupSeconds)}, measuring ${minutes(pass.seconds)})`);
    if (pass.failure) {
        console.error(`${pass.failure.message} ${comparesBefore(pairsTaken)}`);
        // The verdicts of the pairs before the failure are written, but a run cut short decides nothing for git bisect.
        return compare.bisectExit ? exitWith(bisectFailureExit('either', pass.failure)) : 1;
    }
    if (compare.bisectExit) {
        return exitWith(bisectExitOf(comparison.cells, compare.bisectExit), console.log);
    }
    if (!compare.check) {
        return 0;
    }
    (check.passed ? console.log : console.error)(check.message);
    return check.passed ? 0 : 1;
}

/** What the blocks measure, in the run's first line: `at 500K, 5000K, 10000K`, `of the writes at 1K`, `of the trees over the 1k tree`. */
function describeTargets(options: CompareRunOptions): string {
    const targets = compareBlockTargets(options);
    return options.suite === 'trees' ? `of the trees over the ${targets.join(' and ')} tree${targets.length === 1 ? '' : 's'}`
        : `${options.suite === 'writes' ? 'of the writes ' : ''}at ${targets.join(', ')}`;
}

/** Prints a `--bisect-exit` line (a failure's to stderr, a verdict's to stdout) and returns its code. */
function exitWith(exit: { readonly code: number; readonly line: string }, print: (line: string) => void = console.error): number {
    print(exit.line);
    return exit.code;
}
