import { assert } from 'chai';
import { CancellationSignal } from '../measure/runner';
import { EditorFrontEnd, GenerateSummary, ProgressReporter, SessionAction } from '../session/front-end';
import {
    describeBytes, FolderEntry, inventoryTestFiles, RemovableWorkspace, RemovalRefusals, removalConfirmation, RemoveOutcome, removeTestFiles,
} from '../session/remove-test-files';
import { BenchmarkSession } from '../session/session';

type Node = { type: 'file'; size: number } | { type: 'directory' } | { type: 'symbolic-link'; target: string };

/** A workspace folder in memory whose entries may be links; it records every delete. */
class LinkedWorkspace implements RemovableWorkspace {
    readonly location = '/w';
    readonly nodes = new Map<string, Node>();
    readonly deleted: Array<{ path: string; recursive: boolean }> = [];

    constructor(entries: Record<string, Node>) {
        for (const [path, node] of Object.entries(entries)) {
            this.nodes.set(path, node);
            const parts = path.split('/');
            for (let length = 1; length < parts.length; length++) {
                this.nodes.set(parts.slice(0, length).join('/'), { type: 'directory' });
            }
        }
    }

    uriOf(path: string): string {
        return `memory:/w/${path}`;
    }

    describe(path: string): string {
        return `/w/${path}`;
    }

    async listEntries(path: string): Promise<readonly FolderEntry[] | undefined> {
        if (this.nodes.get(path)?.type !== 'directory') {
            return undefined;
        }
        return [...this.nodes].filter(([name]) => name.startsWith(`${path}/`) && !name.slice(path.length + 1).includes('/'))
            .map(([name, node]) => ({ name: name.slice(path.length + 1), type: node.type, size: node.type === 'file' ? node.size : 0 }));
    }

    async entryType(path: string): Promise<FolderEntry['type'] | undefined> {
        return this.nodes.get(path)?.type;
    }

    async delete(path: string, options: { recursive: boolean }): Promise<void> {
        this.deleted.push({ path, ...options });
        // As the editors' disk providers do: a link inside is unlinked, never followed.
        for (const name of [...this.nodes.keys()]) {
            if (name === path || name.startsWith(`${path}/`)) {
                this.nodes.delete(name);
            }
        }
    }

    async readFile(): Promise<Uint8Array | undefined> {
        return undefined;
    }

    async stat(): Promise<undefined> {
        return undefined;
    }

    async writeFile(path: string, data: Uint8Array): Promise<void> {
        this.nodes.set(path, { type: 'file', size: data.byteLength });
    }

    async rename(): Promise<void> {
        throw new Error('not renamed here');
    }

    async createDirectory(): Promise<void> {
        throw new Error('not created here');
    }

    async readDirectory(path: string): Promise<string[] | undefined> {
        const prefix = path === '' ? '' : `${path}/`;
        if (path !== '' && this.nodes.get(path)?.type !== 'directory') {
            return undefined;
        }
        return [...this.nodes.keys()].filter(name => name.startsWith(prefix) && name.length > prefix.length && !name.slice(prefix.length).includes('/'))
            .map(name => name.slice(prefix.length));
    }
}

/** Test files and results as Generate Test Files and a run leave them, plus a link out of `.fs-perf/` to a big folder. */
function workspaceWithTestFiles(): LinkedWorkspace {
    return new LinkedWorkspace({
        '.fs-perf/.gitignore': { type: 'file', size: 60 },
        '.fs-perf/fixtures/manifest.json': { type: 'file', size: 940 },
        '.fs-perf/fixtures/10000K.bin': { type: 'file', size: 10240000 },
        '.fs-perf/fixtures/5000K.bin': { type: 'file', size: 5120000 },
        '.fs-perf/fixtures/small/0000.bin': { type: 'file', size: 256 },
        '.fs-perf/fixtures/small/0001.bin': { type: 'file', size: 256 },
        '.fs-perf/results/2026-11-25T10-00-00-000Z_vs-code.json': { type: 'file', size: 48000 },
        '.fs-perf/home': { type: 'symbolic-link', target: 'src' },
        'src/main.ts': { type: 'file', size: 900_000_000 },
    });
}

class ConfirmingFrontEnd implements EditorFrontEnd<LinkedWorkspace> {
    readonly editorName = 'Test Editor';
    readonly lines: string[] = [];
    readonly messages: Array<{ severity: string; message: string; actions: string[] }> = [];
    readonly asked: Array<{ message: string; detail: string; action: string }> = [];
    answer = true;
    settings: Record<string, unknown> = {};
    gate: Promise<void> = Promise.resolve();
    readonly actions = {
        openFolder: { label: 'Open Folder', run: () => undefined },
        generateTestFiles: { label: 'Generate Test Files', run: () => undefined },
    };

    constructor(public workspaceFolder: LinkedWorkspace | undefined = workspaceWithTestFiles()) { }

    appendLine(line: string): void {
        this.lines.push(line);
    }

    showOutput(): void {
        // Nothing to show.
    }

    notify(severity: 'info' | 'warning' | 'error', message: string, ...actions: SessionAction[]): void {
        this.messages.push({ severity, message, actions: actions.map(action => action.label) });
    }

    async withProgress<T>(_title: string, task: (progress: ProgressReporter, cancellation: CancellationSignal) => Promise<T>): Promise<T> {
        return task({ report: () => undefined }, { isCancellationRequested: false });
    }

    async workspace(): Promise<LinkedWorkspace | undefined> {
        return this.workspaceFolder;
    }

    readSetting(key: string): unknown {
        return this.settings[key];
    }

    async confirm(message: string, detail: string, action: string): Promise<boolean> {
        this.asked.push({ message, detail, action });
        await this.gate;
        return this.answer;
    }
}

suite('Remove Test Files', () => {
    test('counts the files, bytes and folders of .fs-perf/, and does not follow a link out of it', async () => {
        const inventory = await inventoryTestFiles(workspaceWithTestFiles());
        assert.deepStrictEqual(inventory, { folder: '.fs-perf', files: 7, bytes: 60 + 940 + 10240000 + 5120000 + 256 * 2 + 48000, folders: 3, links: 1 });
    });

    test('the confirmation names the folder, the file count and the megabytes, and removes .fs-perf/ only, once confirmed', async () => {
        const frontEnd = new ConfirmingFrontEnd();
        const outcome = await removeTestFiles(frontEnd);
        assert.strictEqual(frontEnd.asked.length, 1);
        assert.strictEqual(frontEnd.asked[0].message,
            'Remove /w/.fs-perf? 7 files (15.4 MB) in 3 folders, and 1 symbolic link (removed as a link; what it points to stays): '
            + 'the test files and results FS Perf wrote. This cannot be undone.');
        assert.strictEqual(frontEnd.asked[0].action, 'Remove');
        assert.deepStrictEqual(frontEnd.workspaceFolder!.deleted, [{ path: '.fs-perf', recursive: true }]);
        assert.strictEqual(outcome.status, 'removed');
        assert.strictEqual(outcome.status === 'removed' && outcome.inventory.files, 7);
        assert.deepStrictEqual([...frontEnd.workspaceFolder!.nodes.keys()].sort(), ['src', 'src/main.ts'], 'what the link pointed to stays');
        assert.match(frontEnd.messages.at(-1)!.message, /^FS Perf: removed \/w\/\.fs-perf: 7 files \(15\.4 MB\)/);
        assert.match(frontEnd.lines.at(-1)!, /Removed \/w\/\.fs-perf: 7 files/);
    });

    test('the watch folders a stopped run left at the top are counted and removed with .fs-perf/, or alone; a file or a link of that name stays', async () => {
        const leftovers = {
            '.fs-perf-watch-lk3x9a-4f2a1c/w-0.txt': { type: 'file', size: 10 },
            '.fs-perf-watch-lk3x9a-4f2a1c/b-0-00001.txt': { type: 'file', size: 0 },
            '.fs-perf-watch-lk4000-000000/ready-0.txt': { type: 'file', size: 0 },
            '.fs-perf-watch-not-a-folder': { type: 'file', size: 5 },
            '.fs-perf-watch-link': { type: 'symbolic-link', target: 'src' },
            'src/main.ts': { type: 'file', size: 900 },
        } as const;
        const both = new ConfirmingFrontEnd(new LinkedWorkspace({ '.fs-perf/results/r.json': { type: 'file', size: 100 }, ...leftovers }));
        const outcome = await removeTestFiles(both);
        assert.strictEqual(outcome.status, 'removed');
        assert.match(both.asked[0].message,
            /^Remove \/w\/\.fs-perf and 2 watch folders a stopped run left \(\/w\/\.fs-perf-watch-lk3x9a-4f2a1c, \/w\/\.fs-perf-watch-lk4000-000000\)\? 4 files \(0 kB\) in 3 folders/);
        assert.deepStrictEqual(both.workspaceFolder!.deleted.map(entry => entry.path), ['.fs-perf', '.fs-perf-watch-lk3x9a-4f2a1c', '.fs-perf-watch-lk4000-000000']);
        assert.includeMembers([...both.workspaceFolder!.nodes.keys()], ['.fs-perf-watch-not-a-folder', '.fs-perf-watch-link', 'src/main.ts']);
        const alone = new ConfirmingFrontEnd(new LinkedWorkspace({ '.fs-perf-watch-lk3x9a-4f2a1c/w-0.txt': { type: 'file', size: 10 }, 'src/main.ts': { type: 'file', size: 900 } }));
        assert.strictEqual((await removeTestFiles(alone)).status, 'removed');
        assert.match(alone.asked[0].message, /^Remove \/w\/\.fs-perf-watch-lk3x9a-4f2a1c\? 1 file/);
        assert.deepStrictEqual(alone.workspaceFolder!.deleted.map(entry => entry.path), ['.fs-perf-watch-lk3x9a-4f2a1c']);
    });

    test('declined, nothing is removed', async () => {
        const frontEnd = new ConfirmingFrontEnd();
        frontEnd.answer = false;
        const outcome = await removeTestFiles(frontEnd);
        assert.deepStrictEqual(outcome, { status: 'cancelled' });
        assert.deepStrictEqual(frontEnd.workspaceFolder!.deleted, []);
        assert.strictEqual(frontEnd.workspaceFolder!.nodes.get('.fs-perf/fixtures/10000K.bin')?.type, 'file');
    });

    test('without an open folder it refuses, says so, and offers Open Folder', async () => {
        const frontEnd = new ConfirmingFrontEnd();
        frontEnd.workspaceFolder = undefined;
        const outcome = await removeTestFiles(frontEnd);
        assert.deepStrictEqual(outcome, { status: 'refused', message: RemovalRefusals.noWorkspace });
        assert.deepStrictEqual(frontEnd.messages, [{ severity: 'error', message: RemovalRefusals.noWorkspace, actions: ['Open Folder'] }]);
        assert.strictEqual(frontEnd.asked.length, 0);
    });

    test('a .fs-perf that is a symbolic link is refused by its path, unasked and untouched', async () => {
        const workspace = new LinkedWorkspace({ '.fs-perf': { type: 'symbolic-link', target: '/home/someone' } });
        const frontEnd = new ConfirmingFrontEnd(workspace);
        const outcome = await removeTestFiles(frontEnd);
        assert.strictEqual(outcome.status, 'refused');
        assert.strictEqual(outcome.status === 'refused' && outcome.message, RemovalRefusals.link('/w/.fs-perf'));
        assert.match(RemovalRefusals.link('/w/.fs-perf'), /did not remove \/w\/\.fs-perf: it is a symbolic link/);
        assert.deepStrictEqual(workspace.deleted, []);
        assert.strictEqual(frontEnd.asked.length, 0);
    });

    test('a .fs-perf that is a file, or none at all, is refused with what was found', async () => {
        const file = new ConfirmingFrontEnd(new LinkedWorkspace({ '.fs-perf': { type: 'file', size: 3 } }));
        assert.deepStrictEqual(await removeTestFiles(file), { status: 'refused', message: RemovalRefusals.notFolder('/w/.fs-perf') });
        assert.deepStrictEqual(file.workspaceFolder!.deleted, []);
        const none = new ConfirmingFrontEnd(new LinkedWorkspace({ 'src/a.ts': { type: 'file', size: 3 } }));
        assert.deepStrictEqual(await removeTestFiles(none), { status: 'refused', message: 'FS Perf: there is nothing to remove: /w/.fs-perf does not exist.' });
        assert.strictEqual(none.messages[0].severity, 'info');
    });

    test('a fixtures folder configured outside .fs-perf/ is said to stay', () => {
        const inventory = { folder: '.fs-perf', files: 1, bytes: 1, folders: 0, links: 0 };
        assert.match(removalConfirmation('/w/.fs-perf', inventory, 'bench/fixtures').detail, /'fsPerf\.fixturesFolder' \(bench\/fixtures\) lie outside it and stay/);
        assert.notMatch(removalConfirmation('/w/.fs-perf', inventory, '.fs-perf/fixtures').detail, /outside it/);
    });

    test('sizes in MB (10^6 bytes) with digits that fit, small ones in kB', () => {
        assert.strictEqual(describeBytes(15_408_000), '15.4 MB');
        assert.strictEqual(describeBytes(1_234_567), '1.23 MB');
        assert.strictEqual(describeBytes(48_000), '48 kB');
    });

    test('refused while a session operation runs, and nothing else runs while the removal waits for its confirmation', async () => {
        const frontEnd = new ConfirmingFrontEnd();
        let release: () => void = () => undefined;
        const generating = new Promise<void>(resolve => {
            release = resolve;
        });
        const summary: GenerateSummary = { written: [], repaired: [], unchanged: [], smallFilesWritten: 0, smallFilesUnchanged: 0 };
        const session = new BenchmarkSession(frontEnd, 'vscode', async () => {
            await generating;
            return summary;
        });
        const generation = session.generateTestFiles();
        const refused: RemoveOutcome = await session.removeTestFiles();
        assert.deepStrictEqual(refused, { status: 'refused', message: RemovalRefusals.running('generating test files') });
        assert.match(refused.status === 'refused' ? refused.message : '', /cannot remove the test files while it is generating test files/);
        assert.deepStrictEqual(frontEnd.workspaceFolder!.deleted, []);
        release();
        const generated = await generation;
        assert.strictEqual(generated.status, 'completed', JSON.stringify(generated));

        let confirmNow: () => void = () => undefined;
        frontEnd.gate = new Promise<void>(resolve => {
            confirmNow = resolve;
        });
        const removal = session.removeTestFiles();
        const run = await session.generateTestFiles();
        assert.deepStrictEqual(run, { status: 'refused', message: 'FS Perf is already removing the test files: wait for it to finish or cancel it from its notification.' });
        confirmNow();
        assert.strictEqual((await removal).status, 'removed');
        assert.strictEqual(session.busy, false);
    });
});
