import { assert } from 'chai';
import { spawnSync } from 'child_process';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { REPOSITORY_ROOT } from '../code-server';

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
        assert.sameMembers(await fs.readdir(out), ['report.md', 'report.html', 'benchmark-action.json', 'chart-medians.svg', 'chart-factors.svg']);
        const markdown = await fs.readFile(path.join(out, 'report.md'), 'utf8');
        assert.match(markdown, /^# Committed run\n\n## How to read\n/);
        // Medians with their 95% intervals, at the digits those support; factors with theirs, or "no measurable difference".
        assert.include(markdown, '| Theia browser (plugin) | 5.1 [4.8, 6.5] | 5.6 [5.1, 7.0] | 8 [7, 9] | 30 [25, 34] | 350 [290, 430] | 690 [650, 750] |');
        assert.include(markdown, '| Factor | no measurable difference [0.7, 1.2] | 1.7 [1.3, 2.3] | 2.2 [1.5, 2.5] | 7 [5, 8] | 40 [30, 80] | 110 [70, 130] |');
        assert.include(markdown, '| Theia browser (plugin) | p5 | 4.6 | 4.4 | 7 | 22 | 280 | 610 |');
        const html = await fs.readFile(path.join(out, 'report.html'), 'utf8');
        assert.lengthOf(html.match(/<svg [^>]*class="line-chart"/g) ?? [], 2);
        assert.lengthOf(html.match(/<svg [^>]*class="strip-chart"/g) ?? [], 11, 'the samples of every scenario');
        const dots = [...html.matchAll(/<g class="samples"[^>]*>(.*?)<\/g>/g)].reduce((sum, group) => sum + (group[1].match(/<circle /g)?.length ?? 0), 0);
        assert.strictEqual(dots, 76 * 15, 'a dot per sample');
        assert.include(html, '<td>Theia browser (plugin)</td><td class="num">5.1 [4.8, 6.5]</td>');
        assert.isBelow(html.length, 200_000, 'self-contained and small');
        const entries = JSON.parse(await fs.readFile(path.join(out, 'benchmark-action.json'), 'utf8')) as { name: string; value: number; range?: string }[];
        assert.lengthOf(entries, 76, 'one per measured median of the two results files');
        assert.deepInclude(entries.find(entry => entry.name === 'Theia browser (plugin): workspace.fs.readFile 10000K'),
            { value: 685.1439, range: '± 66.3' });
    });

    test('no files is a usage error', () => {
        const result = spawnSync(process.execPath, [CLI], { encoding: 'utf8' });
        assert.notStrictEqual(result.status, 0);
        assert.match(result.stderr, /missing required argument 'files'/);
    });
});
