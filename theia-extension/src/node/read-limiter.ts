import { inject, injectable, optional } from '@theia/core/shared/inversify';
import { FsPerfAccessError } from './access-error';

/** How many file reads the backend does at once, and how many it keeps waiting. */
export interface ReadLimits {
    /** Reads in flight at once; each holds at most one file's bytes (64 MiB, `MAX_READ_BYTES`). */
    readonly maxInFlight: number;
    /** Reads waiting for a turn; past this they are refused as busy. A waiting read holds no file bytes. */
    readonly maxQueued: number;
}
export const ReadLimits = Symbol('ReadLimits');

/**
 * The defaults: 4 reads in flight, so at most 4 x 64 MiB = 256 MiB of file bytes (4 x 10 MB for the
 * largest test file); the frontend's benchmark sends one read at a time, a page at most 6 requests.
 */
export const DEFAULT_READ_LIMITS: ReadLimits = Object.freeze({ maxInFlight: 4, maxQueued: 256 });

/** Gives up a turn taken with {@link ReadLimiter.acquire}; a second call does nothing. */
export type ReleaseRead = () => void;

/**
 * One bound on file reads, shared by the Node fs read service and the HTTP route: at most `maxInFlight`
 * reads hold file bytes at once, up to `maxQueued` more wait in arrival order, and the rest are refused
 * with a "busy" {@link FsPerfAccessError} (HTTP 503).
 */
@injectable()
export class ReadLimiter {

    readonly limits: ReadLimits;
    protected inFlight = 0;
    protected readonly waiting: Array<() => void> = [];

    constructor(@inject(ReadLimits) @optional() limits?: ReadLimits) {
        this.limits = limits ?? DEFAULT_READ_LIMITS;
        if (!Number.isInteger(this.limits.maxInFlight) || this.limits.maxInFlight < 1
            || !Number.isInteger(this.limits.maxQueued) || this.limits.maxQueued < 0) {
            throw new Error(`Invalid fs-perf read limits ${JSON.stringify(this.limits)}: maxInFlight must be a whole number >= 1, `
                + 'maxQueued a whole number >= 0.');
        }
    }

    /** Reads holding a turn now. */
    get active(): number {
        return this.inFlight;
    }

    /** Reads waiting for a turn now. */
    get queued(): number {
        return this.waiting.length;
    }

    /**
     * Waits for a turn. `shown` names the request in the refusal when the queue is full.
     * @returns the function that gives the turn back; call it once the bytes are no longer held.
     */
    async acquire(shown: string): Promise<ReleaseRead> {
        if (this.inFlight < this.limits.maxInFlight) {
            this.inFlight++;
            return this.releaser();
        }
        if (this.waiting.length >= this.limits.maxQueued) {
            throw new FsPerfAccessError('busy', `Refusing to read ${shown} now: the Theia backend is busy with `
                + `${this.inFlight} fs-perf reads and ${this.waiting.length} waiting. Try again when they have finished.`);
        }
        // The turn passes directly from the releasing read to this one, so inFlight stays counted.
        await new Promise<void>(resolve => this.waiting.push(resolve));
        return this.releaser();
    }

    /** Runs `read` in a turn, giving it back when `read` settles. */
    async run<T>(shown: string, read: () => Promise<T>): Promise<T> {
        const release = await this.acquire(shown);
        try {
            return await read();
        } finally {
            release();
        }
    }

    protected releaser(): ReleaseRead {
        let released = false;
        return () => {
            if (released) {
                return;
            }
            released = true;
            const next = this.waiting.shift();
            if (next) {
                next();
            } else {
                this.inFlight--;
            }
        };
    }
}
