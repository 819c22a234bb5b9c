/**
 * Measures the runner itself: the time a no-op scenario records per sample (what the runner adds to
 * every number it reports), the loop's full cost per sample, and the resolution of `performance.now()`.
 * Run: `yarn workspace @fs-perf/benchmark-core bench`.
 */
import { FixtureManifest } from '../measure/manifest';
import { runBenchmark } from '../measure/runner';
import { Scenario } from '../measure/scenario';
import { computeStatistics } from '../stats/statistics';
import { parseSizeList } from '../measure/sizes';
import { renderTextTable } from '../report/text';

const microseconds = (ms: number): string => (ms * 1000).toFixed(2);

const manifest: FixtureManifest = {
    schema: 'fs-perf-fixtures', schemaVersion: 1, generatorVersion: 1, seed: 0, content: 'random',
    files: { '1K.bin': { sizeLabel: '1K', bytes: 1024, sha256: '0'.repeat(64) } },
};

const noOp: Scenario = {
    id: 'bench.no-op', label: 'no-op', api: 'Promise.resolve()', target: 'fixture', verification: 'length',
    prepare: async target => {
        const output = { byteCount: target.bytes };
        return { runSample: async () => output };
    },
};

/** Smallest non-zero step between two consecutive clock readings, over many readings. */
function timerResolutionMs(readings = 200_000): { resolutionMs: number; zeroSteps: number } {
    let smallest = Number.POSITIVE_INFINITY;
    let zeroSteps = 0;
    let previous = performance.now();
    for (let index = 0; index < readings; index++) {
        const now = performance.now();
        const step = now - previous;
        if (step === 0) {
            zeroSteps++;
        } else if (step < smallest) {
            smallest = step;
        }
        previous = now;
    }
    return { resolutionMs: smallest, zeroSteps };
}

async function main(): Promise<void> {
    const iterations = 1000;
    const rounds = 10;
    const recordedMedians: number[] = [];
    const loopCostPerSample: number[] = [];
    for (let round = 0; round < rounds; round++) {
        const started = performance.now();
        const output = await runBenchmark({ scenarios: [noOp], manifest, sizes: parseSizeList('1K'), iterations, warmup: 100, onProgress: () => undefined });
        loopCostPerSample.push((performance.now() - started) / (iterations + 100));
        recordedMedians.push(output.measurements[0].statistics.medianMs);
    }
    const timer = timerResolutionMs();
    const recorded = computeStatistics(recordedMedians);
    const loop = computeStatistics(loopCostPerSample);
    console.log(`Runner overhead, Node ${process.versions.node}, ${rounds} rounds x ${iterations} samples of a no-op scenario\n`);
    console.log(renderTextTable(
        [{ header: 'What', align: 'left' }, { header: 'Median µs', align: 'right' }, { header: 'Min µs', align: 'right' }, { header: 'Max µs', align: 'right' }],
        [
            ['recorded per no-op sample (median)', microseconds(recorded.medianMs), microseconds(recorded.minMs), microseconds(recorded.maxMs)],
            ['runner loop per sample, all in', microseconds(loop.medianMs), microseconds(loop.minMs), microseconds(loop.maxMs)],
        ]));
    console.log(`\nperformance.now() resolution: ${(timer.resolutionMs * 1000).toFixed(3)} µs `
        + `(${timer.zeroSteps} of 200000 consecutive readings equal)`);
    const target = 0.01;
    console.log(`target: recorded overhead median <= ${target} ms: ${recorded.medianMs <= target ? 'met' : 'NOT met'}`);
}

main().catch(error => {
    console.error(error);
    process.exitCode = 1;
});
