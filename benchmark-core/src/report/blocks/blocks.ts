import { PROC_TICKS_PER_SECOND } from '../../measure/cpu';
import { CONFIDENCE_LEVEL, Interval, minimumSamplesForMedianInterval, orderStatisticRank } from '../../stats/median-interval';
import { formatInterval, formatShare, formatSupported } from '../../stats/precision';
import { RatioEstimate, REPORT_BOOTSTRAP } from '../../stats/bootstrap';
import { describeNetworkProfile } from '../../network/profiles';
import { NetworkHeadline, NetworkSection, WireFloorCell, WireFloorTable } from '../model/network';
import { PairedComparisonSection, PairedHeadlineSection } from '../model/paired';
import { cellName, formatDetectable, formatPercent, formatPValue, MedianEstimate } from '../../compare/run-comparison';
import {
    ComparisonReport, CpuSection, FactorCell, FactorTable, HeadlineSection, HopColumn, HopRow, HopsSection, HostEnvironment, MedianCell, MedianTable, NotMeasuredHost, PrecisionMiss,
    StreamRow, ReportChart, ReportSection, VscodePartsRow,
} from '../model/build';

/** What a cell shows where nothing was measured. */
export const NOT_MEASURED_CELL = '–';

/** What a value without an interval says instead: too few samples for one. */
export const TOO_FEW_SAMPLES = `n<${minimumSamplesForMedianInterval()}`;

/** What a factor whose interval includes 1 shows, before its interval. */
export const NO_MEASURABLE_DIFFERENCE = 'no measurable difference';

function percent(level: number): string {
    return `${Math.round(level * 100)}%`;
}

/** Which intervals the report prints and why, said once near its top. */
function howToReadNote(): string {
    const n = 15;
    const rank = orderStatisticRank(n);
    return `Every median is followed by its ${percent(CONFIDENCE_LEVEL)} confidence interval, e.g. 270 [210, 370], and printed with `
        + 'the digits that interval supports. The interval of a median is two order statistics of its sorted samples '
        + `(of ${n} samples the ${rank}th and the ${n + 1 - rank!}th): distribution-free, so it holds for skewed or bimodal timings, `
        + `and deterministic, so the same samples always give the same interval. "${TOO_FEW_SAMPLES}" marks a value with too few samples `
        + `for one. A factor (first / second) and a time difference carry a ${percent(CONFIDENCE_LEVEL)} percentile-bootstrap interval `
        + `(${REPORT_BOOTSTRAP.resamples} resamples of each side, seeded, so the report is reproducible), since a ratio of medians has no `
        + `closed-form interval; a factor whose interval includes 1 is shown as "${NO_MEASURABLE_DIFFERENCE}". p5 and p95 show the spread `
        + 'of single samples, not the uncertainty of the median.';
}

/**
 * The text every renderer of the report shows: headings, and each table's cells formatted from the
 * model's statistics. Markdown and HTML differ only in markup, so both take their words from here.
 */
export const REPORT_HEADINGS = {
    headline: 'Headline',
    howToRead: 'How to read',
    howToReadNote: howToReadNote(),
    factors: 'Factors',
    factorsNote: 'Time: difference of the medians in ms (first minus second). Factor: first divided by second. Each with its '
        + `${percent(CONFIDENCE_LEVEL)} interval. "Plugin vs VS Code" compares a Theia plugin's workspace.fs.readFile, which leaves `
        + 'the plugin host (plugin host, frontend, backend, disk, and the bytes back the same way), with VS Code\'s, which a Node '
        + 'extension host serves from its own disk provider. "Like for like" compares the plugin\'s read with VS Code\'s read of '
        + 'the same file by its vscode-remote URI, which the extension host sends to the workbench, which reads it over its '
        + 'remote connection to the server: both reads cross the same kinds of process boundaries.',
    scenarios: 'Every scenario',
    streaming: 'Streamed reads: time to the first chunk',
    streamingNote: 'FileService.readFileStream delivers the file in chunks; the first chunk is when a consumer could start (say, '
        + 'decoding), the whole read when it has every byte. Measured in the same sample: one clock reading at the first chunk. '
        + '"First chunk at" is the median over the samples of first chunk / whole read: near 100% means the first chunk arrives '
        + 'only about when the read ends, so streaming saves the consumer nothing.',
    hops: 'Where a plugin\'s read spends its time',
    vscodeParts: 'VS Code: its read from its parts',
    vscodePartsNote: 'Differences of medians of one host, so estimates, not traces: the in-host floor is fs.promises.readFile in the '
        + 'extension host at the same size; the $ensureActivation round trip is workspace.fs.readFile at 1K minus the floor at 1K, '
        + 'what every read pays whatever its size; the rest is workspace.fs.readFile minus both. Through the workbench, the round '
        + 'trip to the workbench is that read at 1K, and the rest is the read minus it. Each part is followed by its share of the '
        + 'read\'s median; a part below 0 means the medians it is taken from differ by less than their noise.',
    cpu: 'CPU per MB moved',
    network: 'Over',
    networkCheck: 'Emulation check',
    networkCheckNote: 'Before measuring a host over the link, the page measured the link through the proxy: the round trip the link added '
        + '(the median round trip of a tiny request on an open connection, less the page\'s own round trip without the link), and the '
        + 'throughput of a download and an upload with the round trip taken off. The profile\'s figure is in brackets; a run measures only '
        + 'when every figure is within the tolerance.',
    wireFloor: 'Wire floor',
    wireFloorNote: 'The wire floor is the least time the link allows: half a round trip per crossing plus the bytes at each direction\'s '
        + 'bandwidth; requests counted as 0 bytes (no handshakes, slow start or headers either). Measured / floor says how close a path '
        + 'gets to its link (its interval is the median\'s divided by the floor); a path that never crosses the link (a read next to the '
        + 'disk) says "no link crossing". Crossings are counted from the hop trace where the run recorded one, else from the path the '
        + 'scenario is known to take.',
    precision: 'Precision',
    comparison: 'Comparison',
    environments: 'Hosts',
    notMeasured: 'Not measured',
} as const;

export type ColumnAlign = 'left' | 'right';

/** A table as text cells, ready for markup. */
export interface TextGrid {
    readonly header: readonly string[];
    /** Numbers right, words left. */
    readonly align: readonly ColumnAlign[];
    readonly rows: readonly (readonly string[])[];
}


/**
 * A factor's interval with the digits it supports, and more for a bound that would read as 1 without being 1
 * (1.04 as `1.04`, not `1.0`): only "no measurable difference" says that an interval includes 1.
 */
function formatFactorInterval(interval: Interval): string {
    const bound = (value: number): string => {
        let text = formatSupported(value, interval);
        for (let digits = 2; Number(text) === 1 && value !== 1 && digits <= 15; digits++) {
            text = value.toPrecision(digits);
        }
        return text;
    };
    return `[${bound(interval.low)}, ${bound(interval.high)}]`;
}

/** A value and its interval, with the digits the interval supports: `270 [210, 370]`; without one, `5.09 (n<6)`. */
export function formatEstimate(value: number, interval: Interval | undefined): string {
    return interval ? `${formatSupported(value, interval)} ${formatInterval(value, interval)}` : `${formatSupported(value)} (${TOO_FEW_SAMPLES})`;
}

export function formatMedian(cell: MedianCell | undefined): string {
    return cell ? formatEstimate(cell.statistics.medianMs, cell.medianInterval) : NOT_MEASURED_CELL;
}

/** A factor with its interval, or "no measurable difference" with the interval when that includes 1. */
export function formatFactor(cell: FactorCell | undefined): string {
    if (cell?.factor === undefined) {
        return NOT_MEASURED_CELL;
    }
    if (!cell.factorInterval) {
        return formatEstimate(cell.factor, undefined);
    }
    return cell.noMeasurableDifference
        ? `${NO_MEASURABLE_DIFFERENCE} ${formatInterval(cell.factor, cell.factorInterval)}`
        : `${formatSupported(cell.factor, cell.factorInterval)} ${formatFactorInterval(cell.factorInterval)}`;
}

/** A percentile of a cell's samples, with the digits its median's interval supports. */
function formatPercentile(cell: MedianCell | undefined, valueMs: (cell: MedianCell) => number): string {
    return cell ? formatSupported(valueMs(cell), cell.medianInterval) : NOT_MEASURED_CELL;
}

function numberColumns(firstHeader: string, columns: readonly string[]): Pick<TextGrid, 'header' | 'align'> {
    return { header: [firstHeader, ...columns], align: ['left', ...columns.map((): ColumnAlign => 'right')] };
}

export function medianGrid(table: MedianTable): TextGrid {
    return { ...numberColumns(table.rowHeader, table.columns), rows: table.rows.map(row => [row.label, ...row.cells.map(formatMedian)]) };
}

/** What the rows of a {@link distributionGrid} show, per host. */
export const DISTRIBUTION_ROWS = ['p5', `p50 [${percent(CONFIDENCE_LEVEL)} interval]`, 'p95'] as const;

/** A per-scenario table: three rows per host, the samples' p5, the median with its interval, p95. */
export function distributionGrid(table: MedianTable): TextGrid {
    const { header, align } = numberColumns(table.rowHeader, table.columns);
    const [p5, p50, p95] = DISTRIBUTION_ROWS;
    return {
        header: [header[0], 'Statistic', ...header.slice(1)],
        align: ['left', 'left', ...align.slice(1)],
        rows: table.rows.flatMap(row => [
            [row.label, p5, ...row.cells.map(cell => formatPercentile(cell, of => of.p5Ms))],
            [row.label, p50, ...row.cells.map(formatMedian)],
            [row.label, p95, ...row.cells.map(cell => formatPercentile(cell, of => of.statistics.p95Ms))],
        ]),
    };
}

/** Two rows, as the original suite: `Time` (difference, ms) and `Factor`, each with its interval. */
export function factorGrid(table: FactorTable): TextGrid {
    return {
        ...numberColumns('', table.columns),
        rows: [
            ['Time', ...table.cells.map(cell => cell ? formatEstimate(cell.differenceMs, cell.differenceInterval) : NOT_MEASURED_CELL)],
            ['Factor', ...table.cells.map(formatFactor)],
        ],
    };
}

export function environmentGrid(hosts: readonly HostEnvironment[]): TextGrid {
    return {
        header: ['Host', 'Editor', 'Runtime', 'OS', 'CPU', 'Memory', 'Versions', 'Samples'],
        align: ['left', 'left', 'left', 'left', 'left', 'right', 'left', 'left'],
        rows: hosts.map(({ label, hostInfo, environment, settings, startedAt }) => [
            label,
            `${hostInfo.editorName} ${hostInfo.editorVersion}`,
            `${hostInfo.runtime}${hostInfo.transport ? `, ${hostInfo.transport}` : ''}`,
            environment.os ? `${environment.os.platform} ${environment.os.release ?? ''}`.trim() : NOT_MEASURED_CELL,
            environment.cpu ? `${environment.cpu.model} × ${environment.cpu.count}` : NOT_MEASURED_CELL,
            environment.memoryBytes ? `${(environment.memoryBytes / 2 ** 30).toFixed(1)} GiB` : NOT_MEASURED_CELL,
            Object.entries(environment.versions).map(([name, version]) => `${name} ${version}`).join(', ') || NOT_MEASURED_CELL,
            `${settings.iterations} + ${settings.warmup} warm-up, ${startedAt}`,
        ]),
    };
}

export function streamGrid(rows: readonly StreamRow[]): TextGrid {
    return {
        header: ['Host', 'Scenario', 'Size', `First chunk, median ms [${percent(CONFIDENCE_LEVEL)}]`, `Whole read, median ms [${percent(CONFIDENCE_LEVEL)}]`,
            'First chunk at', 'Chunks'],
        align: ['left', 'left', 'left', 'right', 'right', 'right', 'right'],
        rows: rows.map(row => [row.hostLabel, row.scenario.label, row.targetLabel, formatMedian(row.firstChunk), formatMedian(row.whole),
            `${Math.round(row.firstChunkShare * 100)}%`, String(Math.round(row.chunks))]),
    };
}


/** Milliseconds (or ms per MB) without an interval, three significant digits, and the share of a whole after them: `12.3 (45%)`. */
function formatPart(valueMs: number | undefined, share?: number): string {
    if (valueMs === undefined) {
        return NOT_MEASURED_CELL;
    }
    return share === undefined ? formatSupported(valueMs) : `${formatSupported(valueMs)} (${formatShare(share)})`;
}

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
        : `The traced read is within ${formatShare(effect)} of the untraced read at 500K and up: the trace's own cost (two records per call), `
        + 'and that it ran alone after the other cases rather than among them; where the untraced read\'s interval holds the traced median, the two cannot be told apart.';
    const negative = section.hosts.flatMap(({ hostLabel, rows }) => rows.flatMap(row => row.hops.flatMap((hop, index) =>
        hop && hop.ms < 0 ? [`${hostLabel} ${row.targetLabel}, ${section.hops[index].label}: ${formatSupported(hop.ms)} ms`] : [])));
    return [
        'Each process on a Theia plugin\'s workspace.fs.readFile records when the read passed it, on the clock the machine\'s processes share, '
        + 'and each traced sample (workspace.fs.readFile run alone with the trace on) is split into the hops of the tables above: they add up to each traced '
        + 'call by construction. Each hop is its mean over the typical samples, the middle half of the matched samples ranked by their '
        + 'total (so the hops add up, which medians of skewed parts would not), with its share of their sum.',
        agreement,
        traceCost,
        ...(negative.length > 0 ? [`A hop below 0 means the processes' clocks disagree by that much (${negative.join('; ')}).`] : []),
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
            row.targetLabel, ...row.hops.map(hop => formatPart(hop?.ms, hop?.share)), formatPart(row.sumOfHopsMs), formatMedian(row.traced),
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
            const share = (valueMs: number, of: number): number | undefined => of === 0 ? undefined : valueMs / of;
            const workbench = row.workbench;
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
    return `The CPU pass repeats each case's call, untimed, after its timed samples; CPU time (user + system) is counted by the kernel in ${tickMs} ms `
        + `ticks, so a figure below is uncertain by about ${tickMs} ms divided by the MB the pass moved (MB = 10^6 bytes). `
        + `Each host could see only some processes: ${section.hosts.map(host => `${host.hostLabel}: ${host.processes.join(', ')}`).join('; ')}. `
        + `"${NOT_MEASURED_CELL}" marks a process the host could not see.`;
}

/** A row per host, scenario and size: CPU ms per MB of each process, the pass's calls and its wall ms per MB. */
export function cpuGrid(section: CpuSection): TextGrid {
    return {
        header: ['Host', 'Scenario', 'Size', ...section.processes.map(process => `${process}, CPU ms/MB`), 'Calls', 'Wall ms/MB'],
        align: ['left', 'left', 'left', ...section.processes.map((): ColumnAlign => 'right'), 'right', 'right'],
        rows: section.rows.map(row => [row.hostLabel, row.scenario.label, row.targetLabel, ...row.cpuMsPerMegabyte.map(value => formatPart(value)),
            String(row.calls), formatPart(row.wallMsPerMegabyte)]),
    };
}

function precisionNote(cells: number, missed: readonly PrecisionMiss[]): string {
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

function formatPercentValue(value: number): string {
    return value >= 10 ? value.toFixed(0) : value.toFixed(1);
}

/** What a link's section says first: the profile, where its figures come from, what emulated it, what its floor means. */
export function networkNote(section: NetworkSection): string {
    return `Its figures: ${section.profile.source}. Emulated by ${section.emulators.join(', ')} between the page and the host's server; `
        + 'every table below is of the results files measured over this link alone.';
}

/** A row per results file: the emulation check's round trip and bandwidths beside the profile's, and whether they held. */
export function networkCheckGrid(section: NetworkSection): TextGrid {
    const { profile } = section;
    return {
        header: ['Host', 'Round trip added, ms', 'Without the link, ms', 'Down, Mbit/s', 'Up, Mbit/s', 'Check'],
        align: ['left', 'right', 'right', 'right', 'right', 'left'],
        rows: section.checks.map(({ hostLabel, check, misses }) => [hostLabel, `${formatSupported(check.rttMs)} (${profile.rttMs})`, formatSupported(check.directRttMs),
            `${formatSupported(check.downMbps)} (${profile.downMbps})`, `${formatSupported(check.upMbps)} (${profile.upMbps})`,
            `${check.held ? 'held' : 'did not hold'} (±${formatShare(check.tolerance)})${misses.length > 0 ? `: ${misses.join('; ')}` : ''}`]),
    };
}

/** What a path does that never crosses the link says instead of a ratio. */
export const NO_LINK_CROSSING = 'no link crossing';

/** Measured / floor with its interval, or {@link NO_LINK_CROSSING} for a path that never crosses the link. */
export function formatMeasuredOverFloor(cell: WireFloorCell): string {
    if (cell.floor.crossingsDown + cell.floor.crossingsUp === 0) {
        return NO_LINK_CROSSING;
    }
    return cell.measuredOverFloor === undefined ? NOT_MEASURED_CELL : formatRatioEstimate(cell.measuredOverFloor, cell.measuredOverFloorInterval);
}

function formatFloorMs(floorMs: number): string {
    return floorMs === 0 ? '0' : formatSupported(floorMs);
}

/** Three rows per path: its measured median, its wire floor and measured / floor, a column per size. */
export function wireFloorGrid(table: WireFloorTable): TextGrid {
    const { header, align } = numberColumns('Path', table.columns);
    const statistics = [`measured, median ms [${percent(CONFIDENCE_LEVEL)}]`, 'wire floor, ms', 'measured / floor'] as const;
    return {
        header: [header[0], 'Crossings down / up', 'Steps from', 'Statistic', ...header.slice(1)],
        align: ['left', 'right', 'left', 'left', ...align.slice(1)],
        rows: table.rows.flatMap(row => {
            const path = [`${row.hostLabel}: ${row.scenario.label}`, `${row.crossingsDown} / ${row.crossingsUp}`, row.stepsFrom];
            return [
                [...path, statistics[0], ...row.cells.map(cell => formatMedian(cell?.measured))],
                [...path, statistics[1], ...row.cells.map(cell => cell ? formatFloorMs(cell.floor.floorMs) : NOT_MEASURED_CELL)],
                [...path, statistics[2], ...row.cells.map(cell => cell ? formatMeasuredOverFloor(cell) : NOT_MEASURED_CELL)],
            ];
        }),
    };
}

export function notMeasuredGrid(hosts: readonly NotMeasuredHost[]): TextGrid {
    return { header: ['Host', 'Reason'], align: ['left', 'left'], rows: hosts.map(({ host, reason }) => [host, reason]) };
}


/** A ratio with its interval, as a factor: the digits the interval supports, and a bound near 1 never printed as 1; without one, `1.02 (n<6)`. */
export function formatRatioEstimate(ratio: number, interval: Interval | undefined): string {
    return interval ? `${formatSupported(ratio, interval)} ${formatFactorInterval(interval)}` : formatEstimate(ratio, undefined);
}

/** A ratio (head / base) with its interval, as a factor ({@link formatRatioEstimate}). */
export function formatChangeRatio(ratio: RatioEstimate): string {
    return formatRatioEstimate(ratio.ratio, ratio);
}

function formatMedianEstimate(estimate: MedianEstimate): string {
    return formatEstimate(estimate.medianMs, estimate.intervalMs);
}

/** What both sides are: one source when they share it, else each side's. */
function sidesSources(section: Pick<PairedHeadlineSection, 'base' | 'head'>): string {
    const { base, head } = section;
    return base.source === head.source ? `both ${base.source}` : `${head.label}: ${head.source}; ${base.label}: ${base.source}`;
}

/** The headline of a comparison report: the verdicts, the largest change, and the smallest change the run could have seen. */
export function pairedHeadlineItems(section: PairedHeadlineSection): string[] {
    const { base, head, counts, noiseThreshold } = section;
    const threshold = formatPercent(noiseThreshold);
    const items = [`${head.label} against ${base.label} (${sidesSources(section)}), ${section.pairs} pairs of alternated blocks: `
        + `${counts.slower} of ${section.cells} cells slower, ${counts.faster} faster, ${counts['no change']} no change, ${counts.inconclusive} inconclusive.`];
    const largest = section.largestChange;
    items.push(largest
        ? `Largest change: ${largest.label}, ${formatShare(Math.abs(largest.cell.ratio.ratio - 1))} ${largest.cell.verdict} `
            + `(${head.label} / ${base.label} ${formatChangeRatio(largest.cell.ratio)}).`
        : `No cell changed beyond the ±${threshold} noise threshold${counts.inconclusive > 0
            ? `; ${counts.inconclusive} of ${section.cells} could not tell a change of ±${threshold} from noise (inconclusive)` : ''}.`);
    if (section.medianSmallestDetectable !== undefined) {
        const median = formatDetectable(section.medianSmallestDetectable);
        // Per host and scenario, its sizes: `Theia browser (plugin) · workspace.fs.readFile: ±22% at 5000K, ±10% at 10000K`.
        const groups = new Map<string, string[]>();
        for (const { cell, scenarioLabel } of section.keyCells) {
            const name = `${cell.hostLabel} · ${scenarioLabel}`;
            groups.set(name, [...groups.get(name) ?? [], `${formatDetectable(cell.smallestDetectable)} at ${cell.target}`]);
        }
        items.push(groups.size > 0
            ? `Smallest detectable change: ${median} in the median cell. This run could have seen a change of this size or more in `
                + `${[...groups].map(([name, sizes]) => `${name}: ${sizes.join(', ')}`).join('; in ')}. Smaller ones may be there unseen.`
            : `Smallest detectable change: ${median} in the median cell: this run could have seen a change of that size or more in half `
                + 'of its cells. Smaller ones may be there unseen.');
    }
    return items;
}

/** A row per cell: both sides' medians, the ratio, the verdict, the smallest detectable change and the adjusted p. */
export function pairedComparisonGrid(section: PairedComparisonSection): TextGrid {
    const { base, head, comparison } = section;
    const level = percent(CONFIDENCE_LEVEL);
    return {
        header: ['Host', 'Scenario', 'Size', `${base.label} ms [${level}]`, `${head.label} ms [${level}]`,
            `${head.label} / ${base.label} [${percent(1 - comparison.alpha)}]`, 'Verdict', 'Detectable', 'p adj.'],
        align: ['left', 'left', 'left', 'right', 'right', 'right', 'left', 'right', 'right'],
        rows: section.rows.map(({ scenarioLabel, cell }) => [cell.hostLabel, scenarioLabel, cell.target, formatMedianEstimate(cell.baseline),
            formatMedianEstimate(cell.current), formatChangeRatio(cell.ratio), cell.verdict, formatDetectable(cell.smallestDetectable),
            formatPValue(cell.adjustedPValue)]),
    };
}

/** How to read the comparison table: where the ratio, its interval and p come from, and what each verdict needs. */
export function pairedComparisonNote(section: PairedComparisonSection): string {
    const { base, head, comparison } = section;
    const threshold = formatPercent(comparison.noiseThreshold);
    const pairs = base.positions.length;
    return `Both sides were measured in one run, in ${pairs} pairs of blocks alternated ${base.label} ${head.label}, ${head.label} ${base.label}, `
        + `${base.label} ${head.label}, ... (A B, B A): a steady drift of the machine lands on each side as often first as second and cancels. `
        + `A pair's ratio is its ${head.label} block's median over its ${base.label} block's. The ratio column is the Hodges-Lehmann estimate `
        + `over the pairs' log ratios with its exact Wilcoxon signed-rank ${percent(1 - comparison.alpha)} interval; below 1, ${head.label} is faster. `
        + `p is that test's exact p-value, adjusted for the ${comparison.cells.length} cells compared (Benjamini-Hochberg). Slower or faster needs `
        + `the adjusted p below ${comparison.alpha}, the interval excluding 1 and the ratio beyond ±${threshold}; no change, the whole interval `
        + `within ±${threshold}; inconclusive means the run could not tell a change of ±${threshold} from noise. Detectable is the smallest `
        + `change the cell could have called slower or faster (from its interval's width, at least ±${threshold}); a smaller one may be there `
        + `unseen. The medians are of all of a side's samples, each with its ${percent(CONFIDENCE_LEVEL)} interval from order statistics.`;
}

/** The cells only one side measured, or undefined when both measured the same. */
function oneSideOnlyNote(section: PairedComparisonSection): string | undefined {
    const { base, head, comparison } = section;
    const parts = [
        ...(comparison.baselineOnly.length > 0 ? [`only ${base.label} measured ${comparison.baselineOnly.map(cellName).join('; ')}`] : []),
        ...(comparison.currentOnly.length > 0 ? [`only ${head.label} measured ${comparison.currentOnly.map(cellName).join('; ')}`] : []),
    ];
    return parts.length > 0 ? `Not compared: ${parts.join('; ')}.` : undefined;
}

/** The report as a document outline: what Markdown and HTML mark up, each in its own way. */
export type ReportBlock =
    | { readonly kind: 'heading'; readonly level: 1 | 2 | 3; readonly text: string }
    | { readonly kind: 'paragraph'; readonly text: string }
    /** A bulleted list of sentences. */
    | { readonly kind: 'list'; readonly items: readonly string[] }
    | { readonly kind: 'table'; readonly grid: TextGrid }
    /**
     * The report's charts; drawn where a renderer can draw (HTML). `linked`: Markdown links their files (next to report.md),
     * for charts whose section says in numbers only part of what they show; other charts it leaves out.
     */
    | { readonly kind: 'charts'; readonly charts: readonly ReportChart[]; readonly linked?: boolean }
    /** The samples of a per-scenario table, drawn where a renderer can draw (HTML). */
    | { readonly kind: 'distribution'; readonly table: MedianTable };

const heading = (level: 1 | 2 | 3, text: string): ReportBlock => ({ kind: 'heading', level, text });
const table = (grid: TextGrid): ReportBlock => ({ kind: 'table', grid });
const paragraph = (text: string): ReportBlock => ({ kind: 'paragraph', text });

/** The hop tables of a hops section, a heading each, the note under them and the chart. */
function hopsBlocks(section: HopsSection, hostHeading: (hostLabel: string) => string): ReportBlock[] {
    return [...section.hosts.flatMap(({ hostLabel, rows }) => [heading(3, hostHeading(hostLabel)), table(hopGrid(section.hops, rows))]),
        paragraph(hopsNote(section)), { kind: 'charts', charts: [section.chart] }];
}

/** A link's section: the profile, the emulation check, the reads, their wire floors with the chart, and the traced reads. */
function networkBlocks(section: NetworkSection): ReportBlock[] {
    const { reads, hops, chart } = section;
    return [
        heading(2, `${REPORT_HEADINGS.network} ${describeNetworkProfile(section.profile)}`), paragraph(networkNote(section)),
        heading(3, REPORT_HEADINGS.networkCheck), paragraph(REPORT_HEADINGS.networkCheckNote), table(networkCheckGrid(section)),
        ...(reads ? [heading(3, reads.title), table(medianGrid(reads))] : []),
        ...(section.floors.rows.length > 0 ? [heading(3, `${REPORT_HEADINGS.wireFloor} over ${section.profile.name}`),
            paragraph(REPORT_HEADINGS.wireFloorNote), table(wireFloorGrid(section.floors))] : []),
        ...(chart ? [{ kind: 'charts' as const, charts: [chart], linked: true }] : []),
        ...(hops ? hopsBlocks(hops, hostLabel => `${REPORT_HEADINGS.hops} over ${section.profile.name}: ${hostLabel}`) : []),
    ];
}

/** The headings, notes, tables and charts of every section, in the report's order. */
export function reportBlocks(report: ComparisonReport): ReportBlock[] {
    // Line charts open the report, except a link's, drawn with its section; stacked bars are drawn with their sections.
    const linkCharts = new Set(report.sections.flatMap(section => section.kind === 'network' && section.chart ? [section.chart] : []));
    const sizeCharts = report.charts.filter(chart => chart.kind === 'lines' && !linkCharts.has(chart));
    const headline = report.sections.find((section): section is HeadlineSection => section.kind === 'headline');
    const pairedHeadline = report.sections.find((section): section is PairedHeadlineSection => section.kind === 'paired-headline');
    // A comparison report says how to read its own table, with the comparison.
    const compares = report.sections.some(section => section.kind === 'paired-comparison');
    const blocks: ReportBlock[] = [heading(1, report.title),
        ...(headline ? [heading(2, REPORT_HEADINGS.headline), { kind: 'list' as const, items: headlineItems(headline) }] : []),
        ...(pairedHeadline ? [heading(2, REPORT_HEADINGS.headline), { kind: 'list' as const, items: pairedHeadlineItems(pairedHeadline) }] : []),
        ...(compares ? [] : [heading(2, REPORT_HEADINGS.howToRead), { kind: 'paragraph' as const, text: REPORT_HEADINGS.howToReadNote }]),
        ...(sizeCharts.length > 0 ? [{ kind: 'charts' as const, charts: sizeCharts }] : [])];
    for (const section of report.sections) {
        switch (section.kind) {
            case 'headline':
            case 'paired-headline':
                // First, above.
                break;
            case 'paired-comparison': {
                const onlyOneSide = oneSideOnlyNote(section);
                blocks.push(heading(2, `${REPORT_HEADINGS.comparison}: ${section.head.label} against ${section.base.label}`), table(pairedComparisonGrid(section)),
                    ...(onlyOneSide ? [{ kind: 'paragraph' as const, text: onlyOneSide }] : []),
                    heading(3, REPORT_HEADINGS.howToRead), { kind: 'paragraph', text: pairedComparisonNote(section) },
                    { kind: 'charts', charts: [section.chart], linked: true });
                break;
            }
            case 'medians':
                blocks.push(heading(2, section.table.title), table(medianGrid(section.table)));
                break;
            case 'factors':
                blocks.push(heading(2, REPORT_HEADINGS.factors), { kind: 'paragraph', text: REPORT_HEADINGS.factorsNote },
                    ...section.tables.flatMap(factor => [heading(3, factor.title), table(factorGrid(factor))]));
                break;
            case 'scenarios':
                blocks.push(heading(2, REPORT_HEADINGS.scenarios), ...section.tables.flatMap((median): ReportBlock[] =>
                    [heading(3, median.title), table(distributionGrid(median)), { kind: 'distribution', table: median }]));
                break;
            case 'streaming':
                blocks.push(heading(2, REPORT_HEADINGS.streaming), { kind: 'paragraph', text: REPORT_HEADINGS.streamingNote }, table(streamGrid(section.rows)));
                break;
            case 'hops':
                blocks.push(heading(2, REPORT_HEADINGS.hops), ...hopsBlocks(section, hostLabel => hostLabel));
                break;
            case 'vscode-parts':
                blocks.push(heading(2, REPORT_HEADINGS.vscodeParts), table(vscodePartsGrid(section.rows)), { kind: 'paragraph', text: REPORT_HEADINGS.vscodePartsNote });
                break;
            case 'cpu':
                blocks.push(heading(2, REPORT_HEADINGS.cpu), table(cpuGrid(section)), { kind: 'paragraph', text: cpuNote(section) },
                    { kind: 'charts', charts: [section.chart] });
                break;
            case 'network':
                blocks.push(...networkBlocks(section));
                break;
            case 'precision':
                blocks.push(heading(2, REPORT_HEADINGS.precision), { kind: 'paragraph', text: precisionNote(section.cells, section.missed) },
                    ...(section.missed.length > 0 ? [table(precisionGrid(section.missed))] : []));
                break;
            case 'environments':
                blocks.push(heading(2, REPORT_HEADINGS.environments), table(environmentGrid(section.hosts)));
                break;
            case 'not-measured':
                blocks.push(heading(2, REPORT_HEADINGS.notMeasured), table(notMeasuredGrid(section.hosts)));
                break;
            default:
                // A section kind added to the model and not rendered here fails to compile.
                unknownSection(section);
        }
    }
    return blocks;
}

function unknownSection(section: never): never {
    throw new Error(`The report has a section the renderers do not know: ${(section as ReportSection).kind}`);
}
