import * as fs from 'fs';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { assert } from 'chai';
import { Container } from '@theia/core/shared/inversify';
import { fixtureSize } from '@fs-perf/benchmark-core';
import { FsPerfBackendService } from '../../common/fs-perf-backend-protocol';
import { FsPerfBackendServiceImpl } from '../fs-perf-backend-service';
import { MAX_WATCH_SESSIONS } from '../scratch-folders';
import { MAX_WATCH_SESSIONS_PER_CONNECTION } from '../watch-timing';
import { canSwap, childPids, eventually, hashTree, inotifyWatches, makeFifo, makeMarkerTree, Swapper, unswap } from './hostile-tools';
import { createServiceContainer, rejectionOf, RecordingLogger, TestRootsProvider, TestWorkspace } from './test-workspace';

const ONE_K = fixtureSize('1K');
/** Attempts of each race (a folder swapped for a link during the calls); FS_PERF_RACE_ATTEMPTS overrides it. */
const ATTEMPTS = Number(process.env.FS_PERF_RACE_ATTEMPTS ?? 1000);

/**
 * The backend's methods that write, delete, spawn and watch, attacked as a local process would (issue 52), in direct mode:
 * links in a file's name, folders swapped for links during calls, FIFOs, files fs-perf did not make, concurrent sessions.
 * Each test ends checking that nothing outside the workspace changed (a marker tree's hash), that the service still answers
 * a valid read, and that no child process or inotify watch is left.
 */
suite('hostile calls to the backend\'s writes, deletes, children and watches (issue 52)', function () {
    this.timeout(180_000);
    let workspace: TestWorkspace;
    let marker: string;
    let outsideHash: string;
    let services: FsPerfBackendServiceImpl[];
    let baseChildren: number;
    let baseWatches: number;

    let container: Container;
    /** A connection's service: one of its own, sharing the backend's limits with the others, as the backend module makes them. */
    const connect = (): FsPerfBackendServiceImpl => {
        const service = container.get<FsPerfBackendServiceImpl>(FsPerfBackendService);
        services.push(service);
        return service;
    };
    const made = async (service: FsPerfBackendServiceImpl, purpose: 'write' | 'watch', parent = workspace.root): Promise<{ id: string; folder: string }> => {
        const { id, name } = await service.makeScratchFolder({ parentUri: workspace.uri(parent), purpose });
        return { id, folder: path.join(parent, name) };
    };
    const link = (target: string, at: string): void => fs.symlinkSync(target, at);

    /** What every test ends with: nothing outside changed, a valid read answers, no child or watch left once the connections closed. */
    const checkNothingLeft = async (): Promise<void> => {
        assert.strictEqual(hashTree(workspace.outside), outsideHash, 'nothing outside the workspace changed');
        const reader = connect();
        assert.strictEqual((await reader.readFile(workspace.uri(workspace.fixture(ONE_K)))).byteLength, ONE_K.bytes, 'a valid read still answers');
        await Promise.all(services.splice(0).map(service => service.dispose()));
        assert.isTrue(await eventually(() => childPids().length <= baseChildren), `no child left (${childPids().length} against ${baseChildren})`);
        assert.isTrue(await eventually(() => inotifyWatches() <= baseWatches), `no inotify watch left (${inotifyWatches()} against ${baseWatches})`);
    };

    suiteSetup(async function () {
        if (process.platform !== 'linux') {
            console.log('      skipped: the hostile suite attacks through Linux\'s /proc, renameat2 and inotify');
            this.skip();
        }
        workspace = await TestWorkspace.create();
        marker = path.join(workspace.outside, 'marker');
        makeMarkerTree(marker);
        outsideHash = hashTree(workspace.outside);
    });

    suiteTeardown(async () => {
        await workspace?.dispose();
    });

    setup(() => {
        container = createServiceContainer(new TestRootsProvider([workspace.root]), new RecordingLogger());
        services = [];
        baseChildren = childPids().length;
        baseWatches = inotifyWatches();
    });

    teardown(async () => {
        await Promise.all(services.splice(0).map(service => service.dispose()));
    });

    test('a link in the last component is never followed: timeWrite, a burst, the watch child\'s create, change, delete, burst, clear and probe', async () => {
        const service = connect();
        const write = await made(service, 'write');
        link(path.join(marker, '1K.bin'), path.join(write.folder, '1K.bin'));
        link(path.join(marker, 'new.bin'), path.join(write.folder, 'new.bin'));
        const source = workspace.uri(workspace.fixture(ONE_K));
        for (const fileName of ['1K.bin', 'new.bin']) {
            assert.match((await rejectionOf(service.timeWrite({ sourceUri: source, folder: write.id, fileName }))).message,
                /something fs-perf did not make took its name in fs-perf's folder/, fileName);
        }
        // A file fs-perf wrote, replaced by a hard link to a file outside: refused, not overwritten.
        const second = await made(service, 'write');
        await service.timeWrite({ sourceUri: source, folder: second.id, fileName: '1K.bin' });
        fs.unlinkSync(path.join(second.folder, '1K.bin'));
        fs.linkSync(path.join(marker, '1K.bin'), path.join(second.folder, '1K.bin'));
        assert.match((await rejectionOf(service.timeWrite({ sourceUri: source, folder: second.id, fileName: '1K.bin' }))).message, /did not make/);
        const burst = await made(service, 'write');
        link(path.join(marker, 'burst-00000.bin'), path.join(burst.folder, 'burst-00000.bin'));
        assert.match((await rejectionOf(service.timeBurst({ folder: burst.id, burst: { files: 2, bytesPerFile: 4 } }))).message, /it is not empty/);

        const watch = await made(service, 'watch');
        const { session } = await service.watch({ op: 'begin', folder: watch.id });
        link(path.join(marker, 'w-0.txt'), path.join(watch.folder, 'w-0.txt'));
        fs.linkSync(path.join(marker, 'w-1.txt'), path.join(watch.folder, 'w-1.txt'));
        link(path.join(marker, 'b-0-00000.txt'), path.join(watch.folder, 'b-0-00000.txt'));
        link(path.join(marker, 'sub'), path.join(watch.folder, 'sub'));
        const refusals: Array<[() => Promise<unknown>, RegExp]> = [
            [() => service.watch({ op: 'change', session: session!, change: 'create', name: 'w-0.txt' }), /EEXIST/],
            [() => service.watch({ op: 'change', session: session!, change: 'change', name: 'w-0.txt' }), /ELOOP/],
            [() => service.watch({ op: 'change', session: session!, change: 'change', name: 'w-1.txt' }), /not a file fs-perf made/],
            [() => service.watch({ op: 'burst', session: session!, sample: 0, files: 1 }), /EEXIST/],
        ];
        for (const [call, message] of refusals) {
            assert.match((await rejectionOf(call())).message, message);
        }
        // A delete and a clear remove the names, never what they point to.
        await service.watch({ op: 'change', session: session!, change: 'delete', name: 'w-0.txt' });
        await service.watch({ op: 'clear', session: session! });
        assert.deepStrictEqual(fs.readdirSync(watch.folder), []);
        // A floor's probe (ready-0.txt) through a link planted before its session: the session is refused.
        const floor = await made(service, 'watch');
        link(path.join(marker, 'ready-0.txt'), path.join(floor.folder, 'ready-0.txt'));
        assert.match((await rejectionOf(service.watch({ op: 'begin', folder: floor.id, floor: { change: 'create' } }))).message, /is not empty/);
        await checkNothingLeft();
    });

    test('nothing fs-perf did not make is written or deleted: the workspace root, a user\'s folder, another connection\'s folder', async () => {
        const before = hashTree(workspace.root);
        const service = connect();
        const other = connect();
        const theirs = await made(other, 'watch');
        const source = workspace.uri(workspace.fixture(ONE_K));
        const calls: Array<() => Promise<unknown>> = [
            () => service.timeWrite({ sourceUri: source, folder: workspace.uri(workspace.root), fileName: 'README.md' }),
            () => service.timeWrite({ sourceUri: source, folder: workspace.uri(workspace.folder), fileName: 'inside.txt' }),
            () => service.timeBurst({ folder: workspace.uri(workspace.folder), burst: { files: 1, bytesPerFile: 1 } }),
            () => service.watch({ op: 'begin', folder: workspace.uri(workspace.root) }),
            () => service.watch({ op: 'begin', folder: theirs.id }),
            () => service.removeScratchFolder(theirs.id),
            () => service.removeScratchFolder(workspace.uri(workspace.root)),
        ];
        for (const call of calls) {
            assert.match((await rejectionOf(call())).message, /fs-perf made no such folder on this connection/);
        }
        await other.removeScratchFolder(theirs.id);
        assert.strictEqual(hashTree(workspace.root), before, 'the workspace is as it was');
        await checkNothingLeft();
    });

    test(`a folder swapped for a link during the calls: ${ATTEMPTS} attempts of each method write, create and delete nothing outside`, async function () {
        const reason = canSwap();
        if (reason) {
            console.log(`      skipped: ${reason}`);
            this.skip();
        }
        const service = connect();
        const source = workspace.uri(workspace.fixture(ONE_K));
        const outcomes: string[] = [];
        /** `attempt` ATTEMPTS times while a swapper exchanges `folder` with a link to the marker tree. */
        const race = async (label: string, folder: string, attempt: (index: number) => Promise<unknown>): Promise<void> => {
            const swapLink = `${folder}-link`;
            link(marker, swapLink);
            const swapper = await Swapper.start(folder, swapLink);
            let refused = 0;
            try {
                for (let index = 0; index < ATTEMPTS; index++) {
                    await attempt(index).catch(() => refused++);
                }
            } finally {
                const swaps = await swapper.stop();
                unswap(folder, swapLink);
                fs.unlinkSync(swapLink);
                outcomes.push(`${label}: ${ATTEMPTS - refused} done, ${refused} refused, ${swaps} swaps`);
                assert.isAbove(swaps, 0, `${label}: the swapper swapped`);
            }
            assert.strictEqual(hashTree(workspace.outside), outsideHash, `${label}: nothing outside changed`);
        };
        const write = await made(service, 'write');
        await race('timeWrite', write.folder, () => service.timeWrite({ sourceUri: source, folder: write.id, fileName: '1K.bin' }));
        const burst = await made(service, 'write');
        await race('timeBurst', burst.folder, () => service.timeBurst({ folder: burst.id, burst: { files: 2, bytesPerFile: 4 } }));
        const watch = await made(service, 'watch');
        const session = (await service.watch({ op: 'begin', folder: watch.id })).session!;
        await race('watch create, change, delete', watch.folder, async index => {
            const name = `w-${index % 10}.txt`;
            await service.watch({ op: 'change', session, change: 'create', name }).catch(() => undefined);
            await service.watch({ op: 'change', session, change: 'change', name }).catch(() => undefined);
            await service.watch({ op: 'change', session, change: 'delete', name });
        });
        await race('watch burst, clear', watch.folder, async () => {
            await service.watch({ op: 'burst', session, sample: 0, files: 1 }).catch(() => undefined);
            await service.watch({ op: 'clear', session });
        });
        const parent = path.join(workspace.root, 'race-parent');
        fs.mkdirSync(parent);
        await race('makeScratchFolder, removeScratchFolder', parent, async () => {
            const { id } = await service.makeScratchFolder({ parentUri: workspace.uri(parent), purpose: 'write' });
            await service.removeScratchFolder(id);
        });
        console.log(`      ${outcomes.join('; ')}`);
        await checkNothingLeft();
    });

    test('FIFOs never block: with four in play (writes and watch changes at them) a valid read answers in under a second', async () => {
        const service = connect();
        const write = await made(service, 'write');
        const watch = await made(service, 'watch');
        const session = (await service.watch({ op: 'begin', folder: watch.id })).session!;
        for (let index = 0; index < 4; index++) {
            makeFifo(path.join(write.folder, `f-${index}.bin`));
            makeFifo(path.join(watch.folder, `w-${index}.txt`));
        }
        const source = workspace.uri(workspace.fixture(ONE_K));
        const attacks = Promise.allSettled([
            ...[0, 1, 2, 3].map(index => service.timeWrite({ sourceUri: source, folder: write.id, fileName: `f-${index}.bin` })),
            ...[0, 1, 2, 3].map(index => service.watch({ op: 'change', session, change: 'change', name: `w-${index}.txt` })),
        ]);
        const start = performance.now();
        const bytes = await service.readFile(source);
        const readMs = performance.now() - start;
        assert.strictEqual(bytes.byteLength, ONE_K.bytes);
        assert.isBelow(readMs, 1000, 'a valid read answers in under a second');
        const settled = await Promise.race([attacks, new Promise<undefined>(resolve => setTimeout(() => resolve(undefined), 10_000))]);
        assert.isDefined(settled, 'every call at a FIFO settles');
        assert.deepStrictEqual(settled!.map(result => result.status), Array(8).fill('rejected'));
        // A clear removes the FIFOs without opening them.
        await service.watch({ op: 'clear', session });
        assert.deepStrictEqual(fs.readdirSync(watch.folder), []);
        await checkNothingLeft();
    });

    test(`limits hold under concurrent calls: ${3 * MAX_WATCH_SESSIONS_PER_CONNECTION} begins over 3 connections start at most ${MAX_WATCH_SESSIONS} children, none unhandled`, async () => {
        const unhandled: unknown[] = [];
        const listener = (reason: unknown): void => {
            unhandled.push(reason);
        };
        process.on('unhandledRejection', listener);
        try {
            const connections = Array.from({ length: 3 }, () => connect());
            const folders = await Promise.all(connections.map(async service =>
                ({ service, ids: await Promise.all(Array.from({ length: MAX_WATCH_SESSIONS_PER_CONNECTION }, async () => (await made(service, 'watch')).id)) })));
            const begins = await Promise.allSettled(folders.flatMap(({ service, ids }) => ids.map(id => service.watch({ op: 'begin', folder: id }))));
            const began = begins.filter(result => result.status === 'fulfilled').length;
            const refused = begins.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
            assert.strictEqual(began, MAX_WATCH_SESSIONS, 'as many sessions as the backend allows');
            assert.isTrue(refused.every(result => /^Refusing a watch session now: the Theia backend runs 32 of them, its limit/.test(result.reason.message)),
                refused.map(result => result.reason.message).join('; '));
            assert.strictEqual(childPids().length - baseChildren, MAX_WATCH_SESSIONS, 'one child a session, no more');
            // One more on a connection already at its own limit is refused by that limit.
            const extra = await made(connections[0], 'watch');
            assert.match((await rejectionOf(connections[0].watch({ op: 'begin', folder: extra.id }))).message, new RegExp(`this window runs ${MAX_WATCH_SESSIONS_PER_CONNECTION}, its limit`));
            // Session ids are random, and each connection's own.
            const ids = begins.filter((result): result is PromiseFulfilledResult<{ session?: string }> => result.status === 'fulfilled').map(result => result.value.session!);
            assert.strictEqual(new Set(ids).size, ids.length);
            assert.match((await rejectionOf(connections[2].watch({ op: 'clear', session: ids[0] }))).message, /no watch session/);
            await new Promise(resolve => setTimeout(resolve, 100));
            assert.deepStrictEqual(unhandled.map(String), [], 'no unhandled rejection');
        } finally {
            process.off('unhandledRejection', listener);
        }
        await checkNothingLeft();
    });
});
