import { assert } from 'chai';
import { chromiumAvailable } from '../chromium';
import { HostSession } from '../host-session';
import { processGroupMembers } from '../processes';

/** Skips the suite or test (with the reason printed) where there is no Chromium to drive a workbench with. */
export async function skipWithoutChromium(context: Mocha.Context): Promise<void> {
    const missing = await chromiumAvailable();
    if (missing) {
        console.log(`SKIPPED: ${missing}`);
        context.skip();
    }
}

/** Disposes a session and checks that its server's whole process group is gone. */
export async function closeSession(session: HostSession | undefined): Promise<void> {
    if (!session) {
        return;
    }
    const pid = session.server.pid;
    await session.dispose();
    assert.deepStrictEqual(await processGroupMembers(pid), [], `the server (process group ${pid}) stopped`);
}
