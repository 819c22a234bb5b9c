import { assert } from 'chai';
import * as http from 'http';
import { AddressInfo } from 'net';
import { COUNT_OBSERVER_URL_VARIABLE, httpCountObserver, redactCountObserverUrl } from '../measure/count-pass';

const TOKEN = '0123456789abcdef0123456789abcdef';

suite('count observer relay (httpCountObserver)', () => {
    const servers: http.Server[] = [];

    /** A server on 127.0.0.1 answering with `handler`; closed in teardown, its connections too (a held request included). */
    async function serve(handler: http.RequestListener): Promise<string> {
        const server = http.createServer(handler);
        servers.push(server);
        await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
        return `http://127.0.0.1:${(server.address() as AddressInfo).port}/${TOKEN}`;
    }

    /** The error `promise` rejects with, and how long it took, ms. */
    async function rejection(promise: Promise<unknown>): Promise<{ message: string; ms: number }> {
        const started = Date.now();
        try {
            await promise;
        } catch (error) {
            return { message: (error as Error).message, ms: Date.now() - started };
        }
        return assert.fail('expected the call to fail');
    }

    teardown(async () => {
        await Promise.all(servers.splice(0).map(server => new Promise<void>(resolve => {
            server.close(() => resolve());
            server.closeAllConnections();
        })));
    });

    test('no URL, no observer', () => {
        assert.isUndefined(httpCountObserver(undefined));
        assert.isUndefined(httpCountObserver(''));
    });

    test('POSTs <url>/begin and <url>/end: `observe` begins a pass, `skip` does not', async () => {
        const seen: string[] = [];
        let answer = 'observe';
        const url = await serve((request, response) => {
            seen.push(`${request.method} ${request.url}`);
            response.end(request.url?.endsWith('/begin') ? answer : 'ended');
        });
        const observer = httpCountObserver(url)!;
        assert.isTrue(await observer.begin());
        await observer.end();
        answer = 'skip\n';
        assert.isFalse(await observer.begin());
        assert.deepStrictEqual(seen, [`POST /${TOKEN}/begin`, `POST /${TOKEN}/end`, `POST /${TOKEN}/begin`]);
    });

    test('gives up on an observer that never answers, naming the phase and the timeout, not the token', async () => {
        let held = 0;
        const url = await serve(() => {
            held++; // holds the request: no answer
        });
        const { message, ms } = await rejection(httpCountObserver(url, undefined, { timeoutMs: 300 })!.begin());
        assert.strictEqual(held, 1);
        assert.include(message, 'did not answer \'begin\' within 300 ms');
        assert.include(message, `${new URL(url).origin}/<token>`);
        assert.include(message, COUNT_OBSERVER_URL_VARIABLE);
        assert.notInclude(message, TOKEN);
        assert.isBelow(ms, 3000);
    });

    test('gives up on an answer that starts but never ends', async () => {
        const url = await serve((_request, response) => {
            response.write('obs'); // and never ends
        });
        const { message } = await rejection(httpCountObserver(url, undefined, { timeoutMs: 300 })!.end());
        assert.include(message, 'did not answer \'end\' within 300 ms');
    });

    test('refuses an answer over the bound, at once, without reading the rest', async () => {
        const url = await serve((_request, response) => {
            response.write(Buffer.alloc(64 * 1024, 'x')); // more than 4 KiB, and the rest never comes
        });
        const { message, ms } = await rejection(httpCountObserver(url, undefined, { timeoutMs: 5000 })!.begin());
        assert.include(message, 'more than 4096 bytes');
        assert.include(message, '\'begin\'');
        assert.notInclude(message, 'x'.repeat(10));
        assert.isBelow(ms, 2500, 'not the timeout');
    });

    test('a refusal quotes at most 200 characters of the answer, on one line, and never the token', async () => {
        const url = await serve((request, response) => {
            response.statusCode = 404;
            response.end(`unknown ${request.url}\n${'y'.repeat(1000)}`);
        });
        const { message } = await rejection(httpCountObserver(url)!.begin());
        assert.include(message, 'refused \'begin\' (HTTP 404)');
        assert.include(message, 'unknown /<token>/begin y');
        assert.notInclude(message, TOKEN);
        assert.notInclude(message, 'y'.repeat(201));
        assert.isBelow(message.length, 400);
        assert.notInclude(message, '\n');
    });

    test('an observer that cannot be reached: the error shows the URL without its token', async () => {
        const url = await serve(() => undefined);
        await new Promise<void>(resolve => servers.pop()!.close(() => resolve()));
        const { message } = await rejection(httpCountObserver(url)!.begin());
        assert.include(message, `at ${new URL(url).origin}/<token> (${COUNT_OBSERVER_URL_VARIABLE}) cannot be reached for 'begin'`);
        assert.notInclude(message, TOKEN);
    });

    test('the URL as errors show it: its path replaced by <token>', () => {
        assert.strictEqual(redactCountObserverUrl(`http://127.0.0.1:4000/${TOKEN}`), 'http://127.0.0.1:4000/<token>');
        assert.strictEqual(redactCountObserverUrl('http://127.0.0.1:4000'), 'http://127.0.0.1:4000');
        assert.notInclude(redactCountObserverUrl(`not a url ${TOKEN}`), TOKEN);
    });

    test('a malformed URL: the error hides all of it', async () => {
        const { message } = await rejection(httpCountObserver(`http//127.0.0.1:1/${TOKEN}`)!.begin());
        assert.include(message, 'cannot be reached for \'begin\'');
        assert.notInclude(message, TOKEN);
    });
});
