import { CONFIDENCE_LEVEL } from '../../stats/median-interval';
import { NO_MEASURABLE_DIFFERENCE, percent, TOO_FEW_SAMPLES } from './numbers';

/** Where the report's method is written out: each note names its section there. */
export const METHODOLOGY = 'docs/methodology.md';

/** A note's pointer to the section of {@link METHODOLOGY} that explains it. */
export function methodIn(section: string): string {
    return `How: ${METHODOLOGY}, "${section}".`;
}

/** Which intervals the report prints, said once near its top; how they are made is in the methodology. */
function howToReadNote(): string {
    return `Every median is followed by its ${percent(CONFIDENCE_LEVEL)} confidence interval, e.g. 270 [210, 370], and printed with `
        + `the digits that interval supports; "${TOO_FEW_SAMPLES}" marks a value with too few samples for one. A factor (first / second) `
        + `carries a ${percent(CONFIDENCE_LEVEL)} bootstrap interval; one whose interval includes 1 is shown as "${NO_MEASURABLE_DIFFERENCE}". `
        + methodIn('Intervals');
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
    factorsNote: 'Time: the difference of the medians in ms (first minus second); factor: first divided by second; each with its '
        + `${percent(CONFIDENCE_LEVEL)} interval. ${methodIn('Reading the report: factors')}`,
    scenarios: 'Every scenario',
    streaming: 'Streamed reads: time to the first chunk',
    streamingNote: '"First chunk at" is the median over the samples of first chunk / whole read of FileService.readFileStream: near 100% means '
        + `the first chunk arrives only about when the read ends, so streaming saves the consumer nothing. ${methodIn('Reading the report: streamed reads')}`,
    hops: 'Where a plugin\'s read spends its time',
    vscodeParts: 'VS Code: its read from its parts',
    vscodePartsNote: 'Differences of medians of one host, so estimates, not traces; a part below 0 means the medians it is taken from differ by '
        + `less than their noise. ${methodIn('Reading the report: VS Code from its parts')}`,
    cpu: 'CPU per MB moved',
    counts: 'Messages per read',
    watcherLoad: 'Watching a big tree: the editor\'s processes',
    network: 'Over',
    networkCheck: 'Emulation check',
    networkCheckNote: 'Before measuring a host over the link, the page measured the link through the proxy; the profile\'s figure is in brackets, '
        + `and a run measures only when every figure is within the tolerance. ${methodIn('Reading the report: the emulation check')}`,
    wireFloor: 'Wire floor',
    wireFloorNote: 'The wire floor is the least time the link allows (half a round trip per crossing plus the bytes at each direction\'s '
        + `bandwidth); measured / floor says how close a path gets to its link. ${methodIn('Reading the report: the wire floor')}`,
    precision: 'Precision',
    comparison: 'Comparison',
    cpuPerRead: 'CPU per read, per process',
    exactCounts: 'Exact counts per read',
    noiseBudget: 'Noise budget',
    noiseBudgetNote: 'Why a pair ratio varies, for the cells the headline names: the spread of the pairs\' ratios split into samples, order, '
        + 'processes and blocks (shares of the variance), and about how many pairs that spread needs before "no change" can be said. '
        + methodIn('Reading the report: the noise budget'),
    environments: 'Hosts',
    notMeasured: 'Not measured',
} as const;
