#!/usr/bin/env node
// Copies a run folder into test data, trimmed so its files stay small: `node scripts/trim-run.js RUN OUT [--drop-targets
// 5K,50K] [--drop-scenarios ID,...] [--drop-files NAME,...] [--blocks N]`. Kept: run.json, the results files (less the
// rows of the dropped targets and scenarios, less the dropped files), a comparison's comparison.json, comparison.txt,
// report.md (its title) and its first N blocks, a bisect's bisect.json and its steps (each trimmed the same way).
// Nothing measured is changed, only left out; then `node scripts/reanalyse-runs.js OUT` writes the reports from what is
// kept. The test data so made: e2e/test-data/runs/README.md.
'use strict';
const fs = require('fs');
const path = require('path');

/** The list an option names (`--drop-targets 5K,50K`), empty when absent. */
function listOption(args, name) {
    const index = args.indexOf(name);
    return index >= 0 && args[index + 1] !== undefined ? args[index + 1].split(',').map(item => item.trim()).filter(Boolean) : [];
}

/** A results document without the rows of the dropped targets and scenarios, written as the bench writes one. */
function trimResults(file, out, drop) {
    const document = JSON.parse(fs.readFileSync(file, 'utf8'));
    const results = document.results.filter(row => !drop.targets.includes(row.targetLabel) && !drop.scenarios.includes(row.scenario.id));
    if (results.length === 0) {
        throw new Error(`${file}: trimming would leave no row`);
    }
    fs.writeFileSync(out, JSON.stringify({ ...document, results }, undefined, 2) + '\n');
}

/** One run folder (a plain run, a comparison or a bisect's step), trimmed into `out`. */
function trimFolder(folder, out, drop) {
    fs.mkdirSync(path.join(out, 'results'), { recursive: true });
    for (const name of ['run.json', 'comparison.json', 'comparison.txt', 'report.md']) {
        // A plain run's report.md is written again whole; a comparison's gives its title.
        if (fs.existsSync(path.join(folder, name)) && (name !== 'report.md' || fs.existsSync(path.join(folder, 'comparison.json')))) {
            fs.copyFileSync(path.join(folder, name), path.join(out, name));
        }
    }
    for (const name of fs.readdirSync(path.join(folder, 'results')).filter(file => file.endsWith('.json')).sort()) {
        if (!drop.files.includes(name)) {
            trimResults(path.join(folder, 'results', name), path.join(out, 'results', name), drop);
        }
    }
    const blocks = path.join(folder, 'blocks');
    const kept = fs.existsSync(blocks) ? fs.readdirSync(blocks).sort().slice(0, drop.blocks) : [];
    for (const name of kept) {
        fs.mkdirSync(path.join(out, 'blocks'), { recursive: true });
        trimResults(path.join(blocks, name), path.join(out, 'blocks', name), drop);
    }
}

function main() {
    const args = process.argv.slice(2);
    const [folder, out] = args.filter((arg, index) => !arg.startsWith('--') && (index === 0 || !args[index - 1].startsWith('--')));
    if (!folder || !out) {
        console.error('Usage: node scripts/trim-run.js RUN OUT [--drop-targets T,...] [--drop-scenarios ID,...] [--drop-files NAME,...] [--blocks N]');
        process.exit(2);
    }
    if (fs.existsSync(out)) {
        console.error(`${out} exists: give a new folder.`);
        process.exit(2);
    }
    const blocks = listOption(args, '--blocks')[0];
    const drop = {
        targets: listOption(args, '--drop-targets'), scenarios: listOption(args, '--drop-scenarios'), files: listOption(args, '--drop-files'),
        blocks: blocks === undefined ? 0 : Number(blocks),
    };
    if (fs.existsSync(path.join(folder, 'bisect.json'))) {
        fs.mkdirSync(out, { recursive: true });
        fs.copyFileSync(path.join(folder, 'bisect.json'), path.join(out, 'bisect.json'));
        for (const step of fs.readdirSync(path.join(folder, 'steps')).sort()) {
            trimFolder(path.join(folder, 'steps', step), path.join(out, 'steps', step), drop);
        }
    } else {
        trimFolder(folder, out, drop);
    }
    console.log(`${out}: trimmed from ${folder}; now node scripts/reanalyse-runs.js ${out}`);
}

main();
