import { assert } from 'chai';
import * as http from 'http';
import { COUNT_OBSERVER_URL_VARIABLE, computeStatistics, Measurement, ResultsDocument, SCENARIO_CATALOG, validateResultsDocument } from '@fs-perf/benchmark-core';
import { Page } from 'playwright-core';
import { COUNT_OBSERVER_MAX_BODY_BYTES, CountBudget, CountObserverServer, mapToSharedClock } from '../hosts/count-observer';
import { DisposableCollection } from '../util/disposable';

/** A page whose DevTools protocol session records what is sent to it and lets a test raise its events. */
function fakePage(): { page: Page; sent: string[]; emit(event: string, payload: unknown): void } {
    const sent: string[] = [];
    const listeners = new Map<string, ((payload: unknown) => void)[]>();
    const cdp = {
        on: (event: string, listener: (payload: unknown) => void) => listeners.set(event, [...listeners.get(event) ?? [], listener]),
        send: async (method: string) => {
            sent.push(method);
            return {};
        },
    };
    const page = { context: () => ({ newCDPSession: async () => cdp }) } as unknown as Page;
    return { page, sent, emit: (event, payload) => listeners.get(event)?.forEach(listener => listener(payload)) };
}

interface Answer {
    readonly status: number;
    readonly text: string;
    readonly allow?: string;
}

/**
 * A raw request (its target sent as written: no URL normalisation), `body` sent as one piece or, as an array, chunked
 * without a length. Resolves with the answer even when the server closes the connection while the body is still going.
 */
function send(port: number, method: string, target: string, body?: Buffer | Buffer[], headers: http.OutgoingHttpHeaders = {}): Promise<Answer> {
    return new Promise((resolve, reject) => {
        let answered = false;
        const request = http.request({ host: '127.0.0.1', port, method, path: target, headers: { Connection: 'close', ...headers } }, response => {
            answered = true;
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('error', () => undefined);
            const done = (): void => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), allow: response.headers.allow });
            response.on('end', done);
            response.on('close', done);
        });
        request.on('error', error => {
            if (!answered) {
                reject(error);
            }
        });
        if (Array.isArray(body)) {
            body.forEach(chunk => request.write(chunk));
            request.end();
        } else {
            request.end(body);
        }
    });
}

function sharedNow(): number {
    return performance.timeOrigin + performance.now();
}

suite('count observer (bench/src/hosts/count-observer.ts)', () => {
    let toDispose: DisposableCollection;
    let budget: CountBudget;
    let observer: CountObserverServer;
    let port: number;
    let token: string;
    let cdp: ReturnType<typeof fakePage>;

    setup(async () => {
        toDispose = new DisposableCollection();
        budget = { remaining: 2 };
        observer = await CountObserverServer.start(toDispose, budget, { maxFramesPerPass: 3 });
        const url = new URL(observer.url);
        port = Number(url.port);
        token = url.pathname.slice(1);
        cdp = fakePage();
        await observer.attach(cdp.page);
        cdp.sent.length = 0;
    });

    teardown(async () => {
        await toDispose.dispose();
    });

    /** What a request could change: the budget, whether a pass is open, the passes seen, what CDP was told. */
    function state(): unknown {
        return { remaining: budget.remaining, open: observer.passOpen, passes: observer.observedPasses().length, sent: [...cdp.sent] };
    }

    test('its URL is 127.0.0.1 with a random 32-hex-digit token, and the server\'s environment names it', async () => {
        assert.match(observer.url, /^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}$/);
        assert.deepStrictEqual(observer.environment(), { [COUNT_OBSERVER_URL_VARIABLE]: observer.url });
        const other = await CountObserverServer.start(toDispose);
        assert.notStrictEqual(new URL(other.url).pathname, new URL(observer.url).pathname, 'each observer has its own token');
    });

    test('POST /<token>/begin and /<token>/end begin and end a pass, Network on and off', async () => {
        assert.deepStrictEqual(await send(port, 'POST', `/${token}/begin`), { status: 200, text: 'observe', allow: undefined });
        assert.deepStrictEqual(state(), { remaining: 1, open: true, passes: 0, sent: ['Network.enable'] });
        assert.deepStrictEqual(await send(port, 'POST', `/${token}/end`, Buffer.from('small body')), { status: 200, text: 'ended', allow: undefined });
        assert.deepStrictEqual(state(), { remaining: 1, open: false, passes: 1, sent: ['Network.enable', 'Network.disable'] });
    });

    test('stray requests get 404, 405 or 413 and change nothing: no pass begins, CDP is untouched', async () => {
        const wrongToken = token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');
        const huge = Buffer.alloc(1024 * 1024, 'x');
        const cases: [string, () => Promise<Answer>, number][] = [
            ['GET /x/begin', () => send(port, 'GET', '/x/begin'), 404],
            ['POST /begin without a token', () => send(port, 'POST', '/begin'), 404],
            ['POST /end without a token', () => send(port, 'POST', '/end'), 404],
            ['POST /<wrong token>/begin', () => send(port, 'POST', `/${wrongToken}/begin`), 404],
            ['POST /<shorter token>/begin', () => send(port, 'POST', `/${token.slice(1)}/begin`), 404],
            ['POST /<token>x/begin', () => send(port, 'POST', `/${token}x/begin`), 404],
            ['POST /<token>/begin?x', () => send(port, 'POST', `/${token}/begin?x`), 404],
            ['POST /<token>/begin/', () => send(port, 'POST', `/${token}/begin/`), 404],
            ['POST /<token>/begin#x', () => send(port, 'POST', `/${token}/begin#x`), 404],
            ['POST //<token>/begin', () => send(port, 'POST', `//${token}/begin`), 404],
            ['POST /x/<token>/begin', () => send(port, 'POST', `/x/${token}/begin`), 404],
            ['POST /<token>/%62egin', () => send(port, 'POST', `/${token}/%62egin`), 404],
            ['POST /<token>', () => send(port, 'POST', `/${token}`), 404],
            ['GET /<token>/begin', () => send(port, 'GET', `/${token}/begin`), 405],
            ['PUT /<token>/begin', () => send(port, 'PUT', `/${token}/begin`), 405],
            ['DELETE /<token>/end', () => send(port, 'DELETE', `/${token}/end`), 405],
            ['POST /<token>/begin with a 1 MiB body', () => send(port, 'POST', `/${token}/begin`, huge), 413],
            ['POST /<token>/begin with a 1 MiB body, chunked', () => send(port, 'POST', `/${token}/begin`, [huge.subarray(0, 1000), huge.subarray(1000)]), 413],
            [`POST /<token>/begin with ${COUNT_OBSERVER_MAX_BODY_BYTES + 1} bytes, chunked`,
                () => send(port, 'POST', `/${token}/begin`, [Buffer.alloc(COUNT_OBSERVER_MAX_BODY_BYTES), Buffer.from('x')]), 413],
        ];
        const before = state();
        for (const [what, request, status] of cases) {
            const answer = await request();
            assert.strictEqual(answer.status, status, what);
            assert.deepStrictEqual(state(), before, `${what} changed nothing`);
            if (status === 405) {
                assert.strictEqual(answer.allow, 'POST', what);
            }
        }
        assert.deepStrictEqual(before, { remaining: 2, open: false, passes: 0, sent: [] });
        // The right request still works afterwards, with a body at the bound.
        assert.strictEqual((await send(port, 'POST', `/${token}/begin`, Buffer.alloc(COUNT_OBSERVER_MAX_BODY_BYTES))).text, 'observe');
    });

    test('stray requests during a pass neither end it nor begin another', async () => {
        await send(port, 'POST', `/${token}/begin`);
        const open = state();
        assert.strictEqual((await send(port, 'POST', '/end')).status, 404);
        assert.strictEqual((await send(port, 'GET', `/${token}/end`)).status, 405);
        assert.strictEqual((await send(port, 'POST', `/${token}/end?x`)).status, 404);
        assert.strictEqual((await send(port, 'POST', `/${token}/end`, Buffer.alloc(COUNT_OBSERVER_MAX_BODY_BYTES * 2))).status, 413);
        assert.deepStrictEqual(state(), open);
        assert.deepStrictEqual(state(), { remaining: 1, open: true, passes: 0, sent: ['Network.enable'] });
    });

    test('a pass over the bound counts what it dropped, and its rows get no counts but a warning; a whole pass is counted', async () => {
        const frame = (direction: 'Sent' | 'Received'): void => cdp.emit(`Network.webSocketFrame${direction}`,
            { requestId: 'socket-1', timestamp: sharedNow() / 1000, response: { opcode: 1, payloadData: 'abc' } });
        cdp.emit('Network.webSocketCreated', { requestId: 'socket-1', url: 'ws://127.0.0.1:1/services' });
        const pass = async (frames: number): Promise<{ start: number; end: number }> => {
            await send(port, 'POST', `/${token}/begin`);
            const start = sharedNow();
            for (let index = 0; index < frames; index++) {
                frame(index % 2 === 0 ? 'Sent' : 'Received');
            }
            const end = sharedNow() + 0.001;
            await new Promise(resolve => setTimeout(resolve, 2));
            await send(port, 'POST', `/${token}/end`);
            return { start, end };
        };
        const whole = await pass(2);
        const overflowed = await pass(5);
        assert.deepStrictEqual(observer.observedPasses().map(each => each.dropped), [0, 2]);
        const row = (target: string, window: { start: number; end: number }): Measurement => ({
            scenario: { ...SCENARIO_CATALOG.vscodeReadFile }, targetLabel: target, fileName: `${target}.bin`, bytes: 1024,
            warmupMs: [], samplesMs: [1, 2, 3], statistics: computeStatistics([1, 2, 3], 1024), verification: 'sha256', reportedBySubject: false,
            counts: { quietMs: 0, windows: [window] },
        });
        const now = new Date().toISOString();
        const document: ResultsDocument = validateResultsDocument({
            schema: 'fs-perf-results', schemaVersion: 1, tool: { name: 'test', version: '0' }, runId: 'run', startedAt: now, finishedAt: now,
            host: { editor: 'theia', editorName: 'Theia', editorVersion: '1.74.1', runtime: 'browser', extensionKind: 'extension' },
            environment: { versions: { node: '20' } }, settings: { iterations: 3, warmup: 0, sizes: ['1K', '5K'], order: 'ascending', scenarios: [] },
            results: [row('1K', whole), row('5K', overflowed)], skipped: [],
        });
        const warnings: string[] = [];
        const annotated = observer.annotate(document, message => warnings.push(message));
        assert.deepStrictEqual(annotated.results[0].counts?.observed?.perCall.map(call => call.map(counts => [counts.channel, counts.sentMessages, counts.receivedMessages])),
            [[['/services', 1, 1]]]);
        assert.isUndefined(annotated.results[1].counts?.observed, 'no count from part of a pass');
        assert.strictEqual(warnings.length, 1);
        assert.include(warnings[0], 'dropped 2 more');
        assert.include(warnings[0], `${SCENARIO_CATALOG.vscodeReadFile.id} 5K`);
        assert.notInclude(warnings[0], '1K');
    });

    test('maps a log of 300,000 frames to the shared clock (no spread into Math.min)', () => {
        const frames = Array.from({ length: 300_000 }, (_, index) => ({ timestampS: index / 1000, receivedAt: 5000 + index + (index === 7 ? -1 : 0) }));
        assert.strictEqual(mapToSharedClock(frames)(0), 4999);
    });
});
