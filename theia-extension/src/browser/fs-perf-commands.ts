import { Command } from '@theia/core/lib/common/command';

export namespace FsPerfCommands {
    const category = 'FS Perf';
    export const RUN_THEIA: Command = { id: 'fsPerf.theia.run', label: 'Run Theia Benchmark', category };
    export const RUN_ALL: Command = { id: 'fsPerf.theia.runAll', label: 'Run All', category };
    export const RUN_ALL_WITH_OPTIONS: Command = { id: 'fsPerf.theia.runAllWithOptions', label: 'Run All with Options...', category };
    export const CHECK_ACCURACY: Command = { id: 'fsPerf.theia.checkAccuracy', label: 'Check Accuracy of the Theia Benchmark (harness vs bare loop)', category };
    export const GENERATE: Command = { id: 'fsPerf.theia.generateTestFiles', label: 'Generate Test Files (Theia FileService)', category };
    /** The VS Code extension's command, present when it is loaded as a plugin. */
    export const PLUGIN_RUN = 'fsPerf.run';
}
