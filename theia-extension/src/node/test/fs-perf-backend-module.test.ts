import { assert } from 'chai';
import { Container } from '@theia/core/shared/inversify';
import { LoggerFactory } from '@theia/core/lib/common/logger';
import { ConnectionHandler, RpcConnectionHandler, RpcProxy } from '@theia/core/lib/common/messaging';
import { BackendApplicationContribution } from '@theia/core/lib/node/backend-application';
import { HttpConnectionValidator } from '@theia/core/lib/node';
import { WorkspaceServer } from '@theia/workspace/lib/common/workspace-protocol';
import { WorkspaceFileService } from '@theia/workspace/lib/common/workspace-file-service';
import { FsPerfBackendService, fsPerfBackendPath } from '../../common/fs-perf-backend-protocol';
import fsPerfBackendModule from '../fs-perf-backend-module';
import { FsPerfConnectionGuard, FsPerfHttpContribution } from '../fs-perf-http-contribution';
import { FsPerfBackendServiceImpl } from '../fs-perf-backend-service';
import { WorkspaceRootsProvider, WorkspaceServerRootsProvider } from '../workspace-roots';
import { RecordingLogger } from './test-workspace';

suite('fs-perf backend module', () => {
    let container: Container;

    setup(() => {
        container = new Container();
        // What Theia's core and workspace backend modules provide.
        const workspaceServer: Partial<WorkspaceServer> = { getMostRecentlyUsedWorkspace: async () => undefined };
        container.bind(WorkspaceServer).toConstantValue(workspaceServer);
        container.bind(WorkspaceFileService).toSelf().inSingletonScope();
        const validator: HttpConnectionValidator = { validateRequest: (_request, _response, next) => next() };
        container.bind(HttpConnectionValidator).toConstantValue(validator);
        container.bind(LoggerFactory).toConstantValue(() => new RecordingLogger());
        container.load(fsPerfBackendModule);
    });

    test('serves a FsPerfBackendServiceImpl of its own to each connection on the RPC path, disposed when the connection closes', async () => {
        const handlers = container.getAll<ConnectionHandler>(ConnectionHandler);
        assert.deepStrictEqual(handlers.map(handler => handler.path), [fsPerfBackendPath]);
        const handler = handlers[0] as RpcConnectionHandler<FsPerfBackendService>;
        const closers: Array<() => void> = [];
        const proxy = { onDidCloseConnection: (listener: () => void) => closers.push(listener) } as unknown as RpcProxy<FsPerfBackendService>;
        const first = handler.targetFactory(proxy) as FsPerfBackendServiceImpl;
        const second = handler.targetFactory(proxy) as FsPerfBackendServiceImpl;
        assert.instanceOf(first, FsPerfBackendServiceImpl);
        assert.notStrictEqual(first, second);
        assert.lengthOf(closers, 2);
        let disposed = 0;
        first.dispose = async () => {
            disposed++;
        };
        closers[0]();
        assert.strictEqual(disposed, 1);
    });

    test('contributes the HTTP route and reads roots from the workspace server', async () => {
        assert.deepStrictEqual(container.getAll(BackendApplicationContribution), [container.get(FsPerfHttpContribution)]);
        const roots = container.get<WorkspaceRootsProvider>(WorkspaceRootsProvider);
        assert.instanceOf(roots, WorkspaceServerRootsProvider);
        assert.deepStrictEqual(await roots.getRoots(), []);
    });

    test("guards the HTTP route with Theia's connection-token check where the release has one", () => {
        assert.strictEqual(container.get(FsPerfConnectionGuard), container.get(HttpConnectionValidator));
    });

    test('lets requests through where Theia checks none (releases without HttpConnectionValidator)', () => {
        const older = new Container();
        older.bind(WorkspaceServer).toConstantValue(container.get(WorkspaceServer));
        older.bind(WorkspaceFileService).toSelf().inSingletonScope();
        older.bind(LoggerFactory).toConstantValue(() => new RecordingLogger());
        older.load(fsPerfBackendModule);
        let passed = false;
        older.get<FsPerfConnectionGuard>(FsPerfConnectionGuard).validateRequest({} as never, {} as never, () => passed = true);
        assert.isTrue(passed);
    });
});
