#!/usr/bin/env node
// Plants a known regression in Theia itself, to check that `yarn bench --compare` flags a real change: repacks the
// registry's @theia/core with busy work per byte in the RPC message encoder and decoder (see README.md next to this file).
//   node scripts/planted-regression/plant-rpc-regression.js --out <folder> [--theia-version 1.74.1] [--work-ms-per-mb 2]
// then `yarn bench --compare base=1.74.1 head=<folder>`.
'use strict';
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { makeTemporaryFolder } = require('../temp-marker');

const DEFAULT_THEIA_VERSION = '1.74.1';
/** CPU time (ms) spent per MiB each time a message is encoded, and again when it is decoded. */
const DEFAULT_WORK_MS_PER_MB = 2;
const PATCHED_FILE = 'lib/common/message-rpc/rpc-message-encoder.js';
const MARKER_FILE = 'fs-perf-planted-regression.json';
const PLANTED_FUNCTION = 'fsPerfPlantedWork';
const BUFFER_FUNCTION = 'fsPerfPlantedOnBuffer';
const SCRIPT = 'scripts/planted-regression/plant-rpc-regression.js';

/** A planting script's --help: `summary` says what it writes, the options are the same for every script. */
function usageText({ script, packageName, summary, workMsPerMbHelp, defaultWorkMsPerMb }) {
    return `Usage: node ${script} --out <folder> [options]

${summary}

Options:
  --out <folder>            where the tarball goes (created if missing; an older one is replaced)
  --theia-version <x.y.z>   the ${packageName} release to patch (default ${DEFAULT_THEIA_VERSION})
  --work-ms-per-mb <ms>     ${workMsPerMbHelp} (default ${defaultWorkMsPerMb})
  --help                    this text
`;
}

const USAGE = usageText({
    script: SCRIPT, packageName: '@theia/core', defaultWorkMsPerMb: DEFAULT_WORK_MS_PER_MB,
    summary: `Writes <folder>/theia-core-<version>.tgz: @theia/core from the npm registry with a planted regression in its
RPC message encoder and decoder (busy work proportional to each message's size), as one side of
'yarn bench --compare base=<version> head=<folder>'.`,
    workMsPerMbHelp: 'CPU time per MiB, spent on encoding and again on decoding',
});

/**
 * The planted work, appended to the encoder module (function declarations are hoisted, so the module's own lines
 * and its source map keep their line numbers). Theia's RPC (frontend <-> backend over the WebSocket, plugin host <->
 * backend over the pipe) encodes and decodes every message here, so each byte a file read carries costs
 * `workMsPerMb` / MiB on the sending side and again on the receiving side. The work is a checksum over the message,
 * repeated until its share of time is spent: real CPU work, as an added validation pass or copy would cost. Time owed
 * by messages too small for the clock (the browser rounds performance.now() to 0.1 ms) carries over, and so does
 * time overspent, so the total stays proportional to the bytes.
 */
function plantedWorkSource(workMsPerMb) {
    return `// fs-perf planted regression: begin (added by fs-perf's scripts/planted-regression, not part of Theia)
const FS_PERF_WORK_MS_PER_MB = ${workMsPerMb};
let fsPerfOwedMs = 0;
function ${PLANTED_FUNCTION}(bytes) {
    globalThis.__fsPerfPlantedBytes = (globalThis.__fsPerfPlantedBytes || 0) + bytes.byteLength;
    fsPerfOwedMs += bytes.byteLength / 1048576 * FS_PERF_WORK_MS_PER_MB;
    if (fsPerfOwedMs > 0 && bytes.byteLength > 0) {
        const start = performance.now();
        let checksum = 0;
        let index = 0;
        let elapsedMs = 0;
        do {
            const end = Math.min(index + 4096, bytes.byteLength);
            for (; index < end; index++) {
                checksum = (checksum * 31 + bytes[index]) | 0;
            }
            if (index === bytes.byteLength) {
                index = 0;
            }
            elapsedMs = performance.now() - start;
        } while (elapsedMs < fsPerfOwedMs);
        fsPerfOwedMs -= elapsedMs;
        globalThis.__fsPerfPlantedMs = (globalThis.__fsPerfPlantedMs || 0) + elapsedMs;
        globalThis.__fsPerfPlantedChecksum = checksum;
    }
    return bytes;
}
// fs-perf planted regression: end
`;
}

/**
 * The planted work over a BinaryBuffer's bytes (`binary.buffer`, a Uint8Array): `fsPerfPlantedOnBuffer(binary)` returns
 * the BinaryBuffer as it came, so it can wrap the expression that yields one. Appended with {@link plantedWorkSource}.
 */
function plantedBufferWorkSource(workMsPerMb) {
    return `${plantedWorkSource(workMsPerMb)}function ${BUFFER_FUNCTION}(binary) {\n    ${PLANTED_FUNCTION}(binary.buffer);\n    return binary;\n}\n`;
}

/**
 * The edit that appends `source` at the end of the compiled module `patchedFile`, before its source map comment:
 * function declarations are hoisted, and every line above keeps its number, so the published source map still fits.
 */
function appendedSourceEdit(patchedFile, source) {
    const sourceMapComment = `//# sourceMappingURL=${path.posix.basename(patchedFile)}.map`;
    return { where: 'the end of the module, before its source map comment', find: `\n${sourceMapComment}`, replace: `\n${source}${sourceMapComment}` };
}

/** Exact edits of the pristine file; each `find` must occur exactly once. */
function plantedEdits(workMsPerMb) {
    return [
        {
            where: 'MsgPackMessageEncoder.encode',
            find: '            buf.writeBytes(this.msgPack.encode(value));\n',
            replace: `            buf.writeBytes(${PLANTED_FUNCTION}(this.msgPack.encode(value)));\n`,
        },
        {
            where: 'MsgPackMessageDecoder.decode',
            find: '        const bytes = buf.readBytes();\n        return this.msgPack.decode(bytes);\n',
            replace: `        const bytes = ${PLANTED_FUNCTION}(buf.readBytes());\n        return this.msgPack.decode(bytes);\n`,
        },
        appendedSourceEdit(PATCHED_FILE, plantedWorkSource(workMsPerMb)),
    ];
}

class UsageError extends Error { }

function parseArguments(argv, defaultWorkMsPerMb = DEFAULT_WORK_MS_PER_MB) {
    const options = { out: undefined, theiaVersion: DEFAULT_THEIA_VERSION, workMsPerMb: defaultWorkMsPerMb, help: false };
    for (let index = 0; index < argv.length; index++) {
        const [name, inlineValue] = argv[index].startsWith('--') && argv[index].includes('=')
            ? [argv[index].slice(0, argv[index].indexOf('=')), argv[index].slice(argv[index].indexOf('=') + 1)]
            : [argv[index], undefined];
        if (name === '--help' || name === '-h') {
            options.help = true;
            continue;
        }
        if (name !== '--out' && name !== '--theia-version' && name !== '--work-ms-per-mb') {
            throw new UsageError(`Unknown argument '${argv[index]}'.`);
        }
        const value = inlineValue ?? argv[++index];
        if (value === undefined || value === '' || (inlineValue === undefined && value.startsWith('--'))) {
            throw new UsageError(`${name} needs a value.`);
        }
        if (name === '--out') {
            options.out = path.resolve(value);
        } else if (name === '--theia-version') {
            if (!/^\d+\.\d+\.\d+$/.test(value)) {
                throw new UsageError(`--theia-version '${value}' is not a release version like ${DEFAULT_THEIA_VERSION}.`);
            }
            options.theiaVersion = value;
        } else {
            const workMsPerMb = Number(value);
            if (!/^\d+(\.\d+)?$/.test(value) || !(workMsPerMb <= 1000)) {
                throw new UsageError(`--work-ms-per-mb '${value}' is not a number of milliseconds from 0 to 1000.`);
            }
            options.workMsPerMb = workMsPerMb;
        }
    }
    if (!options.help && options.out === undefined) {
        throw new UsageError('--out <folder> is required.');
    }
    return options;
}

function run(command, args, cwd) {
    try {
        return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], shell: command === 'npm' && process.platform === 'win32' });
    } catch (error) {
        const stderr = String(error.stderr || '').trim();
        throw new Error(`'${command} ${args.join(' ')}' failed: ${stderr || error.message}`);
    }
}

/** Applies every edit exactly once, or throws naming the edit that found no (or more than one) match. */
function applyEdits(text, edits, fileName, script = SCRIPT) {
    if (text.includes(PLANTED_FUNCTION)) {
        throw new Error(`${fileName} already contains ${PLANTED_FUNCTION}: the tarball is not a pristine release.`);
    }
    for (const edit of edits) {
        const matches = text.split(edit.find).length - 1;
        if (matches !== 1) {
            throw new Error(`Cannot plant the regression at ${edit.where}: ${fileName} contains the expected code ${matches} times instead of once `
                + `(${JSON.stringify(edit.find.trim())}). This release needs its own patch in ${script}.`);
        }
        text = text.replace(edit.find, () => edit.replace);
    }
    return text;
}

/** The file name npm pack gives a package's tarball: `theia-core-1.74.1.tgz` for @theia/core 1.74.1. */
function tarballName(packageName, version) {
    return `${packageName.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}

/**
 * Writes `<out>/<tarballName>`: `packageName@version` from the registry (or what `spec` names to npm pack, e.g. a
 * tarball file) with `edits` applied to `patchedFile`, and a marker file in the package root saying what was planted
 * (`description`, `patchedFunctions`, `workMsPerMb`) and the pristine tarball's integrity.
 */
function plantPackage({
    packageName, version, spec = `${packageName}@${version}`, out, patchedFile, edits, script, description, patchedFunctions, workMsPerMb,
    planting = `${workMsPerMb} ms/MiB of work`, counters = ['globalThis.__fsPerfPlantedBytes', 'globalThis.__fsPerfPlantedMs'],
}) {
    const tarball = path.join(out, tarballName(packageName, version));
    const temporary = makeTemporaryFolder(path.join(os.tmpdir(), 'fs-perf-plant-'), `planting ${packageName}@${version}`);
    const partial = path.join(out, `.${path.basename(tarball)}.partial`);
    try {
        console.log(`Fetching ${spec} with npm pack`);
        const packed = JSON.parse(run('npm', ['pack', spec, '--json', '--pack-destination', temporary], temporary))[0];
        const pristineTarball = path.join(temporary, packed.filename);

        console.log(`Unpacking ${packed.filename}`);
        const unpacked = path.join(temporary, 'unpacked');
        fs.mkdirSync(unpacked);
        run('tar', ['-xzf', pristineTarball, '-C', unpacked]);
        const packageRoot = path.join(unpacked, 'package');
        const manifest = JSON.parse(fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8'));
        if (manifest.name !== packageName || manifest.version !== version) {
            throw new Error(`npm pack gave ${manifest.name}@${manifest.version}, not ${packageName}@${version}.`);
        }

        console.log(`Planting ${planting} in ${patchedFile} (${patchedFunctions.join(', ')})`);
        const patchedPath = path.join(packageRoot, patchedFile);
        if (!fs.existsSync(patchedPath)) {
            throw new Error(`${packageName}@${version} has no ${patchedFile}: this release needs its own patch.`);
        }
        const pristine = fs.readFileSync(patchedPath, 'utf8');
        fs.writeFileSync(patchedPath, applyEdits(pristine, edits, patchedFile, script));
        const written = {
            description, patchedFunctions, workMsPerMb, counters,
            package: manifest.name, version: manifest.version, pristineIntegrity: packed.integrity, patchedFile, createdBy: script,
        };
        fs.writeFileSync(path.join(packageRoot, MARKER_FILE), `${JSON.stringify(written, undefined, 4)}\n`);

        // tar rather than npm pack: the package's "files" list would leave the marker out.
        console.log(`Repacking as ${tarball}`);
        fs.mkdirSync(out, { recursive: true });
        run('tar', ['-czf', partial, '-C', unpacked, 'package']);
        fs.rmSync(tarball, { force: true });
        fs.renameSync(partial, tarball);
        const others = fs.readdirSync(out).filter(name => name.endsWith('.tgz') && name !== path.basename(tarball));
        if (others.length > 0) {
            console.log(`Note: ${out} also holds ${others.join(', ')}, which a compare side made from this folder uses too`);
        }
        console.log(tarball);
        return tarball;
    } finally {
        fs.rmSync(partial, { force: true });
        fs.rmSync(temporary, { recursive: true, force: true });
    }
}

function plant(options) {
    return plantPackage({
        packageName: '@theia/core', version: options.theiaVersion, out: options.out, patchedFile: PATCHED_FILE,
        edits: plantedEdits(options.workMsPerMb), script: SCRIPT, workMsPerMb: options.workMsPerMb,
        patchedFunctions: ['MsgPackMessageEncoder.encode', 'MsgPackMessageDecoder.decode'],
        description: 'fs-perf planted regression: every RPC message costs workMsPerMb ms of CPU per MiB (1,048,576 bytes) '
            + 'when it is encoded and again when it is decoded. Not a Theia release: for validating yarn bench --compare only.',
    });
}

/**
 * A planting script's command line: `plant(options)` with the parsed options, or the usage. Returns the exit code:
 * 0 planted (or --help), 1 planting failed (`Planting the <what> regression failed: …`), 2 bad arguments.
 */
function runMain(argv, { usage, defaultWorkMsPerMb, plant, what }) {
    let options;
    try {
        options = parseArguments(argv, defaultWorkMsPerMb);
    } catch (error) {
        if (error instanceof UsageError) {
            console.error(`${error.message} Run with --help for the usage.`);
            return 2;
        }
        throw error;
    }
    if (options.help) {
        console.log(usage);
        return 0;
    }
    try {
        plant(options);
        return 0;
    } catch (error) {
        console.error(`Planting the ${what} regression failed: ${error.message}`);
        return 1;
    }
}

/** `runMain` for a plant that adds a round trip and no busy work: `--work-ms-per-mb` is refused (exit code 2). */
function runRoundTripMain(argv, { usage, plant, what }) {
    const workOption = argv.find(argument => argument === '--work-ms-per-mb' || argument.startsWith('--work-ms-per-mb='));
    if (workOption) {
        console.error(`'${workOption}' does not apply: this plant adds a round trip, no busy work. Run with --help for the usage.`);
        return 2;
    }
    return runMain(argv, { usage, defaultWorkMsPerMb: 0, plant, what });
}

if (require.main === module) {
    process.exitCode = runMain(process.argv.slice(2), { usage: USAGE, defaultWorkMsPerMb: DEFAULT_WORK_MS_PER_MB, plant, what: 'RPC' });
}

module.exports = {
    appendedSourceEdit, applyEdits, plantedBufferWorkSource, plantedEdits, plantedWorkSource, plantPackage, parseArguments, runMain, runRoundTripMain, tarballName, usageText,
    UsageError, BUFFER_FUNCTION, DEFAULT_THEIA_VERSION, DEFAULT_WORK_MS_PER_MB, MARKER_FILE, PATCHED_FILE, PLANTED_FUNCTION,
};
