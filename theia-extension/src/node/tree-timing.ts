import { promises as fs } from 'fs';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { statInFlight, statOneAfterAnother, TREE_CONCURRENCY_RANGE, treeFilePaths, walkDown } from '@fs-perf/benchmark-core';
import { nodeIsFile, nodeListFolder } from '@fs-perf/test-files/lib/node';
import { TreeTiming, TreeTimingRequest } from '../common/fs-perf-backend-protocol';
import { describeUri, FsPerfAccessError, outsideError } from './access-error';
import { isInsideAny, parseFileUri, resolveRoots } from './path-checks';

/**
 * A folder, resolved and proven inside the workspace; a clear refusal for anything else. `doing` and `missing` word the
 * refusal: `Cannot time the tree <uri>: no such folder in the workspace. Generate the trees first.`
 */
export async function checkedFolder(uri: unknown, roots: readonly string[], doing = 'time the tree', missing = 'Generate the trees first.'): Promise<string> {
    const shown = describeUri(uri);
    const realRoots = await resolveRoots(roots, shown);
    let realPath: string;
    try {
        realPath = await fs.realpath(parseFileUri(uri));
    } catch {
        throw new FsPerfAccessError('not-found', `Cannot ${doing} ${shown}: no such folder in the workspace. ${missing}`);
    }
    if (!isInsideAny(realPath, realRoots)) {
        throw outsideError(shown);
    }
    if (!(await fs.stat(realPath)).isDirectory()) {
        throw new FsPerfAccessError('not-a-file', `Cannot ${doing} ${shown}: it is not a folder.`);
    }
    return realPath;
}

/** Checks the request's fields, so a malformed call is refused before anything touches the disk. */
function checkRequest(request: TreeTimingRequest): void {
    const { operation, concurrency, seed } = request ?? {};
    if (!['stat', 'stat-in-flight', 'readdir'].includes(operation) || !Number.isInteger(seed)
        || !(Number.isInteger(concurrency) && concurrency >= TREE_CONCURRENCY_RANGE.min && concurrency <= TREE_CONCURRENCY_RANGE.max)) {
        throw new FsPerfAccessError('unresolvable', 'Refusing to time a tree: the request needs an operation (stat, stat-in-flight or readdir), a whole-number seed '
            + `and from ${TREE_CONCURRENCY_RANGE.min} to ${TREE_CONCURRENCY_RANGE.max} calls in flight.`);
    }
}

/** A stat storm or walk over a generated tree with Node's `fs`: the names laid out and checked first, then only the storm or walk timed. */
export async function timeTree(request: TreeTimingRequest, roots: readonly string[]): Promise<TreeTiming> {
    checkRequest(request);
    const folder = await checkedFolder(request.folderUri, roots);
    const files = request.operation === 'readdir' ? [] : treeFilePaths(request).map(file => path.join(folder, ...file.split('/')));
    const start = performance.now();
    const entries = request.operation === 'readdir' ? await walkDown(folder, nodeListFolder)
        : request.operation === 'stat' ? await statOneAfterAnother(files, nodeIsFile) : await statInFlight(files, nodeIsFile, request.concurrency);
    return { entries, durationMs: performance.now() - start };
}
