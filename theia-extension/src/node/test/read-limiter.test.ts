import { ChildProcess, spawn } from 'child_process';
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as http from 'http';
import * as path from 'path';
import { assert } from 'chai';
import { FIXTURE_SIZES, FixtureSize } from '@fs-perf/benchmark-core';
import { fsPerfFileRoute, MAX_READ_BYTES, FsPerfBackendService } from '../../common/fs-perf-backend-protocol';
import { FsPerfAccessError } from '../access-error';
import { DEFAULT_READ_LIMITS, ReadLimiter } from '../read-limiter';
import { createServiceContainer, rejectionOf, RecordingLogger, TestRootsProvider, TestWorkspace } from './test-workspace';

const CONCURRENT = 200;
const LARGEST: FixtureSize = FIXTURE_SIZES[FIXTURE_SIZES.length - 1];

function hasExited(child: ChildProcess): boolean {
    return typeof child.exitCode === 'number' || typeof child.signalCode === 'string';
}

/** A limiter that remembers the most reads it ever had in flight. */
class WatchedLimiter extends ReadLimiter {
    mostInFlight = 0;
    override async acquire(shown: string): Promise<() => void> {
        const release = await super.acquire(shown);
        this.mostInFlight = Math.max(this.mostInFlight, this.active);
        return release;
    }
}

suite('ReadLimiter', () => {
    test('gives turns in arrival order, never more than maxInFlight at once', async () => {
        const limiter = new WatchedLimiter({ maxInFlight: 2, maxQueued: 10 });
        const order: number[] = [];
        const opens: Array<() => void> = [];
        const gates = Array.from({ length: 6 }, () => new Promise<void>(resolve => opens.push(resolve)));
        const runs = gates.map((gate, index) => limiter.run(`#${index}`, async () => {
            order.push(index);
            await gate;
        }));
        await new Promise(resolve => setImmediate(resolve));
        assert.deepStrictEqual([limiter.active, limiter.queued], [2, 4]);
        for (const open of opens) {
            open();
        }
        await Promise.all(runs);
        assert.deepStrictEqual(order, [0, 1, 2, 3, 4, 5]);
        assert.strictEqual(limiter.mostInFlight, 2);
        assert.deepStrictEqual([limiter.active, limiter.queued], [0, 0]);
    });

    test('refuses past the queue bound as busy (503), naming the request', async () => {
        const limiter = new ReadLimiter({ maxInFlight: 1, maxQueued: 1 });
        const held = await limiter.acquire('first');
        const waiting = limiter.acquire('second');
        const error = await rejectionOf(limiter.acquire('file:///w/third.bin'));
        assert.instanceOf(error, FsPerfAccessError);
        assert.strictEqual((error as FsPerfAccessError).httpStatus, 503);
        assert.strictEqual(error.message, 'Refusing to read file:///w/third.bin now: the Theia backend is busy with 1 fs-perf reads and 1 waiting. '
            + 'Try again when they have finished.');
        held();
        held();
        (await waiting)();
        assert.deepStrictEqual([limiter.active, limiter.queued], [0, 0], 'a second release of one turn gives nothing back twice');
    });

    test('gives the turn back when the read fails', async () => {
        const limiter = new ReadLimiter({ maxInFlight: 1, maxQueued: 0 });
        await rejectionOf(limiter.run('x', async () => {
            throw new Error('disk on fire');
        }));
        assert.strictEqual(await limiter.run('y', async () => 'read'), 'read');
    });

    test('rejects limits that cannot work', () => {
        assert.throws(() => new ReadLimiter({ maxInFlight: 0, maxQueued: 1 }), /maxInFlight must be a whole number >= 1/);
        assert.throws(() => new ReadLimiter({ maxInFlight: 1, maxQueued: -1 }), /maxQueued a whole number >= 0/);
    });

    test('defaults to 4 in flight (256 MiB of file bytes at most) and 256 waiting', () => {
        assert.deepStrictEqual({ ...new ReadLimiter().limits }, { maxInFlight: 4, maxQueued: 256 });
        assert.strictEqual(DEFAULT_READ_LIMITS.maxInFlight * MAX_READ_BYTES, 256 * 1024 * 1024);
    });
});

suite(`bounded load: ${CONCURRENT} concurrent reads of ${LARGEST.label}`, function (): void {
    this.timeout(180000);
    let workspace: TestWorkspace;
    let expectedSha256: string;

    suiteSetup(async () => {
        workspace = await TestWorkspace.create();
        expectedSha256 = createHash('sha256').update(fs.readFileSync(workspace.fixture(LARGEST))).digest('hex');
    });

    suiteTeardown(async () => {
        await workspace?.dispose();
    });

    test('the Node fs service answers every call right, never more than 4 reads in flight', async () => {
        const container = createServiceContainer(new TestRootsProvider([workspace.root]), new RecordingLogger());
        container.rebind(ReadLimiter).to(WatchedLimiter).inSingletonScope();
        const service = container.get<FsPerfBackendService>(FsPerfBackendService);
        const uri = workspace.uri(workspace.fixture(LARGEST));
        // Hash each answer as it comes and drop it, as the RPC layer would after sending.
        const hashes = await Promise.all(Array.from({ length: CONCURRENT },
            async () => createHash('sha256').update(await service.readFile(uri)).digest('hex')));
        assert.deepStrictEqual(new Set(hashes), new Set([expectedSha256]));
        assert.strictEqual((container.get(ReadLimiter) as WatchedLimiter).mostInFlight, DEFAULT_READ_LIMITS.maxInFlight);
    });

    test('the Node fs service refuses what exceeds the queue as busy, and serves the rest', async () => {
        const container = createServiceContainer(new TestRootsProvider([workspace.root]), new RecordingLogger(), { maxInFlight: 1, maxQueued: 2 });
        const service = container.get<FsPerfBackendService>(FsPerfBackendService);
        const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => service.readFile(workspace.uri(workspace.fixture(LARGEST)))));
        const served = outcomes.filter(outcome => outcome.status === 'fulfilled');
        const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
        assert.lengthOf(served, 3);
        assert.lengthOf(refused, 7);
        for (const { reason } of refused) {
            assert.strictEqual((reason as FsPerfAccessError).code, 'busy');
        }
    });

    suite('the HTTP route, in a backend process of its own', () => {
        let server: ChildProcess | undefined;
        let port: number;

        setup(async () => {
            server = spawn(process.execPath, [path.join(__dirname, 'route-server.js'), workspace.root], { stdio: ['pipe', 'pipe', 'inherit'] });
            port = await new Promise<number>((resolve, reject) => {
                server!.once('exit', code => reject(new Error(`the route server exited (${code}) before listening`)));
                server!.stdout!.once('data', data => resolve(JSON.parse(String(data)).port));
            });
        });

        teardown(async () => {
            const child = server;
            server = undefined;
            if (child?.pid !== undefined && !hasExited(child)) {
                const exited = new Promise(resolve => child.once('exit', resolve));
                child.kill('SIGTERM');
                const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
                await exited;
                clearTimeout(timer);
            }
        });

        /** GETs the largest fixture, hashing the body as it streams in; resolves with the status and the hash or text. */
        function get(agent: http.Agent): Promise<{ status: number; sha256?: string; text?: string }> {
            const url = `http://127.0.0.1:${port}${fsPerfFileRoute}?uri=${encodeURIComponent(workspace.uri(workspace.fixture(LARGEST)))}`;
            return new Promise((resolve, reject) => {
                http.get(url, { agent }, response => {
                    const hash = createHash('sha256');
                    const chunks: Buffer[] = [];
                    response.on('data', (chunk: Buffer) => response.statusCode === 200 ? hash.update(chunk) : chunks.push(chunk));
                    response.on('end', () => resolve(response.statusCode === 200
                        ? { status: 200, sha256: hash.digest('hex') }
                        : { status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
                    response.on('error', reject);
                }).on('error', reject);
            });
        }

        /** A line of /proc/<pid>/status, KiB. */
        function statusKiB(field: 'VmRSS' | 'VmHWM'): number {
            const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(fs.readFileSync(`/proc/${server!.pid}/status`, 'utf8'));
            assert.isNotNull(match, `${field} in /proc/${server!.pid}/status`);
            return Number(match![1]);
        }

        test(`answers all ${CONCURRENT} right, and the backend's peak RSS grows by less than 4 reads' worth of bytes + 128 MiB`, async function (): Promise<void> {
            if (!fs.existsSync('/proc/self/clear_refs')) {
                this.skip(); // peak RSS is read from Linux's /proc
            }
            const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
            try {
                assert.strictEqual((await get(agent)).sha256, expectedSha256);
                const before = statusKiB('VmRSS');
                // Resets the peak (VmHWM) to the current RSS.
                fs.writeFileSync(`/proc/${server!.pid}/clear_refs`, '5');
                const answers = await Promise.all(Array.from({ length: CONCURRENT }, () => get(agent)));
                const peakGrowthMiB = (statusKiB('VmHWM') - before) / 1024;
                assert.deepStrictEqual(answers.filter(answer => answer.sha256 !== expectedSha256), []);
                // The bytes of the reads in flight, plus read buffers already sent that the garbage collector has not reclaimed yet.
                const boundMiB = (DEFAULT_READ_LIMITS.maxInFlight * LARGEST.bytes) / (1024 * 1024) + 128;
                console.log(`      peak RSS growth ${peakGrowthMiB.toFixed(1)} MiB for ${CONCURRENT} concurrent requests (bound ${boundMiB.toFixed(1)} MiB)`);
                assert.isBelow(peakGrowthMiB, boundMiB);
            } finally {
                agent.destroy();
            }
        });
    });
});
