import { WatcherLoadSection } from '../model/section-types';
import { shownProcesses, totalWatches } from '../model/watcher-load';
import { WatcherLoadVariant } from '../../results/watcher-load';
import { charts, heading, paragraph, ReportBlock, table, TextGrid } from './block';
import { REPORT_HEADINGS } from './headings';

const mebibytes = (kib: number): string => (kib / 1024).toFixed(0);

/** Whether a run's loads had the churn of the dependency folder (runs before it did not). */
function hasChurn(section: WatcherLoadSection): boolean {
    return section.hosts.some(host => host.load.variants.some(variant => variant.churn !== undefined));
}

/** A variant's CPU in the churn over all its processes, ms. */
export function churnCpuMs(variant: WatcherLoadVariant): number {
    return variant.processes.reduce((sum, process) => sum + (process.churnCpuMs ?? 0), 0);
}

/** A row per editor, exclude and process: watches, CPU to settle, in the idle window and in the churn, memory. */
export function watcherLoadGrid(section: WatcherLoadSection): TextGrid {
    const churn = hasChurn(section);
    return {
        header: ['Editor', 'files.watcherExclude', 'Process', 'inotify watches', 'CPU until settled (s)', 'CPU idle (ms/s)', ...churn ? ['CPU in the churn (ms)'] : [],
            'RSS (MiB)', 'Peak RSS (MiB)'],
        align: ['left', 'left', 'left', 'right', 'right', 'right', ...churn ? ['right' as const] : [], 'right', 'right'],
        rows: section.hosts.flatMap(host => host.load.variants.flatMap(variant => shownProcesses(variant).map(process => [
            host.editorLabel, variant.name, `${process.role} (PID ${process.pid})`, String(process.inotifyWatches), (process.cpuMs / 1000).toFixed(1),
            (process.idleCpuMs / (variant.idleMs / 1000)).toFixed(1), ...churn ? [process.churnCpuMs === undefined ? '–' : process.churnCpuMs.toFixed(0)] : [],
            mebibytes(process.rssKiB), mebibytes(process.peakRssKiB),
        ]))),
    };
}

/** A row per editor and exclude: the churn's files and window, and the CPU all the server's processes and its file watcher spent in it; undefined without a churn. */
export function watcherLoadChurnGrid(section: WatcherLoadSection): TextGrid | undefined {
    if (!hasChurn(section)) {
        return undefined;
    }
    return {
        header: ['Editor', 'files.watcherExclude', 'Files created, then deleted', 'Window (s)', 'CPU of all its processes (ms)', 'of which its file watcher (ms)'],
        align: ['left', 'left', 'right', 'right', 'right', 'right'],
        rows: section.hosts.flatMap(host => host.load.variants.filter(variant => variant.churn !== undefined).map(variant => [
            host.editorLabel, variant.name, String(variant.churn!.files), (variant.churn!.ms / 1000).toFixed(1), churnCpuMs(variant).toFixed(0),
            variant.processes.filter(process => process.role === 'file watcher').reduce((sum, process) => sum + (process.churnCpuMs ?? 0), 0).toFixed(0),
        ])),
    };
}

/** What the churn cost each editor's processes, with and without the exclude, in words; none when the run had no churn. */
function churnSentences(section: WatcherLoadSection): string[] {
    const first = section.hosts.flatMap(host => host.load.variants).find(variant => variant.churn !== undefined)?.churn;
    if (!first) {
        return [];
    }
    return [
        `Then, still open, ${first.files} files of 1 KB were created one after another and deleted again in ${first.folders} package folders of node_modules by a process `
        + `outside the editor (what an npm install does, in small), and the CPU each process used from the first creation to ${(first.tailMs / 1000).toFixed(0)} s after the last `
        + 'deletion counted (both editors batch events for up to 500 ms).',
        ...section.hosts.map(host => `${host.editorLabel} used ${host.load.variants.map(variant => `${churnCpuMs(variant).toFixed(0)} ms with ${variant.name}`).join(' and ')}.`),
    ];
}

/** What the exclude changed, per editor, in words. */
export function watcherLoadNote(section: WatcherLoadSection): string {
    const { load } = section.hosts[0];
    const effects = section.hosts.map(host => {
        const [watched, excluded] = host.load.variants;
        const settled = host.load.variants.map(variant => `${(variant.settledMs / 1000).toFixed(1)} s`).join(' and ');
        if (!excluded) {
            return `${host.editorLabel} held ${totalWatches(watched)} watches (settled ${settled} after its workbench was ready).`;
        }
        const saved = totalWatches(watched) - totalWatches(excluded);
        return `${host.editorLabel} held ${totalWatches(watched)} watches with ${watched.name} and ${totalWatches(excluded)} with ${excluded.name}: `
            + (saved > 0 ? `the exclude saved ${saved} (settled ${settled} after its workbench was ready).`
                : `the exclude saved no watch: the excluded folders stayed watched (settled ${settled} after its workbench was ready).`);
    });
    return [
        `The ${load.tree} tree (${load.files} files in ${load.folders} folders, ${load.dependencyFolders} of them in node_modules) opened as each editor's workspace, `
        + 'the editor started afresh for each files.watcherExclude; its server\'s processes read from /proc from outside: the inotify watches each held once '
        + `their total had not changed for ${(section.hosts[0].load.variants[0].quietMs / 1000).toFixed(0)} s with the processes nearly idle (an inotify watcher needs one per folder it watches; `
        + 'Linux caps them per user, fs.inotify.max_user_watches), the CPU time each had used by then since it started, the CPU it used in an idle window after '
        + 'with nothing changing on disk, and its memory. Processes with no watch and no CPU in the idle window (or the churn) are left out.',
        ...effects,
        ...churnSentences(section),
    ].join(' ');
}

/** The headline's sentence per editor: the watches its server held with the tree's node_modules watched and excluded. */
export function watcherLoadSentences(section: WatcherLoadSection): string[] {
    return section.hosts.map(({ editorLabel, load }) => {
        const [watched, excluded] = load.variants;
        const opening = `Watching the ${load.tree} tree (${load.folders} folders, ${load.dependencyFolders} in node_modules), ${editorLabel}'s server held `
            + `${totalWatches(watched)} inotify watches with ${watched.name}`;
        if (!excluded) {
            return `${opening}.`;
        }
        const saved = totalWatches(watched) - totalWatches(excluded);
        const churn = watched.churn && excluded.churn
            ? ` Creating and deleting ${watched.churn.files} files in node_modules then cost its processes ${churnCpuMs(watched).toFixed(0)} ms of CPU watched and ${churnCpuMs(excluded).toFixed(0)} ms excluded.`
            : '';
        return `${opening} and ${totalWatches(excluded)} with ${excluded.name}: ${saved > 0 ? `the exclude saved ${saved}` : 'the exclude saved none'}.${churn}`;
    });
}

export function watcherLoadBlocks(section: WatcherLoadSection): ReportBlock[] {
    const churn = watcherLoadChurnGrid(section);
    return [heading(2, REPORT_HEADINGS.watcherLoad), table(watcherLoadGrid(section)), ...churn ? [table(churn)] : [], paragraph(watcherLoadNote(section)), charts(section.chart)];
}
