import { PROC_TICKS_PER_SECOND } from '../../measure/cpu';
import { CONFIDENCE_LEVEL } from '../../stats/median-interval';
import { formatAtResolution, formatAtPlace, formatShare, formatSupported } from '../../stats/precision';
import { HOP_RESOLUTION_MS, leftOutHopText } from '../model/hops';
import { CpuSection, HopsSection } from '../model/section-types';
import { HopColumn, HopRow, PrecisionMiss, VscodePartsRow } from '../model/types';
import { charts, heading, paragraph, ReportBlock, table } from './block';
import { methodIn } from './headings';
import { ColumnAlign, TextGrid } from './block';
import { formatMedian, formatPart, formatPercentValue, NOT_MEASURED_CELL, percent, TOO_FEW_SAMPLES } from './numbers';

/** A hop the shared clock cannot resolve (see `HOP_RESOLUTION_MS`), left out of the shares. */
export const BELOW_HOP_RESOLUTION = `<${formatAtPlace(HOP_RESOLUTION_MS, -1)}`;

/** How far the sums of hops at 500K and up are from the traced reads, and the traced from the untraced: the sentence under the hop tables. */
export function hopsNote(section: HopsSection): string {
    const largest = section.largestLargeRestShare;
    const agreement = largest === undefined
        ? 'No size of 500K or more has a traced read with matched samples.'
        : `At 500K and up the sum of the hops is within ${formatShare(largest)} of the traced read's median (${largest <= 0.1
            ? 'within 10%' : 'more than 10%: the traced read\'s samples are spread wide, so read the hops as shares of the call'}); `
        + 'the rest is the median of the traced calls minus the mean of their middle half.';
    const effect = section.largestLargeTraceEffect;
    const traceCost = effect === undefined
        ? 'No size of 500K or more has an untraced read to compare the traced read with.'
        : `The traced read is within ${formatShare(effect)} of the untraced read at 500K and up (the trace's own cost, and that it ran alone).`;
    const negative = section.hosts.flatMap(({ hostLabel, rows }) => rows.flatMap(row => row.hops.flatMap((hop, index) =>
        hop && hop.ms < 0 ? [`${hostLabel} ${row.targetLabel}, ${section.hops[index].label}: ${formatSupported(hop.ms)} ms`] : [])));
    return [
        'Each traced workspace.fs.readFile of a Theia plugin is split into the hops it passed; each hop is its mean over the middle half '
        + `of the matched samples, so the hops add up. A hop below the clock's ${formatAtPlace(HOP_RESOLUTION_MS, -1)} ms resolution `
        + `shows as "${BELOW_HOP_RESOLUTION}", one below 0 as its value and "(clock error)"; both are left out of the shares. ${methodIn('Where a plugin\'s read spends its time')}`,
        agreement,
        traceCost,
        ...(negative.length > 0 ? ['A hop below 0 means the processes\' clocks disagree by that much: measurement error, not time, shown as such '
            + `in the table and hatched in the chart (${negative.join('; ')}).`] : []),
    ].join(' ');
}

/** One traced size per row: each hop's median with its share, their sum, the traced read and the rest, the untraced read, the samples. */
export function hopGrid(hops: readonly HopColumn[], rows: readonly HopRow[]): TextGrid {
    const level = percent(CONFIDENCE_LEVEL);
    return {
        header: ['Size', ...hops.map(hop => `${hop.label}, ms`), 'Sum of hops, ms', `Traced read, median ms [${level}]`,
            'Rest, ms (% of traced)', `Untraced read, median ms [${level}]`, 'Traced / untraced', 'Matched', 'Unmatched'],
        align: ['left', ...hops.map((): ColumnAlign => 'right'), 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
        rows: rows.map(row => [
            row.targetLabel, ...row.hops.map(hop => hop && hop.share === undefined ? leftOutHopText(hop.ms) ?? BELOW_HOP_RESOLUTION : formatPart(hop?.ms, hop?.share)), formatPart(row.sumOfHopsMs), formatMedian(row.traced),
            formatPart(row.restMs, row.restShare), formatMedian(row.untraced),
            row.tracedOverUntraced === undefined ? NOT_MEASURED_CELL : row.tracedOverUntraced.toFixed(2), String(row.matched), String(row.unmatched),
        ]),
    };
}

/** A row per VS Code host and size: readFile, its floor, round trip and rest; the read through the workbench, its round trip and rest. */
export function vscodePartsGrid(rows: readonly VscodePartsRow[]): TextGrid {
    const level = percent(CONFIDENCE_LEVEL);
    return {
        header: ['Host', 'Size', `workspace.fs.readFile, median ms [${level}]`, 'In-host floor, ms', '$ensureActivation round trip, ms', 'Rest, ms',
            `Through the workbench, median ms [${level}]`, 'Round trip to the workbench, ms', 'Rest, ms'],
        align: ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
        rows: rows.map(row => {
            const read = row.readFile.statistics.medianMs;
            const workbench = row.workbench;
            // Parts are differences of medians: shares only where none is below 0, so that they add up to 100%.
            const share = (valueMs: number, of: number): number | undefined => of === 0 || row.restMs < 0 || (workbench?.restMs ?? 0) < 0
                ? undefined : valueMs / of;
            const throughWorkbench = workbench?.read.statistics.medianMs ?? 0;
            return [row.hostLabel, row.targetLabel, formatMedian(row.readFile), formatPart(row.floor.statistics.medianMs, share(row.floor.statistics.medianMs, read)),
                formatPart(row.roundTripMs, share(row.roundTripMs, read)), formatPart(row.restMs, share(row.restMs, read)),
                formatMedian(workbench?.read), formatPart(workbench?.roundTripMs, workbench && share(workbench.roundTripMs, throughWorkbench)),
                formatPart(workbench?.restMs, workbench && share(workbench.restMs, throughWorkbench))];
        }),
    };
}

/** What the CPU pass is, how coarse the kernel counts, and which processes each host could see. */
export function cpuNote(section: CpuSection): string {
    const tickMs = 1000 / PROC_TICKS_PER_SECOND;
    const ticks = section.rows.some(row => row.resolutionMsPerMegabyte * row.megabytes >= tickMs);
    const clock = ticks ? `counted by the kernel in ${tickMs} ms ticks where it could not be read finer (results made before 2026-11-27 always), `
        + `so such a figure is uncertain by about ${tickMs} ms divided by the MB the pass moved (MB = 10^6 bytes); else `
        : '';
    return `The CPU pass repeats each case's call, untimed, after its timed samples; CPU time (user + system) is ${clock}read in nanoseconds from `
        + 'the kernel\'s schedstat of each thread (a Node process\'s own: microseconds, `process.cpuUsage()`); "<x" marks a figure below the clock\'s step. '
        + `Each host could see only some processes: ${section.hosts.map(host => `${host.hostLabel}: ${host.processes.join(', ')}`).join('; ')}. `
        + `"${NOT_MEASURED_CELL}" marks a process the host could not see.`;
}

/** A row per host, scenario and size: CPU ms per MB of each process, the pass's calls and its wall ms per MB. */
export function cpuGrid(section: CpuSection): TextGrid {
    return {
        header: ['Host', 'Scenario', 'Size', ...section.processes.map(process => `${process}, CPU ms/MB`), 'Calls', 'Wall ms/MB'],
        align: ['left', 'left', 'left', ...section.processes.map((): ColumnAlign => 'right'), 'right', 'right'],
        rows: section.rows.map(row => [row.hostLabel, row.scenario.label, row.targetLabel, ...row.cpuMsPerMegabyte.map(value => value === undefined ? NOT_MEASURED_CELL : formatAtResolution(value, row.resolutionMsPerMegabyte)),
            String(row.calls), formatPart(row.wallMsPerMegabyte)]),
    };
}

export function precisionNote(cells: number, missed: readonly PrecisionMiss[]): string {
    const reached = cells - missed.length;
    const all = `sampled on until its median's ${percent(CONFIDENCE_LEVEL)} interval was within the run's precision target of it, or its time budget was spent`;
    return missed.length === 0
        ? `Every one of the ${cells} cells reached its precision target (each cell was ${all}).`
        : `${reached} of ${cells} cells reached their precision target (each cell was ${all}). These did not; their intervals are wider:`;
}

export function precisionGrid(missed: readonly PrecisionMiss[]): TextGrid {
    return {
        header: ['Host', 'Scenario', 'Size', 'Samples', 'Target ±%', 'Reached ±%'],
        align: ['left', 'left', 'left', 'right', 'right', 'right'],
        rows: missed.map(miss => [miss.hostLabel, miss.scenario.label, miss.targetLabel, String(miss.samples), formatPercentValue(miss.targetPercent),
            miss.halfWidthPercent === undefined ? TOO_FEW_SAMPLES : formatPercentValue(miss.halfWidthPercent)]),
    };
}

/** The hop tables of a hops section, a heading each, the note under them and the chart. */
export function hopsBlocks(section: HopsSection, hostHeading: (hostLabel: string) => string): ReportBlock[] {
    return [...section.hosts.flatMap(({ hostLabel, rows }) => [heading(3, hostHeading(hostLabel)), table(hopGrid(section.hops, rows))]),
        paragraph(hopsNote(section)), charts(section.chart)];
}
