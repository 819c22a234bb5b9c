import { assert } from 'chai';
import { renderReportMarkdown } from '../report/markdown';
import { buildComparisonReport } from '../report/model/build';
import { CaseCpu } from '../measure/cpu';
import { ResultsDocument } from '../results/schema';
import { seededRandom } from '../stats/bootstrap';
import { alternatedBlocks, sideDocument } from './paired-builders';

/** The two sides of a run of 8 pairs of one cell, the head's given `counts` and (per block) CPU `cpuFactor` times the base's. */
function sides(headRoundTrips: number, cpuFactor: number): ResultsDocument[] {
    const random = seededRandom(11);
    const { base, head } = alternatedBlocks(random, { pairs: 8, samples: 3, medianMs: 100, sigma: 0.05, headFactor: 1, drift: 0 });
    const counted = (document: ResultsDocument, roundTrips: number, cpu: number): ResultsDocument => ({
        ...document,
        results: document.results.map(row => ({
            ...row,
            cpuRounds: row.rounds!.map((): CaseCpu => ({ calls: 4, wallMs: 400, processes: [{ process: 'Theia backend', cpuMs: 4 * 20 * cpu * (1 + 0.02 * random()), clock: 'schedstat' }] })),
            counts: {
                quietMs: 100, windows: [{ start: 1, end: 2 }],
                observed: { by: 'cdp', outside: 0, perCall: [[{ channel: '/socket.io/', sentMessages: 4, receivedMessages: 4, sentBytes: 390, receivedBytes: 5_000_000, roundTrips }]] },
            },
        })),
    });
    return [
        counted(sideDocument('base', [{ scenario: 'theiaFileServiceReadFile', size: '5000K', blocks: base }]), 1, 1),
        counted(sideDocument('head', [{ scenario: 'theiaFileServiceReadFile', size: '5000K', blocks: head }]), headRoundTrips, cpuFactor),
    ];
}

suite('a --compare report: CPU per read and exact counts beside the wall time', () => {
    test('equal counts are said in a sentence; an extra round trip is a row; the CPU table shows each cell\'s ratio and verdict', () => {
        const same = renderReportMarkdown(buildComparisonReport(sides(1, 1)));
        assert.include(same, '### Exact counts per read');
        assert.include(same, 'every counted cell moved the same on both sides');
        assert.include(same, '### CPU per read, per process');
        assert.match(same, /\| Theia browser \(extension\) \\\| theia\.FileService\.readFile \\\| 5000K \| [\d.]+ \| [\d.]+ \| [\d.]+ \[[\d.]+, [\d.]+\] \| (no change|inconclusive) \| Theia backend /);
        const moved = renderReportMarkdown(buildComparisonReport(sides(2, 1.5)));
        assert.match(moved, /\| Theia browser \(extension\) \\\| [^|]+ \\\| 5000K \| \/socket\.io\/ \| round trips \| 1 \| 2 \| yes \|/);
        assert.match(moved, /2 counts differ; 2 beyond the range/, 'the channel and the total over all channels');
        assert.match(moved, /\| Theia browser \(extension\) \\\| theia\.FileService\.readFile \\\| 5000K \| [\d.]+ \| [\d.]+ \| 1\.(49|5)\d* \[[\d.]+, [\d.]+\] \| slower \|/);
    });
});
