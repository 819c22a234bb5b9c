import { addCaseCpu } from '../measure/cpu';
import { concatHopSamples } from '../measure/hops';
import { mergeRowCounts } from './row-counts';
import { hostKey, hostKeyId } from './host-identity';
import { medianHalfWidth } from '../stats/median-interval';
import { Measurement, ResultsDocument } from './schema';
import { validateResultsDocument } from './document';
import { computeStatistics } from '../stats/statistics';

/** A merged row's samples cut into its rounds or blocks (`sizes`: samples in each, in order; a row's `rounds`). */
export function blocksOf(samples: readonly number[], sizes: readonly number[]): number[][] {
    let start = 0;
    return sizes.map(size => samples.slice(start, start += size));
}

/**
 * Merges the documents of one host measured in several rounds (`yarn bench --rounds N`, the hosts alternated
 * between rounds) into one: per scenario, size and row host, the timed and warm-up samples of every round in
 * round order, with statistics computed anew over all of them. A cross-host factor then no longer depends on
 * when each host happened to run. The first document gives the host, environment and settings; the run spans
 * the first start to the last finish.
 */
export function mergeRounds(rounds: readonly ResultsDocument[]): ResultsDocument {
    if (rounds.length === 0) {
        throw new Error('Merging rounds needs at least one results document.');
    }
    const [first] = rounds;
    const firstHost = hostKeyId(hostKey(first.host));
    for (const round of rounds) {
        if (hostKeyId(hostKey(round.host)) !== firstHost) {
            throw new Error(`Rounds of different hosts cannot be merged: ${hostKeyId(hostKey(round.host))} and ${firstHost}.`);
        }
    }
    const cells = new Map<string, Measurement>();
    for (const round of rounds) {
        for (const row of round.results) {
            const key = `${row.host ? hostKeyId(hostKey(row.host)) : ''}|${row.scenario.id}|${row.targetLabel}`;
            const merged = cells.get(key);
            cells.set(key, merged ? {
                ...merged,
                warmupMs: [...merged.warmupMs, ...row.warmupMs],
                samplesMs: [...merged.samplesMs, ...row.samplesMs],
                rounds: [...merged.rounds ?? [merged.samplesMs.length], ...row.rounds ?? [row.samplesMs.length]],
                verification: merged.verification === row.verification ? merged.verification : 'length',
                reportedBySubject: merged.reportedBySubject || row.reportedBySubject,
                // Per-sample stream timings stay beside their samples only when every round has them.
                stream: merged.stream && row.stream ? {
                    firstChunkMs: [...merged.stream.firstChunkMs, ...row.stream.firstChunkMs], chunks: [...merged.stream.chunks, ...row.stream.chunks],
                } : undefined,
                hops: merged.hops && row.hops ? concatHopSamples(merged.hops, row.hops) : merged.hops ?? row.hops,
                cpu: merged.cpu && row.cpu ? addCaseCpu(merged.cpu, row.cpu) : merged.cpu ?? row.cpu,
                // Each round's CPU pass kept apart, for pairing block by block, only while every round had one.
                cpuRounds: merged.cpu && row.cpu ? [...merged.cpuRounds ?? [merged.cpu], row.cpu] : undefined,
                counts: mergeRowCounts(merged.counts, row.counts),
                // A watch burst's counts stay beside their samples only when every round has them.
                events: merged.events && row.events ? { expected: merged.events.expected, received: [...merged.events.received, ...row.events.received] } : undefined,
            } : row);
        }
    }
    // Whether a cell is known within the precision target is a question about all its samples, asked anew.
    const precision = first.settings.precisionPercent;
    const results = [...cells.values()].map(row => {
        const halfWidth = medianHalfWidth(row.samplesMs);
        return {
            ...row,
            statistics: computeStatistics(row.samplesMs, row.scenario.target === 'fixture' ? row.bytes : 0),
            ...(precision === undefined ? {} : { reachedPrecision: halfWidth !== undefined && halfWidth * 100 <= precision }),
        };
    });
    const skipped = first.skipped.filter(entry => rounds.every(round => round.skipped.some(other => other.scenario.id === entry.scenario.id)));
    return validateResultsDocument({
        ...first,
        startedAt: rounds.map(round => round.startedAt).sort()[0],
        finishedAt: rounds.map(round => round.finishedAt).sort().at(-1),
        settings: {
            ...first.settings,
            iterations: rounds.reduce((sum, round) => sum + round.settings.iterations, 0),
            rounds: rounds.reduce((sum, round) => sum + (round.settings.rounds ?? 1), 0),
        },
        results,
        skipped,
    }, `The results of ${rounds.length} rounds merged`);
}
