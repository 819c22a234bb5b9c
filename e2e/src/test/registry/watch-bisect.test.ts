import { assert } from 'chai';
import { existsSync, promises as fs } from 'fs';
import * as path from 'path';
import { BENCH, runToEnd, skipWithoutChromium, temporaryFolderForEachTest } from '../session-helpers';

/** What a step's watch-comparison.json holds of each opening. */
interface StepCell {
    readonly variant: string;
    readonly base: number[];
    readonly head: number[];
    readonly verdict: string;
}

/**
 * Issue 55: a bisect of a watch count over two Theia releases from the registry (1.72.0, from before PR #17630, and
 * 1.74.1), each built once in the cache as a comparison's app (minutes the first time, as for any release). The 1k tree
 * keeps a step to minutes. What the step read is checked against its answer: the same count on both builds must be "no
 * change", a count that moved must be named, whichever way Theia goes.
 */
suite('yarn bench --bisect --suite watch: a bisect of an exact watch count in real Theia releases', () => {
    let directory: string;
    temporaryFolderForEachTest('fs-perf-watch-bisect-test-', folder => {
        directory = folder;
    });

    test('1.72.0 against 1.74.1: each opening read on both, the followed count\'s answer agrees with the readings, in watches', async function () {
        this.timeout(45 * 60_000);
        await skipWithoutChromium(this);
        const out = path.join(directory, 'bisect');
        const cell = 'Theia browser, inotify watches, node_modules excluded';
        const run = await runToEnd(process.execPath, [BENCH, '--bisect', '1.72.0,1.74.1', '--suite', 'watch', '--watch-tree', '1k', '--cell', cell, '--direction', 'faster',
            '--out', out], 40 * 60_000);
        assert.strictEqual(run.code, 0, `${run.stdout}\n${run.stderr}`);
        assert.match(run.stdout, /looking for fewer watches/);
        const record = JSON.parse(await fs.readFile(path.join(out, 'bisect.json'), 'utf8')) as {
            countUnit?: string; cell?: { target: string }; steps: { folder: string; verdict: string; baseMedianMs: number; headMedianMs: number }[];
            answer?: { outcome: string; firstMoved?: number };
        };
        assert.strictEqual(record.countUnit, 'inotify watches');
        assert.strictEqual(record.cell?.target, 'node_modules excluded');
        assert.lengthOf(record.steps, 1, 'two builds: one step, the endpoints');
        const [step] = record.steps;
        const comparison = JSON.parse(await fs.readFile(path.join(out, step.folder, 'watch-comparison.json'), 'utf8')) as { cells: StepCell[]; loads: { base: unknown[]; head: unknown[] } };
        assert.deepStrictEqual(comparison.cells.map(each => each.variant),
            ['node_modules watched', 'node_modules excluded', 'node_modules excluded in the workspace', 'node_modules excluded while running']);
        for (const each of comparison.cells) {
            assert.isTrue([...each.base, ...each.head].every(count => Number.isInteger(count) && count > 0), `${each.variant}: every reading holds watches`);
            // A second round only where a first reading differed.
            const differed = each.base[0] !== each.head[0];
            assert.strictEqual(comparison.loads.base.length === 2, comparison.cells.some(other => other.base[0] !== other.head[0]), 'a second round where a count differed');
            if (!differed && each.base.length === 1) {
                assert.strictEqual(each.verdict, 'no change', each.variant);
            }
        }
        const followed = comparison.cells.find(each => each.variant === 'node_modules excluded')!;
        console.log(`      node_modules excluded: 1.74.1 ${followed.head.join('/')} against 1.72.0 ${followed.base.join('/')} inotify watches: ${followed.verdict}; `
            + `the bisect's answer: ${record.answer?.outcome}`);
        assert.strictEqual(step.verdict, followed.verdict);
        const median = (values: number[]): number => {
            const sorted = [...values].sort((a, b) => a - b);
            return sorted.length % 2 === 1 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
        };
        assert.strictEqual(step.baseMedianMs, median(followed.base));
        assert.strictEqual(step.headMedianMs, median(followed.head));
        const expected = followed.verdict === 'no change' ? 'no change' : followed.verdict === 'faster' ? 'found' : followed.verdict === 'slower' ? 'opposite' : 'cannot tell';
        assert.strictEqual(record.answer?.outcome, expected);
        const markdown = await fs.readFile(path.join(out, 'report.md'), 'utf8');
        assert.include(markdown, '| Base (inotify watches) | Head (inotify watches) |');
        if (expected === 'found') {
            assert.include(markdown, '1.74.1 is the first build with fewer inotify watches in Theia browser, inotify watches, node_modules excluded');
        } else if (expected === 'no change') {
            assert.include(markdown, 'No build changed Theia browser, inotify watches, node_modules excluded between 1.72.0 and 1.74.1: the same count');
        }
        // The step's own report: the verdicts, and each reading.
        const stepReport = await fs.readFile(path.join(out, step.folder, 'report.md'), 'utf8');
        assert.include(stepReport, '# inotify watches: 1.74.1 against 1.72.0');
        assert.match(stepReport, /\| node_modules excluded \| [\d, ]+ \| [\d, ]+ \| /);
    });

    test('bad input is refused in one line before anything is built: a read cell with --suite watch, a watch count that does not exist', async function () {
        this.timeout(60_000);
        for (const [argv, refusal] of [
            [['--bisect', '1.72.0,1.74.1', '--suite', 'watch', '--cell', 'plugin, vscode.workspace.fs.readFile, 5K'], /is a cell of the reads, and --suite watch follows a watch count/],
            [['--bisect', '1.72.0,1.74.1', '--suite', 'watch', '--cell', 'Theia browser, inotify watches, node_modules sometimes'], /is not a watch count a bisect of --suite watch follows/],
            [['--bisect', '1.72.0,1.74.1', '--cell', 'Theia browser, inotify watches, node_modules excluded'], /is a watch count: a bisect follows it with --suite watch/],
        ] as [string[], RegExp][]) {
            const run = await runToEnd(process.execPath, [BENCH, ...argv, '--out', path.join(directory, 'refused')], 60_000);
            assert.strictEqual(run.code, 2, argv.join(' '));
            assert.match(run.stderr, refusal);
            // The refusal in one line, then the pointer to --help.
            assert.match(run.stderr.trim().split('\n')[0], refusal, argv.join(' '));
            assert.isFalse(existsSync(path.join(directory, 'refused')), 'nothing written');
        }
    });
});
