/**
 * One step of the `git bisect run` test (git-bisect.test.ts), run by git in the repository being bisected:
 * `node git-bisect-step.js <folder>`. The first line of the commit's `throttle` file says how many times slower the head's page runs
 * (Chromium's CPU throttling, as bench-compare.test.ts plants a slower build); the base is the unthrottled browser app.
 * The step is the real comparison run of `yarn bench --compare ... --bisect-exit` (measureComparison with
 * `compare.bisectExit`) on a tiny design, and its exit code is what git reads. It writes its run into
 * `<folder>/steps/NN/` and each backend's PID to `<folder>/servers.txt`; on SIGTERM, SIGINT or SIGHUP it stops what it
 * started and exits 130 (git stops the bisect).
 */
import { appendFileSync, promises as fs } from 'fs';
import * as path from 'path';
import { SCENARIO_CATALOG } from '@fs-perf/benchmark-core';
import { CompareRunOptions, HostSession, measureComparison, parseBisectCell, PreparedSide, REPOSITORY_ROOT, stopAllStarted, throttleCpu } from '@fs-perf/bench';

/** The cell whose verdict is the step's exit code. */
export const STEP_CELL = 'plugin, vscode.workspace.fs.readFile, 500K';
/**
 * A change below this is "no change" (the interval within 0..2): wide, because this test is of the exit codes and git,
 * not of the gate's power. On the shared 2-core machine an A/A step of 8 pairs had intervals up to 0.6..1.8 (at ±60% one
 * came out inconclusive, and git skipped the commit); the 10x throttled page reads about 4.5 times slower.
 */
export const STEP_NOISE_THRESHOLD = 1;
/** Pairs a step takes: 8, so that the signed-rank test can reach p below 0.05 after the adjustment for the step's 2 cells. */
export const STEP_PAIRS = 8;

/** The prepared side of the browser app, its page throttled `throttle` times. */
function side(which: 'base' | 'head', label: string, throttle: number, folder: string): PreparedSide {
    // The plugin's read (through the page) is the followed cell; the backend's disk read never touches the page.
    const settings = { 'fsPerf.cpuPass': false, 'fsPerf.scenarios': [SCENARIO_CATALOG.vscodeReadFile.id], 'fsPerf.theia.scenarios': [SCENARIO_CATALOG.theiaDiskFloor.id] };
    return {
        spec: { side: which, label, kind: 'checkout', value: REPOSITORY_ROOT }, source: `this repository's browser-app, its page throttled ${throttle}x`, where: 'local',
        open: async () => {
            const session = await HostSession.theiaBrowser({ settings, temporaryParent: folder, onServerStarted: server => appendFileSync(path.join(folder, 'servers.txt'), `${server.pid}\n`) });
            if (throttle > 1) {
                await throttleCpu(session.workbench.page, throttle);
            }
            return session;
        },
    };
}

async function main(folder: string): Promise<number> {
    const text = (await fs.readFile('throttle', 'utf8')).split('\n')[0].trim();
    const throttle = Number(text);
    if (!Number.isInteger(throttle) || throttle < 1) {
        console.error(`error: the commit's throttle file says "${text}", not a whole number of 1 or more.`);
        return 128;
    }
    const steps = path.join(folder, 'steps');
    await fs.mkdir(steps, { recursive: true });
    const out = path.join(steps, String((await fs.readdir(steps)).length + 1).padStart(2, '0'));
    const sides = [side('base', 'good', 1, folder), side('head', 'commit', throttle, folder)];
    const options: CompareRunOptions = {
        compare: {
            sides: [sides[0].spec, sides[1].spec], pairs: STEP_PAIRS, alpha: 0.05, noiseThreshold: STEP_NOISE_THRESHOLD, check: false, restartEvery: 0, pauseMs: 0,
            bisectExit: { cell: parseBisectCell(STEP_CELL), direction: 'slower' },
        },
        iterations: 4, warmup: 1, sizes: [parseBisectCell(STEP_CELL).target], cpuPass: false, out, vsix: '', log: line => console.log(line), progress: () => () => undefined,
    };
    console.log(`step in ${out}: the head's page throttled ${throttle}x`);
    return measureComparison(sides, options, Date.now());
}

/** On SIGTERM, SIGINT or SIGHUP: stop every session and process group this step started, then exit 130. */
function stopOnSignals(): void {
    let stopping = false;
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
        process.on(signal, () => {
            if (!stopping) {
                stopping = true;
                void HostSession.disposeAll().finally(() => stopAllStarted()).finally(() => process.exit(130));
            }
        });
    }
}

if (require.main === module) {
    stopOnSignals();
    main(process.argv[2]).then(code => {
        process.exitCode = code;
    }, (error: Error) => {
        console.error(`error: ${error.message}`);
        process.exitCode = 128;
    });
}
