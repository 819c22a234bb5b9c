#!/usr/bin/env node
// Plants a known regression in another package and path than the RPC encoder: repacks the registry's @theia/filesystem
// with busy work per byte in the frontend's FileService.readFile (see README.md next to this file).
//   node scripts/planted-regression/plant-file-service-regression.js --out <folder> [--theia-version 1.74.1] [--work-ms-per-mb 8]
// then `yarn bench --compare base=1.74.1 head=<folder>`.
'use strict';
const { appendedSourceEdit, BUFFER_FUNCTION, plantedBufferWorkSource, plantPackage, runMain, usageText } = require('./plant-rpc-regression');

/** CPU time (ms) spent per MiB of every file FileService.readFile returns in the frontend. */
const DEFAULT_WORK_MS_PER_MB = 8;
const PATCHED_FILE = 'lib/browser/file-service.js';
const SCRIPT = 'scripts/planted-regression/plant-file-service-regression.js';

const USAGE = usageText({
    script: SCRIPT, packageName: '@theia/filesystem', defaultWorkMsPerMb: DEFAULT_WORK_MS_PER_MB,
    summary: `Writes <folder>/theia-filesystem-<version>.tgz: @theia/filesystem from the npm registry with a planted regression in
the frontend's FileService.readFile (busy work proportional to the bytes of the file it returns), as one side of
'yarn bench --compare base=<version> head=<folder>'.`,
    workMsPerMbHelp: 'CPU time per MiB of each file read',
});

/**
 * Exact edits of the pristine file; each `find` must occur exactly once. `FileService.readFile` buffers the file's
 * stream into a BinaryBuffer; the planted work runs over those bytes before the call returns, in the frontend. The
 * plugin's `workspace.fs.readFile` (plugin-ext's FileSystemMainImpl.$readFile) and the Theia extension's
 * `FileService.readFile` both pass here; the RPC transport of a buffer, the backend's disk read and the plugin host's
 * Node read do not.
 */
function plantedEdits(workMsPerMb) {
    return [
        {
            where: 'FileService.readFile',
            find: '            value: await buffer_1.BinaryBufferReadableStream.toBuffer(stream.value)\n',
            replace: `            value: ${BUFFER_FUNCTION}(await buffer_1.BinaryBufferReadableStream.toBuffer(stream.value))\n`,
        },
        appendedSourceEdit(PATCHED_FILE, plantedBufferWorkSource(workMsPerMb)),
    ];
}

function plant(options) {
    return plantPackage({
        packageName: '@theia/filesystem', version: options.theiaVersion, out: options.out, patchedFile: PATCHED_FILE,
        edits: plantedEdits(options.workMsPerMb), script: SCRIPT, workMsPerMb: options.workMsPerMb, patchedFunctions: ['FileService.readFile'],
        description: 'fs-perf planted regression: every file the frontend\'s FileService.readFile returns costs workMsPerMb ms of CPU '
            + 'per MiB (1,048,576 bytes). Not a Theia release: for validating yarn bench --compare only.',
    });
}

if (require.main === module) {
    process.exitCode = runMain(process.argv.slice(2), { usage: USAGE, defaultWorkMsPerMb: DEFAULT_WORK_MS_PER_MB, plant, what: 'FileService' });
}

module.exports = { plantedEdits, DEFAULT_WORK_MS_PER_MB, PATCHED_FILE };
