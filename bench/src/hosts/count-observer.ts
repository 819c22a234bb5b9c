import * as http from 'http';
import { AddressInfo } from 'net';
import { COUNT_OBSERVER_URL_VARIABLE, CountWindow, ObservedFrame, ResultsDocument, withObservedCounts } from '@fs-perf/benchmark-core';
import { CDPSession, Page } from 'playwright-core';
import { DisposableCollection } from '../util/disposable';

/** Count passes an observer may still observe (shared by the observers of one `--compare` side's sessions). */
export interface CountBudget {
    remaining: number;
}

/** A frame as CDP reported it: its socket, direction, payload bytes, CDP's monotonic timestamp (s) and when it reached us. */
interface RawFrame {
    readonly requestId: string;
    readonly direction: ObservedFrame['direction'];
    readonly bytes: number;
    readonly timestampS: number;
    readonly receivedAt: number;
}

interface WebSocketFrameEvent {
    requestId: string;
    timestamp: number;
    response: { opcode: number; payloadData: string };
}

/** Ms since the epoch on the clock the machine's processes share, as the extensions record their windows. */
function sharedNow(): number {
    return performance.timeOrigin + performance.now();
}

/** A data frame's payload bytes: a text frame's UTF-8, a binary frame's (CDP sends binary base64-encoded). */
export function payloadBytes(opcode: number, payloadData: string): number {
    return opcode === 2 ? Buffer.from(payloadData, 'base64').length : Buffer.byteLength(payloadData, 'utf8');
}

/**
 * Maps CDP's monotonic frame timestamps (s) to the shared clock: the offset is the smallest gap seen between a frame's
 * receipt here and its timestamp, so a mapped time is late by the quickest delivery at most and never early.
 */
export function mapToSharedClock(frames: readonly { timestampS: number; receivedAt: number }[]): (timestampS: number) => number {
    const offset = Math.min(...frames.map(frame => frame.receivedAt - frame.timestampS * 1000));
    return timestampS => timestampS * 1000 + offset;
}

/** Socket names by URL path, `#2`, `#3` for later sockets of the same path (code-server opens several on one path). */
export function nameSockets(created: readonly { requestId: string; url: string }[]): Map<string, string> {
    const names = new Map<string, string>();
    const perPath = new Map<string, number>();
    for (const { requestId, url } of created) {
        let pathName: string;
        try {
            pathName = new URL(url).pathname;
        } catch {
            pathName = url;
        }
        const seen = (perPath.get(pathName) ?? 0) + 1;
        perPath.set(pathName, seen);
        names.set(requestId, seen === 1 ? pathName : `${pathName} #${seen}`);
    }
    return names;
}

/**
 * The headless driver's observer of the extensions' count passes: an HTTP endpoint on 127.0.0.1 the extensions reach
 * through {@link COUNT_OBSERVER_URL_VARIABLE} (`/begin`, `/end`), and a DevTools protocol session on the page whose
 * Network domain is on only between them (and while the page loads, to learn its sockets' URLs). After the run it adds
 * each count window's messages to the results. `budget`: count passes left to observe, shared by the sessions of one
 * `--compare` side (it counts its first blocks only); with none left it answers `skip`.
 */
export class CountObserverServer {
    protected cdp: CDPSession | undefined;
    protected readonly created: { requestId: string; url: string }[] = [];
    protected readonly frames: RawFrame[] = [];
    /** Shared-clock ms of each observed pass: from Network on to Network off. */
    protected readonly periods: CountWindow[] = [];
    protected openSince: number | undefined;

    protected constructor(protected readonly server: http.Server, readonly url: string, protected readonly budget: CountBudget) { }

    static async start(toDispose: DisposableCollection, budget: CountBudget = { remaining: Number.POSITIVE_INFINITY }): Promise<CountObserverServer> {
        const holder: { observer?: CountObserverServer } = {};
        const server = http.createServer((request, response) => {
            void holder.observer!.handle(request.url ?? '').then(text => response.end(text), error => {
                response.statusCode = 500;
                response.end((error as Error).message);
            });
        });
        await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
        toDispose.push(() => new Promise<void>(resolve => server.close(() => resolve())));
        holder.observer = new CountObserverServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`, budget);
        return holder.observer;
    }

    /** The server's environment entry (its extension or plugin hosts inherit it). */
    environment(): NodeJS.ProcessEnv {
        return { [COUNT_OBSERVER_URL_VARIABLE]: this.url };
    }

    /** Before the page opens its workbench: Network on while it loads, so each socket's URL is known by its request id. */
    async attach(page: Page): Promise<void> {
        this.cdp = await page.context().newCDPSession(page);
        this.cdp.on('Network.webSocketCreated', event => this.created.push({ requestId: event.requestId, url: event.url }));
        this.cdp.on('Network.webSocketFrameSent', event => this.record('sent', event as WebSocketFrameEvent));
        this.cdp.on('Network.webSocketFrameReceived', event => this.record('received', event as WebSocketFrameEvent));
        await this.enable();
    }

    /** Once the workbench is ready: Network off, before anything is timed. */
    async loaded(): Promise<void> {
        await this.cdp?.send('Network.disable');
    }

    protected async enable(): Promise<void> {
        // No response bodies kept: only the WebSocket events are wanted.
        await this.cdp?.send('Network.enable', { maxTotalBufferSize: 0, maxResourceBufferSize: 0 });
    }

    protected record(direction: RawFrame['direction'], event: WebSocketFrameEvent): void {
        if (this.openSince === undefined || (event.response.opcode !== 1 && event.response.opcode !== 2)) {
            return;
        }
        this.frames.push({ requestId: event.requestId, direction, bytes: payloadBytes(event.response.opcode, event.response.payloadData), timestampS: event.timestamp, receivedAt: sharedNow() });
    }

    protected async handle(url: string): Promise<string> {
        if (!this.cdp) {
            throw new Error('no page is attached to the count observer');
        }
        if (url.endsWith('/begin')) {
            if (this.budget.remaining <= 0) {
                return 'skip';
            }
            this.budget.remaining--;
            await this.enable();
            this.openSince = sharedNow();
            return 'observe';
        }
        if (url.endsWith('/end')) {
            if (this.openSince !== undefined) {
                this.periods.push({ start: this.openSince, end: sharedNow() });
                this.openSince = undefined;
                await this.cdp.send('Network.disable');
            }
            return 'ended';
        }
        throw new Error(`unknown count observer request ${url}`);
    }

    /** The frames observed so far on the shared clock, each named by its socket. */
    observedFrames(): ObservedFrame[] {
        if (this.frames.length === 0) {
            return [];
        }
        const names = nameSockets(this.created);
        const toShared = mapToSharedClock(this.frames);
        return this.frames.map(frame => ({
            channel: names.get(frame.requestId) ?? `socket ${frame.requestId}`, direction: frame.direction, bytes: frame.bytes, at: toShared(frame.timestampS),
        }));
    }

    /** `document` with the counts of every row whose count windows all lie in a pass this observer saw; other rows as they are. */
    annotate(document: ResultsDocument): ResultsDocument {
        return withObservedCounts(document, this.observedFrames(), this.periods);
    }
}
