#!/usr/bin/env node
// Plants one more round trip, and nothing else, in a plugin's stat: repacks the registry's @theia/plugin-ext so that the
// frontend's handler of a plugin's workspace.fs.stat, FileSystemMainImpl.$stat, asks the backend for the file's stat
// twice (see README.md next to this file). A stat storm through the plugin pays it on every call; Theia's own
// FileService, the bare-Node floors and the plugin's reads do not.
//   node scripts/planted-regression/plant-stat-round-trip-regression.js --out <folder> [--theia-version 1.74.1]
// then `yarn bench --compare control=<a control made by plant-plugin-ext-regression.js --work-ms-per-mb 0> planted=<folder> --suite trees --check`.
'use strict';
const { appendedSourceEdit, plantPackage, runRoundTripMain } = require('./plant-rpc-regression');
const { PATCHED_FILE } = require('./plant-plugin-ext-regression');

const SCRIPT = 'scripts/planted-regression/plant-stat-round-trip-regression.js';
const STAT_ROUND_TRIP_FUNCTION = 'fsPerfPlantedStatRoundTrip';

const USAGE = `Usage: node ${SCRIPT} --out <folder> [options]

Writes <folder>/theia-plugin-ext-<version>.tgz: @theia/plugin-ext from the npm registry with one planted round trip
in the frontend's FileSystemMainImpl.$stat, which answers a plugin's workspace.fs.stat: it asks the backend for the
file's stat (FileService.resolve) once more before the stat it answers with. No busy work: each stat costs one small
request and its answer more, as a second stat per call would.

Options:
  --out <folder>            where the tarball goes (created if missing; an older one is replaced)
  --theia-version <x.y.z>   the @theia/plugin-ext release to patch (default 1.74.1)
  --help                    this text
`;

/** The appended function: one FileService.resolve of the same URI, with its metadata (a request to the backend and its answer), counted in the module's global. */
const STAT_ROUND_TRIP_SOURCE = `// fs-perf planted regression: begin (added by fs-perf's scripts/planted-regression, not part of Theia)
function ${STAT_ROUND_TRIP_FUNCTION}(fileService, uri) {
    globalThis.__fsPerfPlantedStatRoundTrips = (globalThis.__fsPerfPlantedStatRoundTrips || 0) + 1;
    return fileService.resolve(uri, { resolveMetadata: true });
}
// fs-perf planted regression: end
`;

/** Exact edits of the pristine file (the first line of $stat's body, and the appended function); each `find` occurs exactly once. */
function plantedEdits() {
    const target = 'new uri_1.default(vscode_uri_1.URI.revive(uri))';
    const stat = `this._fileService.resolve(${target}, { resolveMetadata: true })`;
    return [
        {
            where: 'FileSystemMainImpl.$stat',
            find: `    $stat(uri) {\n        return ${stat}.then(stat => ({\n`,
            replace: `    $stat(uri) {\n        return ${STAT_ROUND_TRIP_FUNCTION}(this._fileService, ${target}).then(() => ${stat}).then(stat => ({\n`,
        },
        appendedSourceEdit(PATCHED_FILE, STAT_ROUND_TRIP_SOURCE),
    ];
}

/** `options.spec`: what npm pack fetches instead of the release (a tarball file), for the script's test. */
function plant(options) {
    return plantPackage({
        packageName: '@theia/plugin-ext', version: options.theiaVersion, spec: options.spec, out: options.out, patchedFile: PATCHED_FILE,
        edits: plantedEdits(), script: SCRIPT, planting: 'one round trip (FileService.resolve before the stat)',
        patchedFunctions: ['FileSystemMainImpl.$stat'], counters: ['globalThis.__fsPerfPlantedStatRoundTrips'],
        description: 'fs-perf planted regression: every stat a plugin makes with workspace.fs.stat costs one more round trip from the frontend '
            + 'to the backend (FileService.resolve of the same file, before the one it answers with) in the frontend\'s FileSystemMainImpl.$stat. '
            + 'Not a Theia release: for validating yarn bench --compare --suite trees only.',
    });
}

if (require.main === module) {
    process.exitCode = runRoundTripMain(process.argv.slice(2), { usage: USAGE, plant, what: 'stat round trip' });
}

module.exports = { plant, plantedEdits, STAT_ROUND_TRIP_FUNCTION };
