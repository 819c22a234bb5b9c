import { assert } from 'chai';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { childrenOf, HostSession, HostSessionOptions, processGroupMembers, RunningServer, TEMP_MARKER, writeTempMarker } from '@fs-perf/bench';
import { skipWithoutChromium } from '../session-helpers';

const HOSTS: [string, (options: HostSessionOptions) => Promise<HostSession>][] = [
    ['Theia browser app', options => HostSession.theiaBrowser(options)],
    ['code-server', options => HostSession.codeServer(options)],
];

interface FailedStart {
    readonly error: Error;
    readonly server?: RunningServer;
    readonly browserGroup?: number;
}

suite('HostSession: a start that fails half-way leaves nothing behind', () => {
    let parent: string;
    let childrenBefore: Set<number>;

    /** Starts a session that must fail; returns the error and what it had started by then. */
    async function failedStart(start: (options: HostSessionOptions) => Promise<HostSession>, options: HostSessionOptions): Promise<FailedStart> {
        let server: RunningServer | undefined;
        let browserGroup: number | undefined;
        try {
            const session = await start({
                ...options,
                temporaryParent: parent,
                workspace: { fixtures: false },
                onServerStarted: started => server = started,
                onBrowserStarted: browser => browserGroup = browser.groupId,
            });
            await session.dispose();
        } catch (error) {
            return { error: error as Error, server, browserGroup };
        }
        throw new Error('The session started, although it should not have.');
    }

    /** The server had started and is gone, with its whole process group; the session's folder is gone; no process of this test is left. */
    async function assertNothingLeft(failed: FailedStart): Promise<void> {
        assert.isDefined(failed.server, `the server had started before the failure (${failed.error.message})`);
        assert.deepStrictEqual(await processGroupMembers(failed.server!.pid), [], 'the server\'s process group');
        assert.throws(() => process.kill(failed.server!.pid, 0), /ESRCH/, 'the server\'s PID');
        assert.deepStrictEqual((await fs.readdir(parent)).filter(name => name !== TEMP_MARKER), [], 'the session\'s folder (workspace, settings, browser profile)');
        assert.deepStrictEqual((await childrenOf(process.pid)).filter(pid => !childrenBefore.has(pid)), [], 'processes this test started');
    }

    setup(async () => {
        parent = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-session-test-'));
        writeTempMarker(parent, 'test');
        childrenBefore = new Set(await childrenOf(process.pid));
    });

    teardown(async () => {
        await fs.rm(parent, { recursive: true, force: true });
    });

    for (const [name, start] of HOSTS) {
        test(`${name}: Chromium that cannot start stops the server that already listens`, async function (): Promise<void> {
            this.timeout(180_000);
            const failed = await failedStart(start, { browser: { executablePath: path.join(os.tmpdir(), 'fs-perf-no-such-chromium', 'chromium') } });
            assert.match(failed.error.message, /fs-perf-no-such-chromium/);
            await assertNothingLeft(failed);
        });

        test(`${name}: a workbench that is not ready in time stops the browser and the server`, async function (): Promise<void> {
            this.timeout(180_000);
            await skipWithoutChromium(this);
            const failed = await failedStart(start, { readyTimeoutMs: 1 });
            assert.match(failed.error.message, /workbench was not ready within 1 ms/);
            assert.isDefined(failed.browserGroup, 'the browser had started');
            assert.deepStrictEqual(await processGroupMembers(failed.browserGroup!), [], 'the browser\'s process group');
            await assertNothingLeft(failed);
        });
    }
});
