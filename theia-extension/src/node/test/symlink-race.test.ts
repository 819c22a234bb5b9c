import * as fs from 'fs';
import * as http from 'http';
import * as path from 'path';
import { AddressInfo } from 'net';
import { pathToFileURL } from 'url';
import { Worker } from 'worker_threads';
import { assert } from 'chai';
import { FsPerfBackendService, fsPerfFileRoute } from '../../common/fs-perf-backend-protocol';
import { FsPerfAccessError } from '../access-error';
import { ACCEPT_ALL, startRouteServer, stopRouteServer } from './route-server';
import { createServiceContainer, markedTemporaryFolder, RecordingLogger, TestRootsProvider } from './test-workspace';

const ATTEMPTS = 3000;
const INSIDE = 'inside the workspace\n';
const OUTSIDE = 'OUTSIDE: must never be served\n';

/**
 * Swaps `<root>/race` between the real folder and a symlink to a folder outside the workspace, as fast as it
 * can, in a thread of its own (the reads' file system calls run on libuv's threads meanwhile).
 */
const SWAPPER = `
const fs = require('fs');
const { workerData } = require('worker_threads');
const { folder, parked, outside, flags } = workerData;
const state = new Int32Array(flags);
while (Atomics.load(state, 0) === 0) {
    fs.renameSync(folder, parked);
    fs.symlinkSync(outside, folder);
    fs.unlinkSync(folder);
    fs.renameSync(parked, folder);
    Atomics.add(state, 1, 1);
}
`;

/** What the reads got. */
interface Tally {
    inside: number;
    outside: number;
    refused: Map<string, number>;
    other: string[];
}

suite('symlink race: a folder on the path swapped for a symlink to outside while reads run', function (): void {
    this.timeout(120000);
    let root: string;
    let outside: string;
    let swapper: Worker | undefined;
    let flags: Int32Array;

    setup(async () => {
        root = await markedTemporaryFolder('fs-perf-race-ws-');
        outside = await markedTemporaryFolder('fs-perf-race-outside-');
        await fs.promises.mkdir(path.join(root, 'race'));
        await fs.promises.writeFile(path.join(root, 'race', 'file.txt'), INSIDE);
        await fs.promises.writeFile(path.join(outside, 'file.txt'), OUTSIDE);
    });

    teardown(async () => {
        await stopSwapper();
        await fs.promises.rm(root, { recursive: true, force: true });
        await fs.promises.rm(outside, { recursive: true, force: true });
    });

    function startSwapper(): void {
        flags = new Int32Array(new SharedArrayBuffer(8));
        swapper = new Worker(SWAPPER, {
            eval: true,
            workerData: { folder: path.join(root, 'race'), parked: path.join(root, 'race-parked'), outside, flags: flags.buffer },
        });
        swapper.on('error', () => undefined);
    }

    /** Stops the swapper and leaves the real folder in place; returns how many swaps it made. */
    async function stopSwapper(): Promise<number> {
        if (!swapper) {
            return 0;
        }
        Atomics.store(flags, 0, 1);
        const exited = new Promise<void>(resolve => swapper!.once('exit', () => resolve()));
        await Promise.race([exited, new Promise(resolve => setTimeout(resolve, 5000))]);
        await swapper.terminate();
        swapper = undefined;
        return Atomics.load(flags, 1);
    }

    /** Runs `attempts` reads, `concurrency` at a time, and counts what came back. */
    async function race(read: () => Promise<{ bytes?: Buffer; refusal?: string }>, concurrency = 4): Promise<Tally> {
        const tally: Tally = { inside: 0, outside: 0, refused: new Map(), other: [] };
        let started = 0;
        const worker = async (): Promise<void> => {
            while (started < ATTEMPTS) {
                started++;
                try {
                    const { bytes, refusal } = await read();
                    const text = bytes?.toString('utf8');
                    if (text === INSIDE) {
                        tally.inside++;
                    } else if (text?.includes('OUTSIDE')) {
                        tally.outside++;
                    } else if (refusal) {
                        tally.refused.set(refusal, (tally.refused.get(refusal) ?? 0) + 1);
                    } else {
                        tally.other.push(text ?? '(nothing)');
                    }
                } catch (error) {
                    tally.other.push(String(error));
                }
            }
        };
        startSwapper();
        try {
            await Promise.all(Array.from({ length: concurrency }, worker));
        } finally {
            const swaps = await stopSwapper();
            assert.isAbove(swaps, 100, 'the swapper ran while the reads did');
        }
        return tally;
    }

    function check(tally: Tally): void {
        const summary = `inside ${tally.inside}, outside ${tally.outside}, refused ${JSON.stringify([...tally.refused])}, other ${tally.other.length}`;
        console.log(`      ${ATTEMPTS} attempts: ${summary}`);
        assert.strictEqual(tally.outside, 0, `bytes from outside the workspace were served: ${summary}`);
        assert.deepStrictEqual(tally.other.slice(0, 3), [], summary);
        assert.strictEqual(tally.inside + [...tally.refused.values()].reduce((sum, count) => sum + count, 0), ATTEMPTS, summary);
        // Both outcomes happened, so the swap did land between the reads' steps.
        assert.isAbove(tally.inside, 0, summary);
        assert.isAbove([...tally.refused.values()].reduce((sum, count) => sum + count, 0), 0, summary);
        for (const code of tally.refused.keys()) {
            assert.include(['outside-workspace', 'not-found', 'not-a-file', '403', '404'], code, summary);
        }
    }

    test(`the Node fs service serves 0 outside bytes in ${ATTEMPTS} reads`, async () => {
        const service = createServiceContainer(new TestRootsProvider([root]), new RecordingLogger()).get<FsPerfBackendService>(FsPerfBackendService);
        const uri = pathToFileURL(path.join(root, 'race', 'file.txt')).href;
        const tally = await race(async () => {
            try {
                return { bytes: Buffer.from(await service.readFile(uri)) };
            } catch (error) {
                if (error instanceof FsPerfAccessError) {
                    return { refusal: error.code };
                }
                throw error;
            }
        });
        check(tally);
    });

    test(`the HTTP route serves 0 outside bytes in ${ATTEMPTS} requests`, async () => {
        const server = await startRouteServer(ACCEPT_ALL, new TestRootsProvider([root]), new RecordingLogger());
        try {
            const { port } = server.address() as AddressInfo;
            const uri = pathToFileURL(path.join(root, 'race', 'file.txt')).href;
            const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
            const url = `http://127.0.0.1:${port}${fsPerfFileRoute}?uri=${encodeURIComponent(uri)}`;
            const tally = await race(() => new Promise((resolve, reject) => {
                http.get(url, { agent }, response => {
                    const chunks: Buffer[] = [];
                    response.on('data', chunk => chunks.push(chunk));
                    response.on('end', () => {
                        const body = Buffer.concat(chunks);
                        resolve(response.statusCode === 200 ? { bytes: body } : { refusal: String(response.statusCode), bytes: body.includes('OUTSIDE') ? body : undefined });
                    });
                    response.on('error', reject);
                }).on('error', reject);
            }));
            agent.destroy();
            check(tally);
        } finally {
            await stopRouteServer(server);
        }
    });
});
