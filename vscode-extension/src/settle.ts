import * as v8 from 'v8';
import * as vm from 'vm';

/**
 * A full garbage collection in this Node extension host, run before each sample so that samples start alike
 * (Theia's and VS Code's hosts collect garbage in the middle of large reads otherwise). The host is not started
 * with `--expose-gc`, so the flag is set at run time and `gc` is taken from a fresh context; undefined where
 * that does not work (a web extension host).
 */
export function garbageCollection(): (() => void) | undefined {
    const global = globalThis as { gc?: () => void };
    if (typeof global.gc === 'function') {
        return global.gc;
    }
    try {
        v8.setFlagsFromString('--expose-gc');
        const gc = vm.runInNewContext('gc') as unknown;
        return typeof gc === 'function' ? gc as () => void : undefined;
    } catch {
        return undefined;
    }
}
