import { cellKeyId, rowCellKey } from './cell-key';
import { distinctHostLabels, hostKey, HostKey, hostKeyId } from './host-identity';
import { HostInfo, Measurement, type NetworkProfile, ResultsDocument } from './schema';

/** One measurement with the host it was measured in (the row's own host, else its file's). */
export interface ReportMeasurement {
    readonly host: HostKey;
    /** {@link ComparisonReport.hosts}' label of `host`. */
    readonly hostLabel: string;
    /** The host as its results file describes it (product, version, transport). */
    readonly hostInfo: HostInfo;
    readonly measurement: Measurement;
    /** The emulated link its results file was measured over (`yarn bench --network`); undefined over loopback. */
    readonly network?: NetworkProfile;
    /** A tree scenario's tree, as its results file's manifest says (its folders, for a walk's calls); undefined for others. */
    readonly treeFolders?: number;
    /** The calls in flight of the run's N-in-flight storms (`treeConcurrency`), where its settings record it. */
    readonly treeConcurrency?: number;
}

/** Every Theia release some results files measured, per runtime, oldest first. */
export function theiaReleasesOf(documents: readonly ResultsDocument[]): Map<HostKey['runtime'], string[]> {
    const releases = new Map<HostKey['runtime'], Set<string>>();
    for (const host of documents.flatMap(document => [document.host, ...document.results.map(row => row.host ?? document.host)])) {
        if (host.editor === 'theia' && host.editorVersion !== 'unknown') {
            releases.set(host.runtime, (releases.get(host.runtime) ?? new Set()).add(host.editorVersion));
        }
    }
    return new Map([...releases].map(([runtime, versions]) => [runtime, [...versions].sort(compareReleases)]));
}

/** Release versions in order (1.54.0 < 1.60.2 < 1.74.1). */
export function compareReleases(a: string, b: string): number {
    const [x, y] = [a, b].map(version => version.split('.').map(Number));
    for (let index = 0; index < Math.max(x.length, y.length); index++) {
        const difference = (x[index] ?? 0) - (y[index] ?? 0);
        if (difference !== 0 && !Number.isNaN(difference)) {
            return difference;
        }
    }
    return a.localeCompare(b);
}

/**
 * The host key of a results file's host: {@link hostKey}, plus the release where the files measured several Theia
 * releases of one runtime and this is not the newest (which keeps the plain key every table looks up).
 */
export function hostKeyerOf(documents: readonly ResultsDocument[]): (host: HostInfo) => HostKey {
    const releases = theiaReleasesOf(documents);
    return host => {
        const versions = host.editor === 'theia' ? releases.get(host.runtime) ?? [] : [];
        return versions.length > 1 && host.editorVersion !== versions[versions.length - 1] && versions.includes(host.editorVersion)
            ? { ...hostKey(host), release: host.editorVersion }
            : hostKey(host);
    };
}

/** Every host of some results files (the files' hosts and their rows' own), once each, in order of appearance. */
export function hostKeysOf(documents: readonly ResultsDocument[]): HostKey[] {
    const keyOf = hostKeyerOf(documents);
    const hosts = documents.flatMap(document => [document.host, ...document.results.map(row => row.host ?? document.host)]).map(keyOf);
    return [...new Map(hosts.map(host => [hostKeyId(host), host])).values()];
}

/** Labels for every host of some results files, telling each apart; with several Theia releases, each Theia label names its release. */
export function hostLabelsOf(documents: readonly ResultsDocument[]): (key: HostKey) => string {
    const releases = theiaReleasesOf(documents);
    return distinctHostLabels(hostKeysOf(documents), key => {
        const versions = key.editor === 'theia' ? releases.get(key.runtime) ?? [] : [];
        return versions.length > 1 ? versions[versions.length - 1] : undefined;
    });
}

/** {@link cellKeyId} of a host's measurement of a scenario at a target. */
export function measurementId(host: HostKey, scenarioId: string, target: string): string {
    return cellKeyId({ host, scenarioId, target });
}

/**
 * Every measurement of some results files, keyed by host identity, scenario and target: a later file
 * wins over an earlier one for the same key, in the earlier one's place.
 */
export function collectMeasurements(documents: readonly ResultsDocument[], label = hostLabelsOf(documents)): ReportMeasurement[] {
    const byId = new Map<string, ReportMeasurement>();
    const keyOf = hostKeyerOf(documents);
    for (const document of documents) {
        for (const measurement of document.results) {
            const hostInfo = measurement.host ?? document.host;
            const cell = rowCellKey(document, measurement, keyOf);
            const tree = measurement.scenario.target === 'tree' ? document.trees?.find(candidate => candidate.folder === measurement.fileName) : undefined;
            byId.set(cellKeyId(cell), {
                host: cell.host, hostLabel: label(cell.host), hostInfo, measurement,
                ...tree ? { treeFolders: tree.folders } : {}, ...document.settings.treeConcurrency === undefined ? {} : { treeConcurrency: document.settings.treeConcurrency },
            });
        }
    }
    return [...byId.values()];
}
