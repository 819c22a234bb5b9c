import * as path from 'path';
import { downloadAndUnzipVSCode } from '@vscode/test-electron';
import { REPOSITORY_ROOT } from '../util/repository';

const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

/**
 * Desktop VS Code for @vscode/test-electron: $FS_PERF_VSCODE_EXECUTABLE, else a download into
 * `.vscode-test/`. Returns the reason instead where there is none, or no display to show it on.
 */
export async function resolveVsCodeDesktop(): Promise<{ executable: string } | { skip: string }> {
    let executable = process.env.FS_PERF_VSCODE_EXECUTABLE;
    if (!executable) {
        try {
            executable = await Promise.race([
                downloadAndUnzipVSCode({ cachePath: path.join(REPOSITORY_ROOT, '.vscode-test') }),
                new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${DOWNLOAD_TIMEOUT_MS / 1000} s`)), DOWNLOAD_TIMEOUT_MS).unref()),
            ]);
        } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            return { skip: `desktop VS Code could not be downloaded (${message.split('\n')[0]}); set FS_PERF_VSCODE_EXECUTABLE to an installed VS Code to run it` };
        }
    }
    if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
        return { skip: 'no display for the VS Code window (run it under xvfb-run, e.g. `xvfb-run -a yarn ...`)' };
    }
    return { executable };
}
