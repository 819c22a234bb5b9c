import { assert } from 'chai';
import { spawnSync } from 'child_process';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { writeTempMarker } from './temp-marker';

const cli = path.resolve(__dirname, '..', 'cli.js');

function runCli(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
    const result = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', env: { ...process.env, INIT_CWD: cwd } });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

suite('yarn fixtures (CLI)', () => {
    let directory: string;

    setup(async () => {
        directory = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-cli-'));
        writeTempMarker(directory, 'test');
    });

    teardown(async () => {
        await fs.rm(directory, { recursive: true, force: true });
    });

    test('writes the asked sizes into a folder relative to where it was typed, and says what it did', async () => {
        const first = runCli(['--out', 'out', '--sizes', '1K,50K', '--small-files', '5'], directory);
        assert.strictEqual(first.status, 0, first.stderr);
        assert.match(first.stdout, /Wrote 2 \(0 repaired\), 0 already correct; small files: 5 written/);
        assert.deepStrictEqual((await fs.readdir(path.join(directory, 'out'))).sort(), ['1K.bin', '50K.bin', 'manifest.json', 'small']);
        const second = runCli(['--out', 'out', '--sizes', '1K,50K', '--small-files', '5', '--quiet'], directory);
        assert.strictEqual(second.status, 0);
        assert.match(second.stdout, /Wrote 0 \(0 repaired\), 2 already correct; small files: 0 written, 5 already correct; manifest unchanged/);
        assert.notMatch(second.stdout, /Checking/);
    });

    test('an unknown size exits non-zero and lists the valid sizes', () => {
        const result = runCli(['--out', 'out', '--sizes', '1K,3K'], directory);
        assert.strictEqual(result.status, 1);
        assert.match(result.stderr, /Unknown fixture size '3K': use one of 1K, 5K, 50K, 500K, 5000K, 10000K/);
    });

    test('an unwritable folder exits non-zero with the reason', async () => {
        await fs.writeFile(path.join(directory, 'file'), 'x');
        const result = runCli(['--out', 'file/sub', '--sizes', '1K'], directory);
        assert.strictEqual(result.status, 1);
        assert.match(result.stderr, /^error: Cannot write .*file\/sub: part of that path is a file/m);
    });
});
