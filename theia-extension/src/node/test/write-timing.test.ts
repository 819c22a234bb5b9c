import * as fs from 'fs';
import * as path from 'path';
import { assert } from 'chai';
import { fixtureSize, WRITE_BURST } from '@fs-perf/benchmark-core';
import { FsPerfBackendService } from '../../common/fs-perf-backend-protocol';
import { FsPerfAccessError } from '../access-error';
import { FsPerfBackendServiceImpl } from '../fs-perf-backend-service';
import { writeError } from '../write-timing';
import { createServiceContainer, rejectionOf, RecordingLogger, TEMP_MARKER, TestRootsProvider, TestWorkspace } from './test-workspace';

const ONE_K = fixtureSize('1K');

suite('the backend\'s write floors (makeScratchFolder, timeWrite, timeBurst)', () => {
    let workspace: TestWorkspace;
    let service: FsPerfBackendServiceImpl;
    let id: string;
    let folder: string;

    suiteSetup(async () => {
        workspace = await TestWorkspace.create();
    });

    suiteTeardown(async () => {
        await workspace?.dispose();
    });

    setup(async () => {
        service = createServiceContainer(new TestRootsProvider([workspace.root]), new RecordingLogger()).get<FsPerfBackendServiceImpl>(FsPerfBackendService);
        const made = await service.makeScratchFolder({ parentUri: workspace.uri(workspace.fixtures), purpose: 'write' });
        id = made.id;
        folder = path.join(workspace.fixtures, made.name);
    });

    teardown(async () => {
        await service.dispose();
    });

    test('the backend makes a fresh, private folder of its own name, and removes it and all in it', async () => {
        assert.match(path.basename(folder), /^\.write-[a-z0-9]+-[a-z0-9]{6}$/);
        assert.match(id, /^write-[0-9a-f]{32}$/);
        assert.strictEqual((await fs.promises.stat(folder)).mode & 0o777, 0o700);
        await service.timeWrite({ sourceUri: workspace.uri(workspace.fixture(ONE_K)), folder: id, fileName: '1K.bin' });
        await service.removeScratchFolder(id);
        assert.isFalse(fs.existsSync(folder));
        const again = await rejectionOf(service.removeScratchFolder(id));
        assert.match(again.message, /^Refusing to remove the folder "write-[0-9a-f]+": fs-perf made no such folder on this connection\.$/);
    });

    test('timeWrite writes the fixture\'s bytes into the folder and says what landed and how long the write took there', async () => {
        const request = { sourceUri: workspace.uri(workspace.fixture(ONE_K)), folder: id, fileName: '1K.bin' };
        for (let sample = 0; sample < 3; sample++) {
            const timing = await service.timeWrite(request);
            assert.strictEqual(timing.byteLength, ONE_K.bytes);
            assert.isAtLeast(timing.durationMs, 0);
        }
        assert.deepStrictEqual(await fs.promises.readFile(path.join(folder, '1K.bin')), await fs.promises.readFile(workspace.fixture(ONE_K)));
    });

    test('timeBurst creates then deletes the burst\'s files, counts them, leaves the folder empty, and refuses a folder with anything in it', async () => {
        const timing = await service.timeBurst({ folder: id, burst: WRITE_BURST });
        assert.strictEqual(timing.entries, WRITE_BURST.files);
        assert.isAbove(timing.durationMs, 0);
        assert.deepStrictEqual(await fs.promises.readdir(folder), []);
        // A file fs-perf did not make is never deleted: the burst is refused instead.
        await fs.promises.writeFile(path.join(folder, 'burst-00000.bin'), 'the user\'s');
        const refused = await rejectionOf(service.timeBurst({ folder: id, burst: WRITE_BURST }));
        assert.match(refused.message, /^Refusing to time a burst in the folder "write-[0-9a-f]+": it is not empty\./);
        assert.strictEqual(await fs.promises.readFile(path.join(folder, 'burst-00000.bin'), 'utf8'), 'the user\'s');
    });

    test('bad input is refused before anything is written: a folder fs-perf did not make, a name with a folder, a malformed or huge burst', async () => {
        const source = workspace.uri(workspace.fixture(ONE_K));
        const refusals = [
            { call: () => service.makeScratchFolder({ parentUri: workspace.uri(workspace.outside), purpose: 'write' }), message: /outside the open workspace/ },
            { call: () => service.makeScratchFolder({ parentUri: workspace.uri(workspace.linkDirOut), purpose: 'write' }), message: /outside the open workspace/ },
            { call: () => service.makeScratchFolder({ parentUri: workspace.uri(path.join(workspace.root, 'gone')), purpose: 'write' }),
                message: /^Cannot make a folder in .*gone: no such folder in the workspace\./ },
            { call: () => service.makeScratchFolder({ parentUri: workspace.uri(workspace.root), purpose: 'delete' as 'write' }), message: /the purpose is write or watch/ },
            { call: () => service.timeWrite({ sourceUri: source, folder: workspace.uri(workspace.root), fileName: 'x.bin' }),
                message: /^Refusing to use the folder "file:.*": fs-perf made no such folder on this connection/ },
            { call: () => service.timeWrite({ sourceUri: source, folder: id, fileName: '../escape.bin' }), message: /give a plain file name, without a folder/ },
            { call: () => service.timeWrite({ sourceUri: workspace.uri(workspace.outsideFile), folder: id, fileName: 'x.bin' }), message: /outside the open workspace/ },
            { call: () => service.timeBurst({ folder: 'write-0', burst: WRITE_BURST }), message: /fs-perf made no such folder on this connection/ },
            { call: () => service.timeBurst({ folder: id, burst: { files: 0, bytesPerFile: 1 } }), message: /^Refusing to time a burst: a burst is 1 to 10000 files/ },
            { call: () => service.timeBurst({ folder: id, burst: { files: 10_000, bytesPerFile: 1024 * 1024 } }), message: /a burst writes at most 64 MiB/ },
        ];
        for (const { call, message } of refusals) {
            const error = await rejectionOf(call());
            assert.instanceOf(error, FsPerfAccessError, error.message);
            assert.match(error.message, message);
        }
        assert.deepStrictEqual(await fs.promises.readdir(folder), [], 'nothing written');
        assert.deepStrictEqual((await fs.promises.readdir(workspace.outside)).filter(name => name !== TEMP_MARKER), ['secret.txt'], 'nothing written outside');
    });

    test('a folder is known to the connection that made it only, and goes when that connection closes', async () => {
        const other = createServiceContainer(new TestRootsProvider([workspace.root]), new RecordingLogger()).get<FsPerfBackendServiceImpl>(FsPerfBackendService);
        const error = await rejectionOf(other.timeBurst({ folder: id, burst: WRITE_BURST }));
        assert.match(error.message, /fs-perf made no such folder on this connection/);
        await service.dispose();
        assert.isFalse(fs.existsSync(folder));
        const closed = await rejectionOf(service.makeScratchFolder({ parentUri: workspace.uri(workspace.fixtures), purpose: 'write' }));
        assert.match(closed.message, /the connection is closing/);
    });

    test('a write to a read-only file or folder says so, and how to go on', () => {
        for (const code of ['EACCES', 'EPERM', 'EROFS']) {
            const error = writeError('/w/x.bin', Object.assign(new Error('denied'), { code }));
            assert.instanceOf(error, FsPerfAccessError);
            assert.strictEqual(error.message, `Cannot write /w/x.bin: it or its folder is read-only (${code}); make it writable, or choose another fixtures folder.`);
        }
        const other = new Error('disk full');
        assert.strictEqual(writeError('/w/x.bin', Object.assign(other, { code: 'ENOSPC' })), other);
    });

    test('a burst into a read-only folder is refused with that wording (not as root, who writes through the mode)', async function () {
        if (process.getuid?.() === 0) {
            // Root writes through a read-only mode: here the wording is checked on the errors above only.
            console.log('      skipped: running as root, who writes through a read-only mode; the wording is checked on the errors above');
            this.skip();
        }
        await fs.promises.chmod(folder, 0o555);
        try {
            const error = await rejectionOf(service.timeBurst({ folder: id, burst: WRITE_BURST }));
            assert.match(error.message, /is read-only \(EACCES\)/);
        } finally {
            await fs.promises.chmod(folder, 0o755);
        }
    });
});
