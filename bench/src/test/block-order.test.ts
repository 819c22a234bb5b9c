import { assert } from 'chai';
import { alternatedOrder, pairOrder } from '../run/compare/block-order';

/** The positions (0 the first block) at which `side` is measured in a run of `pairs` pairs. */
function positions(pairs: number, side: string): number[] {
    return alternatedOrder(pairs).flatMap((entry, position) => entry === side ? [position] : []);
}

suite('--compare: the order of the blocks', () => {
    test('a pair is one block of each side, base first in odd pairs and head first in even ones, and the run is its pairs in turn', () => {
        assert.deepStrictEqual([1, 2, 3].map(pairOrder), [['base', 'head'], ['head', 'base'], ['base', 'head']]);
        for (let pairs = 1; pairs <= 12; pairs++) {
            assert.deepStrictEqual(alternatedOrder(pairs), Array.from({ length: pairs }, (_, index) => pairOrder(index + 1)).flat());
        }
    });

    test('the positions a run\'s results record: base 0, 3, 4 and head 1, 2, 5 over three pairs', () => {
        assert.deepStrictEqual(positions(3, 'base'), [0, 3, 4]);
        assert.deepStrictEqual(positions(3, 'head'), [1, 2, 5]);
    });

    test('a steady drift lands on both sides alike: their positions sum to the same over an even number of pairs, within one block over an odd', () => {
        for (let pairs = 1; pairs <= 12; pairs++) {
            const sum = (side: string): number => positions(pairs, side).reduce((total, position) => total + position, 0);
            assert.strictEqual(positions(pairs, 'base').length, pairs);
            assert.strictEqual(Math.abs(sum('base') - sum('head')), pairs % 2 === 0 ? 0 : 1, `${pairs} pairs`);
        }
    });
});
