import { operationsBlocks, OPERATIONS_HEADING } from './operations';
import { describeNetworkProfile, linkAsChecked } from '../../network/profiles';
import { CONFIDENCE_LEVEL } from '../../stats/median-interval';
import { formatShare, formatSupported } from '../../stats/precision';
import { NetworkSection } from '../model/section-types';
import { WireFloorTable } from '../model/types';
import { charts, heading, paragraph, ReportBlock, table, TextGrid } from './block';
import { medianGrid, numberColumns } from './grids';
import { REPORT_HEADINGS } from './headings';
import { hopsBlocks } from './hops-cpu';
import { formatEstimate, formatFactor, formatFloorMs, formatMeasuredOverFloor, formatMedian, NOT_MEASURED_CELL, percent } from './numbers';

/** What a link's section says first: the profile, where its figures come from, what emulated it, what its floor means. */
export function networkNote(section: NetworkSection): string {
    const short = section.checks.filter(row => !row.check.held).map(row => row.hostLabel);
    return `Its figures: ${section.profile.source}. Emulated by ${section.emulators.join(', ')} between the page and the host's server; `
        + 'every table below is of the results files measured over this link alone.'
        + (short.length > 0 ? ` On this machine the proxy could not hold the profile for ${short.join(', ')} (the check below: a bandwidth it could not carry, `
            + 'or a round trip a busy machine lengthened): those were measured against the link as checked, and their floors use the figures the check measured.' : '');
}

/** The check's column: held or not, what missed, and the rates the floors use when the link was measured as checked. */
function checkCell({ check, misses }: NetworkSection['checks'][number], profile: NetworkSection['profile']): string {
    const verdict = `${check.held ? 'held' : 'did not hold'} (±${formatShare(check.tolerance)})${misses.length > 0 ? `: ${misses.join('; ')}` : ''}`;
    if (check.held) {
        return verdict;
    }
    const checked = linkAsChecked({ profile, check, emulator: '' });
    return `${verdict}; measured as checked, floors at ${formatSupported(checked.rttMs)} ms round trip, ${formatSupported(checked.downMbps)} down, ${formatSupported(checked.upMbps)} up`;
}

/** A row per results file: the emulation check's round trip and bandwidths beside the profile's, and whether they held. */
export function networkCheckGrid(section: NetworkSection): TextGrid {
    const { profile } = section;
    return {
        header: ['Host', 'Round trip added, ms', 'Without the link, ms', 'Down, Mbit/s', 'Up, Mbit/s', 'Check'],
        align: ['left', 'right', 'right', 'right', 'right', 'left'],
        rows: section.checks.map(({ hostLabel, check, misses }) => [hostLabel, `${formatSupported(check.rttMs)} (${profile.rttMs})`, formatSupported(check.directRttMs),
            `${formatSupported(check.downMbps)} (${profile.downMbps})`, `${formatSupported(check.upMbps)} (${profile.upMbps})`,
            checkCell({ hostLabel, check, misses }, profile)]),
    };
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

/** A row per factor the headline gives for a link: the two medians and their ratio, each with its interval. */
function headlineFactorGrid(rows: NonNullable<NetworkSection['headlineFactors']>['rows']): TextGrid {
    const level = percent(CONFIDENCE_LEVEL);
    return {
        header: ['First / second', `First, median ms [${level}]`, `Second, median ms [${level}]`, `Factor [${level}]`],
        align: ['left', 'right', 'right', 'right'],
        rows: rows.map(({ label, cell }) => [label, formatEstimate(cell.numerator.medianMs, cell.numerator.medianIntervalMs),
            formatEstimate(cell.denominator.medianMs, cell.denominator.medianIntervalMs), formatFactor(cell)]),
    };
}

/** A link's section: the profile, the emulation check, the reads, their wire floors with the chart, and the traced reads. */
export function networkBlocks(section: NetworkSection): ReportBlock[] {
    const { reads, hops, chart } = section;
    return [
        heading(2, `${REPORT_HEADINGS.network} ${describeNetworkProfile(section.profile)}`), paragraph(networkNote(section)),
        heading(3, REPORT_HEADINGS.networkCheck), paragraph(REPORT_HEADINGS.networkCheckNote), table(networkCheckGrid(section)),
        ...(reads ? [heading(3, reads.title), table(medianGrid(reads))] : []),
        ...(section.floors.rows.length > 0 ? [heading(3, `${REPORT_HEADINGS.wireFloor} over ${section.profile.name}`),
            paragraph(REPORT_HEADINGS.wireFloorNote), table(wireFloorGrid(section.floors))] : []),
        ...(chart ? [charts(chart)] : []),
        ...(section.headlineFactors ? [heading(3, `The headline's factors over ${section.profile.name} at ${section.headlineFactors.size}`),
            table(headlineFactorGrid(section.headlineFactors.rows))] : []),
        ...(hops ? hopsBlocks(hops, hostLabel => `${REPORT_HEADINGS.hops} over ${section.profile.name}: ${hostLabel}`) : []),
        ...(section.operations ? operationsBlocks(section.operations, 3, `${OPERATIONS_HEADING}, over ${section.profile.name}`) : []),
    ];
}
