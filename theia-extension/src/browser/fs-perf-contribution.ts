import { inject, injectable } from '@theia/core/shared/inversify';
import { CommandContribution, CommandRegistry } from '@theia/core/lib/common/command';
import { RemoveTestFilesOptions, RunOptions } from '@fs-perf/benchmark-core';
import { FsPerfCommands } from './fs-perf-commands';
import { FsPerfRunner } from './fs-perf-runner';
import { FrontendReadTrace } from './read-trace';

/** The commands; each delegates to {@link FsPerfRunner} and returns its outcome to the caller. */
@injectable()
export class FsPerfContribution implements CommandContribution {
    @inject(FsPerfRunner) protected readonly runner: FsPerfRunner;
    @inject(FrontendReadTrace) protected readonly readTrace: FrontendReadTrace;

    registerCommands(registry: CommandRegistry): void {
        registry.registerCommand(FsPerfCommands.RUN_THEIA, { execute: (options?: RunOptions) => this.runner.run('theia', options) });
        registry.registerCommand(FsPerfCommands.RUN_ALL, { execute: (options?: RunOptions) => this.runner.run('all', options) });
        registry.registerCommand(FsPerfCommands.RUN_ALL_WITH_OPTIONS, { execute: () => this.runner.runAllWithOptions() });
        registry.registerCommand(FsPerfCommands.CHECK_ACCURACY, { execute: (options?: RunOptions) => this.runner.checkAccuracy(options) });
        registry.registerCommand(FsPerfCommands.GENERATE, { execute: () => this.runner.generateTestFiles() });
        registry.registerCommand(FsPerfCommands.SHOW_RUN_FOLDER_REPORT, { execute: (uri?: string) => this.runner.showRunFolderReport(uri) });
        registry.registerCommand(FsPerfCommands.REMOVE_TEST_FILES, { execute: (options?: RemoveTestFilesOptions) => this.runner.removeTestFiles(options) });
        registry.registerCommand(FsPerfCommands.SHOW_REPORT, { execute: (paths?: string[]) => this.runner.showReport(paths) });
        registry.registerCommand(FsPerfCommands.READ_TRACE_BEGIN, { execute: () => this.readTrace.begin() });
        registry.registerCommand(FsPerfCommands.READ_TRACE_END, { execute: () => this.readTrace.end() });
    }
}
