import { createResultsDocument } from '../results/document';
import { HostInfo, ResultsDocument } from '../results/schema';
import { runBenchmark } from '../measure/runner';
import { Scenario } from '../measure/scenario';
import { parseSizeList } from '../measure/sizes';
import { fakeFixtures } from './fake-fixtures';

export const theiaPlugin: HostInfo = { editor: 'theia', editorName: 'Theia Browser Example', editorVersion: '1.74.1', runtime: 'browser', extensionKind: 'plugin', apiVersion: '1.130.0' };

export async function sampleDocument(): Promise<ResultsDocument> {
    const { manifest, bytesOf } = fakeFixtures();
    const scenario: Scenario = {
        id: 'fake.read', label: 'fake.read', api: 'fake.read(uri)', target: 'fixture', verification: 'content',
        prepare: async target => ({ runSample: async () => ({ bytes: bytesOf(target.fileName) }) }),
    };
    const output = await runBenchmark({ scenarios: [scenario], manifest, sizes: parseSizeList('1K,5K'), iterations: 3, warmup: 1 });
    return createResultsDocument({
        tool: { name: 'fs-perf-test', version: '0.0.0' },
        host: theiaPlugin,
        environment: { versions: { node: process.versions.node }, os: { platform: process.platform }, cpu: { model: 'test cpu', count: 2 } },
        settings: { iterations: 3, warmup: 1, sizes: ['1K', '5K'], order: 'ascending', scenarios: ['fake.read'] },
        output,
    });
}

