import * as fs from 'fs';
import * as path from 'path';
import { assert } from 'chai';
import { WATCH_CHANGE_KINDS, WatchChangeKind } from '@fs-perf/benchmark-core';
import { FsPerfBackendService } from '../../common/fs-perf-backend-protocol';
import { FsPerfAccessError } from '../access-error';
import { FsPerfBackendServiceImpl } from '../fs-perf-backend-service';
import { createServiceContainer, rejectionOf, RecordingLogger, TEMP_MARKER, TestRootsProvider, TestWorkspace } from './test-workspace';

/** Files of the bursts here: enough to see a count, few enough for a unit test. */
const FILES = 200;

suite('the backend\'s file watching (watch): its child, its fs.watch floor timed there, its refusals', () => {
    let workspace: TestWorkspace;
    let service: FsPerfBackendServiceImpl;

    suiteSetup(async () => {
        workspace = await TestWorkspace.create();
    });

    suiteTeardown(async () => {
        await workspace?.dispose();
    });

    setup(() => {
        service = createServiceContainer(new TestRootsProvider([workspace.root]), new RecordingLogger()).get<FsPerfBackendServiceImpl>(FsPerfBackendService);
    });

    teardown(async () => {
        await service.dispose();
    });

    /** A folder the backend made for watching, at the top of the workspace: its id and path. */
    const watchFolder = async (): Promise<{ id: string; folder: string }> => {
        const made = await service.makeScratchFolder({ parentUri: workspace.uri(workspace.root), purpose: 'watch' });
        return { id: made.id, folder: path.join(workspace.root, made.name) };
    };

    const begin = async (floor?: { change?: WatchChangeKind; files?: number }): Promise<{ session: string; folder: string; id: string }> => {
        const { id, folder } = await watchFolder();
        const { session } = await service.watch({ op: 'begin', folder: id, floor });
        return { session: session!, folder, id };
    };

    test('without a floor the child makes each change it is asked for, in the folder, and answers once it is on disk', async () => {
        const { session, folder, id } = await begin();
        assert.match(session, /^watch-[0-9a-f]{32}$/);
        assert.match(path.basename(folder), /^\.fs-perf-watch-/);
        await service.watch({ op: 'change', session, change: 'create', name: 'w-0.txt' });
        assert.strictEqual(await fs.promises.readFile(path.join(folder, 'w-0.txt'), 'utf8'), 'created\n');
        await service.watch({ op: 'change', session, change: 'change', name: 'w-0.txt' });
        assert.strictEqual(await fs.promises.readFile(path.join(folder, 'w-0.txt'), 'utf8'), 'created\nchanged\n');
        await service.watch({ op: 'change', session, change: 'delete', name: 'w-0.txt' });
        await service.watch({ op: 'burst', session, sample: 3, files: 5 });
        assert.deepStrictEqual((await fs.promises.readdir(folder)).sort(), [0, 1, 2, 3, 4].map(index => `b-3-0000${index}.txt`));
        await service.watch({ op: 'clear', session });
        assert.deepStrictEqual(await fs.promises.readdir(folder), []);
        const failed = await rejectionOf(service.watch({ op: 'change', session, change: 'delete', name: 'w-0.txt' }));
        assert.match(failed.message, /^the change-making child process could not make the change: ENOENT/);
        // Removing the folder ends its session.
        await service.removeScratchFolder(id);
        assert.isFalse(fs.existsSync(folder));
        assert.match((await rejectionOf(service.watch({ op: 'clear', session }))).message, /no watch session "watch-[0-9a-f]+" on this connection/);
    });

    test('the fs.watch floor times each kind of change to its event, in the backend, sample after sample', async () => {
        for (const change of WATCH_CHANGE_KINDS) {
            // A folder of its own, as each case has: the samples' names start again at w-0.txt.
            const { session } = await begin({ change });
            for (let index = 0; index < 3; index++) {
                const { durationMs, output } = await service.watch({ op: 'sample', session, index });
                assert.isAbove(durationMs!, 0, change);
                assert.isBelow(durationMs!, 5000, change);
                assert.deepStrictEqual(output, { itemCount: 1 }, change);
                await service.watch({ op: 'landed', session });
            }
        }
    });

    test('the fs.watch floor\'s burst counts every file the child made, and the folder is emptied after each sample', async () => {
        const { session, folder } = await begin({ files: FILES });
        for (let index = 0; index < 2; index++) {
            const { durationMs, output } = await service.watch({ op: 'sample', session, index });
            assert.deepStrictEqual(output, { events: { received: FILES, expected: FILES } });
            assert.isAbove(durationMs!, 0);
            await service.watch({ op: 'landed', session });
            assert.deepStrictEqual(await fs.promises.readdir(folder), []);
        }
    });

    test('bad input is refused with its reason before a child starts or anything is written', async () => {
        const { session, folder } = await begin();
        const { id: write } = await service.makeScratchFolder({ parentUri: workspace.uri(workspace.root), purpose: 'write' });
        const { id: idle } = await watchFolder();
        const refusals = [
            { call: () => service.watch({ op: 'begin', folder: workspace.uri(workspace.outside) }), message: /fs-perf made no such folder on this connection/ },
            { call: () => service.watch({ op: 'begin', folder: write }), message: /it was made for write, not watch/ },
            { call: () => service.watch({ op: 'begin', folder: idle, floor: {} }), message: /a floor is a change \(create, change or delete\) or a burst/ },
            { call: () => service.watch({ op: 'change', session, change: 'create', name: '../escape.txt' }), message: /give a plain file name, without a folder/ },
            { call: () => service.watch({ op: 'change', session, change: 'rename' as 'create', name: 'x.txt' }), message: /a change is create, change or delete, got rename/ },
            { call: () => service.watch({ op: 'burst', session, sample: 0, files: 20_000 }), message: /files must be a whole number from 0 to 10000, got 20000/ },
            { call: () => service.watch({ op: 'burst', session, sample: 0, files: 'x'.repeat(1_000_000) as unknown as number }), message: /got x{30,60}…x+\.$/ },
            { call: () => service.watch({ op: 'sample', session, index: 0 }), message: /this session has no floor to sample/ },
            { call: () => service.watch({ op: 'clear', session: 'watch-0' }), message: /no watch session "watch-0" on this connection \(begin one first\)/ },
        ];
        for (const { call, message } of refusals) {
            const error = await rejectionOf(call());
            assert.instanceOf(error, FsPerfAccessError, error.message);
            assert.match(error.message, message);
            assert.isBelow(error.message.length, 400, 'an echoed input is cut short');
        }
        assert.deepStrictEqual(await fs.promises.readdir(folder), [], 'nothing written');
        assert.deepStrictEqual((await fs.promises.readdir(workspace.outside)).filter(name => name !== TEMP_MARKER), ['secret.txt'], 'nothing written outside');
    });

    test('sessions are the connection\'s own: another cannot use them, and they end with it', async () => {
        const { session } = await begin();
        const other = createServiceContainer(new TestRootsProvider([workspace.root]), new RecordingLogger()).get<FsPerfBackendServiceImpl>(FsPerfBackendService);
        const error = await rejectionOf(other.watch({ op: 'clear', session }));
        assert.match(error.message, /no watch session .* on this connection/);
        await service.dispose();
        assert.deepStrictEqual((await fs.promises.readdir(workspace.root)).filter(name => name.startsWith('.fs-perf-watch-')), [], 'the folders removed');
    });
});
