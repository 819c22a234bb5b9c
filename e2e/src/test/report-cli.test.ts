import { assert } from 'chai';
import { spawnSync } from 'child_process';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { REPOSITORY_ROOT } from '../code-server';
import { parseResultsDocument } from '@fs-perf/benchmark-core';

const CLI = path.join(REPOSITORY_ROOT, 'e2e', 'lib', 'report-cli.js');

suite('yarn report', () => {
    let directory: string;

    setup(async () => {
        directory = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-report-'));
    });

    teardown(async () => {
        await fs.rm(directory, { recursive: true, force: true });
    });

    test('a malformed results file is rejected naming the file and the field, and nothing is written', async () => {
        const file = path.join(directory, 'bad.json');
        await fs.writeFile(file, JSON.stringify({ schema: 'fs-perf-results', schemaVersion: 1 }));
        const result = spawnSync(process.execPath, [CLI, file, '--out', path.join(directory, 'out')], { encoding: 'utf8' });
        assert.strictEqual(result.status, 1);
        assert.match(result.stderr, /bad\.json is not a valid fs-perf results file: tool: /);
        assert.isFalse(await fs.stat(path.join(directory, 'out')).then(() => true, () => false));
    });

    test('a run folder gives the report, the charts and the benchmark-action entries, each named as before', async () => {
        const out = path.join(directory, 'out');
        const run = path.join(REPOSITORY_ROOT, 'docs', 'benchmark-2026-11-22');
        const result = spawnSync(process.execPath, [CLI, run, '--out', out, '--title', 'Committed run'], { encoding: 'utf8' });
        assert.strictEqual(result.status, 0, result.stderr);
        assert.sameMembers(await fs.readdir(out), ['report.md', 'report.html', 'benchmark-action.json', 'chart-medians.svg', 'chart-factors.svg', 'chart-first-chunk.svg']);
        const markdown = await fs.readFile(path.join(out, 'report.md'), 'utf8');
        assert.match(markdown, /^# Committed run\n\n## How to read\n/);
        // Medians with their 95% intervals, at the digits those support; factors with theirs, or "no measurable difference".
        assert.include(markdown, '| Theia browser (plugin) | 11 [10, 14] | 6.9 [6.7, 7.3] | 10 [9, 12] | 32 [31, 34] | 460 [420, 490] | 720 [650, 780] |');
        assert.include(markdown, '| Factor | no measurable difference [0.7, 1.1] | 0.55 [0.52, 0.60] | 0.55 [0.50, 0.63] | 0.42 [0.39, 0.45] | 0.82 [0.76, 0.89] | 0.60 [0.54, 0.68] |');
        assert.include(markdown, '| Theia browser (plugin) | p5 | 6 | 5.3 | 6 | 26 | 310 | 620 |');
        const html = await fs.readFile(path.join(out, 'report.html'), 'utf8');
        assert.lengthOf(html.match(/<svg [^>]*class="line-chart"/g) ?? [], 3, 'medians, factors, and the stream\'s first chunk');
        assert.lengthOf(html.match(/<svg [^>]*class="strip-chart"/g) ?? [], 12, 'the samples of every scenario');
        const dots = [...html.matchAll(/<g class="samples"[^>]*>(.*?)<\/g>/g)].reduce((sum, group) => sum + (group[1].match(/<circle /g)?.length ?? 0), 0);
        const samples = (await Promise.all(['theia-browser.json', 'vscode-server.json'].map(async name => parseResultsDocument(
            await fs.readFile(path.join(run, 'results', name), 'utf8'), name)))).flatMap(document => document.results).reduce((sum, row) => sum + row.samplesMs.length, 0);
        assert.strictEqual(dots, samples, 'a dot per sample');
        assert.strictEqual(samples, 9782);
        assert.include(html, '<td>Theia browser (plugin)</td><td class="num">11 [10, 14]</td>');
        // A dot per sample: the 9782 samples of a run sampled to a precision target make it about 470 KB.
        assert.isBelow(html.length, 600_000, 'self-contained and small');
        const entries = JSON.parse(await fs.readFile(path.join(out, 'benchmark-action.json'), 'utf8')) as { name: string; value: number; range?: string }[];
        assert.lengthOf(entries, 82, 'one per measured median of the two results files');
        assert.deepInclude(entries.find(entry => entry.name === 'Theia browser (plugin): workspace.fs.readFile 10000K'),
            { value: 720.0296, range: '± 65.2' });
    });

    test('no files is a usage error', () => {
        const result = spawnSync(process.execPath, [CLI], { encoding: 'utf8' });
        assert.notStrictEqual(result.status, 0);
        assert.match(result.stderr, /missing required argument 'files'/);
    });
});
