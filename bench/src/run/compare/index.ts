/**
 * `yarn bench --compare BASE HEAD`: two builds of Theia measured alternately in one run, and what changed.
 *
 * Both sides are set up first (each a browser app built in the cache from a registry release, a folder of `@theia/*`
 * tarballs or a built Theia checkout, or a Theia already running at a URL), and each is started once to refuse one that
 * cannot start. Blocks then alternate in the order A B, B A, A B, ... (ABBA: a steady drift of the machine lands on each
 * side as often first as second). By default (`--restart-every 1`) one side runs at a time: its processes (backend,
 * plugin host, page) are started just before each of its blocks and stopped after it, so no block shares the machine
 * with the other side, and whatever one start of a side's processes happens to get (memory layout, heap, JIT choices,
 * core) varies from pair to pair, where the pairs' interval sees it, instead of staying with that side for the whole
 * run as a bias no pairing removes. `--restart-every N` keeps both sides up for N pairs (0: the whole run).
 * A block is one "FS Perf: Run All with Options..." of a few samples of every case; block `i` of the base and block
 * `i` of the head are a pair, and every cell's verdict comes from its pairs' ratios (benchmark-core's paired.ts).
 * A block measures the reads, or with `--suite trees` the stat storms in flight and the walks over generated trees, or
 * with `--suite writes` the writes (compare-options.ts, compareSuiteScenarios).
 */
export * from './block-order';
export * from './restart-policy';
export * from './side';
export * from './prepare-side';
export * from './pass';
export * from './measure-pass';
export * from './duet';
export * from './comparison';
export * from './bisect-exit';
