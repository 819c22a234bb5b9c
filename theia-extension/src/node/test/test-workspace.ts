import * as fs from 'fs';
import { FsPerfLogger } from '../../common/fs-perf-logger';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { Container } from '@theia/core/shared/inversify';
import { ILogger, Loggable } from '@theia/core/lib/common/logger';
import { MockLogger } from '@theia/core/lib/common/test/mock-logger';
import { FixtureSize, fixtureFileName } from '@fs-perf/benchmark-core';
import { generateFixtures } from '@fs-perf/test-files';
import { NodeFixtureStore } from '@fs-perf/test-files/lib/node';
import { MAX_READ_BYTES, FsPerfBackendService } from '../../common/fs-perf-backend-protocol';
import { FsPerfBackendServiceImpl } from '../fs-perf-backend-service';
import { BackendReadTrace } from '../read-trace';
import { InMemoryBuffers } from '../in-memory-buffers';
import { ReadLimiter, ReadLimits } from '../read-limiter';
import { ScratchBudget } from '../scratch-folders';
import { WorkspaceRootsProvider } from '../workspace-roots';

// fs-perf's marker of its temporary folders, which `yarn clean --temp` reads (the one writer, plain Node in scripts/).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const tempMarker = require(path.join(__dirname, '..', '..', '..', '..', 'scripts', 'temp-marker.js')) as { TEMP_MARKER: string; writeTempMarker(folder: string, purpose: string): void };

/** The marker's file name, which a test listing a temporary folder leaves out. */
export const TEMP_MARKER = tempMarker.TEMP_MARKER;

/** `fs.promises.mkdtemp` in the OS temp folder, marked as this process's so that `yarn clean --temp` removes it once the process is gone. */
export async function markedTemporaryFolder(prefix: string): Promise<string> {
    const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), prefix));
    tempMarker.writeTempMarker(folder, 'theia-extension backend test');
    return folder;
}

/** A logger that keeps what it was given, to check that refusals are logged. */
export class RecordingLogger extends MockLogger {
    readonly warnings: string[] = [];
    readonly errors: string[] = [];

    override warn(message: string | Loggable, ...params: unknown[]): Promise<void> {
        this.warnings.push(String(message));
        return super.warn(message, ...params);
    }

    override error(message: string | Loggable | Error, ...params: unknown[]): Promise<void> {
        this.errors.push(String(message));
        return super.error(message, ...params);
    }
}

/** Workspace roots a test can change, counting the calls. */
export class TestRootsProvider implements WorkspaceRootsProvider {
    calls = 0;
    failure: Error | undefined;

    constructor(public roots: string[]) { }

    async getRoots(): Promise<string[]> {
        this.calls++;
        if (this.failure) {
            throw this.failure;
        }
        return [...this.roots];
    }
}

/**
 * A temporary workspace with the six fixtures in `fixtures/`, a sub-folder, symlinks in and out, a sparse
 * file over {@link MAX_READ_BYTES}, and a temporary folder outside it with one file.
 */
export class TestWorkspace {

    protected constructor(
        /** The workspace root. */
        readonly root: string,
        /** A folder next to the workspace, not in it. */
        readonly outside: string,
    ) { }

    static async create(options: { fixtures: boolean } = { fixtures: true }): Promise<TestWorkspace> {
        const workspace = new TestWorkspace(
            await markedTemporaryFolder('fs-perf-ws-'),
            await markedTemporaryFolder('fs-perf-outside-'),
        );
        if (options.fixtures) {
            await generateFixtures({ store: new NodeFixtureStore(workspace.fixtures), smallFileCount: 0 });
        }
        await fs.promises.writeFile(workspace.outsideFile, 'not for fs-perf\n');
        await fs.promises.mkdir(workspace.folder);
        await fs.promises.writeFile(workspace.insideFile, 'inside\n');
        await fs.promises.symlink(workspace.outsideFile, workspace.linkOut);
        await fs.promises.symlink(workspace.insideFile, workspace.linkIn);
        await fs.promises.symlink(workspace.outside, workspace.linkDirOut);
        await fs.promises.symlink(path.join(workspace.outside, 'missing.txt'), workspace.danglingOut);
        await fs.promises.symlink('/proc/self/environ', workspace.linkProc);
        await fs.promises.symlink(workspace.loopB, workspace.loopA);
        await fs.promises.symlink(workspace.loopA, workspace.loopB);
        // Sparse: over the limit without using the disk.
        await fs.promises.writeFile(workspace.hugeFile, '');
        await fs.promises.truncate(workspace.hugeFile, MAX_READ_BYTES + 1);
        return workspace;
    }

    get fixtures(): string {
        return path.join(this.root, 'fixtures');
    }

    get folder(): string {
        return path.join(this.root, 'folder');
    }

    get insideFile(): string {
        return path.join(this.folder, 'inside.txt');
    }

    /** A symlink in the workspace to {@link outsideFile}. */
    get linkOut(): string {
        return path.join(this.root, 'link-out.txt');
    }

    /** A symlink in the workspace to {@link insideFile}. */
    get linkIn(): string {
        return path.join(this.root, 'link-in.txt');
    }

    /** A symlink in the workspace to the folder {@link outside}. */
    get linkDirOut(): string {
        return path.join(this.root, 'link-dir-out');
    }

    /** A symlink in the workspace to a missing file outside it. */
    get danglingOut(): string {
        return path.join(this.root, 'dangling-out.txt');
    }

    /** A symlink in the workspace to `/proc/self/environ` (the backend's environment, and its PID in the path). */
    get linkProc(): string {
        return path.join(this.root, 'link-proc');
    }

    /** Two symlinks in the workspace pointing at each other. */
    get loopA(): string {
        return path.join(this.root, 'loop-a');
    }

    get loopB(): string {
        return path.join(this.root, 'loop-b');
    }

    get hugeFile(): string {
        return path.join(this.root, 'huge.bin');
    }

    get outsideFile(): string {
        return path.join(this.outside, 'secret.txt');
    }

    fixture(size: FixtureSize): string {
        return path.join(this.fixtures, fixtureFileName(size.label));
    }

    /** `file:` URI of a path, as Theia's frontend sends it. */
    uri(filePath: string): string {
        return pathToFileURL(filePath).href;
    }

    /** `file://<root>/../<outside>/secret.txt`: a `..` way out of the workspace. */
    get traversalUri(): string {
        return `${this.uri(this.root)}/../${path.basename(this.outside)}/secret.txt`;
    }

    async dispose(): Promise<void> {
        await fs.promises.rm(this.root, { recursive: true, force: true });
        await fs.promises.rm(this.outside, { recursive: true, force: true });
    }
}

/** A container with the real service, the given roots and logger, and the default read limits unless others are given. */
export function createServiceContainer(roots: WorkspaceRootsProvider, logger: ILogger, limits?: ReadLimits): Container {
    const container = new Container();
    bindReadLimiter(container, limits);
    container.bind(BackendReadTrace).toSelf().inSingletonScope();
    container.bind(InMemoryBuffers).toSelf().inSingletonScope();
    container.bind(ScratchBudget).toSelf().inSingletonScope();
    // One service per get, as one per connection in the backend.
    container.bind(FsPerfBackendServiceImpl).toSelf();
    container.bind(FsPerfBackendService).toService(FsPerfBackendServiceImpl);
    container.bind(WorkspaceRootsProvider).toConstantValue(roots);
    container.bind(FsPerfLogger).toConstantValue(logger);
    return container;
}

/** The real {@link ReadLimiter}, with `limits` or its defaults. */
export function bindReadLimiter(container: Container, limits?: ReadLimits): void {
    container.bind(ReadLimiter).toSelf().inSingletonScope();
    if (limits) {
        container.bind(ReadLimits).toConstantValue(limits);
    }
}

/** The rejection of `promise`, failing when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
    let value: unknown;
    try {
        value = await promise;
    } catch (error) {
        if (!(error instanceof Error)) {
            throw new Error(`Expected an Error rejection, got ${String(error)}`);
        }
        return error;
    }
    throw new Error(`Expected a rejection, got ${value instanceof Uint8Array ? `${value.byteLength} bytes` : JSON.stringify(value)}`);
}
