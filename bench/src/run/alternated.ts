/**
 * `yarn bench --compare BASE HEAD`: two builds of Theia measured alternately in one run, and what changed.
 *
 * Both sides are set up first (each a browser app built in the cache from a registry release, a folder of `@theia/*`
 * tarballs or a built Theia checkout, or a Theia already running at a URL), then both are started and kept running:
 * backends, plugin hosts and pages stay warm. Each side runs one warm-up block (discarded), then blocks alternate in
 * the order A B, B A, A B, ... (ABBA: a steady drift of the machine lands on each side as often first as second).
 * A block is one "FS Perf: Run All with Options..." of a few samples of every case; block `i` of the base and block
 * `i` of the head are a pair, and every cell's verdict comes from its pairs' ratios (benchmark-core's paired.ts).
 */
import { existsSync, promises as fs, statSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
    checkRunComparison, compareRuns, ComparisonSide, mergeRounds, ResultsDocument, renderRunComparison, SCENARIO_CATALOG, validateResultsDocument,
    verdictCounts,
} from '@fs-perf/benchmark-core';
import { HostSession } from '../hosts/host-session';
import { writeReport } from './report-files';
import { checkTheiaReachable, fetchTheiaResults } from '../hosts/theia-app';
import {
    defaultTheiaCache, ensureTheiaReleaseApp, installedVersion, packTheiaCheckout, packTheiaExtension, planTheiaRelease, readTheiaTarballs,
    tarballsVersion, TheiaReleaseApp, unsupportedTheiaVersion,
} from '../hosts/theia-release';
import { readResultsFile } from '../util/workspace';
import { serverEnded, unlessBackendEnds, urlRefused } from './backend-watch';
import { OpenCells } from './open-cells';

/** What a side of `--compare` is, as the user wrote it. */
export interface CompareSideSpec {
    readonly side: ComparisonSide['side'];
    /** The side's name in the report: `base` / `head`, or the user's `label=` prefix. */
    readonly label: string;
    readonly kind: 'release' | 'tarballs' | 'checkout' | 'url';
    /** The version, the absolute folder, or the URL. */
    readonly value: string;
}

export interface CompareOptions {
    readonly sides: readonly [CompareSideSpec, CompareSideSpec];
    /** Pairs of blocks (each side measured this many times, alternated). */
    readonly pairs: number;
    readonly alpha: number;
    /** Fraction (0.05 = 5%). */
    readonly noiseThreshold: number;
    /** Exit 1 when a cell is significantly slower beyond the threshold. */
    readonly check: boolean;
    /**
     * `--budget`: sample until every cell is resolved (slower, faster, or no change within the noise threshold) or this
     * many seconds of measuring are spent, instead of a fixed number of pairs.
     */
    readonly budgetSeconds?: number;
}

/** The sequential design of `--budget`: the first look after 8 pairs, then every 4, at most 200 pairs. */
export const SEQUENTIAL_MIN_PAIRS = 8;
export const SEQUENTIAL_LOOK_EVERY = 4;
export const SEQUENTIAL_MAX_PAIRS = 200;

/** The options of a comparison run (the bench's, with `--iterations` the timed samples of each block). */
export interface CompareRunOptions {
    readonly compare: CompareOptions;
    readonly iterations: number;
    readonly warmup: number;
    readonly sizes: string[];
    readonly out: string;
    readonly theiaCache?: string;
    readonly force?: boolean;
    readonly vsix: string;
    readonly log: (message: string) => void;
    readonly progress: (host: string) => (text: string) => void;
}

/** Defaults of a comparison run, where they differ from a plain `yarn bench`. */
export const COMPARE_DEFAULTS = { pairs: 14, iterations: 5, warmup: 1, sizes: ['500K', '5000K', '10000K'] } as const;

/**
 * The scenarios a comparison runs in the apps it starts: the reads through Theia's RPC (the plugin's, FileService's, and
 * the RPC transport of an in-memory buffer) and the two that never touch it (the backend's own disk read, the plugin
 * host's in-host read), which tell a change of the RPC path from one of the machine. The Node fs service (the transport
 * plus the disk read), stream, HTTP, write and small-file scenarios are left out: the time they would take buys more
 * pairs of these within about 10 minutes.
 */
export const COMPARE_THEIA_SCENARIOS = [SCENARIO_CATALOG.theiaFileServiceReadFile.id, SCENARIO_CATALOG.theiaDiskFloor.id, SCENARIO_CATALOG.theiaRpcTransport.id];
export const COMPARE_PLUGIN_SCENARIOS = [SCENARIO_CATALOG.vscodeReadFile.id, SCENARIO_CATALOG.extensionHostNodeReadFile.id];

const LABEL = /^([A-Za-z0-9][\w.-]{0,39})=(.+)$/;

/**
 * One side of `--compare` from the command line: `[label=]SPEC`, SPEC a Theia release (`1.74.1`), a folder of `@theia/*`
 * tarballs, a built Theia checkout (it has `packages/core/package.json`), or the URL of a running Theia. Throws, naming
 * what was given, when it is none of these.
 */
export function parseCompareSide(text: string, side: ComparisonSide['side'], base: string): CompareSideSpec {
    const labelled = LABEL.exec(text);
    const label = labelled ? labelled[1] : side;
    const value = (labelled ? labelled[2] : text).trim();
    if (/^\d+\.\d+\.\d+$/.test(value)) {
        const problem = unsupportedTheiaVersion(value);
        if (problem) {
            throw new Error(`${side} side "${text}": ${problem}`);
        }
        return { side, label, kind: 'release', value };
    }
    if (/^https?:\/\//i.test(value)) {
        try {
            return { side, label, kind: 'url', value: new URL(value).href };
        } catch {
            throw new Error(`${side} side "${text}" is not a URL (e.g. http://127.0.0.1:3000/#/path/to/workspace).`);
        }
    }
    const folder = path.resolve(base, value);
    if (!existsSync(folder) || !statSync(folder).isDirectory()) {
        throw new Error(`${side} side "${text}" is neither a Theia release (e.g. 1.74.1), a URL, nor an existing folder (${folder}).`);
    }
    if (existsSync(path.join(folder, 'packages', 'core', 'package.json'))) {
        return { side, label, kind: 'checkout', value: folder };
    }
    return { side, label, kind: 'tarballs', value: folder };
}

/** Both sides; their labels must differ, or the report could not tell them apart. */
export function parseCompareSides(texts: readonly string[], base: string): [CompareSideSpec, CompareSideSpec] {
    if (texts.length !== 2) {
        throw new Error(`--compare takes two sides, BASE and HEAD, not ${texts.length}${texts.length > 0 ? ` (${texts.join(' ')})` : ''}.`);
    }
    const sides: [CompareSideSpec, CompareSideSpec] = [parseCompareSide(texts[0], 'base', base), parseCompareSide(texts[1], 'head', base)];
    if (sides[0].label === sides[1].label) {
        throw new Error(`Both sides are labelled "${sides[0].label}": give them different labels (e.g. base=1.74.1 head=1.74.1).`);
    }
    return sides;
}

/** The order of the run's blocks after the warm-up: A B, B A, A B, ... for `pairs` pairs. */
export function alternatedOrder(pairs: number): ComparisonSide['side'][] {
    return Array.from({ length: pairs }, (_, pair): ComparisonSide['side'][] => pair % 2 === 0 ? ['base', 'head'] : ['head', 'base']).flat();
}

/** A side set up and ready to start. */
interface PreparedSide {
    readonly spec: CompareSideSpec;
    readonly source: string;
    readonly open: () => Promise<HostSession>;
    readonly where: 'local' | 'remote';
}

/** A side started: its session kept open (warm) for the whole run. */
interface OpenSide extends PreparedSide {
    readonly session: HostSession;
    readonly blocks: ResultsDocument[];
    readonly positions: number[];
}

async function prepareSide(spec: CompareSideSpec, options: CompareRunOptions, extension: () => Promise<string>): Promise<PreparedSide> {
    const { log } = options;
    const cache = options.theiaCache ?? defaultTheiaCache();
    if (spec.kind === 'url') {
        await checkTheiaReachable(spec.value, `Check the ${spec.side} side's URL: a running Theia with both fs-perf extensions and a folder open.`);
        return { spec, source: `the Theia at ${spec.value}`, where: 'remote', open: () => HostSession.remoteTheia(spec.value) };
    }
    let tarballFolder = spec.kind === 'tarballs' ? spec.value : undefined;
    if (spec.kind === 'checkout') {
        tarballFolder = await packTheiaCheckout(spec.value, path.join(cache, 'packs', `checkout-${spec.label}`), message => log(`  ${spec.label}: ${message}`));
    }
    const packed = tarballFolder ? await readTheiaTarballs(tarballFolder) : new Map();
    const version = tarballFolder ? tarballsVersion(packed) : spec.value;
    const plan = await planTheiaRelease(version, packed);
    // One app per label and what it is built from: an A/A run (the same release on both sides) gets two separate builds.
    const folderName = `compare-${spec.label}-${spec.kind === 'release' ? version : spec.kind}`;
    const app: TheiaReleaseApp = await ensureTheiaReleaseApp({ ...plan, folderName }, await extension(), {
        cache, force: options.force, log: message => log(`  ${spec.label}: ${message}`), outputPrefix: `    ${spec.label}| `, vsix: options.vsix,
    });
    const core = installedVersion(app.folder, '@theia/core');
    if (core !== version) {
        throw new Error(`the ${spec.label} app in ${app.folder} has @theia/core ${core ?? '(none)'}, not ${version}; run again with --force.`);
    }
    const source = spec.kind === 'release' ? plan.source ?? `Theia ${version} from the registry`
        : `${spec.kind === 'checkout' ? `the Theia checkout ${spec.value}, packed: ` : `tarballs in ${spec.value}: `}${plan.source}`;
    return {
        spec, source, where: 'local',
        open: () => HostSession.theiaBrowser({
            settings: { 'fsPerf.cpuPass': false, 'fsPerf.scenarios': COMPARE_PLUGIN_SCENARIOS, 'fsPerf.theia.scenarios': COMPARE_THEIA_SCENARIOS },
            appMain: app.main,
            pluginFolders: [app.plugins],
            onServerStarted: (server, workspace) => log(`  ${spec.label}: backend PID ${server.pid} at ${server.baseUrl}, workspace ${workspace}`),
        }),
    };
}

/** One block: "Run All with Options..." with the block's samples, in a session that stays open. */
async function runBlock(side: OpenSide, options: CompareRunOptions, what: string, sizes: readonly string[]): Promise<ResultsDocument> {
    const workbench = side.session.workbench;
    const report = options.progress(`${side.spec.label} ${what}`);
    let lastProgress: string | undefined;
    let lastProgressAt = Date.now();
    const blockRun = workbench.runToCompletion('FS Perf: Run All with Options...', {
        answers: [String(options.iterations), String(options.warmup), sizes.join(', '), '0'],
        onProgress: text => {
            lastProgress = text;
            lastProgressAt = Date.now();
            report(text);
        },
    });
    // A Theia at a URL is asked over HTTP only once its progress has been silent for 2 s, so the probe never lands beside a
    // sample of a live backend (progress comes between samples); a backend we started is watched in this process.
    const gone = (): Promise<string | undefined> => side.where === 'local' ? Promise.resolve(serverEnded(side.session.server))
        : Date.now() - lastProgressAt < 2000 ? Promise.resolve(undefined) : urlRefused(side.spec.value);
    const resultsPath = await unlessBackendEnds(`the ${side.spec.label} side`, gone, blockRun, () => `${what}${lastProgress ? `, at ${lastProgress}` : ''}`);
    const document = side.where === 'remote' ? await fetchTheiaResults(workbench.page, resultsPath) : await readResultsFile(resultsPath);
    if (!document.results.some(row => row.host?.extensionKind === 'plugin')) {
        throw new Error(`the ${side.spec.label} side's results have no rows of the VS Code extension (the plugin): it did not load in that Theia `
            + `(${document.host.editorName} ${document.host.editorVersion}); see its FS Performance Output channel and backend log.`);
    }
    return document;
}

function minutes(seconds: number): string {
    return seconds >= 90 ? `${Math.round(seconds / 60)} min` : `${Math.round(seconds)} s`;
}

/**
 * Runs the comparison: sets up both sides, measures them alternately, writes `results/<base|head>.json` (each side's
 * blocks merged, with its comparison metadata), `blocks/` (every block as measured), `comparison.txt` and
 * `comparison.json` (the verdicts), and the report (comparison first; its `benchmark-action.json` holds the head's medians).
 * Returns the exit code: 1 when a block failed, or with `check` when a cell is slower.
 */
export async function benchCompare(options: CompareRunOptions): Promise<number> {
    const { log, compare } = options;
    const started = Date.now();
    const [baseSpec, headSpec] = compare.sides;
    log(`comparing ${headSpec.label} (${headSpec.kind} ${headSpec.value}) with ${baseSpec.label} (${baseSpec.kind} ${baseSpec.value}): `
        + `${compare.budgetSeconds === undefined ? `${compare.pairs} pairs` : `pairs until every cell is resolved or ${minutes(compare.budgetSeconds)} are spent`} of alternated blocks of ${options.iterations} samples + ${options.warmup} warm-up at ${options.sizes.join(', ')}; output in ${options.out}`);
    let packed: Promise<string> | undefined;
    const extension = (): Promise<string> => packed ??= (async () => {
        log('packing the Theia extension (npm pack in theia-extension/) for the apps');
        return packTheiaExtension(path.join(options.theiaCache ?? defaultTheiaCache(), 'packs'));
    })();
    // Set up one after the other (never two Theia builds at once), before anything is measured.
    const prepared: PreparedSide[] = [];
    for (const spec of compare.sides) {
        log(`setting up ${spec.label}`);
        prepared.push(await prepareSide(spec, options, extension));
    }
    const setupSeconds = (Date.now() - started) / 1000;
    await fs.mkdir(path.join(options.out, 'blocks'), { recursive: true });
    await fs.mkdir(path.join(options.out, 'results'), { recursive: true });
    const open: OpenSide[] = [];
    try {
        for (const side of prepared) {
            log(`starting ${side.spec.label} (${side.source})`);
            const session = await side.open();
            open.push({ ...side, session, blocks: [], positions: [] });
            if (side.where === 'remote') {
                // A Theia we did not start: its workspace may lack the test files (this checks them, and writes what is missing).
                log(`  ${side.spec.label}: ${await session.workbench.generateTestFiles('FS Perf: Generate Test Files (Theia FileService)', { timeoutMs: 10 * 60_000 })}`);
            }
        }
        const bySide = (which: ComparisonSide['side']): OpenSide => open.find(side => side.spec.side === which)!;
        const measureStarted = Date.now();
        let warmupSeconds = 0;
        for (const side of open) {
            const blockStarted = Date.now();
            await runBlock(side, options, 'warm-up block', options.sizes);
            warmupSeconds += (Date.now() - blockStarted) / 1000;
            log(`  ${side.spec.label}: warm-up block (not counted) in ${((Date.now() - blockStarted) / 1000).toFixed(1)} s`);
        }
        const budget = compare.budgetSeconds;
        const cells = budget === undefined ? undefined : new OpenCells({
            alpha: compare.alpha, noiseThreshold: compare.noiseThreshold, minPairs: SEQUENTIAL_MIN_PAIRS, lookEvery: SEQUENTIAL_LOOK_EVERY,
            maxPairs: Math.max(SEQUENTIAL_MIN_PAIRS, Math.min(SEQUENTIAL_MAX_PAIRS, Math.floor(budget / Math.max(1, warmupSeconds)))),
        });
        const plannedPairs = cells ? cells.design.maxPairs : compare.pairs;
        if (cells && budget !== undefined) {
            log(`  sampling until each cell is resolved within ${minutes(budget)}: a pair takes about ${warmupSeconds.toFixed(0)} s, so at most `
                + `${plannedPairs} pairs; cells are decided after ${cells.lookPairs.join(', ')} pairs (group-sequential, alpha ${compare.alpha} over all looks)`);
        }
        const timedStarted = Date.now();
        let position = 0;
        for (let pair = 1; pair <= plannedPairs; pair++) {
            const sizes = cells ? cells.sizesToMeasure(options.sizes) : options.sizes;
            for (const which of alternatedOrder(pair).slice(-2)) {
                const side = bySide(which);
                const blockStarted = Date.now();
                const document = await runBlock(side, options, `pair ${pair}/${plannedPairs}`, sizes);
                side.blocks.push(document);
                side.positions.push(position);
                await fs.writeFile(path.join(options.out, 'blocks', `${String(position + 1).padStart(2, '0')}-${side.spec.side}.json`), JSON.stringify(document, undefined, 2) + '\n');
                position++;
                const left = (Date.now() - timedStarted) / 1000 / position * (2 * plannedPairs - position);
                const only = sizes.length < options.sizes.length ? `, ${sizes.join(', ')} only` : '';
                log(`  block ${position}/${2 * plannedPairs} (pair ${pair}, ${side.spec.label}${only}) in ${((Date.now() - blockStarted) / 1000).toFixed(1)} s`
                    + `${position < 2 * plannedPairs ? `; at most about ${minutes(left)} left` : ''}`);
            }
            if (cells && budget !== undefined) {
                const resolved = cells.decide(pair, bySide('base').blocks, bySide('head').blocks);
                if (resolved.length > 0) {
                    log(`  look after ${pair} pairs: ${resolved.join('; ')}`);
                }
                const elapsed = (Date.now() - timedStarted) / 1000;
                if (cells.openCount === 0) {
                    log(`  every cell resolved after ${pair} pairs`);
                    break;
                }
                if (pair === plannedPairs) {
                    log(`  all ${plannedPairs} planned pairs taken: ${cells.openCount} of ${cells.count} cells stay open (inconclusive)`);
                    break;
                }
                if (elapsed + elapsed / pair > budget) {
                    log(`  the budget is spent after ${pair} pairs: ${cells.openCount} of ${cells.count} cells stay open (inconclusive)`);
                    break;
                }
                log(`  ${cells.openCount} of ${cells.count} cells open; ${minutes(budget - elapsed)} of the budget left`);
            }
        }
        const measureSeconds = (Date.now() - measureStarted) / 1000;
        const comparisonId = `compare-${new Date(started).toISOString()}`;
        const sides = open.map(side => validateResultsDocument({
            ...mergeRounds(cells ? cells.truncate(side.blocks) : side.blocks),
            comparison: {
                id: comparisonId, side: side.spec.side, label: side.spec.label, source: side.source, positions: side.positions,
                ...(cells ? { sequential: cells.design } : {}),
            },
        }, `The ${side.spec.label} side's merged blocks`));
        for (const [index, document] of sides.entries()) {
            await fs.writeFile(path.join(options.out, 'results', `${open[index].spec.side}.json`), JSON.stringify(document, undefined, 2) + '\n');
        }
        const [base, head] = [sides[open.findIndex(side => side.spec.side === 'base')], sides[open.findIndex(side => side.spec.side === 'head')]];
        const comparison = compareRuns([base], [head], { minSize: options.sizes[0], alpha: compare.alpha, noiseThreshold: compare.noiseThreshold });
        const check = checkRunComparison(comparison);
        const text = renderRunComparison(comparison);
        await fs.writeFile(path.join(options.out, 'comparison.txt'), text + '\n');
        await fs.writeFile(path.join(options.out, 'comparison.json'), JSON.stringify({
            ...comparison, counts: verdictCounts(comparison), check: { passed: check.passed, message: check.message },
        }, undefined, 2) + '\n');
        const written = await writeReport([path.join(options.out, 'results')], options.out, {
            comparison: { minSize: options.sizes[0], alpha: compare.alpha, noiseThreshold: compare.noiseThreshold },
            title: `FS Performance comparison: ${head.comparison!.label} against ${base.comparison!.label}, ${new Date().toISOString().slice(0, 10)} on ${os.hostname()}`,
        });
        const seconds = (Date.now() - started) / 1000;
        await fs.writeFile(path.join(options.out, 'run.json'), JSON.stringify({
            compare: { ...compare, sides: open.map(side => ({ ...side.spec, source: side.source })) },
            iterations: options.iterations, warmup: options.warmup, sizes: options.sizes,
            machine: { hostname: os.hostname(), cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryBytes: os.totalmem() },
            seconds: Math.round(seconds * 10) / 10, setupSeconds: Math.round(setupSeconds * 10) / 10, measureSeconds: Math.round(measureSeconds * 10) / 10,
        }, undefined, 2) + '\n');
        console.log(text);
        log(`report written: ${written.map(file => path.relative(options.out, file)).filter(name => !name.startsWith('chart-')).join(', ')} in ${options.out}`);
        log(`done in ${minutes(seconds)} (set-up ${minutes(setupSeconds)}, measuring ${minutes(measureSeconds)})`);
        if (!compare.check) {
            return 0;
        }
        (check.passed ? console.log : console.error)(check.message);
        return check.passed ? 0 : 1;
    } finally {
        for (const side of open.reverse()) {
            await side.session.dispose().catch(error => log(`  ${side.spec.label}: stopping it failed: ${(error as Error).message}`));
        }
    }
}
