/**
 * The builds of `yarn bench --bisect`, in range order: `GOOD..BAD` (every published `x.y.z` Theia release from GOOD to BAD
 * that the registry has complete) or `a=SRC,b=SRC,...` (any side `--compare` accepts, in the order given).
 */
import { compareReleases } from '@fs-perf/benchmark-core';
import { unsupportedTheiaVersion } from '../../hosts/theia-release';
import { parseCompareSide } from '../alternated';
import { CompareSideSpec } from '../compare-options';

/** A build of the series: its name in the answer and what `--compare` makes of it. */
export interface BisectBuild {
    readonly name: string;
    readonly kind: CompareSideSpec['kind'];
    /** The version, the absolute folder, or the URL. */
    readonly value: string;
}

/** What `--bisect` asked for, before the registry is asked anything. */
export type BisectSeries =
    | { readonly kind: 'releases'; readonly good: string; readonly bad: string }
    | { readonly kind: 'builds'; readonly builds: readonly BisectBuild[] };

const RANGE = /^\s*([^.\s][^\s]*?)\.\.([^\s]+)\s*$/;

/** `--bisect`'s value: a range of releases or a list of builds; throws with a one-line reason for a bad one. */
export function parseBisectSeries(text: string, base: string): BisectSeries {
    const range = RANGE.exec(text);
    if (range && !text.includes(',')) {
        const [good, bad] = [range[1], range[2]];
        for (const version of [good, bad]) {
            const problem = unsupportedTheiaVersion(version);
            if (problem) {
                throw new Error(`--bisect ${text}: ${problem}`);
            }
        }
        if (compareReleases(good, bad) >= 0) {
            throw new Error(`--bisect ${text}: GOOD must be an older release than BAD (GOOD..BAD, e.g. 1.54.0..1.74.1), not ${compareReleases(good, bad) === 0 ? 'the same' : 'a newer one'}.`);
        }
        return { kind: 'releases', good, bad };
    }
    const parts = text.split(',').map(part => part.trim()).filter(part => part !== '');
    if (parts.length < 2) {
        throw new Error(`--bisect ${text}: give GOOD..BAD (two Theia releases) or at least 2 builds in order, a=SRC,b=SRC,... (each a release, a folder of @theia/* tarballs or a built Theia checkout).`);
    }
    const builds = parts.map((part, index) => {
        const side = parseCompareSide(part, index === 0 ? 'base' : 'head', base);
        if (side.kind === 'url') {
            throw new Error(`--bisect ${part}: a Theia at a URL cannot be a build of a bisect (each step starts and stops its builds); give a release, tarballs or a checkout.`);
        }
        const named = part.includes('=') ? side.label : side.kind === 'release' ? side.value : `build-${index + 1}`;
        return { name: named, kind: side.kind, value: side.value };
    });
    const names = builds.map(build => build.name);
    const twice = names.find((name, index) => names.indexOf(name) !== index);
    if (twice !== undefined) {
        throw new Error(`--bisect names two builds "${twice}": give each its own name (a=SRC,b=SRC,...).`);
    }
    return { kind: 'builds', builds };
}

/** The releases of `published` from `good` to `bad`, both included, in release order (plain `x.y.z` only). */
export function releasesInRange(published: readonly string[], good: string, bad: string): string[] {
    return published.filter(version => /^\d+\.\d+\.\d+$/.test(version))
        .filter(version => compareReleases(version, good) >= 0 && compareReleases(version, bad) <= 0)
        .sort(compareReleases);
}

/** What resolving a range of releases asks of the registry (injected, so the refusals are tested without one). */
export interface ReleaseRegistry {
    /** Every version the registry has of `@theia/core`. */
    published(): Promise<readonly string[]>;
    /** Why the release cannot be installed from the registry (a package missing at that version), or undefined. */
    incomplete(version: string): Promise<string | undefined>;
}

/** The releases that will be built: GOOD and BAD must be published and complete; a release between them that is not is left out, and said. */
export async function resolveReleases(good: string, bad: string, registry: ReleaseRegistry, log: (message: string) => void): Promise<BisectBuild[]> {
    const published = await registry.published();
    for (const version of [good, bad]) {
        if (!published.includes(version)) {
            throw new Error(`--bisect ${good}..${bad}: Theia ${version} is not published in this machine's package registry (@theia/core has no ${version}).`);
        }
    }
    const builds: BisectBuild[] = [];
    for (const version of releasesInRange(published, good, bad)) {
        const problem = await registry.incomplete(version);
        if (problem && (version === good || version === bad)) {
            throw new Error(`--bisect ${good}..${bad}: ${problem}`);
        }
        if (problem) {
            log(`  left out: ${problem}`);
        } else {
            builds.push({ name: version, kind: 'release', value: version });
        }
    }
    return builds;
}
