/**
 * Times generating the full fixture set on the local disk: cold (empty folder) and warm (everything
 * verified by SHA-256, nothing written). Run: `yarn workspace @fs-perf/test-files bench`.
 */
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { computeStatistics, formatSupported, renderTextTable } from '@fs-perf/benchmark-core';
import { generateFixtures } from '../generator';
import { NodeFixtureStore } from '../node/node-fixture-store';

// fs-perf's marker of its temporary folders, which `yarn clean --temp` reads (plain Node in scripts/, the one writer).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { writeTempMarker } = require(path.join(__dirname, '..', '..', '..', 'scripts', 'temp-marker.js')) as { writeTempMarker(folder: string, purpose: string): void };

async function main(): Promise<void> {
    const rounds = 5;
    const cold: number[] = [];
    const warm: number[] = [];
    for (let round = 0; round < rounds; round++) {
        const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-bench-fixtures-'));
        try {
            writeTempMarker(directory, 'test-files bench: fixture generation');
            const store = new NodeFixtureStore(directory);
            let started = performance.now();
            const report = await generateFixtures({ store });
            cold.push(performance.now() - started);
            if (report.written.length !== 6) {
                throw new Error(`expected 6 files written, got ${report.written.length}`);
            }
            started = performance.now();
            await generateFixtures({ store });
            warm.push(performance.now() - started);
        } finally {
            await fs.rm(directory, { recursive: true, force: true });
        }
    }
    const row = (name: string, samples: number[]): string[] => {
        const stats = computeStatistics(samples);
        return [name, formatSupported(stats.medianMs), formatSupported(stats.minMs), formatSupported(stats.maxMs)];
    };
    console.log(`Fixture generation, full set (6 sizes, 15.6 MiB + 1000 small files), ${rounds} rounds, ${os.cpus()[0]?.model ?? 'unknown CPU'}\n`);
    console.log(renderTextTable(
        [{ header: 'Run', align: 'left' }, { header: 'Median ms', align: 'right' }, { header: 'Min ms', align: 'right' }, { header: 'Max ms', align: 'right' }],
        [row('cold (write everything)', cold), row('warm (verify, write nothing)', warm)]));
    const median = computeStatistics(cold).medianMs;
    console.log(`\ntarget: cold generation <= 2000 ms: ${median <= 2000 ? 'met' : 'NOT met'}`);
}

main().catch(error => {
    console.error(error);
    process.exitCode = 1;
});
