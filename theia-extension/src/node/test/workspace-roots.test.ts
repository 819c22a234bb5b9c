import * as fs from 'fs';
import * as path from 'path';
import { assert } from 'chai';
import { Container } from '@theia/core/shared/inversify';
import { FileUri } from '@theia/core/lib/common/file-uri';
import { WorkspaceServer } from '@theia/workspace/lib/common/workspace-protocol';
import { WorkspaceFileService } from '@theia/workspace/lib/common/workspace-file-service';
import { stripJsonComments, WorkspaceRootsProvider, WorkspaceServerRootsProvider } from '../workspace-roots';
import { markedTemporaryFolder, rejectionOf } from './test-workspace';

suite('WorkspaceServerRootsProvider', () => {
    let temporary: string;
    let workspaceUri: string | undefined;
    let provider: WorkspaceRootsProvider;

    suiteSetup(async () => {
        temporary = await markedTemporaryFolder('fs-perf-roots-');
        for (const folder of ['a', 'b', 'c', 'd']) {
            fs.mkdirSync(path.join(temporary, folder));
        }
    });

    suiteTeardown(async () => {
        await fs.promises.rm(temporary, { recursive: true, force: true });
    });

    setup(() => {
        workspaceUri = undefined;
        const workspaceServer: Partial<WorkspaceServer> = { getMostRecentlyUsedWorkspace: async () => workspaceUri };
        const container = new Container();
        container.bind(WorkspaceServer).toConstantValue(workspaceServer);
        container.bind(WorkspaceFileService).toSelf().inSingletonScope();
        container.bind(WorkspaceServerRootsProvider).toSelf().inSingletonScope();
        container.bind(WorkspaceRootsProvider).toService(WorkspaceServerRootsProvider);
        provider = container.get(WorkspaceRootsProvider);
    });

    function writeWorkspaceFile(name: string, text: string): string {
        const file = path.join(temporary, name);
        fs.writeFileSync(file, text);
        return file;
    }

    test('has no roots when no workspace is open', async () => {
        assert.deepStrictEqual(await provider.getRoots(), []);
    });

    test('has the folder when a folder is open', async () => {
        workspaceUri = FileUri.create(path.join(temporary, 'a')).toString();
        assert.deepStrictEqual(await provider.getRoots(), [path.join(temporary, 'a')]);
    });

    test('has the folders of a .code-workspace file: relative, absolute, and file: URIs, with comments and trailing commas', async () => {
        const file = writeWorkspaceFile('project.code-workspace', [
            '{',
            '    // the folders',
            '    "folders": [',
            '        { "path": "a" },',
            `        { "path": ${JSON.stringify(path.join(temporary, 'b'))}, /* absolute */ },`,
            `        { "path": "${FileUri.create(path.join(temporary, 'c')).toString()}" },`,
            '        { "path": "./d", "name": "// not a comment" },',
            '    ],',
            '    "settings": {},',
            '}',
        ].join('\n'));
        workspaceUri = FileUri.create(file).toString();
        assert.deepStrictEqual(await provider.getRoots(), ['a', 'b', 'c', 'd'].map(folder => path.join(temporary, folder)));
    });

    test('has the folders of a .theia-workspace file', async () => {
        const file = writeWorkspaceFile('project.theia-workspace', JSON.stringify({ folders: [{ path: 'a' }, { path: 'b' }] }));
        workspaceUri = FileUri.create(file).toString();
        assert.deepStrictEqual(await provider.getRoots(), [path.join(temporary, 'a'), path.join(temporary, 'b')]);
    });

    test('has no roots when the workspace was deleted', async () => {
        workspaceUri = FileUri.create(path.join(temporary, 'deleted')).toString();
        assert.deepStrictEqual(await provider.getRoots(), []);
    });

    test('has no roots when the workspace is a file that is no workspace file', async () => {
        workspaceUri = FileUri.create(writeWorkspaceFile('notes.json', '{ "folders": [{ "path": "a" }] }')).toString();
        assert.deepStrictEqual(await provider.getRoots(), []);
    });

    test('rejects with the file name when the workspace file is corrupt', async () => {
        const file = writeWorkspaceFile('broken.code-workspace', '{ "folders": [');
        workspaceUri = FileUri.create(file).toString();
        const error = await rejectionOf(provider.getRoots());
        assert.match(error.message, /Cannot read the workspace file .*broken\.code-workspace: .*Fix the file or open a folder/);
    });

    test('rejects when the workspace file has no folders list', async () => {
        const file = writeWorkspaceFile('empty.code-workspace', '{ "settings": {} }');
        workspaceUri = FileUri.create(file).toString();
        const error = await rejectionOf(provider.getRoots());
        assert.match(error.message, /has no "folders" list/);
    });

    test('stripJsonComments keeps comment-like text and commas inside strings', () => {
        const text = '{ "a": "x // y /* z */", "b": "q,}", "c": "\\"//", } // end';
        assert.deepStrictEqual(JSON.parse(stripJsonComments(text)), { a: 'x // y /* z */', b: 'q,}', c: '"//' });
    });
});
