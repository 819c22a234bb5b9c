import { BISECT_FILE, bisectRecordProblem, bisectTitle, renderBisectHtml } from '../report/bisect-report';
import { REPORT_WEBVIEW_CSP } from '../report/html';
import { resultsFileNamesNewestFirst } from '../results/files';
import { EditorFrontEnd, ReportOutcome, SessionWorkspace } from './front-end';
import { joinPath } from './workspace-files';

/** Where `yarn bench` and `yarn bench --compare` put the results files of a run, inside its run folder. */
export const RUN_FOLDER_RESULTS = 'results';

/** The sides of a `--compare` run, in the order a comparison reads them. */
const SIDE_ORDER = ['base.json', 'head.json'];

/**
 * The results files of a run folder, relative to it: `results/*.json` (one per host of `yarn bench`, `base.json` and
 * `head.json` of `--compare`), or the folder's own when the person picked `results/` itself. Base before head, then by name.
 */
export async function runFolderResultsFiles(folder: SessionWorkspace): Promise<string[]> {
    for (const directory of [RUN_FOLDER_RESULTS, '']) {
        const names = (await folder.readDirectory(directory) ?? []).filter(name => name.endsWith('.json'));
        const results = directory === '' ? names.filter(name => SIDE_ORDER.includes(name) || resultsFileNamesNewestFirst([name]).length > 0) : names;
        if (results.length > 0) {
            const rank = (name: string): number => SIDE_ORDER.includes(name) ? SIDE_ORDER.indexOf(name) : SIDE_ORDER.length;
            return results.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)).map(name => joinPath(directory, name));
        }
    }
    return [];
}

/**
 * A bisect's run folder (`yarn bench --bisect`): its answer, steps and chart from `bisect.json`, or undefined when the
 * folder has none. A `bisect.json` that cannot be read as a bisect's record is refused with what is wrong with it.
 */
async function showBisectFolder<W extends SessionWorkspace>(frontEnd: EditorFrontEnd<W>, folder: W): Promise<ReportOutcome | undefined> {
    const bytes = await folder.readFile(BISECT_FILE);
    if (!bytes) {
        return undefined;
    }
    let record: unknown;
    try {
        record = JSON.parse(new TextDecoder().decode(bytes));
    } catch (error) {
        record = error;
    }
    const problem = record instanceof Error ? `it is not JSON (${record.message})` : bisectRecordProblem(record);
    if (problem) {
        const message = `FS Perf: ${folder.describe(BISECT_FILE)} cannot be shown: ${problem}. Pick the folder 'yarn bench --bisect' wrote, with its bisect.json as it left it.`;
        frontEnd.notify('error', message);
        return { status: 'refused', message };
    }
    const bisect = record as Parameters<typeof renderBisectHtml>[0];
    const title = bisectTitle(bisect);
    await frontEnd.showReport!(title, renderBisectHtml(bisect, { theme: 'editor', contentSecurityPolicy: REPORT_WEBVIEW_CSP }));
    return { status: 'shown', files: [BISECT_FILE], title };
}

/**
 * "Show Report from Folder": every results file of a run folder (the given URI, or one the person picks) in one report,
 * read where it lies: nothing is copied into the workspace. A bisect's folder shows its answer instead.
 */
export async function showRunFolderReport<W extends SessionWorkspace>(frontEnd: EditorFrontEnd<W>,
    show: (paths: readonly string[], folder: W) => Promise<ReportOutcome>, uri?: string): Promise<ReportOutcome> {
    if (!frontEnd.runFolder) {
        return { status: 'refused', message: `${frontEnd.editorName} cannot open a folder outside the workspace.` };
    }
    const folder = await frontEnd.runFolder(uri);
    if (!folder) {
        return { status: 'cancelled' };
    }
    if (frontEnd.showReport) {
        const bisect = await showBisectFolder(frontEnd, folder);
        if (bisect) {
            return bisect;
        }
    }
    const paths = await runFolderResultsFiles(folder);
    if (paths.length === 0) {
        const message = `FS Perf: ${folder.location} holds no results files (${RUN_FOLDER_RESULTS}/*.json) and no ${BISECT_FILE}: pick a folder that 'yarn bench', `
            + '\'yarn bench --compare\' or \'yarn bench --bisect\' wrote, or the .fs-perf/results folder of a workspace.';
        frontEnd.notify('error', message);
        return { status: 'refused', message };
    }
    return show(paths, folder);
}
