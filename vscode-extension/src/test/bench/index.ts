import { promises as fs } from 'fs';
import * as vscode from 'vscode';

/**
 * Entry point for `yarn bench` in desktop VS Code (`--extensionTestsPath`): runs "FS Perf: Run Benchmark"
 * with the options in $FS_PERF_BENCH_OPTIONS (JSON: iterations, warmup, sizes) and writes the results
 * document to $FS_PERF_BENCH_OUT. Desktop VS Code has no headless page to drive, so the command is called
 * directly, with the same options the palette's run reads from the settings.
 */
export async function run(): Promise<void> {
    const out = process.env.FS_PERF_BENCH_OUT;
    if (!out) {
        throw new Error('FS_PERF_BENCH_OUT is not set: this entry point is meant for `yarn bench`.');
    }
    const options = JSON.parse(process.env.FS_PERF_BENCH_OPTIONS ?? '{}') as Record<string, unknown>;
    const outcome = await vscode.commands.executeCommand<{ status: string; document?: unknown; message?: string }>('fsPerf.run', { ...options, writeResults: false });
    if (!outcome || outcome.status !== 'completed' || !outcome.document) {
        throw new Error(`"Run Benchmark" did not complete in desktop VS Code: ${outcome?.status ?? 'no answer'}${outcome?.message ? `: ${outcome.message}` : ''}`);
    }
    await fs.writeFile(out, JSON.stringify(outcome.document, undefined, 2));
}
