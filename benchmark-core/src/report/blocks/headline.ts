import { describeNetworkProfile } from '../../network/profiles';
import { CONFIDENCE_LEVEL } from '../../stats/median-interval';
import { formatShare, formatSupported } from '../../stats/precision';
import { HeadlineSection, NetworkHeadline } from '../model/section-types';
import { formatFactor, formatFloorMs, formatMeasuredOverFloor, formatMedian, percent } from './numbers';

/**
 * The headline's sentences; each number is formatted as the table it comes from formats it (factor tables, the hop
 * table, the CPU table, the streaming table).
 */
export function headlineItems(section: HeadlineSection): string[] {
    const items = section.medians.map(({ scenario, size, cells }) =>
        `${scenario.label} of ${size}, median ms [${percent(CONFIDENCE_LEVEL)}]: ${cells.map(({ hostLabel, cell }) => `${hostLabel} ${formatMedian(cell)}`).join('; ')}.`);
    items.push(...section.factors.map(({ table, size, cell }) => `${table.title}, ${size}: ${formatFactor(cell)}`
        + `${cell.noMeasurableDifference ? '' : ' times the time (the first over the second)'}.`));
    for (const { hostLabel, hops, row } of section.hops) {
        const parts = row.hops.map((hop, index) => ({ hop, label: hops[index].label })).filter(entry => entry.hop !== undefined)
            .sort((a, b) => b.hop!.share - a.hop!.share).slice(0, 3);
        items.push(`Where ${hostLabel}'s workspace.fs.readFile of ${row.targetLabel} spends its time (traced): `
            + `${parts.map(({ hop, label }) => `${label} ${formatShare(hop!.share)} (${formatSupported(hop!.ms)} ms)`).join(', ')}.`);
    }
    for (const { processes, row } of section.cpu) {
        const seen = processes.map((process, index) => ({ process, value: row.cpuMsPerMegabyte[index] }))
            .filter((entry): entry is { process: string; value: number } => entry.value !== undefined).sort((a, b) => b.value - a.value);
        items.push(`CPU per MB of ${row.hostLabel}'s workspace.fs.readFile of ${row.targetLabel}: `
            + `${seen.map(entry => `${entry.process} ${formatSupported(entry.value)} ms`).join(', ')}.`);
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

/** The plugin's read against VS Code server's on the slowest link, and how far above its wire floor it is. */
export function networkHeadlineItem(finding: NetworkHeadline): string {
    const { profile, size, pluginLabel, plugin, vscode } = finding;
    const against = vscode
        ? vscode.factor.noMeasurableDifference
            ? `, against ${vscode.hostLabel}'s: ${formatFactor(vscode.factor)}`
            : `, ${formatFactor(vscode.factor)} times ${vscode.hostLabel}'s`
        : '';
    return `Over ${describeNetworkProfile(profile)}, ${pluginLabel}'s workspace.fs.readFile of ${size} takes ${formatMedian(plugin.measured)} ms${against}; `
        + `its wire floor is ${formatFloorMs(plugin.floor.floorMs)} ms (measured / floor ${formatMeasuredOverFloor(plugin)}).`;
}
