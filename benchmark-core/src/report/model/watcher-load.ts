import { ResultsDocument } from '../../results/schema';
import { WatcherLoadProcess, WatcherLoadVariant } from '../../results/watcher-load';
import { WatcherLoadSection } from './section-types';

/** An editor as a person names it: Theia by release and runtime, VS Code by its product's name and version. */
export function editorLabel(document: ResultsDocument): string {
    const { host } = document;
    return host.editor === 'theia' ? `Theia ${host.editorVersion} (${host.runtime})` : `${host.editorName} ${host.editorVersion}`;
}

/** A variant's watches over all its processes. */
export function totalWatches(variant: WatcherLoadVariant): number {
    return variant.processes.reduce((sum, process) => sum + process.inotifyWatches, 0);
}

/** The processes worth a row: those that held watches or used CPU in the idle window or the churn, else all (sorted by watches). */
export function shownProcesses(variant: WatcherLoadVariant): WatcherLoadProcess[] {
    const busy = variant.processes.filter(process => process.inotifyWatches > 0 || process.idleCpuMs >= 1 || (process.churnCpuMs ?? 0) >= 1);
    return [...busy.length > 0 ? busy : variant.processes].sort((a, b) => b.inotifyWatches - a.inotifyWatches || b.cpuMs - a.cpuMs);
}

/** The section of the documents that carry a watcher load (`yarn bench --suite watch`), or undefined without any. */
export function watcherLoadSection(documents: readonly ResultsDocument[]): WatcherLoadSection | undefined {
    const hosts = documents.filter(document => document.watcherLoad !== undefined).map(document => ({ editorLabel: editorLabel(document), load: document.watcherLoad! }));
    if (hosts.length === 0) {
        return undefined;
    }
    const roles = [...new Set(hosts.flatMap(host => host.load.variants.flatMap(variant => shownProcesses(variant).map(process => process.role))))];
    return {
        kind: 'watcher-load', hosts,
        chart: {
            kind: 'stacked-bars', id: 'watcher-load', placement: 'section', scale: 'value', unit: 'watches',
            title: `inotify watches held with the ${hosts[0].load.tree} tree open`, xTitle: 'inotify watches (one per folder watched)', segments: roles,
            bars: hosts.flatMap(host => host.load.variants.map(variant => ({
                label: `${host.editorLabel}: ${variant.name}`,
                values: roles.map(role => {
                    const held = variant.processes.filter(process => process.role === role).reduce((sum, process) => sum + process.inotifyWatches, 0);
                    return held > 0 ? held : undefined;
                }),
            }))),
        },
    };
}
