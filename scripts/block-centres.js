#!/usr/bin/env node
// Which centre of a block makes the steadiest pair ratio? For every committed `--compare` run under docs/ (its
// blocks/ folder: NN-base.json, NN-head.json, two blocks a pair), the spread of the key cells' pair ratios (standard
// deviation of the log ratios, in %) with each block reduced by each candidate centre, and over all runs the spread of
// each centre relative to the geometric mean's (the one `--compare` uses). An analysis of committed data, not a test:
// `node scripts/block-centres.js [run folder...]` (default: every docs/compare-* run with blocks). The 16 runs of
// docs/compare-design.md's figures are whole at commit a70ac140ea (docs/compare-*/): run it on a checkout of that commit.
'use strict';
const fs = require('fs');
const path = require('path');

const root = path.resolve(__dirname, '..');
const KEY_CELLS = [
    ['vscode.workspace.fs.readFile', '10000K'], ['vscode.workspace.fs.readFile', '5000K'],
    ['theia.FileService.readFile', '10000K'], ['theia.FileService.readFile', '5000K'],
];

const logMean = values => values.reduce((sum, value) => sum + Math.log(value), 0) / values.length;
const sorted = values => [...values].sort((a, b) => a - b);
const median = values => {
    const s = sorted(values);
    const middle = Math.floor(s.length / 2);
    return s.length % 2 ? s[middle] : (s[middle - 1] + s[middle]) / 2;
};
/** The candidate centres of a block's samples (all positive). */
const CENTRES = {
    'geometric mean': values => Math.exp(logMean(values)),
    'median': median,
    '20% trimmed (both ends)': values => {
        const cut = Math.floor(values.length * 0.2);
        return Math.exp(logMean(sorted(values).slice(cut, values.length - cut)));
    },
    'slowest 20% dropped': values => Math.exp(logMean(sorted(values).slice(0, values.length - Math.round(values.length * 0.2)))),
    'faster half': values => Math.exp(logMean(sorted(values).slice(0, Math.ceil(values.length / 2)))),
    'Hodges-Lehmann': values => {
        const logs = values.map(Math.log);
        const walsh = [];
        for (let i = 0; i < logs.length; i++) {
            for (let j = i; j < logs.length; j++) {
                walsh.push((logs[i] + logs[j]) / 2);
            }
        }
        return Math.exp(median(walsh));
    },
    'minimum': values => Math.min(...values),
};

function standardDeviation(values) {
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1));
}

/** Per pair, each side's samples of a cell: [{ base, head }], pairs in order. */
function cellPairs(run, scenarioId, size) {
    const folder = path.join(run, 'blocks');
    const files = fs.readdirSync(folder).filter(name => /^\d+-(base|head)\.json$/.test(name)).sort();
    const pairs = [];
    for (let index = 0; index + 1 < files.length; index += 2) {
        const pair = {};
        for (const file of files.slice(index, index + 2)) {
            const document = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8'));
            const row = document.results.find(candidate => candidate.scenario.id === scenarioId && candidate.targetLabel === size);
            pair[file.replace(/^\d+-|\.json$/g, '')] = row && row.samplesMs;
        }
        if (pair.base && pair.head && [...pair.base, ...pair.head].every(sample => sample > 0)) {
            pairs.push(pair);
        }
    }
    return pairs;
}

const runs = process.argv.length > 2 ? process.argv.slice(2).map(run => path.resolve(run))
    : fs.readdirSync(path.join(root, 'docs')).filter(name => name.startsWith('compare-')).map(name => path.join(root, 'docs', name))
        .filter(run => fs.existsSync(path.join(run, 'blocks')));
const relative = Object.fromEntries(Object.keys(CENTRES).map(name => [name, []]));
for (const run of runs) {
    console.log(path.basename(run));
    for (const [scenarioId, size] of KEY_CELLS) {
        const pairs = cellPairs(run, scenarioId, size);
        if (pairs.length < 3) {
            continue;
        }
        const spreads = Object.fromEntries(Object.entries(CENTRES).map(([name, centre]) =>
            [name, 100 * standardDeviation(pairs.map(pair => Math.log(centre(pair.head) / centre(pair.base))))]));
        for (const name of Object.keys(CENTRES)) {
            relative[name].push(spreads[name] / spreads['geometric mean']);
        }
        console.log(`  ${scenarioId} ${size} (${pairs.length} pairs): ${Object.entries(spreads).map(([name, spread]) => `${name} ${spread.toFixed(1)}%`).join(', ')}`);
    }
}
const cells = relative['geometric mean'].length;
console.log(`\nSpread with each centre / spread with the geometric mean, over ${cells} cells of ${runs.length} runs (geometric mean of the ratios, and their range):`);
for (const [name, ratios] of Object.entries(relative)) {
    console.log(`  ${name}: ${Math.exp(logMean(ratios)).toFixed(2)} (${Math.min(...ratios).toFixed(2)} to ${Math.max(...ratios).toFixed(2)})`);
}
