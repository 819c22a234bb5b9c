import { ContainerModule } from '@theia/core/shared/inversify';
import { CommandContribution } from '@theia/core/lib/common/command';
import { PreferenceContribution } from '@theia/core/lib/common/preferences/preference-schema';
import { ServiceConnectionProvider } from '@theia/core/lib/browser/messaging/service-connection-provider';
import { NodeFsReadService, nodeFsReadPath } from '../common/node-fs-read-protocol';
import { FsPerfContribution } from './fs-perf-contribution';
import { fsPerfPreferenceSchema } from './fs-perf-preferences';

export default new ContainerModule(bind => {
    bind(NodeFsReadService).toDynamicValue(ctx => ServiceConnectionProvider.createProxy<NodeFsReadService>(ctx.container, nodeFsReadPath)).inSingletonScope();
    bind(PreferenceContribution).toConstantValue({ schema: fsPerfPreferenceSchema });
    bind(FsPerfContribution).toSelf().inSingletonScope();
    bind(CommandContribution).toService(FsPerfContribution);
});
