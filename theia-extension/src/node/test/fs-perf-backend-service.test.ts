import * as fs from 'fs';
import { assert } from 'chai';
import { FIXTURE_SIZES, fixtureFileName } from '@fs-perf/benchmark-core';
import { MAX_READ_BYTES, FsPerfBackendService } from '../../common/fs-perf-backend-protocol';
import { FsPerfAccessError, FsPerfAccessErrorCode } from '../access-error';
import { createServiceContainer, rejectionOf, RecordingLogger, TestRootsProvider, TestWorkspace } from './test-workspace';

/** A bad input, the refusal it must get, and what the message must say. */
interface Refusal {
    readonly name: string;
    readonly uri: (workspace: TestWorkspace) => unknown;
    readonly code: FsPerfAccessErrorCode;
    readonly message: RegExp;
    /** Whether the message must name the URI as given. */
    readonly namesUri: boolean;
}

const REFUSALS: readonly Refusal[] = [
    { name: 'a .. traversal out of the workspace', uri: ws => ws.traversalUri, code: 'outside-workspace', message: /outside the open workspace/, namesUri: true },
    { name: 'an absolute path outside the workspace', uri: ws => ws.uri(ws.outsideFile), code: 'outside-workspace', message: /outside the open workspace/, namesUri: true },
    { name: 'a symlink in the workspace to a file outside', uri: ws => ws.uri(ws.linkOut), code: 'outside-workspace', message: /: it is outside the open workspace/, namesUri: true },
    { name: 'a directory', uri: ws => ws.uri(ws.folder), code: 'not-a-file', message: /is a directory/, namesUri: true },
    { name: 'a missing file', uri: ws => ws.uri(`${ws.fixtures}/missing.bin`), code: 'not-found', message: /no such file in the workspace/, namesUri: true },
    { name: 'an encoded NUL byte (%00)', uri: ws => `${ws.uri(ws.fixture(FIXTURE_SIZES[0]))}%00.txt`, code: 'invalid-uri', message: /NUL byte/, namesUri: true },
    { name: 'a raw NUL byte', uri: ws => `${ws.uri(ws.fixture(FIXTURE_SIZES[0]))}\0.txt`, code: 'invalid-uri', message: /NUL byte/, namesUri: false },
    { name: 'a sparse file over MAX_READ_BYTES', uri: ws => ws.uri(ws.hugeFile), code: 'too-large', message: /over the 64 MiB limit/, namesUri: true },
    { name: 'a string that is no URI', uri: () => 'not a uri', code: 'invalid-uri', message: /not a valid URI/, namesUri: true },
    { name: 'an http: URI', uri: () => 'http://x/y', code: 'invalid-uri', message: /only file:\/\/ URIs/, namesUri: true },
    { name: 'a file: URI with a remote host', uri: () => 'file://x/y', code: 'invalid-uri', message: /not a local file URI/, namesUri: true },
    { name: 'a number', uri: () => 42, code: 'invalid-uri', message: /a file URI string is required/, namesUri: false },
    { name: 'no URI at all', uri: () => undefined, code: 'invalid-uri', message: /No file URI was given/, namesUri: false },
];

suite('FsPerfBackendServiceImpl', () => {
    let workspace: TestWorkspace;
    let roots: TestRootsProvider;
    let logger: RecordingLogger;
    let service: FsPerfBackendService;

    suiteSetup(async () => {
        workspace = await TestWorkspace.create();
    });

    suiteTeardown(async () => {
        await workspace?.dispose();
    });

    setup(() => {
        roots = new TestRootsProvider([workspace.root]);
        logger = new RecordingLogger();
        service = createServiceContainer(roots, logger).get(FsPerfBackendService);
    });

    suite('readFile', () => {
        for (const size of FIXTURE_SIZES) {
            test(`returns the identical bytes of ${fixtureFileName(size.label)}`, async () => {
                const bytes = await service.readFile(workspace.uri(workspace.fixture(size)));
                assert.instanceOf(bytes, Uint8Array);
                // A plain Uint8Array (a view on the read Buffer), which Theia's RPC sends as binary.
                assert.strictEqual(Object.getPrototypeOf(bytes), Uint8Array.prototype);
                assert.strictEqual(bytes.byteLength, size.bytes);
                assert.isTrue(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).equals(fs.readFileSync(workspace.fixture(size))));
            });
        }

        test('reads through a symlink in the workspace to a file in the workspace', async () => {
            const bytes = await service.readFile(workspace.uri(workspace.linkIn));
            assert.strictEqual(Buffer.from(bytes).toString('utf8'), 'inside\n');
        });

        for (const refusal of REFUSALS) {
            test(`refuses ${refusal.name} (${refusal.code})`, async () => {
                const uri = refusal.uri(workspace);
                const error = await rejectionOf(service.readFile(uri as string));
                assert.instanceOf(error, FsPerfAccessError);
                assert.strictEqual((error as FsPerfAccessError).code, refusal.code);
                assert.match(error.message, refusal.message);
                if (refusal.namesUri) {
                    assert.include(error.message, uri as string);
                }
                assert.notInclude(error.message, refusal.namesUri && (uri as string).includes(workspace.outside) ? '\0' : workspace.outside);
                assert.lengthOf(logger.warnings, 1);
                assert.include(logger.warnings[0], error.message);
            });
        }

        test('refuses every file when no workspace is open (no-workspace)', async () => {
            roots.roots = [];
            const uri = workspace.uri(workspace.fixture(FIXTURE_SIZES[0]));
            const error = await rejectionOf(service.readFile(uri));
            assert.strictEqual((error as FsPerfAccessError).code, 'no-workspace');
            assert.match(error.message, /no workspace is open/);
            assert.include(error.message, uri);
        });

        test('rejects with an Error naming the cause when the workspace roots cannot be found', async () => {
            roots.failure = new Error('workspace file is corrupt');
            const error = await rejectionOf(service.readFile(workspace.uri(workspace.fixture(FIXTURE_SIZES[0]))));
            assert.match(error.message, /Cannot tell which folders the open workspace has: workspace file is corrupt/);
            assert.lengthOf(logger.errors, 1);
        });
    });

    suite('buffer', () => {
        for (const size of FIXTURE_SIZES) {
            test(`has exactly ${size.bytes} bytes for ${size.label}, the same object each time`, async () => {
                const first = await service.buffer(size.bytes);
                assert.strictEqual(Object.getPrototypeOf(first), Uint8Array.prototype);
                assert.strictEqual(first.byteLength, size.bytes);
                assert.strictEqual(await service.buffer(size.bytes), first);
            });
        }

        test('is filled with bytes, not zeros', async () => {
            const bytes = await service.buffer(4096);
            assert.isAbove(new Set(bytes).size, 200);
        });

        for (const bad of [-1, 1.5, MAX_READ_BYTES + 1, Number.NaN, '5' as unknown as number]) {
            test(`rejects buffer(${typeof bad === 'string' ? `'${bad}'` : bad})`, async () => {
                const error = await rejectionOf(service.buffer(bad));
                assert.match(error.message, /must be a whole number of bytes from 0 to 67108864 \(64 MiB\)/);
                assert.lengthOf(logger.warnings, 1);
            });
        }
    });

    suite('timeRead', () => {
        for (const size of [FIXTURE_SIZES[0], FIXTURE_SIZES[FIXTURE_SIZES.length - 1]]) {
            test(`times ${fixtureFileName(size.label)}: its byte length and a positive duration`, async () => {
                const timing = await service.timeRead(workspace.uri(workspace.fixture(size)));
                assert.strictEqual(timing.byteLength, size.bytes);
                assert.isAbove(timing.durationMs, 0);
                assert.isBelow(timing.durationMs, 30000);
            });
        }

        test('refuses what readFile refuses (a file outside the workspace)', async () => {
            const error = await rejectionOf(service.timeRead(workspace.uri(workspace.outsideFile)));
            assert.strictEqual((error as FsPerfAccessError).code, 'outside-workspace');
        });
    });

    suite('environment', () => {
        test('describes the backend machine and runtime', async () => {
            const environment = await service.environment();
            assert.strictEqual(environment.os.platform, process.platform);
            assert.isNotEmpty(environment.os.release);
            assert.isAbove(environment.memoryBytes, 0);
            assert.strictEqual(environment.versions.node, process.versions.node);
            assert.strictEqual(environment.versions.v8, process.versions.v8);
            assert.notProperty(environment.versions, 'electron');
        });
    });

    test('keeps serving after every bad input', async () => {
        const bad = REFUSALS.map(refusal => refusal.uri(workspace) as string);
        const outcomes = await Promise.allSettled([
            ...bad.map(uri => service.readFile(uri)),
            ...bad.map(uri => service.timeRead(uri)),
            ...[-1, 1.5, MAX_READ_BYTES + 1].map(length => service.buffer(length)),
        ]);
        for (const outcome of outcomes) {
            assert.strictEqual(outcome.status, 'rejected');
            assert.instanceOf((outcome as PromiseRejectedResult).reason, Error);
        }
        const size = FIXTURE_SIZES[2];
        const bytes = await service.readFile(workspace.uri(workspace.fixture(size)));
        assert.isTrue(Buffer.from(bytes).equals(fs.readFileSync(workspace.fixture(size))));
    });
});
