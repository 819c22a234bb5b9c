import { assert } from 'chai';
import { spawnSync, SpawnSyncReturns } from 'child_process';
import { promises as fs } from 'fs';
import { createRequire } from 'module';
import * as path from 'path';
import { REPOSITORY_ROOT } from '@fs-perf/bench';
import { assertOtherFilesInstalled, installedPackage, PlantedPackage, plantInstalledRelease } from './planted-package';

const SCRIPT = path.join(REPOSITORY_ROOT, 'scripts', 'planted-regression', 'plant-rpc-regression.js');
const INSTALLED_CORE = installedPackage('@theia/core');
const ENCODER_FILE = path.join('lib', 'common', 'message-rpc', 'rpc-message-encoder.js');
const BUFFER_FILE = path.join('lib', 'common', 'message-rpc', 'uint8-array-message-buffer.js');
/** Not the script's default, to see the parameter reach the planted code. */
const WORK_MS_PER_MB = 3;
const MIB = 1024 * 1024;

/** The parts of Theia's `rpc-message-encoder` and `uint8-array-message-buffer` modules the test drives. */
interface RpcModules {
    MsgPackMessageEncoder: new () => {
        replyOK(buffer: unknown, requestId: number, result: unknown): void;
        cancel(buffer: unknown, requestId: number): void;
    };
    MsgPackMessageDecoder: new () => { parse(buffer: unknown): { type: number; id: number; res?: unknown } };
    defaultMsgPack: { encode(value: unknown): Uint8Array };
    Uint8ArrayWriteBuffer: new () => { getCurrentContents(): Uint8Array };
    Uint8ArrayReadBuffer: new (bytes: Uint8Array) => unknown;
}

/** What the planted work counts (see the script's `fsPerfPlantedWork`). */
const planted = globalThis as unknown as { __fsPerfPlantedBytes?: number; __fsPerfPlantedMs?: number };

function loadRpcModules(packageRoot: string): RpcModules {
    const requireFromPackage = createRequire(path.join(packageRoot, 'package.json'));
    return { ...requireFromPackage(`./${ENCODER_FILE}`), ...requireFromPackage(`./${BUFFER_FILE}`) };
}

/** Encodes a reply carrying `payload` with `modules`' encoder, and the bytes that go on the wire. */
function encodeReply(modules: RpcModules, payload: Uint8Array): Uint8Array {
    const writer = new modules.Uint8ArrayWriteBuffer();
    new modules.MsgPackMessageEncoder().replyOK(writer, 7, { uri: 'file:///fixture/1M.bin', value: payload });
    return writer.getCurrentContents();
}

function decodeReply(modules: RpcModules, wire: Uint8Array): Uint8Array {
    const message = new modules.MsgPackMessageDecoder().parse(new modules.Uint8ArrayReadBuffer(wire));
    assert.strictEqual(message.type, 3, 'a reply');
    assert.strictEqual(message.id, 7);
    return (message.res as { value: Uint8Array }).value;
}

/** The planted file with the planted block and calls taken out again. */
function withoutPlantedCode(text: string): string {
    const block = /\/\/ fs-perf planted regression: begin[^\n]*\n[\s\S]*?\/\/ fs-perf planted regression: end\n/g;
    return text.replace(block, '').replace(/fsPerfPlantedWork\(((?:[^()]|\([^()]*\))*)\)/g, '$1');
}

function plant(...args: string[]): SpawnSyncReturns<string> {
    return spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
}

suite('Planted regression: @theia/core with per-byte work in its RPC encoder', () => {
    let plantedCore: PlantedPackage;
    let directory: string;
    let out: string;
    let version: string;
    let run: SpawnSyncReturns<string>;

    suiteSetup(async function (): Promise<void> {
        this.timeout(60_000);
        // The test compares with the repository's own install, so it plants that release.
        plantedCore = await plantInstalledRelease(SCRIPT, '@theia/core', 'fs-perf-planted-test-', ['--work-ms-per-mb', String(WORK_MS_PER_MB)]);
        ({ directory, out, version, run } = plantedCore);
        // The package's own requires (msgpackr, …) resolve from the repository's install.
        await fs.symlink(path.join(REPOSITORY_ROOT, 'node_modules'), path.join(directory, 'unpacked', 'node_modules'), 'junction');
    });

    suiteTeardown(async () => {
        if (directory) {
            await fs.rm(path.join(directory, 'unpacked', 'node_modules'), { force: true });
            await fs.rm(directory, { recursive: true, force: true });
        }
    });

    test('--help prints the usage; bad arguments are refused with exit code 2', () => {
        const help = plant('--help');
        assert.strictEqual(help.status, 0);
        assert.include(help.stdout, '--work-ms-per-mb');
        const refusals: Array<[string[], RegExp]> = [
            [[], /--out <folder> is required/],
            [['--out'], /--out needs a value/],
            [['--out', directory, '--work-ms-per-mb', 'fast'], /--work-ms-per-mb 'fast' is not a number/],
            [['--out', directory, '--theia-version', 'latest'], /'latest' is not a release version/],
            [['--out', directory, '--planted'], /Unknown argument '--planted'/],
        ];
        for (const [args, message] of refusals) {
            const refused = plant(...args);
            assert.strictEqual(refused.status, 2, args.join(' '));
            assert.match(refused.stderr, message);
        }
    });

    test('one line per step, then exactly one tarball: @theia/core at the release, with the marker', async () => {
        const tarball = path.join(out, `theia-core-${version}.tgz`);
        assert.strictEqual(plantedCore.tarball, tarball);
        const lines = run.stdout.trim().split('\n');
        assert.strictEqual(lines.length, 5, run.stdout);
        assert.strictEqual(lines[lines.length - 1], tarball);
        assert.deepStrictEqual(await fs.readdir(out), [path.basename(tarball)]);
        const manifest = JSON.parse(await fs.readFile(path.join(plantedCore.packageRoot, 'package.json'), 'utf8'));
        assert.strictEqual(manifest.name, '@theia/core');
        assert.strictEqual(manifest.version, version);
        const marker = JSON.parse(await fs.readFile(path.join(plantedCore.packageRoot, 'fs-perf-planted-regression.json'), 'utf8'));
        assert.include(marker, { package: '@theia/core', version, patchedFile: 'lib/common/message-rpc/rpc-message-encoder.js', workMsPerMb: WORK_MS_PER_MB });
        assert.deepStrictEqual(marker.patchedFunctions, ['MsgPackMessageEncoder.encode', 'MsgPackMessageDecoder.decode']);
    });

    test('the encoder module is the installed release\'s plus the planted work; every other file is unchanged', async () => {
        const patched = await fs.readFile(path.join(plantedCore.packageRoot, ENCODER_FILE), 'utf8');
        const pristine = await fs.readFile(path.join(INSTALLED_CORE, ENCODER_FILE), 'utf8');
        assert.include(patched, `const FS_PERF_WORK_MS_PER_MB = ${WORK_MS_PER_MB};`);
        assert.include(patched, 'buf.writeBytes(fsPerfPlantedWork(this.msgPack.encode(value)));', 'in MsgPackMessageEncoder.encode');
        assert.include(patched, 'const bytes = fsPerfPlantedWork(buf.readBytes());', 'in MsgPackMessageDecoder.decode');
        assert.strictEqual(withoutPlantedCode(patched), pristine);
        // Every line keeps its number, so the published source map still fits.
        const patchedLines = patched.split('\n');
        const pristineLines = pristine.split('\n');
        for (const [index, line] of pristineLines.slice(0, -1).entries()) {
            assert.strictEqual(patchedLines[index].includes('fsPerfPlantedWork(') ? withoutPlantedCode(patchedLines[index]) : patchedLines[index], line, `line ${index + 1}`);
        }
        assert.isTrue(patched.endsWith('\n//# sourceMappingURL=rpc-message-encoder.js.map'));
        await assertOtherFilesInstalled(plantedCore, '@theia/core', ENCODER_FILE);
    });

    test('a 1 MiB Uint8Array round-trips byte for byte, on the same wire format, and every byte is worked on encoding and decoding', () => {
        const patchedModules = loadRpcModules(plantedCore.packageRoot);
        const pristineModules = loadRpcModules(INSTALLED_CORE);
        const payload = new Uint8Array(MIB);
        for (let index = 0; index < payload.length; index++) {
            payload[index] = (index * 2654435761) >>> 24;
        }
        planted.__fsPerfPlantedBytes = 0;
        planted.__fsPerfPlantedMs = 0;

        const pristineWire = encodeReply(pristineModules, payload);
        assert.deepStrictEqual(decodeReply(pristineModules, pristineWire), payload);
        assert.strictEqual(planted.__fsPerfPlantedBytes, 0, 'the installed encoder does no planted work');

        const wire = encodeReply(patchedModules, payload);
        assert.isTrue(Buffer.from(wire).equals(Buffer.from(pristineWire)), 'the same bytes on the wire as the installed encoder');
        const decoded = decodeReply(patchedModules, wire);
        assert.instanceOf(decoded, Uint8Array);
        assert.isTrue(Buffer.from(decoded).equals(Buffer.from(payload)), 'byte-identical after the round trip');

        const messageBytes = patchedModules.defaultMsgPack.encode({ type: 3, id: 7, res: { uri: 'file:///fixture/1M.bin', value: payload } }).byteLength;
        assert.isAbove(messageBytes, MIB);
        assert.strictEqual(planted.__fsPerfPlantedBytes, 2 * messageBytes, 'the whole message, once encoding and once decoding');
        // The work loop runs until its share is spent, so this holds however fast or busy the machine is.
        assert.isAtLeast(planted.__fsPerfPlantedMs, 2 * messageBytes / MIB * WORK_MS_PER_MB);

        const small = new patchedModules.Uint8ArrayWriteBuffer();
        new patchedModules.MsgPackMessageEncoder().cancel(small, 8);
        assert.isBelow(planted.__fsPerfPlantedBytes - 2 * messageBytes, 16, 'a small message counts only its own few bytes');
    });

    test('the edits fail loudly, naming what they miss, when the encoder is not the expected code', async () => {
        const { applyEdits, plantedEdits } = createRequire(SCRIPT)(SCRIPT) as {
            applyEdits(text: string, edits: unknown[], fileName: string): string;
            plantedEdits(workMsPerMb: number): unknown[];
        };
        const pristine = await fs.readFile(path.join(INSTALLED_CORE, ENCODER_FILE), 'utf8');
        const changed = pristine.replace('const bytes = buf.readBytes();', 'const bytes = buf.readBytes(true);');
        assert.throws(() => applyEdits(changed, plantedEdits(1), 'rpc-message-encoder.js'),
            /Cannot plant the regression at MsgPackMessageDecoder\.decode: rpc-message-encoder\.js contains the expected code 0 times instead of once/);
        const twice = pristine.replace('buf.writeBytes(this.msgPack.encode(value));', 'buf.writeBytes(this.msgPack.encode(value));\n            buf.writeBytes(this.msgPack.encode(value));');
        assert.throws(() => applyEdits(twice, plantedEdits(1), 'rpc-message-encoder.js'), /MsgPackMessageEncoder\.encode: .* 2 times instead of once/);
        const again = applyEdits(pristine, plantedEdits(1), 'rpc-message-encoder.js');
        assert.throws(() => applyEdits(again, plantedEdits(1), 'rpc-message-encoder.js'), /already contains fsPerfPlantedWork/);
    });
});

suite('Planted regression: @theia/filesystem with per-byte work in the frontend\'s FileService.readFile', () => {
    const FILE_SERVICE_SCRIPT = path.join(REPOSITORY_ROOT, 'scripts', 'planted-regression', 'plant-file-service-regression.js');
    const INSTALLED_FILESYSTEM = installedPackage('@theia/filesystem');
    const FILE_SERVICE = path.join('lib', 'browser', 'file-service.js');

    test('one tarball of the installed release with the marker; only readFile\'s buffer passes through the planted work, which spends its share per byte', async function () {
        this.timeout(60_000);
        const plantedFs = await plantInstalledRelease(FILE_SERVICE_SCRIPT, '@theia/filesystem', 'fs-perf-planted-fs-test-', ['--work-ms-per-mb', '5']);
        const { out, version } = plantedFs;
        try {
            assert.deepStrictEqual(await fs.readdir(out), [`theia-filesystem-${version}.tgz`]);
            const marker = JSON.parse(await fs.readFile(path.join(plantedFs.packageRoot, 'fs-perf-planted-regression.json'), 'utf8'));
            assert.deepInclude(marker, { package: '@theia/filesystem', version, workMsPerMb: 5, patchedFunctions: ['FileService.readFile'] });
            const patched = await fs.readFile(path.join(plantedFs.packageRoot, FILE_SERVICE), 'utf8');
            const pristine = await fs.readFile(path.join(INSTALLED_FILESYSTEM, FILE_SERVICE), 'utf8');
            // One call site, in readFile, and the module otherwise the installed one's (line numbers kept for the source map).
            assert.strictEqual(patched.split('fsPerfPlantedOnBuffer(await').length - 1, 1);
            const block = /\/\/ fs-perf planted regression: begin[^\n]*\n[\s\S]*?\/\/ fs-perf planted regression: end\nfunction fsPerfPlantedOnBuffer[\s\S]*?\n}\n/;
            assert.strictEqual(patched.replace(block, '').replace(/fsPerfPlantedOnBuffer\((await [^\n]*)\)\n/, '$1\n'), pristine);
            // The planted functions alone, run over a 1 MiB buffer: every byte counted, at least its share of time spent.
            const source = block.exec(patched)![0];
            const work = new Function(`${source}; return fsPerfPlantedOnBuffer;`)() as (binary: { buffer: Uint8Array }) => unknown;
            const counters = globalThis as unknown as { __fsPerfPlantedBytes?: number; __fsPerfPlantedMs?: number };
            counters.__fsPerfPlantedBytes = 0;
            counters.__fsPerfPlantedMs = 0;
            const binary = { buffer: new Uint8Array(MIB) };
            assert.strictEqual(work(binary), binary, 'the buffer is returned as it came');
            assert.strictEqual(counters.__fsPerfPlantedBytes, MIB);
            assert.isAtLeast(counters.__fsPerfPlantedMs, 5);
        } finally {
            await fs.rm(plantedFs.directory, { recursive: true, force: true });
        }
    });
});
