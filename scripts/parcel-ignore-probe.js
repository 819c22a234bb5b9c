#!/usr/bin/env node
// Does @parcel/watcher (what Theia's backend and VS Code's watcher process watch with) keep a folder's inotify watches
// after the only subscription that wanted them has gone, while another subscription of the same folder that ignores them
// lives on? That is what Theia 1.74.1 does at start-up: it watches the workspace with the default files.watcherExclude
// (its preferences not read yet), then, once the user's are, subscribes again with them and disposes the first. Linux
// only (inotify); bare Node, one process; counts its own watches in /proc/self/fdinfo. `node scripts/parcel-ignore-probe.js
// [folders]` (default 100 in node_modules, 50 beside it); prints the watches after each step and removes its folder.
// An analysis of the watcher library, not a test: docs/watching.md, "What watching a big tree costs".
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const watcher = require('@parcel/watcher');
const { makeTemporaryFolder } = require('./temp-marker');

const dependencies = Number(process.argv[2] ?? 100);
if (!Number.isInteger(dependencies) || dependencies < 1 || dependencies > 100000) {
    console.error(`parcel-ignore-probe: folders must be a whole number from 1 to 100000, got ${JSON.stringify(process.argv[2])}`);
    process.exit(2);
}
if (process.platform !== 'linux') {
    console.error(`parcel-ignore-probe: counts inotify watches, which only Linux has (this is ${process.platform}).`);
    process.exit(2);
}
const sources = Math.ceil(dependencies / 2);
const sleep = ms => new Promise(resolve => setTimeout(resolve, ms));

/** inotify watches this process holds: one `inotify wd:` line each in the fdinfo of its inotify descriptors. */
function watches() {
    let count = 0;
    for (const fd of fs.readdirSync('/proc/self/fd')) {
        let target = '';
        try {
            target = fs.readlinkSync(`/proc/self/fd/${fd}`);
        } catch {
            continue;
        }
        if (target === 'anon_inode:inotify') {
            count += fs.readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8').split('\n').filter(line => line.startsWith('inotify wd:')).length;
        }
    }
    return count;
}

async function step(label) {
    await sleep(300);
    console.log(`${String(watches()).padStart(6)}  ${label}`);
}

async function main() {
    const root = makeTemporaryFolder(path.join(os.tmpdir(), 'fs-perf-parcel-ignore-probe-'), 'parcel-ignore-probe');
    try {
        for (let index = 0; index < dependencies; index++) {
            fs.mkdirSync(path.join(root, 'node_modules', `package-${index}`), { recursive: true });
        }
        for (let index = 0; index < sources; index++) {
            fs.mkdirSync(path.join(root, 'src', `folder-${index}`), { recursive: true });
        }
        const ignore = ['**/node_modules/**', '**/node_modules'];
        console.log(`@parcel/watcher ${require('@parcel/watcher/package.json').version}: ${dependencies + 1} folders in node_modules, ${sources + 1} in src, `
            + `and the root: ${dependencies + sources + 3} in all; inotify watches of this process after each step`);
        const everything = await watcher.subscribe(root, () => undefined);
        await step('A: the root watched, nothing ignored');
        const withIgnore = await watcher.subscribe(root, () => undefined, { ignore });
        await step(`A and B: B watches the root too, ignoring ${ignore.join(' and ')}`);
        await everything.unsubscribe();
        await step('B alone, A unsubscribed: what B needs is the root and src');
        await withIgnore.unsubscribe();
        await step('none');
        const fresh = await watcher.subscribe(root, () => undefined, { ignore });
        await step('C alone, subscribed afresh with the same ignore as B');
        await fresh.unsubscribe();
    } finally {
        fs.rmSync(root, { recursive: true, force: true });
    }
}

main().catch(error => {
    console.error(`parcel-ignore-probe: ${error.stack ?? error}`);
    process.exit(1);
});
