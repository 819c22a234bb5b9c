/** What the hosts need before a run: the apps' production bundles and the packaged VS Code extension, made where missing or stale. */
import { spawnSync } from 'child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import * as path from 'path';
import { REPOSITORY_ROOT } from '../util/repository';
import { log } from './progress';

export const VSIX = path.join(REPOSITORY_ROOT, 'vscode-extension', 'fs-perf-vscode.vsix');

/** Newest modification time of any file below `folder` (0 when it does not exist). */
function newestMtime(folder: string): number {
    if (!existsSync(folder)) {
        return 0;
    }
    let newest = 0;
    for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
        if (entry.isFile()) {
            newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
        }
    }
    return newest;
}

function run(command: string, args: string[], what: string): void {
    log(`${what}: ${command} ${args.join(' ')}`);
    const result = spawnSync(command, args, { cwd: REPOSITORY_ROOT, stdio: 'inherit' });
    if (result.status !== 0) {
        throw new Error(`${what} failed (${command} ${args.join(' ')} exited ${result.status ?? result.signal}).`);
    }
}

/**
 * Builds a Theia app for production (what users ship: minified, no development checks) when its bundle is
 * missing, older than the code it bundles, or a development build (as `yarn test` makes). The apps' build
 * scripts leave a marker in lib/ that says which build is there (scripts/mark-build.js).
 */
export function ensureTheiaApp(app: 'browser-app' | 'electron-app'): void {
    const bundle = path.join(REPOSITORY_ROOT, app, 'lib', 'frontend', 'bundle.js');
    const marker = path.join(REPOSITORY_ROOT, app, 'lib', '.fs-perf-build-mode');
    const bundled = ['theia-extension/dist'].map(folder => newestMtime(path.join(REPOSITORY_ROOT, folder)));
    const bundleTime = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
    const mode = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : 'development';
    if (bundleTime === 0 || bundleTime < Math.max(...bundled) || mode !== 'production') {
        const why = bundleTime === 0 ? 'building' : mode !== 'production' ? `rebuilding (it is a ${mode} build)` : 'rebuilding (its code changed)';
        run('yarn', ['--cwd', app, 'build:prod'], `${why} ${app} for production (once; up to a few minutes)`);
    } else {
        log(`${app} is built for production`);
    }
}

export function ensureVsix(): void {
    const dist = path.join(REPOSITORY_ROOT, 'vscode-extension', 'dist', 'extension.js');
    if (!existsSync(VSIX) || !existsSync(dist) || statSync(VSIX).mtimeMs < statSync(dist).mtimeMs) {
        run('yarn', ['-s', 'package:vscode'], 'packaging the VS Code extension');
    } else {
        log('the packaged VS Code extension is up to date');
    }
}
