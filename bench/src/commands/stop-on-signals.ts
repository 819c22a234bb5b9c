import { HostSession } from '../hosts/host-session';
import { stopAllStarted } from '../util/processes';
import { removeLiveTemporaryFolders } from '../util/workspace';

/**
 * On Ctrl+C (SIGINT), SIGTERM or SIGHUP: says so, stops every session this process opened (browser first, then the
 * server it shows, then its folders) and every process group it started, removes the temporary folders still there,
 * then exits 130. A second signal while
 * stopping is ignored. The browsers are launched without Playwright's own signal handlers, which would exit the
 * process once the browsers are closed, before the servers are stopped.
 */
export function stopOnSignals(log: (message: string) => void): void {
    let stopping = false;
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
        process.on(signal, () => {
            if (stopping) {
                return;
            }
            stopping = true;
            log(`${signal}: stopping the servers this run started`);
            HostSession.disposeAll()
                .then(failures => failures.forEach(failure => log(`  ${failure.message}`)))
                .finally(() => stopAllStarted())
                // A generated tree of --suite watch's watcher load (hundreds of MB) is not left behind.
                .finally(() => removeLiveTemporaryFolders().then(failed => failed.forEach(folder => log(`  could not remove ${folder}`))))
                .finally(() => process.exit(130));
        });
    }
}
