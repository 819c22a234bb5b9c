import { inject, injectable } from '@theia/core/shared/inversify';
import { CommandRegistry } from '@theia/core/lib/common/command';
import { mergeResultsDocuments, ResultsDocument, RunOptions, RunOutcome, runStoppedLine } from '@fs-perf/benchmark-core';
import { FsPerfCommands } from './fs-perf-commands';
import { TheiaFrontEnd } from './theia-front-end';

/** The VS Code extension's "Run Benchmark", run as a plugin in this Theia, its rows merged into the Theia document. */
@injectable()
export class PluginBenchmark {
    @inject(CommandRegistry) protected readonly commands: CommandRegistry;
    @inject(TheiaFrontEnd) protected readonly frontEnd: TheiaFrontEnd;

    async runAndMerge(theia: ResultsDocument, options: RunOptions): Promise<RunOutcome> {
        if (!this.commands.getCommand(FsPerfCommands.PLUGIN_RUN)) {
            this.frontEnd.appendLine('The FS Performance VS Code extension is not loaded as a plugin: "Run All" measured the Theia scenarios only.');
            return { status: 'completed', document: theia };
        }
        // The plugin prints its own tables into the same channel and writes no file of its own.
        const plugin = await this.commands.executeCommand<RunOutcome>(FsPerfCommands.PLUGIN_RUN, {
            writeResults: false,
            ...(options.iterations === undefined ? {} : { iterations: options.iterations }),
            ...(options.warmup === undefined ? {} : { warmup: options.warmup }),
            ...(options.sizes === undefined ? {} : { sizes: options.sizes }),
            ...(options.precisionPercent === undefined ? {} : { precisionPercent: options.precisionPercent }),
            ...(options.cpuPass === undefined ? {} : { cpuPass: options.cpuPass }),
            ...(options.treeSizes === undefined ? {} : { treeSizes: options.treeSizes }),
        });
        if (plugin?.status === 'completed') {
            return { status: 'completed', document: mergeResultsDocuments(theia, plugin.document) };
        }
        if (plugin?.status === 'cancelled') {
            return plugin;
        }
        const message = `The plugin's "Run Benchmark" did not complete (${plugin?.status ?? 'no answer'}${plugin && 'message' in plugin ? `: ${plugin.message}` : ''}).`;
        this.frontEnd.appendLine(runStoppedLine(message));
        this.frontEnd.notify('error', `FS Perf: ${message}`);
        return { status: 'failed', message };
    }
}
