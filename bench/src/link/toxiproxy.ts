import { spawnSync } from 'child_process';
import * as net from 'net';
import * as path from 'path';
import { NetworkProfile, toxicsFor } from '@fs-perf/benchmark-core';
import { REPOSITORY_ROOT } from '../util/repository';
import { DisposableCollection } from '../util/disposable';
import { RunningServer, startServer } from '../util/server';

/** Builds the pinned Toxiproxy with `go install` (see the script). */
export const TOXIPROXY_INSTALL_SCRIPT = path.join(REPOSITORY_ROOT, 'scripts', 'install-toxiproxy.sh');
const INSTALL_SCRIPT = TOXIPROXY_INSTALL_SCRIPT;
/** The oldest Go that builds the pinned Toxiproxy (scripts/install-toxiproxy.sh says the same). */
export const TOXIPROXY_MINIMUM_GO = { major: 1, minor: 22 } as const;

/** The installed toxiproxy-server, or undefined where `scripts/install-toxiproxy.sh` has not installed it. */
export function toxiproxyBinary(): string | undefined {
    const printed = spawnSync('bash', [INSTALL_SCRIPT, '--print-bin'], { encoding: 'utf8' });
    return printed.status === 0 ? printed.stdout.trim() : undefined;
}

/** The toxiproxy-server binary, installing it first where it is missing (about a minute); throws with the installer's reason. */
export function ensureToxiproxy(): string {
    const installed = toxiproxyBinary();
    if (installed) {
        return installed;
    }
    console.log('Toxiproxy is not installed yet: running scripts/install-toxiproxy.sh');
    const install = spawnSync('bash', [INSTALL_SCRIPT], { stdio: 'inherit' });
    const again = install.status === 0 ? toxiproxyBinary() : undefined;
    if (!again) {
        throw new Error(`Toxiproxy, which emulates the network, could not be installed (scripts/install-toxiproxy.sh exited ${install.status}; it needs Go and the Go module proxy).`);
    }
    return again;
}

/** A port free on 127.0.0.1 right now (Toxiproxy's API does not say which port it took when given 0). */
function freePort(): Promise<number> {
    return new Promise((resolve, reject) => {
        const server = net.createServer();
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => {
            const { port } = server.address() as net.AddressInfo;
            server.close(() => resolve(port));
        });
    });
}

async function api<T>(base: string, method: string, route: string, body?: unknown): Promise<T> {
    const response = await fetch(`${base}${route}`, {
        method, headers: body === undefined ? undefined : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (!response.ok) {
        throw new Error(`Toxiproxy ${method} ${route}: ${response.status} ${text.trim()}`);
    }
    return (text ? JSON.parse(text) : undefined) as T;
}

/** A proxy of a running {@link Toxiproxy} in front of one server, behaving like a profile's link. */
export interface EmulatedLink {
    readonly name: string;
    readonly profile: NetworkProfile;
    /** Where the proxy listens: `http://127.0.0.1:PORT`, what the page opens instead of the server. */
    readonly baseUrl: string;
}

/**
 * Toxiproxy's server (pinned, installed by scripts/install-toxiproxy.sh) on 127.0.0.1, started in its own process group
 * and stopped by its PID when `toDispose` is disposed. Its proxies listen on 127.0.0.1 too.
 */
export class Toxiproxy {
    protected constructor(readonly server: RunningServer, readonly version: string) { }

    static async start(folder: string, toDispose: DisposableCollection): Promise<Toxiproxy> {
        const binary = ensureToxiproxy();
        const port = await freePort();
        const server = await startServer({
            name: 'toxiproxy-server',
            command: binary,
            args: ['-host', '127.0.0.1', '-port', String(port)],
            env: { ...process.env },
            logFile: path.join(folder, 'toxiproxy.log'),
            listening: new RegExp(`"address":"127\\.0\\.0\\.1:(${port})"`),
            healthPath: '/version',
            startTimeoutMs: 15_000,
            stopGraceMs: 3000,
        }, toDispose);
        const version = (await api<{ version: string } | string>(server.baseUrl, 'GET', '/version'));
        return new Toxiproxy(server, `toxiproxy ${typeof version === 'string' ? version : version.version}`);
    }

    /** A proxy on 127.0.0.1 in front of `upstreamPort` (on 127.0.0.1) with the profile's toxics, latency first. */
    async link(name: string, upstreamPort: number, profile: NetworkProfile): Promise<EmulatedLink> {
        const created = await api<{ listen: string }>(this.server.baseUrl, 'POST', '/proxies',
            { name, listen: '127.0.0.1:0', upstream: `127.0.0.1:${upstreamPort}`, enabled: true });
        for (const toxic of toxicsFor(profile)) {
            await api(this.server.baseUrl, 'POST', `/proxies/${name}/toxics`, { ...toxic, toxicity: 1 });
        }
        const port = Number(created.listen.split(':').pop());
        if (!created.listen.startsWith('127.0.0.1:') || !Number.isInteger(port) || port <= 0) {
            throw new Error(`Toxiproxy made proxy ${name} listen on ${created.listen}, not on 127.0.0.1.`);
        }
        return { name, profile, baseUrl: `http://127.0.0.1:${port}` };
    }
}
