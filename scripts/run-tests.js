#!/usr/bin/env node
// Runs every test suite of the repository one after the other (suites that start servers must not
// overlap on a 2-core machine) and ends with one line summing them: `N passed, N failed, N skipped`.
'use strict';
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { makeTemporaryFolder } = require('./temp-marker');

const root = path.resolve(__dirname, '..');

const E2E_FOLDERS = ['cli', 'committed', 'code-server', 'theia', 'toxiproxy', 'registry'];

/**
 * An e2e suite: the mocha tests of one folder of e2e/src/test/, named after what they start. e2e/.mocharc.json's spec
 * is every folder (plain `mocha` in e2e runs them all), and mocha adds a spec given here to it instead of replacing
 * it, so a suite ignores the other folders instead.
 */
function e2e(folder) {
    const others = E2E_FOLDERS.filter(other => other !== folder).map(other => `--ignore=lib/test/${other}/**`);
    return { name: `e2e (${folder})`, cwd: 'e2e', command: ['yarn', 'mocha', ...others] };
}

/**
 * Each suite is a mocha run (or anything using the counting reporter) in a workspace folder, fastest first: the unit
 * suites, then e2e suites that start no server, then those that start one, so a broken build or refusal shows in
 * seconds, not after half an hour of servers.
 */
const suites = [
    // Pure logic, real temporary files and an in-memory editor: seconds each.
    { name: 'benchmark-core', cwd: 'benchmark-core', command: ['yarn', 'mocha'] },
    { name: 'test-files', cwd: 'test-files', command: ['yarn', 'mocha'] },
    { name: 'vscode-extension (unit)', cwd: 'vscode-extension', command: ['yarn', 'mocha'] },
    { name: 'theia-extension (backend)', cwd: 'theia-extension', command: ['yarn', 'mocha'] },
    { name: 'bench', cwd: 'bench', command: ['yarn', 'mocha'] },
    // Nothing started: bench.js's refusals, npm pack of a checkout, the .vsix, the Electron app without a binary.
    e2e('cli'),
    // The report code on the trimmed runs of e2e/test-data/runs; their charts and pages in headless Chromium, no server.
    e2e('committed'),
    // Inside a real VS Code extension host: code-server 4.100.3 + headless Chromium.
    { name: 'vscode-extension (code-server)', cwd: '.', command: ['node', 'e2e/lib/run-vscode-integration.js'] },
    // The same suite in desktop VS Code through @vscode/test-electron; skips with its reason where VS Code cannot be downloaded.
    { name: 'vscode-extension (desktop VS Code)', cwd: '.', command: ['node', 'e2e/lib/run-vscode-desktop.js'] },
    e2e('code-server'),
    // Also the tests that start code-server beside Theia (yarn bench, failed starts): a file goes where its heaviest host is.
    e2e('theia'),
    e2e('toxiproxy'),
    // A Theia release app installed and built from the npm registry, and tarballs fetched from it: minutes the first time.
    e2e('registry'),
];

/** `1 min 05 s`, `12 s`: a suite's wall time as the summary prints it. */
function formatDuration(seconds) {
    const whole = Math.round(seconds);
    return whole < 60 ? `${whole} s` : `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

function main() {
    const only = process.argv.slice(2);
    // A kind's name ('e2e', 'vscode-extension') selects all of its suites.
    const selected = only.length > 0 ? suites.filter(suite => only.some(name => suite.name === name || suite.name.startsWith(`${name} (`))) : suites;
    if (selected.length === 0) {
        console.error(`No suite named ${only.join(', ')}; suites: ${suites.map(suite => suite.name).join(', ')}`);
        process.exit(2);
    }
    const statsDirectory = makeTemporaryFolder(path.join(os.tmpdir(), 'fs-perf-test-stats-'), 'yarn test: the suites\' counts');
    const totals = { passed: 0, failed: 0, skipped: 0 };
    const timings = [];
    const allStarted = Date.now();
    const problems = [];
    try {
        for (const suite of selected) {
            console.log(`\n=== ${suite.name} ===`);
            const started = Date.now();
            const statsFile = path.join(statsDirectory, `${suite.name.replace(/[^a-z0-9-]+/gi, '_')}.json`);
            const [command, ...args] = suite.command;
            const result = spawnSync(command, args, {
                cwd: path.join(root, suite.cwd),
                stdio: 'inherit',
                env: { ...process.env, FS_PERF_TEST_STATS: statsFile },
            });
            const seconds = (Date.now() - started) / 1000;
            timings.push({ name: suite.name, seconds });
            console.log(`=== ${suite.name}: ${formatDuration(seconds)} ===`);
            const stats = fs.existsSync(statsFile) ? JSON.parse(fs.readFileSync(statsFile, 'utf8')) : undefined;
            if (!stats) {
                // A suite that crashed before reporting counts as one failure, never as nothing.
                totals.failed += 1;
                problems.push(`${suite.name}: exited ${result.status ?? result.signal} without reporting results`);
                continue;
            }
            totals.passed += stats.passed;
            totals.failed += stats.failed;
            totals.skipped += stats.skipped;
            for (const title of stats.failedTitles ?? []) {
                problems.push(`${suite.name}: failed: ${title}`);
            }
            if (result.status !== 0 && stats.failed === 0) {
                totals.failed += 1;
                problems.push(`${suite.name}: exited ${result.status ?? result.signal} although no test failed`);
            }
        }
    } finally {
        fs.rmSync(statsDirectory, { recursive: true, force: true });
    }
    console.log('\nTime per suite:');
    for (const { name, seconds } of timings) {
        console.log(`  ${formatDuration(seconds).padStart(8)}  ${name}`);
    }
    console.log(`  ${formatDuration((Date.now() - allStarted) / 1000).padStart(8)}  in all`);
    console.log('');
    // Repeated here so the last lines of a long log (all a CI page may show) say what failed, not only how many.
    for (const problem of problems) {
        console.log(`suite problem: ${problem}`);
    }
    console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
    process.exit(totals.failed > 0 ? 1 : 0);
}

main();
