import { assert } from 'chai';
import { spawnSync } from 'child_process';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { REPOSITORY_ROOT, writeTempMarker } from '@fs-perf/bench';
import { parseResultsDocument } from '@fs-perf/benchmark-core';
import { testRun } from '../session-helpers';

const CLI = path.join(REPOSITORY_ROOT, 'bench', 'lib', 'commands', 'report.js');

suite('yarn report', () => {
    let directory: string;

    setup(async () => {
        directory = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-report-'));
        writeTempMarker(directory, 'test');
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
        const run = testRun('default');
        const result = spawnSync(process.execPath, [CLI, run, '--out', out, '--title', 'Committed run'], { encoding: 'utf8' });
        assert.strictEqual(result.status, 0, result.stderr);
        assert.sameMembers(await fs.readdir(out), ['report.md', 'report.html', 'benchmark-action.json', 'chart-medians.svg', 'chart-theia-extension.svg',
            'chart-decomposition-browser.svg', 'chart-factors-plugin-vs-extension-browser.svg', 'chart-factors-plugin-vs-vscode-browser.svg',
            'chart-factors-plugin-vs-vscode-workbench-browser.svg', 'chart-factors-vscode-workbench-vs-extension-host.svg', 'chart-first-chunk.svg',
            'chart-hops.svg', 'chart-cpu.svg']);
        const markdown = await fs.readFile(path.join(out, 'report.md'), 'utf8');
        // The headline first: like for like in words, then the key figures (the factors with their intervals, where the plugin's read
        // spends its time, who spends the CPU).
        assert.match(markdown, /^# Committed run\n\n## Headline\n\nLike for like, Theia browser \(plugin\)'s workspace\.fs\.readFile of 10000K is 32% faster than /);
        assert.match(markdown, /\n\n### Key figures\n\n- workspace\.fs\.readFile of 10000K, median ms \[95%\]: Theia browser \(plugin\) 1000 \[960, 1080\]; VS Code server 15 \[14, 16\]\.\n/);
        assert.include(markdown, '\n- Theia browser (plugin) vs VS Code server, 10000K, first / second: 65 [61, 75].\n');
        assert.include(markdown, '- Where Theia browser (plugin)\'s workspace.fs.readFile of 10000K spends its time (traced): frontend → plugin host (bytes) 77% (832 ms)');
        assert.match(markdown, /\n## How to read\n/);
        // Medians with their 95% intervals, at the digits those support; factors with theirs, or "no measurable difference".
        assert.include(markdown, '| Theia browser (plugin) | 11.1 [10.2, 11.8] | 1000 [960, 1080] |');
        assert.include(markdown, '| Factor | 0.79 [0.70, 0.86] | 0.68 [0.66, 0.75] |');
        assert.include(markdown, '| Theia browser (plugin) | p5 | 7.0 | 890 |');
        const html = await fs.readFile(path.join(out, 'report.html'), 'utf8');
        assert.isAtLeast((html.match(/<svg [^>]*class="dot-chart"/g) ?? []).length, 1, 'the read in every host, as dots with their values');
        assert.lengthOf(html.match(/<svg [^>]*class="line-chart"/g) ?? [], 3, 'the Theia extension, where the time goes, and the stream\'s first chunk');
        assert.isAtLeast((html.match(/<svg [^>]*class="dot-chart"/g) ?? []).length, 5, 'the read in every host, and one chart per factor');
        assert.lengthOf(html.match(/<svg [^>]*class="strip-chart"/g) ?? [], 13, 'the samples of every scenario');
        assert.lengthOf(html.match(/<svg [^>]*class="bar-chart"/g) ?? [], 2, 'where a plugin\'s read spends its time, and CPU per MB');
        assert.include(markdown, '## Where a plugin\'s read spends its time');
        assert.include(markdown, '| 10000K | 15.4 (1.4%) | 10.6 (1.0%) | 19.2 (1.8%) | 203 (19%) | 832 (77%) | 1080 | 1080 [1030, 1140] | ≈0 | 1000 [960, 1080] | 1.08 | 15 | 0 |');
        assert.include(markdown, '## CPU per MB moved');
        const dots = [...html.matchAll(/<g class="samples"[^>]*>(.*?)<\/g>/g)].reduce((sum, group) => sum + (group[1].match(/<circle /g)?.length ?? 0), 0);
        const samples = (await Promise.all(['theia-browser.json', 'vscode-server.json'].map(async name => parseResultsDocument(
            await fs.readFile(path.join(run, 'results', name), 'utf8'), name)))).flatMap(document => document.results).reduce((sum, row) => sum + row.samplesMs.length, 0);
        assert.strictEqual(dots, samples, 'a dot per sample');
        assert.strictEqual(samples, 3563);
        assert.include(html, '<td>Theia browser (plugin)</td><td class="num">11.1 [10.2, 11.8]</td>');
        // A dot per sample: the 3563 samples of a run sampled to a precision target (two sizes of six) make it about 260 KB.
        assert.isBelow(html.length, 300_000, 'self-contained and small');
        const entries = JSON.parse(await fs.readFile(path.join(out, 'benchmark-action.json'), 'utf8')) as { name: string; value: number; range?: string }[];
        assert.lengthOf(entries, 32, 'one per measured median of the two results files');
        assert.deepInclude(entries.find(entry => entry.name === 'Theia browser (plugin): workspace.fs.readFile 10000K'),
            { value: 1000.2099, range: '± 75.5' });
    });

    test('no files is a usage error', () => {
        const result = spawnSync(process.execPath, [CLI], { encoding: 'utf8' });
        assert.notStrictEqual(result.status, 0);
        assert.match(result.stderr, /missing required argument 'files'/);
    });
});
