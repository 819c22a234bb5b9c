import { describeNetworkProfile } from '../../network/profiles';
import { CONFIDENCE_LEVEL } from '../../stats/median-interval';
import { formatAtPlace, formatAtResolution, formatShare, formatSupported } from '../../stats/precision';
import { HeadlineFactor, HeadlineSection, NetworkHeadline } from '../model/section-types';
import { FactorCell } from '../model/types';
import { heading, ReportBlock } from './block';
import { formatFactor, formatFloorMs, formatMeasuredOverFloor, formatMedian, percent } from './numbers';

/** The heading over the headline's short list of numbers. */
export const KEY_FIGURES = 'Key figures';

const LIKE_FOR_LIKE = /^plugin-vs-vscode-workbench-/;
const LOCAL_SHORTCUT = /^plugin-vs-vscode-(browser|electron)$/;
const RELEASE = /^release-(plugin|extension)-/;

/** A median in a sentence: two significant digits, `790`, `9.6`. */
function roughMs(valueMs: number): string {
    return formatAtPlace(valueMs, Math.floor(Math.log10(Math.abs(valueMs) || 1)) - 1);
}

/** What a factor says in a word: `faster` (below 1, the interval too), `slower`, or undefined when the samples cannot tell. */
function direction(cell: FactorCell): 'faster' | 'slower' | undefined {
    if (cell.factor === undefined || !cell.factorInterval || cell.noMeasurableDifference) {
        return undefined;
    }
    return cell.factor < 1 ? 'faster' : 'slower';
}

/** The like-for-like sentence: a plugin's read against VS Code's read through its workbench, the same cross-process work. */
function likeForLike({ cell, size, numeratorLabel, denominatorLabel }: Omit<HeadlineFactor, 'table'>, over = ''): string {
    const word = direction(cell);
    const verdict = word ? `is ${word} than` : 'takes as long as';
    return `Like for like${over}, ${numeratorLabel}'s workspace.fs.readFile of ${size} ${verdict} ${denominatorLabel}'s read through its workbench `
        + `(both cross processes): ${roughMs(cell.numerator.medianMs)} against ${roughMs(cell.denominator.medianMs)} ms, ${formatFactor(cell)} times `
        + `the time (${percent(CONFIDENCE_LEVEL)} interval).`;
}

/** The local shortcut: VS Code's extension host reading a `file:` URI itself, against the plugin's cross-process read. */
function localShortcut({ cell, numeratorLabel, denominatorLabel }: HeadlineFactor): string {
    return `${denominatorLabel}'s extension host reads the same file from its own disk in ${roughMs(cell.denominator.medianMs)} ms, `
        + `a shortcut ${numeratorLabel}'s plugin does not take: against it the plugin's read takes ${formatFactor(cell)} times the time.`;
}

/** Each older Theia release against the newest, per kind of read: which is faster, by how much, or that they cannot be told apart. */
function releaseSentences(factors: readonly HeadlineFactor[]): string[] {
    const byKind = new Map<string, HeadlineFactor[]>();
    for (const factor of factors.filter(entry => RELEASE.test(entry.table.id))) {
        const kind = RELEASE.exec(factor.table.id)![1];
        byKind.set(kind, [...byKind.get(kind) ?? [], factor]);
    }
    return [...byKind].map(([kind, entries]) => {
        const what = kind === 'plugin' ? 'a plugin\'s workspace.fs.readFile' : 'an extension\'s FileService.readFile';
        const newest = /vs (\S+)/.exec(entries[0].table.title)?.[1] ?? 'the newest';
        const parts = entries.map(({ table, cell }) => {
            const older = /^Theia (\S+)/.exec(table.title)?.[1] ?? table.title;
            const word = direction(cell);
            return `${older} ${word ? `is ${word}` : 'cannot be told apart'} (${formatFactor(cell)} times ${newest}'s time)`;
        });
        return `Against Theia ${newest}, ${what} of ${entries[0].size} in ${parts.join(', in ')}.`;
    });
}

/** The links of a network run: how the plugin's read grows with the link, and how close it comes to its wire floor on the slowest. */
function linkSentences(network: NetworkHeadline): string[] {
    const { profile, size, pluginLabel, plugin, vscodeWorkbench } = network;
    const links = (network.links ?? []).filter(link => link.plugin);
    const range = links.length > 1
        ? `Over ${links.length} emulated links, ${pluginLabel}'s workspace.fs.readFile of ${size} takes from `
            + `${links.map(link => `${roughMs(link.plugin!.measured.statistics.medianMs)} ms (${link.profile.name})`).join(' to ')}. `
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

/** The two or three sentences a person reads first: like for like first, then what the run was for (releases, links). */
export function headlineSentences(section: HeadlineSection): string[] {
    const likeForLikeFactors = section.factors.filter(factor => LIKE_FOR_LIKE.test(factor.table.id));
    const local = section.factors.find(factor => LOCAL_SHORTCUT.test(factor.table.id));
    const sentences = [
        ...(section.network ? linkSentences(section.network) : []),
        ...likeForLikeFactors.map(factor => likeForLike(factor, section.network ? ' on loopback' : '')),
        ...releaseSentences(section.factors),
    ];
    if (local && sentences.length < 3) {
        sentences.push(localShortcut(local));
    }
    const hop = section.hops[0];
    const top = hop?.row.hops.map((part, index) => ({ part, label: hop.hops[index].label })).filter(entry => entry.part?.share !== undefined)
        .sort((a, b) => b.part!.share! - a.part!.share!)[0];
    if (top && sentences.length < 3) {
        sentences.push(`Most of ${hop.hostLabel}'s read of ${hop.row.targetLabel} is ${top.label}: ${formatShare(top.part!.share!)} of the traced call.`);
    }
    return sentences;
}

/** The short list under the sentences: each number as the table it comes from prints it. */
export function keyFigures(section: HeadlineSection): string[] {
    const items = section.medians.map(({ scenario, size, cells }) =>
        `${scenario.label} of ${size}, median ms [${percent(CONFIDENCE_LEVEL)}]: ${cells.map(({ hostLabel, cell }) => `${hostLabel} ${formatMedian(cell)}`).join('; ')}.`);
    items.push(...section.factors.filter(factor => !RELEASE.test(factor.table.id))
        .map(({ table, size, cell }) => `${table.title}, ${size}, first / second: ${formatFactor(cell)}.`));
    for (const { hostLabel, hops, row } of section.hops) {
        const parts = row.hops.map((hop, index) => ({ hop, label: hops[index].label })).filter(entry => entry.hop?.share !== undefined)
            .sort((a, b) => b.hop!.share! - a.hop!.share!).slice(0, 3);
        items.push(`Where ${hostLabel}'s workspace.fs.readFile of ${row.targetLabel} spends its time (traced): `
            + `${parts.map(({ hop, label }) => `${label} ${formatShare(hop!.share!)} (${formatSupported(hop!.ms)} ms)`).join(', ')}.`);
    }
    for (const { processes, row } of section.cpu) {
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
    const sentences = headlineSentences(section);
    return [...(sentences.length > 0 ? [{ kind: 'paragraph' as const, text: sentences.join(' ') }] : []),
        heading(3, KEY_FIGURES), { kind: 'list', items: keyFigures(section) }];
}

/** The plugin's read against VS Code server's on the slowest link, and how far above its wire floor it is. */
export function networkHeadlineItem(finding: NetworkHeadline): string {
    const { profile, size, pluginLabel, plugin, vscode } = finding;
    const against = vscode ? `, ${pluginLabel} / ${vscode.hostLabel} (in its extension host) ${formatFactor(vscode.factor)}` : '';
    return `Over ${profile.name}, ${pluginLabel}'s workspace.fs.readFile of ${size}: ${formatMedian(plugin.measured)} ms${against}; `
        + `wire floor ${formatFloorMs(plugin.floor.floorMs)} ms, measured / floor ${formatMeasuredOverFloor(plugin)}.`;
}
