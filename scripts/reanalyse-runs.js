#!/usr/bin/env node
// Writes the reports of the test data's trimmed runs (e2e/test-data/runs/<kind>/) again with today's code, when the
// analysis or the report changes on purpose (a new verdict rule, a new table, a word of a paragraph): a `yarn bench
// --compare` run's comparison.json, comparison.txt and report, any other run's report (as `yarn report` of the folder
// writes it), a `yarn bench --bisect` run's steps (each a compare run) and its answer's report.md / report.html from its
// bisect.json; nothing measured is touched. `node scripts/reanalyse-runs.js [run folder...]` (default: every run folder
// of e2e/test-data/runs, one with results/ or bisect.json); `--check` writes nothing and exits 1 naming each comparison
// that differs from the code's (the reports are e2e/src/test/committed/committed-runs-report.test.ts's to check). The
// runs committed under docs/ are frozen as they were written and are not for this script. Needs `yarn build` first.
'use strict';
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const { readBisectRecord, reanalyseComparisonRun, stepsMachine, writeBisectAnswer, writeReport } = require(path.join(root, 'bench', 'lib'));

/** A bisect's folder: its steps as run folders (re-analysed as any), then its answer written again (its machine from the first step where the record lacks it). */
async function bisectFolder(folder, check, reanalyse) {
    const steps = path.join(folder, 'steps');
    for (const step of fs.existsSync(steps) ? fs.readdirSync(steps).sort() : []) {
        await reanalyse(path.join(steps, step));
    }
    if (!check) {
        const record = await readBisectRecord(folder);
        if (record.answer) {
            await writeBisectAnswer(folder, { ...record, machine: record.machine ?? await stepsMachine(folder, record) });
            console.log(`${path.relative(root, folder)}: bisect report written`);
        }
    }
}

async function main() {
    const args = process.argv.slice(2);
    const check = args.includes('--check');
    const named = args.filter(arg => arg !== '--check').map(folder => path.resolve(folder));
    const testRuns = path.join(root, 'e2e', 'test-data', 'runs');
    const folders = named.length > 0 ? named : fs.readdirSync(testRuns).sort().map(name => path.join(testRuns, name))
        .filter(folder => fs.existsSync(path.join(folder, 'results')) || fs.existsSync(path.join(folder, 'bisect.json')));
    const stale = [];
    const reanalyse = async folder => {
        // A run whose page the test data does not keep (its charts are another kind's) gets none written.
        const keepsPage = fs.existsSync(path.join(folder, 'report.html'));
        const dropPage = () => keepsPage || fs.rmSync(path.join(folder, 'report.html'), { force: true });
        if (!fs.existsSync(path.join(folder, 'comparison.json'))) {
            if (!check) {
                await writeReport([folder], folder);
                dropPage();
                console.log(`${path.relative(root, folder)}: report written`);
            }
            return;
        }
        const run = await reanalyseComparisonRun(folder);
        const files = { 'comparison.json': run.json, 'comparison.txt': run.text };
        const changed = Object.entries(files).filter(([name, content]) => fs.readFileSync(path.join(folder, name), 'utf8') !== content).map(([name]) => name);
        if (check) {
            stale.push(...changed.map(name => path.relative(root, path.join(folder, name))));
            return;
        }
        for (const [name, content] of Object.entries(files)) {
            fs.writeFileSync(path.join(folder, name), content);
        }
        // The title a run gave its report (an early end says so in it) is kept.
        const title = fs.readFileSync(path.join(folder, 'report.md'), 'utf8').split('\n')[0].replace(/^# /, '');
        await writeReport([path.join(folder, 'results')], folder, { title });
        dropPage();
        console.log(`${path.relative(root, folder)}: ${changed.length > 0 ? `${changed.join(', ')} changed` : 'comparison unchanged'}; report written`);
    };
    for (const folder of folders) {
        if (fs.existsSync(path.join(folder, 'bisect.json'))) {
            await bisectFolder(folder, check, reanalyse);
        } else {
            await reanalyse(folder);
        }
    }
    if (check && stale.length > 0) {
        console.error(`Not what the code writes now: ${stale.join(', ')}. Run node scripts/reanalyse-runs.js and name the change in the commit.`);
        process.exit(1);
    }
}

main().catch(error => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
});
