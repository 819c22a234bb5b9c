import * as fs from 'fs';
import * as path from 'path';
import { assert } from 'chai';
import { describeUri, FS_PERF_ACCESS_HTTP_STATUS, FsPerfAccessError } from '../access-error';
import { CheckedFile, openCheckedFile, readCheckedFile } from '../file-access';
import { rejectionOf, TestWorkspace } from './test-workspace';

suite('file-access', () => {
    let workspace: TestWorkspace;

    suiteSetup(async () => {
        workspace = await TestWorkspace.create({ fixtures: false });
    });

    suiteTeardown(async () => {
        await workspace?.dispose();
    });

    async function refusal(uri: unknown, roots: readonly string[], maxBytes = 1024): Promise<FsPerfAccessError> {
        const error = await rejectionOf(openCheckedFile(uri, roots, maxBytes));
        assert.instanceOf(error, FsPerfAccessError);
        return error as FsPerfAccessError;
    }

    /** Opens, reads and closes. */
    async function read(file: CheckedFile): Promise<string> {
        try {
            return (await file.read()).toString('utf8');
        } finally {
            await file.close();
        }
    }

    test('opens a file in the workspace: its size, and its bytes', async () => {
        const file = await openCheckedFile(workspace.uri(workspace.insideFile), [workspace.root], 1024);
        assert.strictEqual(file.size, 'inside\n'.length);
        assert.strictEqual(await read(file), 'inside\n');
    });

    test('opens a symlink in the workspace to a file in the workspace', async () => {
        assert.strictEqual(await read(await openCheckedFile(workspace.uri(workspace.linkIn), [workspace.root], 1024)), 'inside\n');
    });

    test('accepts a file of exactly maxBytes', async () => {
        const file = await openCheckedFile(workspace.uri(workspace.insideFile), [workspace.root], 'inside\n'.length);
        await file.close();
        assert.strictEqual(file.size, 'inside\n'.length);
    });

    test('refuses a file over maxBytes (too-large, 413)', async () => {
        const uri = workspace.uri(workspace.insideFile);
        const error = await refusal(uri, [workspace.root], 4);
        assert.strictEqual(error.code, 'too-large');
        assert.strictEqual(error.httpStatus, 413);
        assert.match(error.message, /it is 7 B \(7 bytes\), over the 4 B limit of fs-perf reads\. Use a smaller file/);
        assert.include(error.message, uri);
    });

    test('refuses a file outside the workspace, naming only the URI it was given', async () => {
        const uri = workspace.uri(workspace.outsideFile);
        const error = await refusal(uri, [workspace.root]);
        assert.strictEqual(error.code, 'outside-workspace');
        assert.strictEqual(error.httpStatus, 403);
        assert.strictEqual(error.message, `Refusing to read ${uri}: it is outside the open workspace. fs-perf reads only files inside the workspace.`);
    });

    test('refuses a .. traversal resolved by the URI parser', async () => {
        const error = await refusal(workspace.traversalUri, [workspace.root]);
        assert.strictEqual(error.code, 'outside-workspace');
        assert.include(error.message, workspace.traversalUri);
    });

    test('reports a missing file outside the workspace as outside, not as missing', async () => {
        const error = await refusal(workspace.uri(path.join(workspace.outside, 'nothing-here.txt')), [workspace.root]);
        assert.strictEqual(error.code, 'outside-workspace');
    });

    test('never tells through a symlink whether a file outside exists, nor where the symlink points', async () => {
        const existing = workspace.uri(path.join(workspace.linkDirOut, path.basename(workspace.outsideFile)));
        const missing = workspace.uri(path.join(workspace.linkDirOut, 'nothing-here.txt'));
        const deeper = workspace.uri(path.join(workspace.linkDirOut, 'no-folder', 'nothing-here.txt'));
        const cases = [existing, missing, deeper, workspace.uri(workspace.linkOut), workspace.uri(workspace.danglingOut)];
        for (const uri of cases) {
            const error = await refusal(uri, [workspace.root]);
            assert.strictEqual(error.code, 'outside-workspace', uri);
            assert.strictEqual(error.message, `Refusing to read ${uri}: it is outside the open workspace. fs-perf reads only files inside the workspace.`);
            assert.notInclude(error.message, workspace.outside);
        }
    });

    test('refuses a symlink loop in the workspace as bad input (unresolvable, 400)', async () => {
        const uri = workspace.uri(workspace.loopA);
        const error = await refusal(uri, [workspace.root]);
        assert.strictEqual(error.code, 'unresolvable');
        assert.strictEqual(error.httpStatus, 400);
        assert.strictEqual(error.message, `Refusing to read ${uri}: its symbolic links do not resolve (a loop, or more than 40 links). `
            + 'Pass the file:// URI of a regular file inside the open workspace.');
    });

    test('refuses a 10 000-character name as bad input (unresolvable, 400) and quotes it shortened', async () => {
        const uri = workspace.uri(path.join(workspace.folder, 'x'.repeat(10000)));
        const error = await refusal(uri, [workspace.root]);
        assert.strictEqual(error.code, 'unresolvable');
        assert.match(error.message, /is longer than the file system allows/);
        assert.isBelow(error.message.length, 500);
        assert.include(error.message, `${uri.slice(0, 150)}`);
    });

    test('refuses a 10 000-character path of short names as missing, shortened', async () => {
        const uri = workspace.uri(path.join(workspace.folder, ...Array.from({ length: 2500 }, () => 'abc')));
        const error = await refusal(uri, [workspace.root]);
        assert.strictEqual(error.code, 'not-found');
        assert.isBelow(error.message.length, 500);
    });

    test('does not count a sibling folder that shares the root\'s name prefix as inside', async () => {
        const sibling = `${workspace.root}-sibling`;
        fs.mkdirSync(sibling);
        try {
            fs.writeFileSync(path.join(sibling, 'a.txt'), 'a');
            const error = await refusal(workspace.uri(path.join(sibling, 'a.txt')), [workspace.root]);
            assert.strictEqual(error.code, 'outside-workspace');
        } finally {
            fs.rmSync(sibling, { recursive: true, force: true });
        }
    });

    test('reads from any of several roots', async () => {
        const file = await openCheckedFile(workspace.uri(workspace.outsideFile), [workspace.root, workspace.outside], 1024);
        assert.strictEqual(await read(file), 'not for fs-perf\n');
    });

    test('reads a hard link in the workspace: it is the workspace\'s own file', async () => {
        const hardLink = path.join(workspace.folder, 'hard-link.txt');
        fs.linkSync(workspace.outsideFile, hardLink);
        try {
            assert.strictEqual(await read(await openCheckedFile(workspace.uri(hardLink), [workspace.root], 1024)), 'not for fs-perf\n');
        } finally {
            fs.rmSync(hardLink);
        }
    });

    test('refuses everything without roots (no-workspace, 409)', async () => {
        const error = await refusal(workspace.uri(workspace.insideFile), []);
        assert.strictEqual(error.code, 'no-workspace');
        assert.strictEqual(error.httpStatus, 409);
        assert.match(error.message, /no workspace is open\. Open the folder/);
    });

    test('refuses everything when no root exists (no-workspace)', async () => {
        const error = await refusal(workspace.uri(workspace.insideFile), [path.join(workspace.outside, 'gone')]);
        assert.strictEqual(error.code, 'no-workspace');
        assert.match(error.message, /do not exist/);
    });

    test('refuses the workspace root itself (not-a-file, 404)', async () => {
        const error = await refusal(workspace.uri(workspace.root), [workspace.root]);
        assert.strictEqual(error.code, 'not-a-file');
        assert.strictEqual(error.httpStatus, 404);
    });

    test('refuses a path through a file as missing (not-found, 404)', async () => {
        const error = await refusal(workspace.uri(path.join(workspace.insideFile, 'child')), [workspace.root]);
        assert.strictEqual(error.code, 'not-found');
        assert.strictEqual(error.httpStatus, 404);
    });

    test('refuses an array of URIs, as a repeated query parameter gives (invalid-uri, 400)', async () => {
        const error = await refusal([workspace.uri(workspace.insideFile), workspace.uri(workspace.insideFile)], [workspace.root]);
        assert.strictEqual(error.code, 'invalid-uri');
        assert.strictEqual(error.httpStatus, 400);
        assert.match(error.message, /Refusing to read an array .*a file URI string is required/);
    });

    test('maps every code to an HTTP status, 4xx for every refusal but a busy backend', () => {
        assert.deepStrictEqual({ ...FS_PERF_ACCESS_HTTP_STATUS }, {
            'invalid-uri': 400, 'unresolvable': 400, 'outside-workspace': 403, 'not-permitted': 403, 'not-found': 404, 'not-a-file': 404,
            'too-large': 413, 'no-workspace': 409, 'busy': 503,
        });
    });

    test('quotes a URI with control characters in messages, so it cannot forge log lines', () => {
        assert.strictEqual(describeUri('file:///a\nWARN forged'), '"file:///a\\nWARN forged"');
        assert.strictEqual(describeUri('file:///a b'), 'file:///a b');
    });

    test('shortens a long URI to 300 characters, keeping its start and its end', () => {
        const uri = `file:///${'d/'.repeat(5000)}name.bin`;
        const shown = describeUri(uri);
        assert.strictEqual(shown.length, 300);
        assert.isTrue(shown.startsWith('file:///d/d/'));
        assert.isTrue(shown.endsWith('/name.bin'));
    });

    test('readCheckedFile reads an empty file', async () => {
        fs.writeFileSync(path.join(workspace.folder, 'empty.txt'), '');
        assert.strictEqual((await readCheckedFile(workspace.uri(path.join(workspace.folder, 'empty.txt')), [workspace.root])).byteLength, 0);
    });
});
