import { assert } from 'chai';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { BenchOptions, parseBenchArguments, REPOSITORY_ROOT, writeReport, writeTempMarker } from '@fs-perf/bench';
import { testRun } from '../session-helpers';

const COMMITTED_RUN = testRun('default');
const WORKFLOW = path.join(REPOSITORY_ROOT, 'docs', 'ci', 'fs-perf-benchmark.yml');

/** The fields github-action-benchmark reads from a custom tool's entry (its `extractCustomBenchmarkResult`); it drops any other. */
const ENTRY_FIELDS = ['name', 'unit', 'value', 'range', 'extra'];

/**
 * Checks `text` against github-action-benchmark's `customSmallerIsBetter` format: a non-empty JSON array of
 * `{ name: string, unit: string, value: number, range?: string, extra?: string }` (the action refuses an empty
 * one), plus what a baseline needs: unique names (the action tracks an entry by name), finite values above 0,
 * a range the action can read (`± x`). Returns the problems, one per line, naming the entry.
 */
function benchmarkActionProblems(text: string): string[] {
    let entries: unknown;
    try {
        entries = JSON.parse(text);
    } catch (error) {
        return [`not JSON: ${(error as Error).message}`];
    }
    if (!Array.isArray(entries)) {
        return ['not a JSON array'];
    }
    if (entries.length === 0) {
        return ['an empty array (github-action-benchmark fails with "No benchmark result was found")'];
    }
    const problems: string[] = [];
    const names = new Set<string>();
    entries.forEach((entry: unknown, index) => {
        const where = `entry ${index}`;
        if (typeof entry !== 'object' || !entry || Array.isArray(entry)) {
            problems.push(`${where}: not an object`);
            return;
        }
        const record = entry as Record<string, unknown>;
        const label = typeof record.name === 'string' ? `${where} (${record.name})` : where;
        for (const key of Object.keys(record).filter(key => !ENTRY_FIELDS.includes(key))) {
            problems.push(`${label}: field ${key} is not one github-action-benchmark reads`);
        }
        if (typeof record.name !== 'string' || record.name.trim() === '') {
            problems.push(`${label}: name must be a non-empty string`);
        } else if (names.has(record.name)) {
            problems.push(`${label}: name is not unique`);
        } else {
            names.add(record.name);
        }
        if (typeof record.unit !== 'string' || record.unit.trim() === '') {
            problems.push(`${label}: unit must be a non-empty string`);
        }
        if (typeof record.value !== 'number' || !Number.isFinite(record.value) || record.value <= 0) {
            problems.push(`${label}: value must be a finite number above 0, is ${JSON.stringify(record.value)}`);
        }
        if (record.range !== undefined && (typeof record.range !== 'string' || !/^± \d+(\.\d+)?(e[-+]?\d+)?$/.test(record.range))) {
            problems.push(`${label}: range must be a string "± <number>", is ${JSON.stringify(record.range)}`);
        }
        if (record.extra !== undefined && typeof record.extra !== 'string') {
            problems.push(`${label}: extra must be a string`);
        }
    });
    return problems;
}

/** A shell command line's words (plain words, '…' and "…" quoting; no expansion). */
function shellWords(line: string): string[] {
    return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map(match => match[1] ?? match[2] ?? match[3]);
}

/**
 * The `with:` inputs of the step that `uses` the action: the lines indented below its `with:`, as key and value
 * (quotes removed, comment lines skipped). Undefined when there is no such step or it has no `with:`.
 */
function actionInputs(workflow: string, action: string): Map<string, string> | undefined {
    const lines = workflow.split('\n');
    const usesAt = lines.findIndex(line => line.trim() === `uses: ${action}`);
    if (usesAt < 0) {
        return undefined;
    }
    const stepIndent = lines[usesAt].search(/\S/);
    const withAt = lines.findIndex((line, index) => index > usesAt && line.trim() === 'with:');
    if (withAt < 0 || lines[withAt].search(/\S/) !== stepIndent) {
        return undefined;
    }
    const inputs = new Map<string, string>();
    for (const line of lines.slice(withAt + 1)) {
        if (line.trim() === '' || line.trim().startsWith('#')) {
            continue;
        }
        if (line.search(/\S/) <= stepIndent) {
            break;
        }
        const match = /^\s*([\w-]+):\s*(.*?)\s*$/.exec(line);
        assert.isNotNull(match, `cannot read the action input line "${line}"`);
        inputs.set(match![1], match![2].replace(/^'(.*)'$|^"(.*)"$/, '$1$2'));
    }
    return inputs;
}

suite('benchmark-action.json in github-action-benchmark\'s customSmallerIsBetter format, and the CI example that feeds it', () => {
    let directory: string;

    setup(async () => {
        directory = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-benchmark-action-'));
        writeTempMarker(directory, 'test');
    });

    teardown(async () => {
        await fs.rm(directory, { recursive: true, force: true });
    });

    test('the format check refuses what the action cannot take or a baseline cannot track', () => {
        const good = { name: 'Theia browser (plugin): workspace.fs.readFile 1K', unit: 'ms', value: 9.5, range: '± 1.2', extra: '15 samples' };
        assert.deepStrictEqual(benchmarkActionProblems(JSON.stringify([good])), []);
        const cases: [unknown, RegExp][] = [
            [{ entries: [good] }, /not a JSON array/],
            [[], /empty array/],
            [[{ ...good, value: '9.5' }], /value must be a finite number above 0/],
            [[{ ...good, value: 0 }], /value must be a finite number above 0/],
            [[{ ...good, unit: undefined }], /unit must be a non-empty string/],
            [[good, { ...good, value: 3 }], /name is not unique/],
            [[{ ...good, range: '1.2' }], /range must be a string "± <number>"/],
            [[{ ...good, medianMs: 9.5 }], /field medianMs is not one github-action-benchmark reads/],
        ];
        for (const [entries, expected] of cases) {
            assert.match(benchmarkActionProblems(JSON.stringify(entries)).join('\n'), expected, JSON.stringify(entries));
        }
        assert.match(benchmarkActionProblems('[{"name": "a", "value": NaN}]').join('\n'), /not JSON/);
    });

    test('the test data\'s default run\'s benchmark-action.json is in the format', async () => {
        const problems = benchmarkActionProblems(await fs.readFile(path.join(COMMITTED_RUN, 'benchmark-action.json'), 'utf8'));
        assert.deepStrictEqual(problems, []);
    });

    test('the report code writes it in the format from results files, with the committed file\'s names (a renamed entry loses its baseline)', async () => {
        await writeReport([COMMITTED_RUN], directory);
        const fresh = await fs.readFile(path.join(directory, 'benchmark-action.json'), 'utf8');
        assert.deepStrictEqual(benchmarkActionProblems(fresh), []);
        const names = (text: string): string[] => (JSON.parse(text) as { name: string }[]).map(entry => entry.name);
        assert.deepStrictEqual(names(fresh), names(await fs.readFile(path.join(COMMITTED_RUN, 'benchmark-action.json'), 'utf8')));
    });

    test('docs/ci/fs-perf-benchmark.yml compares the PR\'s base and head checkouts alternately with --check, and feeds the head\'s benchmark-action.json to the action', async () => {
        const workflow = await fs.readFile(WORKFLOW, 'utf8');
        assert.notInclude(workflow, '\t', 'YAML is indented with spaces');
        assert.match(workflow, /^on:\n {2}pull_request:\n {2}push:\n {4}branches: \[master\]$/m, 'runs on pull requests and on pushes to master');
        const checkouts = [...workflow.matchAll(/- name: Check out[^\n]*\n\s+uses: actions\/checkout@v4\n\s+with:\n((?:\s+\w[\w-]*: .*\n)+)/g)].map(match => match[1]);
        assert.isTrue(checkouts.some(inputs => /ref: \$\{\{ env\.BASE_SHA \}\}/.test(inputs) && /path: base/.test(inputs)), 'the base is checked out at BASE_SHA into base/');
        assert.include(workflow, 'github.event.pull_request.base.sha', 'a pull request is compared with its base');
        const inputs = actionInputs(workflow, 'benchmark-action/github-action-benchmark@v1');
        assert.isDefined(inputs, 'a step uses benchmark-action/github-action-benchmark@v1 with inputs');
        assert.strictEqual(inputs!.get('tool'), 'customSmallerIsBetter');
        assert.strictEqual(inputs!.get('auto-push'), '${{ github.event_name == \'push\' }}', 'only a push to master stores a history point');
        // The bench runs in fs-perf/, next to the two checkouts: parse its line there, with built checkouts in place.
        const workspace = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-ci-'));
        writeTempMarker(workspace, 'test');
        try {
            for (const side of ['base', 'head']) {
                await fs.mkdir(path.join(workspace, side, 'packages', 'core'), { recursive: true });
                await fs.writeFile(path.join(workspace, side, 'packages', 'core', 'package.json'), '{"name":"@theia/core"}');
            }
            await fs.mkdir(path.join(workspace, 'fs-perf'));
            const lines = [...workflow.matchAll(/^\s+run: yarn bench (.*)$/gm)];
            assert.lengthOf(lines, 1, 'the workflow runs `yarn bench` once');
            const options = parseBenchArguments(shellWords(lines[0][1]), path.join(workspace, 'fs-perf'));
            assert.notTypeOf(options, 'number', `the bench refuses \`yarn bench ${lines[0][1]}\``);
            const bench = options as BenchOptions;
            assert.deepStrictEqual(bench.compare?.sides.map(side => [side.side, side.kind, side.value]),
                [['base', 'checkout', path.join(workspace, 'base')], ['head', 'checkout', path.join(workspace, 'head')]]);
            assert.isTrue(bench.compare?.check, 'the job fails on a significant slowdown');
            // The action reads the benchmark-action.json the bench writes into its --out folder, in fs-perf/.
            assert.strictEqual(path.join(workspace, inputs!.get('output-file-path')!), path.join(bench.out, 'benchmark-action.json'));
            assert.match(workflow, new RegExp(`cat ${path.relative(path.join(workspace, 'fs-perf'), bench.out)}/report\\.md >> "\\$GITHUB_STEP_SUMMARY"`), 'the verdicts go to the job summary');
        } finally {
            await fs.rm(workspace, { recursive: true, force: true });
        }
    });
});
