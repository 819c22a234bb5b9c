import { assert } from 'chai';
import * as path from 'path';
import { REPOSITORY_ROOT } from '../util/repository';

const ROOT = REPOSITORY_ROOT;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { checkLayout } = require(path.join(ROOT, 'scripts', 'layout.js')) as {
    checkLayout(src: string, options: { layers: Record<string, string[][]>; packages?: string[]; nodeBuiltins?: boolean; skip?: string[] }): string[];
};

/**
 * Packages bench and e2e may import, each only through its entry; test-files has a second, Node-only entry (its fixture
 * store on disk), apart from the one the editors bundle.
 */
const PACKAGES = ['@fs-perf/benchmark-core', '@fs-perf/test-files', '@fs-perf/test-files/lib/node', 'playwright-core', 'commander', '@vscode/test-electron'];

suite('layout of bench and e2e', () => {
    test('bench: util, link, hosts, run, commands, lowest first; inside run/ its pieces below the runs, and the comparison run\'s pieces in run/compare/ too; no cycle; other packages only through their entries', () => {
        const layers = {
            '': [['util'], ['link'], ['hosts'], ['run'], ['commands'], ['index']],
            // A run's pieces lowest first: the options' values and the comparison's and bisect's pure parts below the runs that
            // string them together; the option table's shape, then its entries, then the tables they make; the bisect's run beside
            // the bench's options, above the comparison it repeats; the bench on top.
            'run': [['format', 'bench-hosts', 'backend-watch', 'compare-options', 'watcher-load'], ['alternated', 'run-modes', 'run-record', 'option-parsers'],
                ['bisect', 'report-files'], ['compare', 'option-table'], ['run-flags', 'compare-flags'], ['bench-flags', 'command-flags'],
                ['estimates', 'preflight', 'reanalyse'], ['options', 'bisect-run', 'run-verdicts'],
                ['progress'], ['prepare'], ['measure-host'], ['bench'], ['index']],
            // The pure pieces at the bottom, so they stay testable without a host; the run that strings them together on top.
            'run/compare': [['block-order', 'restart-policy', 'budget-planner', 'open-cells', 'bisect-exit', 'duet'], ['side'], ['run-files', 'prepare-side'], ['pass'],
                ['duet-pass'], ['measure-pass'], ['comparison', 'watch-comparison'], ['index']],
        };
        assert.deepStrictEqual(checkLayout(path.join(ROOT, 'bench', 'src'), { layers, packages: PACKAGES, nodeBuiltins: true }), []);
    });

    test('e2e, its tests included: bench only through @fs-perf/bench, no cycle', () => {
        const packages = [...PACKAGES, '@fs-perf/bench', 'chai', 'typescript', 'yaml'];
        assert.deepStrictEqual(checkLayout(path.join(ROOT, 'e2e', 'src'), { layers: {}, packages, nodeBuiltins: true, skip: [] }), []);
    });
});
