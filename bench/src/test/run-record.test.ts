import { assert } from 'chai';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ResultsDocument } from '@fs-perf/benchmark-core';
import { readRunInputs, writeReport } from '../run';
import { REPOSITORY_ROOT } from '../util/repository';
import { writeTempMarker } from '../util/temp-marker';

const NETWORK_RUN = path.join(REPOSITORY_ROOT, 'docs', 'network-2026-11-25', 'results');
const ELECTRON = 'Theia Electron app (extension + plugin)';

/** What `yarn bench --network loopback,lan,cable --hosts vscode-server,theia-electron` records, Electron skipped everywhere. */
const RUN_JSON = {
    options: { hosts: ['vscode-server', 'theia-electron'], networks: ['loopback', { name: 'lan' }, { name: 'cable' }] },
    hosts: [
        { host: 'vscode-server', status: 'measured', seconds: 17, resultsFile: 'results/vscode-server.json' },
        { host: 'theia-electron', status: 'skipped', seconds: 0, reason: 'no Electron binary is installed' },
        { host: 'vscode-server@lan', status: 'measured', seconds: 33, resultsFile: 'results/vscode-server@lan.json' },
        { host: 'theia-electron@lan', status: 'skipped', seconds: 0, reason: 'no page on the far side of a network' },
        { host: 'vscode-server@cable', status: 'measured', seconds: 40, resultsFile: 'results/vscode-server@cable.json' },
        { host: 'theia-electron@cable', status: 'failed', seconds: 0, reason: 'it crashed' },
    ],
};

function links(documents: readonly ResultsDocument[]): (string | undefined)[] {
    return documents.map(document => document.network?.profile.name);
}

suite('a run folder read back with its run.json', () => {
    let folder: string;

    setup(async () => {
        folder = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-run-record-'));
        writeTempMarker(folder, 'test');
        await fs.mkdir(path.join(folder, 'results'));
        for (const name of ['vscode-server.json', 'vscode-server@lan.json', 'vscode-server@cable.json']) {
            await fs.copyFile(path.join(NETWORK_RUN, name), path.join(folder, 'results', name));
        }
    });

    teardown(async () => {
        await fs.rm(folder, { recursive: true, force: true });
    });

    const writeRunJson = (content: unknown): Promise<void> => fs.writeFile(path.join(folder, 'run.json'), typeof content === 'string' ? content : JSON.stringify(content));

    test('the files in the order the run measured them, and the hosts it did not measure, named as the run named them', async () => {
        await writeRunJson(RUN_JSON);
        const { documents, notMeasured } = await readRunInputs([folder]);
        assert.deepStrictEqual(links(documents), [undefined, 'lan', 'cable'], 'the run\'s order, not the names\' (cable before lan)');
        assert.deepStrictEqual(notMeasured, [
            { host: ELECTRON, reason: 'skipped: no Electron binary is installed' },
            { host: `${ELECTRON} over lan`, reason: 'skipped: no page on the far side of a network' },
            { host: `${ELECTRON} over cable`, reason: 'failed: it crashed' },
        ]);
    });

    test('without run.json, or with one that records no hosts (a --compare run\'s): the files by name, nothing added', async () => {
        const byName = await readRunInputs([folder]);
        assert.deepStrictEqual(links(byName.documents), [undefined, 'cable', 'lan']);
        assert.deepStrictEqual(byName.notMeasured, []);
        await writeRunJson({ compare: { base: '1.74.1', head: '1.74.1' }, iterations: 15 });
        assert.deepStrictEqual((await readRunInputs([folder])).notMeasured, []);
        // Options it cannot read only cost the names: a host is then called by its key.
        await writeRunJson({ hosts: RUN_JSON.hosts.slice(0, 2) });
        assert.deepStrictEqual((await readRunInputs([folder])).notMeasured, [{ host: 'theia-electron', reason: 'skipped: no Electron binary is installed' }]);
    });

    test('a run.json that is not JSON, or whose hosts are not records of hosts, is an error naming the file', async () => {
        const file = path.join(folder, 'run.json');
        await writeRunJson('{ "hosts": [');
        await assertRejects(readRunInputs([folder]), `${file} is not valid JSON`);
        await writeRunJson({ hosts: [RUN_JSON.hosts[0], { host: 'theia-electron', status: 'gone' }] });
        await assertRejects(readRunInputs([folder]), `${file}: hosts[1] is not a host's record`);
        await writeRunJson({ hosts: 'vscode-server' });
        await assertRejects(readRunInputs([folder]), `${file}: "hosts" must be a list`);
    });

    test('the report of the folder has the run\'s "Not measured" section; hosts a caller names stand for the recorded ones', async () => {
        await writeRunJson(RUN_JSON);
        const out = path.join(folder, 'report');
        await writeReport([folder], out);
        const report = await fs.readFile(path.join(out, 'report.md'), 'utf8');
        assert.include(report, `## Not measured\n\n| Host | Reason |\n|---|---|\n| ${ELECTRON} | skipped: no Electron binary is installed |\n`);
        assert.match(report, /^# FS Performance, network run over lan, cable: /);
        await writeReport([folder], out, { notMeasured: [{ host: 'VS Code desktop', reason: 'skipped: no display' }] });
        const given = await fs.readFile(path.join(out, 'report.md'), 'utf8');
        assert.include(given, '| VS Code desktop | skipped: no display |');
        assert.notInclude(given, ELECTRON);
    });
});

async function assertRejects(promise: Promise<unknown>, message: string): Promise<void> {
    const error = await promise.then(() => undefined, (reason: unknown) => reason);
    assert.instanceOf(error, Error);
    assert.include((error as Error).message, message);
}
