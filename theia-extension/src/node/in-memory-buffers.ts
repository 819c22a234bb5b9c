import { injectable } from '@theia/core/shared/inversify';
import { Xoshiro128 } from '@fs-perf/test-files';
import { MAX_READ_BYTES } from '../common/fs-perf-backend-protocol';

/** Seed of the in-memory buffers' bytes; any fixed value gives the same bytes on every run. */
const BUFFER_SEED = 0x46535046;
/** Bytes of in-memory buffers kept at once; beyond it the oldest sizes are dropped (the six fixtures need 15.6 MiB). */
const MAX_CACHED_BUFFER_BYTES = 2 * MAX_READ_BYTES;

/** The transport floor's in-memory buffers, one per length, shared by every connection of the backend. */
@injectable()
export class InMemoryBuffers {
    /** Buffers by length, bytes; insertion order is age. */
    protected readonly buffers = new Map<number, Uint8Array>();

    /** The buffer of `byteLength` bytes (a checked length), made once. */
    get(byteLength: number): Uint8Array {
        let buffer = this.buffers.get(byteLength);
        if (!buffer) {
            buffer = new Xoshiro128(BUFFER_SEED).fill(new Uint8Array(byteLength));
            this.cache(buffer);
        }
        return buffer;
    }

    protected cache(buffer: Uint8Array): void {
        let cachedBytes = buffer.byteLength;
        for (const cached of this.buffers.values()) {
            cachedBytes += cached.byteLength;
        }
        for (const [length] of this.buffers) {
            if (cachedBytes <= MAX_CACHED_BUFFER_BYTES) {
                break;
            }
            this.buffers.delete(length);
            cachedBytes -= length;
        }
        this.buffers.set(buffer.byteLength, buffer);
    }
}
