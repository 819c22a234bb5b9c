import * as path from 'path';
import { downloadAndUnzipVSCode } from '@vscode/test-electron';
import { REPOSITORY_ROOT } from '../util/repository';

const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

/** Why a desktop window (VS Code, Electron) cannot open on Linux here, naming the fix. */
export const NO_DISPLAY = 'no display for its window (DISPLAY and WAYLAND_DISPLAY are unset): run under xvfb-run, e.g. `xvfb-run -a yarn bench ...` (Debian package xvfb)';

/** Whether a desktop window can open: on Linux, an X or Wayland display is set; elsewhere there always is one. */
export function hasDisplay(platform: NodeJS.Platform, env: NodeJS.ProcessEnv): boolean {
    return platform !== 'linux' || Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/**
 * Desktop VS Code for @vscode/test-electron: $FS_PERF_VSCODE_EXECUTABLE, else a download into
 * `.vscode-test/`. Returns the reason instead where there is none, or no display to show it on.
 */
export async function resolveVsCodeDesktop(): Promise<{ executable: string } | { skip: string }> {
    // Before any download: without a display the window cannot open, whatever VS Code there is.
    if (!hasDisplay(process.platform, process.env)) {
        return { skip: NO_DISPLAY };
    }
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
    return { executable };
}
