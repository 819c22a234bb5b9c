import { assert } from 'chai';
import { EditorFrontEnd, ReportOutcome, SessionWorkspace } from '../session/front-end';
import { runFolderResultsFiles, showRunFolderReport } from '../session/run-folder';

/** A folder of file names only (what listing needs). */
function folderOf(paths: readonly string[], location = '/runs/r1'): SessionWorkspace {
    const unused = async (): Promise<never> => {
        throw new Error('not used here');
    };
    return {
        location,
        uriOf: path => `file://${location}/${path}`,
        describe: path => `${location}/${path}`,
        readDirectory: async directory => {
            const prefix = directory === '' ? '' : `${directory}/`;
            const names = paths.filter(path => path.startsWith(prefix) && !path.slice(prefix.length).includes('/')).map(path => path.slice(prefix.length));
            return names.length > 0 ? names : undefined;
        },
        readFile: unused, stat: unused, writeFile: unused, rename: unused, delete: unused, createDirectory: unused,
    };
}

suite('Show Report from a run folder', () => {
    test('a --compare run folder: base, then head, from results/, and nothing else of the folder', async () => {
        const folder = folderOf(['run.json', 'comparison.json', 'benchmark-action.json', 'results/head.json', 'results/base.json', 'blocks/1.json']);
        assert.deepStrictEqual(await runFolderResultsFiles(folder), ['results/base.json', 'results/head.json']);
    });

    test('a yarn bench run folder: every host\'s file of results/; a picked results folder itself; a folder without any', async () => {
        assert.deepStrictEqual(await runFolderResultsFiles(folderOf(['report.md', 'results/vscode-server.json', 'results/theia-browser.json'])),
            ['results/theia-browser.json', 'results/vscode-server.json']);
        assert.deepStrictEqual(await runFolderResultsFiles(folderOf(['2026-11-25T10-00-00-000Z_vs-code.json', 'notes.json'])),
            ['2026-11-25T10-00-00-000Z_vs-code.json']);
        assert.deepStrictEqual(await runFolderResultsFiles(folderOf(['run.json', 'report.md'])), []);
    });

    test('shows the run folder\'s files where they lie, or refuses naming the folder when it holds none', async () => {
        const messages: string[] = [];
        const shown: Array<{ paths: readonly string[]; location: string }> = [];
        let picked = folderOf(['results/base.json', 'results/head.json']);
        const frontEnd = {
            editorName: 'Test Editor',
            notify: (_severity: string, message: string) => messages.push(message),
            runFolder: async (uri?: string) => uri === 'cancel' ? undefined : picked,
        } as unknown as EditorFrontEnd;
        const show = async (paths: readonly string[], folder: SessionWorkspace): Promise<ReportOutcome> => {
            shown.push({ paths, location: folder.location });
            return { status: 'shown', files: paths, title: 't' };
        };
        assert.strictEqual((await showRunFolderReport(frontEnd, show)).status, 'shown');
        assert.deepStrictEqual(shown, [{ paths: ['results/base.json', 'results/head.json'], location: '/runs/r1' }]);
        assert.deepStrictEqual(await showRunFolderReport(frontEnd, show, 'cancel'), { status: 'cancelled' });
        picked = folderOf(['report.md'], '/home/me/Downloads');
        const refused = await showRunFolderReport(frontEnd, show);
        assert.strictEqual(refused.status, 'refused');
        assert.match(messages.at(-1)!, /\/home\/me\/Downloads holds no results files \(results\/\*\.json\)/);
        assert.strictEqual(shown.length, 1);
    });
});
