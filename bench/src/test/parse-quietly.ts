import * as os from 'os';
import { parseBenchArguments } from '../commands';

/** `yarn bench`'s arguments parsed as the command line would (paths from the temporary folder), with what it printed to stderr. */
export function parseBenchArgumentsQuietly(argv: string[]): { result: ReturnType<typeof parseBenchArguments>; stderr: string } {
    let stderr = '';
    const write = process.stderr.write;
    process.stderr.write = ((chunk: string) => {
        stderr += chunk;
        return true;
    }) as typeof process.stderr.write;
    const error = console.error;
    console.error = (...parts: unknown[]) => {
        stderr += parts.join(' ') + '\n';
    };
    try {
        return { result: parseBenchArguments(argv, os.tmpdir()), stderr };
    } finally {
        process.stderr.write = write;
        console.error = error;
    }
}
