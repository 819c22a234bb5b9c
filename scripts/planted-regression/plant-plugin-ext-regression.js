#!/usr/bin/env node
// Plants a known regression on the plugin's read alone: repacks the registry's @theia/plugin-ext with busy work per byte
// in the frontend's handler of a plugin's workspace.fs.readFile, FileSystemMainImpl.$readFile (see README.md next to this file).
//   node scripts/planted-regression/plant-plugin-ext-regression.js --out <folder> [--theia-version 1.74.1] [--work-ms-per-mb 4]
// then `yarn bench --compare base=1.74.1 head=<folder>`.
'use strict';
const { appendedSourceEdit, BUFFER_FUNCTION, plantedBufferWorkSource, plantPackage, runMain, usageText } = require('./plant-rpc-regression');

/** CPU time (ms) spent per MiB of every file a plugin's workspace.fs.readFile gets from the frontend. */
const DEFAULT_WORK_MS_PER_MB = 4;
const PATCHED_FILE = 'lib/main/browser/file-system-main-impl.js';
const SCRIPT = 'scripts/planted-regression/plant-plugin-ext-regression.js';

const USAGE = usageText({
    script: SCRIPT, packageName: '@theia/plugin-ext', defaultWorkMsPerMb: DEFAULT_WORK_MS_PER_MB,
    summary: `Writes <folder>/theia-plugin-ext-<version>.tgz: @theia/plugin-ext from the npm registry with a planted regression
in the frontend's FileSystemMainImpl.$readFile, which answers a plugin's workspace.fs.readFile (busy work
proportional to the bytes of the file it returns), as one side of 'yarn bench --compare base=<version> head=<folder>'.`,
    workMsPerMbHelp: 'CPU time per MiB of each file a plugin reads with workspace.fs.readFile',
});

/**
 * Exact edits of the pristine file; each `find` must occur exactly once. `FileSystemMainImpl.$readFile` is what the
 * plugin host's `workspace.fs.readFile` calls over RPC (plugin-ext's ConsumerFileSystem.readFile -> FILE_SYSTEM_MAIN):
 * it reads with the frontend's FileService.readFile and answers with the file's BinaryBuffer, which the planted work
 * runs over before it goes back. Nothing else calls it: the Theia extension's FileService.readFile, the RPC transport,
 * the backend's disk read and the plugin host's Node read do not pass here.
 */
function plantedEdits(workMsPerMb) {
    const read = '        return this._fileService.readFile(new uri_1.default(vscode_uri_1.URI.revive(uri)))';
    return [
        {
            where: 'FileSystemMainImpl.$readFile',
            find: `    $readFile(uri) {\n${read}.then(file => file.value).catch(FileSystemMainImpl._handleError);\n`,
            replace: `    $readFile(uri) {\n${read}.then(file => ${BUFFER_FUNCTION}(file.value)).catch(FileSystemMainImpl._handleError);\n`,
        },
        appendedSourceEdit(PATCHED_FILE, plantedBufferWorkSource(workMsPerMb)),
    ];
}

/** `options.spec`: what npm pack fetches instead of the release (a tarball file), for the script's test. */
function plant(options) {
    return plantPackage({
        packageName: '@theia/plugin-ext', version: options.theiaVersion, spec: options.spec, out: options.out, patchedFile: PATCHED_FILE,
        edits: plantedEdits(options.workMsPerMb), script: SCRIPT, workMsPerMb: options.workMsPerMb, patchedFunctions: ['FileSystemMainImpl.$readFile'],
        description: 'fs-perf planted regression: every file a plugin reads with workspace.fs.readFile costs workMsPerMb ms of CPU per MiB '
            + '(1,048,576 bytes) in the frontend\'s FileSystemMainImpl.$readFile. Not a Theia release: for validating yarn bench --compare only.',
    });
}

if (require.main === module) {
    process.exitCode = runMain(process.argv.slice(2), { usage: USAGE, defaultWorkMsPerMb: DEFAULT_WORK_MS_PER_MB, plant, what: 'FileSystemMainImpl.$readFile' });
}

module.exports = { plant, plantedEdits, DEFAULT_WORK_MS_PER_MB, PATCHED_FILE };
