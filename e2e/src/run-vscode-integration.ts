/**
 * Runs the VS Code extension's integration suite (vscode-extension/src/test/suite) inside a real VS Code
 * extension host: code-server 4.100.3 (VS Code 1.100.3) on 127.0.0.1, with headless Chromium as the
 * client (the extension host starts only when a client connects). Exits with the suite's exit code.
 * The suite's counts reach scripts/run-tests.js through $FS_PERF_TEST_STATS, which code-server passes to
 * the extension host.
 */
import { promises as fs } from 'fs';
import * as path from 'path';
import { format } from 'util';
import { chromiumAvailable, HostSession, REPOSITORY_ROOT } from '@fs-perf/bench';

const EXTENSION_DIRECTORY = path.join(REPOSITORY_ROOT, 'vscode-extension');
const TESTS_ENTRY = path.join(EXTENSION_DIRECTORY, 'out', 'test', 'suite', 'index.js');
const SUITE_TIMEOUT_MS = 20 * 60_000;
/** Printed by the suite's index.ts around its output, so only the tests' lines are echoed here. */
const BEGIN_MARKER = '[fs-perf-tests] begin';
const END_MARKER = '[fs-perf-tests] end';

async function main(): Promise<number> {
    const missing = await chromiumAvailable();
    if (missing) {
        console.error(`Cannot run the VS Code integration suite: ${missing}.`);
        return 2;
    }
    for (const file of [TESTS_ENTRY, path.join(EXTENSION_DIRECTORY, 'dist', 'extension.js')]) {
        await fs.access(file).catch(() => {
            throw new Error(`${path.relative(REPOSITORY_ROOT, file)} is missing: run 'yarn build' first.`);
        });
    }
    const started = Date.now();
    let echoing = false;
    let resolveExit: (code: number) => void = () => undefined;
    const exited = new Promise<number>(resolve => {
        resolveExit = resolve;
    });
    const session = await HostSession.codeServer({
        workspace: { fixtures: false },
        onServerStarted: (server, workspace) => console.log(`code-server (pid ${server.pid}) on ${server.baseUrl}, workspace ${workspace}`),
        // The workbench calls these when it runs with a test payload: log lines (the extension host's
        // console output among them) and the extension host's exit code after the tests.
        beforeOpen: async page => {
            await page.exposeFunction('codeAutomationLog', (_type: string, args: unknown) => {
                const line = format(...(Array.isArray(args) ? args : [args]));
                if (line.startsWith(BEGIN_MARKER)) {
                    echoing = true;
                } else if (line.startsWith(END_MARKER)) {
                    echoing = false;
                } else if (echoing) {
                    console.log(line);
                }
            });
            await page.exposeFunction('codeAutomationExit', (code: number) => resolveExit(code));
        },
        query: server => ({
            payload: JSON.stringify([
                ['extensionDevelopmentPath', `vscode-remote://127.0.0.1:${server.port}${EXTENSION_DIRECTORY}`],
                ['extensionTestsPath', `vscode-remote://127.0.0.1:${server.port}${TESTS_ENTRY}`],
                ['skipWelcome', 'true'],
                ['skipReleaseNotes', 'true'],
            ]),
        }),
        // The tests run while the workbench loads: wait for their end instead.
        readyTimeoutMs: 0,
    });
    try {
        const code = await Promise.race([
            exited,
            new Promise<number>(resolve => setTimeout(() => resolve(124), SUITE_TIMEOUT_MS).unref()),
        ]);
        if (code === 124) {
            console.error(`The integration suite did not finish within ${SUITE_TIMEOUT_MS / 60_000} minutes; code-server log:\n${await session.server.log()}`);
        }
        console.log(`extension host exited with code ${code} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
        if (session.browser.externalRequests.length > 0) {
            console.log(`requests to other hosts than 127.0.0.1 (refused offline): ${[...new Set(session.browser.externalRequests)].join(', ')}`);
        }
        return code;
    } finally {
        await session.dispose();
    }
}

main().then(code => {
    process.exitCode = code;
}, error => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
});
