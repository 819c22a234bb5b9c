import { WatcherLoadSection } from '../model/section-types';
import { shownProcesses, totalWatches } from '../model/watcher-load';
import { charts, heading, paragraph, ReportBlock, table, TextGrid } from './block';
import { REPORT_HEADINGS } from './headings';

const mebibytes = (kib: number): string => (kib / 1024).toFixed(0);

/** A row per editor, exclude and process: watches, CPU to settle and in the idle window, memory. */
export function watcherLoadGrid(section: WatcherLoadSection): TextGrid {
    return {
        header: ['Editor', 'files.watcherExclude', 'Process', 'inotify watches', 'CPU until settled (s)', 'CPU idle (ms/s)', 'RSS (MiB)', 'Peak RSS (MiB)'],
        align: ['left', 'left', 'left', 'right', 'right', 'right', 'right', 'right'],
        rows: section.hosts.flatMap(host => host.load.variants.flatMap(variant => shownProcesses(variant).map(process => [
            host.editorLabel, variant.name, `${process.role} (PID ${process.pid})`, String(process.inotifyWatches), (process.cpuMs / 1000).toFixed(1),
            (process.idleCpuMs / (variant.idleMs / 1000)).toFixed(1), mebibytes(process.rssKiB), mebibytes(process.peakRssKiB),
        ]))),
    };
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
        + 'with nothing changing on disk, and its memory. Processes with no watch and no idle CPU are left out.',
        ...effects,
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
        return `${opening} and ${totalWatches(excluded)} with ${excluded.name}: ${saved > 0 ? `the exclude saved ${saved}` : 'the exclude saved none'}.`;
    });
}

export function watcherLoadBlocks(section: WatcherLoadSection): ReportBlock[] {
    return [heading(2, REPORT_HEADINGS.watcherLoad), table(watcherLoadGrid(section)), paragraph(watcherLoadNote(section)), charts(section.chart)];
}
