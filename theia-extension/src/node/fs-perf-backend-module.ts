import { ContainerModule } from '@theia/core/shared/inversify';
import { ConnectionHandler, RpcConnectionHandler } from '@theia/core/lib/common/messaging';
import { BackendApplicationContribution } from '@theia/core/lib/node/backend-application';
import { bindFsPerfLogger } from '../common/fs-perf-logger';
import { FsPerfBackendService, fsPerfBackendPath } from '../common/fs-perf-backend-protocol';
import { bindConnectionGuard, FsPerfHttpContribution } from './fs-perf-http-contribution';
import { FsPerfBackendServiceImpl } from './fs-perf-backend-service';
import { InMemoryBuffers } from './in-memory-buffers';
import { ReadLimiter } from './read-limiter';
import { ScratchBudget } from './scratch-folders';
import { BackendReadTrace } from './read-trace';
import { WorkspaceRootsProvider, WorkspaceServerRootsProvider } from './workspace-roots';

export default new ContainerModule(bind => {
    bind(WorkspaceServerRootsProvider).toSelf().inSingletonScope();
    bind(WorkspaceRootsProvider).toService(WorkspaceServerRootsProvider);

    // One bound for the RPC service and the HTTP route together.
    bind(ReadLimiter).toSelf().inSingletonScope();
    bind(BackendReadTrace).toSelf().inSingletonScope();
    bind(InMemoryBuffers).toSelf().inSingletonScope();
    bind(ScratchBudget).toSelf().inSingletonScope();
    // One service per connection: the folders it made and its watch sessions are its own, removed when it closes.
    bind(FsPerfBackendServiceImpl).toSelf();
    bind(FsPerfBackendService).toService(FsPerfBackendServiceImpl);
    bind(ConnectionHandler).toDynamicValue(ctx =>
        new RpcConnectionHandler<FsPerfBackendService>(fsPerfBackendPath, proxy => {
            const service = ctx.container.get(FsPerfBackendServiceImpl);
            proxy.onDidCloseConnection?.(() => service.dispose().catch(() => undefined));
            return service;
        })
    ).inSingletonScope();

    bindFsPerfLogger(bind);
    bindConnectionGuard(bind);
    bind(FsPerfHttpContribution).toSelf().inSingletonScope();
    bind(BackendApplicationContribution).toService(FsPerfHttpContribution);
});
