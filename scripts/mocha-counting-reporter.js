// Mocha reporter: the spec reporter's output, plus the counts (and the full titles of the failed tests) written as
// JSON to $FS_PERF_TEST_STATS so scripts/run-tests.js can sum every suite into one line and name what failed at the end.
'use strict';
const fs = require('fs');
const Mocha = require('mocha');

class CountingReporter extends Mocha.reporters.Spec {
    constructor(runner, options) {
        super(runner, options);
        const failedTitles = [];
        runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, (test, error) => {
            const message = String((error && error.message) || error).split('\n')[0].slice(0, 200);
            failedTitles.push(`${test.fullTitle()}: ${message}`);
        });
        runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
            const file = process.env.FS_PERF_TEST_STATS;
            if (file) {
                const { passes, failures, pending } = runner.stats;
                fs.writeFileSync(file, JSON.stringify({ passed: passes, failed: failures, skipped: pending, failedTitles }));
            }
        });
    }
}

module.exports = CountingReporter;
