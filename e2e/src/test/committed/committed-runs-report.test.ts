import { assert } from 'chai';
import { spawnSync } from 'child_process';
import { existsSync, promises as fs, readdirSync } from 'fs';
import * as path from 'path';
import { REPOSITORY_ROOT } from '@fs-perf/bench';
import { temporaryFolderForEachTest } from '../session-helpers';

const DOCS = path.join(REPOSITORY_ROOT, 'docs');
const CLI = path.join(REPOSITORY_ROOT, 'bench', 'lib', 'commands', 'report.js');

/** What `yarn report` writes: the report, its page, the benchmark-action entries and the charts. */
function isReportFile(name: string): boolean {
    return ['report.md', 'report.html', 'benchmark-action.json'].includes(name) || /^chart-.+\.svg$/.test(name);
}

/** Every committed run folder: a folder of docs/ with its results files in results/. */
function committedRuns(): string[] {
    return readdirSync(DOCS, { withFileTypes: true })
        .filter(entry => entry.isDirectory() && existsSync(path.join(DOCS, entry.name, 'results')))
        .map(entry => entry.name).sort();
}

/**
 * `yarn report <run folder>`, with no option, writes every committed run's report files byte for byte: the report of a
 * run folder is the run's own (its title, its hosts not measured and its order from the folder and its run.json), and a
 * change of the report code that changes a committed report was committed with the report written again.
 */
suite('yarn report of each committed run gives its committed report', () => {
    let directory: string;
    temporaryFolderForEachTest('fs-perf-committed-reports-', folder => {
        directory = folder;
    });

    test('the committed runs are found: the default run, the releases, the pauses, the network run and the comparisons', () => {
        const runs = committedRuns();
        assert.includeMembers(runs, ['benchmark-2026-11-22', 'benchmark-2026-11-22-theia-releases', 'network-2026-11-25']);
        assert.isAtLeast(runs.filter(name => name.startsWith('compare-')).length, 2);
    });

    for (const name of committedRuns()) {
        test(name, async function () {
            this.timeout(60_000);
            const folder = path.join(DOCS, name);
            const out = path.join(directory, name);
            const result = spawnSync(process.execPath, [CLI, folder, '--out', out], { encoding: 'utf8' });
            assert.strictEqual(result.status, 0, result.stderr);
            const written = (await fs.readdir(out)).sort();
            assert.deepStrictEqual(written, (await fs.readdir(folder)).filter(isReportFile).sort(), `${name}: the files yarn report writes`);
            // report.md first: its difference is the one a person reads.
            for (const file of ['report.md', ...written.filter(other => other !== 'report.md')]) {
                assert.strictEqual(await fs.readFile(path.join(out, file), 'utf8'), await fs.readFile(path.join(folder, file), 'utf8'), `${name}/${file}`);
            }
        });
    }
});
