/** Which Theia releases can be built and measured here, and where their apps are kept. */
import * as os from 'os';
import * as path from 'path';
import { compareReleases } from '@fs-perf/benchmark-core';

/**
 * The oldest Theia release the Theia extension runs in, built and measured here. 1.43.0, the release before it
 * that this machine's registry has complete, lacks `ServiceConnectionProvider`
 * (`@theia/core/lib/browser/messaging/service-connection-provider`), which the extension's RPC client needs.
 */
export const OLDEST_SUPPORTED_THEIA = '1.54.0';

/** Where the release apps are built: `$FS_PERF_THEIA_CACHE`, else `$XDG_CACHE_HOME/fs-perf/theia-apps` (default `~/.cache`). */
export function defaultTheiaCache(): string {
    if (process.env.FS_PERF_THEIA_CACHE) {
        return path.resolve(process.env.FS_PERF_THEIA_CACHE);
    }
    return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'fs-perf', 'theia-apps');
}

const VERSION_PATTERN = /^(\d+)\.(\d+)\.(\d+)$/;

function versionParts(version: string): [number, number, number] | undefined {
    const match = VERSION_PATTERN.exec(version);
    return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

/**
 * Why a version cannot be a release to build (before anything is asked of the registry), or undefined.
 * Only plain releases (`1.60.2`), from {@link OLDEST_SUPPORTED_THEIA} on, within Theia 1.x.
 */
export function unsupportedTheiaVersion(version: string): string | undefined {
    const parts = versionParts(version);
    if (!parts) {
        return `"${version}" is not a Theia release version (e.g. 1.60.2; no ranges, tags or pre-releases).`;
    }
    if (parts[0] !== 1) {
        return `Theia ${version}: only Theia 1.x releases are supported.`;
    }
    if (compareReleases(version, OLDEST_SUPPORTED_THEIA) < 0) {
        return `Theia ${version} is older than ${OLDEST_SUPPORTED_THEIA}, the oldest release the Theia extension supports `
            + '(its RPC client needs ServiceConnectionProvider, which 1.43.0 lacks).';
    }
    return undefined;
}
