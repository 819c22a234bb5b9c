import { ChildProcessWithoutNullStreams, spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { WatchChangeKind, watchBurstFileName, WatchEvents } from '@fs-perf/benchmark-core';

/**
 * The process outside the editor that makes the changes a watcher is timed on (issue 39, "file watching"): a Node child
 * started once per case, outside the clock, that reads one JSON request a line on its stdin, makes the change with
 * Node's synchronous `fs` and answers one JSON line on its stdout. It exits when its stdin closes (its parent gone).
 */

/** One change the child makes: a file created, changed (appended to) or deleted, a burst of files created, or a folder emptied. */
export type ChildChange =
    | { readonly op: WatchChangeKind; readonly path: string }
    | { readonly op: 'burst'; readonly folder: string; readonly sample: number; readonly files: number }
    | { readonly op: 'clear'; readonly folder: string };

/** The child's program (`node -e`): no dependency, the names of a burst as {@link watchBurstFileName} makes them. */
export const WATCH_CHILD_SCRIPT = `
const fs = require('fs');
const path = require('path');
const lines = require('readline').createInterface({ input: process.stdin });
const answer = value => process.stdout.write(JSON.stringify(value) + '\\n');
lines.on('close', () => process.exit(0));
lines.on('line', line => {
    let request;
    try {
        request = JSON.parse(line);
        switch (request.op) {
            case 'create': fs.writeFileSync(request.path, 'created\\n'); break;
            case 'change': fs.appendFileSync(request.path, 'changed\\n'); break;
            case 'delete': fs.unlinkSync(request.path); break;
            case 'burst':
                for (let index = 0; index < request.files; index++) {
                    fs.writeFileSync(path.join(request.folder, 'b-' + request.sample + '-' + String(index).padStart(5, '0') + '.txt'), 'x');
                }
                break;
            case 'clear':
                for (const name of fs.readdirSync(request.folder)) {
                    fs.rmSync(path.join(request.folder, name), { recursive: true, force: true });
                }
                break;
            default: throw new Error('unknown request ' + JSON.stringify(request.op));
        }
        answer({ id: request.id });
    } catch (error) {
        answer({ id: request && request.id, error: String(error && error.message || error) });
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

    private constructor(private readonly child: ChildProcessWithoutNullStreams) {
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (chunk: string) => this.take(chunk));
        child.stderr.resume();
        // A write to a child that died is answered by its exit (below), not by an unhandled EPIPE.
        child.stdin.on('error', () => undefined);
        child.on('error', error => this.fail(`the change-making child process failed: ${error.message}`));
        child.on('exit', (code, signal) => this.fail(`the change-making child process exited (${signal ?? `code ${code}`})`));
    }

    /** Starts the child with this process's runtime as plain Node (`ELECTRON_RUN_AS_NODE` for an Electron host). */
    static start(): ChangeMaker {
        const child = spawn(process.execPath, ['-e', WATCH_CHILD_SCRIPT], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, stdio: 'pipe' });
        return new ChangeMaker(child);
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
            this.child.stdin.write(`${JSON.stringify({ ...change, id })}\n`);
        });
    }

    /** Ends the child: its stdin closed, then killed if it has not exited within 2 s. */
    async stop(): Promise<void> {
        if (this.exited) {
            return;
        }
        const exited = new Promise<void>(resolve => this.child.once('exit', () => resolve()));
        this.child.stdin.end();
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
 * Node's `fs.watch` on a folder (not recursive: the changes are made in it), feeding `events` with full paths; the floor
 * of the editors' watchers. Returns its closing.
 */
export function nodeFolderWatch(folder: string, events: WatchEvents): () => void {
    const watcher = fs.watch(folder, (eventType, fileName) => {
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
