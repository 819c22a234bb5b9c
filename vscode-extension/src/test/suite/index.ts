import * as path from 'path';
import Mocha from 'mocha';

/**
 * Entry point the extension host calls with `--extensionTestsPath`: runs the integration suite inside
 * the real extension host. The counting reporter writes the counts to $FS_PERF_TEST_STATS when set.
 */
export function run(): Promise<void> {
    const mocha = new Mocha({
        ui: 'tdd',
        timeout: 180_000,
        color: false,
        reporter: path.resolve(__dirname, '../../../../scripts/mocha-counting-reporter.js'),
    });
    mocha.addFile(path.join(__dirname, 'extension.test.js'));
    // Markers let the driver (e2e/src/run-vscode-integration.ts) echo only the tests' lines of the host's log.
    console.log('[fs-perf-tests] begin');
    return new Promise((resolve, reject) => {
        mocha.run(failures => {
            console.log('[fs-perf-tests] end');
            if (failures > 0) {
                reject(new Error(`${failures} integration test(s) failed.`));
            } else {
                resolve();
            }
        });
    });
}
