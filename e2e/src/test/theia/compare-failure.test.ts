import { assert } from 'chai';
import { spawn } from 'child_process';
import { promises as fs } from 'fs';
import * as path from 'path';
import { SCENARIO_CATALOG } from '@fs-perf/benchmark-core';
import { HostSession, processGroupMembers } from '@fs-perf/bench';
import { BENCH, temporaryFolderForEachTest } from '../session-helpers';

suite('yarn bench --compare: a side that dies', () => {
    let directory: string;
    temporaryFolderForEachTest('fs-perf-compare-failure-', folder => {
        directory = folder;
    });

    test('its backend killed in the middle of the run: named within seconds (side, process, what the block was doing), blocks kept, the pairs before it reported, nothing left running', async function () {
        this.timeout(10 * 60_000);
        const settings = { 'fsPerf.cpuPass': false, 'fsPerf.scenarios': [SCENARIO_CATALOG.vscodeReadFile.id], 'fsPerf.theia.scenarios': [SCENARIO_CATALOG.theiaDiskFloor.id] };
        const base = await HostSession.theiaBrowser({ browser: false, settings, temporaryParent: directory });
        let head: HostSession | undefined;
        let bench: ReturnType<typeof spawn> | undefined;
        let exited = false;
        try {
            head = await HostSession.theiaBrowser({ browser: false, settings, temporaryParent: directory });
            const out = path.join(directory, 'run');
            bench = spawn(process.execPath, [BENCH, '--compare', `a=${base.server.baseUrl}/`, `b=${head.server.baseUrl}/`, '--pairs', '10', '--iterations', '3',
                '--warmup', '0', '--sizes', '500K,5000K', '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] });
            let output = '';
            let killedAt: number | undefined;
            let namedAt: number | undefined;
            const ended = new Promise<number | undefined>(resolve => bench!.on('exit', code => {
                exited = true;
                resolve(code ?? undefined);
            }));
            const watch = (chunk: Buffer): void => {
                output += chunk.toString();
                if (killedAt === undefined && /block 3\/20/.test(output)) {
                    // The base side's whole Theia (backend, plugin host) gone at once, as a crash on a read would leave it.
                    killedAt = Date.now();
                    process.kill(-base.server.pid, 'SIGKILL');
                }
                if (killedAt !== undefined && namedAt === undefined && /the a side failed: /.test(output)) {
                    namedAt = Date.now();
                }
            };
            bench.stdout!.on('data', watch);
            bench.stderr!.on('data', watch);
            const code = await ended;
            assert.isDefined(killedAt, output);
            assert.notStrictEqual(code, 0, output);
            assert.isDefined(namedAt, output);
            assert.isBelow(namedAt! - killedAt!, 5000, 'the dead side is named within seconds, not after a time-out');
            assert.match(output, new RegExp(`the a side failed: its Theia at ${base.server.baseUrl.replace(/[.]/g, '\\.')}/ stopped answering \\(connection refused\\) `
                + 'during pair \\d+/10(, at .+)?; the blocks measured before it are kept in blocks/'));
            const blocks = await fs.readdir(path.join(out, 'blocks'));
            assert.includeMembers(blocks, ['01-base.json', '02-head.json', '03-head.json']);
            // What was measured before the crash is compared and reported: the complete pairs, the run marked as ended early.
            assert.match(output, /The report compares the (pair|\d+ pairs) measured before it\./);
            const report = await fs.readFile(path.join(out, 'report.md'), 'utf8');
            assert.match(report, /ended early after (1 pair|\d+ pairs)/);
            const run = JSON.parse(await fs.readFile(path.join(out, 'run.json'), 'utf8')) as { endedEarly?: { pairs: number; reason: string } };
            assert.isAbove(run.endedEarly?.pairs ?? 0, 0);
            assert.match(run.endedEarly!.reason, /the a side failed/);
            const baseSide = JSON.parse(await fs.readFile(path.join(out, 'results', 'base.json'), 'utf8')) as { comparison: { positions: number[] } };
            assert.strictEqual(baseSide.comparison.positions.length, run.endedEarly!.pairs, 'only complete pairs are compared');
        } finally {
            if (bench && !exited) {
                bench.kill('SIGKILL');
            }
            await head?.dispose();
            await base.dispose();
            assert.deepStrictEqual(await processGroupMembers(base.server.pid), []);
            assert.deepStrictEqual(head ? await processGroupMembers(head.server.pid) : [], []);
        }
    });
});
