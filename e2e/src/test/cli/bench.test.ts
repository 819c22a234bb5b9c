import { assert } from 'chai';
import { spawnSync } from 'child_process';
import { promises as fs } from 'fs';
import * as net from 'net';
import * as path from 'path';
import { BENCH, temporaryFolderForEachTest } from '../session-helpers';

suite('yarn bench', () => {
    let directory: string;
    temporaryFolderForEachTest('fs-perf-bench-test-', folder => {
        directory = folder;
    });

    test('bad options are refused at once with the reason, and nothing is measured', async () => {
        const cases: [string[], RegExp][] = [
            [['--sizes', '7K'], /7K/],
            [['--hosts', 'theia-browser,emacs'], /unknown host emacs; use one or more of theia-browser, vscode-server, theia-electron, vscode-desktop/],
            [['--iterations', '0'], /--iterations must be a whole number from 1 to 1000/],
            [['--theia-url', 'localhost:3000'], /not an http\(s\) URL|not a URL/],
            [['--hosts', 'vscode-server', '--theia-url', 'http://127.0.0.1:9/'], /--theia-url measures the theia-browser host/],
        ];
        for (const [args, message] of cases) {
            const result = spawnSync(process.execPath, [BENCH, ...args, '--out', path.join(directory, 'never')], { encoding: 'utf8', timeout: 30_000 });
            assert.strictEqual(result.status, 2, `${args.join(' ')}: ${result.stdout}${result.stderr}`);
            assert.match(result.stderr, message, args.join(' '));
        }
        assert.isFalse(await fs.stat(path.join(directory, 'never')).then(() => true, () => false));
    });

    test('an unreachable --theia-url is a clear error before anything starts', async () => {
        // A port nothing listens on: bind one, then close it.
        const server = net.createServer();
        await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
        const port = (server.address() as net.AddressInfo).port;
        await new Promise(resolve => server.close(resolve));
        const url = `http://127.0.0.1:${port}/`;
        const result = spawnSync(process.execPath, [BENCH, '--hosts', 'theia-browser', '--theia-url', url, '--out', path.join(directory, 'never')],
            { encoding: 'utf8', timeout: 60_000 });
        assert.strictEqual(result.status, 1, result.stdout + result.stderr);
        assert.include(result.stderr, `Cannot reach the Theia at ${url} (ECONNREFUSED). Check the URL`);
        assert.isFalse(await fs.stat(path.join(directory, 'never')).then(() => true, () => false));
    });
});
