/** What `yarn bench` prints while it runs: one line a step, stamped with the time since the run started. */
import { BenchOptions } from './options';

const started = Date.now();

/** Seconds since the run started. */
export function runSeconds(): number {
    return (Date.now() - started) / 1000;
}

/** Prints one line of the run, `[bench mm:ss] message`. */
export function log(message: string): void {
    const elapsed = Math.round(runSeconds());
    console.log(`[bench ${String(Math.floor(elapsed / 60)).padStart(2, '0')}:${String(elapsed % 60).padStart(2, '0')}] ${message}`);
}

function plural(count: number, noun: string): string {
    return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Prints a host's progress text when it changes, at most every 3 s (one line each, fine in CI logs too). */
export function progressPrinter(host: string): (text: string) => void {
    let last = '';
    let lastAt = 0;
    return text => {
        const line = text.replace(/\s+/g, ' ').trim();
        if (line !== last && Date.now() - lastAt >= 3000) {
            last = line;
            lastAt = Date.now();
            log(`  ${host}: ${line}`);
        }
    };
}

/** The sampling of a run in words, e.g. `15 samples + 2 warm-up, then on until each median is known within 5%`. */
export function describeSampling(options: Pick<BenchOptions, 'iterations' | 'warmup' | 'precision' | 'pauseMs'>): string {
    const samples = `${plural(options.iterations, 'sample')} + ${options.warmup} warm-up`;
    const pause = options.pauseMs ? `, a pause before each sample as long as the previous one, at most ${options.pauseMs} ms` : '';
    return `${options.precision > 0 ? `${samples}, then on until each median is known within ${options.precision}%` : samples}${pause}`;
}
