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
 */
import { existsSync, statSync } from 'fs';
import * as path from 'path';
import { ComparisonSide } from '@fs-perf/benchmark-core';
import { HostSession } from '../hosts/host-session';
import { checkTheiaReachable } from '../hosts/theia-app';
import {
    defaultTheiaCache, ensureTheiaReleaseApp, installedVersion, packTheiaCheckout, packTheiaExtension, planTheiaRelease, readTheiaTarballs,
    tarballsVersion, TheiaReleaseApp, unsupportedTheiaVersion,
} from '../hosts/theia-release';
import { COMPARE_PLUGIN_SCENARIOS, COMPARE_THEIA_SCENARIOS, CompareRunOptions, CompareSideSpec } from './compare-options';
import { measureComparison } from './compare/comparison';
import { minutes, PreparedSide } from './compare/pass';

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
            // Shuffled: each round visits the cases in a new order, so one case's leftovers (the 10000K RPC transport's garbage
            // in the page) do not always land on the same next case (FileService.readFile of 500K, first in an ascending round).
            // The pause: what a read leaves behind settles before the next read's clock starts (`--pause`).
            settings: { 'fsPerf.cpuPass': false, 'fsPerf.order': 'shuffled', 'fsPerf.pause': options.compare.pauseMs, 'fsPerf.scenarios': COMPARE_PLUGIN_SCENARIOS, 'fsPerf.theia.scenarios': COMPARE_THEIA_SCENARIOS },
            appMain: app.main,
            pluginFolders: [app.plugins],
            onServerStarted: (server, workspace) => log(`  ${spec.label}: backend PID ${server.pid} at ${server.baseUrl}, workspace ${workspace}`),
        }),
    };
}

/**
 * Runs the comparison: sets up both sides (one after the other), then measures them ({@link measureComparison}).
 * Returns the exit code: with `check`, 1 when a cell is slower.
 */
export async function benchCompare(options: CompareRunOptions): Promise<number> {
    const { log, compare } = options;
    const started = Date.now();
    const [baseSpec, headSpec] = compare.sides;
    log(`comparing ${headSpec.label} (${headSpec.kind} ${headSpec.value}) with ${baseSpec.label} (${baseSpec.kind} ${baseSpec.value}): `
        + `${compare.budgetSeconds === undefined ? `${compare.pairs} pairs` : `pairs until every cell is resolved or ${minutes(compare.budgetSeconds)} are spent`} of alternated blocks of ${options.iterations} samples + ${options.warmup} warm-up `
        + `${compare.warmupBlock ? '(after a warm-up block at each start)' : '(+1 in a side\'s first block after a start)'} at ${options.sizes.join(', ')}, `
        + `${compare.restartEvery === 1 ? 'one side at a time, its processes started afresh for each block'
            : compare.restartEvery > 1 ? `both sides' processes started afresh every ${compare.restartEvery} pairs` : 'each side in one start of its processes'}`
        + `${compare.pauseMs > 0 ? `, a pause before each sample as long as the previous sample, at most ${compare.pauseMs} ms` : ''}; output in ${options.out}`);
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
    return measureComparison(prepared, options, started);
}
