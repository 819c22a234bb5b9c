import { randomBytes, timingSafeEqual } from 'crypto';
import * as http from 'http';
import { AddressInfo } from 'net';
import { COUNT_OBSERVER_URL_VARIABLE, CountWindow, ObservedFrame, ResultsDocument, withObservedCounts } from '@fs-perf/benchmark-core';
import { CDPSession, Page } from 'playwright-core';
import { DisposableCollection } from '../util/disposable';

/** Count passes an observer may still observe (shared by the observers of one `--compare` side's sessions). */
export interface CountBudget {
    remaining: number;
}

/** Most bytes a request to the observer may carry (the relays send none): more is refused with 413. */
export const COUNT_OBSERVER_MAX_BODY_BYTES = 1024;

/**
 * Most WebSocket messages the observer keeps of one count pass (`begin` to `end`). The largest pass seen moved about
 * 14,000 (writes on Theia); a pass beyond the bound counts the rest as dropped, and its rows get no counts (see
 * {@link CountObserverServer.annotate}) rather than a count of part of their messages.
 */
export const MAX_FRAMES_PER_PASS = 200_000;

/** A count pass the observer saw, on the shared clock: from Network on to Network off, with the messages it dropped. */
export interface ObservedPass extends CountWindow {
    /** Messages of the pass beyond {@link MAX_FRAMES_PER_PASS}, not kept: a pass with any has no trustworthy count. */
    readonly dropped: number;
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
    // A loop, not Math.min(...): spreading a log of 100,000s of frames into arguments overflows the stack.
    let offset = Number.POSITIVE_INFINITY;
    for (const frame of frames) {
        offset = Math.min(offset, frame.receivedAt - frame.timestampS * 1000);
    }
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

/** What the observer answers a request it refuses, and why (nothing changes: no pass begins or ends, CDP is untouched). */
interface Refusal {
    readonly status: 404 | 405 | 413;
    readonly text: string;
}

/**
 * The headless driver's observer of the extensions' count passes: an HTTP endpoint on 127.0.0.1 the extensions reach
 * through {@link COUNT_OBSERVER_URL_VARIABLE}, and a DevTools protocol session on the page whose Network domain is on only
 * between `begin` and `end` (and while the page loads, to learn its sockets' URLs). After the run it adds each count
 * window's messages to the results. `budget`: count passes left to observe, shared by the sessions of one `--compare`
 * side (it counts its first blocks only); with none left it answers `skip`.
 *
 * The URL carries a random token (`http://127.0.0.1:PORT/<32 hex digits>`), handed to the editor's server only through
 * its environment: the observer acts on exactly `POST /<token>/begin` and `POST /<token>/end` (no query, a body of at
 * most {@link COUNT_OBSERVER_MAX_BODY_BYTES}) and answers anything else 404, 405 or 413 without changing anything, so
 * another local process cannot use up a run's count passes or turn the page's Network domain on.
 */
export class CountObserverServer {
    protected cdp: CDPSession | undefined;
    protected readonly created: { requestId: string; url: string }[] = [];
    protected readonly frames: RawFrame[] = [];
    /** Shared-clock ms of each observed pass: from Network on to Network off, with the messages it dropped. */
    protected readonly periods: ObservedPass[] = [];
    protected openSince: number | undefined;
    /** Messages kept and dropped of the pass open now. */
    protected passFrames = 0;
    protected passDropped = 0;
    protected readonly tokenBytes: Buffer;

    protected constructor(protected readonly server: http.Server, readonly url: string, token: string, protected readonly budget: CountBudget,
        protected readonly maxFramesPerPass: number) {
        this.tokenBytes = Buffer.from(token, 'utf8');
    }

    /**
     * Listens on 127.0.0.1 (a free port) under a fresh token. `maxFramesPerPass`: the bound of each pass's messages
     * (tests lower it).
     */
    static async start(toDispose: DisposableCollection, budget: CountBudget = { remaining: Number.POSITIVE_INFINITY },
        { maxFramesPerPass = MAX_FRAMES_PER_PASS }: { maxFramesPerPass?: number } = {}): Promise<CountObserverServer> {
        const holder: { observer?: CountObserverServer } = {};
        // A request must arrive whole within 10 s: a client that holds one open cannot keep the bench from closing.
        const server = http.createServer({ requestTimeout: 10_000, headersTimeout: 5_000 }, (request, response) => holder.observer!.serve(request, response));
        await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
        toDispose.push(() => new Promise<void>(resolve => {
            server.close(() => resolve());
            server.closeAllConnections();
        }));
        const token = randomBytes(16).toString('hex');
        holder.observer = new CountObserverServer(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/${token}`, token, budget, maxFramesPerPass);
        return holder.observer;
    }

    /** The server's environment entry (its extension or plugin hosts inherit it): the URL with its token. */
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

    /** Whether a count pass is being observed now (between an accepted `begin` and its `end`). */
    get passOpen(): boolean {
        return this.openSince !== undefined;
    }

    /** The count passes observed so far, each with the messages it dropped. */
    observedPasses(): readonly ObservedPass[] {
        return this.periods;
    }

    protected async enable(): Promise<void> {
        // No response bodies kept: only the WebSocket events are wanted.
        await this.cdp?.send('Network.enable', { maxTotalBufferSize: 0, maxResourceBufferSize: 0 });
    }

    protected record(direction: RawFrame['direction'], event: WebSocketFrameEvent): void {
        if (this.openSince === undefined || (event.response.opcode !== 1 && event.response.opcode !== 2)) {
            return;
        }
        if (this.passFrames >= this.maxFramesPerPass) {
            this.passDropped++;
            return;
        }
        this.passFrames++;
        this.frames.push({ requestId: event.requestId, direction, bytes: payloadBytes(event.response.opcode, event.response.payloadData), timestampS: event.timestamp, receivedAt: sharedNow() });
    }

    /** The phase a request asks for: its target exactly `/<token>/begin` or `/<token>/end` (the token compared in constant time). */
    protected phaseOf(target: string): 'begin' | 'end' | undefined {
        const match = /^\/([^/?#]*)\/(begin|end)$/.exec(target);
        if (!match) {
            return undefined;
        }
        const given = Buffer.from(match[1], 'utf8');
        return given.length === this.tokenBytes.length && timingSafeEqual(given, this.tokenBytes) ? match[2] as 'begin' | 'end' : undefined;
    }

    /** A refusal of the request's target, method or declared length (before its body is read), if any. */
    protected refusalOf(request: http.IncomingMessage): { phase: 'begin' | 'end' } | Refusal {
        const phase = this.phaseOf(request.url ?? '');
        if (!phase) {
            return { status: 404, text: 'not found' };
        }
        if (request.method !== 'POST') {
            return { status: 405, text: 'only POST' };
        }
        if (Number(request.headers['content-length'] ?? 0) > COUNT_OBSERVER_MAX_BODY_BYTES) {
            return { status: 413, text: `a body of at most ${COUNT_OBSERVER_MAX_BODY_BYTES} bytes` };
        }
        return { phase };
    }

    protected serve(request: http.IncomingMessage, response: http.ServerResponse): void {
        const refuse = ({ status, text }: Refusal): void => {
            if (!response.headersSent) {
                response.writeHead(status, { 'Content-Type': 'text/plain', Connection: 'close', ...status === 405 ? { Allow: 'POST' } : {} });
                response.end(text);
            }
        };
        const checked = this.refusalOf(request);
        if (!('phase' in checked)) {
            refuse(checked);
            return;
        }
        let received = 0;
        // A client gone mid-request is no error of the bench's: the answer is dropped with the connection.
        request.on('error', () => undefined);
        request.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received > COUNT_OBSERVER_MAX_BODY_BYTES) {
                refuse({ status: 413, text: `a body of at most ${COUNT_OBSERVER_MAX_BODY_BYTES} bytes` });
            }
        });
        request.on('end', () => {
            if (received > COUNT_OBSERVER_MAX_BODY_BYTES) {
                return;
            }
            void this.handle(checked.phase).then(text => response.end(text), error => {
                response.statusCode = 500;
                response.end((error as Error).message);
            });
        });
    }

    protected async handle(phase: 'begin' | 'end'): Promise<string> {
        if (!this.cdp) {
            throw new Error('no page is attached to the count observer');
        }
        if (phase === 'begin') {
            if (this.budget.remaining <= 0) {
                return 'skip';
            }
            this.budget.remaining--;
            await this.enable();
            this.passFrames = 0;
            this.passDropped = 0;
            this.openSince = sharedNow();
            return 'observe';
        }
        if (this.openSince !== undefined) {
            this.periods.push({ start: this.openSince, end: sharedNow(), dropped: this.passDropped });
            this.openSince = undefined;
            await this.cdp.send('Network.disable');
        }
        return 'ended';
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

    /**
     * `document` with the counts of every row whose count windows all lie in a pass this observer saw whole; other rows
     * as they are. A row in a pass that dropped messages (over {@link MAX_FRAMES_PER_PASS}) gets no count, and `warn`
     * says which rows and how many messages were dropped: part of a pass's messages would give a wrong count.
     */
    annotate(document: ResultsDocument, warn: (message: string) => void = message => console.warn(message)): ResultsDocument {
        for (const pass of this.periods.filter(period => period.dropped > 0)) {
            const rows = document.results.filter(row => row.counts?.windows.every(window => window.start >= pass.start && window.end <= pass.end));
            const names = rows.map(row => `${row.scenario.id} ${row.targetLabel}`).join(', ') || 'no row';
            warn(`The count observer kept ${this.maxFramesPerPass} WebSocket messages of the count pass at ${new Date(pass.start).toISOString()} and dropped `
                + `${pass.dropped} more (its bound): ${names} get no counts, since part of a pass's messages would give a wrong count.`);
        }
        return withObservedCounts(document, this.observedFrames(), this.periods.filter(period => period.dropped === 0));
    }
}
