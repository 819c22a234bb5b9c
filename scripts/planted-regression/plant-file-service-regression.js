#!/usr/bin/env node
// Plants a known regression in another package and path than the RPC encoder: repacks the registry's @theia/filesystem
// with busy work per byte in the frontend's FileService.readFile (see README.md next to this file).
//   node scripts/planted-regression/plant-file-service-regression.js --out <folder> [--theia-version 1.74.1] [--work-ms-per-mb 8]
// then `yarn bench --compare base=1.74.1 head=<folder>`.
'use strict';
const {
    DEFAULT_THEIA_VERSION, parseArguments, PLANTED_FUNCTION, plantedWorkSource, plantPackage, UsageError,
} = require('./plant-rpc-regression');

/** CPU time (ms) spent per MiB of every file FileService.readFile returns in the frontend. */
const DEFAULT_WORK_MS_PER_MB = 8;
const PATCHED_FILE = 'lib/browser/file-service.js';
const SCRIPT = 'scripts/planted-regression/plant-file-service-regression.js';
const BUFFER_FUNCTION = 'fsPerfPlantedOnBuffer';

const USAGE = `Usage: node ${SCRIPT} --out <folder> [options]

Writes <folder>/theia-filesystem-<version>.tgz: @theia/filesystem from the npm registry with a planted regression in
the frontend's FileService.readFile (busy work proportional to the bytes of the file it returns), as one side of
'yarn bench --compare base=<version> head=<folder>'.

Options:
  --out <folder>            where the tarball goes (created if missing; an older one is replaced)
  --theia-version <x.y.z>   the @theia/filesystem release to patch (default ${DEFAULT_THEIA_VERSION})
  --work-ms-per-mb <ms>     CPU time per MiB of each file read (default ${DEFAULT_WORK_MS_PER_MB})
  --help                    this text
`;

/**
 * Exact edits of the pristine file; each `find` must occur exactly once. `FileService.readFile` buffers the file's
 * stream into a BinaryBuffer; the planted work runs over those bytes before the call returns, in the frontend. The
 * plugin's `workspace.fs.readFile` (plugin-ext's FileSystemMainImpl.$readFile) and the Theia extension's
 * `FileService.readFile` both pass here; the RPC transport of a buffer, the backend's disk read and the plugin host's
 * Node read do not.
 */
function plantedEdits(workMsPerMb) {
    const sourceMapComment = '//# sourceMappingURL=file-service.js.map';
    return [
        {
            where: 'FileService.readFile',
            find: '            value: await buffer_1.BinaryBufferReadableStream.toBuffer(stream.value)\n',
            replace: `            value: ${BUFFER_FUNCTION}(await buffer_1.BinaryBufferReadableStream.toBuffer(stream.value))\n`,
        },
        {
            where: 'the end of the module, before its source map comment',
            find: `\n${sourceMapComment}`,
            replace: `\n${plantedWorkSource(workMsPerMb)}function ${BUFFER_FUNCTION}(binary) {\n    ${PLANTED_FUNCTION}(binary.buffer);\n    return binary;\n}\n`
                + sourceMapComment,
        },
    ];
}

function plant(options) {
    return plantPackage({
        packageName: '@theia/filesystem', version: options.theiaVersion, out: options.out, patchedFile: PATCHED_FILE,
        edits: plantedEdits(options.workMsPerMb), tarballName: `theia-filesystem-${options.theiaVersion}.tgz`, script: SCRIPT,
        describe: `Planting ${options.workMsPerMb} ms/MiB of work in ${PATCHED_FILE} (FileService.readFile)`,
        marker: {
            description: 'fs-perf planted regression: every file the frontend\'s FileService.readFile returns costs workMsPerMb ms of CPU '
                + 'per MiB (1,048,576 bytes). Not a Theia release: for validating yarn bench --compare only.',
            patchedFunctions: ['FileService.readFile'],
            workMsPerMb: options.workMsPerMb,
            counters: ['globalThis.__fsPerfPlantedBytes', 'globalThis.__fsPerfPlantedMs'],
        },
    });
}

function main(argv) {
    let options;
    try {
        options = parseArguments(argv, DEFAULT_WORK_MS_PER_MB);
    } catch (error) {
        if (error instanceof UsageError) {
            console.error(`${error.message} Run with --help for the usage.`);
            return 2;
        }
        throw error;
    }
    if (options.help) {
        console.log(USAGE);
        return 0;
    }
    try {
        plant(options);
        return 0;
    } catch (error) {
        console.error(`Planting the FileService regression failed: ${error.message}`);
        return 1;
    }
}

if (require.main === module) {
    process.exitCode = main(process.argv.slice(2));
}

module.exports = { plantedEdits, DEFAULT_WORK_MS_PER_MB, PATCHED_FILE };
