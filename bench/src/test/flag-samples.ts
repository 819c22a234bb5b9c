import { FlagName, RunMode } from '../run/option-table';

/** The cell of the bisect samples, as the report names it in short. */
export const SAMPLE_CELL = 'plugin, vscode.workspace.fs.readFile, 5K';

/** A value each flag of `yarn bench` accepts, so that every flag of the table is tried (a new one without a sample fails the tests). */
export const SAMPLES: Record<FlagName, string[]> = {
    hosts: ['--hosts', 'theia-browser'], iterations: ['--iterations', '3'], warmup: ['--warmup', '0'], sizes: ['--sizes', '500K'],
    precision: ['--precision', '2'], rounds: ['--rounds', '2'], cpuThrottle: ['--cpu-throttle', '2'], cpuPass: ['--no-cpu-pass'], out: ['--out', 'run'],
    theiaUrl: ['--theia-url', 'http://127.0.0.1:9/'], theiaVersion: ['--theia-version', '1.74.1'], theiaCache: ['--theia-cache', 'apps'], force: ['--force'],
    compare: ['--compare', 'base=1.74.1', 'head=1.74.1'], pairs: ['--pairs', '4'], alpha: ['--alpha', '0.01'], noiseThreshold: ['--noise-threshold', '3'],
    check: ['--check'], gate: ['--gate', 'plugin, vscode.workspace.fs.readFile, 10000K'], checkCounts: ['--check-counts', 'messages,round-trips'], budget: ['--budget', '5'], restartEvery: ['--restart-every', '2'], pause: ['--pause', '100'], warmupBlock: ['--no-warmup-block'],
    network: ['--network', 'lan'], duet: ['--duet'], suite: ['--suite', 'trees'], treeSizes: ['--tree-sizes', '1k'], watchTree: ['--watch-tree', '1k'],
    bisect: ['--bisect', '1.54.0..1.74.1'], cell: ['--bisect', '1.54.0..1.74.1', '--cell', SAMPLE_CELL],
    direction: ['--bisect', '1.54.0..1.74.1', '--direction', 'faster'], resume: ['--resume', 'bisect-run'],
    // --bisect-exit needs the cell whose verdict is the exit code.
    bisectExit: ['--bisect-exit', '--cell', SAMPLE_CELL],
};

/** The flags of a bisect: each sample asks for the comparison mode itself (a bisect's steps are comparisons). */
export const BISECT_FLAGS: readonly FlagName[] = ['bisect', 'cell', 'direction', 'resume'];

/** A command line of each mode (a plain run is one without any of them). */
export const MODE_ARGUMENTS: Record<RunMode, string[]> = {
    plain: [], compare: SAMPLES.compare, network: SAMPLES.network, theiaVersion: SAMPLES.theiaVersion, theiaUrl: SAMPLES.theiaUrl, trees: ['--suite', 'trees'],
    writes: ['--suite', 'writes'], watch: ['--suite', 'watch'],
};
