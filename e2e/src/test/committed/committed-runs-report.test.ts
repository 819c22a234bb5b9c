import { assert } from 'chai';
import { spawnSync } from 'child_process';
import { existsSync, promises as fs, readdirSync } from 'fs';
import * as path from 'path';
import { readBisectRecord, REPOSITORY_ROOT, stepsMachine, writeBisectAnswer } from '@fs-perf/bench';
import { temporaryFolderForEachTest, TEST_RUNS } from '../session-helpers';

const CLI = path.join(REPOSITORY_ROOT, 'bench', 'lib', 'commands', 'report.js');

/** The kinds of run the test data holds, one trimmed run each. */
const KINDS = ['bisect', 'compare', 'default', 'network', 'release', 'trees', 'watch', 'writes'];

/** What `yarn report` writes: the report, its page, the benchmark-action entries and the charts. */
function isReportFile(name: string): boolean {
    return ['report.md', 'report.html', 'benchmark-action.json'].includes(name) || /^chart-.+\.svg$/.test(name);
}

/** Every run folder `yarn report` renders: each kind's run with results/, and each step of a bisect. */
function reportedRuns(): string[] {
    return KINDS.flatMap(kind => {
        const steps = path.join(TEST_RUNS, kind, 'steps');
        return existsSync(steps) ? readdirSync(steps).sort().map(step => path.join(kind, 'steps', step)) : [kind];
    });
}

/** The files of `out` equal those of `folder` of the same names, report.md first (its difference is the one a person reads). */
async function assertSameFiles(out: string, folder: string, names: readonly string[], run: string): Promise<void> {
    for (const file of ['report.md', ...names.filter(other => other !== 'report.md')]) {
        assert.strictEqual(await fs.readFile(path.join(out, file), 'utf8'), await fs.readFile(path.join(folder, file), 'utf8'), `${run}/${file}`);
    }
}

/**
 * The report code's own check: `yarn report <run folder>`, with no option, writes the test data's report files byte for
 * byte (a run's title, its hosts not measured and its order from the folder and its run.json), and a bisect's answer is
 * written again from its bisect.json as it is. A change of the report code that changes a report fails here until
 * `node scripts/reanalyse-runs.js` has written the test data's reports again. The runs committed under docs/ are frozen
 * as they were written and are not re-rendered.
 */
suite('yarn report of each test-data run gives its committed report', () => {
    let directory: string;
    temporaryFolderForEachTest('fs-perf-committed-reports-', folder => {
        directory = folder;
    });

    test('the test data holds one run of each kind: a default run, a --compare run, a bisect, a network run, a release run, trees, writes, watch', () => {
        assert.deepStrictEqual(readdirSync(TEST_RUNS, { withFileTypes: true }).filter(entry => entry.isDirectory()).map(entry => entry.name).sort(), KINDS);
    });

    for (const run of reportedRuns()) {
        test(run, async function () {
            this.timeout(60_000);
            const folder = path.join(TEST_RUNS, run);
            const out = path.join(directory, 'out');
            const result = spawnSync(process.execPath, [CLI, folder, '--out', out], { encoding: 'utf8' });
            assert.strictEqual(result.status, 0, result.stderr);
            // A kind's page (report.html) is kept where its charts differ from the others' (see e2e/test-data/runs/README.md).
            const written = (await fs.readdir(out)).filter(name => name !== 'report.html' || existsSync(path.join(folder, name))).sort();
            assert.deepStrictEqual(written, (await fs.readdir(folder)).filter(isReportFile).sort(), `${run}: the files yarn report writes`);
            await assertSameFiles(out, folder, written, run);
        });
    }

    test('bisect: its answer (report.md, report.html, chart) written again from bisect.json', async function () {
        this.timeout(60_000);
        const folder = path.join(TEST_RUNS, 'bisect');
        const record = await readBisectRecord(folder);
        // The answer's files are written into the folder it is given: a copy of the bisect's record and its steps' run.json.
        await fs.copyFile(path.join(folder, 'bisect.json'), path.join(directory, 'bisect.json'));
        for (const step of record.steps) {
            await fs.mkdir(path.join(directory, step.folder), { recursive: true });
            await fs.copyFile(path.join(folder, step.folder, 'run.json'), path.join(directory, step.folder, 'run.json'));
        }
        await writeBisectAnswer(directory, { ...record, machine: record.machine ?? await stepsMachine(directory, record) });
        await assertSameFiles(directory, folder, (await fs.readdir(folder)).filter(isReportFile), 'bisect');
    });
});
