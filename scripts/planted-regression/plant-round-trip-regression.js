#!/usr/bin/env node
// Plants one more round trip, and nothing else, in a plugin's read: repacks the registry's @theia/plugin-ext so that the
// frontend's handler of a plugin's workspace.fs.readFile, FileSystemMainImpl.$readFile, asks the backend for the file's
// stat before it reads the file (see README.md next to this file).
//   node scripts/planted-regression/plant-round-trip-regression.js --out <folder> [--theia-version 1.74.1]
// then `yarn bench --compare control=<a control made by plant-plugin-ext-regression.js --work-ms-per-mb 0> head=<folder> --check`.
'use strict';
const { appendedSourceEdit, plantPackage, runRoundTripMain } = require('./plant-rpc-regression');
const { PATCHED_FILE } = require('./plant-plugin-ext-regression');

const SCRIPT = 'scripts/planted-regression/plant-round-trip-regression.js';
const ROUND_TRIP_FUNCTION = 'fsPerfPlantedRoundTrip';

const USAGE = `Usage: node ${SCRIPT} --out <folder> [options]

Writes <folder>/theia-plugin-ext-<version>.tgz: @theia/plugin-ext from the npm registry with one planted round trip
in the frontend's FileSystemMainImpl.$readFile, which answers a plugin's workspace.fs.readFile: it asks the backend
for the file's stat (FileService.resolve) before it reads the file. No busy work: the read costs one small request and
its answer more, so it changes the count of round trips and next to nothing else.

Options:
  --out <folder>            where the tarball goes (created if missing; an older one is replaced)
  --theia-version <x.y.z>   the @theia/plugin-ext release to patch (default 1.74.1)
  --help                    this text
`;

/** The appended function: one FileService.resolve, the file's stat (a request to the backend and its answer), counted in the module's global. */
const ROUND_TRIP_SOURCE = `// fs-perf planted regression: begin (added by fs-perf's scripts/planted-regression, not part of Theia)
function ${ROUND_TRIP_FUNCTION}(fileService, uri) {
    globalThis.__fsPerfPlantedRoundTrips = (globalThis.__fsPerfPlantedRoundTrips || 0) + 1;
    return fileService.resolve(uri);
}
// fs-perf planted regression: end
`;

/** Exact edits of the pristine file (one line of $readFile, and the appended function); each `find` occurs exactly once. */
function plantedEdits() {
    const target = 'new uri_1.default(vscode_uri_1.URI.revive(uri))';
    const read = `this._fileService.readFile(${target})`;
    return [
        {
            where: 'FileSystemMainImpl.$readFile',
            find: `    $readFile(uri) {\n        return ${read}.then(file => file.value).catch(FileSystemMainImpl._handleError);\n`,
            replace: `    $readFile(uri) {\n        return ${ROUND_TRIP_FUNCTION}(this._fileService, ${target}).then(() => ${read}).then(file => file.value)`
                + '.catch(FileSystemMainImpl._handleError);\n',
        },
        appendedSourceEdit(PATCHED_FILE, ROUND_TRIP_SOURCE),
    ];
}

/** `options.spec`: what npm pack fetches instead of the release (a tarball file), for the script's test. */
function plant(options) {
    return plantPackage({
        packageName: '@theia/plugin-ext', version: options.theiaVersion, spec: options.spec, out: options.out, patchedFile: PATCHED_FILE,
        edits: plantedEdits(), script: SCRIPT, planting: 'one round trip (FileService.resolve before the read)',
        patchedFunctions: ['FileSystemMainImpl.$readFile'], counters: ['globalThis.__fsPerfPlantedRoundTrips'],
        description: 'fs-perf planted regression: every file a plugin reads with workspace.fs.readFile costs one more round trip from the frontend '
            + 'to the backend (FileService.resolve of the file, its stat, before FileService.readFile) in the frontend\'s FileSystemMainImpl.$readFile. '
            + 'Not a Theia release: for validating yarn bench --compare only.',
    });
}

if (require.main === module) {
    process.exitCode = runRoundTripMain(process.argv.slice(2), { usage: USAGE, plant, what: 'round trip' });
}

module.exports = { plant, plantedEdits, ROUND_TRIP_FUNCTION };
