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

/** How each later opening of a host compares with its first (the dependency folder watched), in words. */
function savedWords(watched: WatcherLoadVariant, other: WatcherLoadVariant, withWatched: boolean): string {
    const saved = totalWatches(watched) - totalWatches(other);
    const change = other.changedWhileRunning;
    const held = `${totalWatches(other)} with ${other.name}${change ? ` (${change.watchesBefore} before the change)` : ''}`;
    const verdict = saved > 0 ? `saved ${saved}` : saved < 0 ? `added ${-saved}` : 'saved no watch: the excluded folders stayed watched';
    return `${withWatched ? `${totalWatches(watched)} watches with ${watched.name} and ` : ''}${held}: the exclude ${verdict}`;
}

/** What the exclude changed, per editor, in words. */
export function watcherLoadNote(section: WatcherLoadSection): string {
    const { load } = section.hosts[0];
    const effects = section.hosts.map(host => {
        const [watched, ...others] = host.load.variants;
        const settled = host.load.variants.map(variant => `${(variant.settledMs / 1000).toFixed(1)} s`).join(host.load.variants.length === 2 ? ' and ' : ', ');
        const changed = host.load.variants.some(variant => variant.changedWhileRunning) ? ', or after the change' : '';
        if (others.length === 0) {
            return `${host.editorLabel} held ${totalWatches(watched)} watches (settled ${settled} after its workbench was ready).`;
        }
        return `${host.editorLabel} held ${others.map((other, index) => savedWords(watched, other, index === 0)).join('; ')} `
            + `(settled ${settled} after its workbench was ready${changed}).`;
    });
    const scopes = section.hosts.flatMap(host => host.load.variants).some(variant => variant.settingsScope === 'workspace' || variant.changedWhileRunning);
    return [
        `The ${load.tree} tree (${load.files} files in ${load.folders} folders, ${load.dependencyFolders} of them in node_modules) opened as each editor's workspace, `
        + 'the editor started afresh for each files.watcherExclude; its server\'s processes read from /proc from outside: the inotify watches each held once '
        + `their total had not changed for ${(section.hosts[0].load.variants[0].quietMs / 1000).toFixed(0)} s with the processes nearly idle (an inotify watcher needs one per folder it watches; `
        + 'Linux caps them per user, fs.inotify.max_user_watches), the CPU time each had used by then since it started, the CPU it used in an idle window after '
        + 'with nothing changing on disk, and its memory. Processes with no watch and no CPU in the idle window (or the churn) are left out.',
        ...scopes ? ['The exclude is written in the user\'s settings, except "in the workspace" (the workspace\'s .vscode/settings.json, which both editors read) and '
            + '"while running" (started with node_modules watched; once its watches settled, the user\'s settings changed while it ran, and the watches read when they settled again).'] : [],
        ...effects,
        ...churnSentences(section),
    ].join(' ');
}

/** The hosts that are releases of one editor (their labels alike but for the version), in the run's order, when there are two or more. */
export function releaseChain(section: WatcherLoadSection): WatcherLoadSection['hosts'] {
    const key = (label: string): string => label.replace(/\d+\.\d+\.\d+\S*/, 'X');
    const groups = new Map<string, WatcherLoadSection['hosts'][number][]>();
    for (const host of section.hosts) {
        groups.set(key(host.editorLabel), [...groups.get(key(host.editorLabel)) ?? [], host]);
    }
    return [...groups.values()].find(hosts => hosts.length >= 2) ?? [];
}

/**
 * A row per release (of {@link releaseChain}) and a column per opening: the watches its server held. A count is exact,
 * so two releases differ where their counts do; one opening of each.
 */
export function watcherLoadReleaseGrid(section: WatcherLoadSection): TextGrid | undefined {
    const chain = releaseChain(section);
    if (chain.length === 0) {
        return undefined;
    }
    const names = [...new Set(chain.flatMap(host => host.load.variants.map(variant => variant.name)))];
    return {
        header: ['Release', ...names.map(name => `${name}: inotify watches`)],
        align: ['left', ...names.map(() => 'right' as const)],
        rows: chain.map(host => [host.editorLabel, ...names.map(name => {
            const variant = host.load.variants.find(each => each.name === name);
            return variant ? String(totalWatches(variant)) : '–';
        })]),
    };
}

/** Which release changed which count, in words: each opening's watches from one release to the next. */
export function releaseChangeSentences(section: WatcherLoadSection): string[] {
    const chain = releaseChain(section);
    const names = [...new Set(chain.flatMap(host => host.load.variants.map(variant => variant.name)))];
    return names.map(name => {
        const counts = chain.map(host => {
            const variant = host.load.variants.find(each => each.name === name);
            return variant && { label: host.editorLabel, watches: totalWatches(variant) };
        }).filter((entry): entry is { label: string; watches: number } => entry !== undefined);
        const steps = counts.slice(1).map((entry, index) => {
            const before = counts[index];
            const change = entry.watches - before.watches;
            return change === 0 ? undefined : `${entry.label} ${change > 0 ? 'added' : 'dropped'} ${Math.abs(change)} against ${before.label} (${before.watches} to ${entry.watches})`;
        }).filter((step): step is string => step !== undefined);
        return `With ${name}: ${steps.length === 0 ? `no release changed the count (${counts.map(entry => entry.watches).join(', ')})` : steps.join('; ')}.`;
    });
}

/** The headline's sentence per editor: the watches its server held with the tree's node_modules watched and excluded. */
export function watcherLoadSentences(section: WatcherLoadSection): string[] {
    return section.hosts.map(({ editorLabel, load }) => {
        const [watched, ...others] = load.variants;
        const excluded = others[0];
        const opening = `Watching the ${load.tree} tree (${load.folders} folders, ${load.dependencyFolders} in node_modules), ${editorLabel}'s server held `
            + `${totalWatches(watched)} inotify watches with ${watched.name}`;
        if (!excluded) {
            return `${opening}.`;
        }
        const saved = totalWatches(watched) - totalWatches(excluded);
        const churn = watched.churn && excluded.churn
            ? ` Creating and deleting ${watched.churn.files} files in node_modules then cost its processes ${churnCpuMs(watched).toFixed(0)} ms of CPU watched and ${churnCpuMs(excluded).toFixed(0)} ms excluded.`
            : '';
        const more = others.slice(1).map(other => ` With ${other.name}: ${totalWatches(other)} (${totalWatches(watched) - totalWatches(other) > 0 ? `${totalWatches(watched) - totalWatches(other)} saved` : 'none saved'}).`).join('');
        return `${opening} and ${totalWatches(excluded)} with ${excluded.name}: ${saved > 0 ? `the exclude saved ${saved}` : 'the exclude saved none'}.${more}${churn}`;
    });
}

export function watcherLoadBlocks(section: WatcherLoadSection): ReportBlock[] {
    const churn = watcherLoadChurnGrid(section);
    const releases = watcherLoadReleaseGrid(section);
    return [
        heading(2, REPORT_HEADINGS.watcherLoad), ...releases ? [table(releases), paragraph(releaseChangeSentences(section).join(' '))] : [],
        table(watcherLoadGrid(section)), ...churn ? [table(churn)] : [], paragraph(watcherLoadNote(section)), charts(section.chart),
    ];
}
