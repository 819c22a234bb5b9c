/** The commands a release app's set-up runs (npm, yarn, tar, theia): output collected, or streamed to the terminal. */
import { spawn } from 'child_process';

/**
 * Runs a command and resolves with its standard output alone, so that a warning on standard error (npm prints
 * "npm warn Unknown env config ..." when run under yarn) never reaches a caller that parses the output as JSON;
 * rejects with the tail of both when it fails.
 */
export function runCollected(command: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<string> {
    return new Promise((resolve, reject) => {
        const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let both = '';
        child.stdout.on('data', chunk => {
            stdout += chunk;
            both += chunk;
        });
        child.stderr.on('data', chunk => both += chunk);
        child.on('error', reject);
        child.on('close', code => code === 0 ? resolve(stdout) : reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${both.trim().split('\n').slice(-5).join(' | ')}`)));
    });
}

/** A step's output, streamed to the terminal line by line with a prefix. */
export function runStreamed(command: string, args: readonly string[], cwd: string, prefix: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
    return new Promise((resolve, reject) => {
        const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
        let tail: string[] = [];
        const onData = (chunk: Buffer): void => {
            for (const line of chunk.toString().split('\n').map(text => text.trimEnd()).filter(text => text.length > 0)) {
                console.log(`${prefix}${line}`);
                tail = [...tail.slice(-9), line];
            }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.on('error', reject);
        child.on('close', code => code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} in ${cwd} exited ${code}: ${tail.slice(-3).join(' | ')}`)));
    });
}
