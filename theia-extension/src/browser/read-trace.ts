import { inject, injectable } from '@theia/core/shared/inversify';
import { FileService } from '@theia/filesystem/lib/browser/file-service';
import { MethodTrace, ReadTrace } from '@fs-perf/benchmark-core';
import { FsPerfBackendService } from '../common/fs-perf-backend-protocol';

/**
 * The frontend half of a plugin read's trace. A plugin's `workspace.fs.readFile` reaches the frontend as
 * `FileSystemMainImpl.$readFile`, which calls `FileService.readFile` (plugin-ext, `file-system-main-impl.ts`); while a
 * trace is on, this frontend's `FileService` instance has its `readFile` wrapped to record the call's entry and the
 * moment the bytes are back in the frontend, and the backend records its disk reads. Off again at the end: nothing of
 * it is in the path otherwise.
 */
@injectable()
export class FrontendReadTrace {
    @inject(FileService) protected readonly fileService: FileService;
    @inject(FsPerfBackendService) protected readonly backend: FsPerfBackendService;

    protected readonly trace = new MethodTrace(() => this.fileService, 'readFile', resource => String(resource),
        'FS Perf: a read trace is already on in this window (another run is tracing): wait for it to end.');

    async begin(): Promise<void> {
        // Refused here, with the reason, before the backend's half is turned on.
        this.trace.checkIdle();
        await this.backend.beginReadTrace();
        this.trace.begin();
    }

    async end(): Promise<ReadTrace> {
        const wasOn = this.trace.active;
        const frontend = this.trace.end();
        return { frontend, backend: wasOn ? await this.backend.endReadTrace() : [] };
    }
}
