import { assert } from 'chai';
import {
    BurstEventCounter, eventsReceivedText, runBenchmark, Scenario, SCENARIO_CATALOG, scenarioTargets, suiteScenarioIds, THEIA_SCENARIO_IDS, VSCODE_SCENARIO_IDS,
    WATCH_BURST_FILES, watchBurstCase, watchBurstFileName, WatchEvents, watchEventMatches, watchFolderName, watchLatencyCase, WATCH_SCENARIO_IDS, WatchTiming,
} from '../measure';
import { toMeasurement } from '../results/document';
import { measurementSchema } from '../results/schema';
import { renderScenarioTable } from '../report/text';

const NO_FIXTURES = { schema: 'fs-perf-fixtures' as const, schemaVersion: 1 as const, generatorVersion: 1, seed: 1, content: 'random' as const, files: {} };

/** A clock that moves only when something sleeps (or a test moves it), with a hook run after each sleep. */
function fakeTiming(afterSleep: (now: number) => void = () => undefined): WatchTiming & { now: number } {
    const timing = {
        now: 0,
        clock: () => timing.now,
        sleep: async (ms: number) => {
            timing.now += ms;
            afterSleep(timing.now);
        },
    };
    return timing;
}

/**
 * A child and a watcher in memory: each change the child makes is reported `delayMs` later on the fake clock, but every
 * `dropEvery`-th creation of a burst is lost (the watcher missing events, as a short count must show).
 */
function memoryWatch(timing: ReturnType<typeof fakeTiming>, events: WatchEvents, delayMs: number, dropEvery = 0): {
    change: (kind: 'create' | 'change' | 'delete', name: string) => Promise<void>; burst: (sample: number, files: number) => Promise<void>;
} {
    return {
        change: async (kind, name) => {
            timing.now += delayMs;
            events.observe({ path: `/w/${name}`, kind });
        },
        burst: async (sample, files) => {
            for (let index = 0; index < files; index++) {
                timing.now += delayMs / files;
                if (dropEvery === 0 || (index + 1) % dropEvery !== 0) {
                    events.observe({ path: `/w/${watchBurstFileName(sample, index)}`, kind: 'create' });
                }
            }
        },
    };
}

suite('file watching (issue 39)', () => {
    test('--suite watch chooses every watcher and floor of each extension; the default run and Run All measure none of them', () => {
        assert.deepStrictEqual(WATCH_SCENARIO_IDS.vscode, ['vscode.workspace.createFileSystemWatcher', 'extension-host.fs.watch',
            'vscode.workspace.createFileSystemWatcher.burst', 'vscode.workspace.createFileSystemWatcher.burst.excluded', 'extension-host.fs.watch.burst']);
        assert.deepStrictEqual(WATCH_SCENARIO_IDS.theia, ['theia.FileService.watch', 'theia.backend.fs.watch', 'theia.FileService.watch.burst',
            'theia.FileService.watch.burst.excluded', 'theia.backend.fs.watch.burst']);
        assert.isEmpty([...VSCODE_SCENARIO_IDS, ...THEIA_SCENARIO_IDS].filter(id => id.includes('watch')));
        assert.includeMembers([...suiteScenarioIds('vscode', 'all')], [...WATCH_SCENARIO_IDS.vscode]);
        assert.include(SCENARIO_CATALOG.vscodeWatch.description, 'inside the clock');
        assert.include(SCENARIO_CATALOG.theiaFileServiceWatch.description, 'inside the clock');
    });

    test('a latency scenario has a case per kind of change; a burst one case of 1000 creations', () => {
        assert.deepStrictEqual(scenarioTargets(SCENARIO_CATALOG.vscodeWatch, NO_FIXTURES, []).map(target => [target.label, target.watchChange, target.itemCount]),
            [['create', 'create', 1], ['change', 'change', 1], ['delete', 'delete', 1]]);
        assert.deepInclude(scenarioTargets(SCENARIO_CATALOG.theiaFileServiceWatchBurst, NO_FIXTURES, [])[0], { label: '1000 creations', watchBurst: WATCH_BURST_FILES });
        assert.match(watchFolderName(1, () => 0.5), /^\.fs-perf-watch-1-[0-9a-z]{6}$/);
    });

    test('an event matches on the same path and kind; fs.watch\'s rename stands for a creation or a deletion, never a change', () => {
        const file = { path: '/w/w-1.txt', kind: 'create' as const };
        assert.isTrue(watchEventMatches(file, { path: '/w/w-1.txt', kind: 'create' }));
        assert.isTrue(watchEventMatches(file, { path: '/w/w-1.txt', kind: 'rename' }));
        assert.isTrue(watchEventMatches({ ...file, kind: 'delete' }, { path: '/w/w-1.txt', kind: 'rename' }));
        assert.isFalse(watchEventMatches({ ...file, kind: 'change' }, { path: '/w/w-1.txt', kind: 'rename' }));
        assert.isFalse(watchEventMatches(file, { path: '/w/w-1.txt', kind: 'change' }));
        assert.isFalse(watchEventMatches(file, { path: '/w/w-10.txt', kind: 'create' }), 'another sample\'s file');
    });

    test('a wait ends at the matching event\'s arrival, ignores others, and fails after its timeout naming the path and the kind', async () => {
        const timing = fakeTiming();
        const events = new WatchEvents('the watcher', timing, 20);
        events.observe({ path: '/w/w-0.txt', kind: 'create' });
        const arrived = events.expect('/w/w-0.txt', 'change');
        timing.now = 5;
        events.observe({ path: '/w/w-0.txt', kind: 'create' });
        events.observe({ path: '/w/w-9.txt', kind: 'change' });
        timing.now = 7;
        events.observe({ path: '/w/w-0.txt', kind: 'change' });
        assert.strictEqual(await arrived, 7);
        try {
            await events.expect('/w/w-1.txt', 'delete');
            assert.fail('expected a timeout');
        } catch (error) {
            assert.strictEqual((error as Error).message.split(':')[0], 'the watcher reported no delete event for /w/w-1.txt within 0.02 s');
        }
    });

    test('a wait that times out while the change is still being asked for is no unhandled rejection: the sample fails with it after', async () => {
        const unhandled: unknown[] = [];
        const listener = (reason: unknown): void => {
            unhandled.push(reason);
        };
        process.on('unhandledRejection', listener);
        try {
            // A probe waits 500 ms for its event; the child answers after 600 ms (a slow child, a watcher that has not started).
            const events = new WatchEvents('the watcher', undefined, 20);
            const slowChild = (): Promise<void> => new Promise(resolve => setTimeout(resolve, 600));
            const latency = await watchLatencyCase('create', { events, dispose: async () => undefined, eventPath: name => `/w/${name}`, change: slowChild })
                .then(() => undefined, (error: Error) => error);
            assert.match(String(latency), /the watcher did not start: the watcher reported no create event for \/w\/ready-0\.txt within 0\.5 s/);
            await new Promise(resolve => setTimeout(resolve, 50));
            assert.deepStrictEqual(unhandled.map(String), []);
        } finally {
            process.off('unhandledRejection', listener);
        }
    });

    test('a burst counts each created path under its prefix once; deletions, changes and other samples\' files are not counted', () => {
        const counter = new BurstEventCounter('/w/b-1-', 3);
        counter.observe({ path: '/w/b-1-00000.txt', kind: 'create' }, 1);
        counter.observe({ path: '/w/b-1-00000.txt', kind: 'rename' }, 2);
        counter.observe({ path: '/w/b-1-00001.txt', kind: 'change' }, 3);
        counter.observe({ path: '/w/b-0-00001.txt', kind: 'create' }, 4);
        counter.observe({ path: '/w/b-1-00002.txt', kind: 'delete' }, 5);
        counter.observe({ path: '/w/b-1-00002.txt', kind: 'rename' }, 6);
        assert.strictEqual(counter.received, 2);
        assert.strictEqual(counter.lastAt, 6);
    });

    test('a burst\'s count settles at once when complete, else after a quiet period; events that trickle in keep it waiting', async () => {
        const complete = new BurstEventCounter('/w/', 1);
        complete.observe({ path: '/w/a', kind: 'create' }, 0);
        assert.strictEqual(await complete.settled(0, fakeTiming(), 1000), 1);
        const trickle = new BurstEventCounter('/w/', 10);
        const timing = fakeTiming(now => {
            if (now <= 1500) {
                trickle.observe({ path: `/w/${now}`, kind: 'create' }, now);
            }
        });
        assert.strictEqual(await trickle.settled(0, timing, 1000), 10, 'every 100 ms a new one: all ten came');
        const short = new BurstEventCounter('/w/', 10);
        const quiet = fakeTiming(now => {
            if (now === 300) {
                short.observe({ path: '/w/late', kind: 'create' }, now);
            }
        });
        assert.strictEqual(await short.settled(0, quiet, 1000), 1);
        assert.strictEqual(quiet.now, 1300, 'a second without a new event after the last');
        assert.strictEqual(short.lastAt, 300);
    });

    test('a run of the latency cases times each change to its event; a missed event fails the sample with the path and the kind', async () => {
        const timing = fakeTiming();
        const scenario = (lose: boolean): Scenario => ({
            ...SCENARIO_CATALOG.extensionHostNodeWatch,
            prepare: async target => {
                const events = new WatchEvents('fs.watch', timing, 10);
                const watch = memoryWatch(timing, events, 40);
                return watchLatencyCase(target.watchChange!, {
                    events, dispose: async () => undefined, eventPath: name => `/w/${name}`,
                    change: async (kind, name) => lose && kind === 'delete' ? undefined : watch.change(kind, name),
                });
            },
        });
        const output = await runBenchmark({ scenarios: [scenario(false)], manifest: NO_FIXTURES, sizes: [], iterations: 3, warmup: 1, clock: timing.clock });
        assert.deepStrictEqual(output.measurements.map(row => [row.target.label, row.samplesMs, row.verification]),
            [['create', [40, 40, 40], 'count'], ['change', [40, 40, 40], 'count'], ['delete', [40, 40, 40], 'count']]);
        try {
            await runBenchmark({ scenarios: [scenario(true)], manifest: NO_FIXTURES, sizes: [], iterations: 3, warmup: 1, clock: timing.clock });
            assert.fail('expected the missed event to fail the sample');
        } catch (error) {
            assert.match((error as Error).message, /^fs\.watch reported no delete event for \/w\/w-0\.txt within 0\.01 s/);
        }
    });

    test('every latency sample starts on an idle watcher: a watcher that batches changes coming within 500 ms of its last event is timed at its idle delay', async () => {
        // As @parcel/watcher does (both editors use it): at once after 500 ms without an event, else 50 ms later.
        const timing = fakeTiming();
        const events = new WatchEvents('createFileSystemWatcher', timing, 10_000);
        let lastEventAt = Number.NEGATIVE_INFINITY;
        const scenario: Scenario = {
            ...SCENARIO_CATALOG.vscodeWatch,
            prepare: async target => watchLatencyCase(target.watchChange!, {
                events, dispose: async () => undefined, eventPath: name => `/w/${name}`,
                change: async (kind, name) => {
                    timing.now += timing.now - lastEventAt > 500 ? 2 : 52;
                    lastEventAt = timing.now;
                    events.observe({ path: `/w/${name}`, kind });
                },
            }),
        };
        const output = await runBenchmark({ scenarios: [scenario], manifest: NO_FIXTURES, sizes: [], iterations: 4, warmup: 1, clock: timing.clock });
        assert.deepStrictEqual(output.measurements.map(row => [row.target.label, row.samplesMs]),
            [['create', [2, 2, 2, 2]], ['change', [2, 2, 2, 2]], ['delete', [2, 2, 2, 2]]]);
    });

    test('a burst\'s time is to its last event, not the settling after it; every event counts N, a watcher that loses every tenth counts 900', async () => {
        const run = async (dropEvery: number) => {
            const timing = fakeTiming();
            const scenario: Scenario = {
                ...SCENARIO_CATALOG.vscodeWatchBurst,
                prepare: async target => {
                    const events = new WatchEvents('createFileSystemWatcher', timing);
                    const watch = memoryWatch(timing, events, 200, dropEvery);
                    return watchBurstCase(target.watchBurst!, {
                        events, dispose: async () => undefined, eventPrefix: prefix => `/w/${prefix}`, burst: watch.burst, clear: async () => undefined,
                    });
                },
            };
            return (await runBenchmark({ scenarios: [scenario], manifest: NO_FIXTURES, sizes: [], iterations: 2, warmup: 1, clock: timing.clock })).measurements[0];
        };
        const all = await run(0);
        assert.deepStrictEqual(all.events, { expected: 1000, received: [1000, 1000] });
        all.samplesMs.forEach(ms => assert.approximately(ms, 200, 1e-6));
        const lossy = await run(10);
        assert.deepStrictEqual(lossy.events, { expected: 1000, received: [900, 900] }, 'a lost event is recorded, not an error');
        // The last event came with the 999th file: the quiet second after it is not in the sample.
        lossy.samplesMs.forEach(ms => assert.approximately(ms, 199.8, 1e-6));
        const row = toMeasurement(lossy);
        assert.isTrue(measurementSchema.safeParse(row).success);
        assert.isFalse(measurementSchema.safeParse({ ...row, events: { expected: 1000, received: [900] } }).success, 'one count per sample');
        assert.include(renderScenarioTable([row]), '1000 creations: events received 900 of 1000 (per sample: 900, 900)');
        assert.strictEqual(eventsReceivedText([987, 1000], 1000), 'events received 987 to 1000 of 1000');
    });
});
