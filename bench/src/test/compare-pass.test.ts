import { assert } from 'chai';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { HostSession } from '../hosts/host-session';
import { CompareOptions, CompareRunOptions } from '../run/compare-options';
import { measurePass } from '../run/compare/measure-pass';
import { PassResult } from '../run/compare/pass';
import { PreparedSide } from '../run/compare/side';
import { REPOSITORY_ROOT } from '../util/repository';
import { writeTempMarker } from '../util/temp-marker';

/** A block of a committed run, which every fake block returns. */
/** A block as a side's session answers "Run All with Options...": the first block of the test data's --compare run. */
const BLOCK = path.join(REPOSITORY_ROOT, 'e2e', 'test-data', 'runs', 'compare', 'blocks', '01-base.json');

/**
 * A side whose sessions only record what the pass does with them: each start, each block's answers to "Run All with
 * Options..." (samples, warm-up rounds) and each stop; its `failingBlock`-th block (counting warm-up blocks) fails.
 */
function fakeSide(which: 'base' | 'head', label: string, trace: string[], failingBlock?: number): PreparedSide {
    let starts = 0;
    let blocks = 0;
    return {
        spec: { side: which, label, kind: 'checkout', value: REPOSITORY_ROOT }, source: `fake ${label}`, where: 'local',
        open: async () => {
            const start = ++starts;
            trace.push(`start ${label}`);
            return {
                server: { pid: 0, exitReason: () => undefined },
                workbench: {
                    runToCompletion: async (_command: string, { answers }: { answers: string[] }) => {
                        trace.push(`${label} ${answers[0]}+${answers[1]}`);
                        if (++blocks === failingBlock) {
                            throw new Error(`${label} crashed`);
                        }
                        return BLOCK;
                    },
                },
                // No count observer in a session that only records: the block's results as they are.
                withCounts: (document: unknown) => document,
                dispose: async () => {
                    trace.push(`stop ${label}${start > 1 ? ` #${start}` : ''}`);
                },
            } as unknown as HostSession;
        },
    };
}

suite('--compare: one pass, with sessions that only record', () => {
    /** Measures a pass into a folder of its own, removed afterwards; returns the pass and the names of the block files it wrote. */
    async function pass(compare: Partial<CompareOptions>, sides: PreparedSide[], pairs: number, lines: string[]): Promise<{ result: PassResult; blockFiles: string[] }> {
        const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-compare-pass-'));
        writeTempMarker(folder, 'test');
        const options: CompareRunOptions = {
            compare: { sides: [sides[0].spec, sides[1].spec], pairs, alpha: 0.05, noiseThreshold: 0.05, check: false, restartEvery: 1, pauseMs: 0, ...compare },
            iterations: 2, warmup: 1, sizes: ['500K'], cpuPass: false, out: folder, vsix: '', log: line => lines.push(line), progress: () => () => undefined,
        };
        try {
            const result = await measurePass(sides, options, { sizes: options.sizes, pairs, folder, name: '' });
            return { result, blockFiles: (await fs.readdir(path.join(folder, 'blocks'))).sort() };
        } finally {
            await fs.rm(folder, { recursive: true, force: true });
        }
    }

    test('both sides restarted every 2 pairs: started in the policy\'s order, warmed up after each start, blocks A B, B A, each tagged with its position and start', async () => {
        const trace: string[] = [];
        const { result, blockFiles } = await pass({ restartEvery: 2, warmupBlock: true }, [fakeSide('base', 'a', trace), fakeSide('head', 'b', trace)], 4, []);
        assert.deepStrictEqual(trace, [
            'start a', 'start b', 'a 1+0', 'b 1+0', 'a 2+1', 'b 2+1', 'b 2+1', 'a 2+1', 'stop b', 'stop a',
            'start b', 'start a', 'b 1+0', 'a 1+0', 'a 2+1', 'b 2+1', 'b 2+1', 'a 2+1', 'stop a #2', 'stop b #2',
        ]);
        assert.isUndefined(result.failure);
        assert.deepStrictEqual(result.sides.map(side => [side.positions, side.starts]), [[[0, 3, 4, 7], [0, 0, 1, 1]], [[1, 2, 5, 6], [0, 0, 1, 1]]]);
        assert.deepStrictEqual(blockFiles, ['01-base.json', '02-head.json', '03-head.json', '04-base.json', '05-base.json', '06-head.json', '07-head.json', '08-base.json']);
    });

    test('one start, no warm-up block: one more warm-up round in each side\'s first block; a side that fails ends the pass with its complete pairs kept', async () => {
        const trace: string[] = [];
        const lines: string[] = [];
        const { result } = await pass({ restartEvery: 0, warmupBlock: false }, [fakeSide('base', 'a', trace), fakeSide('head', 'b', trace, 3)], 4, lines);
        assert.deepStrictEqual(trace, ['start a', 'start b', 'a 2+2', 'b 2+2', 'b 2+1', 'a 2+1', 'a 2+1', 'b 2+1', 'stop b', 'stop a']);
        assert.strictEqual(result.failure?.message, 'b crashed');
        assert.deepStrictEqual(result.sides.map(side => side.blocks.length), [2, 2], 'the third pair, whose head block failed, is left out');
        assert.include(lines, '  b crashed The report compares the 2 pairs measured before it.');
        const failingFirst = [fakeSide('base', 'a', [], 1), fakeSide('head', 'b', [])];
        let thrown: Error | undefined;
        await pass({ restartEvery: 0 }, failingFirst, 4, []).catch(error => {
            thrown = error as Error;
        });
        assert.strictEqual(thrown?.message, 'a crashed', 'with no complete pair there is nothing to compare: the pass throws');
    });
});
