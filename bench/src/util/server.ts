import * as http from 'http';
import { DisposableCollection } from './disposable';
import { startDetached, stopProcessGroup, waitFor } from './processes';

/** How to start one server (code-server, Theia's backend) and how to tell that it serves. */
export interface ServerLaunch {
    /** For messages, e.g. "code-server". */
    readonly name: string;
    readonly command: string;
    readonly args: readonly string[];
    readonly cwd?: string;
    readonly env: NodeJS.ProcessEnv;
    /** stdout and stderr go here. */
    readonly logFile: string;
    /** The log line that says it listens; group 1 is the port. */
    readonly listening: RegExp;
    /** A path that answers 200 once it serves, checked after the log line. */
    readonly healthPath?: string;
    /** How long it may take to listen, ms. */
    readonly startTimeoutMs: number;
    /** How long a SIGTERM may take before SIGKILL, ms. */
    readonly stopGraceMs: number;
}

export interface RunningServer {
    /** PID of its leader, which is also the id of its process group. */
    readonly pid: number;
    readonly port: number;
    /** `http://127.0.0.1:PORT` */
    readonly baseUrl: string;
    log(): Promise<string>;
    /** Set once its leader has ended: how (`exit code 1, signal null`, `exit code null, signal SIGKILL`). */
    exitReason(): string | undefined;
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
 * Starts a server in its own process group and pushes its stop (the whole group, by PID) to `toDispose` at
 * once, so a server that never listens, or a later step that fails, leaves nothing running. Resolves once
 * it listens (and its health path answers).
 */
export async function startServer(launch: ServerLaunch, toDispose: DisposableCollection): Promise<RunningServer> {
    const server = startDetached(launch.command, launch.args, { env: launch.env, cwd: launch.cwd, logFile: launch.logFile });
    const pid = server.pid;
    toDispose.push(async () => {
        const left = await stopProcessGroup(pid, launch.stopGraceMs);
        if (left.length > 0) {
            throw new Error(`${launch.name} (process group ${pid}) would not stop: PIDs ${left.join(', ')} are still running.`);
        }
        // The group is gone; its leader may still be a zombie for a moment, until Node reaps it and frees its PID.
        await server.reaped(2000);
    });
    const port = await waitFor(`${launch.name} to listen`, async () => {
        const exit = server.exitReason();
        if (exit) {
            throw new Error(`${launch.name} ended (${exit}) before listening:\n${await server.log()}`);
        }
        const match = launch.listening.exec(await server.log());
        return match ? Number(match[1]) : undefined;
    }, launch.startTimeoutMs, 50);
    const baseUrl = `http://127.0.0.1:${port}`;
    if (launch.healthPath) {
        await waitFor(`${launch.name} ${launch.healthPath}`, async () => (await httpStatus(`${baseUrl}${launch.healthPath}`)) === 200 ? true : undefined, 30_000, 50);
    }
    return { pid, port, baseUrl, log: server.log, exitReason: server.exitReason };
}
