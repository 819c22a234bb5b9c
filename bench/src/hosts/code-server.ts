import { spawnSync } from 'child_process';
import { promises as fs } from 'fs';
import * as path from 'path';
import { REPOSITORY_ROOT } from '../util/repository';
import { ServerLaunch } from '../util/server';

const INSTALL_SCRIPT = path.join(REPOSITORY_ROOT, 'scripts', 'install-code-server.sh');

/** The code-server scripts/install-code-server.sh installs (keep in step with its CODE_SERVER_VERSION), and the VS Code it bundles. */
export const CODE_SERVER_VERSION = '4.100.3';
/** The only Node major code-server 4.100.3 installs on: its postinstall refuses any other ("code-server currently requires node v20"). */
export const CODE_SERVER_NODE_MAJOR = 20;

/**
 * Path of code-server's entry point, installing it into `.cache/code-server` (idempotent, about a minute
 * the first time). Throws with the installer's output when that fails.
 */
export function ensureCodeServer(): string {
    const printed = spawnSync('bash', [INSTALL_SCRIPT, '--print-bin'], { encoding: 'utf8' });
    if (printed.status === 0) {
        return printed.stdout.trim();
    }
    console.log('code-server is not installed yet: running scripts/install-code-server.sh');
    const install = spawnSync('bash', [INSTALL_SCRIPT], { stdio: 'inherit' });
    if (install.status !== 0) {
        throw new Error(`scripts/install-code-server.sh failed (exit ${install.status}).`);
    }
    const again = spawnSync('bash', [INSTALL_SCRIPT, '--print-bin'], { encoding: 'utf8' });
    if (again.status !== 0) {
        throw new Error('code-server is still not installed after scripts/install-code-server.sh.');
    }
    return again.stdout.trim();
}

/** Private folders for one code-server session: nothing is written to the user's home. */
export interface CodeServerFolders {
    readonly root: string;
    readonly userData: string;
    readonly extensions: string;
    readonly xdg: string;
}

/** User settings that keep a fresh workbench quiet and offline. */
const QUIET_SETTINGS = {
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'security.workspace.trust.enabled': false,
};

/** Creates code-server's private folders below `root`, with the quiet user settings and `settings` on top. */
export async function createCodeServerFolders(root: string, settings: Record<string, unknown> = {}): Promise<CodeServerFolders> {
    const folders = {
        root,
        userData: path.join(root, 'user-data'),
        extensions: path.join(root, 'extensions'),
        xdg: path.join(root, 'xdg'),
    };
    for (const folder of [folders.extensions, folders.xdg, path.join(folders.userData, 'User')]) {
        await fs.mkdir(folder, { recursive: true });
    }
    await fs.writeFile(path.join(folders.userData, 'User', 'settings.json'), JSON.stringify({ ...QUIET_SETTINGS, ...settings }, undefined, 2));
    return folders;
}

function privateEnvironment(folders: CodeServerFolders): NodeJS.ProcessEnv {
    return {
        ...process.env,
        XDG_CONFIG_HOME: path.join(folders.xdg, 'config'),
        XDG_DATA_HOME: path.join(folders.xdg, 'data'),
        XDG_CACHE_HOME: path.join(folders.xdg, 'cache'),
        XDG_STATE_HOME: path.join(folders.xdg, 'state'),
        // No extension gallery: code-server would otherwise query open-vsx.org, which is unreachable offline.
        EXTENSIONS_GALLERY: '{}',
    };
}

/** Installs a `.vsix` with code-server's own CLI into the session's extensions folder. */
export function installVsix(entry: string, folders: CodeServerFolders, vsix: string): void {
    const result = spawnSync(process.execPath, [entry, '--user-data-dir', folders.userData, '--extensions-dir', folders.extensions,
        '--install-extension', vsix], { env: privateEnvironment(folders), encoding: 'utf8', timeout: 120_000 });
    if (result.status !== 0) {
        throw new Error(`code-server --install-extension ${vsix} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
    }
}

/** code-server on 127.0.0.1 and a free port, with no auth, telemetry or update check, in its private folders. */
export function codeServerLaunch(entry: string, folders: CodeServerFolders, workspace: string | undefined, environment: NodeJS.ProcessEnv = {}): ServerLaunch {
    return {
        name: 'code-server',
        command: process.execPath,
        args: [entry, '--bind-addr', '127.0.0.1:0', '--auth', 'none', '--disable-telemetry', '--disable-update-check',
            '--disable-workspace-trust', '--user-data-dir', folders.userData, '--extensions-dir', folders.extensions,
            ...(workspace ? [workspace] : [])],
        env: { ...privateEnvironment(folders), ...environment },
        logFile: path.join(folders.root, 'code-server.log'),
        listening: /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)/,
        healthPath: '/healthz',
        startTimeoutMs: 60_000,
        stopGraceMs: 8000,
    };
}

/** The workbench's URL for `workspace` (none: no folder open), with more query parameters (e.g. a test payload). */
export function codeServerWorkbenchUrl(baseUrl: string, workspace: string | undefined, query: Record<string, string> = {}): string {
    const parameters = new URLSearchParams({ ...(workspace ? { folder: workspace } : {}), ...query });
    const search = parameters.toString();
    return `${baseUrl}/${search ? `?${search}` : ''}`;
}
