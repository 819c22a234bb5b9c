#!/usr/bin/env node
/**
 * `yarn report FILE... [--out DIR]`: builds the comparison report from any results files (e.g. ones saved
 * from a desktop VS Code): report.md, report.html (self-contained, SVG charts) and benchmark-action.json
 * (github-action-benchmark's customSmallerIsBetter format).
 *
 * `yarn report --check RUN... [--out DIR] [--github]`: one verdict over `yarn bench --compare` run folders (a matrix's jobs,
 * or the one run of a CI step), each re-analysed from its results: report.md (the verdict first, one row a gated cell, then
 * each run's comparison) and verdict.json in DIR; exit 1 unless every run passed, naming the runs that failed or gave
 * no verdict. `--github` also appends the summary to `$GITHUB_STEP_SUMMARY` and the verdict to `$GITHUB_OUTPUT`.
 */
import { Command } from 'commander';
import { promises as fs } from 'fs';
import * as path from 'path';
import { writeReport } from '../run/report-files';
import { githubOutputs, mergeVerdicts, readRunVerdict, RunVerdict, verdictLine, verdictMarkdown } from '../run/run-verdicts';
import { commandMain, invocationFolder, runCli, seeHelp } from './command-line';

interface ReportOptions {
    readonly out: string;
    readonly title?: string;
    readonly check?: boolean;
    readonly github?: boolean;
}

/** The runner's files `--github` writes to, or why it cannot. */
function githubFiles(env: NodeJS.ProcessEnv): { summary: string; output: string } | string {
    const missing = ['GITHUB_STEP_SUMMARY', 'GITHUB_OUTPUT'].filter(name => !env[name]);
    return missing.length > 0
        ? `--github writes to the files GitHub Actions' runner names in ${missing.map(name => `$${name}`).join(' and ')}, and ${missing.length === 1 ? 'it is' : 'they are'} not set here`
        : { summary: env.GITHUB_STEP_SUMMARY!, output: env.GITHUB_OUTPUT! };
}

/** Each run's comparison.txt (every cell, not only the gated ones) under the summary, folded. */
async function runDetails(runs: readonly RunVerdict[]): Promise<string> {
    const parts = await Promise.all(runs.map(async run => {
        const text = await fs.readFile(path.join(run.folder, 'comparison.txt'), 'utf8').catch(() => undefined);
        const job = run.job.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
        return text === undefined ? '' : `\n<details><summary>${job}: every cell</summary>\n\n\`\`\`\n${text.trimEnd()}\n\`\`\`\n\n</details>\n`;
    }));
    return parts.join('');
}

async function checkRuns(folders: readonly string[], options: ReportOptions): Promise<number> {
    const github = options.github ? githubFiles(process.env) : undefined;
    if (typeof github === 'string') {
        console.error(`error: ${github}`);
        console.error(seeHelp('yarn report'));
        return 2;
    }
    const merged = mergeVerdicts(await Promise.all(folders.map(folder => readRunVerdict(folder))));
    const summary = verdictMarkdown(merged);
    await fs.mkdir(options.out, { recursive: true });
    await fs.writeFile(path.join(options.out, 'report.md'), summary + await runDetails(merged.runs));
    await fs.writeFile(path.join(options.out, 'verdict.json'), JSON.stringify(merged, undefined, 2) + '\n');
    if (github) {
        await fs.appendFile(github.summary, summary);
        await fs.appendFile(github.output, githubOutputs(merged));
    }
    console.log(verdictLine(merged));
    for (const run of merged.runs) {
        console.log(`  ${run.job}: ${run.message}`);
    }
    return merged.verdict === 'passed' ? 0 : 1;
}

const main = commandMain<ReportOptions>(new Command()
    .name('yarn report')
    .description('Build the comparison report (report.md, report.html, benchmark-action.json, chart-*.svg) from fs-perf results files; '
        + 'with --check, one verdict over yarn bench --compare run folders.')
    .argument('<files...>', 'results JSON files, or folders of them; with --check, yarn bench --compare run folders')
    .option('--out <dir>', 'folder for the report files', 'report')
    .option('--title <text>', 'report title (default: the kind of run, its day, the CPU and its cores)')
    .option('--check', 'one verdict over comparison run folders (each re-analysed from its results): report.md and verdict.json in --out; '
        + 'exit 1 unless every run passed its check (a folder with no verdict fails too)')
    .option('--github', 'with --check: also append the summary to $GITHUB_STEP_SUMMARY and the verdict to $GITHUB_OUTPUT (GitHub Actions)'), async (options, files) => {
    const base = invocationFolder();
    if (options.github && !options.check) {
        console.error('error: --github writes the verdict of --check; add --check (and give run folders of yarn bench --compare)');
        console.error(seeHelp('yarn report'));
        return 2;
    }
    if (options.check) {
        return checkRuns(files.map(file => path.resolve(base, file)), { ...options, out: path.resolve(base, options.out) });
    }
    const started = performance.now();
    const written = await writeReport(files.map(file => path.resolve(base, file)), path.resolve(base, options.out), { title: options.title });
    console.log(`Report written in ${((performance.now() - started) / 1000).toFixed(2)} s: ${written.join(', ')}`);
    return 0;
});

if (require.main === module) {
    runCli(main);
}
