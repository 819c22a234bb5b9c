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

    test('no files is a usage error', () => {
        const result = spawnSync(process.execPath, [CLI], { encoding: 'utf8' });
        assert.notStrictEqual(result.status, 0);
        assert.match(result.stderr, /missing required argument 'files'/);
    });
});
