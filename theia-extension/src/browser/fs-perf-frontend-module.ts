import { ContainerModule } from '@theia/core/shared/inversify';
import { bindFsPerfLogger } from '../common/fs-perf-logger';
import { CommandContribution } from '@theia/core/lib/common/command';
import { ServiceConnectionProvider } from '@theia/core/lib/browser/messaging/service-connection-provider';
import { FsPerfBackendService, fsPerfBackendPath } from '../common/fs-perf-backend-protocol';
import { bindTheiaFileSearch } from './file-search-compat';
import { FsPerfContribution } from './fs-perf-contribution';
import { bindFsPerfPreferences } from './fs-perf-preferences';
import { FsPerfRunner } from './fs-perf-runner';
import { PluginBenchmark } from './plugin-benchmark';
import { FrontendReadTrace } from './read-trace';
import { RunOptionsPrompt } from './run-options-prompt';
import { TheiaFrontEnd } from './theia-front-end';

export default new ContainerModule(bind => {
    bind(FsPerfBackendService).toDynamicValue(ctx => ServiceConnectionProvider.createProxy<FsPerfBackendService>(ctx.container, fsPerfBackendPath)).inSingletonScope();
    bindFsPerfPreferences(bind);
    bindFsPerfLogger(bind);
    bindTheiaFileSearch(bind);
    bind(TheiaFrontEnd).toSelf().inSingletonScope();
    bind(PluginBenchmark).toSelf().inSingletonScope();
    bind(FrontendReadTrace).toSelf().inSingletonScope();
    bind(RunOptionsPrompt).toSelf().inSingletonScope();
    bind(FsPerfRunner).toSelf().inSingletonScope();
    bind(FsPerfContribution).toSelf().inSingletonScope();
    bind(CommandContribution).toService(FsPerfContribution);
});
