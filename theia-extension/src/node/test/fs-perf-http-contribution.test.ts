import * as fs from 'fs';
import * as http from 'http';
import * as path from 'path';
import { AddressInfo } from 'net';
import { assert } from 'chai';
import { HttpConnectionValidator } from '@theia/core/lib/node';
import { FIXTURE_SIZES, fixtureFileName } from '@fs-perf/benchmark-core';
import { fsPerfFileRoute } from '../../common/fs-perf-backend-protocol';
import { ACCEPT_ALL, startRouteServer, stopRouteServer } from './route-server';
import { RecordingLogger, TestRootsProvider, TestWorkspace } from './test-workspace';

const REJECT_ALL: HttpConnectionValidator = { validateRequest: (_request, response) => response.sendStatus(403) };

suite('FsPerfHttpContribution', () => {
    let workspace: TestWorkspace;
    let roots: TestRootsProvider;
    let logger: RecordingLogger;
    let server: http.Server | undefined;

    suiteSetup(async () => {
        workspace = await TestWorkspace.create();
    });

    suiteTeardown(async () => {
        await workspace?.dispose();
    });

    setup(() => {
        roots = new TestRootsProvider([workspace.root]);
        logger = new RecordingLogger();
    });

    teardown(async () => {
        await stopRouteServer(server);
        server = undefined;
    });

    /** GET the route for `uri` (or with the raw query `query`). */
    async function get(uri: string | undefined, query = uri === undefined ? '' : `?uri=${encodeURIComponent(uri)}`): Promise<Response> {
        const { port } = server!.address() as AddressInfo;
        return fetch(`http://127.0.0.1:${port}${fsPerfFileRoute}${query}`);
    }

    suite('with a valid connection token', () => {
        setup(async () => {
            server = await startRouteServer(ACCEPT_ALL, roots, logger);
        });

        for (const size of [FIXTURE_SIZES[0], FIXTURE_SIZES[FIXTURE_SIZES.length - 1]]) {
            test(`serves the identical bytes of ${fixtureFileName(size.label)} as application/octet-stream (200)`, async () => {
                const response = await get(workspace.uri(workspace.fixture(size)));
                assert.strictEqual(response.status, 200);
                assert.strictEqual(response.headers.get('content-type'), 'application/octet-stream');
                assert.strictEqual(response.headers.get('content-length'), String(size.bytes));
                assert.strictEqual(response.headers.get('cache-control'), 'no-store');
                const body = Buffer.from(await response.arrayBuffer());
                assert.isTrue(body.equals(fs.readFileSync(workspace.fixture(size))));
            });
        }

        const refusals: ReadonlyArray<{ name: string; uri: (ws: TestWorkspace) => string | undefined; status: number; message: RegExp }> = [
            { name: 'a file outside the workspace', uri: ws => ws.uri(ws.outsideFile), status: 403, message: /outside the open workspace/ },
            { name: 'a symlink to a file outside', uri: ws => ws.uri(ws.linkOut), status: 403, message: /outside the open workspace/ },
            { name: 'a missing file', uri: ws => ws.uri(`${ws.fixtures}/missing.bin`), status: 404, message: /no such file in the workspace/ },
            { name: 'a directory', uri: ws => ws.uri(ws.folder), status: 404, message: /is a directory/ },
            { name: 'a malformed URI', uri: () => 'not a uri', status: 400, message: /not a valid URI/ },
            { name: 'an http: URI', uri: () => 'http://x/y', status: 400, message: /only file:\/\/ URIs/ },
            { name: 'a missing uri parameter', uri: () => undefined, status: 400, message: /No file URI was given/ },
            { name: 'a file over 64 MiB', uri: ws => ws.uri(ws.hugeFile), status: 413, message: /over the 64 MiB limit/ },
            { name: 'a missing file behind a symlink to a folder outside', uri: ws => ws.uri(path.join(ws.linkDirOut, 'missing.txt')), status: 403, message: /outside the open workspace/ },
            { name: 'an existing file behind a symlink to a folder outside', uri: ws => ws.uri(path.join(ws.linkDirOut, 'secret.txt')), status: 403, message: /outside the open workspace/ },
            { name: 'a symlink to /proc/self/environ', uri: ws => ws.uri(ws.linkProc), status: 403, message: /outside the open workspace/ },
            { name: 'a symlink loop', uri: ws => ws.uri(ws.loopA), status: 400, message: /symbolic links do not resolve/ },
            { name: 'a 10 000-character name', uri: ws => ws.uri(path.join(ws.folder, 'n'.repeat(10000))), status: 400, message: /longer than the file system allows/ },
        ];
        for (const refusal of refusals) {
            test(`answers ${refusal.status} with the reason for ${refusal.name}`, async () => {
                const response = await get(refusal.uri(workspace));
                assert.strictEqual(response.status, refusal.status);
                assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
                const text = await response.text();
                assert.match(text, refusal.message);
                assert.isBelow(text.length, 600, 'a refusal quotes the URI shortened');
                const sent = refusal.uri(workspace) ?? '';
                for (const secret of [workspace.outside, '/proc/', String(process.pid)].filter(part => !sent.includes(part))) {
                    assert.notInclude(text, secret, 'a refusal names only what the caller sent');
                }
                assert.lengthOf(logger.warnings, 1);
                assert.lengthOf(logger.errors, 0);
            });
        }

        test('answers 400 for a repeated uri parameter', async () => {
            const uri = encodeURIComponent(workspace.uri(workspace.insideFile));
            const response = await get(undefined, `?uri=${uri}&uri=${uri}`);
            assert.strictEqual(response.status, 400);
        });

        test('answers 409 when no workspace is open', async () => {
            roots.roots = [];
            const response = await get(workspace.uri(workspace.fixture(FIXTURE_SIZES[0])));
            assert.strictEqual(response.status, 409);
            assert.match(await response.text(), /no workspace is open/);
        });

        test('answers 500 with a message on an unexpected failure, and keeps serving', async () => {
            roots.failure = new Error('the workspace server is gone');
            const failed = await get(workspace.uri(workspace.fixture(FIXTURE_SIZES[0])));
            assert.strictEqual(failed.status, 500);
            assert.match(await failed.text(), /could not read file:.*1K\.bin: the workspace server is gone/);
            assert.lengthOf(logger.errors, 1);

            roots.failure = undefined;
            const served = await get(workspace.uri(workspace.fixture(FIXTURE_SIZES[0])));
            assert.strictEqual(served.status, 200);
        });
    });

    suite('with one read at a time and one waiting', () => {
        setup(async () => {
            server = await startRouteServer(ACCEPT_ALL, roots, logger, { maxInFlight: 1, maxQueued: 1 });
        });

        test('answers 503 Busy with Retry-After to what exceeds the queue, and the right bytes to the rest', async () => {
            const size = FIXTURE_SIZES[FIXTURE_SIZES.length - 1];
            const uri = workspace.uri(workspace.fixture(size));
            // Each body is read as it arrives, as a client does: the route holds a turn until its bytes have left.
            const answers = await Promise.all(Array.from({ length: 8 }, async () => {
                const response = await get(uri);
                return { status: response.status, retryAfter: response.headers.get('retry-after'), body: Buffer.from(await response.arrayBuffer()) };
            }));
            const busy = answers.filter(answer => answer.status === 503);
            const served = answers.filter(answer => answer.status === 200);
            assert.strictEqual(busy.length + served.length, 8);
            assert.isAtLeast(served.length, 2);
            assert.isAtLeast(busy.length, 1);
            for (const answer of busy) {
                assert.strictEqual(answer.retryAfter, '1');
                assert.match(answer.body.toString('utf8'), /^Refusing to read file:.*10000K\.bin now: the Theia backend is busy with 1 fs-perf reads and 1 waiting\./);
            }
            const expected = fs.readFileSync(workspace.fixture(size));
            for (const answer of served) {
                assert.isTrue(answer.body.equals(expected));
            }
        });
    });

    suite('without a valid connection token', () => {
        setup(async () => {
            server = await startRouteServer(REJECT_ALL, roots, logger);
        });

        test('does not serve a workspace file (403 from the validator)', async () => {
            const response = await get(workspace.uri(workspace.fixture(FIXTURE_SIZES[0])));
            assert.strictEqual(response.status, 403);
            assert.notStrictEqual(response.headers.get('content-type'), 'application/octet-stream');
            assert.strictEqual(await response.text(), 'Forbidden');
            assert.strictEqual(roots.calls, 0, 'the route must not run past the validator');
        });
    });
});
