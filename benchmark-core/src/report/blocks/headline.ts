import { describeNetworkProfile } from '../../network/profiles';
import { CONFIDENCE_LEVEL } from '../../stats/median-interval';
import { formatAtResolution, formatShare, formatSupported } from '../../stats/precision';
import { SampleStatistics } from '../../stats/statistics';
import { HeadlineFactor, HeadlineSection, NetworkHeadline } from '../model/section-types';
import { FactorCell } from '../model/types';
import { heading, ReportBlock } from './block';
import { linkOperationSentence, operationSentence } from './operations';
import { watcherLoadSentences } from './watcher-load';
import { formatFactor, formatFloorMs, formatMeasuredOverFloor, formatMedian, formatRatioEstimate, percent } from './numbers';

/** The heading over the headline's short list of numbers. */
export const KEY_FIGURES = 'Key figures';

const LIKE_FOR_LIKE = /^plugin-vs-vscode-workbench-/;
const LOCAL_SHORTCUT = /^plugin-vs-vscode-(browser|electron)$/;
const RELEASE = /^release-(plugin|extension)-/;

/** A median in a sentence with the digits the tables print it with (its interval's): `790`, `9.6`. */
function tableMs(statistics: SampleStatistics): string {
    return formatSupported(statistics.medianMs, statistics.medianIntervalMs);
}

/** What a factor says in a word: `faster` (below 1, the interval too), `slower`, or undefined when the samples cannot tell. */
function direction(cell: FactorCell): 'faster' | 'slower' | undefined {
    if (cell.factor === undefined || !cell.factorInterval || cell.noMeasurableDifference) {
        return undefined;
    }
    return cell.factor < 1 ? 'faster' : 'slower';
}

/** A factor's ratio with its interval, without the verdict the sentence says in words. */
const ratioOf = (cell: FactorCell): string => cell.factor === undefined ? '–' : formatRatioEstimate(cell.factor, cell.factorInterval);

/** The like-for-like sentence: a plugin's read against VS Code's read through its workbench, the same cross-process work. */
function likeForLike({ cell, size, numeratorLabel, denominatorLabel }: Omit<HeadlineFactor, 'table'>, over = ''): string {
    const word = direction(cell);
    const verdict = word ? `is ${formatShare(Math.abs(cell.factor! - 1))} ${word} than` : 'takes as long as';
    return `Like for like${over}, ${numeratorLabel}'s workspace.fs.readFile of ${size} ${verdict} ${denominatorLabel}'s read through its workbench `
        + `(both cross processes): ${tableMs(cell.numerator)} against ${tableMs(cell.denominator)} ms, a ratio of ${ratioOf(cell)} `
        + `(${percent(CONFIDENCE_LEVEL)} interval${word ? '' : ', which includes 1'}).`;
}

/** The local shortcut: VS Code's extension host reading a `file:` URI itself, against the plugin's cross-process read. */
function localShortcut({ cell }: HeadlineFactor): string {
    return `VS Code's extension host reads the same file from its own disk in ${tableMs(cell.denominator)} ms, a local shortcut no Theia `
        + `plugin's read takes: against it the plugin's read takes ${ratioOf(cell)} times as long.`;
}

/** Each older Theia release against the newest: which is faster or slower by how much, or that none can be told apart. */
function releaseSentences(factors: readonly HeadlineFactor[]): string[] {
    const releases = factors.filter(entry => RELEASE.test(entry.table.id));
    if (releases.length === 0) {
        return [];
    }
    const newest = /vs (\S+)/.exec(releases[0].table.title)?.[1] ?? 'the newest';
    const older = (factor: HeadlineFactor): string => /^Theia (\S+)/.exec(factor.table.title)?.[1] ?? factor.table.title;
    const what = (factor: HeadlineFactor): string => RELEASE.exec(factor.table.id)![1] === 'plugin' ? 'plugin' : 'FileService';
    const measurable = releases.filter(factor => direction(factor.cell));
    const listed = releases.map(factor => `${older(factor)} ${ratioOf(factor.cell)} (${what(factor)})`).join(', ');
    return [measurable.length === 0
        ? `No older Theia release reads measurably faster or slower than ${newest} at ${releases[0].size}: against ${newest}'s time, ${listed}, `
            + 'each interval including 1.'
        : `Against Theia ${newest} at ${releases[0].size}, ${measurable.map(factor => `${older(factor)}'s ${what(factor)} read is `
            + `${formatShare(Math.abs(factor.cell.factor! - 1))} ${direction(factor.cell)} (${ratioOf(factor.cell)})`).join(', ')}; `
            + `${releases.length - measurable.length} of ${releases.length} comparisons cannot be told apart.`];
}

/** The links of a network run: how the plugin's read grows with the link, and how close it comes to its wire floor on the slowest. */
function linkSentences(network: NetworkHeadline): string[] {
    const { profile, size, pluginLabel, plugin, vscodeWorkbench } = network;
    const links = (network.links ?? []).filter(link => link.plugin);
    const range = links.length > 1
        ? `Over ${links.length} emulated links, ${pluginLabel}'s workspace.fs.readFile of ${size} takes from `
            + `${links.map(link => `${tableMs(link.plugin!.measured.statistics)} ms (${link.profile.name})`).join(' to ')}. `
        : '';
    const floor = `On the slowest, ${describeNetworkProfile(profile)}, it takes ${formatMeasuredOverFloor(plugin)} times its wire floor of `
        + `${formatFloorMs(plugin.floor.floorMs)} ms (the bytes at the link's speed plus its round trips): the link, not Theia, sets the time.`;
    const sentences = [range + floor];
    if (vscodeWorkbench) {
        sentences.push(likeForLike({ size, cell: vscodeWorkbench.factor, numeratorLabel: pluginLabel, denominatorLabel: vscodeWorkbench.hostLabel },
            ` over ${profile.name}`));
    }
    return sentences;
}

/** The two or three sentences a person reads first: a network run's links first, else like for like, then releases or the local shortcut. */
export function headlineSentences(section: HeadlineSection): string[] {
    if (section.network) {
        return linkSentences(section.network);
    }
    const sentences = [
        ...section.factors.filter(factor => LIKE_FOR_LIKE.test(factor.table.id)).map(factor => likeForLike(factor)),
        ...releaseSentences(section.factors),
    ];
    const local = section.factors.find(factor => LOCAL_SHORTCUT.test(factor.table.id));
    if (local && sentences.length < 3) {
        sentences.push(localShortcut(local));
    }
    const hop = section.hops.at(-1);
    const top = hop?.row.hops.map((part, index) => ({ part, label: hop.hops[index].label })).filter(entry => entry.part?.share !== undefined)
        .sort((a, b) => b.part!.share! - a.part!.share!)[0];
    if (hop && top && sentences.length < 3) {
        sentences.push(`Most of ${hop.hostLabel}'s read of ${hop.row.targetLabel} is ${top.label}: ${formatShare(top.part!.share!)} of the traced call.`);
    }
    // Stat storms, walks, searches and writes: a sentence a question, after the reads' (a run of the trees suite has only these).
    sentences.push(...(section.operations ?? []).map(operationSentence));
    return sentences;
}

/** The short list under the sentences: each number as the table it comes from prints it. */
export function keyFigures(section: HeadlineSection): string[] {
    const items = section.medians.map(({ scenario, size, cells }) =>
        `${scenario.label} of ${size}, median ms [${percent(CONFIDENCE_LEVEL)}]: ${cells.map(({ hostLabel, cell }) => `${hostLabel} ${formatMedian(cell)}`).join('; ')}.`);
    items.push(...section.factors.filter(factor => !RELEASE.test(factor.table.id))
        .map(({ table, size, cell }) => `${table.title}, ${size}, first / second: ${formatFactor(cell)}.`));
    // One host's hops (the newest release's, where several): the rest are in the tables.
    for (const { hostLabel, hops, row } of section.hops.slice(-1)) {
        const parts = row.hops.map((hop, index) => ({ hop, label: hops[index].label })).filter(entry => entry.hop?.share !== undefined)
            .sort((a, b) => b.hop!.share! - a.hop!.share!).slice(0, 3);
        items.push(`Where ${hostLabel}'s workspace.fs.readFile of ${row.targetLabel} spends its time (traced): `
            + `${parts.map(({ hop, label }) => `${label} ${formatShare(hop!.share!)} (${formatSupported(hop!.ms)} ms)`).join(', ')}.`);
    }
    const olderHosts = new Set(section.hops.slice(0, -1).map(entry => entry.hostLabel));
    for (const { processes, row } of section.cpu.filter(entry => !olderHosts.has(entry.row.hostLabel))) {
        const seen = processes.map((process, index) => ({ process, value: row.cpuMsPerMegabyte[index] }))
            .filter((entry): entry is { process: string; value: number } => entry.value !== undefined && entry.value >= row.resolutionMsPerMegabyte)
            .sort((a, b) => b.value - a.value);
        items.push(`CPU per MB of ${row.hostLabel}'s workspace.fs.readFile of ${row.targetLabel}: `
            + `${seen.map(entry => `${entry.process} ${formatAtResolution(entry.value, row.resolutionMsPerMegabyte)} ms`).join(', ')}.`);
    }
    const stream = section.stream;
    if (stream) {
        items.push(`${stream.scenario.label} of ${stream.targetLabel} (${stream.hostLabel}): the first chunk after ${formatShare(stream.firstChunkShare)} `
            + `of the read (${formatMedian(stream.firstChunk)} of ${formatMedian(stream.whole)} ms, ${stream.chunks} chunks).`);
    }
    if (section.network) {
        items.push(networkHeadlineItem(section.network));
    }
    return items;
}

/** The headline: its sentences as one paragraph, then {@link KEY_FIGURES}. */
export function headlineBlocks(section: HeadlineSection): ReportBlock[] {
    // The reads' sentences as a paragraph, the operations' (a sentence a question, each long) as a list under it.
    const sentences = headlineSentences({ ...section, operations: undefined });
    const operations = [...(section.operations ?? []).map(operationSentence), ...(section.linkOperations ?? []).map(linkOperationSentence),
        ...(section.watcherLoad ? watcherLoadSentences(section.watcherLoad) : [])];
    const figures = keyFigures(section);
    return [...(sentences.length > 0 ? [{ kind: 'paragraph' as const, text: sentences.join(' ') }] : []),
        ...(operations.length > 0 ? [{ kind: 'list' as const, items: operations }] : []),
        ...(figures.length > 0 ? [heading(3, KEY_FIGURES), { kind: 'list' as const, items: figures }] : [])];
}

/** The plugin's read against VS Code server's on the slowest link, and how far above its wire floor it is. */
export function networkHeadlineItem(finding: NetworkHeadline): string {
    const { profile, size, pluginLabel, plugin, vscode } = finding;
    const against = vscode ? `, ${pluginLabel} / ${vscode.hostLabel} (in its extension host) ${formatFactor(vscode.factor)}` : '';
    return `Over ${profile.name}, ${pluginLabel}'s workspace.fs.readFile of ${size}: ${formatMedian(plugin.measured)} ms${against}; `
        + `wire floor ${formatFloorMs(plugin.floor.floorMs)} ms, measured / floor ${formatMeasuredOverFloor(plugin)}.`;
}
