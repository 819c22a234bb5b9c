import { assert } from 'chai';
import { existsSync } from 'fs';
import { DisposableCollection } from '../util/disposable';
import { removeLiveTemporaryFolders, temporaryFolder } from '../util/workspace';

suite('temporary folders and a stop on a signal', () => {
    test('a folder its owner did not remove yet is removed by the stop; one already removed is not touched again', async () => {
        const owner = new DisposableCollection();
        const done = new DisposableCollection();
        const left = await temporaryFolder('fs-perf-temporary-test-', owner);
        const removed = await temporaryFolder('fs-perf-temporary-test-', done);
        await done.dispose();
        assert.isFalse(existsSync(removed));
        assert.isTrue(existsSync(left));
        assert.deepStrictEqual(await removeLiveTemporaryFolders(), []);
        assert.isFalse(existsSync(left), 'the stop removed the folder its owner still held');
        // Its owner's own removal afterwards finds nothing and does not fail.
        await owner.dispose();
    });
});
