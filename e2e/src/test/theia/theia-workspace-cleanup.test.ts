import { assert } from 'chai';
import { promises as fs } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { HostSession, REPOSITORY_ROOT, TEMP_MARKER, writeTempMarker } from '@fs-perf/bench';
import { closeSession, skipWithoutChromium, testRun } from '../session-helpers';

const REMOVE = 'FS Perf: Remove Test Files (Theia)';

async function exists(file: string): Promise<boolean> {
    return fs.access(file).then(() => true, () => false);
}

/** The committed bisect run folder under docs/ (issue 38's planted series, cited by README and docs/bisect.md). */
export const COMMITTED_BISECT = 'bisect-2026-11-27-xeon-planted-plugin-16';

/**
 * For one suite: a run folder as `yarn bench --compare` leaves it (a copy of the test data's compare run's results/), or with
 * `bisect`, as `yarn bench --bisect` leaves it (a copy of the committed bisect's bisect.json), in a fresh temporary
 * folder, and a Theia session opened with it; both gone after the suite.
 */
function sessionWithRunFolder(open: (runFolder: string) => Promise<HostSession>, bisect = false): { session: () => HostSession; folder: () => string } {
    let session: HostSession | undefined;
    let folder: string | undefined;
    suiteSetup(async function (): Promise<void> {
        await skipWithoutChromium(this);
        folder = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-run-folder-'));
        writeTempMarker(folder, 'test');
        if (bisect) {
            await fs.copyFile(path.join(REPOSITORY_ROOT, 'docs', COMMITTED_BISECT, 'bisect.json'), path.join(folder, 'bisect.json'));
        } else {
            await fs.cp(path.join(testRun('compare'), 'results'), path.join(folder, 'results'), { recursive: true });
        }
        session = await open(folder);
    });
    suiteTeardown(async () => {
        await closeSession(session);
        if (folder) {
            await fs.rm(folder, { recursive: true, force: true });
        }
    });
    return { session: () => session!, folder: () => folder! };
}

suite('Theia browser app: "Remove Test Files" from the palette', function (): void {
    let session: HostSession | undefined;
    let outside: string | undefined;
    suiteSetup(async function (): Promise<void> {
        await skipWithoutChromium(this);
        session = await HostSession.theiaBrowser({ settings: { 'fsPerf.iterations': 1000, 'fsPerf.warmup': 0 }, workspace: { fixtures: { smallFileCount: 10 } } });
    });
    suiteTeardown(async () => {
        await closeSession(session);
        if (outside) {
            await fs.rm(outside, { recursive: true, force: true });
        }
    });

    test('refused while a run is going, naming the run; the test files stay', async () => {
        const { workbench, workspace } = session!;
        const run = await workbench.startRun('FS Perf: Run Theia Benchmark');
        await workbench.waitForNotification('the progress to show a sample count', notification => notification.progress && /timed \d+\/1000/.test(notification.message), 120_000);
        await workbench.runCommand(REMOVE);
        const refusal = await workbench.waitForNotification('the refusal', notification => /cannot remove the test files/.test(notification.message));
        assert.strictEqual(refusal.message,
            'FS Perf cannot remove the test files while it is running a benchmark: wait for it to finish or cancel it from its notification.');
        assert.strictEqual(refusal.severity, 'warning');
        await workbench.clickNotificationButton('FS Perf: Run Theia Benchmark', 'Cancel');
        assert.deepStrictEqual(await run.end({ timeoutMs: 120_000 }), { status: 'cancelled' });
        assert.isTrue(await exists(path.join(workspace!, '.fs-perf', 'fixtures', '10000K.bin')));
    });

    test('asks first, saying what and how much; Cancel keeps it, Remove removes .fs-perf/ and not what a link in it points to', async () => {
        const { workbench, workspace } = session!;
        outside = await fs.mkdtemp(path.join(os.tmpdir(), 'fs-perf-outside-'));
        writeTempMarker(outside, 'test');
        await fs.writeFile(path.join(outside, 'keep.txt'), 'not ours');
        await fs.symlink(outside, path.join(workspace!, '.fs-perf', 'linked'));
        await fs.writeFile(path.join(workspace!, 'keep-me.txt'), 'a file of the workspace');

        await workbench.runCommand(REMOVE);
        const question = await workbench.dialogText();
        // Six fixtures (15,929,344 bytes), the manifest, 10 small files of 256 bytes, and the .gitignore where the session wrote one.
        assert.match(question, new RegExp(`Remove ${path.join(workspace!, '.fs-perf').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\? 1[6-9] files \\(15\\.9 MB\\) in \\d+ folders?, `
            + 'and 1 symbolic link \\(removed as a link; what it points to stays\\)'), question);
        assert.include(question, 'This cannot be undone.');
        await workbench.clickDialogButton('Cancel');
        assert.isTrue(await exists(path.join(workspace!, '.fs-perf', 'fixtures', 'manifest.json')), 'Cancel removes nothing');

        await workbench.runCommand(REMOVE);
        await workbench.dialogText();
        await workbench.clickDialogButton('Remove');
        const done = await workbench.waitForNotification('the removal\'s message', notification => /FS Perf: removed/.test(notification.message));
        assert.match(done.message, /^FS Perf: removed .*\.fs-perf: 1[6-9] files \(15\.9 MB\)/);
        assert.isFalse(await exists(path.join(workspace!, '.fs-perf')), '.fs-perf/ is gone');
        assert.strictEqual(await fs.readFile(path.join(outside, 'keep.txt'), 'utf8'), 'not ours', 'the linked folder outside is untouched');
        assert.strictEqual(await fs.readFile(path.join(workspace!, 'keep-me.txt'), 'utf8'), 'a file of the workspace');
    });
});

suite('Theia browser app without a folder: "Remove Test Files" refuses', function (): void {
    let session: HostSession | undefined;
    suiteSetup(async function (): Promise<void> {
        await skipWithoutChromium(this);
        session = await HostSession.theiaBrowser({ workspace: 'none' });
    });
    suiteTeardown(() => closeSession(session));

    test('an error that says no folder is open, with Open Folder', async () => {
        const { workbench } = session!;
        await workbench.runCommand(REMOVE);
        const refusal = await workbench.waitForNotification('the refusal', notification => /Remove Test Files needs an open folder/.test(notification.message));
        assert.strictEqual(refusal.severity, 'error');
        assert.include(refusal.buttons, 'Open Folder');
    });
});

suite('Theia browser app on a --compare run folder: "Show Report (Theia)" opens it directly', function (): void {
    const { session, folder } = sessionWithRunFolder(runFolder => HostSession.theiaBrowser({ workspace: { path: runFolder } }));

    test('base and head in one report, nothing copied into the folder', async () => {
        const { workbench } = session();
        await workbench.runCommand('FS Perf: Show Report (Theia)');
        const frame = await workbench.frameShowing('<h2>Headline</h2>', 60_000);
        // The title `yarn report` wrote for the same run (its report.md's first line), not a count of files.
        const committed = await fs.readFile(path.join(testRun('compare'), 'report.md'), 'utf8');
        assert.strictEqual(`# ${await frame.title()}`, committed.split('\n')[0]);
        assert.deepStrictEqual((await fs.readdir(folder())).filter(name => name !== TEMP_MARKER).sort(), ['results']);
        assert.deepStrictEqual((await fs.readdir(path.join(folder(), 'results'))).sort(), ['base.json', 'head.json']);
    });
});

suite('Theia browser app: what a plugin sees of the exclusions, and "Show Report from Folder... (Theia)" on a folder outside', function (): void {
    // A test-only plugin reads the settings as a plugin sees them and calls the command with the folder of the environment.
    const { session } = sessionWithRunFolder(runFolder => HostSession.theiaBrowser({
        workspace: { fixtures: false }, environment: { FS_PERF_TEST_RUN_FOLDER: runFolder },
        extraPluginFolders: [path.join(__dirname, '..', '..', '..', 'test-plugins')],
    }));

    test('the FS Perf plugin\'s configurationDefaults reach Theia: .fs-perf left out of watching and search, Theia\'s own patterns kept', async () => {
        const { workbench } = session();
        await workbench.runCommand('FS Perf Test: Show Watcher and Search Exclusions');
        const shown = await workbench.waitForNotification('the exclusions', notification => notification.message.startsWith('FS Perf Test: exclusions: '));
        const { watcher, search } = JSON.parse(Buffer.from(shown.message.slice('FS Perf Test: exclusions: '.length), 'base64').toString('utf8')) as Record<string, Record<string, boolean>>;
        assert.strictEqual(watcher['**/.fs-perf/**'], true, JSON.stringify(watcher));
        assert.strictEqual(watcher['**/.git/objects/**'], true, JSON.stringify(watcher));
        assert.strictEqual(search['**/.fs-perf'], true, JSON.stringify(search));
        assert.strictEqual(search['**/node_modules'], true, JSON.stringify(search));
    });

    test('a --compare run folder outside the workspace, by its path: base and head in one report, read where they lie', async () => {
        const { workbench, workspace } = session();
        await workbench.runCommand('FS Perf Test: Show Report of the Test Run Folder');
        const shown = await workbench.waitForNotification('how it ended', notification => notification.message.startsWith('FS Perf Test: run folder: '));
        const outcome = JSON.parse(shown.message.slice('FS Perf Test: run folder: '.length)) as { status: string; files?: string[] };
        assert.strictEqual(outcome.status, 'shown', shown.message);
        assert.deepStrictEqual(outcome.files, ['results/base.json', 'results/head.json']);
        await workbench.frameShowing('<h2>Headline</h2>', 60_000);
        assert.isFalse(await exists(path.join(workspace!, '.fs-perf', 'results')), 'nothing copied into the workspace');
    });
});

suite('Theia browser app: "Show Report from Folder... (Theia)" on a bisect\'s run folder', function (): void {
    const { session } = sessionWithRunFolder(runFolder => HostSession.theiaBrowser({
        workspace: { fixtures: false }, environment: { FS_PERF_TEST_RUN_FOLDER: runFolder },
        extraPluginFolders: [path.join(__dirname, '..', '..', '..', 'test-plugins')],
    }), true);

    test('its answer, steps and chart from bisect.json, in a report page', async () => {
        const { workbench } = session();
        await workbench.runCommand('FS Perf Test: Show Report of the Test Run Folder');
        const shown = await workbench.waitForNotification('how it ended', notification => notification.message.startsWith('FS Perf Test: run folder: '));
        const outcome = JSON.parse(shown.message.slice('FS Perf Test: run folder: '.length)) as { status: string; files?: string[]; title?: string };
        assert.strictEqual(outcome.status, 'shown', shown.message);
        assert.deepStrictEqual(outcome.files, ['bisect.json']);
        assert.match(outcome.title ?? '', /^Bisect: Theia browser \(plugin\), vscode\.workspace\.fs\.readFile, 10000K \(slower\), b0\.\.b5$/);
        await workbench.frameShowing('<p class="answer">', 60_000);
        await workbench.frameShowing('median per tested build', 10_000);
    });
});
