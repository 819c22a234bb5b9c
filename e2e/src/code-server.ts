import { spawnSync } from 'child_process';
import { promises as fs } from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import { processGroupMembers, startDetached, stopProcessGroup, waitFor } from './processes';

export const REPOSITORY_ROOT = path.resolve(__dirname, '..', '..');
const INSTALL_SCRIPT = path.join(REPOSITORY_ROOT, 'scripts', 'install-code-server.sh');

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
    readonly browserProfile: string;
}

export async function createCodeServerFolders(prefix = 'fs-perf-code-server-'): Promise<CodeServerFolders> {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
    const folders = {
        root,
        userData: path.join(root, 'user-data'),
        extensions: path.join(root, 'extensions'),
        xdg: path.join(root, 'xdg'),
        browserProfile: path.join(root, 'chromium'),
    };
    for (const folder of [folders.userData, folders.extensions, folders.xdg, folders.browserProfile]) {
        await fs.mkdir(folder, { recursive: true });
    }
    // User settings that keep a fresh workbench quiet and offline.
    await fs.mkdir(path.join(folders.userData, 'User'), { recursive: true });
    await fs.writeFile(path.join(folders.userData, 'User', 'settings.json'), JSON.stringify({
        'workbench.startupEditor': 'none',
        'workbench.tips.enabled': false,
        'extensions.autoCheckUpdates': false,
        'extensions.autoUpdate': false,
        'extensions.ignoreRecommendations': true,
        'telemetry.telemetryLevel': 'off',
        'update.mode': 'none',
        'security.workspace.trust.enabled': false,
    }, undefined, 2));
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

export interface RunningCodeServer {
    readonly pid: number;
    readonly port: number;
    /** `http://127.0.0.1:PORT` */
    readonly baseUrl: string;
    readonly logFile: string;
    log(): Promise<string>;
    stop(): Promise<number[]>;
}

function httpStatus(url: string): Promise<number | undefined> {
    return new Promise(resolve => {
        const request = http.get(url, { timeout: 2000 }, response => {
            response.resume();
            resolve(response.statusCode);
        });
        request.on('timeout', () => request.destroy());
        request.on('error', () => resolve(undefined));
    });
}

/**
 * Starts code-server on 127.0.0.1 (a free port) in its own process group, so `stop()` ends it and every
 * child (extension hosts, file watchers) by PID. Resolves once `/healthz` answers.
 */
export async function startCodeServer(entry: string, folders: CodeServerFolders, workspace: string | undefined,
    environment: NodeJS.ProcessEnv = {}): Promise<RunningCodeServer> {
    const logFile = path.join(folders.root, 'code-server.log');
    const args = [entry, '--bind-addr', '127.0.0.1:0', '--auth', 'none', '--disable-telemetry', '--disable-update-check',
        '--disable-workspace-trust', '--user-data-dir', folders.userData, '--extensions-dir', folders.extensions,
        ...(workspace ? [workspace] : [])];
    const server = startDetached(process.execPath, args, { env: { ...privateEnvironment(folders), ...environment }, logFile });
    const pid = server.pid;
    const log = server.log;
    const stop = (): Promise<number[]> => stopProcessGroup(pid);
    try {
        const port = await waitFor('code-server to listen', async () => {
            const exit = server.exitReason();
            if (exit) {
                throw new Error(`code-server ended (${exit}) before listening:\n${await log()}`);
            }
            const match = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(await log());
            return match ? Number(match[1]) : undefined;
        }, 60_000, 50);
        const baseUrl = `http://127.0.0.1:${port}`;
        await waitFor('code-server /healthz', async () => (await httpStatus(`${baseUrl}/healthz`)) === 200 ? true : undefined, 30_000, 50);
        return { pid, port, baseUrl, logFile, log, stop };
    } catch (error) {
        await stop();
        throw error;
    }
}

export async function assertStopped(groupId: number): Promise<void> {
    const left = await processGroupMembers(groupId);
    if (left.length > 0) {
        throw new Error(`processes still running in group ${groupId}: ${left.join(', ')}`);
    }
}
