import { assert } from 'chai';
import { addCaseCpu, cpuMsPerMegabyte, cpuUsedBetween, listedProcessesCpu, ownCpuReading, parseCpuPidsFile, procStatCpuMs, readProcCpu, readProcessCpu, schedstatCpuMs } from '../measure/cpu';
import { concatHopSamples, MethodTrace, pluginReadHops, PLUGIN_READ_HOPS, traceMethod, TraceSpan } from '../measure/hops';
import { runBenchmark } from '../measure/runner';
import { Scenario, ScenarioCase, ScenarioTarget } from '../measure/scenario';
import { SCENARIO_CATALOG, ScenarioCatalogEntry } from '../measure/scenario-catalog';
import { parseSizeList } from '../measure/sizes';
import { fakeFixtures } from './fake-fixtures';

suite('pluginReadHops', () => {
    const span = (uri: string, start: number, end: number): TraceSpan => ({ uri, start, end });

    test('splits each sample at the frontend and backend records inside it, the hops adding up to the sample', () => {
        const samples = [{ startedAt: 1000, durationMs: 50 }, { startedAt: 2000, durationMs: 40 }];
        const trace = {
            frontend: [span('file:///w/f/500K.bin', 1002, 1045), span('file:///w/f/500K.bin', 2001, 2037)],
            backend: [span('file:///w/f/500K.bin', 1010, 1012), span('file:///w/f/500K.bin', 2005, 2006)],
        };
        const hops = pluginReadHops(samples, trace, '500K.bin');
        assert.deepEqual(hops.hops, PLUGIN_READ_HOPS.map(hop => hop.id));
        assert.deepEqual(hops.samplesMs, [[2, 8, 2, 33, 5], [1, 4, 1, 31, 3]]);
        assert.equal(hops.unmatched, 0);
        for (const [index, sample] of hops.samplesMs.entries()) {
            assert.closeTo(sample.reduce((sum, ms) => sum + ms, 0), samples[index].durationMs, 1e-9);
        }
    });

    test('ignores records of other files and outside the sample, and counts samples it cannot match', () => {
        const samples = [{ startedAt: 1000, durationMs: 50 }, { startedAt: 2000, durationMs: 40 }];
        const trace = {
            frontend: [span('file:///w/f/5K.bin', 1001, 1003), span('file:///w/f/500K.bin', 900, 950), span('file:///w/f/500K.bin', 1004, 1040),
                span('file:///w/f/500K.bin', 2001, 2030)],
            backend: [span('file:///w/f/500K.bin', 1010, 1011)],
        };
        const hops = pluginReadHops(samples, trace, '500K.bin');
        assert.deepEqual(hops.samplesMs, [[4, 6, 1, 29, 10]]);
        assert.equal(hops.unmatched, 1, 'the second sample has no backend record');
    });

    test('joins the rounds of a case and refuses different hops', () => {
        const a = { hops: ['x', 'y'], samplesMs: [[1, 2]], unmatched: 1 };
        assert.deepEqual(concatHopSamples(a, { hops: ['x', 'y'], samplesMs: [[3, 4]], unmatched: 0 }), { hops: ['x', 'y'], samplesMs: [[1, 2], [3, 4]], unmatched: 1 });
        assert.throws(() => concatHopSamples(a, { hops: ['x'], samplesMs: [], unmatched: 0 }), /different hops/);
    });

    test('traceMethod records resolved calls only while installed, and restores the prototype method', async () => {
        class Provider {
            async readFile(uri: string): Promise<string> {
                if (uri === 'bad') {
                    throw new Error('no');
                }
                return `bytes of ${uri}`;
            }
        }
        const spans: TraceSpan[] = [];
        const restore = traceMethod(Provider.prototype, 'readFile', uri => String(uri), spans);
        const provider = new Provider();
        assert.equal(await provider.readFile('a'), 'bytes of a');
        await provider.readFile('bad').catch(() => undefined);
        restore();
        await provider.readFile('b');
        assert.deepEqual(spans.map(recorded => recorded.uri), ['a']);
        assert.isAtLeast(spans[0].end, spans[0].start);
        assert.isAbove(spans[0].start, 1.6e12, 'on the shared clock (ms since the epoch)');
        assert.isFalse(Object.prototype.hasOwnProperty.call(Provider.prototype, 'readFile') && Provider.prototype.readFile.name !== 'readFile',
            'the original method is back');
        const instance = new Provider();
        const restoreInstance = traceMethod(instance, 'readFile', uri => String(uri), spans);
        assert.isTrue(Object.prototype.hasOwnProperty.call(instance, 'readFile'));
        restoreInstance();
        assert.isFalse(Object.prototype.hasOwnProperty.call(instance, 'readFile'), 'an instance wrapper is removed, not left as an own property');
    });
});

suite('CPU readings', () => {
    test('reads utime + stime from /proc/<pid>/stat, also when the command name has spaces and parentheses', () => {
        const stat = '4242 (Web Content (x)) S 1 4242 4242 0 -1 4194560 1000 0 0 0 250 75 0 0 20 0 12 0 100 0 0';
        assert.equal(procStatCpuMs(stat), 3250);
        assert.throws(() => procStatCpuMs('garbage'), /Not a \/proc/);
    });

    test('reads a thread\'s run time in nanoseconds from schedstat, and a process\'s as the sum of its threads', async () => {
        assert.equal(schedstatCpuMs('56146465 27758507 122\n'), 56.146465);
        assert.throws(() => schedstatCpuMs('12 (r) S 1'), /Not a \/proc/);
        const files: Record<string, string> = {
            '/proc/12/task/12/schedstat': '1500000 0 3', '/proc/12/task/14/schedstat': '250001 9 1', '/proc/12/stat': '12 (r) S 1 1 1 0 -1 0 0 0 0 0 10 5 0',
            '/proc/13/stat': '13 (r) S 1 1 1 0 -1 0 0 0 0 0 1 1 0',
        };
        const proc = {
            readText: async (path: string): Promise<string> => path in files ? files[path] : Promise.reject(new Error(`ENOENT ${path}`)),
            listFolder: async (path: string): Promise<string[]> => path === '/proc/12/task' ? ['12', '14'] : Promise.reject(new Error(`ENOENT ${path}`)),
        };
        assert.deepEqual(await readProcessCpu(12, proc), { cpuMs: 1.750001, clock: 'schedstat' });
        assert.deepEqual(await readProcessCpu(13, proc), { cpuMs: 20, clock: 'ticks' }, 'no task folder: the ticks of /proc/<pid>/stat');
        assert.deepEqual(await readProcCpu({ renderer: [12] }, proc), [{ process: 'renderer', cpuMs: 1.750001, clock: 'schedstat' }]);
        assert.deepEqual(await readProcCpu({ both: [12, 13] }, proc), [{ process: 'both', cpuMs: 21.750001, clock: 'ticks' }], 'one on ticks: the sum is on ticks');
        assert.deepEqual(await readProcCpu({ renderer: [12] }, (path: string) => proc.readText(path)), [{ process: 'renderer', cpuMs: 150, clock: 'ticks' }],
            'a bare text reader cannot list threads: ticks');
        assert.deepEqual(cpuUsedBetween([{ process: 'a', cpuMs: 10, clock: 'ticks' }, { process: 'b', cpuMs: 1, clock: 'schedstat' }],
            [{ process: 'a', cpuMs: 12.5, clock: 'schedstat' }, { process: 'b', cpuMs: 1.25, clock: 'schedstat' }]), [{ process: 'b', cpuMs: 0.25, clock: 'schedstat' }],
        'readings of two clocks are not subtracted');
        assert.deepEqual(ownCpuReading('plugin host', { user: 1500, system: 501 }), { process: 'plugin host', cpuMs: 2.001, clock: 'rusage' });
    });

    test('CPU used between two readings, per MB, and over rounds', () => {
        const used = cpuUsedBetween([{ process: 'a', cpuMs: 100 }, { process: 'gone', cpuMs: 5 }], [{ process: 'a', cpuMs: 160 }, { process: 'new', cpuMs: 9 }]);
        assert.deepEqual(used, [{ process: 'a', cpuMs: 60 }]);
        assert.deepEqual(cpuMsPerMegabyte({ calls: 3, wallMs: 900, processes: used }, 2_000_000), [{ process: 'a', msPerMegabyte: 10 }]);
        assert.deepEqual(addCaseCpu({ calls: 3, wallMs: 900, processes: used }, { calls: 2, wallMs: 500, processes: [{ process: 'a', cpuMs: 40 }] }),
            { calls: 5, wallMs: 1400, processes: [{ process: 'a', cpuMs: 100 }] });
    });

    test('the pids file names processes; a malformed one is refused naming the file; a gone process is left out', async () => {
        assert.deepEqual(parseCpuPidsFile('{"page renderer":[12,13]}', 'pids.json'), { 'page renderer': [12, 13] });
        assert.throws(() => parseCpuPidsFile('{"page": "12"}', 'pids.json'), /pids\.json must map process names/);
        assert.throws(() => parseCpuPidsFile('{', 'pids.json'), /pids\.json is not valid JSON/);
        const files: Record<string, string> = { '/proc/12/stat': '12 (r) S 1 1 1 0 -1 0 0 0 0 0 10 5 0', '/proc/13/stat': '13 (r) S 1 1 1 0 -1 0 0 0 0 0 1 1 0' };
        const read = async (path: string): Promise<string> => {
            if (!(path in files)) {
                throw new Error('ENOENT');
            }
            return files[path];
        };
        assert.deepEqual(await readProcCpu({ 'page renderer': [12, 13], gone: [99] }, read), [{ process: 'page renderer', cpuMs: 170, clock: 'ticks' }]);
    });

    test('the processes the pids file lists: none without a file or before it is written, a malformed one refused, other read errors passed on', async () => {
        const files: Record<string, string> = { '/tmp/pids.json': '{"page renderer":[12]}', '/tmp/bad.json': '[12]', '/proc/12/stat': '12 (r) S 1 1 1 0 -1 0 0 0 0 0 3 2 0' };
        const read = async (path: string): Promise<string> => {
            if (path === '/tmp/denied.json') {
                throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
            }
            if (!(path in files)) {
                throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
            }
            return files[path];
        };
        assert.deepEqual(await listedProcessesCpu(undefined, read), []);
        assert.deepEqual(await listedProcessesCpu('/tmp/not-yet.json', read), []);
        assert.deepEqual(await listedProcessesCpu('/tmp/pids.json', read), [{ process: 'page renderer', cpuMs: 50, clock: 'ticks' }]);
        await listedProcessesCpu('/tmp/bad.json', read).then(() => assert.fail('a malformed file is refused'), error => assert.match(error.message, /\/tmp\/bad\.json must map process names/));
        await listedProcessesCpu('/tmp/denied.json', read).then(() => assert.fail('other errors are passed on'), error => assert.match(error.message, /EACCES/));
    });
});

suite('runBenchmark: scenarios run alone, CPU passes', () => {
    const { manifest, bytesOf } = fakeFixtures();

    function scenario(id: string, log: string[], runsAlone = false): Scenario {
        return {
            id, label: id, api: `${id}(uri)`, target: 'fixture', verification: 'content', runsAlone,
            prepare: async (target: ScenarioTarget): Promise<ScenarioCase> => ({
                begin: async () => {
                    log.push(`${id} begin ${target.label}`);
                },
                runSample: async () => {
                    log.push(`${id} ${target.label}`);
                    return { bytes: bytesOf(target.fileName) };
                },
                end: async samples => {
                    log.push(`${id} end ${target.label} ${samples.length}`);
                    return { hops: { hops: ['all'], samplesMs: samples.map(sample => [sample.durationMs]), unmatched: 0 } };
                },
            }),
        };
    }

    test('a scenario that runs alone follows all interleaved cases, one case at a time between begin and end', async () => {
        const log: string[] = [];
        let now = 0;
        const output = await runBenchmark({
            scenarios: [scenario('traced', log, true), scenario('plain', log)], manifest, sizes: parseSizeList('1K,5K'), iterations: 2, warmup: 1,
            clock: () => (now += 1), epochOf: reading => 1e12 + reading,
        });
        const firstTraced = log.findIndex(line => line.startsWith('traced'));
        assert.isTrue(log.slice(0, firstTraced).every(line => line.startsWith('plain ')), 'interleaved cases first');
        assert.deepEqual(log.slice(firstTraced), [
            'traced begin 1K', 'traced 1K', 'traced 1K', 'traced 1K', 'traced end 1K 2',
            'traced begin 5K', 'traced 5K', 'traced 5K', 'traced 5K', 'traced end 5K 2',
        ]);
        const traced = output.measurements.filter(measurement => measurement.scenario.id === 'traced');
        assert.deepEqual(traced.map(measurement => measurement.samplesMs.length), [2, 2]);
        assert.deepEqual(traced[0].hops?.samplesMs, traced[0].samplesMs.map(ms => [ms]));
        assert.isUndefined(output.measurements.find(measurement => measurement.scenario.id === 'plain')?.hops);
    });

    test('a CPU pass repeats each case of the minimum size and up between two probe readings, and leaves the samples alone', async () => {
        const log: string[] = [];
        let cpu = 0;
        const output = await runBenchmark({
            scenarios: [scenario('plain', log), scenario('traced', log, true)], manifest, sizes: parseSizeList('1K,50K'), iterations: 2, warmup: 0,
            cpuMinBytes: 50 * 1024, cpuPassMs: 0,
            cpuProbe: async () => {
                log.push('probe');
                cpu += 7;
                return [{ process: 'host', cpuMs: cpu }];
            },
        });
        const plain50 = output.measurements.find(measurement => measurement.scenario.id === 'plain' && measurement.target.label === '50K');
        assert.deepEqual(plain50?.cpu?.processes, [{ process: 'host', cpuMs: 7 }]);
        assert.equal(plain50?.cpu?.calls, 3);
        assert.equal(plain50?.samplesMs.length, 2);
        assert.deepEqual(log.slice(log.indexOf('probe')), ['probe', 'plain 50K', 'plain 50K', 'plain 50K', 'probe'],
            'after every timed sample, once, for the 50K case only (not 1K, not the scenario run alone)');
        assert.isUndefined(output.measurements.find(measurement => measurement.target.label === '1K')?.cpu);
    });
});

suite('runBenchmark: a CPU pass of the storms in flight', () => {
    const { manifest } = fakeFixtures();
    const tree = {
        schema: 'fs-perf-tree', schemaVersion: 1, generatorVersion: 1, seed: 1, size: '1k', folder: 'trees/1k', files: 1000, folders: 301, bytes: 4871332,
        tsFiles: 317, tsFilesOutsideDependencies: 139, dependencyFolder: 'node_modules', perFolder: {}, generatedInMs: 400,
    } as const;

    function treeScenario(info: ScenarioCatalogEntry, log: string[]): Scenario {
        return {
            ...info,
            prepare: async (target: ScenarioTarget): Promise<ScenarioCase> => ({
                runSample: async () => {
                    log.push(info.id);
                    return { itemCount: target.itemCount };
                },
            }),
        };
    }

    test('a storm in flight gets one whole storm at least between two probe readings; a storm one after another gets none', async () => {
        const log: string[] = [];
        let cpu = 0;
        const output = await runBenchmark({
            scenarios: [treeScenario(SCENARIO_CATALOG.vscodeTreeStat, log), treeScenario(SCENARIO_CATALOG.vscodeTreeStatParallel, log)],
            manifest, sizes: parseSizeList('1K'), iterations: 2, warmup: 0, trees: { trees: [tree], concurrency: 16 }, cpuPassMs: 0,
            cpuProbe: async () => {
                log.push('probe');
                cpu += 11;
                return [{ process: 'extension host', cpuMs: cpu }];
            },
        });
        assert.deepEqual(log.slice(log.indexOf('probe')), ['probe', SCENARIO_CATALOG.vscodeTreeStatParallel.id, 'probe'], 'one storm: a call is the whole storm');
        const parallel = output.measurements.find(measurement => measurement.scenario.id === SCENARIO_CATALOG.vscodeTreeStatParallel.id);
        assert.deepEqual(parallel?.cpu?.processes, [{ process: 'extension host', cpuMs: 11 }]);
        assert.equal(parallel?.cpu?.calls, 1);
        assert.equal(parallel?.samplesMs.length, 2);
        assert.isUndefined(output.measurements.find(measurement => measurement.scenario.id === SCENARIO_CATALOG.vscodeTreeStat.id)?.cpu);
    });
});

suite('MethodTrace', () => {
    test('records between begin and end, refuses a second begin with its message, and leaves the method as it was', async () => {
        class Service {
            async readFile(uri: string): Promise<string> {
                return uri;
            }
        }
        const service = new Service();
        const trace = new MethodTrace(() => service, 'readFile', uri => String(uri), 'busy: another run is tracing');
        await service.readFile('before');
        trace.begin();
        assert.isTrue(trace.active);
        assert.throws(() => trace.begin(), /busy: another run is tracing/);
        await service.readFile('during');
        assert.deepEqual(trace.end().map(span => span.uri), ['during']);
        assert.isFalse(trace.active);
        assert.isFalse(Object.prototype.hasOwnProperty.call(service, 'readFile'), 'the wrapper is gone');
        assert.deepEqual(trace.end(), [], 'ending twice records nothing');
        trace.checkIdle();
    });
});
