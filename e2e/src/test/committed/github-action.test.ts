import { assert } from 'chai';
import { spawnSync } from 'child_process';
import { promises as fs } from 'fs';
import * as path from 'path';
import { MergedVerdict, REPOSITORY_ROOT } from '@fs-perf/bench';
import { parseOutputFile } from '../action-runner';
import { temporaryFolderForEachTest } from '../session-helpers';

const REPORT = path.join(REPOSITORY_ROOT, 'bench', 'lib', 'commands', 'report.js');
/** Two committed runs of the default gated design on one machine: an A/A that passed and an 8% plant that failed. */
const PASSED = path.join(REPOSITORY_ROOT, 'docs', 'compare-2026-11-29-epyc-gated-aa');
const FAILED = path.join(REPOSITORY_ROOT, 'docs', 'compare-2026-11-29-epyc-gated-planted-plugin-ext-3.5-vs-control');
const WORKFLOWS = path.join(REPOSITORY_ROOT, 'docs', 'ci');

/** actionlint's binary (scripts/install-actionlint.sh), or undefined where it is not installed. */
function actionlint(): string | undefined {
    const printed = spawnSync('bash', [path.join(REPOSITORY_ROOT, 'scripts', 'install-actionlint.sh'), '--print-bin'], { encoding: 'utf8' });
    return printed.status === 0 ? printed.stdout.trim() : undefined;
}

function report(args: string[], env: NodeJS.ProcessEnv = {}): { status: number | null; stdout: string; stderr: string } {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('GITHUB_')));
    return spawnSync(process.execPath, [REPORT, ...args], { encoding: 'utf8', env: { ...clean, ...env } });
}

suite('the GitHub Action and the workflows: actionlint, and one verdict over run folders (yarn report --check)', () => {
    let directory: string;
    temporaryFolderForEachTest('fs-perf-action-', folder => {
        directory = folder;
    });

    test('actionlint passes on every workflow under docs/ci/, each using this repository\'s action.yml (uses: ./), whose inputs it checks', async function () {
        const binary = actionlint();
        if (!binary) {
            if (process.env.CI) {
                assert.fail('actionlint is not installed: .ci/run runs scripts/install-actionlint.sh');
            }
            console.log('SKIPPED: actionlint is not installed here (bash scripts/install-actionlint.sh installs it; CI does)');
            this.skip();
        }
        // A repository of the action and the workflows, the published action's name pointing at the local one, so actionlint reads action.yml.
        const repository = path.join(directory, 'repository');
        await fs.mkdir(path.join(repository, '.github', 'workflows'), { recursive: true });
        await fs.copyFile(path.join(REPOSITORY_ROOT, 'action.yml'), path.join(repository, 'action.yml'));
        const workflows = (await fs.readdir(WORKFLOWS)).filter(name => name.endsWith('.yml'));
        assert.includeMembers(workflows, ['fs-perf-benchmark.yml', 'fs-perf-pr-gate.yml', 'fs-perf-matrix.yml']);
        let uses = 0;
        for (const name of workflows) {
            const text = await fs.readFile(path.join(WORKFLOWS, name), 'utf8');
            uses += (text.match(/uses: fs-perf\/fs-perf@v1\b/g) ?? []).length;
            await fs.writeFile(path.join(repository, '.github', 'workflows', name), text.replace(/uses: fs-perf\/fs-perf@v1\b/g, 'uses: ./'));
        }
        assert.isAtLeast(uses, 2, 'the PR gate and the matrix use the action');
        spawnSync('git', ['init', '-q'], { cwd: repository });
        const run = spawnSync(binary!, ['-no-color'], { cwd: repository, encoding: 'utf8' });
        assert.strictEqual(run.status, 0, `${run.stdout}${run.stderr}`);
        // actionlint reads the action's metadata: a workflow giving an input the action lacks fails it.
        const matrix = path.join(repository, '.github', 'workflows', 'fs-perf-matrix.yml');
        const text = await fs.readFile(matrix, 'utf8');
        assert.match(text, /\n {10}base: base\n/);
        await fs.writeFile(matrix, text.replace(/\n {10}base: base\n/, '\n          no-such-input: x\n          base: base\n'));
        const broken = spawnSync(binary!, ['-no-color'], { cwd: repository, encoding: 'utf8' });
        assert.strictEqual(broken.status, 1);
        assert.match(broken.stdout, /input "no-such-input" is not defined in action/);
    });

    test('docs/ci.md shows the PR gate workflow as the file has it, and README counts its lines', async () => {
        const workflow = (await fs.readFile(path.join(WORKFLOWS, 'fs-perf-pr-gate.yml'), 'utf8')).split('\n').filter(line => line !== '' && !line.startsWith('#'));
        const page = await fs.readFile(path.join(REPOSITORY_ROOT, 'docs', 'ci.md'), 'utf8');
        assert.include(page, '```yaml\n' + workflow.join('\n') + '\n```\n');
        const readme = await fs.readFile(path.join(REPOSITORY_ROOT, 'README.md'), 'utf8');
        assert.include(readme, `a pull request's gate takes ${workflow.length} lines of workflow`);
    });

    test('two real run folders, one passed and one failed: one verdict that fails and names the failing run, a row per gated cell of each, exit 1', async () => {
        const out = path.join(directory, 'merged');
        const run = report(['--check', PASSED, FAILED, '--out', out]);
        assert.strictEqual(run.status, 1, run.stderr);
        const failing = path.basename(FAILED);
        assert.strictEqual(run.stdout.split('\n')[0], `fs-perf --check failed (2 comparisons): ${failing} failed`);
        const markdown = await fs.readFile(path.join(out, 'report.md'), 'utf8');
        assert.strictEqual(markdown.split('\n')[0], `### fs-perf --check failed (2 comparisons): ${failing} failed`);
        const rows = markdown.split('\n').filter(line => /^\| compare-/.test(line));
        // The default gate: the plugin's and FileService's 10000K reads, in each run.
        assert.lengthOf(rows, 4, markdown);
        assert.include(markdown, `| ${failing} | Theia browser (plugin), vscode.workspace.fs.readFile, 10000K | 430 | 470 | 1.09 [1.02, 1.16] | slower |`);
        assert.match(markdown, new RegExp(`\\n- \\*\\*${path.basename(PASSED)}\\*\\* \\(twin against control\\): Check passed: no cell of 2 gated \\(of 15\\) is slower\\. 9 pairs, `));
        assert.match(markdown, /AMD EPYC, 2 cores\./);
        assert.include(markdown, `<details><summary>${failing}: every cell</summary>`);
        const verdict = JSON.parse(await fs.readFile(path.join(out, 'verdict.json'), 'utf8')) as MergedVerdict;
        assert.deepInclude(verdict, { verdict: 'failed', failed: [failing], errors: [] });
        // Either run alone; docs/ci.md shows the failed run's summary as yarn report --check writes it.
        assert.strictEqual(report(['--check', PASSED, '--out', out]).status, 0);
        assert.strictEqual(report(['--check', FAILED, '--out', out]).status, 1);
        const summary = await fs.readFile(path.join(out, 'report.md'), 'utf8');
        const page = await fs.readFile(path.join(REPOSITORY_ROOT, 'docs', 'ci.md'), 'utf8');
        assert.include(page, '```\n' + summary.slice(0, summary.indexOf('\nEach run folder holds')).trimEnd() + '\n```\n');
    });

    test('--github appends the summary to $GITHUB_STEP_SUMMARY and the verdict to $GITHUB_OUTPUT; without them it is refused', async () => {
        const summary = path.join(directory, 'summary.md');
        const output = path.join(directory, 'output');
        await fs.writeFile(summary, '# before\n');
        const run = report(['--check', '--github', PASSED, '--out', path.join(directory, 'out')], { GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: output });
        assert.strictEqual(run.status, 0, run.stderr);
        const written = await fs.readFile(summary, 'utf8');
        assert.isTrue(written.startsWith('# before\n### fs-perf --check passed: no gated cell is slower\n'), written);
        assert.deepStrictEqual(parseOutputFile(await fs.readFile(output, 'utf8')), {
            verdict: 'passed', failed: '', headline: 'fs-perf --check passed: no gated cell is slower', 'run-folder': PASSED,
        });
        const refused = report(['--check', '--github', PASSED, '--out', path.join(directory, 'out')]);
        assert.strictEqual(refused.status, 2);
        assert.match(refused.stderr, /^error: --github writes to the files GitHub Actions' runner names in \$GITHUB_STEP_SUMMARY and \$GITHUB_OUTPUT, and they are not set here\n/);
        assert.match(report(['--github', PASSED]).stderr, /^error: --github writes the verdict of --check; add --check/);
    });

    test('a job whose run folder is missing, and a folder that is no comparison: no verdict for either, named; the merge fails', async () => {
        const missing = path.join(directory, 'runs', 'fs-perf-trees');
        const notARun = path.join(REPOSITORY_ROOT, 'docs', 'benchmark-2026-11-22');
        const run = report(['--check', PASSED, missing, notARun, '--out', path.join(directory, 'out')]);
        assert.strictEqual(run.status, 1);
        assert.strictEqual(run.stdout.split('\n')[0], 'fs-perf gave no verdict (3 comparisons): fs-perf-trees gave no verdict, benchmark-2026-11-22 gave no verdict');
        assert.include(run.stdout, `fs-perf-trees: no run folder ${missing}: the job ended before yarn bench made it, or its artifact was not downloaded`);
        assert.include(run.stdout, `benchmark-2026-11-22: ${notARun} is not a yarn bench --compare run folder (no run.json naming a comparison)`);
        // A run that ended early decided nothing, even where its pairs so far pass: the passing run, its run.json saying it ended.
        const ended = path.join(directory, 'runs', 'fs-perf-default');
        await fs.cp(PASSED, ended, { recursive: true });
        const record = JSON.parse(await fs.readFile(path.join(ended, 'run.json'), 'utf8')) as object;
        await fs.writeFile(path.join(ended, 'run.json'), JSON.stringify({ ...record, endedEarly: { pairs: 3, reason: 'the head\'s backend died' } }));
        const early = report(['--check', ended, '--out', path.join(directory, 'out')]);
        assert.strictEqual(early.status, 1);
        assert.strictEqual(early.stdout, `fs-perf gave no verdict: fs-perf-default\n  fs-perf-default: no verdict in ${ended}: the run ended after 3 pairs: the head's backend died\n`);
    });

    test('GITHUB_OUTPUT\'s two forms are read as the runner reads them', () => {
        assert.deepStrictEqual(parseOutputFile('a=1\nb=x=y\nc<<EOF\nline 1\nline 2\nEOF\n'), { a: '1', b: 'x=y', c: 'line 1\nline 2' });
        assert.throws(() => parseOutputFile('c<<EOF\nnever ends\n'), /never ends with EOF/);
    });
});
