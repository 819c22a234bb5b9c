import { HostSession } from '../hosts/host-session';
import { stopAllStarted } from '../util/processes';

/**
 * On Ctrl+C (SIGINT), SIGTERM or SIGHUP: says so, stops every session this process opened (browser first, then the
 * server it shows, then its folders) and every process group it started, then exits 130. A second signal while
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
                .finally(() => process.exit(130));
        });
    }
}
