import { Command } from '@theia/core/lib/common/command';
import { TRACE_COMMANDS } from '@fs-perf/benchmark-core';

export namespace FsPerfCommands {
    const category = 'FS Perf';
    export const RUN_THEIA: Command = { id: 'fsPerf.theia.run', label: 'Run Theia Benchmark', category };
    export const RUN_ALL: Command = { id: 'fsPerf.theia.runAll', label: 'Run All', category };
    export const RUN_ALL_WITH_OPTIONS: Command = { id: 'fsPerf.theia.runAllWithOptions', label: 'Run All with Options...', category };
    export const CHECK_ACCURACY: Command = { id: 'fsPerf.theia.checkAccuracy', label: 'Check Accuracy of the Theia Benchmark (harness vs bare loop)', category };
    export const SHOW_REPORT: Command = { id: 'fsPerf.theia.showReport', label: 'Show Report (Theia)', category };
    export const GENERATE: Command = { id: 'fsPerf.theia.generateTestFiles', label: 'Generate Test Files (Theia FileService)', category };
    export const SHOW_RUN_FOLDER_REPORT: Command = { id: 'fsPerf.theia.showRunFolderReport', label: 'Show Report from Folder... (Theia)', category };
    export const REMOVE_TEST_FILES: Command = { id: 'fsPerf.theia.removeTestFiles', label: 'Remove Test Files (Theia)', category };
    /** A plugin's read trace (not in the palette): see benchmark-core's `TRACE_COMMANDS`. */
    export const READ_TRACE_BEGIN: Command = { id: TRACE_COMMANDS.begin };
    export const READ_TRACE_END: Command = { id: TRACE_COMMANDS.end };
    /** The VS Code extension's command, present when it is loaded as a plugin. */
    export const PLUGIN_RUN = 'fsPerf.run';
}
