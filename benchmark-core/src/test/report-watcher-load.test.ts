import { assert } from 'chai';
import { renderReportMarkdown } from '../report/markdown';
import { buildComparisonReport, reportSections } from '../report/model/build';
import { validateResultsDocument } from '../results/document';
import { ResultsDocument } from '../results/schema';
import { WatcherLoad, WatcherLoadProcess } from '../results/watcher-load';
import { scenarioInfoById } from '../measure/scenario-catalog';
import { measurement, resultsDocument, theiaBrowser, vscodeServer } from './results-builders';

const process = (role: string, pid: number, inotifyWatches: number, idleCpuMs = 0): WatcherLoadProcess =>
    ({ role, pid, inotifyWatches, cpuMs: 4200, idleCpuMs, rssKiB: 204800, peakRssKiB: 307200 });

function load(watched: number, excluded: number): WatcherLoad {
    const variant = (name: string, watches: number, pid: number) => ({
        name, watcherExclude: { '**/node_modules/**': name.endsWith('excluded') }, settledMs: 3000, quietMs: 5000, idleMs: 10_000,
        processes: [process('backend', pid, watches, 20), process('plugin host', pid + 1, 0), process('sleepy', pid + 2, 0)],
    });
    return { tree: '1k', files: 1000, folders: 301, dependencyFolders: 120, variants: [variant('node_modules watched', watched, 100), variant('node_modules excluded', excluded, 200)] };
}

function documentWithLoad(host: typeof theiaBrowser, watcherLoad: WatcherLoad): ResultsDocument {
    const read = scenarioInfoById('vscode.workspace.fs.readFile')!;
    return validateResultsDocument({ ...resultsDocument(host, [measurement(read, '1K', 1)]), watcherLoad }, 'test document');
}

suite('report: watching a big tree (the watcher load of --suite watch)', () => {
    test('a row per editor, exclude and busy process; the note says what the exclude saved, or that it saved nothing', () => {
        const report = buildComparisonReport([documentWithLoad(theiaBrowser, load(302, 182)), documentWithLoad(vscodeServer, load(302, 302))]);
        const [section] = reportSections(report, 'watcher-load');
        assert.strictEqual(section.hosts.map(host => host.editorLabel).join(' | '), 'Theia 1.74.1 (browser) | code-server 1.100.3');
        assert.deepStrictEqual(section.chart.bars.map(bar => bar.values), [[302], [182], [302], [302]]);
        const markdown = renderReportMarkdown(report);
        assert.include(markdown, '## Watching a big tree: the editor\'s processes');
        assert.include(markdown, '| Theia 1.74.1 (browser) | node_modules watched | backend (PID 100) | 302 | 4.2 | 2.0 | 200 | 300 |');
        // An idle process with no watch is left out.
        assert.notInclude(markdown, 'sleepy');
        assert.include(markdown, 'Theia 1.74.1 (browser) held 302 watches with node_modules watched and 182 with node_modules excluded: the exclude saved 120');
        assert.include(markdown, 'code-server 1.100.3 held 302 watches with node_modules watched and 302 with node_modules excluded: the exclude saved no watch');
        assert.include(markdown, 'chart-watcher-load.svg');
        // The headline says it too, a sentence per editor.
        const headline = markdown.slice(0, markdown.indexOf('## Watching a big tree'));
        assert.include(headline, 'Watching the 1k tree (301 folders, 120 in node_modules), Theia 1.74.1 (browser)\'s server held 302 inotify watches with node_modules watched and 182 with node_modules excluded: the exclude saved 120.');
        assert.include(headline, 'code-server 1.100.3\'s server held 302 inotify watches with node_modules watched and 302 with node_modules excluded: the exclude saved none.');
    });

    test('with the churn of node_modules: a column of each process\'s CPU in it, and the note and the headline say what it cost each editor', () => {
        const churned = (watchedMs: number, excludedMs: number): WatcherLoad => {
            const plain = load(302, 182);
            return {
                ...plain, variants: plain.variants.map((variant, index) => ({
                    ...variant, churn: { files: 1000, folders: 10, ms: 7300, tailMs: 5000 },
                    processes: variant.processes.map((entry, position) => ({ ...entry, churnCpuMs: position === 0 ? [watchedMs, excludedMs][index] : 1 })),
                })),
            };
        };
        const markdown = renderReportMarkdown(buildComparisonReport([documentWithLoad(theiaBrowser, churned(840, 830)), documentWithLoad(vscodeServer, churned(900, 40))]));
        assert.include(markdown, '| Theia 1.74.1 (browser) | node_modules watched | backend (PID 100) | 302 | 4.2 | 2.0 | 840 | 200 | 300 |');
        assert.include(markdown, '| code-server 1.100.3 | node_modules excluded | backend (PID 200) | 182 | 4.2 | 2.0 | 40 | 200 | 300 |');
        assert.include(markdown, '1000 files of 1 KB were created one after another and deleted again in 10 package folders of node_modules');
        assert.include(markdown, 'to 5 s after the last deletion');
        // A process with no watch and no idle CPU has a row once it spent CPU in the churn.
        assert.include(markdown, '| Theia 1.74.1 (browser) | node_modules watched | sleepy (PID 102) | 0 | 4.2 | 0.0 | 1 | 200 | 300 |');
        // Over all the processes, the idle ones too.
        assert.include(markdown, 'code-server 1.100.3 used 902 ms with node_modules watched and 42 ms with node_modules excluded.');
        // A table of the churn per editor and exclude: what the headline's totals come from.
        assert.include(markdown, '| code-server 1.100.3 | node_modules watched | 1000 | 7.3 | 902 | 0 |');
        const headline = markdown.slice(0, markdown.indexOf('## Watching a big tree'));
        assert.include(headline, 'Creating and deleting 1000 files in node_modules then cost its processes 842 ms of CPU watched and 832 ms excluded.');
        // A run from before the churn keeps its columns.
        assert.notInclude(renderReportMarkdown(buildComparisonReport([documentWithLoad(theiaBrowser, load(302, 182))])), 'CPU in the churn');
    });

    test('over releases of Theia, with the exclude in the workspace and changed while running: a row per release, and which release changed which count, in words', () => {
        const four = (watched: number, user: number, workspace: number, running: number): WatcherLoad => {
            const plain = load(watched, user);
            const [first, second] = plain.variants;
            return {
                ...plain, variants: [first, second,
                    { ...second, name: 'node_modules excluded in the workspace', settingsScope: 'workspace', processes: [process('file watcher', 300, workspace)] },
                    { ...second, name: 'node_modules excluded while running', changedWhileRunning: { from: first.watcherExclude, watchesBefore: watched, settledBeforeMs: 3000 },
                        processes: [process('file watcher', 400, running)] }],
            };
        };
        const release = (version: string, watches: WatcherLoad) => documentWithLoad({ ...theiaBrowser, editorVersion: version }, watches);
        const report = buildComparisonReport([release('1.72.3', four(302, 302, 302, 302)), release('1.73.0', four(302, 182, 302, 302)),
            release('1.74.1', four(302, 182, 182, 302)), documentWithLoad(vscodeServer, four(302, 182, 182, 182))]);
        const markdown = renderReportMarkdown(report);
        assert.include(markdown, '| Release | node_modules watched: inotify watches | node_modules excluded: inotify watches | node_modules excluded in the workspace: inotify watches | node_modules excluded while running: inotify watches |');
        assert.include(markdown, '| Theia 1.73.0 (browser) | 302 | 182 | 302 | 302 |');
        // code-server is no release of Theia: not a row of the releases' table.
        assert.notInclude(markdown, '| code-server 1.100.3 | 302 | 182 |');
        assert.include(markdown, 'With node_modules watched: no release changed the count (302, 302, 302).');
        assert.include(markdown, 'With node_modules excluded: Theia 1.73.0 (browser) dropped 120 against Theia 1.72.3 (browser) (302 to 182).');
        assert.include(markdown, 'With node_modules excluded in the workspace: Theia 1.74.1 (browser) dropped 120 against Theia 1.73.0 (browser) (302 to 182).');
        assert.include(markdown, 'With node_modules excluded while running: no release changed the count (302, 302, 302).');
        // Each later opening against the first, the change while running with its count before the change.
        assert.include(markdown, 'Theia 1.74.1 (browser) held 302 watches with node_modules watched and 182 with node_modules excluded: the exclude saved 120; '
            + '182 with node_modules excluded in the workspace: the exclude saved 120; 302 with node_modules excluded while running (302 before the change): '
            + 'the exclude saved no watch: the excluded folders stayed watched');
        assert.include(markdown, '"while running" (started with node_modules watched;');
        // One release alone has no table of releases.
        assert.notInclude(renderReportMarkdown(buildComparisonReport([release('1.74.1', four(302, 182, 182, 302))])), '| Release |');
    });

    test('a run without a watcher load has no such section, and a load with no process is refused', () => {
        const read = scenarioInfoById('vscode.workspace.fs.readFile')!;
        assert.lengthOf(reportSections(buildComparisonReport([resultsDocument(vscodeServer, [measurement(read, '1K', 1)])]), 'watcher-load'), 0);
        const empty = { ...load(1, 1), variants: [{ ...load(1, 1).variants[0], processes: [] }] };
        assert.throws(() => documentWithLoad(vscodeServer, empty), /watcherLoad\.variants\[0\]\.processes/);
    });
});
