import { inject, injectable } from '@theia/core/shared/inversify';
import { FileService } from '@theia/filesystem/lib/browser/file-service';
import { ReadTrace, TRACE_MAX_MS, traceMethod, TraceSpan } from '@fs-perf/benchmark-core';
import { NodeFsReadService } from '../common/node-fs-read-protocol';

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
    @inject(NodeFsReadService) protected readonly backend: NodeFsReadService;

    protected spans: TraceSpan[] = [];
    protected restore: (() => void) | undefined;
    protected timer: ReturnType<typeof setTimeout> | undefined;

    async begin(): Promise<void> {
        if (this.restore) {
            throw new Error('FS Perf: a read trace is already on in this window (another run is tracing): wait for it to end.');
        }
        await this.backend.beginReadTrace();
        this.spans = [];
        this.restore = traceMethod(this.fileService, 'readFile', resource => String(resource), this.spans);
        this.timer = setTimeout(() => void this.end(), TRACE_MAX_MS);
    }

    async end(): Promise<ReadTrace> {
        if (this.timer) {
            clearTimeout(this.timer);
            this.timer = undefined;
        }
        const wasOn = this.restore !== undefined;
        this.restore?.();
        this.restore = undefined;
        const frontend = this.spans;
        this.spans = [];
        return { frontend, backend: wasOn ? await this.backend.endReadTrace() : [] };
    }
}
