import { assert } from 'chai';
import { compareCpu, CpuCellInput } from '../compare/cpu-comparison';
import { pairedCpuGrid } from '../report/blocks/paired-cpu';
import { CaseCpu, CpuClock } from '../measure/cpu';
import { Measurement } from '../results/schema';
import { seededRandom } from '../stats/bootstrap';
import { DEFAULT_VERDICT_RULE } from '../stats/verdict';

const PROCESSES = ['plugin host', 'Theia backend', 'page renderer'];

/** A block's CPU pass: `calls` calls, each process's CPU ms per call log-normal about its centre times `factor`. */
function block(random: () => number, centres: readonly number[], factor: (process: number) => number, sigma: number, clock: CpuClock = 'schedstat'): CaseCpu {
    const calls = 5;
    return {
        calls, wallMs: 1000, processes: centres.map((centre, process) => {
            const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
            return { process: PROCESSES[process], cpuMs: calls * centre * factor(process) * Math.exp(sigma * normal), clock };
        }),
    };
}

/** A cell's two sides over `pairs` blocks each; the head's process `changed` costs `ratio` times as much. */
function cell(random: () => number, name: string, pairs: number, sigma: number, changed?: { process: number; ratio: number }): CpuCellInput {
    const centres = [4, 9, 2.5];
    const base = Array.from({ length: pairs }, () => block(random, centres, () => 1, sigma));
    const head = Array.from({ length: pairs }, () => block(random, centres, process => process === changed?.process ? changed.ratio : 1, sigma));
    return { cellName: name, baseline: { cpuRounds: base } as Measurement, current: { cpuRounds: head } as Measurement };
}

/** The cells a simulated run of 15 cells calls slower or faster on their CPU per read. */
function flagged(seed: number, pairs: number, sigma: number, changed?: { cell: number; process: number; ratio: number }): string[] {
    const random = seededRandom(seed);
    const cells = Array.from({ length: 15 }, (_, index) => cell(random, `cell ${index}`, pairs, sigma, changed?.cell === index ? changed : undefined));
    return compareCpu(cells, DEFAULT_VERDICT_RULE).changes.filter(change => change.verdict === 'slower' || change.verdict === 'faster')
        .map(change => `${change.cellName} ${change.verdict}`);
}

suite('CPU per read, paired block by block', () => {
    test('A/A: 15 cells (3 processes each) of identical code flag something in at most 5% of runs (Holm over the cells)', () => {
        // Noise of a block's CPU per call: 8% (log sd), about the spread of the committed runs' 5000K wall-time pairs halved.
        const runs = 300;
        const noisy = Array.from({ length: runs }, (_, seed) => flagged(seed + 1, 10, 0.08)).filter(names => names.length > 0).length;
        assert.isAtMost(noisy / runs, 0.05, `${noisy} of ${runs} A/A runs flagged a CPU figure`);
    });

    test('a 20% CPU increase of one process (12% of the cell\'s total) is found in most runs of 10 pairs, in that cell only, and its process named', () => {
        const runs = 100;
        let found = 0;
        let elsewhere = 0;
        for (let seed = 1; seed <= runs; seed++) {
            const names = flagged(seed + 1000, 10, 0.05, { cell: 7, process: 1, ratio: 1.2 });
            found += names.includes('cell 7 slower') ? 1 : 0;
            elsewhere += names.some(name => name !== 'cell 7 slower') ? 1 : 0;
        }
        assert.isAtLeast(found, 80, `found in ${found} of ${runs} runs`);
        assert.isAtMost(elsewhere, 5, `another cell flagged in ${elsewhere} of ${runs} runs`);
        const random = seededRandom(3);
        const [change] = compareCpu([cell(random, 'moved', 10, 0.05, { process: 1, ratio: 1.2 })], DEFAULT_VERDICT_RULE).changes;
        const byProcess = new Map(change.processes.map(entry => [entry.process, entry.ratio]));
        assert.isAbove(byProcess.get('Theia backend')!.low, 1, 'the process that moved: its interval above 1');
        assert.isAtMost(byProcess.get('plugin host')!.low, 1);
        assert.closeTo(change.baselineMsPerCall, 15.5, 1.5, 'the total of the three processes');
    });

    test('a (cell, process) is paired only when both sides read it in every block from one clock, with CPU used; fewer than 6 pairs is not compared', () => {
        const random = seededRandom(7);
        const input = cell(random, 'x', 8, 0.05);
        const base = input.baseline.cpuRounds!;
        const head = input.current.cpuRounds!;
        const missing = [...base.slice(0, 3), { ...base[3], processes: base[3].processes.filter(reading => reading.process !== 'plugin host') }, ...base.slice(4)];
        const otherClock = head.map(entry => ({ ...entry, processes: entry.processes.map(reading => reading.process === 'page renderer' ? { ...reading, clock: 'ticks' as const } : reading) }));
        const result = compareCpu([{ ...input, baseline: { cpuRounds: missing } as Measurement, current: { cpuRounds: otherClock } as Measurement }], DEFAULT_VERDICT_RULE);
        assert.equal(result.tested, 1);
        const change = result.changes[0];
        assert.deepEqual(change.processes.map(entry => entry.process), ['Theia backend'], 'missing in a block, or read from another clock: left out');
        assert.equal(change.clock, 'schedstat');
        const mixed = cell(random, 'mixed', 8, 0.05);
        const clocks: CpuClock[] = ['rusage', 'schedstat', 'schedstat'];
        for (const side of [mixed.baseline, mixed.current]) {
            side.cpuRounds!.forEach(entry => entry.processes.forEach((reading, process) => Object.assign(reading, { clock: clocks[process] })));
        }
        assert.equal(compareCpu([mixed], DEFAULT_VERDICT_RULE).changes[0].clock, 'rusage', 'a Node process\'s own microseconds beside nanoseconds: rusage, not ticks');
        assert.lengthOf(change.pairRatios, 8);
        assert.closeTo(change.baselineMsPerCall, 9, 1);
        assert.equal(change.nominalAlpha, 0.05, 'one cell tested: the whole alpha');
        assert.equal(compareCpu([cell(random, 'short', 5, 0.05)], DEFAULT_VERDICT_RULE).tested, 0);
        const zero = cell(random, 'zero', 8, 0.05);
        zero.baseline.cpuRounds![2].processes[0] = { ...zero.baseline.cpuRounds![2].processes[0], cpuMs: 0 };
        assert.notInclude(compareCpu([zero], DEFAULT_VERDICT_RULE).changes[0].processes.map(entry => entry.process), 'plugin host', 'no CPU used in a block: no ratio');
    });

    test('a process under 2% of the cell\'s CPU on both sides gets no ratio (a ratio of next to nothing says nothing); the table says why', () => {
        const random = seededRandom(11);
        const input = cell(random, 'in-host read', 8, 0.05);
        for (const side of [input.baseline, input.current]) {
            side.cpuRounds!.forEach(entry => Object.assign(entry.processes[1], { cpuMs: entry.processes[1].cpuMs / 1000 }));
        }
        const comparison = compareCpu([input], DEFAULT_VERDICT_RULE);
        const byProcess = new Map(comparison.changes[0].processes.map(entry => [entry.process, entry]));
        assert.isUndefined(byProcess.get('Theia backend')!.ratio, '9 us of 6.5 ms: no ratio');
        assert.isAbove(byProcess.get('Theia backend')!.baselineMsPerCall, 0, 'its CPU still shown');
        assert.isDefined(byProcess.get('page renderer')!.ratio, '2.5 of 6.5 ms: a ratio');
        const row = pairedCpuGrid(comparison, 'base', 'head').rows[0];
        assert.include(row[5], "Theia backend (under 2% of the cell's CPU)");
        assert.match(row[5], /page renderer [0-9.]+ \[/);
    });
});

suite('CPU per read of a gated cell\'s processes: a verdict each (issue 54)', () => {
    /** The processes of two gated cells (of 15) called slower or faster in a simulated run. */
    function processesFlagged(seed: number, pairs: number, sigma: number, changed?: { cell: number; process: number; ratio: number }): string[] {
        const random = seededRandom(seed);
        const cells = Array.from({ length: 15 }, (_, index) => cell(random, `cell ${index}`, pairs, sigma, changed?.cell === index ? changed : undefined));
        return compareCpu(cells, { ...DEFAULT_VERDICT_RULE, flagThreshold: 0.02 }, new Set(['cell 3', 'cell 7'])).changes.flatMap(change =>
            change.processes.filter(entry => entry.verdict === 'slower' || entry.verdict === 'faster').map(entry => `${change.cellName} ${entry.process} ${entry.verdict}`));
    }

    test('A/A: the 6 processes of 2 gated cells flag one in at most 5% of runs (Holm over them); a cell outside the gate gets no verdict per process', () => {
        const runs = 300;
        const noisy = Array.from({ length: runs }, (_, seed) => processesFlagged(seed + 1, 10, 0.08)).filter(names => names.length > 0).length;
        assert.isAtMost(noisy / runs, 0.05, `${noisy} of ${runs} A/A runs flagged a process`);
        const random = seededRandom(9);
        const [outside] = compareCpu([cell(random, 'cell 1', 10, 0.05, { process: 1, ratio: 2 })], DEFAULT_VERDICT_RULE, new Set(['cell 3'])).changes;
        assert.isTrue(outside.processes.every(entry => entry.verdict === undefined), 'not gated: ratios only, as before issue 54');
    });

    test('one process\'s CPU 2.5 times as much (issue 54\'s held-out change) is named slower in every run of 8 pairs, another process in about 5% of runs at most; 20% is found in most', () => {
        let elsewhere = 0;
        for (let seed = 1; seed <= 200; seed++) {
            const names = processesFlagged(seed + 2000, 8, 0.1, { cell: 7, process: 2, ratio: 2.5 });
            assert.include(names, 'cell 7 page renderer slower', `seed ${seed}`);
            elsewhere += names.some(name => name !== 'cell 7 page renderer slower') ? 1 : 0;
        }
        // Holm hands the changed process's share on to the others: a false alarm among the other 5 stays within the run's 5%
        // (200 runs: 5% is known to about ±1.5%).
        assert.isAtMost(elsewhere, 0.075 * 200, `another process flagged in ${elsewhere} of 200 runs`);
        const found = Array.from({ length: 100 }, (_, seed) => processesFlagged(seed + 3000, 10, 0.05, { cell: 3, process: 1, ratio: 1.2 }))
            .filter(names => names.includes('cell 3 Theia backend slower')).length;
        assert.isAtLeast(found, 80, `+20% of one process found in ${found} of 100 runs`);
    });

    test('a process under 1 ms a read on both sides gets no verdict: a clock tick is 10 ms', () => {
        const random = seededRandom(11);
        const input = cell(random, 'cell 3', 10, 0.05, { process: 2, ratio: 3 });
        const scale = (rounds: CaseCpu[]): CaseCpu[] => rounds.map(entry => ({ ...entry, processes: entry.processes.map(reading =>
            reading.process === 'page renderer' ? { ...reading, cpuMs: reading.cpuMs / 100 } : reading) }));
        const [change] = compareCpu([{ ...input, baseline: { cpuRounds: scale(input.baseline.cpuRounds!) } as Measurement,
            current: { cpuRounds: scale(input.current.cpuRounds!) } as Measurement }], DEFAULT_VERDICT_RULE, new Set(['cell 3'])).changes;
        assert.isUndefined(change.processes.find(entry => entry.process === 'page renderer')!.verdict);
        assert.isDefined(change.processes.find(entry => entry.process === 'Theia backend')!.verdict);
    });
});
