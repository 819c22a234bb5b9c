/**
 * Runs the VS Code extension's integration suite in desktop VS Code through @vscode/test-electron
 * (`yarn test:vscode-desktop`). VS Code is downloaded into `.vscode-test/` on first use, or taken from
 * $FS_PERF_VSCODE_EXECUTABLE. Where it cannot be had (no network to the VS Code update service), the
 * suite is reported as skipped, with the reason, within seconds.
 */
import { promises as fs, writeFileSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { downloadAndUnzipVSCode, runTests } from '@vscode/test-electron';
import { REPOSITORY_ROOT } from './code-server';

const EXTENSION_DIRECTORY = path.join(REPOSITORY_ROOT, 'vscode-extension');
const TESTS_ENTRY = path.join(EXTENSION_DIRECTORY, 'out', 'test', 'suite', 'index.js');
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

function reportSkip(reason: string): number {
    console.log(`SKIPPED: the VS Code desktop suite did not run: ${reason}`);
    const statsFile = process.env.FS_PERF_TEST_STATS;
    if (statsFile) {
        writeFileSync(statsFile, JSON.stringify({ passed: 0, failed: 0, skipped: 1 }));
    }
    return 0;
}

async function resolveExecutable(): Promise<string | { skip: string }> {
    const given = process.env.FS_PERF_VSCODE_EXECUTABLE;
    if (given) {
        return given;
    }
    try {
        return await Promise.race([
            downloadAndUnzipVSCode({ cachePath: path.join(REPOSITORY_ROOT, '.vscode-test') }),
            new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${DOWNLOAD_TIMEOUT_MS / 1000} s`)), DOWNLOAD_TIMEOUT_MS).unref()),
        ]);
    } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return { skip: `desktop VS Code could not be downloaded (${message.split('\n')[0]}); set FS_PERF_VSCODE_EXECUTABLE to an installed VS Code to run it` };
    }
}

async function main(): Promise<number> {
    const executable = await resolveExecutable();
    if (typeof executable !== 'string') {
        return reportSkip(executable.skip);
    }
    if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
        return reportSkip('no display for the VS Code window (run it under xvfb-run, e.g. `xvfb-run -a yarn test:vscode-desktop`)');
    }
    const workspace = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-vscode-desktop-'));
    try {
        await runTests({
            vscodeExecutablePath: executable,
            extensionDevelopmentPath: EXTENSION_DIRECTORY,
            extensionTestsPath: TESTS_ENTRY,
            launchArgs: [workspace, '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes', '--disable-extensions'],
        });
        return 0;
    } catch (error) {
        console.error(`The VS Code desktop suite failed: ${error instanceof Error ? error.message : error}`);
        return 1;
    } finally {
        await fs.rm(workspace, { recursive: true, force: true });
    }
}

main().then(code => {
    process.exitCode = code;
}, error => {
    console.error(error);
    process.exitCode = 1;
});
