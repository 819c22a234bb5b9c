import { REPORT_BOOTSTRAP } from '../../stats/bootstrap';
import { CONFIDENCE_LEVEL, orderStatisticRank } from '../../stats/median-interval';
import { NO_MEASURABLE_DIFFERENCE, percent, TOO_FEW_SAMPLES } from './numbers';

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
    counts: 'Messages per read',
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
    cpuPerRead: 'CPU per read, per process',
    exactCounts: 'Exact counts per read',
    noiseBudget: 'Noise budget',
    noiseBudgetNote: 'Why a pair ratio varies, for the cells the headline names: the spread of the pairs\' ratios (the standard '
        + 'deviation of their logarithms, about a relative spread) split into what the samples inside each block explain '
        + '(more samples per block would average it away), what the order inside a pair explains (the side measured second '
        + 'against the side measured first; alternating the order cancels it from the estimate, not from the spread), and '
        + 'the rest: what changes from one block to the next (garbage, JIT, the other side\'s processes, the machine), which '
        + 'only more pairs average away. Starts: how many times each side\'s processes (backend, plugin host, page) were started '
        + 'for the pairs; where a start held 2 pairs or more, Processes is what one start against another explains (memory '
        + 'layout, heap, JIT, core), which only restarting averages away; with fresh processes for every pair it is part of '
        + 'Blocks. Shares are of the variance. Pairs for ±x%: about how many pairs this spread needs before the cell\'s 95% '
        + 'interval fits within the noise threshold, so that "no change" can be said; if blocks were steady: the same with '
        + 'only the samples\' part of the spread, what a runner whose blocks do not vary from one to the next would need.',
    environments: 'Hosts',
    notMeasured: 'Not measured',
} as const;
