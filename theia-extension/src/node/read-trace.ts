import { promises as fs } from 'fs';
import { injectable } from '@theia/core/shared/inversify';
import { DiskFileSystemProvider } from '@theia/filesystem/lib/node/disk-file-system-provider';
import { MethodTrace, TraceSpan } from '@fs-perf/benchmark-core';

/**
 * The backend half of a plugin read's trace: while on, `DiskFileSystemProvider.readFile` (what the frontend's
 * `FileService.readFile` reaches through the remote file system server) is wrapped to record its start and end on the
 * shared clock. Theia creates one provider per connection, so the wrapper goes on the class's prototype, and comes off
 * again at the end: nothing of it is in the path when no trace is on.
 */
@injectable()
export class BackendReadTrace {
    protected readonly trace = new MethodTrace(() => DiskFileSystemProvider.prototype, 'readFile', uri => String(uri),
        'A read trace is already on in this backend (another run is tracing): wait for it to end.');

    begin(): void {
        this.trace.begin();
    }

    end(): TraceSpan[] {
        return this.trace.end();
    }
}

/** Reads a file's text, for the CPU probe's `/proc` reads. */
export function readText(path: string): Promise<string> {
    return fs.readFile(path, 'utf8');
}

/** The names in a folder (the CPU probe lists a process's threads under `/proc/<pid>/task`). */
export function listFolder(path: string): Promise<string[]> {
    return fs.readdir(path);
}
