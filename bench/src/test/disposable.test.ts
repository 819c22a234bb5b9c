import { assert } from 'chai';
import { DisposableCollection } from '../util';

suite('DisposableCollection', () => {
    test('disposes last first, every one even after a failure, then throws the failure', async () => {
        const released: string[] = [];
        const collection = new DisposableCollection();
        collection.push(() => {
            released.push('folder');
        });
        collection.push(() => {
            released.push('server');
            throw new Error('server would not stop');
        });
        collection.push({ dispose: async () => { released.push('browser'); } });
        let failure: Error | undefined;
        await collection.dispose().catch(error => failure = error);
        assert.deepStrictEqual(released, ['browser', 'server', 'folder']);
        assert.strictEqual(failure?.message, 'server would not stop');
        assert.isTrue(collection.disposed);
    });

    test('several failures are all named; a second dispose releases nothing again', async () => {
        let releases = 0;
        const collection = new DisposableCollection();
        for (const name of ['a', 'b']) {
            collection.push(() => {
                releases++;
                throw new Error(`${name} failed`);
            });
        }
        const first = collection.dispose();
        const second = collection.dispose();
        const failure = await first.then(() => assert.fail('no failure'), error => error as Error);
        assert.strictEqual(await second.catch(error => error as Error), failure);
        assert.strictEqual(failure.message, 'b failed; a failed');
        assert.strictEqual(releases, 2);
    });
});
