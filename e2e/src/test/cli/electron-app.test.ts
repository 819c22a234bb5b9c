import { assert } from 'chai';
import { spawnSync } from 'child_process';
import { existsSync } from 'fs';
import * as path from 'path';
import { REPOSITORY_ROOT } from '@fs-perf/bench';

const ELECTRON_APP = path.join(REPOSITORY_ROOT, 'electron-app');

function electronBinaryInstalled(): boolean {
    const pathFile = path.join(REPOSITORY_ROOT, 'node_modules', 'electron', 'path.txt');
    return existsSync(pathFile) && existsSync(path.join(REPOSITORY_ROOT, 'node_modules', 'electron', 'dist'));
}

suite('Theia Electron app', () => {
    test('is built (bundled) even where the Electron binary cannot be downloaded', () => {
        for (const file of ['lib/backend/electron-main.js', 'lib/backend/main.js', 'lib/frontend/index.html']) {
            assert.isTrue(existsSync(path.join(ELECTRON_APP, file)), `electron-app/${file} (run 'yarn build:electron')`);
        }
    });

    test('"yarn start:electron" without an Electron binary says so in one line and exits non-zero', function (): void {
        if (electronBinaryInstalled()) {
            console.log('SKIPPED: an Electron binary is installed here, so the app would really start');
            this.skip();
        }
        const result = spawnSync(process.execPath, [path.join(ELECTRON_APP, 'scripts', 'start.js')], { encoding: 'utf8', timeout: 30_000 });
        assert.strictEqual(result.status, 1);
        const lines = result.stderr.trim().split('\n');
        assert.strictEqual(lines.length, 1, result.stderr);
        assert.match(lines[0], /^Cannot start the Electron app: no Electron binary is installed/);
    });
});
