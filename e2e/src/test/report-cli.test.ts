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
        assert.match(markdown, /^# Committed run\n/);
        assert.include(markdown, '| Theia browser (plugin) | 5.094 | 5.636 | 7.809 | 29.52 | 353.82 | 685.14 |');
        assert.include(markdown, '| Factor | 0.86 | 1.68 | 2.16 | 7.02 | 44.49 | 109.88 |');
        const html = await fs.readFile(path.join(out, 'report.html'), 'utf8');
        assert.lengthOf(html.match(/<svg /g) ?? [], 2);
        assert.include(html, '<td>Theia browser (plugin)</td><td class="num">5.094</td>');
        const entries = JSON.parse(await fs.readFile(path.join(out, 'benchmark-action.json'), 'utf8')) as unknown[];
        assert.lengthOf(entries, 76, 'one per measured median of the two results files');
    });

    test('no files is a usage error', () => {
        const result = spawnSync(process.execPath, [CLI], { encoding: 'utf8' });
        assert.notStrictEqual(result.status, 0);
        assert.match(result.stderr, /missing required argument 'files'/);
    });
});
