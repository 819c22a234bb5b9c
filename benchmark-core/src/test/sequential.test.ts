import { assert } from 'chai';
import * as fs from 'fs';
import * as path from 'path';
import { ResultsDocument } from '../results/schema';
import { blocksOf } from '../results/rounds';
import { seededRandom } from '../stats/bootstrap';
import { normalCdf, normalQuantile } from '../stats/normal';
import { pairRatios, walshRank } from '../stats/paired';
import { groupSequentialBoundaries, lookPairs, runSequential, SequentialDesign, sequentialLooks, SequentialOutcome } from '../stats/sequential';
import { median } from '../stats/statistics';
import { COMMITTED_RUNS } from './simulated-runs';

/** The committed A/A run `compare-2026-11-25-aa` (`yarn bench --compare base=1.74.1 head=1.74.1`): 15 cells, 14 pairs of 5-sample blocks. */
const AA_RUN = path.join(COMMITTED_RUNS, 'compare-2026-11-25-aa');

interface AaCell {
    readonly name: string;
    /** The cell's pair log ratios, centred on their median: a cell with no change by construction, with the run's own noise. */
    readonly centredLogs: readonly number[];
}

function aaCells(): AaCell[] {
    const read = (side: string): ResultsDocument => JSON.parse(fs.readFileSync(path.join(AA_RUN, `${side}.json`), 'utf8'));
    const base = read('base');
    const head = read('head');
    return base.results.map((row, index) => {
        const other = head.results[index];
        const logs = pairRatios(blocksOf(row.samplesMs, row.rounds ?? []), blocksOf(other.samplesMs, other.rounds ?? [])).map(Math.log);
        const centre = median(logs);
        return { name: `${row.scenario.id} ${row.targetLabel}`, centredLogs: logs.map(value => value - centre) };
    });
}

/**
 * Pairs drawn from a cell's own pair log ratios, with replacement and a random sign (a pair of identical builds is as
 * likely either way round), times `trueRatio`; `undefined` once `budget` pairs are drawn.
 */
function pairSource(cell: AaCell, trueRatio: number, random: () => number, budget = Number.POSITIVE_INFINITY): () => number | undefined {
    let drawn = 0;
    return () => {
        if (drawn++ >= budget) {
            return undefined;
        }
        const log = cell.centredLogs[Math.floor(random() * cell.centredLogs.length)];
        return Math.exp((random() < 0.5 ? -log : log)) * trueRatio;
    };
}

function tally(outcomes: readonly SequentialOutcome[]): Record<string, number> {
    const counts: Record<string, number> = { slower: 0, faster: 0, 'no change': 0, inconclusive: 0 };
    for (const outcome of outcomes) {
        counts[outcome.verdict]++;
    }
    return counts;
}

suite('sequential comparison: sampling until a cell is resolved', function () {
    this.timeout(60000);

    test('the boundaries of 5 equally spaced looks match the published Lan-DeMets values (Pocock and O\'Brien-Fleming type)', () => {
        const fractions = [0.2, 0.4, 0.6, 0.8, 1];
        const pocock = groupSequentialBoundaries(fractions, 0.05, (t, alpha) => alpha * Math.log(1 + (Math.E - 1) * t));
        [2.438, 2.427, 2.410, 2.397, 2.386].forEach((published, index) => assert.closeTo(pocock[index].boundary, published, 0.005));
        // O'Brien-Fleming type as ldbounds spends it for a two-sided test: each side alpha/2 of 2 - 2 Phi(z(1 - alpha/4) / sqrt(t)).
        const obrienFleming = groupSequentialBoundaries(fractions, 0.05, (t, alpha) => 4 * (1 - normalCdf(normalQuantile(1 - alpha / 4) / Math.sqrt(t))));
        [4.877, 3.357, 2.680, 2.290, 2.031].forEach((published, index) => assert.closeTo(obrienFleming[index].boundary, published, 0.005));
        assert.closeTo(obrienFleming.reduce((sum, look) => sum + look.spent, 0), 0.05, 1e-4);
    });

    test('Brownian paths cross the default design\'s boundaries at some look 5% of the time', () => {
        const design: SequentialDesign = { maxPairs: 40 };
        const looks = sequentialLooks(design);
        assert.deepStrictEqual(lookPairs(design), [8, 12, 16, 20, 24, 28, 32, 36, 40]);
        const random = seededRandom(11);
        const normal = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
        let crossed = 0;
        const paths = 20000;
        for (let path = 0; path < paths; path++) {
            let sum = 0;
            let pairs = 0;
            for (const look of looks) {
                for (; pairs < look.pairs; pairs++) {
                    sum += normal();
                }
                if (Math.abs(sum / Math.sqrt(pairs)) >= look.boundary) {
                    crossed++;
                    break;
                }
            }
        }
        // 5% of 20000 has a binomial sd of 0.15%.
        assert.closeTo(crossed / paths, 0.05, 0.006);
        assert.isBelow(looks[0].nominalAlpha, 0.005, 'the first look spends little');
        assert.isAbove(looks[looks.length - 1].nominalAlpha, 0.025, 'the last look tests at nearly the fixed-sample level');
    });

    test('a planned look that could decide nothing (its level below what the signed-rank test of its pairs can reach) is left out, its alpha spent later', () => {
        // O'Brien-Fleming spends about 1e-5 by 8 of 40 pairs and 3e-4 by 12; 8 pairs reach p 2/256 at best, 12 pairs 2/4096.
        const long = sequentialLooks({ maxPairs: 40 });
        assert.deepStrictEqual(long.map(look => look.pairs), [16, 20, 24, 28, 32, 36, 40]);
        assert.isTrue(long.every(look => walshRank(look.pairs, 1 - look.nominalAlpha) !== undefined), 'every look can decide');
        assert.closeTo(long.reduce((sum, look) => sum + look.spent, 0), 0.05, 1e-4, 'all of alpha is spent over the looks kept');
        // A short design keeps its looks: 8 of 10 pairs is far enough into it.
        assert.deepStrictEqual(sequentialLooks({ maxPairs: 10 }).map(look => look.pairs), [8, 10]);
        assert.deepStrictEqual(sequentialLooks({ maxPairs: 8 }).map(look => look.pairs), [8]);
    });

    test('on the committed A/A run\'s own noise, at most 5% of 300 simulated cells raise a false alarm', () => {
        const cells = aaCells();
        assert.lengthOf(cells, 15);
        const design: SequentialDesign = { maxPairs: 40 };
        const looks = sequentialLooks(design);
        const random = seededRandom(7);
        const outcomes = cells.flatMap(cell => Array.from({ length: 20 }, () => runSequential(design, pairSource(cell, 1, random), looks)));
        const counts = tally(outcomes);
        assert.isAtMost(counts.slower + counts.faster, 0.05 * outcomes.length, JSON.stringify(counts));
    });

    test('looking after every pair and stopping at the first look significant at 5% (no spending) raises many more', () => {
        const cells = aaCells();
        const design: SequentialDesign = { maxPairs: 40, minPairs: 6, lookEvery: 1 };
        const uncorrected = sequentialLooks(design).map(look => ({ ...look, nominalAlpha: 0.05 }));
        const random = seededRandom(7);
        const outcomes = cells.flatMap(cell => Array.from({ length: 20 }, () => runSequential(design, pairSource(cell, 1, random), uncorrected)));
        const counts = tally(outcomes);
        assert.isAbove(counts.slower + counts.faster, 0.1 * outcomes.length, JSON.stringify(counts));
    });

    test('a true 8% slowdown of the quietest A/A cell (the plugin\'s read of 10000K) is found in at least 80% within 100 pairs', () => {
        const cell = aaCells().find(candidate => candidate.name === 'vscode.workspace.fs.readFile 10000K');
        assert.isDefined(cell);
        const design: SequentialDesign = { maxPairs: 100 };
        const looks = sequentialLooks(design);
        const random = seededRandom(5);
        const outcomes = Array.from({ length: 100 }, () => runSequential(design, pairSource(cell!, 1.08, random), looks));
        const counts = tally(outcomes);
        assert.isAtLeast(counts.slower, 80, JSON.stringify(counts));
        assert.strictEqual(counts.faster, 0, JSON.stringify(counts));
    });

    test('a cell the budget cannot resolve ends inconclusive, never "no change"; a 10% change is never "no change"', () => {
        const noisiest = aaCells().reduce((a, b) => (Math.max(...a.centredLogs.map(Math.abs)) > Math.max(...b.centredLogs.map(Math.abs)) ? a : b));
        const design: SequentialDesign = { maxPairs: 40 };
        const looks = sequentialLooks(design);
        const random = seededRandom(3);
        // The budget ends after 20 of the 40 planned pairs: the last look taken decides at its own, stricter level.
        const cutShort = Array.from({ length: 50 }, () => runSequential(design, pairSource(noisiest, 1, random, 20), looks));
        assert.strictEqual(tally(cutShort)['no change'], 0);
        assert.isAtLeast(tally(cutShort).inconclusive, 45);
        assert.isTrue(cutShort.every(outcome => outcome.pairs === 20));
        const cells = aaCells();
        const changed = cells.flatMap(cell => Array.from({ length: 10 }, () => runSequential(design, pairSource(cell, 1.1, random), looks)));
        assert.strictEqual(tally(changed)['no change'], 0, JSON.stringify(tally(changed)));
    });

    test('a design is refused when its looks cannot work, naming the number', () => {
        assert.throws(() => lookPairs({ maxPairs: 40, minPairs: 4 }), /at least 6 pairs at its first look, not 4/);
        assert.throws(() => lookPairs({ maxPairs: 5 }), /most pairs \(5\)/);
        assert.throws(() => runSequential({ maxPairs: 20 }, () => undefined), /before the first look/);
    });
});
