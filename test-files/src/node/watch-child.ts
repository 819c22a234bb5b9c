import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { WatchChangeKind, watchBurstFileName, WatchEvents } from '@fs-perf/benchmark-core';
import { PINNED_BY_PROC, PinnedFolder } from './pinned-folder';

/**
 * The process outside the editor that makes the changes a watcher is timed on (issue 39, "file watching"): a Node child
 * started once per case, outside the clock, that reads one JSON request a line on its stdin, makes the change with
 * Node's synchronous `fs` and answers one JSON line on its stdout. It exits when its stdin closes (its parent gone).
 */

/**
 * One change the child makes in its folder, by a plain file name: a file created, changed (appended to) or deleted, a burst of
 * files created, or the folder emptied. The folder is the child's own, fixed when it starts; no request names a path.
 */
export type ChildChange =
    | { readonly op: WatchChangeKind; readonly name: string }
    | { readonly op: 'burst'; readonly sample: number; readonly files: number }
    | { readonly op: 'clear' };

/**
 * The child's program (`node -e`): no dependency, the names of a burst as {@link watchBurstFileName} makes them. Its folder
 * is its argument: `/proc/self/fd/3`, the pinned folder's handle it inherits (Linux), or the folder's real path elsewhere.
 * It creates only new files (`O_EXCL`), appends only to a regular file of one link, never follows a link in a name, never
 * blocks on a FIFO (`O_NONBLOCK`), and empties the folder by a walk that never follows a link nor leaves the folder.
 */
export const WATCH_CHILD_SCRIPT = `
const fs = require('fs');
const c = fs.constants;
const base = process.argv[1];
const PROC = base.startsWith('/proc/self/fd/');
const CREATE = c.O_WRONLY | c.O_CREAT | c.O_EXCL | (c.O_NOFOLLOW || 0) | (c.O_NONBLOCK || 0);
const APPEND = c.O_WRONLY | c.O_APPEND | (c.O_NOFOLLOW || 0) | (c.O_NONBLOCK || 0);
const FOLDER = c.O_RDONLY | (c.O_DIRECTORY || 0) | (c.O_NOFOLLOW || 0);
const at = name => {
    if (typeof name !== 'string' || name.length === 0 || name.length > 255 || /[\\\\/\\0]/.test(name) || name === '.' || name === '..') {
        throw new Error('not a plain file name');
    }
    return base + '/' + name;
};
const create = (name, text) => {
    const fd = fs.openSync(at(name), CREATE, 0o644);
    try { fs.writeSync(fd, text); } finally { fs.closeSync(fd); }
};
const append = name => {
    const fd = fs.openSync(at(name), APPEND);
    try {
        const stats = fs.fstatSync(fd);
        if (!stats.isFile() || stats.nlink !== 1) { throw new Error('not a file fs-perf made'); }
        fs.writeSync(fd, 'changed\\n');
    } finally { fs.closeSync(fd); }
};
const empty = (folder, depth) => {
    if (depth > 32) { throw new Error('folders too deep to empty'); }
    for (const name of fs.readdirSync(folder)) {
        const entry = folder + '/' + name;
        try { fs.unlinkSync(entry); continue; } catch (error) {
            if (error.code === 'ENOENT') { continue; }
            if (error.code !== 'EISDIR' && error.code !== 'EPERM') { throw error; }
        }
        let fd;
        try { fd = fs.openSync(entry, FOLDER); } catch (error) {
            if (error.code === 'ELOOP' || error.code === 'ENOTDIR') { try { fs.unlinkSync(entry); } catch {} continue; }
            if (error.code === 'ENOENT') { continue; }
            throw error;
        }
        try { empty(PROC ? '/proc/self/fd/' + fd : entry, depth + 1); } finally { fs.closeSync(fd); }
        try { fs.rmdirSync(entry); } catch (error) {
            if (error.code === 'ENOTDIR') { try { fs.unlinkSync(entry); } catch {} } else if (error.code !== 'ENOENT') { throw error; }
        }
    }
};
if (!fs.statSync(base).isDirectory()) { throw new Error('the watch child has no folder'); }
const lines = require('readline').createInterface({ input: process.stdin });
const answer = value => process.stdout.write(JSON.stringify(value) + '\\n');
lines.on('close', () => process.exit(0));
lines.on('line', line => {
    let request;
    try {
        request = JSON.parse(line);
        switch (request.op) {
            case 'create': create(request.name, 'created\\n'); break;
            case 'change': append(request.name); break;
            case 'delete': fs.unlinkSync(at(request.name)); break;
            case 'burst':
                if (!Number.isSafeInteger(request.sample) || !Number.isSafeInteger(request.files)) { throw new Error('a burst needs whole numbers'); }
                for (let index = 0; index < request.files; index++) {
                    create('b-' + request.sample + '-' + String(index).padStart(5, '0') + '.txt', 'x');
                }
                break;
            case 'clear': empty(base, 0); break;
            default: throw new Error('unknown request ' + JSON.stringify(String(request.op).slice(0, 40)));
        }
        answer({ id: request.id });
    } catch (error) {
        answer({ id: request && request.id, error: String(error && (error.code || error.message) || error).slice(0, 200) });
    }
});
`;

/** How long the child may take to answer one request (a burst of 1000 files takes well under a second here), ms. */
const ANSWER_TIMEOUT_MS = 30_000;

/** The child, spawned once per case; {@link request} is one line out and one line back. */
export class ChangeMaker {
    private nextId = 0;
    private buffered = '';
    private exited: string | undefined;
    private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void; timer: ReturnType<typeof setTimeout> }>();

    private constructor(private readonly child: ChildProcess) {
        child.stdout!.setEncoding('utf8');
        child.stdout!.on('data', (chunk: string) => this.take(chunk));
        child.stderr!.resume();
        // A write to a child that died is answered by its exit (below), not by an unhandled EPIPE.
        child.stdin!.on('error', () => undefined);
        child.on('error', error => this.fail(`the change-making child process failed: ${error.message}`));
        child.on('exit', (code, signal) => this.fail(`the change-making child process exited (${signal ?? `code ${code}`})`));
    }

    /**
     * Starts the child on `folder` with this process's runtime as plain Node (`ELECTRON_RUN_AS_NODE` for an Electron host):
     * on Linux it inherits the folder's handle as its descriptor 3 and works through it only.
     */
    static start(folder: PinnedFolder): ChangeMaker {
        const child = spawn(process.execPath, ['-e', WATCH_CHILD_SCRIPT, PINNED_BY_PROC ? '/proc/self/fd/3' : folder.realPath], {
            env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
            stdio: PINNED_BY_PROC ? ['pipe', 'pipe', 'pipe', folder.fd] : 'pipe',
        });
        return new ChangeMaker(child);
    }

    /** The child's process id (a test checks that it is gone after `stop`). */
    get pid(): number | undefined {
        return this.child.pid;
    }

    /** Asks for one change; resolves when the child made it, rejects with the child's error. */
    request(change: ChildChange): Promise<void> {
        if (this.exited) {
            return Promise.reject(new Error(this.exited));
        }
        const id = this.nextId++;
        return new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => {
                this.waiting.delete(id);
                reject(new Error(`the change-making child process did not answer '${change.op}' within ${ANSWER_TIMEOUT_MS / 1000} s`));
            }, ANSWER_TIMEOUT_MS);
            this.waiting.set(id, { resolve, reject, timer });
            this.child.stdin!.write(`${JSON.stringify({ ...change, id })}\n`);
        });
    }

    /** Ends the child: its stdin closed, then killed if it has not exited within 2 s. */
    async stop(): Promise<void> {
        if (this.exited) {
            return;
        }
        const exited = new Promise<void>(resolve => this.child.once('exit', () => resolve()));
        this.child.stdin!.end();
        const timer = setTimeout(() => this.child.kill('SIGKILL'), 2000);
        await exited;
        clearTimeout(timer);
    }

    private take(chunk: string): void {
        this.buffered += chunk;
        let newline: number;
        while ((newline = this.buffered.indexOf('\n')) >= 0) {
            const line = this.buffered.slice(0, newline);
            this.buffered = this.buffered.slice(newline + 1);
            let answer: { id?: number; error?: string };
            try {
                answer = JSON.parse(line) as { id?: number; error?: string };
            } catch {
                continue;
            }
            const waiting = answer.id === undefined ? undefined : this.waiting.get(answer.id);
            if (waiting) {
                this.waiting.delete(answer.id!);
                clearTimeout(waiting.timer);
                if (answer.error) {
                    waiting.reject(new Error(`the change-making child process could not make the change: ${answer.error}`));
                } else {
                    waiting.resolve();
                }
            }
        }
    }

    private fail(reason: string): void {
        this.exited ??= reason;
        for (const [id, waiting] of this.waiting) {
            this.waiting.delete(id);
            clearTimeout(waiting.timer);
            waiting.reject(new Error(reason));
        }
    }
}

/**
 * Node's `fs.watch` on a folder (not recursive: the changes are made in it), feeding `events` with full paths below
 * `folder`; the floor of the editors' watchers. `watchPath` is what is watched (a pinned folder's path). Returns its closing.
 */
export function nodeFolderWatch(folder: string, events: WatchEvents, watchPath: string = folder): () => void {
    const watcher = fs.watch(watchPath, (eventType, fileName) => {
        if (fileName) {
            events.observe({ path: path.join(folder, fileName.toString()), kind: eventType === 'change' ? 'change' : 'rename' });
        }
    });
    watcher.on('error', () => undefined);
    return () => watcher.close();
}

/** The path of a burst sample's file, as the child names it (for a test that checks the names agree). */
export function childBurstFilePath(folder: string, sample: number, index: number): string {
    return path.join(folder, watchBurstFileName(sample, index));
}
