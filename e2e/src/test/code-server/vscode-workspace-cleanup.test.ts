import { assert } from 'chai';
import { promises as fs } from 'fs';
import * as path from 'path';
import { ensureCodeServer, HostSession, REPOSITORY_ROOT } from '@fs-perf/bench';
import { closeSession, skipWithoutChromium } from '../session-helpers';

suite('VS Code extension in code-server: "Remove Test Files" from the palette', function (): void {
    let session: HostSession | undefined;
    suiteSetup(async function (): Promise<void> {
        await skipWithoutChromium(this);
        ensureCodeServer();
        // The built extension, loaded as in development (no packaging), on a workspace with the test files.
        session = await HostSession.codeServer({
            workspace: { fixtures: { smallFileCount: 10 } },
            query: server => ({
                payload: JSON.stringify([['extensionDevelopmentPath', `vscode-remote://127.0.0.1:${server.port}${path.join(REPOSITORY_ROOT, 'vscode-extension')}`]]),
            }),
        });
    });
    suiteTeardown(() => closeSession(session));

    test('a modal warning says what and how much; Remove deletes .fs-perf/ and says so', async () => {
        const { workbench, workspace } = session!;
        await fs.writeFile(path.join(workspace!, 'keep-me.txt'), 'a file of the workspace');
        await workbench.runCommand('FS Perf: Remove Test Files');
        const question = await workbench.dialogText();
        assert.match(question, /Remove .*\.fs-perf\? 1[6-9] files \(15\.9 MB\) in \d+ folders?: the test files and results FS Perf wrote\. This cannot be undone\./);
        assert.include(question, 'Nothing outside this folder is touched.');
        await workbench.clickDialogButton('Remove');
        const done = await workbench.waitForNotification('the removal\'s message', notification => /FS Perf: removed/.test(notification.message));
        assert.match(done.message, /^FS Perf: removed .*\.fs-perf: 1[6-9] files \(15\.9 MB\)/);
        assert.isFalse(await fs.access(path.join(workspace!, '.fs-perf')).then(() => true, () => false), '.fs-perf/ is gone');
        assert.strictEqual(await fs.readFile(path.join(workspace!, 'keep-me.txt'), 'utf8'), 'a file of the workspace');
    });
});
