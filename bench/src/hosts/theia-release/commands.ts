/** The commands a release app's set-up runs (npm, yarn, tar, theia): output collected, or streamed to the terminal. */
import { spawn } from 'child_process';

/** Runs a command, collecting its output; rejects with the output's tail when it fails. */
export function runCollected(command: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<string> {
    return new Promise((resolve, reject) => {
        const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', chunk => output += chunk);
        child.stderr.on('data', chunk => output += chunk);
        child.on('error', reject);
        child.on('close', code => code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${output.trim().split('\n').slice(-5).join(' | ')}`)));
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
