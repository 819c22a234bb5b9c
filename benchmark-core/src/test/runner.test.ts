import { assert } from 'chai';
import { BenchmarkCancelledError, FixtureError, VerificationError } from '../errors';
import { FixtureManifest } from '../measure/manifest';
import { runBenchmark, RunnerProgress } from '../measure/runner';
import { scenarioTargets } from '../measure/scenario-targets';
import { Scenario, ScenarioCase, ScenarioTarget, SampleOutput } from '../measure/scenario';
import { parseSizeList } from '../measure/sizes';
import { fakeFixtures } from './fake-fixtures';

/** A clock the scenarios advance, so every sample has an exact, known duration. */
class FakeClock {
    now = 1000;
    readonly read = (): number => this.now;
}

interface FakeScenarioOptions {
    id?: string;
    target?: Scenario['target'];
    verification?: Scenario['verification'];
    /** Duration of sample `index` at `target`, ms. */
    duration?: (index: number, target: ScenarioTarget) => number;
    output?: (index: number, target: ScenarioTarget) => SampleOutput;
    readBack?: (target: ScenarioTarget) => Uint8Array;
    unavailable?: string;
}

function fakeScenario(clock: FakeClock, bytesOf: (fileName: string) => Uint8Array, options: FakeScenarioOptions = {}): Scenario & { disposed: string[]; calls: number } {
    const disposed: string[] = [];
    const scenario = {
        id: options.id ?? 'fake.read',
        label: options.id ?? 'fake.read',
        api: 'fake.read(uri)',
        target: options.target ?? 'fixture',
        verification: options.verification ?? 'content',
        disposed,
        calls: 0,
        unavailableReason: () => options.unavailable,
        prepare: async (target: ScenarioTarget): Promise<ScenarioCase> => ({
            runSample: async (index: number) => {
                scenario.calls++;
                clock.now += options.duration?.(index, target) ?? 1;
                return options.output?.(index, target) ?? { bytes: bytesOf(target.fileName) };
            },
            readBack: options.readBack ? async () => options.readBack!(target) : undefined,
            dispose: async () => {
                disposed.push(target.label);
            },
        }),
    };
    return scenario;
}

suite('runBenchmark', () => {
    const { manifest, bytesOf } = fakeFixtures();

    test('times warm-up and timed samples apart, with the injected clock, at every size in order', async () => {
        const clock = new FakeClock();
        const scenario = fakeScenario(clock, bytesOf, { duration: (index, target) => target.bytes / 1024 + index });
        const output = await runBenchmark({
            scenarios: [scenario], manifest, sizes: parseSizeList('50K,1K'), iterations: 3, warmup: 2, clock: clock.read,
        });
        assert.deepStrictEqual(output.measurements.map(measurement => measurement.target.label), ['1K', '50K']);
        const [small, large] = output.measurements;
        assert.deepStrictEqual(small.warmupMs, [1, 2]);
        assert.deepStrictEqual(small.samplesMs, [3, 4, 5]);
        assert.deepStrictEqual(large.samplesMs, [52, 53, 54]);
        assert.strictEqual(large.statistics.medianMs, 53);
        assert.strictEqual(small.verification, 'sha256');
        assert.deepStrictEqual(scenario.disposed, ['1K', '50K']);
        assert.isFalse(small.reportedBySubject);
    });

    test('defaults to 2 warm-up and 15 timed samples', async () => {
        const clock = new FakeClock();
        const scenario = fakeScenario(clock, bytesOf);
        const output = await runBenchmark({ scenarios: [scenario], manifest, sizes: parseSizeList('1K'), clock: clock.read });
        assert.strictEqual(output.measurements[0].warmupMs.length, 2);
        assert.strictEqual(output.measurements[0].samplesMs.length, 15);
        assert.strictEqual(scenario.calls, 17);
    });

    test('visits sizes largest first when asked', async () => {
        const clock = new FakeClock();
        const output = await runBenchmark({
            scenarios: [fakeScenario(clock, bytesOf)], manifest, sizes: parseSizeList('1K,5K,50K'),
            iterations: 1, warmup: 0, order: 'descending', clock: clock.read,
        });
        assert.deepStrictEqual(output.measurements.map(measurement => measurement.target.label), ['50K', '5K', '1K']);
    });

    test('reports progress after every sample when asked, with phase and totals, the cases interleaved', async () => {
        const clock = new FakeClock();
        const events: RunnerProgress[] = [];
        await runBenchmark({
            scenarios: [fakeScenario(clock, bytesOf)], manifest, sizes: parseSizeList('1K,5K'),
            iterations: 2, warmup: 1, clock: clock.read, progressIntervalMs: 0, onProgress: event => events.push(event),
        });
        assert.deepStrictEqual(events.map(event => event.done), [1, 2, 3, 4, 5, 6]);
        assert.isTrue(events.every(event => event.total === 6));
        assert.deepStrictEqual(events.map(event => `${event.target.label}:${event.phase}:${event.sample}/${event.samplesInPhase}`),
            ['1K:warm-up:1/1', '5K:warm-up:1/1', '1K:timed:1/2', '5K:timed:1/2', '1K:timed:2/2', '5K:timed:2/2']);
    });

    test('progress is reported at most every progressIntervalMs, and always after the last sample', async () => {
        const clock = new FakeClock();
        const events: RunnerProgress[] = [];
        await runBenchmark({
            scenarios: [fakeScenario(clock, bytesOf, { duration: () => 100 })], manifest, sizes: parseSizeList('1K'),
            iterations: 10, warmup: 0, clock: clock.read, progressIntervalMs: 250, onProgress: event => events.push(event),
        });
        assert.deepStrictEqual(events.map(event => event.done), [1, 4, 7, 10]);
    });

    test('interleaves the cases in rounds: every scenario at every size takes its n-th sample before any takes its next', async () => {
        const clock = new FakeClock();
        const order: string[] = [];
        const scenario = (id: string): Scenario => fakeScenario(clock, bytesOf, {
            id, output: (index, target) => {
                order.push(`${id}:${target.label}:${index}`);
                return { bytes: bytesOf(target.fileName) };
            },
        });
        await runBenchmark({ scenarios: [scenario('a'), scenario('b')], manifest, sizes: parseSizeList('5K,1K'), iterations: 2, warmup: 0, clock: clock.read });
        assert.deepStrictEqual(order, ['a:1K:0', 'b:1K:0', 'a:5K:0', 'b:5K:0', 'a:1K:1', 'b:1K:1', 'a:5K:1', 'b:5K:1']);
    });

    test('shuffled: every round visits each case once, in its own order, so no case always follows the same one', async () => {
        const clock = new FakeClock();
        const visits: string[] = [];
        const scenario = (id: string): Scenario => fakeScenario(clock, bytesOf, {
            id, output: (index, target) => {
                visits.push(`${id}:${target.label}`);
                return { bytes: bytesOf(target.fileName) };
            },
        });
        const run = (order: 'ascending' | 'shuffled', seed: number): Promise<unknown> => runBenchmark({
            scenarios: [scenario('a'), scenario('b'), scenario('c')], manifest, sizes: parseSizeList('1K,5K'), iterations: 20, warmup: 0, order, seed, clock: clock.read,
        });
        const rounds = (): string[][] => Array.from({ length: visits.length / 6 }, (_, round) => visits.slice(6 * round, 6 * round + 6));
        /** The cases visited right before a:1K (the previous round's last one when a:1K comes first). */
        const before = (): Set<string> => new Set(visits.flatMap((visit, index) => index > 0 && visit === 'a:1K' ? [visits[index - 1]] : []));
        await run('ascending', 1);
        assert.deepStrictEqual(before(), new Set(['c:5K']), 'in a fixed order a:1K always follows the round\'s last case');
        visits.length = 0;
        await run('shuffled', 7);
        for (const round of rounds()) {
            assert.deepStrictEqual([...round].sort(), ['a:1K', 'a:5K', 'b:1K', 'b:5K', 'c:1K', 'c:5K']);
        }
        assert.isAtLeast(before().size, 4, `a:1K followed ${[...before()].join(', ')}`);
        assert.isAbove(new Set(rounds().map(round => round.join())).size, 10, 'the rounds\' orders differ');
    });

    test('settles before every sample, outside the timed region', async () => {
        const clock = new FakeClock();
        let settles = 0;
        const output = await runBenchmark({
            scenarios: [fakeScenario(clock, bytesOf, { duration: () => 2 })], manifest, sizes: parseSizeList('1K'), iterations: 3, warmup: 1, clock: clock.read,
            settle: async () => {
                settles++;
                clock.now += 50;
            },
        });
        assert.strictEqual(settles, 4);
        assert.deepStrictEqual(output.measurements[0].samplesMs, [2, 2, 2]);
    });

    test('pauses before each sample but the first as long as the previous sample took, at most pauseMs, outside the timed region', async () => {
        const clock = new FakeClock();
        // Fake durations alternate 10 and 60 ms; the pause is real time, capped at 30 ms.
        const calledAt: number[] = [];
        const scenario = fakeScenario(clock, bytesOf, { duration: index => {
            calledAt.push(performance.now());
            return index % 2 === 0 ? 10 : 60;
        } });
        const output = await runBenchmark({ scenarios: [scenario], manifest, sizes: parseSizeList('1K'), iterations: 4, warmup: 1, clock: clock.read, pauseMs: 30 });
        assert.deepStrictEqual(output.measurements[0].samplesMs, [60, 10, 60, 10], 'the pause is not in the samples');
        const gaps = calledAt.slice(1).map((at, index) => at - calledAt[index]);
        const expected = [10, 30, 10, 30];
        gaps.forEach((gap, index) => assert.isAtLeast(gap, expected[index] - 2, `gap before call ${index + 2}: ${gaps.map(g => g.toFixed(1)).join(', ')} ms`));
    });

    test('a streamed read keeps, per timed sample, the time from the call to its first chunk and its number of chunks', async () => {
        const clock = new FakeClock();
        // Sample i takes 10 + i ms; its first chunk comes i + 1 ms after the call, in i + 2 chunks.
        const scenario = fakeScenario(clock, bytesOf, {
            duration: index => 10 + index,
            output: (index, target) => ({ bytes: bytesOf(target.fileName), stream: { firstChunkAt: clock.now - (10 + index) + index + 1, chunks: index + 2 } }),
        });
        const [measurement] = (await runBenchmark({ scenarios: [scenario], manifest, sizes: parseSizeList('1K'), iterations: 3, warmup: 1, clock: clock.read })).measurements;
        assert.deepStrictEqual(measurement.samplesMs, [11, 12, 13]);
        assert.deepStrictEqual(measurement.stream, { firstChunkMs: [2, 3, 4], chunks: [3, 4, 5] }, 'warm-up left out, like its sample');
        const [plain] = (await runBenchmark({ scenarios: [fakeScenario(clock, bytesOf)], manifest, sizes: parseSizeList('1K'), iterations: 1, warmup: 0, clock: clock.read })).measurements;
        assert.notProperty(plain, 'stream');
    });

    test('with a precision target, a noisy case samples on until its median\'s interval is narrow enough, a steady one stops at iterations', async () => {
        const clock = new FakeClock();
        const steady = fakeScenario(clock, bytesOf, { id: 'steady', duration: () => 10 });
        // Alternating 5 and 15 ms, then steady at 10 from the 30th sample on: the interval narrows only then.
        const noisy = fakeScenario(clock, bytesOf, { id: 'noisy', duration: index => index < 30 ? (index % 2 === 0 ? 5 : 15) : 10 });
        const output = await runBenchmark({
            scenarios: [steady, noisy], manifest, sizes: parseSizeList('1K'), iterations: 10, warmup: 0, clock: clock.read, precision: 0.05,
        });
        const [first, second] = output.measurements;
        assert.deepStrictEqual([first.scenario.id, first.samplesMs.length, first.reachedPrecision], ['steady', 10, true]);
        assert.strictEqual(second.scenario.id, 'noisy');
        assert.isAbove(second.samplesMs.length, 30);
        assert.isTrue(second.reachedPrecision);
    });

    test('with a precision target, a case that never gets there stops at maxIterations or its time budget, marked', async () => {
        const clock = new FakeClock();
        const noisy = fakeScenario(clock, bytesOf, { duration: index => (index % 2 === 0 ? 5 : 15) });
        const capped = await runBenchmark({
            scenarios: [noisy], manifest, sizes: parseSizeList('1K'), iterations: 10, warmup: 0, clock: clock.read, precision: 0.05, maxIterations: 25,
        });
        assert.deepStrictEqual([capped.measurements[0].samplesMs.length, capped.measurements[0].reachedPrecision], [25, false]);
        const budgeted = await runBenchmark({
            scenarios: [noisy], manifest, sizes: parseSizeList('1K'), iterations: 10, warmup: 0, clock: clock.read, precision: 0.05, caseBudgetMs: 200,
        });
        assert.strictEqual(budgeted.measurements[0].samplesMs.length, 20);
        const error = await runBenchmark({ scenarios: [noisy], manifest, sizes: parseSizeList('1K'), precision: 5 }).then(() => undefined, caught => caught);
        assert.match((error as Error).message, /precision target must be a fraction between 0 and 1/);
    });

    test('stops between samples when cancelled, yields no output and disposes the case', async () => {
        const clock = new FakeClock();
        const cancellation = { isCancellationRequested: false };
        const scenario = fakeScenario(clock, bytesOf, {
            duration: index => {
                if (index === 2) {
                    cancellation.isCancellationRequested = true;
                }
                return 1;
            },
        });
        let error: unknown;
        try {
            await runBenchmark({ scenarios: [scenario], manifest, sizes: parseSizeList('1K,5K'), iterations: 5, warmup: 0, clock: clock.read, cancellation });
        } catch (caught) {
            error = caught;
        }
        assert.instanceOf(error, BenchmarkCancelledError);
        // Rounds interleave 1K and 5K: 1K#0, 5K#0, 1K#1, 5K#1, 1K#2 (which asks to cancel).
        assert.strictEqual(scenario.calls, 5, 'no sample starts after the cancel request');
        assert.deepStrictEqual(scenario.disposed, ['1K', '5K']);
    });

    test('an AbortController can cancel a run', async () => {
        const { fromAbortSignal } = await import('../measure/runner');
        const controller = new AbortController();
        controller.abort();
        const clock = new FakeClock();
        const scenario = fakeScenario(clock, bytesOf);
        let error: unknown;
        await runBenchmark({ scenarios: [scenario], manifest, sizes: parseSizeList('1K'), cancellation: fromAbortSignal(controller.signal) })
            .catch(caught => {
                error = caught;
            });
        assert.instanceOf(error, BenchmarkCancelledError);
        assert.strictEqual(scenario.calls, 0);
    });

    test('a wrong length on any sample stops the run naming the file', async () => {
        const clock = new FakeClock();
        const scenario = fakeScenario(clock, bytesOf, {
            output: (index, target) => ({ bytes: index === 4 ? bytesOf(target.fileName).subarray(1) : bytesOf(target.fileName) }),
        });
        let error: unknown;
        await runBenchmark({ scenarios: [scenario], manifest, sizes: parseSizeList('5K'), iterations: 5, warmup: 1, clock: clock.read })
            .catch(caught => {
                error = caught;
            });
        assert.instanceOf(error, VerificationError);
        assert.match((error as Error).message, /5K\.bin returned 5119 bytes, expected 5120/);
        assert.strictEqual((error as VerificationError).fileName, '5K.bin');
        assert.deepStrictEqual(scenario.disposed, ['5K']);
    });

    test('wrong content is caught by SHA-256 on the first and on the last timed sample', async () => {
        const corruptAt = async (corruptIndex: number): Promise<unknown> => {
            const clock = new FakeClock();
            const scenario = fakeScenario(clock, bytesOf, {
                output: (index, target) => {
                    const bytes = bytesOf(target.fileName);
                    return { bytes: index === corruptIndex ? bytes.map(byte => byte ^ 1) : bytes };
                },
            });
            return runBenchmark({ scenarios: [scenario], manifest, sizes: parseSizeList('1K'), iterations: 4, warmup: 1, clock: clock.read })
                .then(() => undefined, error => error);
        };
        for (const index of [0, 1, 4]) {
            const error = await corruptAt(index);
            assert.instanceOf(error, VerificationError, `corrupt sample ${index}`);
            assert.match((error as Error).message, /1K\.bin does not match the fixture manifest .* Generate Test Files/);
        }
        // A middle sample has only its length checked, which keeps hashing cost off most samples.
        assert.isUndefined(await corruptAt(2));
    });

    test('length-only scenarios (in-memory transport) are verified by length', async () => {
        const clock = new FakeClock();
        const output = await runBenchmark({
            scenarios: [fakeScenario(clock, bytesOf, { verification: 'length', output: (_, target) => ({ bytes: new Uint8Array(target.bytes) }) })],
            manifest, sizes: parseSizeList('5K'), iterations: 2, warmup: 0, clock: clock.read,
        });
        assert.strictEqual(output.measurements[0].verification, 'length');
    });

    test('writes are verified by reading back outside the timed region', async () => {
        const clock = new FakeClock();
        let readBacks = 0;
        const scenario = fakeScenario(clock, bytesOf, {
            output: (_, target) => ({ byteCount: target.bytes }),
            readBack: target => {
                readBacks++;
                clock.now += 1000;
                return bytesOf(target.fileName);
            },
            duration: () => 2,
        });
        const output = await runBenchmark({ scenarios: [scenario], manifest, sizes: parseSizeList('1K'), iterations: 5, warmup: 1, clock: clock.read });
        assert.strictEqual(output.measurements[0].verification, 'sha256');
        assert.deepStrictEqual(output.measurements[0].samplesMs, [2, 2, 2, 2, 2], 'read-back time is not in the samples');
        assert.strictEqual(readBacks, 3);
    });

    test('a duration reported by the callee replaces the local clock', async () => {
        const clock = new FakeClock();
        const output = await runBenchmark({
            scenarios: [fakeScenario(clock, bytesOf, { output: (index, target) => ({ byteCount: target.bytes, reportedMs: 0.5 + index }), verification: 'length' })],
            manifest, sizes: parseSizeList('1K'), iterations: 2, warmup: 1, clock: clock.read,
        });
        assert.deepStrictEqual(output.measurements[0].samplesMs, [1.5, 2.5]);
        assert.isTrue(output.measurements[0].reportedBySubject);
    });

    test('small-files scenarios run once over the set and check the entry count', async () => {
        const clock = new FakeClock();
        const good = fakeScenario(clock, bytesOf, { target: 'small-files', output: () => ({ itemCount: 10 }) });
        const output = await runBenchmark({ scenarios: [good], manifest, sizes: parseSizeList('1K,5K'), iterations: 2, warmup: 0, clock: clock.read });
        assert.strictEqual(output.measurements.length, 1);
        assert.strictEqual(output.measurements[0].target.label, '10 files');
        assert.strictEqual(output.measurements[0].verification, 'count');
        assert.isUndefined(output.measurements[0].statistics.megabytesPerSecond);

        const bad = fakeScenario(clock, bytesOf, { target: 'small-files', output: () => ({ itemCount: 9 }) });
        const error = await runBenchmark({ scenarios: [bad], manifest, sizes: parseSizeList('1K'), iterations: 2, warmup: 0 }).then(() => undefined, caught => caught);
        assert.match((error as Error).message, /returned 9 entries, expected 10/);
    });

    test('an unavailable scenario is skipped with its reason, the others run', async () => {
        const clock = new FakeClock();
        const output = await runBenchmark({
            scenarios: [fakeScenario(clock, bytesOf, { id: 'node.fs', unavailable: 'the extension host is not Node' }), fakeScenario(clock, bytesOf)],
            manifest, sizes: parseSizeList('1K'), iterations: 1, warmup: 0, clock: clock.read,
        });
        assert.deepStrictEqual(output.skipped.map(skipped => [skipped.scenario.id, skipped.reason]), [['node.fs', 'the extension host is not Node']]);
        assert.strictEqual(output.measurements.length, 1);
    });

    test('a size missing from the manifest is an actionable error before anything runs', async () => {
        const partial: FixtureManifest = { ...manifest, files: { '1K.bin': manifest.files['1K.bin'] } };
        const clock = new FakeClock();
        const scenario = fakeScenario(clock, bytesOf);
        const error = await runBenchmark({ scenarios: [scenario], manifest: partial, sizes: parseSizeList('1K,5K') }).then(() => undefined, caught => caught);
        assert.instanceOf(error, FixtureError);
        assert.match((error as Error).message, /no 5K file: run 'FS Perf: Generate Test Files'/);
        assert.strictEqual(scenario.calls, 0);
        assert.throws(() => scenarioTargets({ ...scenario, target: 'small-files' }, { ...manifest, smallFiles: undefined }, []), /no small-files set/);
    });

    test('iteration and warm-up counts are bounded', async () => {
        const clock = new FakeClock();
        const scenario = fakeScenario(clock, bytesOf);
        for (const [iterations, warmup, pattern] of [[0, 2, /Iterations must be a whole number from 1/], [1.5, 2, /Iterations/], [5, -1, /Warm-up samples/]] as const) {
            const error = await runBenchmark({ scenarios: [scenario], manifest, sizes: parseSizeList('1K'), iterations, warmup })
                .then(() => undefined, caught => caught);
            assert.match((error as Error).message, pattern);
        }
    });

    test('a count pass after the timed samples: its calls between the observer\'s begin and end, their windows on the shared clock, no sample changed', async () => {
        const clock = new FakeClock();
        const events: string[] = [];
        const scenario = fakeScenario(clock, bytesOf, { duration: () => 5 });
        const output = await runBenchmark({
            scenarios: [scenario], manifest, sizes: parseSizeList('1K'), iterations: 3, warmup: 1, clock: clock.read, epochOf: reading => 1_000_000 + reading,
            countPass: { calls: 2, quietMs: 1, observer: { begin: async () => { events.push(`begin after ${scenario.calls} calls`); return true; }, end: async () => { events.push(`end after ${scenario.calls} calls`); } } },
        });
        const [row] = output.measurements;
        assert.deepStrictEqual(events, ['begin after 4 calls', 'end after 6 calls']);
        assert.deepStrictEqual(row.samplesMs, [5, 5, 5]);
        assert.deepStrictEqual(row.counts, { quietMs: 1, windows: [{ start: 1_001_020, end: 1_001_025 }, { start: 1_001_025, end: 1_001_030 }] });
    });

    test('an observer that wants no count pass this run gets none', async () => {
        const clock = new FakeClock();
        const scenario = fakeScenario(clock, bytesOf);
        const output = await runBenchmark({ scenarios: [scenario], manifest, sizes: parseSizeList('1K'), iterations: 2, warmup: 0, clock: clock.read,
            countPass: { observer: { begin: async () => false, end: async () => assert.fail('no pass, nothing to end') } } });
        assert.isUndefined(output.measurements[0].counts);
        assert.strictEqual(scenario.calls, 2);
    });

    test('without a count pass asked for, no case has counts and nothing runs after the samples', async () => {
        const clock = new FakeClock();
        const scenario = fakeScenario(clock, bytesOf);
        const output = await runBenchmark({ scenarios: [scenario], manifest, sizes: parseSizeList('1K'), iterations: 2, warmup: 0, clock: clock.read });
        assert.isUndefined(output.measurements[0].counts);
        assert.strictEqual(scenario.calls, 2);
    });
});
