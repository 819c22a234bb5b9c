import { Endpoint } from '@theia/core/lib/browser/endpoint';
import { BinaryBuffer } from '@theia/core/lib/common/buffer';
import URI from '@theia/core/lib/common/uri';
import { FileService } from '@theia/filesystem/lib/browser/file-service';
import { SCENARIO_CATALOG, ScenarioCase, ScenarioImplementations, ScenarioTarget } from '@fs-perf/benchmark-core';
import { fsPerfFileRoute, FsPerfBackendService } from '../common/fs-perf-backend-protocol';
import { FileSearchService } from './file-search-compat';
import { createTheiaTreeScenarios } from './theia-tree-scenarios';
import { createTheiaWatchScenarios } from './theia-watch-scenarios';
import { createTheiaWriteScenarios } from './theia-write-scenarios';

/** URL of the backend's HTTP route for a file (the wire floor). */
export function fileRouteUrl(fileUri: URI): string {
    const endpoint = new Endpoint({ path: fsPerfFileRoute.replace(/^\//, '') }).getRestUrl();
    return `${endpoint.toString(true)}?uri=${encodeURIComponent(fileUri.toString())}`;
}

/**
 * The Theia extension's scenarios over a fixtures folder, one per catalog entry of the suite; the watch cases make their
 * folders at the top of `workspaceFolder` (by default the folder the fixtures folder's `.fs-perf/` is in).
 */
export function createTheiaScenarios(fileService: FileService, nodeFs: FsPerfBackendService, fixturesFolder: URI,
    workspaceFolder: URI = fixturesFolder.parent.parent, fileSearch?: FileSearchService): ScenarioImplementations<'theia'> {
    const fileUri = (target: ScenarioTarget): URI => fixturesFolder.resolve(target.fileName);
    return {
        theiaFileServiceReadFile: {
            ...SCENARIO_CATALOG.theiaFileServiceReadFile,
            prepare: async target => {
                const uri = fileUri(target);
                return { runSample: async () => ({ bytes: (await fileService.readFile(uri)).value.buffer }) };
            },
        },
        theiaFileServiceReadFileStream: {
            ...SCENARIO_CATALOG.theiaFileServiceReadFileStream,
            prepare: async target => streamReadCase(fileService, fileUri(target)),
        },
        theiaNodeFsService: {
            ...SCENARIO_CATALOG.theiaNodeFsService,
            prepare: async target => {
                const uri = fileUri(target).toString();
                return { runSample: async () => ({ bytes: await nodeFs.readFile(uri) }) };
            },
        },
        theiaDiskFloor: {
            ...SCENARIO_CATALOG.theiaDiskFloor,
            prepare: async target => {
                const uri = fileUri(target).toString();
                return {
                    runSample: async () => {
                        const timing = await nodeFs.timeRead(uri);
                        return { byteCount: timing.byteLength, reportedMs: timing.durationMs };
                    },
                };
            },
        },
        theiaRpcTransport: {
            ...SCENARIO_CATALOG.theiaRpcTransport,
            prepare: async target => {
                // The backend makes the buffer once; made here, not in the first timed sample (warm-up may be 0).
                await nodeFs.buffer(target.bytes);
                return { runSample: async () => ({ bytes: await nodeFs.buffer(target.bytes) }) };
            },
        },
        theiaHttpFetch: {
            ...SCENARIO_CATALOG.theiaHttpFetch,
            prepare: async target => httpFetchCase(fileRouteUrl(fileUri(target)), target),
        },
        ...createTheiaWriteScenarios(fileService, nodeFs, fixturesFolder),
        ...createTheiaTreeScenarios(fileService, nodeFs, fixturesFolder, fileSearch),
        ...createTheiaWatchScenarios(fileService, nodeFs, workspaceFolder, fixturesFolder),
    };
}

/** `FileService.readFileStream`: the chunks counted as they come, the time of the first one read on the sample's clock. */
function streamReadCase(fileService: FileService, uri: URI): ScenarioCase {
    // The chunks are kept as they come; joining them for the content check happens outside the clock readings.
    let chunks: BinaryBuffer[] = [];
    return {
        runSample: async () => {
            const content = await fileService.readFileStream(uri);
            const received: BinaryBuffer[] = [];
            let byteCount = 0;
            let firstChunkAt: number | undefined;
            // In the sample: one clock reading at the first chunk, and the bytes counted as they come.
            await new Promise<void>((resolve, reject) => {
                content.value.on('data', chunk => {
                    firstChunkAt ??= performance.now();
                    received.push(chunk);
                    byteCount += chunk.byteLength;
                });
                content.value.on('error', reject);
                content.value.on('end', () => resolve());
            });
            chunks = received;
            return { byteCount, stream: { firstChunkAt: firstChunkAt ?? performance.now(), chunks: received.length } };
        },
        readBack: async () => BinaryBuffer.concat(chunks).buffer,
    };
}

/** A plain HTTP GET of the file from the backend's route (the wire floor). */
function httpFetchCase(url: string, target: ScenarioTarget): ScenarioCase {
    return {
        runSample: async () => {
            const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' });
            if (!response.ok) {
                throw new Error(`GET ${fsPerfFileRoute} for ${target.fileName} answered ${response.status}: ${await response.text()}`);
            }
            return { bytes: new Uint8Array(await response.arrayBuffer()) };
        },
    };
}
