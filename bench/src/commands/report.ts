#!/usr/bin/env node
/**
 * `yarn report FILE... [--out DIR]`: builds the comparison report from any results files (e.g. ones saved
 * from a desktop VS Code): report.md, report.html (self-contained, SVG charts) and benchmark-action.json
 * (github-action-benchmark's customSmallerIsBetter format).
 */
import { Command } from 'commander';
import * as path from 'path';
import { writeReport } from '../run/report-files';
import { commandMain, invocationFolder, runCli } from './command-line';

const main = commandMain<{ out: string; title?: string }>(new Command()
    .name('yarn report')
    .description('Build the comparison report (report.md, report.html, benchmark-action.json, chart-*.svg) from fs-perf results files.')
    .argument('<files...>', 'results JSON files, or folders of them')
    .option('--out <dir>', 'folder for the report files', 'report')
    .option('--title <text>', 'report title (default: the kind of run, its day, the CPU and its cores)'), async (options, files) => {
    const base = invocationFolder();
    const started = performance.now();
    const written = await writeReport(files.map(file => path.resolve(base, file)), path.resolve(base, options.out), { title: options.title });
    console.log(`Report written in ${((performance.now() - started) / 1000).toFixed(2)} s: ${written.join(', ')}`);
    return 0;
});

if (require.main === module) {
    runCli(main);
}
