// Mocha reporter: the spec reporter's output, plus the counts written as JSON to $FS_PERF_TEST_STATS
// so scripts/run-tests.js can sum every suite into one line.
'use strict';
const fs = require('fs');
const Mocha = require('mocha');

class CountingReporter extends Mocha.reporters.Spec {
    constructor(runner, options) {
        super(runner, options);
        runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
            const file = process.env.FS_PERF_TEST_STATS;
            if (file) {
                const { passes, failures, pending } = runner.stats;
                fs.writeFileSync(file, JSON.stringify({ passed: passes, failed: failures, skipped: pending }));
            }
        });
    }
}

module.exports = CountingReporter;
