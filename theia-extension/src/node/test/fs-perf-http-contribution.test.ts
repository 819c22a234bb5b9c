import * as fs from 'fs';
import * as http from 'http';
import { AddressInfo } from 'net';
import { assert } from 'chai';
import express from '@theia/core/shared/express';
import { ILogger } from '@theia/core/lib/common/logger';
import { HttpConnectionValidator } from '@theia/core/lib/node';
import { Container } from '@theia/core/shared/inversify';
import { FIXTURE_SIZES, fixtureFileName } from '@fs-perf/benchmark-core';
import { fsPerfFileRoute } from '../../common/node-fs-read-protocol';
import { FsPerfHttpContribution } from '../fs-perf-http-contribution';
import { WorkspaceRootsProvider } from '../workspace-roots';
import { RecordingLogger, TestRootsProvider, TestWorkspace } from './test-workspace';

const ACCEPT_ALL: HttpConnectionValidator = { validateRequest: (_request, _response, next) => next() };
const REJECT_ALL: HttpConnectionValidator = { validateRequest: (_request, response) => response.sendStatus(403) };

/** An express app with the contribution, listening on 127.0.0.1 on a free port. */
async function startServer(validator: HttpConnectionValidator, roots: WorkspaceRootsProvider, logger: ILogger): Promise<http.Server> {
    const container = new Container();
    container.bind(FsPerfHttpContribution).toSelf().inSingletonScope();
    container.bind(HttpConnectionValidator).toConstantValue(validator);
    container.bind(WorkspaceRootsProvider).toConstantValue(roots);
    container.bind(ILogger).toConstantValue(logger).whenTargetNamed('fs-perf');
    const app = express();
    container.get(FsPerfHttpContribution).configure(app);
    const server = http.createServer(app);
    await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => resolve());
    });
    return server;
}

async function stopServer(server: http.Server | undefined): Promise<void> {
    if (server?.listening) {
        server.closeAllConnections();
        await new Promise<void>(resolve => server.close(() => resolve()));
    }
}

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
        await stopServer(server);
        server = undefined;
    });

    /** GET the route for `uri` (or with the raw query `query`). */
    async function get(uri: string | undefined, query = uri === undefined ? '' : `?uri=${encodeURIComponent(uri)}`): Promise<Response> {
        const { port } = server!.address() as AddressInfo;
        return fetch(`http://127.0.0.1:${port}${fsPerfFileRoute}${query}`);
    }

    suite('with a valid connection token', () => {
        setup(async () => {
            server = await startServer(ACCEPT_ALL, roots, logger);
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
            { name: 'a missing file', uri: ws => ws.uri(`${ws.fixtures}/missing.bin`), status: 404, message: /no file exists/ },
            { name: 'a directory', uri: ws => ws.uri(ws.folder), status: 404, message: /is a directory/ },
            { name: 'a malformed URI', uri: () => 'not a uri', status: 400, message: /not a valid URI/ },
            { name: 'an http: URI', uri: () => 'http://x/y', status: 400, message: /only file:\/\/ URIs/ },
            { name: 'a missing uri parameter', uri: () => undefined, status: 400, message: /No file URI was given/ },
            { name: 'a file over 64 MiB', uri: ws => ws.uri(ws.hugeFile), status: 413, message: /over the 64 MiB limit/ },
        ];
        for (const refusal of refusals) {
            test(`answers ${refusal.status} with the reason for ${refusal.name}`, async () => {
                const response = await get(refusal.uri(workspace));
                assert.strictEqual(response.status, refusal.status);
                assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
                assert.match(await response.text(), refusal.message);
                assert.lengthOf(logger.warnings, 1);
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

    suite('without a valid connection token', () => {
        setup(async () => {
            server = await startServer(REJECT_ALL, roots, logger);
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
