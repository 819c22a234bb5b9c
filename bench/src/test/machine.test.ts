import { assert } from 'chai';
import * as os from 'os';
import { machineRecord } from '../util/machine';

suite('machine record of run.json', () => {
    test('this machine\'s host name, core count and model and memory, in the order run.json has always had them', () => {
        const record = machineRecord();
        // Both kinds of run wrote these keys in this order; a reader diffing two run.json files sees no reordering.
        assert.deepStrictEqual(Object.keys(record), ['hostname', 'cpus', 'cpu', 'memoryBytes']);
        assert.deepStrictEqual(record, { hostname: os.hostname(), cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryBytes: os.totalmem() });
        assert.isAbove(record.cpus, 0);
    });
});
