import { assert } from 'chai';
import { existsSync, promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { HostSession } from '../hosts/host-session';
import { CompareRunOptions } from '../run/compare-options';
import { chooseDuetCores, DuetMachine, duetCores } from '../run/compare/duet';
import { measurePass } from '../run/compare/measure-pass';
import { PassResult } from '../run/compare/pass';
import { DuetBlockRecord } from '../run/compare/run-files';
import { PreparedSide } from '../run/compare/side';
import { parseCpuList } from '../util/affinity';
import { REPOSITORY_ROOT } from '../util/repository';
import { writeTempMarker } from '../util/temp-marker';

/** A block of a committed run, which every fake block returns. */
/** A block as a side's session answers "Run All with Options...": the first block of the test data's --compare run. */
const BLOCK = path.join(REPOSITORY_ROOT, 'e2e', 'test-data', 'runs', 'compare', 'blocks', '01-base.json');

suite('--duet: the cores', () => {
    test('pair 1 puts the base on the first core and the head on the second, pair 2 swaps them, and so on', () => {
        assert.deepStrictEqual([1, 2, 3, 4].map(pair => duetCores(pair, [0, 1])), [
            { base: 0, head: 1 }, { base: 1, head: 0 }, { base: 0, head: 1 }, { base: 1, head: 0 },
        ]);
        assert.deepStrictEqual(duetCores(2, [2, 5]), { base: 5, head: 2 });
    });

    test('the first two cores this process may run on; fewer than 2, or no /proc, is a one-line reason naming what to do', () => {
        assert.deepStrictEqual(chooseDuetCores([2, 3, 6]), [2, 3]);
        assert.match(chooseDuetCores([1]) as string, /^--duet pins each side to a core of its own, and this process may run on 1 core \(1\): give it 2 or more .*, or leave out --duet\.$/);
        assert.match(chooseDuetCores(undefined) as string, /no Linux: leave out --duet\.$/);
    });

    test('Linux CPU lists as /proc and taskset write them', () => {
        assert.deepStrictEqual(parseCpuList('0-1'), [0, 1]);
        assert.deepStrictEqual(parseCpuList('1'), [1]);
        assert.deepStrictEqual(parseCpuList('0-2,5,7-8\n'), [0, 1, 2, 5, 7, 8]);
        assert.isUndefined(parseCpuList('3-1'));
        assert.isUndefined(parseCpuList('zero'));
    });
});

/** Both sides' blocks of a round must be running at once: each waits here until the other has begun too, else it fails. */
class Rendezvous {
    protected waiting: (() => void) | undefined;

    async meet(label: string): Promise<void> {
        if (this.waiting) {
            this.waiting();
            this.waiting = undefined;
            return;
        }
        await new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`${label}'s block ran alone: the other side's did not begin within 2 s`)), 2000);
            this.waiting = () => {
                clearTimeout(timer);
                resolve();
            };
        });
    }
}

/** A session that records what the pass does with it, and the core the fake machine last pinned it to. */
type FakeSession = HostSession & { label: string; core?: number };

/** A side whose sessions only record; every block meets the other side's in `rendezvous`; its `failingBlock`-th block (warm-up blocks counted) fails. */
function fakeSide(which: 'base' | 'head', label: string, trace: string[], rendezvous: Rendezvous, failingBlock?: number): PreparedSide {
    let starts = 0;
    let blocks = 0;
    return {
        spec: { side: which, label, kind: 'checkout', value: REPOSITORY_ROOT }, source: `fake ${label}`, where: 'local',
        open: async () => {
            const start = ++starts;
            trace.push(`start ${label}`);
            return {
                label,
                server: { pid: 0, exitReason: () => undefined },
                workbench: {
                    runToCompletion: async (_command: string, { answers }: { answers: string[] }) => {
                        const block = ++blocks;
                        trace.push(`${label} ${answers[0]}+${answers[1]} begins`);
                        await rendezvous.meet(label);
                        if (block === failingBlock) {
                            throw new Error(`${label} crashed`);
                        }
                        trace.push(`${label} ${answers[0]}+${answers[1]} ends`);
                        return BLOCK;
                    },
                },
                withCounts: (document: unknown) => document,
                dispose: async () => {
                    trace.push(`stop ${label}${start > 1 ? ` #${start}` : ''}`);
                },
            } as unknown as HostSession;
        },
    };
}

/** Cores 4 and 6; pinning a session records it, and its processes are then seen on that core alone. */
function fakeMachine(trace: string[]): DuetMachine {
    return {
        cores: [4, 6],
        pin: async (session, core) => {
            const fake = session as FakeSession;
            fake.core = core;
            trace.push(`pin ${fake.label} cpu${core}`);
            return [{ pid: 1, name: `${fake.label}-backend`, allowed: String(core) }];
        },
        observe: async session => [{ pid: 1, name: `${(session as FakeSession).label}-backend`, allowed: String((session as FakeSession).core) }],
    };
}

suite('--duet: a pass with sessions that only record', () => {
    async function duetPass(sides: PreparedSide[], pairs: number, trace: string[], lines: string[]): Promise<{ result: PassResult; files: string[]; records: Record<string, DuetBlockRecord>[] }> {
        const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-duet-pass-'));
        writeTempMarker(folder, 'test');
        const options: CompareRunOptions = {
            compare: { sides: [sides[0].spec, sides[1].spec], pairs, alpha: 0.05, noiseThreshold: 0.05, check: false, restartEvery: 1, pauseMs: 0, warmupBlock: true, duet: true },
            iterations: 2, warmup: 1, sizes: ['500K'], cpuPass: false, out: folder, vsix: '', log: line => lines.push(line), progress: () => () => undefined,
        };
        try {
            const result = await measurePass(sides, options, { sizes: options.sizes, pairs, folder, name: '' }, async () => fakeMachine(trace));
            const duet = existsSync(path.join(folder, 'duet')) ? (await fs.readdir(path.join(folder, 'duet'))).sort() : [];
            const records = await Promise.all(duet.map(async file => JSON.parse(await fs.readFile(path.join(folder, 'duet', file), 'utf8')) as Record<string, DuetBlockRecord>));
            return { result, files: [...(await fs.readdir(path.join(folder, 'blocks'))).sort(), ...duet.map(file => `duet/${file}`)], records };
        } finally {
            await fs.rm(folder, { recursive: true, force: true });
        }
    }

    test('each pair: both sides started fresh and pinned, warm-up blocks at once, pinned again, both blocks at once, then stopped; cores swapped every pair', async () => {
        const trace: string[] = [];
        const lines: string[] = [];
        const meeting = new Rendezvous();
        const { result, files, records } = await duetPass([fakeSide('base', 'a', trace, meeting), fakeSide('head', 'b', trace, meeting)], 2, trace, lines);
        assert.isUndefined(result.failure, lines.join('\n'));
        // Which side's block begins first within a round is up to the scheduler: each round is checked as a set.
        const round = (phase: string[]): string => phase.sort().join(', ');
        const rounds = (pair: number, cores: [number, number], first: 'a' | 'b'): string[] => [
            ...(first === 'a' ? ['start a', 'start b'] : ['start b', 'start a']), round([`pin a cpu${cores[0]}`, `pin b cpu${cores[1]}`]),
            round(['a 1+0 begins', 'b 1+0 begins']), round(['a 1+0 ends', 'b 1+0 ends']), round([`pin a cpu${cores[0]}`, `pin b cpu${cores[1]}`]),
            round(['a 2+1 begins', 'b 2+1 begins']), round(['a 2+1 ends', 'b 2+1 ends']),
            ...(first === 'a' ? [`stop b #${pair + 1}`, `stop a #${pair + 1}`] : [`stop a #${pair + 1}`, `stop b #${pair + 1}`]),
        ];
        // Both sides' pinnings, and both sides' block beginnings and ends, come two at a time.
        const grouped: string[] = [];
        for (let index = 0; index < trace.length;) {
            const two = /^pin |(begins|ends)$/.test(trace[index]);
            grouped.push(two ? round(trace.slice(index, index + 2)) : trace[index]);
            index += two ? 2 : 1;
        }
        // The check start (pinned once, so a machine where pinning fails is refused before anything is measured), then pairs 1 and 2.
        assert.deepStrictEqual(grouped, ['start a', 'start b', round(['pin a cpu4', 'pin b cpu6']), 'stop b', 'stop a', ...rounds(1, [4, 6], 'a'), ...rounds(2, [6, 4], 'b')]);
        assert.deepStrictEqual(result.sides.map(side => [side.positions, side.starts, side.cores]), [[[0, 3], [1, 2], [4, 6]], [[1, 2], [1, 2], [6, 4]]]);
        assert.deepStrictEqual(files, ['01-base.json', '02-head.json', '03-head.json', '04-base.json', 'duet/pair-01.json', 'duet/pair-02.json']);
        assert.deepInclude(records[1].base, { label: 'a', core: 6, before: [{ pid: 1, name: 'a-backend', allowed: '6' }], after: [{ pid: 1, name: 'a-backend', allowed: '6' }] });
        assert.deepInclude(records[1].head, { label: 'b', core: 4 });
        assert.isAtMost(Date.parse(records[0].base.began), Date.parse(records[0].head.ended), 'the blocks overlapped');
        assert.isTrue(lines.some(line => /^ {2}pair 2\/2: a on cpu6, b on cpu4, both blocks in \d+\.\d s \(a \d+\.\d s, b \d+\.\d s\)$/.test(line)), lines.join('\n'));
        assert.isTrue(lines.some(line => /^ {2}pair 1\/2: a on cpu4, b on cpu6, both blocks in .*; at most about .* left$/.test(line)), lines.join('\n'));
    });

    test('a side that fails in a pair ends the pass: the pair is dropped whole (neither block nor its record written), the complete pairs kept, both sides stopped', async () => {
        const trace: string[] = [];
        const lines: string[] = [];
        // b's 4th block: its warm-up block, its block of pair 1, its warm-up block of pair 2, then its block of pair 2.
        const meeting = new Rendezvous();
        const { result, files } = await duetPass([fakeSide('base', 'a', trace, meeting), fakeSide('head', 'b', trace, meeting, 4)], 3, trace, lines);
        assert.strictEqual(result.failure?.message, 'b crashed');
        assert.deepStrictEqual(result.sides.map(side => side.cores), [[4], [6]]);
        assert.deepStrictEqual(files, ['01-base.json', '02-head.json', 'duet/pair-01.json']);
        assert.includeMembers(trace.slice(-2), ['stop a #3', 'stop b #3']);
        assert.lengthOf(trace.filter(entry => entry === 'a 2+1 ends'), 2, 'the other side\'s block of the failed pair ran to its end before the sides were stopped');
    });
});
