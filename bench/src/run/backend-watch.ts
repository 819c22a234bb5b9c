/**
 * A block waits on a workbench page; when the backend behind it dies, the page only stops hearing from it. These watch
 * the backend itself, so a side that dies is named within a second (which side, which process, how it ended, what it
 * was doing) instead of after the block's time-out.
 */
import * as http from 'http';
import { RunningServer } from '../util/server';

/** How a server this run started ended (its PID, exit code or signal), or undefined while it runs. */
export function serverEnded(server: RunningServer): string | undefined {
    const exit = server.exitReason();
    return exit && `its Theia backend (PID ${server.pid}) ended (${exit})`;
}

/** For a Theia at a URL (not ours to watch by PID): whether it refuses connections now, i.e. it is gone. */
export async function urlRefused(url: string): Promise<string | undefined> {
    const refused = await new Promise<boolean>(resolve => {
        const request = http.get(url, { timeout: 2000 }, response => {
            response.resume();
            resolve(false);
        });
        request.on('timeout', () => request.destroy());
        request.on('error', error => resolve((error as NodeJS.ErrnoException).code === 'ECONNREFUSED'));
    });
    return refused ? `its Theia at ${url} stopped answering (connection refused)` : undefined;
}

/**
 * `work`, unless `gone` (asked every half second) says the backend ended first: then an error naming `who`, how it
 * ended and what was being done (`doing()`, asked then).
 */
export async function unlessBackendEnds<T>(who: string, gone: () => Promise<string | undefined>, work: Promise<T>, doing: () => string): Promise<T> {
    let watching = true;
    const died = (async (): Promise<never> => {
        while (watching) {
            const reason = await gone();
            if (reason) {
                throw new Error(`${who} failed: ${reason} during ${doing()}; the blocks measured before it are kept in blocks/.`);
            }
            await new Promise(resolve => setTimeout(resolve, 500));
        }
        return new Promise<never>(() => undefined);
    })();
    try {
        return await Promise.race([work, died]);
    } finally {
        watching = false;
        // Whichever lost the race fails later on its own: nobody waits for it any more.
        work.catch(() => undefined);
        died.catch(() => undefined);
    }
}
