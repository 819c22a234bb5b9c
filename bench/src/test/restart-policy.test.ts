import { assert } from 'chai';
import { alternatedOrder } from '../run/compare/block-order';
import { RestartPolicy } from '../run/compare/restart-policy';

const PAIRS = [1, 2, 3, 4, 5, 6, 7, 8];

suite('--compare: the restart policy', () => {
    test('--restart-every 1 (the default): every block on its own start of its side, numbered by its pair after the check start 0', () => {
        const policy = new RestartPolicy(1, true);
        assert.isTrue(policy.startsEachBlock);
        assert.deepStrictEqual(PAIRS.map(pair => policy.restartsBefore(pair) || policy.warmsUpBothBefore(pair)), PAIRS.map(() => false),
            'both sides are never up together, so never restarted or warmed up together');
        assert.deepStrictEqual(PAIRS.map(pair => policy.startOf(pair)), PAIRS);
        assert.strictEqual(policy.extraWarmupRounds(true), 0, 'the warm-up block replaces the extra round');
    });

    test('--restart-every 2: both sides restarted before pairs 3, 5, 7 and warmed up after each start, the side started first flipping', () => {
        const policy = new RestartPolicy(2, true);
        assert.isFalse(policy.startsEachBlock);
        assert.deepStrictEqual(PAIRS.filter(pair => policy.restartsBefore(pair)), [3, 5, 7]);
        assert.deepStrictEqual(PAIRS.filter(pair => policy.warmsUpBothBefore(pair)), [1, 3, 5, 7]);
        assert.deepStrictEqual(PAIRS.map(pair => policy.startOf(pair)), [0, 0, 1, 1, 2, 2, 3, 3]);
        assert.deepStrictEqual([0, 1, 2, 3].map(start => policy.startOrder(start)[0]), ['base', 'head', 'base', 'head']);
    });

    test('--restart-every 0: one start for the whole pass, warmed up once', () => {
        const policy = new RestartPolicy(0, true);
        assert.deepStrictEqual(PAIRS.filter(pair => policy.restartsBefore(pair)), []);
        assert.deepStrictEqual(PAIRS.filter(pair => policy.warmsUpBothBefore(pair)), [1]);
        assert.deepStrictEqual(PAIRS.map(pair => policy.startOf(pair)), PAIRS.map(() => 0));
    });

    test('whatever the pairs a start holds, the side started first is balanced against the side measured first in a pair', () => {
        for (const pairsPerStart of [2, 3, 4, 5]) {
            const policy = new RestartPolicy(pairsPerStart, true);
            const pairs = Array.from({ length: 4 * pairsPerStart }, (_, index) => index + 1);
            const counts = new Map<string, number>();
            for (const pair of pairs) {
                const key = `${policy.startOrder(policy.startOf(pair))[0]} started, ${alternatedOrder(pair)[2 * pair - 2]} measured first`;
                counts.set(key, (counts.get(key) ?? 0) + 1);
            }
            assert.deepStrictEqual([...counts.values()], [pairsPerStart, pairsPerStart, pairsPerStart, pairsPerStart], `${pairsPerStart} pairs a start: ${[...counts].join('; ')}`);
        }
    });

    test('--no-warmup-block: no warm-up block anywhere, one more warm-up round in a side\'s first block after each start instead', () => {
        for (const policy of [new RestartPolicy(1, false), new RestartPolicy(2, false), RestartPolicy.of({ restartEvery: 2 })]) {
            assert.isFalse(policy.warmupBlock);
            assert.deepStrictEqual(PAIRS.filter(pair => policy.warmsUpBothBefore(pair)), []);
            assert.deepStrictEqual([policy.extraWarmupRounds(true), policy.extraWarmupRounds(false)], [1, 0]);
        }
    });

    test('a Theia at a URL is not restarted, and then neither is the other side; the run\'s first line says what the policy does', () => {
        const policy = RestartPolicy.of({ restartEvery: 1, warmupBlock: true });
        assert.strictEqual(policy.forSides([{ where: 'local' }, { where: 'local' }]), policy);
        const remote = policy.forSides([{ where: 'local' }, { where: 'remote' }]);
        assert.deepStrictEqual([remote.pairsPerStart, remote.warmupBlock, remote.startsEachBlock], [0, true, false]);
        assert.strictEqual(policy.describeStarts(), 'one side at a time, its processes started afresh for each block');
        assert.strictEqual(new RestartPolicy(3, false).describeStarts(), 'both sides\' processes started afresh every 3 pairs');
        assert.strictEqual(remote.describeStarts(), 'each side in one start of its processes');
        assert.strictEqual(new RestartPolicy(3, false).describeWarmUp(), '(+1 in a side\'s first block after a start)');
    });
});
