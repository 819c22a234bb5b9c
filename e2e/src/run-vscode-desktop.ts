/**
 * Runs the VS Code extension's integration suite in desktop VS Code through @vscode/test-electron
 * (`yarn test:vscode-desktop`). VS Code is downloaded into `.vscode-test/` on first use, or taken from
 * $FS_PERF_VSCODE_EXECUTABLE. Where it cannot be had (no network to the VS Code update service), the
 * suite is reported as skipped, with the reason, within seconds.
 */
import { writeFileSync } from 'fs';
import * as path from 'path';
import { runTests } from '@vscode/test-electron';
import { DisposableCollection, REPOSITORY_ROOT, resolveVsCodeDesktop, temporaryFolder } from '@fs-perf/bench';

const EXTENSION_DIRECTORY = path.join(REPOSITORY_ROOT, 'vscode-extension');
const TESTS_ENTRY = path.join(EXTENSION_DIRECTORY, 'out', 'test', 'suite', 'index.js');

function reportSkip(reason: string): number {
    console.log(`SKIPPED: the VS Code desktop suite did not run: ${reason}`);
    const statsFile = process.env.FS_PERF_TEST_STATS;
    if (statsFile) {
        writeFileSync(statsFile, JSON.stringify({ passed: 0, failed: 0, skipped: 1 }));
    }
    return 0;
}

async function main(): Promise<number> {
    const desktop = await resolveVsCodeDesktop();
    if ('skip' in desktop) {
        return reportSkip(desktop.skip);
    }
    const toDispose = new DisposableCollection();
    try {
        const workspace = await temporaryFolder('fs-perf-vscode-desktop-', toDispose);
        await runTests({
            vscodeExecutablePath: desktop.executable,
            extensionDevelopmentPath: EXTENSION_DIRECTORY,
            extensionTestsPath: TESTS_ENTRY,
            launchArgs: [workspace, '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes', '--disable-extensions'],
        });
        return 0;
    } catch (error) {
        console.error(`The VS Code desktop suite failed: ${error instanceof Error ? error.message : error}`);
        return 1;
    } finally {
        await toDispose.dispose();
    }
}

main().then(code => {
    process.exitCode = code;
}, error => {
    console.error(error);
    process.exitCode = 1;
});
