/** What a bisect will cost, said before it starts (pure: the cache's contents and the step's minutes are given). */
import { BisectDesign } from '@fs-perf/benchmark-core';
import { minutes } from '../format';
import { BisectBuild } from './builds';

/** A webpack-era release app's install and build on the project's 2-core VM (esbuild-era releases take less). */
export const BUILD_MINUTES = 3.5;
/** Disk of one built app in the cache. */
export const APP_GIGABYTES = 0.5;

export interface BisectPlanInput {
    readonly builds: readonly BisectBuild[];
    readonly design: BisectDesign;
    /** The builds whose app the cache already has. */
    readonly cached: ReadonlySet<string>;
    /** Minutes a comparison takes: its budget and the starts around it. */
    readonly stepMinutes: number;
}

/** The lines of the plan: the builds in range, what must be built, the steps expected and the time. */
export function describeBisectPlan(input: BisectPlanInput): string[] {
    const { builds, design, cached, stepMinutes } = input;
    // The endpoints, then one build a halving in the clean case, at most the same in any case (each halving tests one midpoint).
    const tested = Math.min(builds.length, design.cleanComparisons + 1);
    const toBuild = Math.max(0, tested - builds.filter(build => cached.has(build.name)).length);
    const low = design.cleanComparisons * stepMinutes + toBuild * BUILD_MINUTES;
    const high = design.maxComparisons * stepMinutes + tested * BUILD_MINUTES;
    return [
        `bisect over ${builds.length} builds in range order: ${builds.map(build => build.name).join(', ')}`,
        `builds needed: at most ${tested} of them (the endpoints and one midpoint a halving), each installed and built once in the cache `
            + `(about ${BUILD_MINUTES} minutes a webpack-era release on a 2-core machine, about ${APP_GIGABYTES} GB each); ${cached.size} already cached`,
        `steps: ${design.cleanComparisons} comparisons when every step decides at once, at most ${design.maxComparisons}; each at alpha ${design.stepAlpha.toPrecision(2)} `
            + `(the run's ${design.alpha} split over the ${design.maxComparisons} comparisons it can make)`,
        `expected time: about ${minutes(low * 60)} to ${minutes(high * 60)} (about ${minutes(stepMinutes * 60)} a comparison)`,
    ];
}
