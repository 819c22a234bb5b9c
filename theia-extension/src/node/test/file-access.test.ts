import * as fs from 'fs';
import * as path from 'path';
import { assert } from 'chai';
import { describeUri, FS_PERF_ACCESS_HTTP_STATUS, FsPerfAccessError, readValidatedFile, resolveReadableFile } from '../file-access';
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
        const error = await rejectionOf(resolveReadableFile(uri, roots, maxBytes));
        assert.instanceOf(error, FsPerfAccessError);
        return error as FsPerfAccessError;
    }

    test('resolves a file in the workspace to its real path and size', async () => {
        const file = await resolveReadableFile(workspace.uri(workspace.insideFile), [workspace.root], 1024);
        assert.deepStrictEqual(file, { path: fs.realpathSync(workspace.insideFile), size: 'inside\n'.length });
    });

    test('resolves a symlink in the workspace to the real path of its target', async () => {
        const file = await resolveReadableFile(workspace.uri(workspace.linkIn), [workspace.root], 1024);
        assert.strictEqual(file.path, fs.realpathSync(workspace.insideFile));
    });

    test('accepts a file of exactly maxBytes', async () => {
        const file = await resolveReadableFile(workspace.uri(workspace.insideFile), [workspace.root], 'inside\n'.length);
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

    test('refuses a file outside the workspace and names the workspace', async () => {
        const uri = workspace.uri(workspace.outsideFile);
        const error = await refusal(uri, [workspace.root]);
        assert.strictEqual(error.code, 'outside-workspace');
        assert.strictEqual(error.httpStatus, 403);
        assert.strictEqual(error.message, `Refusing to read ${uri}: it is outside the open workspace (${fs.realpathSync(workspace.root)}). `
            + 'fs-perf reads only files inside the workspace.');
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
        const file = await resolveReadableFile(workspace.uri(workspace.outsideFile), [workspace.root, workspace.outside], 1024);
        assert.strictEqual(file.path, fs.realpathSync(workspace.outsideFile));
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

    test('maps every code to an HTTP status', () => {
        assert.deepStrictEqual({ ...FS_PERF_ACCESS_HTTP_STATUS }, {
            'invalid-uri': 400, 'outside-workspace': 403, 'not-found': 404, 'not-a-file': 404, 'too-large': 413, 'no-workspace': 409,
        });
    });

    test('quotes a URI with control characters in messages, so it cannot forge log lines', () => {
        assert.strictEqual(describeUri('file:///a\nWARN forged'), '"file:///a\\nWARN forged"');
        assert.strictEqual(describeUri('file:///a b'), 'file:///a b');
    });

    test('readValidatedFile reads the checked file', async () => {
        const bytes = await readValidatedFile(workspace.uri(workspace.linkIn), [workspace.root], 1024);
        assert.strictEqual(bytes.toString('utf8'), 'inside\n');
    });

    test('readValidatedFile reads an empty file', async () => {
        const empty = path.join(workspace.folder, 'empty.txt');
        fs.writeFileSync(empty, '');
        const bytes = await readValidatedFile(workspace.uri(empty), [workspace.root]);
        assert.strictEqual(bytes.byteLength, 0);
    });
});
