import { assert } from 'chai';
import { EditorFrontEnd, ReportOutcome, SessionWorkspace } from '../session/front-end';
import { runFolderResultsFiles, showRunFolderReport } from '../session/run-folder';
import { sampleBisectRecord } from './sample-bisect';

/** A folder of file names (what listing needs), and the contents of those given in `contents`. */
function folderOf(paths: readonly string[], location = '/runs/r1', contents: Record<string, string> = {}): SessionWorkspace {
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
        readFile: async path => path in contents ? new TextEncoder().encode(contents[path]) : undefined, stat: unused, writeFile: unused, rename: unused, delete: unused, createDirectory: unused,
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

    test('a bisect\'s run folder: its answer page from bisect.json, in the editor\'s colours; a bisect.json that is not one is refused, naming it', async () => {
        const messages: string[] = [];
        const pages: Array<{ title: string; html: string }> = [];
        let picked = folderOf(['bisect.json', 'report.md', 'steps'], '/runs/bisect', { 'bisect.json': JSON.stringify(await sampleBisectRecord()) });
        const frontEnd = {
            editorName: 'Test Editor',
            notify: (_severity: string, message: string) => messages.push(message),
            runFolder: async () => picked,
            showReport: (title: string, html: string) => {
                pages.push({ title, html });
            },
        } as unknown as EditorFrontEnd;
        const notResults = async (): Promise<ReportOutcome> => {
            throw new Error('a bisect folder is not shown as results');
        };
        const shown = await showRunFolderReport(frontEnd, notResults);
        assert.deepStrictEqual(shown, { status: 'shown', files: ['bisect.json'], title: pages[0]?.title });
        assert.match(pages[0].title, /^Bisect: Theia browser \(plugin\), vscode\.workspace\.fs\.readFile, 10000K \(slower\), b0\.\.b5$/);
        assert.include(pages[0].html, 'b3 is the first build where');
        assert.include(pages[0].html, 'var(--vscode-editor-background');
        assert.include(pages[0].html, 'http-equiv="Content-Security-Policy" content="default-src');
        assert.notInclude(pages[0].html, '<script');
        picked = folderOf(['bisect.json'], '/runs/broken', { 'bisect.json': '{"kind": "fs-perf bisect", "builds": [' });
        const broken = await showRunFolderReport(frontEnd, notResults);
        assert.strictEqual(broken.status, 'refused');
        assert.match(messages.at(-1)!, /^FS Perf: \/runs\/broken\/bisect\.json cannot be shown: it is not JSON/);
        picked = folderOf(['bisect.json'], '/runs/other', { 'bisect.json': '{"kind": "something else"}' });
        assert.strictEqual((await showRunFolderReport(frontEnd, notResults)).status, 'refused');
        assert.match(messages.at(-1)!, /bisect\.json cannot be shown: it is not a bisect's record/);
        assert.strictEqual(pages.length, 1);
    });
});
