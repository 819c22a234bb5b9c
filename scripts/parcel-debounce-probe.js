#!/usr/bin/env node
// How soon does @parcel/watcher (what both Theia's backend and VS Code's watcher process watch with) report one change,
// by how long it saw no event before it? Its native debounce reports at once after 500 ms without an event, and
// otherwise waits 50 ms to batch the change with the next ones; a benchmark's cadence decides which of the two it times.
// Then each kind of change the watch suite makes (create, append, delete), on an idle watcher: the batches it reports.
// Bare Node, one process: the file is written synchronously between the clock's readings and the callback ends the
// sample. `node scripts/parcel-debounce-probe.js [samples per gap]` (default 8); prints the latencies per gap, sorted, in
// ms, and removes its temporary folder. An analysis of the watcher library, not a test: docs/watching.md.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const watcher = require('@parcel/watcher');
const { makeTemporaryFolder } = require('./temp-marker');

const GAPS_MS = [100, 300, 700, 1500];
const samples = Number(process.argv[2] ?? 8);
if (!Number.isInteger(samples) || samples < 1 || samples > 100) {
    console.error(`parcel-debounce-probe: samples per gap must be a whole number from 1 to 100, got ${JSON.stringify(process.argv[2])}`);
    process.exit(2);
}
const sleep = ms => new Promise(resolve => setTimeout(resolve, ms));
/** Where the watcher's batches are recorded while the second part watches one change; undefined otherwise. */
let batchesOf;

async function main() {
    const folder = makeTemporaryFolder(path.join(os.tmpdir(), 'fs-perf-parcel-probe-'), 'parcel-debounce-probe');
    let pending;
    const subscription = await watcher.subscribe(folder, (error, events) => {
        const arrived = performance.now();
        batchesOf?.push({ at: arrived, types: events.map(event => event.type).join('+') });
        if (pending) {
            const resolve = pending;
            pending = undefined;
            resolve(arrived);
        }
    });
    try {
        await sleep(1000);
        const version = require('@parcel/watcher/package.json').version;
        console.log(`@parcel/watcher ${version}, ${os.cpus()[0].model}, ${os.cpus().length} cores: latency of one file's creation, ms, by the quiet gap before it`);
        for (const gap of GAPS_MS) {
            const latencies = [];
            for (let index = 0; index < samples; index++) {
                await sleep(gap);
                const arrived = new Promise(resolve => pending = resolve);
                const start = performance.now();
                fs.writeFileSync(path.join(folder, `gap-${gap}-${index}.txt`), 'x');
                latencies.push(await arrived - start);
            }
            console.log(`gap ${String(gap).padStart(4)} ms: ${latencies.sort((a, b) => a - b).map(ms => ms.toFixed(1)).join(' ')}`);
        }
        // Each kind of change the watch suite's child makes, after an idle 1.5 s: every batch the watcher reports, and when.
        console.log('each kind of change on an idle watcher, as the watch suite\'s child makes it: the batches reported, ms after the change');
        const file = path.join(folder, 'w.txt');
        const kinds = [['create', () => fs.writeFileSync(file, 'created\n')], ['change', () => fs.appendFileSync(file, 'changed\n')], ['delete', () => fs.unlinkSync(file)]];
        for (const [kind, change] of kinds) {
            await sleep(1500);
            const batches = [];
            batchesOf = batches;
            const start = performance.now();
            change();
            await sleep(300);
            batchesOf = undefined;
            console.log(`${kind}: ${batches.map(({ at, types }) => `${types} at ${(at - start).toFixed(1)}`).join(', ')}`);
        }
    } finally {
        await subscription.unsubscribe();
        fs.rmSync(folder, { recursive: true, force: true });
    }
}

main().catch(error => {
    console.error(`parcel-debounce-probe: ${error.message}`);
    process.exit(1);
});
