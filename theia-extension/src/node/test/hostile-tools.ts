import { ChildProcess, spawn, spawnSync } from 'child_process';
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';

/**
 * What the hostile suite (hostile.test.ts) uses to attack the backend as a local process would, and to see what changed:
 * a marker tree's hash, a folder swapper, FIFOs, and the backend process's children and inotify watches.
 */

/** A hash of everything under `root`, links as links (never followed): names, kinds, modes, contents and link targets. */
export function hashTree(root: string): string {
    const hash = createHash('sha256');
    const walk = (folder: string, relative: string): void => {
        for (const name of fs.readdirSync(folder).sort()) {
            const full = path.join(folder, name);
            const stats = fs.lstatSync(full);
            const shown = `${relative}/${name}`;
            if (stats.isSymbolicLink()) {
                hash.update(`link ${shown} -> ${fs.readlinkSync(full)}\n`);
            } else if (stats.isDirectory()) {
                hash.update(`folder ${shown} ${stats.mode}\n`);
                walk(full, shown);
            } else if (stats.isFile()) {
                hash.update(`file ${shown} ${stats.mode} ${stats.size}\n`);
                hash.update(fs.readFileSync(full));
            } else {
                hash.update(`other ${shown} ${stats.mode}\n`);
            }
        }
    };
    walk(root, '');
    return hash.digest('hex');
}

/**
 * A marker tree outside the workspace holding every name the backend's floors use (so a write, create or delete that
 * followed a link would change it): the write fixture's name, burst files, watch samples and probes, and a sub-folder.
 */
export function makeMarkerTree(root: string): void {
    fs.mkdirSync(path.join(root, 'sub'), { recursive: true });
    const names = ['1K.bin', 'burst-00000.bin', 'burst-00001.bin', 'ready-0.txt', 'b-0-00000.txt', 'secret.txt',
        ...Array.from({ length: 10 }, (_, index) => `w-${index}.txt`)];
    for (const name of names) {
        fs.writeFileSync(path.join(root, name), `marker ${name}\n`);
    }
    fs.writeFileSync(path.join(root, 'sub', 'deep.txt'), 'marker deep\n');
}

/** Python's `renameat2(RENAME_EXCHANGE)` in a loop on two paths until SIGTERM; prints the swaps made. */
const SWAPPER = `
import ctypes, signal, sys
libc = ctypes.CDLL(None, use_errno=True)
a, b = sys.argv[1].encode(), sys.argv[2].encode()
swaps = 0
def stop(*_):
    sys.stdout.write(str(swaps)); sys.stdout.flush(); sys.exit(0)
signal.signal(signal.SIGTERM, stop)
sys.stdout.write('ready\\n'); sys.stdout.flush()
while True:
    if libc.renameat2(-100, a, -100, b, 2) == 0:
        swaps += 1
`;

/** Whether python3 with `renameat2` is here (Linux, glibc 2.28 or newer). */
export function canSwap(): string | undefined {
    if (process.platform !== 'linux') {
        return 'renameat2(RENAME_EXCHANGE) is Linux only';
    }
    const probe = spawnSync('python3', ['-c', 'import ctypes; ctypes.CDLL(None).renameat2'], { encoding: 'utf8' });
    return probe.status === 0 ? undefined : `python3 with renameat2 is not available (${(probe.stderr || String(probe.error)).trim().slice(0, 200)})`;
}

/** A process swapping `a` and `b` (atomically, both kept) as fast as it can, stopped by its PID. */
export class Swapper {
    private constructor(private readonly child: ChildProcess, private output: string) { }

    static async start(a: string, b: string): Promise<Swapper> {
        const child = spawn('python3', ['-c', SWAPPER, a, b], { stdio: ['ignore', 'pipe', 'inherit'] });
        const swapper = new Swapper(child, '');
        child.stdout!.setEncoding('utf8');
        await new Promise<void>((resolve, reject) => {
            child.once('error', reject);
            child.once('exit', code => reject(new Error(`the swapper exited (${code}) before it started`)));
            child.stdout!.on('data', (chunk: string) => {
                swapper.output += chunk;
                if (swapper.output.includes('ready\n')) {
                    resolve();
                }
            });
        });
        return swapper;
    }

    get pid(): number | undefined {
        return this.child.pid;
    }

    /** Stops it (SIGTERM, then SIGKILL after 2 s) and returns the swaps it made. */
    async stop(): Promise<number> {
        if (typeof this.child.exitCode === 'number' || typeof this.child.signalCode === 'string') {
            return this.swaps();
        }
        const exited = new Promise<void>(resolve => this.child.once('exit', () => resolve()));
        this.child.kill('SIGTERM');
        const timer = setTimeout(() => this.child.kill('SIGKILL'), 2000);
        await exited;
        clearTimeout(timer);
        return this.swaps();
    }

    private swaps(): number {
        return Number(this.output.replace('ready\n', '').trim()) || 0;
    }
}

/** Puts `a` back as the real folder after a swapper stopped on an odd count (`a` the folder, `b` the link). */
export function unswap(a: string, b: string): void {
    if (fs.lstatSync(a).isSymbolicLink()) {
        const aside = `${a}.aside`;
        fs.renameSync(a, aside);
        fs.renameSync(b, a);
        fs.renameSync(aside, b);
    }
}

/** Makes a FIFO at `file` (mkfifo). */
export function makeFifo(file: string): void {
    const made = spawnSync('mkfifo', [file]);
    if (made.status !== 0) {
        throw new Error(`mkfifo ${file} failed: ${made.stderr?.toString()}`);
    }
}

/** The PIDs of this process's living children (from /proc), a watch child among them. */
export function childPids(): number[] {
    const children: number[] = [];
    for (const entry of fs.readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) {
            continue;
        }
        try {
            const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
            const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
            if (Number(fields[1]) === process.pid && fields[0] !== 'Z') {
                children.push(Number(entry));
            }
        } catch {
            // Gone since it was listed.
        }
    }
    return children;
}

/** The inotify watches this process holds now (each `inotify wd:` line of its inotify descriptors' fdinfo). */
export function inotifyWatches(): number {
    let watches = 0;
    for (const fd of fs.readdirSync('/proc/self/fd')) {
        try {
            if (fs.readlinkSync(`/proc/self/fd/${fd}`) === 'anon_inode:inotify') {
                watches += fs.readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8').split('\n').filter(line => line.startsWith('inotify wd:')).length;
            }
        } catch {
            // The descriptor of the listing itself, closed since.
        }
    }
    return watches;
}

/** Waits until `condition` holds, checking every 20 ms, at most `timeoutMs`; false when it never did. */
export async function eventually(condition: () => boolean, timeoutMs = 5000): Promise<boolean> {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
        if (condition()) {
            return true;
        }
        await new Promise(resolve => setTimeout(resolve, 20));
    }
    return condition();
}
