import { ContainerModule } from '@theia/core/shared/inversify';
import { ConnectionHandler, RpcConnectionHandler } from '@theia/core/lib/common/messaging';
import { BackendApplicationContribution } from '@theia/core/lib/node/backend-application';
import { bindFsPerfLogger } from '../common/fs-perf-logger';
import { NodeFsReadService, nodeFsReadPath } from '../common/node-fs-read-protocol';
import { bindConnectionGuard, FsPerfHttpContribution } from './fs-perf-http-contribution';
import { NodeFsReadServiceImpl } from './node-fs-read-service-impl';
import { ReadLimiter } from './read-limiter';
import { BackendReadTrace } from './read-trace';
import { WorkspaceRootsProvider, WorkspaceServerRootsProvider } from './workspace-roots';

export default new ContainerModule(bind => {
    bind(WorkspaceServerRootsProvider).toSelf().inSingletonScope();
    bind(WorkspaceRootsProvider).toService(WorkspaceServerRootsProvider);

    // One bound for the RPC service and the HTTP route together.
    bind(ReadLimiter).toSelf().inSingletonScope();
    bind(BackendReadTrace).toSelf().inSingletonScope();
    bind(NodeFsReadServiceImpl).toSelf().inSingletonScope();
    bind(NodeFsReadService).toService(NodeFsReadServiceImpl);
    bind(ConnectionHandler).toDynamicValue(ctx =>
        new RpcConnectionHandler<NodeFsReadService>(nodeFsReadPath, () => ctx.container.get<NodeFsReadService>(NodeFsReadService))
    ).inSingletonScope();

    bindFsPerfLogger(bind);
    bindConnectionGuard(bind);
    bind(FsPerfHttpContribution).toSelf().inSingletonScope();
    bind(BackendApplicationContribution).toService(FsPerfHttpContribution);
});
